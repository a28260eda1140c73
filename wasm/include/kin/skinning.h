// CPU skinning: linear blend here, dual quaternion in kin/dqs.h. The
// reference the shaders are checked against and the path for picking,
// bounds and export.
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

// The most vertices a rig's skin may have: several million-vertex buffers per
// skin fit in WASM memory, and a bigger request is refused before its
// buffers are allocated.
constexpr int kMaxSkinVertices = 1 << 21;

// Largest weight magnitude taken (blend weights are fractions; files may leave
// them unnormalised, never by this much): it keeps weighted sums finite.
constexpr float kMaxSkinWeight = 1e3f;

// Ok, or why a skin of `vertices` vertices (positions / 3) is too big.
Status ValidateSkinVertexCount(double vertices);

// Which build of the per-vertex loop a skinning job runs. Both perform the
// same float operations in the same order. kSimd keeps a vertex's four
// influences in 4-wide vector registers (SSE in a native x86-64 build,
// simd128 in WASM built with -msimd128) where the compiler has GCC/Clang
// vector extensions, and is kPortable elsewhere; kPortable is plain C++.
enum class SkinningKernel { kSimd, kPortable };

// True when kSimd runs on vector registers in this build.
bool HasSimdSkinning();

// Positions: Σ w_k M_k · p. Normals: the inverse transpose of the blended
// 3×3, applied and normalised (computed as its cofactor with the sign of the
// determinant: the same direction, and finite where a blend is singular).
// The bottom row of each palette matrix is taken as (0, 0, 0, 1).
struct LbsJob {
  Span<const glm::mat4> palette;        // P_j · inverse bind, per bone
  Span<const glm::vec3> positions_ms;   // bind-pose vertices
  Span<const glm::vec3> normals_ms;     // optional (size 0 or vertex count)
  int influences = kMinInfluences;      // joints and weights per vertex: 4 or 8
  Span<const std::uint16_t> joints;     // `influences` per vertex
  Span<const float> weights;            // `influences` per vertex
  Span<glm::vec3> out_positions_ms;
  Span<glm::vec3> out_normals_ms;       // required when normals are given
  SkinningKernel kernel = SkinningKernel::kSimd;

  Status Validate() const;
  Status Run() const;
};

}  // namespace kin
