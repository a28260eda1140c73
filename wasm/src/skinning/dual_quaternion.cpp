#include "kin/dual_quaternion.h"

namespace kin {

DualQuat DualQuat::FromRigid(const glm::quat& rotation, const glm::vec3& translation) {
  DualQuat dq;
  dq.real = rotation;
  dq.dual = 0.5f * (glm::quat(0.0f, translation.x, translation.y, translation.z) * rotation);
  return dq;
}

glm::vec3 DualQuat::Translation() const {
  const glm::quat t = 2.0f * (dual * glm::conjugate(real));
  return glm::vec3(t.x, t.y, t.z);
}

}  // namespace kin
