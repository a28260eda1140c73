// What one solve did, as the status line and scripts read it: one object per
// session updated in place (a drag frame allocates nothing).
import type { SolveStatus, SolverName } from '../rig/rig.js';

export interface SolveSummary {
  /** The solver that ran. */
  solver: SolverName;
  /** 'invalid-input' when the solve failed (see `failure`). */
  status: SolveStatus;
  iterations: number;
  /** Largest goal distance after the solve, metres (model units); NaN if the solve failed. */
  error: number;
  /** The bone of the goal whose miss is `error` (its name is the goal's), or null: no goals, or the solve failed. */
  worstBone: string | null;
  /**
   * The bone of the goal whose target lies farthest beyond any pose's reach
   * (the core's SolveReport.shortGoal), or null: every target within reach,
   * so that a miss is the solver's, or the solve failed.
   */
  shortBone: string | null;
  /** How far beyond reach shortBone's target is, metres (model units); 0 with none. */
  shortfall: number;
  /** Wall time of rig.solve(), microseconds; NaN for an untimed solve (see PosingSession.solve). */
  micros: number;
  /** Why the solve failed (the pose is unchanged), or null. */
  failure: string | null;
}

/** Copies a summary's fields (no allocation). */
export function copySummary(from: SolveSummary, to: SolveSummary): void {
  to.solver = from.solver;
  to.status = from.status;
  to.iterations = from.iterations;
  to.error = from.error;
  to.worstBone = from.worstBone;
  to.shortBone = from.shortBone;
  to.shortfall = from.shortfall;
  to.micros = from.micros;
  to.failure = from.failure;
}
