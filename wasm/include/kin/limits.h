// Joint limits: per-slot Euler ranges, and the swing-twist cone of a ball
// joint. Every pose the solvers and the Rig produce goes through
// ProjectJointLimits.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/skeleton.h"

namespace kin {

// Swing and twist of a joint rotation (in the joint frame's coordinates)
// about the unit bone axis `axis_fs`: rotation = swing · twist, where twist
// turns about the axis and swing moves the axis. Angles in radians; the
// swing angle is in [0, π], the twist in (−π, π].
struct SwingTwist {
  glm::quat swing{1.0f, 0, 0, 0};
  glm::quat twist{1.0f, 0, 0, 0};
  float swing_angle = 0.0f;
  float twist_angle = 0.0f;
};
SwingTwist DecomposeSwingTwist(const glm::quat& rotation_fs, const glm::vec3& axis_fs);

// The bone's axis in its joint frame's coordinates: F⁻¹ · normalize(tip).
glm::vec3 SwingTwistAxis(const Skeleton& skeleton, int bone);

// `angles` (by slot) moved into the bone's limits: each slot into [min, max]
// and, if the bone has one, into its swing-twist cone. Angles already inside
// come back unchanged, and the result is inside both (so projecting it again
// changes nothing).
glm::vec3 ProjectJointLimits(const Skeleton& skeleton, int bone, const glm::vec3& angles);

// The Euler angles (by slot) of the joint rotation `q` (E(θ) as a quaternion)
// that the bone's limits keep: of its two Euler solutions, each slot shifted
// by the 2π multiple that puts it inside [min, max] (the one nearest `hint`
// when several fit, nearest `hint` when none does), the one inside the limits;
// when both are inside, the one nearer `hint`; when neither is, the one the
// limits move less. A rotation the limits allow thus comes back exactly (no
// 190° where the limit is 180° and −170° means the same), which projecting
// EulerFromRotation's answer would clamp.
glm::vec3 EulerWithinLimits(const Skeleton& skeleton, int bone, const glm::quat& q, const glm::vec3& hint);

}  // namespace kin
