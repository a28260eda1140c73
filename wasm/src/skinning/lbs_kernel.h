// The LBS kernel: one vertex at a time, a 4-float register per column of
// its blended matrix (a palette column is one load, the blend is lane-wise).
// Measured faster in WASM than four vertices per block, whose transposes cost
// more than the horizontal sums they save. Written over a 4-float type
// (float4.h); shaders/skin-lbs.glsl computes the same formulas, keep them in
// step. Core-internal header.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "skinning_kernels.h"

namespace kin {
namespace skinning_detail {

// One vertex, x y z in lanes 0–2: a × b.
template <class F4>
F4 CrossXyz(F4 a, F4 b) {
  const F4 t = a * F4::template Shuffle<1, 2, 0, 3>(b, b) - F4::template Shuffle<1, 2, 0, 3>(a, a) * b;
  return F4::template Shuffle<1, 2, 0, 3>(t, t);
}
template <class F4>
float DotXyz(F4 a, F4 b) {
  const F4 m = a * b;
  return m[0] + m[1] + m[2];
}

// Positions Σ w M · p; normals along the blended 3×3's inverse transpose,
// as its cofactor (finite where a blend is singular) negated where the
// determinant is negative. kInfluences (4 or 8) joints and weights per vertex.
template <class F4, int kInfluences, bool kNormals>
void LbsVertices(const SkinArrays& a) {
  for (std::size_t v = 0; v < a.count; ++v) {
    const std::uint16_t* j = a.joints + kInfluences * v;
    const float* w = a.weights + kInfluences * v;
    F4 c[4];
    const float* m0 = a.bones + 16 * j[0];
    const F4 w0 = F4::Splat(w[0]);
    for (int col = 0; col < 4; ++col) c[col] = F4::Load(m0 + 4 * col) * w0;
    for (int k = 1; k < kInfluences; ++k) {
      const float* m = a.bones + 16 * j[k];
      const F4 wk = F4::Splat(w[k]);
      for (int col = 0; col < 4; ++col) c[col] = c[col] + F4::Load(m + 4 * col) * wk;
    }
    const float* p = a.positions + 3 * v;
    const F4 out = c[0] * F4::Splat(p[0]) + c[1] * F4::Splat(p[1]) + c[2] * F4::Splat(p[2]) + c[3];
    float* o = a.out_positions + 3 * v;
    o[0] = out[0];
    o[1] = out[1];
    o[2] = out[2];
    if constexpr (kNormals) {
      const float* n = a.normals + 3 * v;
      const F4 k0 = CrossXyz(c[1], c[2]), k1 = CrossXyz(c[2], c[0]), k2 = CrossXyz(c[0], c[1]);
      const float det = DotXyz(c[0], k0);
      F4 m = k0 * F4::Splat(n[0]) + k1 * F4::Splat(n[1]) + k2 * F4::Splat(n[2]);
      const float length2 = DotXyz(m, m);
      if (length2 > 0.0f) m = m * F4::Splat(det < 0.0f ? -1.0f / std::sqrt(length2) : 1.0f / std::sqrt(length2));
      float* on = a.out_normals + 3 * v;
      on[0] = m[0];
      on[1] = m[1];
      on[2] = m[2];
    }
  }
}

}  // namespace skinning_detail
}  // namespace kin
