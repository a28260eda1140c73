// Starts the demo: loads the module and the character (saying which while it
// waits), builds the rig, the skinned character and the view, and runs the
// frame loop. Any failure ends in onFailure with the step that failed.
import * as THREE from 'three';
import { Rig } from '../rig/rig.js';
import { rigFromSkinnedMesh } from '../rig/skinned-mesh-rig.js';
import { framePoints } from '../three/camera-framing.js';
import { Viewport } from '../three/scene.js';
import { SkinnedCharacter } from '../three/skinned-character.js';
import { loadKinModuleBrowser } from '../wasm/load-browser.js';
import { applyStartPose } from './start-pose.js';
import { EnergyPlot } from './energy-plot.js';
import { startFrameLoop } from './frame-loop.js';
import { Hud } from './hud.js';
import type { KinApiControl } from './kin-api.js';
import { loadSkinnedMesh } from './load-character.js';
import { LoadingStatus } from './loading-status.js';
import { PageLinks } from './page-links.js';
import { PosingApp } from './posing-app.js';
import { PosingSession } from './posing-session.js';
import { SkinningToggle } from './skinning-toggle.js';
import { SolverPanel } from './solver-panel.js';

export type FailureHandler = (what: string, error: unknown) => void;

// The character faces +Z with Y up: we look from its front, a little to its
// left and from above.
const VIEW_DIRECTION_WS = new THREE.Vector3(0.55, 0.22, 1);
// The bone whose origin the camera orbits around.
const PIVOT_BONE = 'chest';
// Phones start with the solver panel folded away, leaving the view to the character.
const NARROW_VIEWPORT = '(max-width: 640px)';

/** Aims the camera at the pivot bone's origin so that the whole bind-pose mesh is in view. */
function frameCharacter(viewport: Viewport, character: SkinnedCharacter, rig: Rig): void {
  const model_ms = rig.modelMatrices();
  const pivot = 16 * rig.boneIndex(PIVOT_BONE);
  // The character mesh sits at the origin: model space is world space.
  const pivot_ws = new THREE.Vector3(model_ms[pivot + 12], model_ms[pivot + 13], model_ms[pivot + 14]);
  // The character is skinned in its rest pose, so its bind-pose vertices are what the first frame draws.
  framePoints(viewport.camera, pivot_ws, character.mesh.geometry.getAttribute('position'), VIEW_DIRECTION_WS, 0.06);
  viewport.orbit.target.copy(pivot_ws);
  viewport.orbit.update();
}

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
    const character = new SkinnedCharacter(source, jointToBone);
    const viewport = new Viewport(root);
    frameCharacter(viewport, character, rig);
    const hud = new Hud(root);
    // The panel applies choices through the app, which exists by the time anyone can make one.
    const solverPanel = new SolverPanel(root, (solver, options) => app.setSolver(solver, options), !window.matchMedia(NARROW_VIEWPORT).matches);
    const energyPlot = new EnergyPlot(solverPanel.body);
    const skinningToggle = new SkinningToggle(root, (method) => app.setSkinning(method));
    const app = new PosingApp(session, viewport, character, { hud, solverPanel, energyPlot, skinningToggle });
    // Before the first frame, so that a shared pose is the first thing drawn.
    const links = new PageLinks(app, root, hud.element);
    loading.remove();

    const stopFrames = startFrameLoop(
      () => {
        app.drawFrame();
        links.watch();
        if (app.renderedFrames === 1) kin.markReady(app, links);
      },
      (error) => onFailure('Drawing failed', error),
    );
    // Leaving the page frees the WASM rig and the GPU resources.
    window.addEventListener('pagehide', () => {
      stopFrames();
      links.dispose();
      app.dispose();
    }, { once: true });
  } catch (error) {
    loading.remove();
    onFailure(step, error);
  }
}
