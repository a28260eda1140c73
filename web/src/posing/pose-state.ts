// What undo brings back (an undo state): the solver and the editable goal
// set (together they decide what the targets mean), the proportions, every angle, the root
// offset, the goals' targets, poles and orientations, and the keyframe clip
// (an immutable object: a snapshot is one reference). The camera is not part of it: looking around
// is not a change to the pose. The solver's settings travel along to restore
// a solver switch, but settings alone do not make two states differ (tuning
// a solver is not a pose change).
import type { SolverName, SolverOptions } from '../rig/rig.js';
import type { ClipData } from '../rig/clip-data.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { sameGoalSet } from './goal-set.js';
import type { PosingSession } from './posing-session.js';
import type { PosingGoal } from './solver-goals.js';
import { type Proportions, sameProportions } from './proportions.js';

/** What an undo state is read from and restored through (the pose editor), so that whatever follows the editor follows a restore too. */
export interface PoseStateHost {
  readonly session: PosingSession;
  readonly solverOptions: SolverOptions;
  setSolver(solver: SolverName, options?: SolverOptions): void;
  setEditableGoals(goals: readonly PosingGoal[]): void;
  setPose(angles: ArrayLike<number>, rootOffset_ms?: Vec3Tuple): void;
  setGoalState(targets_ms: ArrayLike<number>, poles_ms: ArrayLike<number>, orientations_ms: ArrayLike<number>): void;
  readonly clip: ClipData;
  setClip(clip: ClipData): void;
}

export interface PoseState {
  solver: SolverName;
  solverOptions: SolverOptions;
  /** The editable goal set, also while a solver with its own goals is chosen (an immutable list). */
  goals: readonly PosingGoal[];
  /** 3 per bone, by Euler slot (radians), as the rig holds them. */
  angles: Float32Array;
  rootOffset_ms: Vec3Tuple;
  /** 3 per goal, model space. */
  targets_ms: Float64Array;
  /** 3 per goal (NaN: none) and 4 per goal (NaN: none), model space. */
  poles_ms: Float64Array;
  orientations_ms: Float64Array;
  /** The clip being edited; never changed in place, so comparing references compares clips. */
  clip: ClipData;
  /** The character's proportions (an immutable object). */
  proportions: Proportions;
}

/** The same numbers (NaN equal to NaN: a goal without a pole). */
function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i]) && a[i] !== b[i]) return false;
  return true;
}

export function samePoseState(a: PoseState, b: PoseState): boolean {
  return a.clip === b.clip && sameProportions(a.proportions, b.proportions) && a.solver === b.solver && sameGoalSet(a.goals, b.goals) && sameNumbers(a.angles, b.angles) && sameNumbers(a.rootOffset_ms, b.rootOffset_ms) && sameNumbers(a.targets_ms, b.targets_ms) && sameNumbers(a.poles_ms, b.poles_ms) && sameNumbers(a.orientations_ms, b.orientations_ms);
}

/** The state of `host` now: the editor's active character, or any character's session with its options and clip. */
export function capturePoseState(host: Pick<PoseStateHost, 'session' | 'solverOptions' | 'clip'>): PoseState {
  const { session } = host;
  const { rig } = session;
  return {
    solver: session.solverName,
    solverOptions: host.solverOptions,
    goals: session.editableGoals,
    angles: Float32Array.from(rig.pose()),
    rootOffset_ms: rig.rootOffset,
    targets_ms: Float64Array.from(session.targets_ms),
    poles_ms: Float64Array.from(session.poles_ms),
    orientations_ms: Float64Array.from(session.orientations_ms),
    clip: host.clip,
    proportions: session.proportions,
  };
}

/** Puts the host back into a state through its usual paths (solver, goal set, proportions, pose, then the goals' targets, poles and orientations): bit for bit the captured angles. */
export function restorePoseState(host: PoseStateHost, state: PoseState): void {
  if (state.solver !== host.session.solverName) host.setSolver(state.solver, state.solverOptions);
  if (!sameGoalSet(state.goals, host.session.editableGoals)) host.setEditableGoals(state.goals);
  // Before the pose: its root offset is the one kept with these proportions.
  if (!sameProportions(state.proportions, host.session.proportions)) host.session.placeProportions(state.proportions);
  host.setPose(state.angles, state.rootOffset_ms);
  host.setGoalState(state.targets_ms, state.poles_ms, state.orientations_ms);
  if (state.clip !== host.clip) host.setClip(state.clip);
}
