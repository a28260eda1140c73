// The balance goal of the Jacobian solvers: keep the centre of mass's floor
// projection over the support polygon of the planted feet.
//
// Its residual is the distance of the centre of mass's floor projection c
// outside the support polygon, zero while it is inside: a one-sided goal
// that leaves every balanced pose alone and pulls only a body about to tip,
// and no further than the polygon's edge (a pull toward the polygon's centre
// would fight every lean the user poses on purpose). The energy it adds,
// ½ weight · dist(c, polygon)², is C¹. The distance's gradient in the floor
// is n, the unit direction from the polygon's nearest point to c, so its
// row of the Jacobian is nᵀ ∂c/∂θ outside and zero inside: an inactive
// goal leaves the solve exactly as without it (a zero residual with a
// nonzero row would hold the centre still).
//
// J is the mass-weighted sum of the bones' point Jacobians at their segment
// centres, Σᵢ mᵢ ∂cᵢ/∂θ (masses summing to 1). A joint's column is affine in
// the point it moves, so its sum over the bones below it is the column at
// the subtree's centre times the subtree's mass: one backward pass over the
// bones gives every column (SubtreeMoments, CenterOfMassColumn).
#pragma once

#include <glm/glm.hpp>

#include "kin/body_mass.h"
#include "kin/jacobian.h"
#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

struct BalanceGoal {
  Span<const SegmentMass> masses;    // one per bone (ComputeSegmentMasses)
  Span<const glm::vec2> support_xz;  // the support polygon in model (x, z), as ConvexHullXZ makes it
  float weight = 100.0f;              // > 0; E += ½ weight · dist(c, polygon)²
};

// The most vertices a support polygon may have (a hull of the sole points of
// both feet has at most eight).
constexpr int kMaxSupportVertices = 16;

Status ValidateBalanceGoal(const Skeleton& skeleton, const BalanceGoal& balance);

// Per bone j, the mass of its subtree (itself and every bone below it), into
// subtree_mass (bone_count entries): a joint moves the centre of mass when
// its subtree weighs something.
void SubtreeMasses(const Skeleton& skeleton, Span<const SegmentMass> masses, Span<float> subtree_mass);

// Per bone j, Σ mᵢ · cᵢ over its subtree (model space, the pose of
// `model_ms`; only bones with mass are read) into moment_ms (bone_count
// entries).
void SubtreeMoments(const Skeleton& skeleton, Span<const SegmentMass> masses, Span<const glm::mat4> model_ms,
                    Span<glm::vec3> moment_ms);

// ∂c/∂θ_k of the centre of mass for the joint whose axes are `axes`, from its
// subtree's mass and moment: the column at the subtree's centre, times its
// mass (zero for a subtree that weighs nothing).
glm::vec3 CenterOfMassColumn(const JointAxes& axes, int k, float subtree_mass, const glm::vec3& moment_ms);

}  // namespace kin
