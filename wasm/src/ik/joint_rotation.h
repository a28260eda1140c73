// Turning one bone about its origin by a rotation given in model space, as
// new Euler angles of its joint, and the rotations such turns are built
// from (core-internal; shared by the geometric solvers).
//
// A bone's model matrix is M = A · E(θ) · F⁻¹, with E(θ) its Euler rotation,
// F its joint frame and A = parent · T·R·S · F its joint frame in model
// space. Turning the bone by Δ about its origin asks for A · E' · F⁻¹ = Δ · M:
//   E' = (A⁻¹ · Δ · A) · E(θ).
// When A is a rotation times a uniform scale (mirrored or not), A⁻¹ Δ A is a
// rotation and the turn is exact; under non-uniform scale it is not, and we
// take its nearest rotation (polar decomposition), so the turn is then only
// approximate: the bone's shape in model space changes as it turns, and the
// solvers report the error they actually reach.
//
// Geometry is in double precision: the solvers promise targets to float
// rounding, and half turns and nearly parallel directions lose digits.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/skeleton.h"
#include "kin/span.h"

namespace kin {
namespace ik_internal {

// A = parent · R(rest_q) · S(rest_s) · F, the frame the Euler rotation acts
// in, from the model matrices of the current pose (its parent's is read).
// Its columns take joint-frame coordinates to model space; a turn Q in
// those coordinates (E' = Q · E) moves the bone's points exactly by
// A · Q · A⁻¹ about its origin, whatever the scales.
glm::dmat3 JointFrameMs(const Skeleton& skeleton, Span<const glm::mat4> model_ms, int bone);

// The angles of `bone` after turning it by `turn_ms` about its origin, from
// the model matrices of the current pose (its parent's is read). Of the
// equivalent Euler triples (two, and their 2π shifts) the one nearest its
// current `angles`, so that poses stay continuous; when that one lies
// outside the limits, the one nearest the middle of the limits if it lies
// less far outside (the twin triple, or a shift, that the limits allow).
// Not clamped, so that callers can compare candidate turns by LimitExcess.
glm::vec3 TurnedAngles(const Skeleton& skeleton, Span<const glm::mat4> model_ms, int bone,
                       const glm::vec3& angles, const glm::dquat& turn_ms);

// The same for a turn given in the joint frame's coordinates (E' = Q · E):
// exact under any scale.
glm::vec3 JointTurnedAngles(const Skeleton& skeleton, int bone, const glm::vec3& angles, const glm::dquat& turn_fs);

// How far `angles` lie outside the limits of `bone`, summed over the slots
// (0 inside them).
float LimitExcess(const Skeleton& skeleton, int bone, const glm::vec3& angles);

// The shortest-arc rotation taking direction `from` onto direction `to`
// (neither need be unit, both non-zero). Opposite directions have no single
// shortest arc: that half turn goes about `half_turn_axis` made
// perpendicular to `from` (or about any perpendicular if it is parallel).
glm::dquat ShortestArc(const glm::dvec3& from, const glm::dvec3& to, const glm::dvec3& half_turn_axis);

// The rotation taking direction `from` onto direction `to` that also turns
// the part of `from_side` perpendicular to `from` onto the direction of the
// part of `to_side` perpendicular to `to` (a twist about `to` after the
// aim). When either side lies along its direction (no part to align), the
// ShortestArc.
glm::dquat AlignRotation(const glm::dvec3& from, const glm::dvec3& from_side, const glm::dvec3& to,
                         const glm::dvec3& to_side, const glm::dvec3& half_turn_axis);

}  // namespace ik_internal
}  // namespace kin
