#include "world_rotation.h"

#include <cmath>

#include "kin/euler.h"
#include "kin/limits.h"

namespace kin {
namespace retarget_internal {

glm::quat RotationOf(const glm::mat4& model_ms) {
  const glm::mat3 m(model_ms);
  return glm::normalize(glm::quat_cast(glm::mat3(glm::normalize(m[0]), glm::normalize(m[1]), glm::normalize(m[2]))));
}

glm::vec3 AnglesForWorldRotation(const Skeleton& skeleton, int bone, const glm::quat& parent_ms,
                                 const glm::quat& rotation_ms, const glm::vec3& hint) {
  const glm::quat& frame = skeleton.frame(bone);
  const glm::quat joint_fs = glm::inverse(parent_ms * skeleton.rest_q(bone) * frame) * rotation_ms * frame;
  const glm::vec3 angles = EulerWithinLimits(skeleton, bone, glm::normalize(joint_fs), hint);
  return ProjectJointLimits(skeleton, bone, angles);
}

glm::quat ShortestArc(const glm::vec3& from, const glm::vec3& to) {
  const float d = glm::dot(from, to);
  if (d < -1.0f + 1e-6f) {
    // Opposite: half a turn about an axis perpendicular to `from`.
    glm::vec3 axis = glm::cross(glm::vec3(1, 0, 0), from);
    if (glm::dot(axis, axis) < 1e-6f) axis = glm::cross(glm::vec3(0, 1, 0), from);
    return glm::angleAxis(3.14159265f, glm::normalize(axis));
  }
  const glm::vec3 c = glm::cross(from, to);
  return glm::normalize(glm::quat(1.0f + d, c.x, c.y, c.z));
}

glm::vec3 BoneDirection(const Skeleton& skeleton, int bone, const glm::mat4& model_ms) {
  const glm::vec3 tip_ms = glm::mat3(model_ms) * skeleton.tip_bs(bone);
  const float length = glm::length(tip_ms);
  return length > 1e-8f ? tip_ms / length : glm::vec3(0.0f);
}

}  // namespace retarget_internal
}  // namespace kin
