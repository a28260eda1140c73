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

// sin and cos of one angle: one call for float (sincosf shares the argument
// reduction, and Emscripten's clang does not fuse sinf and cosf by itself:
// trigonometry was a tenth of a drag frame in WASM), the pair for any other T.
template <typename T>
void SinCosT(const T& angle, T* s, T* c) {
  using std::cos;
  using std::sin;
  *s = sin(angle);
  *c = cos(angle);
}
inline void SinCosT(const float& angle, float* s, float* c) { ::sincosf(angle, s, c); }

// Rotation by `angle` about the x, y or z axis (0, 1, 2).
template <typename T>
glm::qua<T> AxisRotationT(int axis, const T& angle) {
  T s, c;
  SinCosT(T(0.5f) * angle, &s, &c);
  glm::qua<T> q(c, T(0.0f), T(0.0f), T(0.0f));
  q[axis] = s;  // glm::qua indexes x, y, z, w
  return q;
}

// q · (cos + sin · e_axis), the right factor a rotation about a coordinate
// axis: glm's product without its terms that multiply the factor's zeros
// (the same sums, up to the sign of an exact zero), a third of the work.
template <int kAxis, typename T>
glm::qua<T> TimesAxisRotationT(const glm::qua<T>& q, const T& s, const T& c) {
  constexpr int kNext = (kAxis + 1) % 3, kPrev = (kAxis + 2) % 3;
  glm::qua<T> out;
  out.w = q.w * c - q[kAxis] * s;
  out[kAxis] = q.w * s + q[kAxis] * c;
  // q.v × e_axis: e_next × e_axis = −e_prev, e_prev × e_axis = e_next.
  out[kNext] = q[kNext] * c + q[kPrev] * s;
  out[kPrev] = q[kPrev] * c - q[kNext] * s;
  return out;
}
template <typename T>
glm::qua<T> TimesAxisRotationT(const glm::qua<T>& q, int axis, const T& angle) {
  T s, c;
  SinCosT(T(0.5f) * angle, &s, &c);
  // One body per axis: constant indices, no index arithmetic.
  if (axis == 0) return TimesAxisRotationT<0>(q, s, c);
  if (axis == 1) return TimesAxisRotationT<1>(q, s, c);
  return TimesAxisRotationT<2>(q, s, c);
}

// E(θ) for `order`: slot 0 acts first on a vector, so it is the rightmost factor.
template <typename T>
glm::qua<T> EulerRotationT(EulerOrder order, const glm::vec<3, T>& angles) {
  const glm::qua<T> r2 = AxisRotationT(EulerAxis(order, 2), angles[2]);
  return TimesAxisRotationT(TimesAxisRotationT(r2, EulerAxis(order, 1), angles[1]), EulerAxis(order, 0), angles[0]);
}

// A · B for affine A and B (bottom row 0 0 0 1, as every local and model
// matrix is): glm's product without the terms that multiply that row's zeros
// and one (the same sums, up to the sign of an exact zero).
template <typename T>
glm::mat<4, 4, T> AffineProductT(const glm::mat<4, 4, T>& a, const glm::mat<4, 4, T>& b) {
  glm::mat<4, 4, T> out;
  for (int c = 0; c < 3; ++c) {
    out[c] = a[0] * b[c][0] + a[1] * b[c][1] + a[2] * b[c][2];
    out[c].w = T(0.0f);
  }
  out[3] = a[0] * b[3][0] + a[1] * b[3][1] + a[2] * b[3][2] + a[3];
  return out;
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
    model_ms[i] = p < 0 ? local : AffineProductT(model_ms[p], local);
  }
}

// The same loop over `bones` only (parent-first; a bone's parent among them
// or already placed in model_ms): the other bones keep what model_ms holds.
template <typename T>
void ComputeModelMatricesT(const Skeleton& skeleton, Span<const glm::vec<3, T>> angles,
                           const glm::vec<3, T>& root_offset_ms, Span<glm::mat<4, 4, T>> model_ms, Span<const int> bones) {
  for (const int i : bones) {
    const glm::mat<4, 4, T> local = LocalTransformT(skeleton, i, angles[i], root_offset_ms);
    const int p = skeleton.parent(i);
    model_ms[i] = p < 0 ? local : AffineProductT(model_ms[p], local);
  }
}

}  // namespace kin
