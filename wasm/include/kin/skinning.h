// CPU linear blend skinning: the reference the shaders are checked against
// and the path for picking and bounds.
#pragma once

#include <cstdint>

#include <glm/glm.hpp>

#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// Joints (and weights) per vertex a skinning job takes: glTF's JOINTS_0 alone,
// or JOINTS_0 and JOINTS_1 interleaved per vertex (0–3 from the first set,
// 4–7 from the second).
constexpr int kMinInfluences = 4;
constexpr int kMaxInfluences = 8;

// Whether `influences` is one of the counts the jobs take (4 or 8).
inline bool IsInfluenceCount(int influences) { return influences == kMinInfluences || influences == kMaxInfluences; }

struct LbsJob {
  Span<const glm::mat4> palette;        // P_j · inverse bind, per bone
  Span<const glm::vec3> positions_ms;   // bind-pose vertices
  Span<const glm::vec3> normals_ms;     // optional (size 0 or vertex count)
  int influences = kMinInfluences;      // joints and weights per vertex: 4 or 8
  Span<const std::uint16_t> joints;     // `influences` per vertex
  Span<const float> weights;            // `influences` per vertex
  Span<glm::vec3> out_positions_ms;
  Span<glm::vec3> out_normals_ms;       // required when normals are given

  Status Validate() const;
  Status Run() const;
};

}  // namespace kin
