// The editor's posing commands, with no DOM and no drawing: every edit the
// page makes to the active character of the scene (scene-editor.ts: the
// characters, undo, change listeners) — a handle moved (a drag, a script:
// one path), a solve, a pose, a preset, a mirror, a solver, the goal set,
// the clip — and symmetric dragging. Each edit is one undo step naming its
// character (a gesture, begun and ended around many edits, is one step too;
// cancelling it puts the state back bit for bit). The session underneath
// holds the solve state; these are the undoable commands over it (what
// else calls its use… and place… methods wants no undo step: a lesson
// tool setting up its scene, a solver race on sessions of its own, a
// character's session before it joins the scene).
import type { ClipData } from '../rig/clip-data.js';
import type { MirrorMode, SolverName, SolverOptions } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type HandlePosition, TIMED_EVERY } from './handle-moves.js';
import { presetPose } from './pose-presets.js';
import type { SolveSummary } from './posing-session.js';
import type { PosingGoal } from './solver-goals.js';
import { Change } from '../scene/scene-change.js';
import { SceneEditor } from './scene-editor.js';
import { type BindMesh, lowestPointY } from './drop-to-floor.js';
import type { Proportions } from './proportions.js';

export { type EditorListener, type SceneStep, emptyClip } from './scene-editor.js';

export class PoseEditor extends SceneEditor {
  private readonly scriptedMove_ms = { x: 0, y: 0, z: 0 };
  private readonly pole_ms = new Float64Array(3);
  private poleMoves = 0;
  private angles = new Float32Array(0);

  /**
   * Replaces the clip (one undo step, or part of a gesture): the rig
   * validates it first, so a bad clip throws (naming channel and key) and
   * changes nothing. The pose stays as it is.
   */
  setClip(clip: ClipData): void {
    if (clip === this.clip) return;
    this.edit(Change.CLIP, () =>
      this.undo.step(() => {
        this.session.rig.clips.setClip(clip);
        this.scene.active.clip = clip;
      }),
    );
  }

  /**
   * Where a target handle's moves go (a drag frame: allocation-free): the
   * goal's target follows, its mirror partner's too with symmetric dragging
   * on, and the session solves.
   */
  readonly handleMoved = (goal: number, position_ms: HandlePosition): void => {
    // Written out, not through edit(): a closure per drag frame would allocate.
    this.batch.open();
    try {
      this.moveHandle(goal, position_ms);
    } finally {
      this.batch.close(0);
    }
  };

  /** Moves a goal's target exactly as dragging its handle there does (one undo step, its solve timed). */
  moveGoal(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    const position = this.scriptedMove_ms;
    position.x = x_ms;
    position.y = y_ms;
    position.z = z_ms;
    this.edit(0, () =>
      this.undo.step(() => {
        this.handleMoved(goal, position);
        this.session.timeLastSolve();
      }),
    );
    return this.session.lastSolve;
  }

  /** A gesture (a drag, a slider held) begins: everything until endGesture() is one undo step. */
  beginGesture(): void {
    this.edit(Change.GESTURE, () => {
      this.undo.begin();
      // A clip's translation and scale keys move the bones' rests, which the worker's rig does not have.
      if (this.background !== null && !this.clip.channels.some((c) => c.target === 'translation' || c.target === 'scale')) this.session.deferSolves(this.background.request);
    });
  }

  /**
   * The gesture ends: it becomes one undo step (its targets moved), and its
   * last solve is timed if it was not (the status line shows it). A worker's
   * answers still to come land after it, unless an edit comes first
   * (background-solve.ts refuses them then): the page never waits on a solve.
   */
  endGesture(): void {
    this.edit(Change.GESTURE, () => {
      if (this.session.solvesDeferred) {
        this.session.deferSolves(null);
        this.background?.gestureEnded();
      } else {
        this.session.timeLastSolve();
      }
      this.undo.end();
    });
  }

  /** Abandons the gesture under way: the state goes back bit for bit, no undo step. False if none was under way. */
  cancelGesture(): boolean {
    this.session.deferSolves(null);
    this.background?.cancel();
    return this.edit(Change.GESTURE, () => this.undo.cancel());
  }

  /**
   * Chooses the solver and its options (left out: the core's defaults).
   * Throws, changing nothing, on a bad option.
   */
  setSolver(solver: SolverName, options: SolverOptions = {}): void {
    this.edit(0, () =>
      this.undo.step(() => {
        this.session.useSolver(solver, options);
        this.scene.active.solverOptions = options;
        this.goalsMayHaveChanged();
      }),
    );
  }

  /** Replaces the editable goal set (see SessionGoals.useEditableGoals; one undo step). Throws, changing nothing, on a bad set. */
  setEditableGoals(goals: readonly PosingGoal[]): void {
    this.edit(0, () =>
      this.undo.step(() => {
        this.session.useEditableGoals(goals);
        this.goalsMayHaveChanged();
      }),
    );
  }

  /** Solves from the current pose towards the current targets (one undo step). */
  solve(): SolveSummary {
    return this.edit(0, () => this.undo.step(() => this.session.solve()));
  }

