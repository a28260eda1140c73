// The scene file's 'camera' section: the render camera, its saved views and
// the lights. check() refuses each field wrong by name and changes nothing.
import { type LightSettings, type Lights, checkLights } from './light-settings.js';
import { MAX_VIEWS, type RenderCamera, type RenderCameraState, type SavedView, checkRenderCamera, checkSavedView } from './render-camera.js';
import type { SceneFileSection } from './scene-file-section.js';

export interface CameraSectionState {
  renderCamera: RenderCameraState;
  views: SavedView[];
  lights: LightSettings;
}

export function cameraSection(camera: RenderCamera, lights: Lights): SceneFileSection<CameraSectionState> {
  return {
    key: 'camera',
    save: () => ({ renderCamera: camera.state, views: camera.views, lights: lights.settings }),
    check: (value, path) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${path} must be an object {renderCamera, views, lights}`);
      const record = value as Record<string, unknown>;
      const renderCamera = checkRenderCamera(record.renderCamera, `${path}.renderCamera`);
      if (!Array.isArray(record.views)) throw new Error(`${path}.views must be an array`);
      if (record.views.length > MAX_VIEWS) throw new Error(`${path}.views holds ${record.views.length} views; at most ${MAX_VIEWS}`);
      const views = record.views.map((view, i) => checkSavedView(view, `${path}.views[${i}]`));
      views.forEach((view, i) => {
        if (views.findIndex((other) => other.name === view.name) !== i) throw new Error(`${path}.views[${i}].name ${JSON.stringify(view.name)} is there twice`);
      });
      return { renderCamera, views, lights: checkLights(record.lights, `${path}.lights`, lights.defaults) };
    },
    apply: (state) => {
      camera.replace(state.renderCamera, state.views);
      lights.set(state.lights);
    },
  };
}
