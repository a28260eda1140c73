#include "kin/dual_quaternion.h"

namespace kin {

DualQuat DualQuat::FromRigid(const glm::quat& rotation, const glm::vec3& translation) {
  DualQuat dq;
  dq.real = rotation;
  dq.dual = 0.5f * (glm::quat(0.0f, translation.x, translation.y, translation.z) * rotation);
  return dq;
}

glm::vec3 DualQuat::Translation() const {
  // The scalar part of 2·dual·conj(real) is 2·dot(real, dual), zero for a unit
  // dual quaternion; a blend need not keep it zero, and it carries no translation.
  const glm::quat t = 2.0f * (dual * glm::conjugate(real));
  return glm::vec3(t.x, t.y, t.z);
}

glm::mat4 DualQuat::ToMat4() const {
  glm::mat4 m = glm::mat4_cast(real);
  m[3] = glm::vec4(Translation(), 1.0f);
  return m;
}

DualQuat BlendDualQuats(Span<const DualQuat> dqs, Span<const float> weights) {
  std::size_t pivot = 0;
  for (std::size_t i = 1; i < dqs.size; ++i)
    if (weights[i] > weights[pivot]) pivot = i;
  DualQuat sum;
  sum.real = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
  for (std::size_t i = 0; i < dqs.size; ++i) {
    if (weights[i] == 0.0f) continue;
    const float w = glm::dot(dqs[i].real, dqs[pivot].real) < 0.0f ? -weights[i] : weights[i];
    sum.real = sum.real + w * dqs[i].real;
    sum.dual = sum.dual + w * dqs[i].dual;
  }
  const float length = glm::length(sum.real);
  if (!(length > 0.0f)) return DualQuat();
  sum.real = sum.real / length;
  sum.dual = sum.dual / length;
  return sum;
}

}  // namespace kin
