// A retarget run's report: each frame's bone-angle and limb errors and foot
// slide, then their means and maxima over the clip.
#include "retarget_run.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "world_rotation.h"

namespace kin {
namespace retarget_internal {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

}  // namespace

void RetargetRun::Measure(int f, const glm::vec3* goals_ms) {
  const int nt = target_.bone_count();
  RetargetReport& report = *job_.report;
  float* angle_error = report.bone_angle_error_rad.data() + static_cast<std::size_t>(f) * nt;
  for (int t = 0; t < nt; ++t) {
    angle_error[t] = kNaN;
    if (map_[t] < 0) continue;
    const glm::vec3 expected = glm::mat3_cast(ws_.delta_ms_[t]) * BoneDirection(target_, t, ws_.target_ref_model_ms_[t]);
    const glm::vec3 actual = BoneDirection(target_, t, ws_.target_model_ms_[t]);
    if (glm::dot(actual, actual) == 0.0f) continue;
    // atan2 of sine and cosine: acos loses small angles to float rounding.
    angle_error[t] = std::atan2(glm::length(glm::cross(expected, actual)), glm::dot(expected, actual));
  }
  float* limb_error = report.limb_error.data() + static_cast<std::size_t>(f) * kRetargetLimbCount;
  for (int l = 0; l < kRetargetLimbCount; ++l) {
    const Limb& limb = limbs_[l];
    limb_error[l] = limb.present ? glm::length(Origin(ws_.target_model_ms_[limb.target[2]]) - goals_ms[l]) / limb.target_length : kNaN;
  }
  for (int k = 0; k < kFeet; ++k) {
    const Limb& leg = limbs_[kLegOfFoot[k]];
    if (!leg.present || ws_.contact_[kFeet * f + k] == 0) continue;
    const glm::vec3 foot = Origin(ws_.target_model_ms_[leg.target[2]]);
    if (f == 0 || ws_.contact_[kFeet * (f - 1) + k] == 0) anchor_ms_[k] = foot;
    const glm::vec2 slide(foot.x - anchor_ms_[k].x, foot.z - anchor_ms_[k].z);
    report.foot_slide[k] = std::max(report.foot_slide[k], glm::length(slide));
    report.contact_frames[k] += 1;
  }
}

void RetargetRun::Summarise() const {
  RetargetReport& report = *job_.report;
  const auto summarise = [](const std::vector<float>& values, std::size_t count, float* mean, float* max) {
    double sum = 0.0;
    std::size_t n = 0;
    *max = 0.0f;
    for (std::size_t i = 0; i < count; ++i) {
      if (!std::isfinite(values[i])) continue;
      sum += values[i];
      ++n;
      *max = std::max(*max, values[i]);
    }
    *mean = n > 0 ? static_cast<float>(sum / static_cast<double>(n)) : 0.0f;
  };
  const std::size_t frames = job_.times_s.size;
  summarise(report.bone_angle_error_rad, frames * target_.bone_count(), &report.mean_angle_rad, &report.max_angle_rad);
  summarise(report.limb_error, frames * kRetargetLimbCount, &report.mean_limb_error, &report.max_limb_error);
  report.max_foot_slide = std::max(report.foot_slide[0], report.foot_slide[1]);
}

}  // namespace retarget_internal
}  // namespace kin
