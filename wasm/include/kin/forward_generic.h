// Forward kinematics written once for any scalar type T. The production path
// instantiates it with float (forward.h, euler.h); the tests instantiate it
// with dual numbers to get the Jacobian by forward-mode automatic
// differentiation of the very same code. T needs +, −, *, / and cos/sin found
// by argument-dependent lookup (std::cos/std::sin for float).
#pragma once

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/euler.h"
#include "kin/skeleton.h"
#include "kin/span.h"

namespace kin {

// Rotation by `angle` about the x, y or z axis (0, 1, 2).
template <typename T>
glm::qua<T> AxisRotationT(int axis, const T& angle) {
  using std::cos;
  using std::sin;
  const T half = T(0.5f) * angle;
  glm::qua<T> q(cos(half), T(0.0f), T(0.0f), T(0.0f));
  q[axis] = sin(half);  // glm::qua indexes x, y, z, w
  return q;
}

// E(θ) for `order`: slot 0 acts first on a vector, so it is the rightmost factor.
template <typename T>
glm::qua<T> EulerRotationT(EulerOrder order, const glm::vec<3, T>& angles) {
  return AxisRotationT(EulerAxis(order, 2), angles[2]) * AxisRotationT(EulerAxis(order, 1), angles[1]) *
         AxisRotationT(EulerAxis(order, 0), angles[0]);
}

// T(rest_t + root offset) · R(rest_q) · S(rest_s) · F · E(θ) · F⁻¹ for bone i.
template <typename T>
glm::mat<4, 4, T> LocalTransformT(const Skeleton& skeleton, int i, const glm::vec<3, T>& angles_i,
                                  const glm::vec<3, T>& root_offset_ms) {
  glm::qua<T> joint = EulerRotationT(skeleton.order(i), angles_i);
  if (!skeleton.frame_is_identity(i)) {
    const glm::qua<T> frame(skeleton.frame(i));
    joint = frame * joint * glm::conjugate(frame);
  }
  // R(rest_q) · S(rest_s) is constant: the skeleton keeps it.
  glm::mat<4, 4, T> local(glm::mat<3, 3, T>(skeleton.rest_linear(i)) * glm::mat3_cast(joint));
  glm::vec<3, T> t(skeleton.rest_t(i));
  if (skeleton.parent(i) < 0) t += root_offset_ms;
  local[3] = glm::vec<4, T>(t, T(1.0f));
  return local;
}

// The forward loop over the parent-first arrays (no validation).
template <typename T>
void ComputeModelMatricesT(const Skeleton& skeleton, Span<const glm::vec<3, T>> angles,
                           const glm::vec<3, T>& root_offset_ms, Span<glm::mat<4, 4, T>> model_ms) {
  const int n = skeleton.bone_count();
  for (int i = 0; i < n; ++i) {
    const glm::mat<4, 4, T> local = LocalTransformT(skeleton, i, angles[i], root_offset_ms);
    const int p = skeleton.parent(i);
    model_ms[i] = p < 0 ? local : model_ms[p] * local;
  }
}

}  // namespace kin
