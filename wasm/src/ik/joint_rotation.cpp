#include "joint_rotation.h"

#include <algorithm>
#include <cmath>

namespace kin {
namespace ik_internal {
namespace {

// Parts smaller than this fraction of their vector are rounding noise, not a
// direction.
constexpr double kNoDirection = 1e-6;

// The rotation nearest `m` (det m > 0), by Newton's iteration for the polar
// decomposition, X ← ½ (X + X⁻ᵀ); a rotation is its own fixed point, so the
// exact case costs one step.
glm::dquat NearestRotation(glm::dmat3 m) {
  for (int iteration = 0; iteration < 32; ++iteration) {
    const glm::dmat3 next = 0.5 * (m + glm::transpose(glm::inverse(m)));
    double change = 0.0;
    for (int c = 0; c < 3; ++c) change = std::max(change, glm::length(next[c] - m[c]));
    m = next;
    if (change < 1e-14) break;
  }
  return glm::normalize(glm::quat_cast(m));
}

// Any unit vector perpendicular to unit `v`.
glm::dvec3 AnyPerpendicular(const glm::dvec3& v) {
  const glm::dvec3 other = std::fabs(v.x) < 0.6 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0);
  return glm::normalize(glm::cross(v, other));
}

}  // namespace

glm::dmat3 JointFrameMs(const Skeleton& skeleton, Span<const glm::mat4> model_ms, int bone) {
  const int parent = skeleton.parent(bone);
  const glm::dmat3 parent_ms = parent < 0 ? glm::dmat3(1.0) : glm::dmat3(glm::mat3(model_ms[parent]));
  glm::dmat3 rest = glm::mat3_cast(glm::dquat(skeleton.rest_q(bone)));
  const glm::dvec3 s(skeleton.rest_s(bone));
  rest[0] *= s.x;
  rest[1] *= s.y;
  rest[2] *= s.z;
  return parent_ms * rest * glm::mat3_cast(glm::dquat(skeleton.frame(bone)));
}

glm::vec3 TurnedAngles(const Skeleton& skeleton, Span<const glm::mat4> model_ms, int bone,
                       const glm::vec3& angles, const glm::dquat& turn_ms) {
  const glm::dmat3 frame_ms = JointFrameMs(skeleton, model_ms, bone);
  return JointTurnedAngles(skeleton, bone, angles,
                           NearestRotation(glm::inverse(frame_ms) * glm::mat3_cast(turn_ms) * frame_ms));
}

glm::vec3 JointTurnedAngles(const Skeleton& skeleton, int bone, const glm::vec3& angles, const glm::dquat& turn_fs) {
  const EulerOrder order = skeleton.order(bone);
  const glm::quat joint(glm::normalize(turn_fs * glm::dquat(EulerRotation(order, angles))));
  const glm::vec3 nearest = EulerFromRotation(order, joint, angles);
  const float excess = LimitExcess(skeleton, bone, nearest);
  if (excess == 0.0f) return nearest;
  const glm::vec3 middle = 0.5f * (skeleton.min_angle(bone) + skeleton.max_angle(bone));
  const glm::vec3 central = EulerFromRotation(order, joint, middle);
  return LimitExcess(skeleton, bone, central) < excess ? central : nearest;
}

float LimitExcess(const Skeleton& skeleton, int bone, const glm::vec3& angles) {
  const glm::vec3 below = glm::max(skeleton.min_angle(bone) - angles, 0.0f);
  const glm::vec3 above = glm::max(angles - skeleton.max_angle(bone), 0.0f);
  return below.x + below.y + below.z + above.x + above.y + above.z;
}

glm::dquat ShortestArc(const glm::dvec3& from, const glm::dvec3& to, const glm::dvec3& half_turn_axis) {
  const glm::dvec3 f = glm::normalize(from), t = glm::normalize(to);
  const double w = 1.0 + glm::dot(f, t);  // the quaternion (1 + cos θ, sin θ · axis) ∝ the turn by θ
  // Below this the axis f × t is rounding noise (θ within ~1e-7 of π).
  if (w > 1e-14) return glm::normalize(glm::dquat(w, glm::cross(f, t)));
  glm::dvec3 axis = half_turn_axis - glm::dot(half_turn_axis, f) * f;
  const double length = glm::length(axis);
  axis = length > kNoDirection * glm::length(half_turn_axis) ? axis / length : AnyPerpendicular(f);
  return glm::dquat(0.0, axis);
}

glm::dquat AlignRotation(const glm::dvec3& from, const glm::dvec3& from_side, const glm::dvec3& to,
                         const glm::dvec3& to_side, const glm::dvec3& half_turn_axis) {
  const glm::dvec3 f = glm::normalize(from), t = glm::normalize(to);
  const glm::dvec3 f_side = from_side - glm::dot(from_side, f) * f;
  const glm::dvec3 t_side = to_side - glm::dot(to_side, t) * t;
  const double f_length = glm::length(f_side), t_length = glm::length(t_side);
  if (f_length <= kNoDirection * glm::length(from_side) || t_length <= kNoDirection * glm::length(to_side))
    return ShortestArc(from, to, half_turn_axis);
  // The rotation taking the orthonormal frame (f, f_side, f × f_side) onto
  // (t, t_side, t × t_side).
  const glm::dvec3 fu = f_side / f_length, tu = t_side / t_length;
  const glm::dmat3 source(f, fu, glm::cross(f, fu));
  const glm::dmat3 target(t, tu, glm::cross(t, tu));
  return glm::normalize(glm::quat_cast(target * glm::transpose(source)));
}

}  // namespace ik_internal
}  // namespace kin
