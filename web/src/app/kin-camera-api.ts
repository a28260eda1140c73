// The render camera's members of window.kin (see kin-api.ts): the camera
// pictures are taken through (kin.snapshot(), Save PNG) and its saved views,
// looking through it, the lights and the reference image. Plain copies out;
// input checked, a wrong field named in the error and nothing changed.
import type { LightSettings } from '../scene/light-settings.js';
import type { RenderCameraState, SavedView } from '../scene/render-camera.js';
import type { ReferenceSettings } from '../scene/reference-image.js';
import type { PageCamera } from './page-camera.js';

export interface KinReferenceImage extends ReferenceSettings {
  name: string;
  mime: string;
  width: number;
  height: number;
}

export interface KinCameraApi {
  /**
   * Changes the render camera: any of width, height (whole pixels, 1 to
   * 8192), focalLength (mm on a 36 mm wide sensor, 5 to 1000), position and
   * target (world space, metres), background ('#rrggbb' or 'transparent').
   */
  setRenderCamera(change: Partial<RenderCameraState>): void;
  renderCamera(): RenderCameraState;
  /** The render camera takes the orbit view (the Camera panel's From view). */
  renderCameraFromView(): void;
  /** Saves the camera's place, aim and lens under `name` (replacing a view of that name); returns the name as kept. */
  saveView(name: string): string;
  views(): SavedView[];
  applyView(name: string): void;
  renameView(name: string, to: string): void;
  deleteView(name: string): void;
  /** The view looks through the render camera (true) or orbits on its own again (false). */
  setLookThrough(on: boolean): void;
  lookingThrough(): boolean;
  /** Whether the frame guide shows; where its frame is on the page (CSS pixels) while looking through, else null. */
  setFrameGuide(shown: boolean): void;
  frameGuide(): { shown: boolean; rect: { x: number; y: number; width: number; height: number } | null };
  /** Whether pictures keep the overlays (handles, grid, lines); false (the default) takes clean pictures. */
  setSnapshotOverlays(kept: boolean): void;
  /** Changes the lights: keyAzimuth, keyElevation (degrees), keyIntensity, ambient (factors: 1 as the page opens). */
  setLights(change: Partial<LightSettings>): void;
  lights(): LightSettings;
  /**
   * Shows a picture (PNG, JPEG or WebP bytes, or a File) as the reference
   * image with `options` (mode 'behind' | 'plane', opacity, scale, offset,
   * position, turn, size, inPicture) over the current settings; null removes
   * it, undefined keeps it and changes only the settings. Rejects naming the
   * problem, changing nothing.
   */
  setReferenceImage(picture: Uint8Array | ArrayBuffer | Blob | null | undefined, options?: Partial<ReferenceSettings>): Promise<void>;
  referenceImage(): KinReferenceImage | null;
}

async function pictureBytes(picture: Uint8Array | ArrayBuffer | Blob): Promise<{ bytes: Uint8Array; name: string }> {
  if (picture instanceof Uint8Array) return { bytes: picture, name: 'reference image' };
  if (picture instanceof ArrayBuffer) return { bytes: new Uint8Array(picture), name: 'reference image' };
  if (picture instanceof Blob) return { bytes: new Uint8Array(await picture.arrayBuffer()), name: picture instanceof File ? picture.name : 'reference image' };
  throw new Error('kin: setReferenceImage takes the picture’s bytes (a Uint8Array or ArrayBuffer), a File or Blob, or null');
}

const flag = (value: unknown, what: string): boolean => {
  if (typeof value !== 'boolean') throw new Error(`kin: ${what} takes true or false`);
  return value;
};

export function createCameraApi(camera: () => PageCamera, viewRect: () => DOMRect): KinCameraApi {
  return {
    setRenderCamera: (change) => camera().camera.set(change, 'kin.setRenderCamera'),
    renderCamera: () => camera().camera.state,
    renderCameraFromView: () => camera().fromView(),
    saveView: (name) => camera().camera.saveView(name),
    views: () => camera().camera.views,
    applyView: (name) => camera().camera.applyView(name),
    renameView: (name, to) => camera().camera.renameView(name, to),
    deleteView: (name) => camera().camera.deleteView(name),
    setLookThrough: (on) => {
      const { lookThrough } = camera();
      if (flag(on, 'setLookThrough')) lookThrough.enter();
      else lookThrough.leave();
    },
    lookingThrough: () => camera().lookThrough.active,
    setFrameGuide: (shown) => camera().showGuide(flag(shown, 'setFrameGuide')),
    frameGuide: () => {
      const page = camera();
      const frame = page.guideShown ? page.lookThrough.frame : null;
      const view = viewRect();
      return { shown: page.guideShown, rect: frame === null ? null : { x: view.left + frame.x, y: view.top + frame.y, width: frame.width, height: frame.height } };
    },
    setSnapshotOverlays: (kept) => camera().keepOverlays(flag(kept, 'setSnapshotOverlays')),
    setLights: (change) => camera().lights.set(change, 'kin.setLights'),
    lights: () => camera().lights.settings,
    setReferenceImage: async (picture, options = {}) => {
      const page = camera();
      if (typeof options !== 'object' || options === null) throw new Error('kin: setReferenceImage’s options must be an object');
      if (picture === undefined) return page.reference.set(options, 'kin.setReferenceImage options');
      await page.setReference(picture === null ? null : await pictureBytes(picture), options);
    },
    referenceImage: () => {
      const { image, settings } = camera().reference;
      return image === null ? null : { name: image.name, mime: image.mime, width: image.width, height: image.height, ...settings };
    },
  };
}
