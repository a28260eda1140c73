// Unit dual quaternions: rigid transforms (rotation + translation) that blend
// without the collapse of averaged matrices. Used by dual quaternion skinning
// (Kavan, Collins, Žára, O'Sullivan 2008, "Geometric Skinning with Approximate
// Dual Quaternion Blending"). A rigid transform x ↦ R·x + t is
//   real = q (unit quaternion of R),   dual = ½ · (0, t) · q,
// and t is recovered as the vector part of 2 · dual · conj(real).
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/span.h"

namespace kin {

struct DualQuat {
  glm::quat real = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);  // rotation
  glm::quat dual = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);  // ½ · translation · rotation

  // `rotation` must be unit.
  static DualQuat FromRigid(const glm::quat& rotation, const glm::vec3& translation);

  // Both assume a unit dual quaternion (as returned by BlendDualQuats).
  glm::vec3 Translation() const;
  glm::mat4 ToMat4() const;
};

// Σ w_i · dq_i, normalised by the length of the blended real part (Kavan's DLB).
// Antipodality: q and −q are the same rotation, so each influence is first
// flipped into the hemisphere of the largest-weight one (dot of real parts < 0
// → negate); otherwise the blend can take the long way round. When the weights
// cancel to a zero real part there is no rotation to recover, and the identity
// is returned. `dqs` and `weights` have the same size.
DualQuat BlendDualQuats(Span<const DualQuat> dqs, Span<const float> weights);

}  // namespace kin
