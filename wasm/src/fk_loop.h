// The unchecked forward-kinematics loop, shared by ForwardJob (which validates
// first) and the solvers (which validated their inputs once per solve).
#pragma once

#include "kin/forward.h"

namespace kin {

inline void ComputeModelMatrices(const Skeleton& skeleton, Span<const glm::vec3> angles,
                                 const glm::vec3& root_offset_ms, Span<glm::mat4> model_ms) {
  const int n = skeleton.bone_count();
  for (int i = 0; i < n; ++i) {
    const glm::mat4 local = LocalTransform(skeleton, i, angles[i], root_offset_ms);
    const int p = skeleton.parent(i);
    model_ms[i] = p < 0 ? local : model_ms[p] * local;
  }
}

}  // namespace kin
