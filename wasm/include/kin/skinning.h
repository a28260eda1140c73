// CPU linear blend skinning: the reference the shaders are checked against
// and the path for picking and bounds.
#pragma once

#include <cstdint>

#include <glm/glm.hpp>

#include "kin/span.h"
#include "kin/status.h"

namespace kin {

struct LbsJob {
  Span<const glm::mat4> palette;        // P_j · inverse bind, per bone
  Span<const glm::vec3> positions_ms;   // bind-pose vertices
  Span<const glm::vec3> normals_ms;     // optional (size 0 or vertex count)
  Span<const std::uint16_t> joints;     // 4 per vertex
  Span<const float> weights;            // 4 per vertex
  Span<glm::vec3> out_positions_ms;
  Span<glm::vec3> out_normals_ms;       // required when normals are given

  Status Validate() const;
  Status Run() const;
};

}  // namespace kin
