// The running demo: the posing session wired to what is on screen. Handle
// moves (drags and scripts alike) solve at once; each frame then uploads the
// palette if the pose changed, refreshes the HUD if a solve happened, and draws.
import type { Viewport } from '../three/scene.js';
import type { SkinnedCharacter } from '../three/skinned-character.js';
import { TargetHandles, type HandleStyle } from '../three/target-handles.js';
import type { Hud } from './hud.js';
import type { PosingSession, SolveSummary } from './posing-session.js';

export class PosingApp {
  readonly handles: TargetHandles;
  private uploadedPoseVersion = -1;
  // The HUD shows placeholders until the first solve.
  private shownSolveCount = 0;
  private frames = 0;

  constructor(
    readonly session: PosingSession,
    private readonly viewport: Viewport,
    private readonly character: SkinnedCharacter,
    private readonly hud: Hud,
    goalStyles: readonly HandleStyle[],
  ) {
    viewport.scene.add(character.mesh);
    this.handles = new TargetHandles(goalStyles, viewport.camera, viewport.canvas, viewport.scene, viewport.orbit, (goal, target_ms) => {
      session.moveGoal(goal, target_ms.x, target_ms.y, target_ms.z);
    });
    this.placeHandlesOnTargets();
  }

  get renderedFrames(): number {
    return this.frames;
  }

  /** Moves a goal's handle, which solves exactly as dragging it there would. */
  moveGoal(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    this.handles.moveTo(goal, x_ms, y_ms, z_ms);
    return this.session.lastSolve;
  }

  /** Sets the pose; the goals and their handles move to the new tips. */
  setPose(angles: ArrayLike<number>, rootOffset_ms?: [number, number, number]): void {
    this.session.setPose(angles, rootOffset_ms);
    this.placeHandlesOnTargets();
  }

  /** Draws one frame. */
  drawFrame(): void {
    const session = this.session;
    if (session.poseVersion !== this.uploadedPoseVersion) {
      this.character.update(session.rig.palette());
      this.uploadedPoseVersion = session.poseVersion;
    }
    if (session.solveCount !== this.shownSolveCount) {
      this.hud.show(session.lastSolve);
      this.shownSolveCount = session.solveCount;
    }
    this.viewport.render();
    this.frames++;
  }

  /** Frees the GPU resources and the WASM rig; the app is unusable afterwards. */
  dispose(): void {
    this.handles.dispose();
    this.character.dispose();
    this.viewport.dispose();
    this.session.rig.dispose();
  }

  private placeHandlesOnTargets(): void {
    for (let g = 0; g < this.handles.count; g++) {
      const [x, y, z] = this.session.target_ms(g);
      this.handles.place(g, x, y, z);
    }
  }
}
