// The per-vertex loops of linear blend and dual quaternion skinning, written
// once over a 4-float type (float4.h) so that the SIMD and the portable build
// are the same arithmetic. One vertex per iteration, its 4 influences
// blended in 4-wide registers: a palette column, a quaternion or a scale
// column is one load, so no gathers are needed. The jobs (LbsJob, DqsJob)
// validate before they call in. Core-internal header.
//
// The shaders (shaders/skin-lbs.glsl, skin-dqs.glsl) compute the same
// formulas; keep them in step.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include <glm/glm.hpp>

#include "kin/skinning.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// Raw arrays of a validated skinning job.
struct SkinArrays {
  const float* bones = nullptr;      // LBS: 16 floats per bone (palette); DQS: 20 (PackDqsPalette's layout)
  const float* positions = nullptr;  // 3 per vertex
  const float* normals = nullptr;    // 3 per vertex, or null
  const std::uint16_t* joints = nullptr;  // 4 per vertex
  const float* weights = nullptr;         // 4 per vertex
  std::size_t count = 0;
  float* out_positions = nullptr;
  float* out_normals = nullptr;  // set when normals are
};

SkinArrays MakeSkinArrays(const float* bones, Span<const glm::vec3> positions, Span<const glm::vec3> normals,
                          Span<const std::uint16_t> joints, Span<const float> weights,
                          Span<glm::vec3> out_positions, Span<glm::vec3> out_normals);

// What both jobs check: sizes, joints inside a palette of `bone_count`,
// finite weights. `job` ("lbs", "dqs") starts every message.
Status ValidateSkinBuffers(const char* job, std::size_t bone_count, std::size_t positions, std::size_t normals,
                           Span<const std::uint16_t> joints, Span<const float> weights, std::size_t out_positions,
                           std::size_t out_normals);

void RunLbsKernel(const SkinArrays& arrays, SkinningKernel kernel);
void RunDqsKernel(const SkinArrays& arrays, SkinningKernel kernel);

