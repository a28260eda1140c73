#include "kin/forward.h"

#include "fk_loop.h"
#include "kin/forward_generic.h"
#include "math_checks.h"

namespace kin {

glm::mat4 LocalTransform(const Skeleton& skeleton, int i, const glm::vec3& angles_i,
                         const glm::vec3& root_offset_ms) {
  return LocalTransformT(skeleton, i, angles_i, root_offset_ms);
}

Status ForwardJob::Validate() const {
  if (skeleton == nullptr) return Status::Invalid("forward: no skeleton");
  const std::size_t n = static_cast<std::size_t>(skeleton->bone_count());
  if (angles.size != n) return Status::Invalid("forward: %zu angle triples for %zu bones", angles.size, n);
  if (model_ms.size != n) return Status::Invalid("forward: output holds %zu matrices for %zu bones", model_ms.size, n);
  if (!IsFinite(root_offset_ms)) return Status::Invalid("forward: root offset is not finite");
  for (std::size_t i = 0; i < n; ++i)
    if (!IsFinite(angles[i]))
      return Status::Invalid("forward: angles of bone %zu '%s' are not finite", i, skeleton->name(i).c_str());
  return Status::Ok();
}

Status ForwardJob::Run() const {
  const Status status = Validate();
  if (!status.ok()) return status;
  ComputeModelMatrices(*skeleton, angles, root_offset_ms, model_ms);
  return Status::Ok();
}

void BoneTips(const Skeleton& skeleton, Span<const glm::mat4> model_ms, Span<glm::vec3> tips_ms) {
  for (int i = 0; i < skeleton.bone_count(); ++i)
    tips_ms[i] = glm::vec3(model_ms[i] * glm::vec4(skeleton.tip_bs(i), 1.0f));
}

namespace {

bool IsAffine(const glm::mat4& m) { return m[0][3] == 0.0f && m[1][3] == 0.0f && m[2][3] == 0.0f && m[3][3] == 1.0f; }

}  // namespace

void SkinningPalette(const Skeleton& skeleton, Span<const glm::mat4> model_ms, Span<glm::mat4> palette) {
  // A forward pass leaves its matrices affine, and so does an inverse bind
  // made from one (then glm's product less the terms of their bottom rows,
  // the same up to an exact zero's sign); a given inverse bind or a spring's
  // matrix may not be.
  for (int i = 0; i < skeleton.bone_count(); ++i) {
    const glm::mat4& model = model_ms[i];
    const glm::mat4& inverse_bind = skeleton.inverse_bind(i);
    palette[i] = IsAffine(model) && IsAffine(inverse_bind) ? AffineProductT(model, inverse_bind) : model * inverse_bind;
  }
}

}  // namespace kin
