#include "kin/dqs.h"

#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "../math_checks.h"

namespace kin {
namespace {

// The rotation factor of a polar decomposition A = R·S of a 3×3 matrix with
// det A > 0, by Higham's scaled Newton iteration R ← ½(γR + γ⁻¹R⁻ᵀ), with
// γ = |det R|^(-1/3) so that strongly scaled bones converge as fast as unit ones.
// Double precision keeps R·S within float rounding of A, which is what makes a
// single-influence DQS vertex match LBS.
glm::dmat3 PolarRotation(const glm::dmat3& a) {
  glm::dmat3 r = a;
  for (int iteration = 0; iteration < 32; ++iteration) {
    const double gamma = std::pow(std::fabs(glm::determinant(r)), -1.0 / 3.0);
    const glm::dmat3 next = 0.5 * (gamma * r + (1.0 / gamma) * glm::transpose(glm::inverse(r)));
    double change = 0.0;
    for (int c = 0; c < 3; ++c)
      for (int row = 0; row < 3; ++row) change = std::fmax(change, std::fabs(next[c][row] - r[c][row]));
    r = next;
    if (change < 1e-14) break;
  }
  return r;
}

bool IsSingular(const glm::mat4& m) {
  return !(std::fabs(glm::determinant(glm::dmat3(glm::mat3(m)))) > 0.0);
}

}  // namespace

bool DecomposePaletteMatrix(const glm::mat4& palette_matrix, DqsBone* out) {
  if (!IsFinite(palette_matrix) || IsSingular(palette_matrix)) return false;
  const glm::dmat3 a = glm::dmat3(glm::mat3(palette_matrix));
  // A 3×3 sign flip negates the determinant: polar-decompose the proper part
  // and give the reflection to S.
  const double sign = glm::determinant(a) < 0.0 ? -1.0 : 1.0;
  const glm::dmat3 rotation = PolarRotation(sign * a);
  const glm::dmat3 s = glm::transpose(rotation) * a;
  const glm::dquat q = glm::normalize(glm::quat_cast(rotation));
  out->rigid = DualQuat::FromRigid(glm::quat(static_cast<float>(q.w), static_cast<float>(q.x),
                                             static_cast<float>(q.y), static_cast<float>(q.z)),
                                   glm::vec3(palette_matrix[3]));
  // S is symmetric up to rounding; symmetrise so its inverse transpose is its inverse.
  out->scale = glm::mat3(0.5 * (s + glm::transpose(s)));
  return true;
}

Status PackDqsPalette(Span<const glm::mat4> palette, Span<float> out_dual_quats, Span<float> out_scales) {
  const std::size_t n = palette.size;
  if (out_dual_quats.size != 8 * n)
    return Status::Invalid("dqs: %zu dual quaternion floats for %zu bones (need 8 each)", out_dual_quats.size, n);
  if (out_scales.size != 12 * n)
    return Status::Invalid("dqs: %zu scale floats for %zu bones (need 12 each)", out_scales.size, n);
  for (std::size_t j = 0; j < n; ++j)
    if (!IsFinite(palette[j]) || IsSingular(palette[j]))
      return Status::Invalid("dqs: palette matrix of bone %zu is not finite or singular", j);
  for (std::size_t j = 0; j < n; ++j) {
    DqsBone bone;
    DecomposePaletteMatrix(palette[j], &bone);
    const glm::quat& r = bone.rigid.real;
    const glm::quat& d = bone.rigid.dual;
    const float dq[8] = {r.x, r.y, r.z, r.w, d.x, d.y, d.z, d.w};
    for (int k = 0; k < 8; ++k) out_dual_quats[8 * j + k] = dq[k];
    for (int c = 0; c < 3; ++c) {
      for (int row = 0; row < 3; ++row) out_scales[12 * j + 4 * c + row] = bone.scale[c][row];
      out_scales[12 * j + 4 * c + 3] = 0.0f;
    }
  }
  return Status::Ok();
}

Status DqsJob::Validate() const {
  const std::size_t v = positions_ms.size;
  if (palette.size == 0) return Status::Invalid("dqs: empty palette");
  if (scratch_bones.size != palette.size)
    return Status::Invalid("dqs: scratch holds %zu bones for a palette of %zu", scratch_bones.size, palette.size);
  const std::size_t k = static_cast<std::size_t>(influences);
  if (!IsInfluenceCount(influences)) return Status::Invalid("dqs: %d influences per vertex (need 4 or 8)", influences);
  if (joints.size != k * v) return Status::Invalid("dqs: %zu joint indices for %zu vertices (need %zu each)", joints.size, v, k);
  if (weights.size != k * v) return Status::Invalid("dqs: %zu weights for %zu vertices (need %zu each)", weights.size, v, k);
  if (out_positions_ms.size != v) return Status::Invalid("dqs: output holds %zu positions for %zu vertices", out_positions_ms.size, v);
  if (normals_ms.size != 0 && normals_ms.size != v)
    return Status::Invalid("dqs: %zu normals for %zu vertices", normals_ms.size, v);
  if (normals_ms.size != 0 && out_normals_ms.size != v)
    return Status::Invalid("dqs: output holds %zu normals for %zu vertices", out_normals_ms.size, v);
  for (std::size_t j = 0; j < palette.size; ++j)
    if (!IsFinite(palette[j]) || IsSingular(palette[j]))
      return Status::Invalid("dqs: palette matrix of bone %zu is not finite or singular", j);
  for (std::size_t i = 0; i < joints.size; ++i)
    if (joints[i] >= palette.size)
      return Status::Invalid("dqs: vertex %zu uses joint %u, palette has %zu", i / k, joints[i], palette.size);
  for (std::size_t i = 0; i < weights.size; ++i)
    if (!std::isfinite(weights[i])) return Status::Invalid("dqs: weight of vertex %zu is not finite", i / k);
  return Status::Ok();
}

Status DqsJob::Run() const {
  const Status status = Validate();
  if (!status.ok()) return status;
  for (std::size_t j = 0; j < palette.size; ++j) DecomposePaletteMatrix(palette[j], &scratch_bones[j]);
  const bool with_normals = normals_ms.size != 0;
  const std::size_t count = static_cast<std::size_t>(influences);
  for (std::size_t v = 0; v < positions_ms.size; ++v) {
    DualQuat rigid[kMaxInfluences];
    glm::mat3 scale(0.0f);
    for (std::size_t k = 0; k < count; ++k) {
      const DqsBone& bone = scratch_bones[joints[count * v + k]];
      rigid[k] = bone.rigid;
      scale += weights[count * v + k] * bone.scale;
    }
    const DualQuat blended = BlendDualQuats(Span<const DualQuat>(rigid, count), Span<const float>(&weights[count * v], count));
    const glm::mat3 rotation = glm::mat3_cast(blended.real);
    out_positions_ms[v] = rotation * (scale * positions_ms[v]) + blended.Translation();
    if (with_normals) {
      // S is symmetric, so its inverse transpose is its inverse.
      const glm::vec3 n = rotation * (glm::inverse(scale) * normals_ms[v]);
      const float len = glm::length(n);
      out_normals_ms[v] = len > 0.0f ? n / len : n;
    }
  }
  return Status::Ok();
}

}  // namespace kin
