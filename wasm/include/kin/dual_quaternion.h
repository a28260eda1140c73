// Unit dual quaternions: rigid transforms (rotation + translation) that blend
// without the collapse of averaged matrices. Used by dual quaternion skinning
// (Kavan, Collins, Žára, O'Sullivan 2008, "Geometric Skinning with Approximate
// Dual Quaternion Blending"; the blend itself is in the skinning kernel). A
// rigid transform x ↦ R·x + t is
//   real = q (unit quaternion of R),   dual = ½ · (0, t) · q,
// and t is recovered as the vector part of 2 · dual · conj(real).
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace kin {

struct DualQuat {
  glm::quat real = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);  // rotation
  glm::quat dual = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);  // ½ · translation · rotation

  // `rotation` must be unit.
  static DualQuat FromRigid(const glm::quat& rotation, const glm::vec3& translation);

  // Assumes a unit dual quaternion.
  glm::vec3 Translation() const;
};

}  // namespace kin
