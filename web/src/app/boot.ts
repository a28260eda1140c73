// Starts the demo: loads the module and the character (saying which while it
// waits), builds the rig, the skinned character and the view, and runs the
// frame loop. Any failure ends in onFailure with the step that failed.
import { Rig } from '../rig/rig.js';
import { rigFromSkinnedMesh } from '../import/skinned-mesh-rig.js';
import { CharacterMeshes } from '../three/character-meshes.js';
import { Viewport } from '../three/scene.js';
import { loadKinModuleBrowser } from '../wasm/load-browser.js';
import { frameCharacter } from '../three/character-framing.js';
import { applyStartPose } from '../posing/start-pose.js';
import { BuiltInCharacters } from '../import/built-in-characters.js';
import { BonePosing } from '../ui/bone-posing.js';
import { isEmbedMode } from '../ui/embed-mode.js';
import { startFrameLoop } from './frame-loop.js';
import { FullViewLink } from '../ui/full-view-link.js';
import type { KinApiControl } from './kin-api.js';
import { loadSkinnedMesh } from '../import/load-character.js';
import { LessonPicker } from '../ui/character-picker.js';
import { LoadingStatus } from '../ui/loading-status.js';
import { PageLinks } from '../share/page-links.js';
import { PageModels } from '../ui/page-models.js';
import { addPageNav } from '../ui/page-nav.js';
import { PosingApp } from './posing-app.js';
import { PosingControls } from '../ui/posing-controls.js';
import { PosingSession } from '../posing/posing-session.js';
import { createReadouts } from '../ui/readouts.js';
import { SaveImageButton } from '../ui/save-image-button.js';
import { snapshotPng } from '../ui/png-snapshot.js';

export type FailureHandler = (what: string, error: unknown) => void;

export async function boot(root: HTMLElement, kin: KinApiControl, characterUrl: string, onFailure: FailureHandler): Promise<void> {
  const loading = new LoadingStatus(root);
  let step = 'Could not load the WebAssembly module';
  try {
    loading.set('Loading WebAssembly…');
    const module = await loadKinModuleBrowser();

    step = 'Could not load the character';
    loading.set('Loading character…');
    const source = await loadSkinnedMesh(characterUrl, (fraction) => loading.set(`Loading character… ${Math.round(100 * fraction)} %`));

    step = 'Could not build the rig';
    const { bones, jointToBone } = rigFromSkinnedMesh(source);
    const rig = Rig.create(module, bones);
    applyStartPose(rig);
    const session = new PosingSession(rig);

    step = 'Could not start the 3D view';
    const character = new CharacterMeshes([source], jointToBone);
    const viewport = new Viewport(root);
    frameCharacter(viewport, character, rig);
    // Embed mode (?embed=1): the view and a link to the full page, no HUD, no panels.
    const embedded = isEmbedMode(location.href);
    // The solver panel and the skinning toggle apply choices through the app, which exists by the time anyone can make one.
    const readouts = embedded
      ? null
      : createReadouts(
          root,
          (solver, options) => app.setSolver(solver, options),
          (method) => app.setSkinning(method),
        );
    const app = new PosingApp(session, viewport, character, readouts);
    const controls = embedded ? null : new PosingControls(app, root);
    if (!embedded) addPageNav(root);
    const characters = new BuiltInCharacters(app, module, { mesh: source, rig: { bones, jointToBone } }, () => readouts?.hud.warn(null));
    // Before the first frame, so that a shared pose is the first thing drawn.
    const links = new PageLinks(app, root, { copyButtonParent: readouts?.hud.element ?? null, pushHistory: !embedded, showForLink: (c, n) => characters.showForLink(c, n) });
    const models = new PageModels(app, module, root, readouts?.hud ?? null, links);
    const lessonPicker = readouts && new LessonPicker(readouts.hud.element, app, characters, (message) => models.report(message));
    const bonePosing = embedded ? null : new BonePosing(app, root);
    const drawFrame = (): void => {
      bonePosing?.update();
      app.drawFrame();
    };
    const snapshot = (): Promise<Blob> => snapshotPng(viewport.canvas, drawFrame);
    if (readouts === null) new FullViewLink(root, () => links.currentUrl());
    else new SaveImageButton(readouts.hud.element, snapshot);
    loading.remove();

    const stopFrames = startFrameLoop(
      () => {
        drawFrame();
        controls?.refresh();
        lessonPicker?.watch();
        links.watch();
        if (app.renderedFrames === 1) {
          kin.markReady(app, links, { bonePosing, snapshot, characters }, models);
          void models.loadFromPageUrl();
        }
      },
      (error) => onFailure('Drawing failed', error),
    );
    // Leaving the page frees the WASM rig and the GPU resources.
    window.addEventListener('pagehide', () => {
      stopFrames();
      controls?.dispose();
      links.dispose();
      models.dispose();
      bonePosing?.dispose();
      app.dispose();
    }, { once: true });
  } catch (error) {
    loading.remove();
    onFailure(step, error);
  }
}