namespace skinning_detail {

// a × b in lanes x y z (lane w is 0 for finite inputs).
template <class F4>
F4 Cross(F4 a, F4 b) {
  return (a * b.Yzxw() - a.Yzxw() * b).Yzxw();
}

template <class F4>
float Dot3(F4 a, F4 b) {
  const F4 m = a * b;
  return m[0] + m[1] + m[2];
}

template <class F4>
float Dot4(F4 a, F4 b) {
  const F4 m = a * b;
  return (m[0] + m[1]) + (m[2] + m[3]);
}

// cofactor(C) · n = det(C) · C⁻ᵀ · n for the 3×3 matrix with columns c0 c1 c2:
// the inverse transpose's direction up to the sign of det, finite even where
// a blend makes C singular. `det` receives det(C).
template <class F4>
F4 CofactorTimes(F4 c0, F4 c1, F4 c2, const float* n, float* det) {
  const F4 k0 = Cross(c1, c2), k1 = Cross(c2, c0), k2 = Cross(c0, c1);
  *det = Dot3(c0, k0);
  return k0 * F4::Splat(n[0]) + k1 * F4::Splat(n[1]) + k2 * F4::Splat(n[2]);
}

// Stores m / |m|, negated when `det` < 0 (so that cofactor · n becomes
// C⁻ᵀ · n's direction); a zero m is stored as it is.
template <class F4>
void StoreUnit(F4 m, float det, float* out) {
  const float length2 = Dot3(m, m);
  if (length2 > 0.0f) m = m * F4::Splat(std::copysign(1.0f / std::sqrt(length2), det));
  m.Store3(out);
}

// v rotated by the unit quaternion q (lanes x y z = u, w = s):
// v + 2 u × (u × v + s v).
template <class F4>
F4 Rotate(F4 q, float s, F4 v) {
  const F4 t = Cross(q, v) + v * F4::Splat(s);
  return v + Cross(q, t) * F4::Splat(2.0f);
}

template <class F4, bool kNormals>
void LbsVertices(const SkinArrays& a) {
  for (std::size_t v = 0; v < a.count; ++v) {
    const std::uint16_t* j = a.joints + 4 * v;
    const float* w = a.weights + 4 * v;
    const float* m0 = a.bones + 16 * j[0];
    const float* m1 = a.bones + 16 * j[1];
    const float* m2 = a.bones + 16 * j[2];
    const float* m3 = a.bones + 16 * j[3];
    const F4 w0 = F4::Splat(w[0]), w1 = F4::Splat(w[1]), w2 = F4::Splat(w[2]), w3 = F4::Splat(w[3]);
    // The blended matrix, column by column.
    F4 c[4];
    for (int col = 0; col < 4; ++col)
      c[col] = F4::Load(m0 + 4 * col) * w0 + F4::Load(m1 + 4 * col) * w1 + F4::Load(m2 + 4 * col) * w2 +
               F4::Load(m3 + 4 * col) * w3;
    const float* p = a.positions + 3 * v;
    (c[0] * F4::Splat(p[0]) + c[1] * F4::Splat(p[1]) + c[2] * F4::Splat(p[2]) + c[3]).Store3(a.out_positions + 3 * v);
    if (kNormals) {
      float det;
      const F4 m = CofactorTimes(c[0], c[1], c[2], a.normals + 3 * v, &det);
      StoreUnit(m, det, a.out_normals + 3 * v);
    }
  }
}

// Per bone, 20 floats: real x y z w, dual x y z w, then S's columns x y z 0.
template <class F4, bool kNormals>
void DqsVertices(const SkinArrays& a) {
  for (std::size_t v = 0; v < a.count; ++v) {
    const std::uint16_t* j = a.joints + 4 * v;
    const float* w = a.weights + 4 * v;
    const float* b[4] = {a.bones + 20 * j[0], a.bones + 20 * j[1], a.bones + 20 * j[2], a.bones + 20 * j[3]};
    // Antipodality: every rotation joins the hemisphere of the largest weight's.
    int pivot = 0;
    for (int k = 1; k < 4; ++k)
      if (w[k] > w[pivot]) pivot = k;
    const F4 pivot_real = F4::Load(b[pivot]);
    F4 real = F4::Splat(0.0f), dual = real, s0 = real, s1 = real, s2 = real;
    for (int k = 0; k < 4; ++k) {
      const F4 r = F4::Load(b[k]);
      const F4 signed_w = F4::Splat(Dot4(r, pivot_real) < 0.0f ? -w[k] : w[k]);
      const F4 plain_w = F4::Splat(w[k]);
      real = real + r * signed_w;
      dual = dual + F4::Load(b[k] + 4) * signed_w;
      s0 = s0 + F4::Load(b[k] + 8) * plain_w;
      s1 = s1 + F4::Load(b[k] + 12) * plain_w;
      s2 = s2 + F4::Load(b[k] + 16) * plain_w;
    }
    // Normalised by the real part's length; weights that cancel leave no rotation: identity.
    const float length2 = Dot4(real, real);
    F4 q = F4::Make(0.0f, 0.0f, 0.0f, 1.0f), d = F4::Splat(0.0f);
    if (length2 > 0.0f) {
      const F4 inverse_length = F4::Splat(1.0f / std::sqrt(length2));
      q = real * inverse_length;
      d = dual * inverse_length;
    }
    const float qw = q[3], dw = d[3];
    // t = vector part of 2 · d · conj(q) = 2 (qw d − dw q + q × d).
    const F4 t = (d * F4::Splat(qw) - q * F4::Splat(dw) + Cross(q, d)) * F4::Splat(2.0f);
    const float* p = a.positions + 3 * v;
    const F4 scaled = s0 * F4::Splat(p[0]) + s1 * F4::Splat(p[1]) + s2 * F4::Splat(p[2]);
    (Rotate(q, qw, scaled) + t).Store3(a.out_positions + 3 * v);
    if (kNormals) {
      // R · S⁻ᵀ · n; S is symmetric, so its cofactor is too.
      float det;
      const F4 m = CofactorTimes(s0, s1, s2, a.normals + 3 * v, &det);
      StoreUnit(Rotate(q, qw, m), det, a.out_normals + 3 * v);
    }
  }
}

}  // namespace skinning_detail
}  // namespace kin
