// TEMPORARY placeholder during the solver-suite work: projected_gradient.cpp replaces it.
#include "solvers.h"

namespace kin {
namespace ik_internal {

SolveReport SolveProjectedGradient(IkState& state) {
  SolveReport report;
  report.input = Status::Invalid("%s: not built yet", SolverKindName(state.job.kind));
  return report;
}

}  // namespace ik_internal
}  // namespace kin
