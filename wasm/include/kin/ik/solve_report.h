// What every IK solver job reports.
#pragma once

#include "kin/span.h"
#include "kin/status.h"

namespace kin {

enum class SolveStatus : int {
  kConverged = 0,      // every goal within tolerance
  kStalled = 1,        // no further progress, but not at a stationary point
  kMaxIterations = 2,  // iteration budget spent while still improving
  kUnreachable = 3,    // stationary point (best reachable) away from the targets
  kInvalidInput = 4,   // nothing was changed; see `message`
};
// The statuses are 0 .. kSolveStatusCount − 1 (kInvalidInput is the last).
constexpr int kSolveStatusCount = static_cast<int>(SolveStatus::kInvalidInput) + 1;

const char* SolveStatusName(SolveStatus status);

struct SolveReport {
  SolveStatus status = SolveStatus::kInvalidInput;
  int iterations = 0;
  float error = 0.0f;        // largest goal distance at the end, model units
  // The weighted energy ½ Σ w·d² (positions, orientations, poles) at the end:
  // what the iterative solvers lower. A solve can lower it while one goal's
  // miss grows (a pin weighing 100 pulls the pose its way), so `error` can
  // rise from one solve to the next where the energy does not.
  float energy = 0.0f;
  int worst_goal = -1;       // the goal whose miss is `error` (-1: no goals, or the input was refused)
  int energy_count = 0;      // entries written to the energy history
  // A solve that ends away from its targets (not converged): the goal whose
  // target lies farthest beyond any pose's reach, and by how much, model
  // units (ik/goal_reach.h); -1 and 0 when every target is within reach, so
  // that a miss is the solver's and not the body's. Look-at aims, reaching nothing.
  int short_goal = -1;
  float shortfall = 0.0f;
  Status input;              // why the input was rejected, when it was
};

}  // namespace kin
