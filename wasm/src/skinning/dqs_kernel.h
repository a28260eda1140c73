// The DQS kernel: four vertices at a time, one per lane. Each influence's
// bone data is gathered and transposed, so that the quaternion algebra needs
// no horizontal operation and no branch depends on the data. Written over a
// 4-float type (float4.h); shaders/skin-dqs.glsl computes the same formulas,
// keep them in step. Core-internal header.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "skinning_kernels.h"

namespace kin {
namespace skinning_detail {

// Four 3-vectors, one per lane (one per vertex of a block).
template <class F4>
struct Vec3x4 {
  F4 x, y, z;
};

template <class F4>
Vec3x4<F4> operator+(const Vec3x4<F4>& a, const Vec3x4<F4>& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class F4>
Vec3x4<F4> operator-(const Vec3x4<F4>& a, const Vec3x4<F4>& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class F4>
Vec3x4<F4> operator*(const Vec3x4<F4>& a, F4 s) {
  return {a.x * s, a.y * s, a.z * s};
}
template <class F4>
Vec3x4<F4> Cross(const Vec3x4<F4>& a, const Vec3x4<F4>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class F4>
F4 Dot(const Vec3x4<F4>& a, const Vec3x4<F4>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

// Rows become columns: lane l of out[i] is lane i of in[l].
template <class F4>
void Transpose(F4 (&m)[4]) {
  const F4 t0 = F4::template Shuffle<0, 4, 1, 5>(m[0], m[1]);
  const F4 t1 = F4::template Shuffle<2, 6, 3, 7>(m[0], m[1]);
  const F4 t2 = F4::template Shuffle<0, 4, 1, 5>(m[2], m[3]);
  const F4 t3 = F4::template Shuffle<2, 6, 3, 7>(m[2], m[3]);
  m[0] = F4::template Shuffle<0, 1, 4, 5>(t0, t2);
  m[1] = F4::template Shuffle<2, 3, 6, 7>(t0, t2);
  m[2] = F4::template Shuffle<0, 1, 4, 5>(t1, t3);
  m[3] = F4::template Shuffle<2, 3, 6, 7>(t1, t3);
}

// 4 packed xyz triples (12 floats) ↔ one Vec3x4.
template <class F4>
Vec3x4<F4> LoadVec3x4(const float* p) {
  const F4 a = F4::Load(p), b = F4::Load(p + 4), c = F4::Load(p + 8);  // x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3
  const F4 x01_x2 = F4::template Shuffle<0, 3, 6, 6>(a, b);
  const F4 y01_y2 = F4::template Shuffle<1, 4, 7, 7>(a, b);
  const F4 z0_z1 = F4::template Shuffle<2, 5, 5, 5>(a, b);
  return {F4::template Shuffle<0, 1, 2, 5>(x01_x2, c), F4::template Shuffle<0, 1, 3, 6>(y01_y2, c),
          F4::template Shuffle<0, 1, 4, 7>(z0_z1, c)};
}

template <class F4>
void StoreVec3x4(const Vec3x4<F4>& v, float* p) {
  const F4 xy = F4::template Shuffle<0, 4, 1, 5>(v.x, v.y);  // x0 y0 x1 y1
  F4::template Shuffle<0, 1, 4, 2>(xy, v.z).Store(p);        // x0 y0 z0 x1
  const F4 yz = F4::template Shuffle<1, 5, 2, 6>(v.y, v.z);  // y1 z1 y2 z2
  F4::template Shuffle<0, 1, 6, 2>(yz, v.x).Store(p + 4);    // y1 z1 x2 y2
  const F4 zx = F4::template Shuffle<2, 7, 3, 3>(v.z, v.x);  // z2 x3 z3 z3
  F4::template Shuffle<0, 1, 7, 2>(zx, v.y).Store(p + 8);    // z2 x3 y3 z3
}

// cofactor(C) · n = det(C) · C⁻ᵀ · n for the 3×3 matrices C with columns
// c0 c1 c2: the inverse transpose's direction up to the sign of det, finite
// even where a blend makes C singular. `det` receives det(C).
template <class F4>
Vec3x4<F4> CofactorTimes(const Vec3x4<F4>& c0, const Vec3x4<F4>& c1, const Vec3x4<F4>& c2, const Vec3x4<F4>& n,
                         F4* det) {
  const Vec3x4<F4> k0 = Cross(c1, c2), k1 = Cross(c2, c0), k2 = Cross(c0, c1);
  *det = Dot(c0, k0);
  return k0 * n.x + k1 * n.y + k2 * n.z;
}

// Stores m / |m|, negated where det < 0 (turning cofactor · n into the
// direction of C⁻ᵀ · n); a zero m is stored as it is.
template <class F4>
void StoreUnitNormals(const Vec3x4<F4>& m, F4 det, float* out) {
  const F4 zero = F4::Splat(0.0f), one = F4::Splat(1.0f);
  const F4 length2 = Dot(m, m);
  const F4 inverse_length = F4::Select(F4::Greater(length2, zero), one / F4::Sqrt(length2), one);
  StoreVec3x4(m * F4::Select(F4::Greater(zero, det), zero - inverse_length, inverse_length), out);
}

// One block's slices of the arrays: 4 vertices (joints and weights: the
// kernel's influence count per vertex).
struct Block {
  const float* positions;
  const float* normals;
  const std::uint16_t* joints;
  const float* weights;
  float* out_positions;
  float* out_normals;
};

// Calls block(b) for every 4 vertices of kInfluences influences each; the
// last 1–3 go through a padded copy.
template <int kInfluences, class BlockFn>
void ForEachBlock(const SkinArrays& a, BlockFn block) {
  constexpr std::size_t k = kInfluences;
  const std::size_t full = a.count / 4 * 4;
  for (std::size_t v = 0; v < full; v += 4)
    block(Block{a.positions + 3 * v, a.normals ? a.normals + 3 * v : nullptr, a.joints + k * v, a.weights + k * v,
                a.out_positions + 3 * v, a.out_normals ? a.out_normals + 3 * v : nullptr});
  const std::size_t rest = a.count - full;
  if (rest == 0) return;
  float positions[12] = {}, normals[12] = {}, weights[4 * k] = {}, out_positions[12], out_normals[12];
  std::uint16_t joints[4 * k] = {};
  for (std::size_t i = 0; i < 3 * rest; ++i) positions[i] = a.positions[3 * full + i];
  for (std::size_t i = 0; i < 3 * rest && a.normals; ++i) normals[i] = a.normals[3 * full + i];
  for (std::size_t i = 0; i < k * rest; ++i) {
    joints[i] = a.joints[k * full + i];
    weights[i] = a.weights[k * full + i];
  }
  for (std::size_t i = k * rest; i < 4 * k; i += k) weights[i] = 1.0f;  // padding: bone 0, rigidly
  block(Block{positions, normals, joints, weights, out_positions, out_normals});
  for (std::size_t i = 0; i < 3 * rest; ++i) a.out_positions[3 * full + i] = out_positions[i];
  for (std::size_t i = 0; i < 3 * rest && a.normals; ++i) a.out_normals[3 * full + i] = out_normals[i];
}

// Lanes of influence k of a block's vertices: 4 floats at `offset` of each
// one's packed DQS bone, transposed (x, y, z, w of the four vertices).
template <int kInfluences, class F4>
void GatherDqs(const float* bones, const std::uint16_t* joints, int k, int offset, F4 (&out)[4]) {
  for (int vertex = 0; vertex < 4; ++vertex)
    out[vertex] = F4::Load(bones + 20 * joints[kInfluences * vertex + k] + offset);
  Transpose(out);
}

// |r|² of a blend, relative to (Σ |w|)², at or below which the weights have
// cancelled; and at or below kSmallestBlend whatever the weights (weights
// of 1e-20 give |r|² = 1e-40, and 2 / |r|² overflows a float). The shader
// (shaders/skin-dqs.glsl) uses the same.
constexpr float kCancelledBlend = 1e-12f;
constexpr float kSmallestBlend = 1e-30f;

// DQS of 4 vertices, one per lane throughout: no branch depends on the data.
// Per bone, 20 floats: real x y z w, dual x y z w, then S's columns x y z 0.
// kScale false: every S is the identity (the rig has no scale), skipped.
// kInfluences: 4 or 8 joints and weights per vertex.
template <class F4, int kInfluences, bool kScale, bool kNormals>
void DqsBlock(const float* bones, const Block& b) {
  const F4 zero = F4::Splat(0.0f), one = F4::Splat(1.0f);
  // w[k]: influence k's weight, per vertex; transposed four influences at a time.
  F4 w[kInfluences];
  for (int group = 0; group < kInfluences; group += 4) {
    F4 rows[4];
    for (int vertex = 0; vertex < 4; ++vertex) rows[vertex] = F4::Load(b.weights + kInfluences * vertex + group);
    Transpose(rows);
    for (int k = 0; k < 4; ++k) w[group + k] = rows[k];
  }
  // Antipodality: every rotation joins the hemisphere of the largest weight's
  // (the first of equal ones).
  F4 pivot[4];
  for (int vertex = 0; vertex < 4; ++vertex) {
    const float* wv = b.weights + kInfluences * vertex;
    int largest = 0;
    for (int k = 1; k < kInfluences; ++k) largest = wv[k] > wv[largest] ? k : largest;
    pivot[vertex] = F4::Load(bones + 20 * b.joints[kInfluences * vertex + largest]);
  }
  Transpose(pivot);
  F4 blend_real[4] = {zero, zero, zero, zero}, blend_dual[4] = {zero, zero, zero, zero};
  F4 weight_total = zero;  // Σ |w_k|: what |r| is measured against
  Vec3x4<F4> s[3] = {{zero, zero, zero}, {zero, zero, zero}, {zero, zero, zero}};
  for (int k = 0; k < kInfluences; ++k) {
    F4 real[4];
    GatherDqs<kInfluences>(bones, b.joints, k, 0, real);
    const F4 dot = real[0] * pivot[0] + real[1] * pivot[1] + real[2] * pivot[2] + real[3] * pivot[3];
    const F4 signed_w = F4::Select(F4::Greater(zero, dot), zero - w[k], w[k]);
    weight_total = weight_total + F4::Select(F4::Greater(zero, w[k]), zero - w[k], w[k]);
    F4 dual[4];
    GatherDqs<kInfluences>(bones, b.joints, k, 4, dual);
    for (int c = 0; c < 4; ++c) {
      blend_real[c] = blend_real[c] + real[c] * signed_w;
      blend_dual[c] = blend_dual[c] + dual[c] * signed_w;
    }
    if constexpr (kScale) {
      for (int col = 0; col < 3; ++col) {
        F4 column[4];
        GatherDqs<kInfluences>(bones, b.joints, k, 8 + 4 * col, column);
        s[col] = s[col] + Vec3x4<F4>{column[0], column[1], column[2]} * w[k];
      }
    }
  }
  // The blend (r, e) stands for the unit dual quaternion (r, e) / |r|; with
  // f = 2 / |r|², rotating by it and adding its translation
  // 2 (r_w e − e_w r_u + r_u × e) / |r|² is
  //   v' = v + f · (r_u × (r_u × v + r_w v + e) + r_w e − e_w r_u),
  // and rotating a normal is n + f · r_u × (r_u × n + r_w n). Where the
  // weights cancel (|r|² within kCancelledBlend of (Σ |w|)², opposite
  // weights on one rotation) there is no rotation to recover, only rounding,
  // and 2 / |r|² would overflow: f = 0, identity.
  const F4 length2 =
      blend_real[0] * blend_real[0] + blend_real[1] * blend_real[1] + blend_real[2] * blend_real[2] + blend_real[3] * blend_real[3];
  const F4 relative = F4::Splat(kCancelledBlend) * weight_total * weight_total;
  const F4 cancelled = F4::Select(F4::Greater(relative, F4::Splat(kSmallestBlend)), relative, F4::Splat(kSmallestBlend));
  const F4 f = F4::Select(F4::Greater(length2, cancelled), F4::Splat(2.0f) / length2, zero);
  const Vec3x4<F4> r_u{blend_real[0], blend_real[1], blend_real[2]}, e{blend_dual[0], blend_dual[1], blend_dual[2]};
  const F4 r_w = blend_real[3], e_w = blend_dual[3];
  Vec3x4<F4> p = LoadVec3x4<F4>(b.positions);
  if constexpr (kScale) p = s[0] * p.x + s[1] * p.y + s[2] * p.z;
  StoreVec3x4(p + (Cross(r_u, Cross(r_u, p) + p * r_w + e) + e * r_w - r_u * e_w) * f, b.out_positions);
  if constexpr (kNormals) {
    // R · S⁻ᵀ · n; S is symmetric, so its cofactor is too.
    const Vec3x4<F4> n = LoadVec3x4<F4>(b.normals);
    F4 det = one;
    Vec3x4<F4> m = n;
    if constexpr (kScale) m = CofactorTimes(s[0], s[1], s[2], n, &det);
    StoreUnitNormals(m + Cross(r_u, Cross(r_u, m) + m * r_w) * f, det, b.out_normals);
  }
}

}  // namespace skinning_detail
}  // namespace kin
