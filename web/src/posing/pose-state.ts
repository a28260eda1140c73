// What undo brings back: the solver and the editable goal set (together they
// decide what the targets mean), every angle, the root offset and the goal
// targets. The camera is not part of it: looking around is not a change to
// the pose. The solver's settings travel along to restore a solver switch,
// but settings alone do not make two snapshots differ (tuning a solver is
// not a pose change).
import type { SolverName, SolverOptions } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { sameGoalSet } from './goal-set.js';
import type { PosingApp } from '../app/posing-app.js';
import type { PosingGoal } from './solver-goals.js';

/** What a snapshot is read from and restored through: the page's app, which keeps its handles in step. */
export type PoseEditor = Pick<PosingApp, 'session' | 'solverOptions' | 'setSolver' | 'setEditableGoals' | 'setPose' | 'setTargets'>;

export interface PoseSnapshot {
  solver: SolverName;
  solverOptions: SolverOptions;
  /** The editable goal set, also while a solver with its own goals is chosen (an immutable list). */
  goals: readonly PosingGoal[];
  /** 3 per bone, by Euler slot (radians), as the rig holds them. */
  angles: Float32Array;
  rootOffset_ms: Vec3Tuple;
  /** 3 per goal, model space. */
  targets_ms: Float64Array;
}

function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function samePoseSnapshot(a: PoseSnapshot, b: PoseSnapshot): boolean {
  return a.solver === b.solver && sameGoalSet(a.goals, b.goals) && sameNumbers(a.angles, b.angles) && sameNumbers(a.rootOffset_ms, b.rootOffset_ms) && sameNumbers(a.targets_ms, b.targets_ms);
}

export function capturePose(app: PoseEditor): PoseSnapshot {
  const { session } = app;
  const { rig } = session;
  const targets_ms = new Float64Array(3 * session.goalNames.length);
  for (let g = 0; g < session.goalNames.length; g++) targets_ms.set(session.target_ms(g), 3 * g);
  return {
    solver: session.solverName,
    solverOptions: app.solverOptions,
    goals: session.editableGoals,
    angles: Float32Array.from(rig.pose()),
    rootOffset_ms: rig.rootOffset,
    targets_ms,
  };
}

/** Puts the app back into a snapshot's state through its usual paths (solver, goal set, pose, then targets). */
export function restorePose(app: PoseEditor, snapshot: PoseSnapshot): void {
  if (snapshot.solver !== app.session.solverName) app.setSolver(snapshot.solver, snapshot.solverOptions);
  if (!sameGoalSet(snapshot.goals, app.session.editableGoals)) app.setEditableGoals(snapshot.goals);
  app.setPose(snapshot.angles, snapshot.rootOffset_ms);
  const targets_ms: Vec3Tuple[] = [];
  for (let i = 0; i < snapshot.targets_ms.length; i += 3) targets_ms.push([snapshot.targets_ms[i], snapshot.targets_ms[i + 1], snapshot.targets_ms[i + 2]]);
  app.setTargets(targets_ms);
}
