#include "kin/jacobian.h"

#include <cmath>

#include "kin/forward_generic.h"

namespace kin {
namespace {

glm::vec3 UnitAxis(int axis) {
  glm::vec3 e(0.0f);
  e[axis] = 1.0f;
  return e;
}

// True when A = s · R for a rotation R (columns orthogonal, equal length).
bool IsSimilarity(const glm::mat3& a, float* scale) {
  const float l0 = glm::dot(a[0], a[0]), l1 = glm::dot(a[1], a[1]), l2 = glm::dot(a[2], a[2]);
  const float tol = 1e-5f * (l0 + l1 + l2);
  if (std::fabs(l0 - l1) > tol || std::fabs(l0 - l2) > tol) return false;
  if (std::fabs(glm::dot(a[0], a[1])) > tol || std::fabs(glm::dot(a[0], a[2])) > tol ||
      std::fabs(glm::dot(a[1], a[2])) > tol)
    return false;
  if (glm::determinant(a) <= 0.0f) return false;  // a mirror flips the cross product
  *scale = std::sqrt((l0 + l1 + l2) / 3.0f);
  return true;
}

}  // namespace

namespace {

void ComputeBoneAxes(const Skeleton& skeleton, Span<const glm::vec3> angles, Span<const glm::mat4> model_ms,
                     int j, JointAxes& out) {
  const int p = skeleton.parent(j);
  out.frame_ms = p < 0 ? skeleton.rest_frame(j) : glm::mat3(model_ms[p]) * skeleton.rest_frame(j);
  out.origin_ms = glm::vec3(model_ms[j][3]);

  // E = R2 · R1 · R0: slot 2 turns about its own axis in F, slot 1 about
  // its axis carried by R2, slot 0 about its axis carried by R2 · R1.
  const EulerOrder order = skeleton.order(j);
  const int a0 = EulerAxis(order, 0), a1 = EulerAxis(order, 1), a2 = EulerAxis(order, 2);
  const glm::quat r2 = AxisRotationT(a2, angles[j][2]);
  const glm::quat r21 = TimesAxisRotationT(r2, a1, angles[j][1]);
  out.axis_fs[2] = UnitAxis(a2);
  out.axis_fs[1] = r2 * UnitAxis(a1);
  out.axis_fs[0] = r21 * UnitAxis(a0);

  // Uniform positive rest scales all the way up make the frame a similarity;
  // otherwise test it (a non-uniform chain may still be one by chance).
  out.similarity = skeleton.similarity_chain(j);
  if (out.similarity) out.scale = skeleton.chain_scale(j);
  else out.similarity = IsSimilarity(out.frame_ms, &out.scale);
  if (out.similarity) {
    // Most rigs have no rest scale: no division (9 per bone) by a scale of one.
    for (int k = 0; k < 3; ++k) out.axis_ms[k] = out.frame_ms * out.axis_fs[k];
    if (out.scale != 1.0f)
      for (int k = 0; k < 3; ++k) out.axis_ms[k] /= out.scale;
  } else {
    out.frame_inv = glm::inverse(out.frame_ms);
  }
}

}  // namespace

void ComputeJointAxes(const Skeleton& skeleton, Span<const glm::vec3> angles,
                      Span<const glm::mat4> model_ms, Span<JointAxes> axes) {
  for (int j = 0; j < skeleton.bone_count(); ++j) ComputeBoneAxes(skeleton, angles, model_ms, j, axes[j]);
}

void ComputeJointAxes(const Skeleton& skeleton, Span<const glm::vec3> angles,
                      Span<const glm::mat4> model_ms, Span<JointAxes> axes, Span<const int> bones) {
  for (int j : bones) ComputeBoneAxes(skeleton, angles, model_ms, j, axes[j]);
}

glm::vec3 JacobianColumn(const JointAxes& axes, int k, const glm::vec3& x_ms) {
  const glm::vec3 lever_ms = x_ms - axes.origin_ms;
  if (axes.similarity) return glm::cross(axes.axis_ms[k], lever_ms);
  return axes.frame_ms * glm::cross(axes.axis_fs[k], axes.frame_inv * lever_ms);
}

void DenseJacobian(const Skeleton& skeleton, Span<const JointAxes> axes,
                   Span<const glm::mat4> model_ms, Span<const Goal> goals, Span<float> jacobian) {
  const std::size_t cols = 3 * static_cast<std::size_t>(skeleton.bone_count());
  for (float& v : jacobian) v = 0.0f;
  for (std::size_t g = 0; g < goals.size; ++g) {
    const Goal& goal = goals[g];
    const glm::vec3 x_ms = glm::vec3(model_ms[goal.bone] * glm::vec4(goal.point_bs, 1.0f));
    for (int j = goal.bone; j >= 0; j = skeleton.parent(j)) {
      for (int k = 0; k < 3; ++k) {
        const glm::vec3 column = JacobianColumn(axes[j], k, x_ms);
        for (int r = 0; r < 3; ++r) jacobian[(3 * g + r) * cols + 3 * j + k] = column[r];
      }
    }
  }
}

}  // namespace kin
