// The ends of a solve that every solver shares (see solvers.h).
#include <algorithm>

#include "solvers.h"

namespace kin {
namespace ik_internal {

SolveReport FinishIterative(IkState& s, Evaluation current, double best_energy, SolveStatus status, int iterations,
                            EnergyHistory& history) {
  const float tolerance = s.job.options.tolerance;
  if (current.error > tolerance && best_energy < current.energy) {
    std::copy(s.ws.best_angles_.begin(), s.ws.best_angles_.begin() + s.n, s.job.angles.begin());
    s.root_ms = s.best_root_ms;
    current = s.EvaluateCurrent();
    // The history ends at the pose the solve returns, not at the one it left behind.
    history.Record(current);
  }
  if (s.job.trace) s.job.trace->Finish(s, current);
  SolveReport report;
  report.status = current.error <= tolerance ? SolveStatus::kConverged : status;
  report.iterations = iterations;
  report.error = current.error;
  report.energy_count = history.count();
  return report;
}

SolveReport OnePassReport(const IkState& s, const Evaluation& after, const EnergyHistory& history) {
  if (s.job.trace) s.job.trace->Finish(s, after);
  SolveReport report;
  report.status = after.error <= s.job.options.tolerance ? SolveStatus::kConverged : SolveStatus::kUnreachable;
  report.iterations = 1;
  report.error = after.error;
  report.energy_count = history.count();
  return report;
}

}  // namespace ik_internal
}  // namespace kin
