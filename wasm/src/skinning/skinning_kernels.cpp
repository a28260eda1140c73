// What the skinning jobs share: buffer checks, raw arrays, and the build of
// the per-vertex loops that a job asked for.
#include "skinning_kernels.h"

#include <cmath>

#include "dqs_kernel.h"
#include "float4.h"
#include "lbs_kernel.h"

namespace kin {
namespace {

// The influence count is a template argument of the kernels, so that each
// count's loops unroll (and the 4-influence path stays as it was).
template <class F4, int kInfluences>
void LbsOf(const SkinArrays& a) {
  using namespace skinning_detail;
  if (a.normals) LbsVertices<F4, kInfluences, true>(a);
  else LbsVertices<F4, kInfluences, false>(a);
}

template <class F4>
void Lbs(const SkinArrays& a) {
  if (a.influences == kMaxInfluences) LbsOf<F4, kMaxInfluences>(a);
  else LbsOf<F4, kMinInfluences>(a);
}

template <class F4, int kInfluences, bool kScale>
void DqsOf(const SkinArrays& a) {
  using namespace skinning_detail;
  const float* bones = a.bones;
  if (a.normals) ForEachBlock<kInfluences>(a, [bones](const Block& b) { DqsBlock<F4, kInfluences, kScale, true>(bones, b); });
  else ForEachBlock<kInfluences>(a, [bones](const Block& b) { DqsBlock<F4, kInfluences, kScale, false>(bones, b); });
}

template <class F4, int kInfluences>
void DqsWithScale(const SkinArrays& a, bool with_scale) {
  if (with_scale) DqsOf<F4, kInfluences, true>(a);
  else DqsOf<F4, kInfluences, false>(a);
}

template <class F4>
void Dqs(const SkinArrays& a, bool with_scale) {
  if (a.influences == kMaxInfluences) DqsWithScale<F4, kMaxInfluences>(a, with_scale);
  else DqsWithScale<F4, kMinInfluences>(a, with_scale);
}

}  // namespace

SkinArrays MakeSkinArrays(const float* bones, Span<const glm::vec3> positions, Span<const glm::vec3> normals,
                          int influences, Span<const std::uint16_t> joints, Span<const float> weights,
                          Span<glm::vec3> out_positions, Span<glm::vec3> out_normals) {
  // glm::vec3 is three tightly packed floats.
  static_assert(sizeof(glm::vec3) == 3 * sizeof(float), "glm::vec3 must be 3 packed floats");
  SkinArrays a;
  a.bones = bones;
  a.positions = reinterpret_cast<const float*>(positions.data);
  a.normals = normals.empty() ? nullptr : reinterpret_cast<const float*>(normals.data);
  a.influences = influences;
  a.joints = joints.data;
  a.weights = weights.data;
  a.count = positions.size;
  a.out_positions = reinterpret_cast<float*>(out_positions.data);
  a.out_normals = normals.empty() ? nullptr : reinterpret_cast<float*>(out_normals.data);
  return a;
}

Status ValidateSkinVertexCount(double vertices) {
  if (!(vertices <= kMaxSkinVertices))
    return Status::Invalid("skin of %.0f vertices, over the %d a rig takes", vertices, kMaxSkinVertices);
  return Status::Ok();
}

Status ValidateSkinBuffers(const char* job, std::size_t bone_count, std::size_t positions, std::size_t normals,
                           int influences, Span<const std::uint16_t> joints, Span<const float> weights,
                           std::size_t out_positions, std::size_t out_normals) {
  const std::size_t v = positions;
  if (!IsInfluenceCount(influences))
    return Status::Invalid("%s: %d influences per vertex (need 4 or 8)", job, influences);
  const std::size_t k = static_cast<std::size_t>(influences);
  if (joints.size != k * v)
    return Status::Invalid("%s: %zu joint indices for %zu vertices (need %zu each)", job, joints.size, v, k);
  if (weights.size != k * v)
    return Status::Invalid("%s: %zu weights for %zu vertices (need %zu each)", job, weights.size, v, k);
  if (out_positions != v) return Status::Invalid("%s: output holds %zu positions for %zu vertices", job, out_positions, v);
  if (normals != 0 && normals != v) return Status::Invalid("%s: %zu normals for %zu vertices", job, normals, v);
  if (normals != 0 && out_normals != v)
    return Status::Invalid("%s: output holds %zu normals for %zu vertices", job, out_normals, v);
  for (std::size_t i = 0; i < joints.size; ++i)
    if (joints[i] >= bone_count)
      return Status::Invalid("%s: vertex %zu uses joint %u, palette has %zu", job, i / k, joints[i], bone_count);
  for (std::size_t i = 0; i < weights.size; ++i)
    if (!(std::fabs(weights[i]) <= kMaxSkinWeight))
      return Status::Invalid("%s: weight of vertex %zu is %g, not within ±%g", job, i / k, static_cast<double>(weights[i]),
                             static_cast<double>(kMaxSkinWeight));
  return Status::Ok();
}

bool HasSimdSkinning() {
#if defined(KIN_HAS_VECTOR_FLOAT4) && (!defined(__wasm__) || defined(__wasm_simd128__))
  return true;
#else
  return false;
#endif
}

void RunLbsKernel(const SkinArrays& arrays, SkinningKernel kernel) {
#if defined(KIN_HAS_VECTOR_FLOAT4)
  if (kernel == SkinningKernel::kSimd) return Lbs<VectorFloat4>(arrays);
#endif
  (void)kernel;
  Lbs<PortableFloat4>(arrays);
}

void RunDqsKernel(const SkinArrays& arrays, bool with_scale, SkinningKernel kernel) {
#if defined(KIN_HAS_VECTOR_FLOAT4)
  if (kernel == SkinningKernel::kSimd) return Dqs<VectorFloat4>(arrays, with_scale);
#endif
  (void)kernel;
  Dqs<PortableFloat4>(arrays, with_scale);
}

}  // namespace kin
