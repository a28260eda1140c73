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

namespace {

// How far `angles` lie outside the bone's limits: |projection − angles|².
float LimitViolation(const Skeleton& skeleton, int bone, const glm::vec3& angles) {
  const glm::vec3 d = ProjectJointLimits(skeleton, bone, angles) - angles;
  return glm::dot(d, d);
}

// Each slot of `angles` shifted by the 2π multiple that puts it inside the
// slot's [min, max] nearest `hint`, or left nearest `hint` when none fits.
glm::vec3 ShiftIntoRanges(const Skeleton& skeleton, int bone, glm::vec3 angles, const glm::vec3& hint) {
  const float two_pi = 6.28318530718f;
  for (int s = 0; s < 3; ++s) {
    const float lo = skeleton.min_angle(bone)[s], hi = skeleton.max_angle(bone)[s];
    float a = angles[s] + two_pi * std::round((hint[s] - angles[s]) / two_pi);
    if (a < lo) a += two_pi * std::ceil((lo - a) / two_pi);
    if (a > hi) a -= two_pi * std::ceil((a - hi) / two_pi);
    // Inside when the range spans the shift; else back to nearest the hint.
    if (a < lo || a > hi) a = angles[s] + two_pi * std::round((hint[s] - angles[s]) / two_pi);
    angles[s] = a;
  }
  return angles;
}

}  // namespace

glm::vec3 EulerWithinLimits(const Skeleton& skeleton, int bone, const glm::quat& q, const glm::vec3& hint) {
  const EulerOrder order = skeleton.order(bone);
  const glm::vec3 a0 = EulerFromRotation(order, q, hint);
  // Inside already: no other solution or shift is nearer the hint (the
  // common case while playing a clip).
  constexpr float kInside = 1e-10f;
  if (LimitViolation(skeleton, bone, a0) <= kInside) return a0;
  const bool proper = EulerAxis(order, 0) == EulerAxis(order, 2);
  // The other solution: (θ0 + π, π − θ1, θ2 + π), or (θ0 + π, −θ1, θ2 + π) for proper orders.
  const float pi = 3.14159265359f;
  const glm::vec3 b0(a0.x + pi, proper ? -a0.y : pi - a0.y, a0.z + pi);
  const glm::vec3 a = ShiftIntoRanges(skeleton, bone, a0, hint);
  const glm::vec3 b = ShiftIntoRanges(skeleton, bone, b0, hint);
  const float va = LimitViolation(skeleton, bone, a), vb = LimitViolation(skeleton, bone, b);
  if (va <= kInside && vb <= kInside) return glm::dot(b - hint, b - hint) < glm::dot(a - hint, a - hint) ? b : a;
  return vb < va ? b : a;
}

}  // namespace kin
