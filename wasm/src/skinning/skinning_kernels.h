// What the skinning jobs share: their buffers as raw arrays, the checks of
// those buffers, and the per-vertex kernels (lbs_kernel.h, dqs_kernel.h),
// each written once over a 4-float type (float4.h) and built twice: SIMD and
// portable. The jobs validate before they call a kernel. Core-internal header.
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
  int influences = kMinInfluences;        // joints and weights per vertex: 4 or 8
  const std::uint16_t* joints = nullptr;  // `influences` per vertex
  const float* weights = nullptr;         // `influences` per vertex
  std::size_t count = 0;
  float* out_positions = nullptr;
  float* out_normals = nullptr;  // set when normals are
};

SkinArrays MakeSkinArrays(const float* bones, Span<const glm::vec3> positions, Span<const glm::vec3> normals,
                          int influences, Span<const std::uint16_t> joints, Span<const float> weights,
                          Span<glm::vec3> out_positions, Span<glm::vec3> out_normals);

// What both jobs check: 4 or 8 influences, sizes, joints inside a palette of
// `bone_count`, finite weights. `job` ("lbs", "dqs") starts every message.
Status ValidateSkinBuffers(const char* job, std::size_t bone_count, std::size_t positions, std::size_t normals,
                           int influences, Span<const std::uint16_t> joints, Span<const float> weights, std::size_t out_positions,
                           std::size_t out_normals);

void RunLbsKernel(const SkinArrays& arrays, SkinningKernel kernel);
// `with_scale` false: every bone's S is exactly the identity (skipped).
void RunDqsKernel(const SkinArrays& arrays, bool with_scale, SkinningKernel kernel);

}  // namespace kin
