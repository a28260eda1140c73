#include "kin/limits.h"

#include <algorithm>
#include <cmath>

#include "kin/euler.h"

namespace kin {
namespace {

// A signed angle in (−π, π] of a rotation about the unit `axis`.
float AngleAbout(const glm::quat& q, const glm::vec3& axis) {
  return 2.0f * std::atan2(glm::dot(glm::vec3(q.x, q.y, q.z), axis), q.w);
}

float WrapPi(float a) {
  const float two_pi = 6.28318530718f;
  return a - two_pi * std::floor((a + 3.14159265359f) / two_pi);
}

}  // namespace

SwingTwist DecomposeSwingTwist(const glm::quat& rotation_fs, const glm::vec3& axis_fs) {
  SwingTwist st;
  // The twist keeps the rotation's component about the axis.
  const glm::vec3 v(rotation_fs.x, rotation_fs.y, rotation_fs.z);
  const glm::vec3 along = glm::dot(v, axis_fs) * axis_fs;
  glm::quat twist(rotation_fs.w, along.x, along.y, along.z);
  const float len = glm::length(twist);
  // A half-turn swing leaves no twist component: any twist is then valid.
  twist = len > 1e-7f ? twist / len : glm::quat(1.0f, 0, 0, 0);
  st.twist = twist;
  st.swing = rotation_fs * glm::conjugate(twist);
  st.twist_angle = WrapPi(AngleAbout(twist, axis_fs));
  st.swing_angle = std::acos(std::min(1.0f, std::fabs(st.swing.w))) * 2.0f;
  return st;
}

glm::vec3 SwingTwistAxis(const Skeleton& skeleton, int bone) {
  return glm::normalize(glm::conjugate(skeleton.frame(bone)) * glm::normalize(skeleton.tip_bs(bone)));
}

namespace {

bool InsideSwingTwist(const Skeleton& skeleton, int bone, const glm::vec3& axis, const glm::vec3& angles) {
  const SwingTwist st = DecomposeSwingTwist(EulerRotation(skeleton.order(bone), angles), axis);
  const float slack = 1e-5f;  // rounding of the decomposition
  return st.swing_angle <= skeleton.swing_max(bone) + slack && st.twist_angle >= skeleton.twist_min(bone) - slack &&
         st.twist_angle <= skeleton.twist_max(bone) + slack;
}

// The nearest rotation on the swing-twist limit, as angles near `angles`.
glm::vec3 ProjectOntoSwingTwist(const Skeleton& skeleton, int bone, const glm::vec3& axis, const glm::vec3& angles) {
  const SwingTwist st = DecomposeSwingTwist(EulerRotation(skeleton.order(bone), angles), axis);
  const float twist = std::min(std::max(st.twist_angle, skeleton.twist_min(bone)), skeleton.twist_max(bone));
  if (st.swing_angle <= skeleton.swing_max(bone) && twist == st.twist_angle) return angles;
  glm::quat swing = st.swing.w < 0.0f ? -st.swing : st.swing;
  const glm::vec3 v(swing.x, swing.y, swing.z);
  const float s = glm::length(v);
  // Scale the swing down along its own axis (onto the cone's rim).
  if (s > 1e-7f) swing = glm::angleAxis(std::min(st.swing_angle, skeleton.swing_max(bone)), v / s);
  return EulerFromRotation(skeleton.order(bone), swing * glm::angleAxis(twist, axis), angles);
}

}  // namespace

glm::vec3 ProjectJointLimits(const Skeleton& skeleton, int bone, const glm::vec3& angles) {
  const glm::vec3& lo = skeleton.min_angle(bone);
  const glm::vec3& hi = skeleton.max_angle(bone);
  if (!skeleton.has_swing_twist(bone)) return glm::clamp(angles, lo, hi);
  const glm::vec3 axis = SwingTwistAxis(skeleton, bone);
  // The per-slot box and the swing-twist set do not commute: alternate the
  // two projections until a pose satisfies both (a few rounds at most).
  glm::vec3 out = glm::clamp(angles, lo, hi);
  for (int round = 0; round < 8 && !InsideSwingTwist(skeleton, bone, axis, out); ++round)
    out = glm::clamp(ProjectOntoSwingTwist(skeleton, bone, axis, out), lo, hi);
  if (InsideSwingTwist(skeleton, bone, axis, out)) return out;
  // Still outside: back along the segment toward the box's point nearest
  // zero (inside both for any limit that allows the rest pose), by bisection.
  const glm::vec3 rest = glm::clamp(glm::vec3(0.0f), lo, hi);
  float inside = 0.0f, outside = 1.0f;
  for (int step = 0; step < 24; ++step) {
    const float t = 0.5f * (inside + outside);
    (InsideSwingTwist(skeleton, bone, axis, rest + t * (out - rest)) ? inside : outside) = t;
  }
  return rest + inside * (out - rest);
}

}  // namespace kin
