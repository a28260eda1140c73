// The solver functions behind IkJob::Run (core-internal). Each gets a valid
// job through its IkState and returns the report; the pose is in job.angles.
#pragma once

#include "ik_state.h"

namespace kin {
namespace ik_internal {

// E before the first iteration and after each one, into the job's optional
// energy span (entries past its size are dropped).
class EnergyHistory {
 public:
  explicit EnergyHistory(Span<float> energy) : energy_(energy) {}
  void Record(double e) {
    if (static_cast<std::size_t>(count_) < energy_.size) energy_[count_++] = static_cast<float>(e);
  }
  int count() const { return count_; }

 private:
  Span<float> energy_;
  int count_ = 0;
};

SolveReport SolveDls(IkState& state);
SolveReport SolveGaussNewton(IkState& state);
SolveReport SolveJacobianTranspose(IkState& state);
SolveReport SolveGradientDescent(IkState& state);
SolveReport SolveProjectedGradient(IkState& state);
SolveReport SolveCcd(IkState& state);
SolveReport SolveFabrik(IkState& state);
SolveReport SolveTwoBone(IkState& state);
SolveReport SolveLookAt(IkState& state);

}  // namespace ik_internal
}  // namespace kin
