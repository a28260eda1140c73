// A rig's teaching calls (wasm/include/kin/rig_teaching.h) for the
// step-through lesson: a solve that records every iteration, and finite
// differences to show beside the analytic Jacobian. Got from Rig.teaching.
// Both allocate: a lesson's step, not a drag frame.
import type { TeachingHandle } from '../wasm/generated/kin.js';
import { FeatureHandle } from './feature-handle.js';
import type { RigParts } from './rig-parts.js';
import { type SolveTrace, TRACE_MAX_TRIALS } from './solve-trace.js';
import type { SolveReport } from './rig.js';

export class RigTeaching extends FeatureHandle<TeachingHandle> {
  constructor(
    rig: RigParts,
    private readonly readReport: (code: number) => SolveReport,
  ) {
    super(new rig.module.RigTeaching(rig.address), () => rig.alive());
  }

  /**
   * Solves as Rig.solve() does (the same pose, buffers and report) while
   * recording every iteration. Throws on invalid input.
   */
  traceSolve(): SolveTrace {
    const h = this.live();
    const trace = h.traceSolve(TRACE_MAX_TRIALS);
    if (trace === null) throw new Error(`Rig: ${h.errorMessage()}`);
    // The solve's report, as solve() leaves it (energyHistory() reads it).
    return { ...trace, report: { ...this.readReport(trace.report.status) } };
  }

  /**
   * Central differences (step h, radians or model units for root dofs) of
   * the goal points per active dof at the current pose, in the layout of a
   * traced iteration's jacobian: to show beside the analytic columns.
   */
  finiteDifferenceJacobian(h = 1e-3): Float32Array {
    const handle = this.live();
    const columns = handle.finiteDifferenceJacobian(h);
    if (columns === null) throw new Error(`Rig: ${handle.errorMessage()}`);
    return columns;
  }
}
