#include "kin/capsule_weights.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "../math_checks.h"

namespace kin {
namespace {

// Distance from p to the segment a–b (a point segment when a == b).
float SegmentDistance(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b) {
  const glm::vec3 ab = b - a;
  const float len2 = glm::dot(ab, ab);
  const float t = len2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  return glm::length(p - (a + t * ab));
}

}  // namespace

Status CapsuleWeightsJob::Validate() const {
  const std::size_t bones = radii.size;
  if (origins_ms.size != bones || ends_ms.size != bones)
    return Status::Invalid("capsule weights: %zu radii for %zu segment origins and %zu ends (one each per bone)", bones,
                           origins_ms.size, ends_ms.size);
  // Joint indices are uint16.
  if (bones > static_cast<std::size_t>(std::numeric_limits<std::uint16_t>::max()) + 1)
    return Status::Invalid("capsule weights: %zu bones is more than a joint index holds", bones);
  if (bones == 0 && positions_ms.size != 0) return Status::Invalid("capsule weights: no bones for the vertices");
  if (!IsInfluenceCount(influences))
    return Status::Invalid("capsule weights: %d influences per vertex (must be 4 or 8)", influences);
  const std::size_t slots = positions_ms.size * static_cast<std::size_t>(influences);
  if (out_joints.size != slots || out_weights.size != slots)
    return Status::Invalid("capsule weights: output has %zu joints and %zu weights, %zu vertices need %zu each",
                           out_joints.size, out_weights.size, positions_ms.size, slots);
  for (std::size_t j = 0; j < bones; ++j) {
    if (!(IsFinite(radii[j]) && radii[j] > 0.0f))
      return Status::Invalid("capsule weights: radius %g of bone %zu must be finite and > 0", radii[j], j);
    if (!IsFinite(origins_ms[j]) || !IsFinite(ends_ms[j]))
      return Status::Invalid("capsule weights: the segment of bone %zu is not finite", j);
  }
  for (std::size_t v = 0; v < positions_ms.size; ++v)
    if (!IsFinite(positions_ms[v])) return Status::Invalid("capsule weights: vertex %zu is not finite", v);
  return Status::Ok();
}

Status CapsuleWeightsJob::Run() const {
  const Status status = Validate();
  if (!status.ok()) return status;
  for (std::size_t v = 0; v < positions_ms.size; ++v) {
    // The kept bones in decreasing weight; a later bone displaces only a
    // strictly smaller weight, so ties keep the lower index.
    float kept_w[kCapsuleInfluences] = {};
    std::uint16_t kept_j[kCapsuleInfluences] = {};
    int nearest = 0;
    float nearest_d = std::numeric_limits<float>::infinity();
    for (std::size_t j = 0; j < radii.size; ++j) {
      const float d = SegmentDistance(positions_ms[v], origins_ms[j], ends_ms[j]);
      if (d < nearest_d) {
        nearest_d = d;
        nearest = static_cast<int>(j);
      }
      const float w = std::max(0.0f, radii[j] - d) / radii[j];
      if (w <= kept_w[kCapsuleInfluences - 1]) continue;
      int k = kCapsuleInfluences - 1;
      for (; k > 0 && w > kept_w[k - 1]; --k) {
        kept_w[k] = kept_w[k - 1];
        kept_j[k] = kept_j[k - 1];
      }
      kept_w[k] = w;
      kept_j[k] = static_cast<std::uint16_t>(j);
    }
    float sum = 0.0f;
    for (const float w : kept_w) sum += w;
    if (sum == 0.0f) {
      kept_w[0] = 1.0f;
      kept_j[0] = static_cast<std::uint16_t>(nearest);
      sum = 1.0f;
    }
    std::uint16_t* joints = out_joints.data + v * influences;
    float* weights = out_weights.data + v * influences;
    for (int k = 0; k < influences; ++k) {
      const bool kept = k < kCapsuleInfluences;
      joints[k] = kept ? kept_j[k] : 0;
      weights[k] = kept ? kept_w[k] / sum : 0.0f;
    }
  }
  return Status::Ok();
}

}  // namespace kin
