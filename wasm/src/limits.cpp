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

glm::vec3 ProjectJointLimits(const Skeleton& skeleton, int bone, const glm::vec3& angles) {
  glm::vec3 out = angles;
  if (skeleton.has_swing_twist(bone)) {
    const glm::vec3 axis = SwingTwistAxis(skeleton, bone);
    const glm::quat rotation = EulerRotation(skeleton.order(bone), angles);
    SwingTwist st = DecomposeSwingTwist(rotation, axis);
    const float twist = std::min(std::max(st.twist_angle, skeleton.twist_min(bone)), skeleton.twist_max(bone));
    if (st.swing_angle > skeleton.swing_max(bone) || twist != st.twist_angle) {
      glm::quat swing = st.swing.w < 0.0f ? -st.swing : st.swing;
      const float swing_angle = std::min(st.swing_angle, skeleton.swing_max(bone));
      const glm::vec3 v(swing.x, swing.y, swing.z);
      const float s = glm::length(v);
      // Scale the swing down along its own axis (the cone's boundary).
      if (s > 1e-7f) swing = glm::angleAxis(swing_angle, v / s);
      const glm::quat limited = swing * glm::angleAxis(twist, axis);
      out = EulerFromRotation(skeleton.order(bone), limited, angles);
    }
  }
  return glm::clamp(out, skeleton.min_angle(bone), skeleton.max_angle(bone));
}

}  // namespace kin
