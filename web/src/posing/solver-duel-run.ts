// Two solvers from the same start pose toward the same target (the 4-DOF
// arm lesson): each runs as a traced solve (its iterations kept for the
// plot) and a few untraced, timed solves; the rig's solver and options come
// back after, its pose is the start's. DuelRecord counts the distinct DLS
// λ values tried on the out-of-reach target, what the lesson's task asks.
import type { Vec3Tuple } from '../rig/rig-desc.js';
import type { Rig, SolverName, SolverOptions } from '../rig/rig.js';
import type { SolveTrace } from '../rig/solve-trace.js';

export interface DuelEntry {
  id: string;
  label: string;
  solver: SolverName;
}

export const DUEL_ENTRIES: readonly DuelEntry[] = [
  { id: 'dls', label: 'DLS', solver: 'dls' },
  { id: 'transpose', label: 'Transpose', solver: 'jacobian-transpose' },
];

export interface DuelResult {
  entry: DuelEntry;
  trace: SolveTrace;
  time_us: number;
}

const TIMED_RUNS = 9;
/**
 * Room to converge (Jacobian transpose needs many steps); escapes and DLS's
 * stretch toward a target out of reach off, so each solver shows its own behaviour.
 */
const RUN_LIMITS: SolverOptions = { maxIterations: 500, maxEscapes: 0 };

export interface DuelSetup {
  goal: number;
  target_ms: Vec3Tuple;
  /** DLS's λ (the solver option damping). */
  damping: number;
  start: ArrayLike<number>;
  startRoot: Vec3Tuple;
}

/** Runs both solvers from the start pose toward the goal's target; `options`: the rig's solver options, given back with its solver. */
export function runDuel(rig: Rig, options: SolverOptions, { goal, target_ms, damping, start, startRoot }: DuelSetup, now: () => number): DuelResult[] {
  const solver = rig.solver;
  rig.setGoalTarget(goal, target_ms);
  try {
    return DUEL_ENTRIES.map((entry) => {
      rig.setSolver(entry.solver, entry.solver === 'dls' ? { ...RUN_LIMITS, damping, stretch: false } : RUN_LIMITS);
      const times: number[] = [];
      for (let k = 0; k < TIMED_RUNS; k++) {
        rig.setPose(start, startRoot);
        const t0 = now();
        rig.solve();
        times.push(now() - t0);
      }
      rig.setPose(start, startRoot);
      const trace = rig.teaching.traceSolve();
      times.sort((a, b) => a - b);
      return { entry, trace, time_us: 1000 * times[TIMED_RUNS >> 1] };
    });
  } finally {
    rig.setSolver(solver, options);
  }
}

/** The λ values tried on the out-of-reach target. */
export class DuelRecord {
  private readonly lambdas = new Set<number>();

  /** Records a run; returns how many distinct λ were tried out of reach so far. */
  record(unreachable: boolean, damping: number): number {
    if (unreachable) this.lambdas.add(damping);
    return this.lambdas.size;
  }
}
