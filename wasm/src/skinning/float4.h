// Four floats as one value, in two builds with one interface, for the
// skinning kernels (skinning_kernels.h), which are written once over either:
//   VectorFloat4   — a GCC/Clang vector-extension type: SSE registers in a
//                    native x86-64 build, simd128 in WASM built with -msimd128;
//   PortableFloat4 — four plain floats, for any C++17 compiler.
// Every operation is lane-wise or names its lanes, so both builds perform the
// same float operations in the same order and give the same results.
// Core-internal header.
#pragma once

#include <cstring>

namespace kin {

struct PortableFloat4 {
  float lane[4];

  static PortableFloat4 Load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
  // x y z from memory, w = 0 (reads exactly three floats).
  static PortableFloat4 Load3(const float* p) { return {{p[0], p[1], p[2], 0.0f}}; }
  static PortableFloat4 Splat(float s) { return {{s, s, s, s}}; }
  static PortableFloat4 Make(float x, float y, float z, float w) { return {{x, y, z, w}}; }
  void Store3(float* p) const {
    p[0] = lane[0];
    p[1] = lane[1];
    p[2] = lane[2];
  }
  float operator[](int i) const { return lane[i]; }
  // (y, z, x, w): the shuffle behind the cross product.
  PortableFloat4 Yzxw() const { return {{lane[1], lane[2], lane[0], lane[3]}}; }

  friend PortableFloat4 operator+(PortableFloat4 a, PortableFloat4 b) {
    return {{a.lane[0] + b.lane[0], a.lane[1] + b.lane[1], a.lane[2] + b.lane[2], a.lane[3] + b.lane[3]}};
  }
  friend PortableFloat4 operator-(PortableFloat4 a, PortableFloat4 b) {
    return {{a.lane[0] - b.lane[0], a.lane[1] - b.lane[1], a.lane[2] - b.lane[2], a.lane[3] - b.lane[3]}};
  }
  friend PortableFloat4 operator*(PortableFloat4 a, PortableFloat4 b) {
    return {{a.lane[0] * b.lane[0], a.lane[1] * b.lane[1], a.lane[2] * b.lane[2], a.lane[3] * b.lane[3]}};
  }
};

#if defined(__GNUC__)  // GCC and Clang (Emscripten included)
#define KIN_HAS_VECTOR_FLOAT4 1

struct VectorFloat4 {
  typedef float Raw __attribute__((vector_size(16)));
  Raw v;

  // memcpy: the buffers hold floats at 4-byte alignment, not vectors.
  static VectorFloat4 Load(const float* p) {
    VectorFloat4 r;
    std::memcpy(&r.v, p, sizeof(r.v));
    return r;
  }
  static VectorFloat4 Load3(const float* p) { return {Raw{p[0], p[1], p[2], 0.0f}}; }
  static VectorFloat4 Splat(float s) { return {Raw{s, s, s, s}}; }
  static VectorFloat4 Make(float x, float y, float z, float w) { return {Raw{x, y, z, w}}; }
  void Store3(float* p) const {
    p[0] = v[0];
    p[1] = v[1];
    p[2] = v[2];
  }
  float operator[](int i) const { return v[i]; }
  VectorFloat4 Yzxw() const { return {__builtin_shufflevector(v, v, 1, 2, 0, 3)}; }

  friend VectorFloat4 operator+(VectorFloat4 a, VectorFloat4 b) { return {a.v + b.v}; }
  friend VectorFloat4 operator-(VectorFloat4 a, VectorFloat4 b) { return {a.v - b.v}; }
  friend VectorFloat4 operator*(VectorFloat4 a, VectorFloat4 b) { return {a.v * b.v}; }
};
#endif

}  // namespace kin
