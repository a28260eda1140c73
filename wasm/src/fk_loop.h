// The unchecked forward-kinematics loop in float, shared by ForwardJob (which
// validates first) and the solvers (which validated their inputs once).
#pragma once

#include "kin/forward_generic.h"

namespace kin {

inline void ComputeModelMatrices(const Skeleton& skeleton, Span<const glm::vec3> angles,
                                 const glm::vec3& root_offset_ms, Span<glm::mat4> model_ms) {
  ComputeModelMatricesT<float>(skeleton, angles, root_offset_ms, model_ms);
}

inline void ComputeModelMatrices(const Skeleton& skeleton, Span<const glm::vec3> angles,
                                 const glm::vec3& root_offset_ms, Span<glm::mat4> model_ms, Span<const int> bones) {
  ComputeModelMatricesT<float>(skeleton, angles, root_offset_ms, model_ms, bones);
}

}  // namespace kin
