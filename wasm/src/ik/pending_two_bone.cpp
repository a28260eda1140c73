// TEMPORARY placeholder during the solver-suite work: two_bone.cpp replaces it.
#include "solvers.h"

namespace kin {
namespace ik_internal {

SolveReport SolveTwoBone(IkState& state) {
  SolveReport report;
  report.input = Status::Invalid("%s: not built yet", SolverKindName(state.job.kind));
  return report;
}

}  // namespace ik_internal
}  // namespace kin
