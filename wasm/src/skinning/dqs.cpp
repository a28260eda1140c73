#include "kin/dqs.h"

#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "../math_checks.h"
#include "skinning_kernels.h"

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

// A rigid bone's polar split leaves S within float rounding of the identity;
// within this it is stored as exactly the identity, so that a rig without
// scale takes the kernel's rigid path (and the GPU reads the same S).
constexpr float kIdentityScaleTolerance = 1e-6f;

void PackBone(const DqsBone& bone, float* out) {
  const glm::quat& r = bone.rigid.real;
  const glm::quat& d = bone.rigid.dual;
  const float dq[8] = {r.x, r.y, r.z, r.w, d.x, d.y, d.z, d.w};
  for (int k = 0; k < 8; ++k) out[k] = dq[k];
  float off_identity = 0.0f;
  for (int c = 0; c < 3; ++c)
    for (int row = 0; row < 3; ++row)
      off_identity = std::fmax(off_identity, std::fabs(bone.scale[c][row] - (c == row ? 1.0f : 0.0f)));
  const glm::mat3 scale = off_identity <= kIdentityScaleTolerance ? glm::mat3(1.0f) : bone.scale;
  for (int c = 0; c < 3; ++c) {
    for (int row = 0; row < 3; ++row) out[8 + 4 * c + row] = scale[c][row];
    out[8 + 4 * c + 3] = 0.0f;
  }
}

// True when some bone's packed S is not exactly the identity.
bool AnyScale(Span<const float> packed) {
  for (std::size_t j = 0; j < packed.size; j += kDqsFloatsPerBone)
    for (int c = 0; c < 3; ++c)
      for (int row = 0; row < 3; ++row)
        if (packed[j + 8 + 4 * c + row] != (c == row ? 1.0f : 0.0f)) return true;
  return false;
}

Status ValidatePalette(Span<const glm::mat4> palette) {
  if (palette.size == 0) return Status::Invalid("dqs: empty palette");
  for (std::size_t j = 0; j < palette.size; ++j)
    if (!IsFinite(palette[j]) || IsSingular(palette[j]))
      return Status::Invalid("dqs: palette matrix of bone %zu is not finite or singular", j);
  return Status::Ok();
}

// Packs a validated palette.
void Pack(Span<const glm::mat4> palette, Span<float> out) {
  for (std::size_t j = 0; j < palette.size; ++j) {
    DqsBone bone;
    DecomposePaletteMatrix(palette[j], &bone);
    PackBone(bone, &out[kDqsFloatsPerBone * j]);
  }
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

Status PackDqsPalette(Span<const glm::mat4> palette, Span<float> out) {
  const std::size_t n = palette.size;
  if (out.size != kDqsFloatsPerBone * n)
    return Status::Invalid("dqs: %zu floats for a packed palette of %zu bones (need %d each)", out.size, n,
                           kDqsFloatsPerBone);
  const Status status = ValidatePalette(palette);
  if (!status.ok()) return status;
  Pack(palette, out);
  return Status::Ok();
}

Status DqsJob::Validate() const {
  Status status = ValidatePalette(palette);
  if (!status.ok()) return status;
  if (scratch_bones.size != kDqsFloatsPerBone * palette.size)
    return Status::Invalid("dqs: scratch holds %zu floats for a palette of %zu bones (need %d each)",
                           scratch_bones.size, palette.size, kDqsFloatsPerBone);
  return ValidateSkinBuffers("dqs", palette.size, positions_ms.size, normals_ms.size, influences, joints, weights,
                             out_positions_ms.size, out_normals_ms.size);
}

Status DqsJob::Run() const {
  const Status status = Validate();
  if (!status.ok()) return status;
  Pack(palette, scratch_bones);
  RunDqsKernel(MakeSkinArrays(scratch_bones.data, positions_ms, normals_ms, influences, joints, weights,
                              out_positions_ms, out_normals_ms),
               AnyScale(scratch_bones), kernel);
  return Status::Ok();
}

}  // namespace kin
