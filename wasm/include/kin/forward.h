// Forward kinematics: one loop over the parent-first arrays.
#pragma once

#include <glm/glm.hpp>

#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// Bone-to-model matrices P_j for a pose (angles per bone by Euler slot, plus
// the offset added to every root's rest translation).
struct ForwardJob {
  const Skeleton* skeleton = nullptr;
  Span<const glm::vec3> angles;       // one per bone (radians, by slot)
  glm::vec3 root_offset_ms{0.0f};     // model space
  Span<glm::mat4> model_ms;           // output: bone -> model, one per bone

  Status Validate() const;
  // Validates, then fills model_ms. Does not allocate.
  Status Run() const;
};

// The local transform of bone `i` (bone -> parent space) for `angles_i`.
glm::mat4 LocalTransform(const Skeleton& skeleton, int i, const glm::vec3& angles_i,
                         const glm::vec3& root_offset_ms);

// Bone tips in model space: P_j · [tip_j, 1]. Sizes must match the skeleton.
void BoneTips(const Skeleton& skeleton, Span<const glm::mat4> model_ms, Span<glm::vec3> tips_ms);

// Skinning palette P_j · inverse_bind_j, column-major, 16 floats per bone.
void SkinningPalette(const Skeleton& skeleton, Span<const glm::mat4> model_ms,
                     Span<glm::mat4> palette);

}  // namespace kin
