#include <cmath>

#include "kin/skinning.h"

namespace kin {

Status LbsJob::Validate() const {
  const std::size_t v = positions_ms.size;
  const std::size_t k = static_cast<std::size_t>(influences);
  if (palette.size == 0) return Status::Invalid("lbs: empty palette");
  if (!IsInfluenceCount(influences)) return Status::Invalid("lbs: %d influences per vertex (need 4 or 8)", influences);
  if (joints.size != k * v) return Status::Invalid("lbs: %zu joint indices for %zu vertices (need %zu each)", joints.size, v, k);
  if (weights.size != k * v) return Status::Invalid("lbs: %zu weights for %zu vertices (need %zu each)", weights.size, v, k);
  if (out_positions_ms.size != v) return Status::Invalid("lbs: output holds %zu positions for %zu vertices", out_positions_ms.size, v);
  if (normals_ms.size != 0 && normals_ms.size != v)
    return Status::Invalid("lbs: %zu normals for %zu vertices", normals_ms.size, v);
  if (normals_ms.size != 0 && out_normals_ms.size != v)
    return Status::Invalid("lbs: output holds %zu normals for %zu vertices", out_normals_ms.size, v);
  for (std::size_t i = 0; i < joints.size; ++i)
    if (joints[i] >= palette.size)
      return Status::Invalid("lbs: vertex %zu uses joint %u, palette has %zu", i / k, joints[i], palette.size);
  for (std::size_t i = 0; i < weights.size; ++i)
    if (!std::isfinite(weights[i])) return Status::Invalid("lbs: weight of vertex %zu is not finite", i / k);
  return Status::Ok();
}

Status LbsJob::Run() const {
  const Status status = Validate();
  if (!status.ok()) return status;
  const bool with_normals = normals_ms.size != 0;
  const std::size_t count = static_cast<std::size_t>(influences);
  for (std::size_t v = 0; v < positions_ms.size; ++v) {
    glm::mat4 blend(0.0f);
    for (std::size_t k = count * v; k < count * (v + 1); ++k) {
      const float w = weights[k];
      if (w != 0.0f) blend += w * palette[joints[k]];
    }
    out_positions_ms[v] = glm::vec3(blend * glm::vec4(positions_ms[v], 1.0f));
    if (with_normals) {
      // Normals transform by the inverse transpose of the blended matrix.
      const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(blend)));
      const glm::vec3 n = normal_matrix * normals_ms[v];
      const float len = glm::length(n);
      out_normals_ms[v] = len > 0.0f ? n / len : n;
    }
  }
  return Status::Ok();
}

}  // namespace kin
