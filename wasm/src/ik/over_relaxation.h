// Over-relaxation of geometric sweeps with a safeguard (core-internal; CCD
// and FABRIK). Both converge only linearly: where the sweeps keep moving the
// angles the same way — a torso settling under four limbs, a limb sliding
// along its limits, a chain curling toward a target slot by slot — the pose
// is pushed further that way while that lowers E.
//
// After a sweep took the angles from θ to θ', it tries θ' + ω (θ' − θ)
// (within the limits) and keeps it if it lowers E below θ''s. ω doubles
// after a kept try, up to kMaxFactor, and halves (to no less than 1) after a
// dropped one. A linear crawl with ratio r per sweep would need
// ω = r / (1 − r) to finish at once (Aitken's Δ²); doubling finds the scale
// in a few sweeps without estimating r, and the safeguard keeps every sweep
// a descent.
#pragma once

#include <algorithm>

#include "kin/limits.h"
#include "ik_state.h"

namespace kin {
namespace ik_internal {

class OverRelaxation {
 public:
  // Before a sweep: keeps its starting angles.
  void Start(IkState& s) const { std::copy(s.job.angles.begin(), s.job.angles.end(), s.ws.trial_angles_.begin()); }

  // After the sweep: tries the push, keeps the better pose in job.angles and
  // the current buffers, and returns its evaluation.
  Evaluation Push(IkState& s) {
    const Evaluation swept = s.EvaluateCurrent();
    Evaluation pushed;
    return TryPush(s, swept.energy, &pushed) ? pushed : swept;
  }

  // The same after a sweep that knows the energy of the pose it left without
  // forward kinematics (`swept_energy`, from the goal points it carried): the
  // swept pose is evaluated only when the push is dropped, so a kept push
  // costs one forward pass, not two.
  Evaluation Push(IkState& s, double swept_energy) {
    Evaluation pushed;
    return TryPush(s, swept_energy, &pushed) ? pushed : s.EvaluateCurrent();
  }

 private:
  // Evaluates the push into *pushed and keeps it if it lowers E below `swept_energy`.
  bool TryPush(IkState& s, double swept_energy, Evaluation* pushed) {
    for (int j = 0; j < s.n; ++j) {
      const glm::vec3 step = s.job.angles[j] - s.ws.trial_angles_[j];
      s.ws.trial_angles_[j] = ProjectJointLimits(s.sk, j, s.job.angles[j] + factor_ * step);
    }
    *pushed = s.EvaluateTrial();
    if (pushed->energy < swept_energy) {
      s.AcceptTrial();
      factor_ = std::min(kMaxFactor, 2.0f * factor_);
      return true;
    }
    factor_ = std::max(1.0f, 0.5f * factor_);
    return false;
  }

  static constexpr float kMaxFactor = 16.0f;
  float factor_ = 1.0f;
};

}  // namespace ik_internal
}  // namespace kin
