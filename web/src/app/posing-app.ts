// The running demo: the posing session wired to what is on screen. Handle
// moves (drags and scripts alike) solve at once; each frame then uploads the
// palette if the pose changed, refreshes the HUD and the energy plot if a
// solve happened, and draws. Choosing a solver (from the panel or a script)
// goes through setSolver, which swaps the handles when the goals change.
// The skinning method (toggle or script) switches the character's shader.
import type { SkinningMethod, SolverName, SolverOptions } from '../rig/rig.js';
import { DebugView, type DebugMesh } from '../three/debug-view.js';
import type { Viewport } from '../three/scene.js';
import type { CharacterColors, SkinnedCharacter } from '../three/skinned-character.js';
import { TargetHandles } from '../three/target-handles.js';
import type { EnergyPlot } from './energy-plot.js';
import type { Hud } from './hud.js';
import type { PosingSession, SolveSummary } from './posing-session.js';
import type { SkinningToggle } from './skinning-toggle.js';
import type { SolverPanel } from './solver-panel.js';

/** The DOM readouts and controls around the 3D view. */
export interface PosingReadouts {
  hud: Hud;
  solverPanel: SolverPanel;
  energyPlot: EnergyPlot;
  skinningToggle: SkinningToggle;
}

export class PosingApp {
  private targetHandles: TargetHandles;
  private handlesGoalsVersion: number;
  private uploadedPoseVersion = -1;
  // The HUD shows placeholders until the first solve.
  private shownSolveCount = 0;
  private frames = 0;
  private cameraMoves = 0;
  private debugView: DebugView | null = null;

  constructor(
    readonly session: PosingSession,
    readonly viewport: Viewport,
    private readonly character: SkinnedCharacter,
    private readonly readouts: PosingReadouts,
  ) {
    viewport.scene.add(character.mesh);
    this.targetHandles = this.createHandles();
    this.handlesGoalsVersion = session.goalsVersion;
    readouts.solverPanel.show(session.rig.solver, {});
    readouts.skinningToggle.show(character.method);
    // Orbiting, zooming and their damping all end in this event.
    viewport.orbit.addEventListener('change', () => this.cameraMoves++);
  }

  /** Changes whenever anything a share link holds may have changed: pose, solver, goals, camera. */
  get stateVersion(): number {
    const { session } = this;
    return session.poseVersion + session.solverVersion + session.goalsVersion + this.cameraMoves;
  }

  get renderedFrames(): number {
    return this.frames;
  }

  /** One handle per goal of the current solver. */
  get handles(): TargetHandles {
    return this.targetHandles;
  }

  /**
   * Chooses the solver and its options (left out: the core's defaults), and
   * shows them in the panel. Throws, changing nothing, on a bad option.
   */
  setSolver(solver: SolverName, options: SolverOptions = {}): void {
    this.session.setSolver(solver, options);
    if (this.session.goalsVersion !== this.handlesGoalsVersion) {
      this.targetHandles.dispose();
      this.targetHandles = this.createHandles();
      this.handlesGoalsVersion = this.session.goalsVersion;
      // A drag ended by the swap never re-enables orbiting by itself.
      this.viewport.orbit.enabled = true;
    }
    this.readouts.solverPanel.show(solver, options);
  }

  get skinning(): SkinningMethod {
    return this.character.method;
  }

  /** Skins the character with `method` from the next frame on, and shows it in the toggle. */
  setSkinning(method: SkinningMethod): void {
    this.character.setMethod(method);
    this.uploadedPoseVersion = -1;
    this.readouts.skinningToggle.show(method);
  }

  /** For tests: draws the character with another mesh or in flat colours (see DebugView). */
  setDebugView(mesh: DebugMesh, colors: CharacterColors): void {
    this.debugView ??= new DebugView(this.viewport.scene, this.character, this.session.rig);
    this.debugView.set(mesh, colors);
    this.uploadedPoseVersion = -1;
  }

  /** Moves a goal's handle, which solves exactly as dragging it there would. */
  moveGoal(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    this.targetHandles.moveTo(goal, x_ms, y_ms, z_ms);
    return this.session.lastSolve;
  }

  /** Sets the pose; the goals and their handles move to the new pose. */
  setPose(angles: ArrayLike<number>, rootOffset_ms?: [number, number, number]): void {
    this.session.setPose(angles, rootOffset_ms);
    this.placeOnTargets(this.targetHandles);
  }

  /** Moves every target and its handle (model space, in goal order) without solving. */
  setTargets(targets_ms: readonly [number, number, number][]): void {
    this.session.setTargets(targets_ms);
    this.placeOnTargets(this.targetHandles);
  }

  /** Puts the camera at `position_ws`, orbiting around `target_ws`. */
  setCamera(position_ws: [number, number, number], target_ws: [number, number, number]): void {
    const { camera, orbit } = this.viewport;
    camera.position.set(...position_ws);
    orbit.target.set(...target_ws);
    orbit.update();
  }

  /** Draws one frame. */
  drawFrame(): void {
    const session = this.session;
    if (session.poseVersion !== this.uploadedPoseVersion) {
      this.character.update(session.rig);
      this.debugView?.update();
      this.uploadedPoseVersion = session.poseVersion;
    }
    if (session.solveCount !== this.shownSolveCount) {
      const solve = session.lastSolve;
      this.readouts.hud.show(solve);
      if (solve.failure === null) this.readouts.energyPlot.show(session.energyHistory());
      else this.readouts.energyPlot.showMessage('No energy: the solve failed.');
      this.shownSolveCount = session.solveCount;
    }
    this.viewport.render();
    this.frames++;
  }

  /** Frees the GPU resources and the WASM rig; the app is unusable afterwards. */
  dispose(): void {
    this.targetHandles.dispose();
    this.readouts.energyPlot.dispose();
    this.debugView?.dispose();
    this.character.dispose();
    this.viewport.dispose();
    this.session.rig.dispose();
  }

  private createHandles(): TargetHandles {
    const { viewport, session } = this;
    const styles = session.layout.goals.map((goal) => ({ name: goal.bone, color: goal.color }));
    const handles = new TargetHandles(styles, viewport.camera, viewport.canvas, viewport.scene, viewport.orbit, (goal, target_ms) => {
      session.moveGoal(goal, target_ms.x, target_ms.y, target_ms.z);
    });
    this.placeOnTargets(handles);
    return handles;
  }

  private placeOnTargets(handles: TargetHandles): void {
    for (let g = 0; g < handles.count; g++) {
      const [x, y, z] = this.session.target_ms(g);
      handles.place(g, x, y, z);
    }
  }
}
