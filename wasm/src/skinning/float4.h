// Four floats as one value, in two builds with one interface, for the
// skinning kernels (skinning_kernels.h), which are written once over either:
//   VectorFloat4   — a GCC/Clang vector-extension type: SSE registers in a
//                    native x86-64 build, simd128 in WASM built with -msimd128;
//   PortableFloat4 — four plain floats, for any C++17 compiler.
// Every operation is lane-wise (IEEE-exact per lane, square root included) or
// only moves lanes, so both builds give bit-identical results.
// Core-internal header.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace kin {

struct PortableFloat4 {
  float lane[4];

  // Lane-wise comparison results.
  struct Mask {
    bool lane[4];
  };

  static PortableFloat4 Load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
  void Store(float* p) const {
    for (int i = 0; i < 4; ++i) p[i] = lane[i];
  }
  static PortableFloat4 Splat(float s) { return {{s, s, s, s}}; }
  float operator[](int i) const { return lane[i]; }
  // Lanes i0..i3 of the eight lanes (a, b).
  template <int i0, int i1, int i2, int i3>
  static PortableFloat4 Shuffle(PortableFloat4 a, PortableFloat4 b) {
    const float* ab[2] = {a.lane, b.lane};
    return {{ab[i0 / 4][i0 % 4], ab[i1 / 4][i1 % 4], ab[i2 / 4][i2 % 4], ab[i3 / 4][i3 % 4]}};
  }

  friend PortableFloat4 operator+(PortableFloat4 a, PortableFloat4 b) { return Map(a, b, [](float x, float y) { return x + y; }); }
  friend PortableFloat4 operator-(PortableFloat4 a, PortableFloat4 b) { return Map(a, b, [](float x, float y) { return x - y; }); }
  friend PortableFloat4 operator*(PortableFloat4 a, PortableFloat4 b) { return Map(a, b, [](float x, float y) { return x * y; }); }
  friend PortableFloat4 operator/(PortableFloat4 a, PortableFloat4 b) { return Map(a, b, [](float x, float y) { return x / y; }); }
  static PortableFloat4 Sqrt(PortableFloat4 a) { return Map(a, a, [](float x, float) { return std::sqrt(x); }); }

  static Mask Greater(PortableFloat4 a, PortableFloat4 b) {
    return {{a.lane[0] > b.lane[0], a.lane[1] > b.lane[1], a.lane[2] > b.lane[2], a.lane[3] > b.lane[3]}};
  }
  // m ? a : b, per lane.
  static PortableFloat4 Select(Mask m, PortableFloat4 a, PortableFloat4 b) {
    return {{m.lane[0] ? a.lane[0] : b.lane[0], m.lane[1] ? a.lane[1] : b.lane[1], m.lane[2] ? a.lane[2] : b.lane[2],
             m.lane[3] ? a.lane[3] : b.lane[3]}};
  }

 private:
  template <class Op>
  static PortableFloat4 Map(PortableFloat4 a, PortableFloat4 b, Op op) {
    return {{op(a.lane[0], b.lane[0]), op(a.lane[1], b.lane[1]), op(a.lane[2], b.lane[2]), op(a.lane[3], b.lane[3])}};
  }
};

#if defined(__GNUC__)  // GCC and Clang (Emscripten included)
#define KIN_HAS_VECTOR_FLOAT4 1

struct VectorFloat4 {
  typedef float Raw __attribute__((vector_size(16)));
  typedef std::int32_t Bits __attribute__((vector_size(16)));
  Raw v;

  // All ones where a comparison held.
  struct Mask {
    Bits bits;
  };

  // memcpy: the buffers hold floats at 4-byte alignment, not vectors.
  static VectorFloat4 Load(const float* p) {
    VectorFloat4 r;
    std::memcpy(&r.v, p, sizeof(r.v));
    return r;
  }
  void Store(float* p) const { std::memcpy(p, &v, sizeof(v)); }
  static VectorFloat4 Splat(float s) { return {Raw{s, s, s, s}}; }
  float operator[](int i) const { return v[i]; }
  template <int i0, int i1, int i2, int i3>
  static VectorFloat4 Shuffle(VectorFloat4 a, VectorFloat4 b) {
    return {__builtin_shufflevector(a.v, b.v, i0, i1, i2, i3)};
  }

  friend VectorFloat4 operator+(VectorFloat4 a, VectorFloat4 b) { return {a.v + b.v}; }
  friend VectorFloat4 operator-(VectorFloat4 a, VectorFloat4 b) { return {a.v - b.v}; }
  friend VectorFloat4 operator*(VectorFloat4 a, VectorFloat4 b) { return {a.v * b.v}; }
  friend VectorFloat4 operator/(VectorFloat4 a, VectorFloat4 b) { return {a.v / b.v}; }
  static VectorFloat4 Sqrt(VectorFloat4 a) {
#if defined(__wasm_simd128__)
    return {__builtin_wasm_sqrt_f32x4(a.v)};
#elif defined(__SSE__)
    return {__builtin_ia32_sqrtps(a.v)};
#else
    return {Raw{std::sqrt(a.v[0]), std::sqrt(a.v[1]), std::sqrt(a.v[2]), std::sqrt(a.v[3])}};
#endif
  }

  static Mask Greater(VectorFloat4 a, VectorFloat4 b) { return {a.v > b.v}; }
  static VectorFloat4 Select(Mask m, VectorFloat4 a, VectorFloat4 b) {
    return {(Raw)((m.bits & (Bits)a.v) | (~m.bits & (Bits)b.v))};
  }
};
#endif

}  // namespace kin