  /** Sets the pose (clamped to the limits); the goals move onto it (one undo step). */
  setPose(angles: ArrayLike<number>, rootOffset_ms?: Vec3Tuple): void {
    this.edit(0, () => this.undo.step(() => this.session.placePose(angles, rootOffset_ms)));
  }

  /**
   * Gives the character proportions `p` (proportions.ts; one undo step, or
   * part of a gesture: a slider held). The angles stay, and the body moves
   * up or down so that its lowest point (lowestPointY) stays at its height:
   * feet on the floor stay on it, a seat stays seated. The goals move onto
   * the pose. Throws, changing nothing, on bad proportions.
   */
  setProportions(p: Proportions, meshes: readonly BindMesh[]): void {
    const { session } = this;
    const { rig } = session;
    this.edit(0, () =>
      this.undo.step(() => {
        const before = lowestPointY(rig, meshes);
        session.placeProportions(p);
        const [x, y, z] = rig.rootOffset;
        session.placePose(rig.pose(), [x, y + before - lowestPointY(rig, meshes), z]);
      }),
    );
  }

  /** Sets one bone's three angles (by slot, radians; clamped to its limits), the rest of the pose as it is (one undo step). */
  setBoneAngles(bone: number, a0: number, a1: number, a2: number): void {
    const { rig } = this.session;
    if (this.angles.length !== 3 * rig.boneCount) this.angles = new Float32Array(3 * rig.boneCount);
    this.angles.set(rig.pose());
    this.angles[3 * bone] = a0;
    this.angles[3 * bone + 1] = a1;
    this.angles[3 * bone + 2] = a2;
    this.setPose(this.angles, rig.rootOffset);
  }

  /** Puts back every goal's target, pole and orientation (an undo state's), without solving (one undo step). */
  setGoalState(targets_ms: ArrayLike<number>, poles_ms: ArrayLike<number>, orientations_ms: ArrayLike<number>): void {
    this.edit(0, () => this.undo.step(() => this.session.placeGoalState(targets_ms, poles_ms, orientations_ms)));
  }

  /**
   * Where a pole handle's moves go (a drag frame: allocation-free): the
   * goal's pole follows and the session solves.
   */
  readonly poleMoved = (goal: number, position_ms: HandlePosition): void => {
    const pole = this.pole_ms;
    pole[0] = position_ms.x;
    pole[1] = position_ms.y;
    pole[2] = position_ms.z;
    this.batch.open();
    try {
      this.session.placePole(goal, pole);
      this.session.solve(this.poleMoves++ % TIMED_EVERY === 0);
    } finally {
      this.batch.close(0);
    }
  };

  /** Moves a goal's pole as dragging its handle there does (one undo step, its solve timed). */
  movePole(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    if (this.session.pole_ms(goal) === null) throw new Error(`kin: goal '${this.session.goalNames[goal]}' has no pole; turn its pole on first`);
    const position = this.scriptedMove_ms;
    position.x = x_ms;
    position.y = y_ms;
    position.z = z_ms;
    this.edit(0, () =>
      this.undo.step(() => {
        this.poleMoved(goal, position);
        this.session.timeLastSolve();
      }),
    );
    return this.session.lastSolve;
  }

  /** Turns a goal's target orientation (x y z w, model space) and solves (one undo step, or part of a gesture). */
  turnGoal(goal: number, orientation_ms: ArrayLike<number>): SolveSummary {
    return this.edit(0, () =>
      this.undo.step(() => {
        this.session.placeOrientation(goal, orientation_ms);
        return this.session.solve();
      }),
    );
  }

  /** Moves every target (model space, in goal order) without solving (one undo step). */
  setTargets(targets_ms: readonly Vec3Tuple[]): void {
    this.edit(0, () => this.undo.step(() => this.session.placeTargets(targets_ms)));
  }

  /** Applies one of the character's presets by name (one undo step); throws naming the presets there are. */
  applyPreset(name: string): void {
    const preset = this.presets.find((p) => p.name === name);
    if (preset === undefined) throw new Error(`kin: no preset ${JSON.stringify(name)} for this character; its presets are ${this.presets.map((p) => p.name).join(', ')}`);
    const { angles, rootOffset_ms } = presetPose(this.session.rig, preset);
    this.setPose(angles, rootOffset_ms);
  }

  /** Puts the character back in its start pose (its first preset). */
  reset(): void {
    this.applyPreset(this.presets[0].name);
  }

  /** Mirrors the pose (see Rig.mirror; one undo step); throws, changing nothing, for a rig that does not mirror. */
  mirror(mode: MirrorMode): void {
    const { rig } = this.session;
    const unavailable = this.symmetry.unavailable;
    if (unavailable !== null) throw new Error(`kin: this character cannot be mirrored: ${unavailable}`);
    this.edit(0, () =>
      this.undo.step(() => {
        rig.mirror(mode);
        // The rig holds the mirrored pose; setting it again moves the goals onto it.
        this.session.placePose(Array.from(rig.pose()), rig.rootOffset);
      }),
    );
  }

  private goalsMayHaveChanged(): void {
    this.symmetry.pairGoals(this.session);
  }


}
