// World-space rotations of bones, and the joint angles that give a bone one
// (core-internal; shared by the retarget job and MatchReferencePose).
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/skeleton.h"

namespace kin {
namespace retarget_internal {

// The rotation of a bone-to-model matrix, its columns normalised (scale left
// out: exact for uniform scales).
glm::quat RotationOf(const glm::mat4& model_ms);

// The angles (by slot, within the limits) that give `bone` the model-space
// rotation `rotation_ms` under a parent whose model rotation is `parent_ms`
// (identity for a root): E = (R_parent · R(rest_q) · F)⁻¹ · rotation_ms · F,
// of its Euler solutions the one the limits keep, nearest `hint`.
glm::vec3 AnglesForWorldRotation(const Skeleton& skeleton, int bone, const glm::quat& parent_ms,
                                 const glm::quat& rotation_ms, const glm::vec3& hint);

// The shortest-arc rotation taking unit vector `from` onto unit vector `to`
// (about any axis perpendicular to both when they are opposite).
glm::quat ShortestArc(const glm::vec3& from, const glm::vec3& to);

// The unit direction from the bone's origin to its tip in model space, or 0
// for a bone without a tip.
glm::vec3 BoneDirection(const Skeleton& skeleton, int bone, const glm::mat4& model_ms);

}  // namespace retarget_internal
}  // namespace kin
