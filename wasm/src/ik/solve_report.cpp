#include "kin/ik/solve_report.h"

namespace kin {

const char* SolveStatusName(SolveStatus status) {
  switch (status) {
    case SolveStatus::kConverged: return "converged";
    case SolveStatus::kStalled: return "stalled";
    case SolveStatus::kMaxIterations: return "max-iterations";
    case SolveStatus::kUnreachable: return "unreachable";
    case SolveStatus::kInvalidInput: return "invalid-input";
  }
  return "invalid-input";
}

}  // namespace kin
