// The analytic positional Jacobian of a set of goals with respect to every
// bone's three Euler angles. For a bone with frame A (the model-space linear
// map in which its slot-k rotation acts, see JointAxes) the column is
//   ∂x/∂θ_k = A · (q_k × A⁻¹ (x − o)),
// which is the familiar a_ws × (x − o) when A is a rotation (times a uniform
// scale) and stays exact under non-uniform rest scale.
#pragma once

#include <glm/glm.hpp>

#include "kin/goal.h"
#include "kin/skeleton.h"
#include "kin/span.h"

namespace kin {

// Per-bone data the Jacobian needs, computed once per configuration.
struct JointAxes {
  glm::vec3 origin_ms{0.0f};   // joint origin o, model space
  glm::mat3 frame_ms{1.0f};    // A = linear part of parent · rest · F
  glm::mat3 frame_inv{1.0f};   // A⁻¹ (only when not `similarity`)
  glm::vec3 axis_fs[3];        // q_k: slot-k rotation axis in F coordinates
  glm::vec3 axis_ms[3];        // unit world axes A·q_k / s (when `similarity`)
  bool similarity = true;      // A is rotation × uniform scale: a_ws × (x − o)
  float scale = 1.0f;          // the uniform scale when `similarity`
};

// Fills axes[j] for every bone from the pose and its model matrices.
void ComputeJointAxes(const Skeleton& skeleton, Span<const glm::vec3> angles,
                      Span<const glm::mat4> model_ms, Span<JointAxes> axes);

// The same for the listed bones only (a solver needs the bones that move a goal).
void ComputeJointAxes(const Skeleton& skeleton, Span<const glm::vec3> angles,
                      Span<const glm::mat4> model_ms, Span<JointAxes> axes, Span<const int> bones);

// ∂x/∂θ for bone `j`, slot `k`, at model-space point `x_ms`.
glm::vec3 JacobianColumn(const JointAxes& axes, int k, const glm::vec3& x_ms);

// Dense Jacobian, row-major, (3 · goals) × (3 · bones); rows of goal g are
// 3g..3g+2, column of bone j slot k is 3j + k. Bones that are not ancestors
// of a goal's bone (or the bone itself) give zero columns for that goal.
void DenseJacobian(const Skeleton& skeleton, Span<const JointAxes> axes,
                   Span<const glm::mat4> model_ms, Span<const Goal> goals, Span<float> jacobian);

}  // namespace kin
