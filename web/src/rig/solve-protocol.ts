// What a thread that wants solves (the page, a Node batch) and a solve
// worker (solve-service.ts, one WASM module of its own) say to each other.
// Structured-clone data only, so it needs no SharedArrayBuffer and works
// without cross-origin isolation. A setup gives the worker the rig, the
// solver and the goals; each solve request carries the start pose and the
// goals' values in typed arrays that are transferred, not copied, and come
// back with the answer. Every setup starts a generation: a request or an
// answer of another generation is stale and is refused.
import type { SolverName, SolverOptions } from './contract.js';
import type { BoneDesc } from './rig-desc.js';
import type { GoalDesc, SolveReport } from './rig.js';

/** Numbers per goal in a request's goalValues: target x y z, pole x y z (NaN: none), orientation x y z w (NaN: none). */
export const GOAL_VALUES = 10;
export const POLE_AT = 3;
export const ORIENTATION_AT = 6;

/** What the worker's rig solves with until the next setup. */
export interface SolveSetup {
  /** The rig's bones; left out when the rig is the one the last setup built. */
  bones?: readonly BoneDesc[];
  solver: SolverName;
  options: SolverOptions;
  /** Whether solves move the root offset too (Rig.setMoveRoot). */
  moveRoot: boolean;
  /** Whether solves keep the centre of mass over the planted feet (Rig.setKeepBalance); left out: they do not. */
  keepBalance?: boolean;
  /** Whether solves keep every bone above the floor (Rig.setKeepAboveFloor); left out: they do not. */
  keepAboveFloor?: boolean;
  /** The rig's rest scales, 3 per bone (its proportions: Rig.setRestScales); left out: its bones' own. */
  restScales?: Float32Array;
  /** The goals (their bone, point, weight, pole bone; a pole or orientation where the goal has one); targets, poles and orientations come with each request. */
  goals: readonly GoalDesc[];
}

/** A request's buffers: transferred to the worker and back. */
export interface SolveBuffers {
  /** The start pose, 3 angles per bone by slot; the solved pose on the way back. */
  angles: Float32Array;
  /** The start root offset (x y z, model space); the solved one on the way back. */
  rootOffset: Float64Array;
  /** GOAL_VALUES per goal, in the setup's goal order. */
  goalValues: Float64Array;
  /**
   * The pose IK's ranges lie about (Rig.ikFrom), 3 angles per bone, back
   * unchanged: the page's rig sets its pose by hand from no solve of the
   * worker's, and a drag solved there turns each joint no further from it
   * than one solved on the page. Left out: the start pose.
   */
  ikFrom?: Float32Array;
}

export type ToSolveWorker =
  | { kind: 'setup'; generation: number; setup: SolveSetup }
  | ({ kind: 'solve'; generation: number; id: number } & SolveBuffers);

export type FromSolveWorker =
  /** The worker's module failed to load: no request will be answered. */
  | { kind: 'fatal'; message: string }
  | ({ kind: 'solved'; generation: number; id: number; report: SolveReport; micros: number; energy: Float32Array } & SolveBuffers)
  /** The rig refused the setup or the request (`message` is the Rig's named error), or the request was stale. */
  | ({ kind: 'failed'; generation: number; id: number; message: string; stale: boolean } & SolveBuffers);

/** The buffers' underlying memory, to transfer. */
export function transferList(buffers: SolveBuffers, ...more: ArrayBufferView[]): ArrayBuffer[] {
  const views: ArrayBufferView[] = [buffers.angles, buffers.rootOffset, buffers.goalValues, ...(buffers.ikFrom ? [buffers.ikFrom] : []), ...more];
  return views.map((view) => view.buffer as ArrayBuffer);
}

/** Packs every goal's values: targets (3 per goal), poles (3 per goal) and orientations (4 per goal, x y z w), NaN where a goal has none. Allocation-free. */
export function packGoalValues(values: Float64Array, targets: ArrayLike<number>, poles: ArrayLike<number>, orientations: ArrayLike<number>): void {
  const goals = values.length / GOAL_VALUES;
  for (let g = 0; g < goals; g++) {
    const at = GOAL_VALUES * g;
    for (let k = 0; k < 3; k++) values[at + k] = targets[3 * g + k];
    for (let k = 0; k < 3; k++) values[at + POLE_AT + k] = poles[3 * g + k];
    for (let k = 0; k < 4; k++) values[at + ORIENTATION_AT + k] = orientations[4 * g + k];
  }
}

/** The setup's goals with a request's targets, poles and orientations (only where the setup's goal has a pole or orientation). */
export function goalsWithValues(goals: readonly GoalDesc[], values: Float64Array): GoalDesc[] {
  if (values.length !== GOAL_VALUES * goals.length) throw new Error(`Rig: ${values.length} goal values for ${goals.length} goals (${GOAL_VALUES} each)`);
  return goals.map((goal, g) => {
    const at = GOAL_VALUES * g;
    const v = (k: number): number => values[at + k];
    return {
      ...goal,
      target: [v(0), v(1), v(2)],
      pole: goal.pole === undefined ? undefined : [v(POLE_AT), v(POLE_AT + 1), v(POLE_AT + 2)],
      orientation: goal.orientation === undefined ? undefined : [v(ORIENTATION_AT), v(ORIENTATION_AT + 1), v(ORIENTATION_AT + 2), v(ORIENTATION_AT + 3)],
    };
  });
}
