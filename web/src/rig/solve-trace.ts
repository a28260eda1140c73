// The types of Rig.traceSolve(): one solve recorded iteration by iteration for
// the step-through lesson (wasm/include/kin/ik/ik_trace.h). Plain data,
// copied out of WASM memory: a trace outlives the rig and later solves.
import type { FlatSolveTrace, FlatTraceDof, FlatTraceIteration, FlatTraceTrial } from '../wasm/generated/kin.js';
import type { SolveStatus } from './contract.js';

export type SolveTraceDof = FlatTraceDof;
export type SolveTraceTrial = FlatTraceTrial;
export type SolveTraceIteration = FlatTraceIteration;

export interface SolveTrace extends Omit<FlatSolveTrace, 'report'> {
  report: Omit<FlatSolveTrace['report'], 'status'> & { status: SolveStatus };
}

/** The most trials kept per iteration: a backtracking line search's full 31 halvings fit. */
export const TRACE_MAX_TRIALS = 32;
