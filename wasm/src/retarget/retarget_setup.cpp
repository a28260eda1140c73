// RetargetRun::Setup: the limbs both skeletons have, the reference poses,
// the hip heights' ratio, and the chains unmapped bones follow.
#include "retarget_run.h"

#include <cstddef>

namespace kin {
namespace retarget_internal {
namespace {

// The sum of the segments from `root`'s origin down to `end`'s (a descendant).
float ChainLength(const Skeleton& skeleton, Span<const glm::mat4> model_ms, int root, int end) {
  float length = 0.0f;
  for (int b = end; b != root && b >= 0; b = skeleton.parent(b))
    if (skeleton.parent(b) >= 0) length += glm::length(Origin(model_ms[b]) - Origin(model_ms[skeleton.parent(b)]));
  return length;
}

}  // namespace

Status RetargetRun::Setup() {
  int target_roles[kBoneRoleCount];
  FindRoleBones(target_, Span<int>(target_roles, kBoneRoleCount));
  const auto role = [&](BoneRole r) { return r == BoneRole::kCount ? -1 : target_roles[static_cast<int>(r)]; };
  const auto source_of = [&](int t) { return t >= 0 ? map_[t] : -1; };

  const int nt = target_.bone_count();
  ComputeModelMatrices(source_, job_.source_ref_angles, glm::vec3(0.0f), ws_.source_ref_model_ms_);
  ComputeModelMatrices(target_, job_.target_ref_angles, glm::vec3(0.0f), ws_.target_ref_model_ms_);
  Span<const glm::mat4> source_ref(ws_.source_ref_model_ms_.data(), static_cast<std::size_t>(source_.bone_count()));
  Span<const glm::mat4> target_ref(ws_.target_ref_model_ms_.data(), static_cast<std::size_t>(nt));

  target_hips_ = role(BoneRole::kHips);
  source_hips_ = source_of(target_hips_);
  const int target_feet[kFootBones] = {role(BoneRole::kFootL), role(BoneRole::kFootR), role(BoneRole::kToesL), role(BoneRole::kToesR)};
  for (int i = 0; i < kFootBones; ++i) source_feet_[i] = source_of(target_feet[i]);
  const float target_height = Origin(target_ref[target_hips_]).y - LowestFoot(target_, target_ref, target_feet);
  source_height_ = Origin(source_ref[source_hips_]).y - LowestFoot(source_, source_ref, source_feet_);
  if (!(source_height_ > 0.0f))
    return Status::Invalid("retarget: the source's hips '%s' are not above its feet in its reference pose", source_.name(source_hips_).c_str());
  if (!(target_height > 0.0f))
    return Status::Invalid("retarget: the target's hips '%s' are not above its feet in its reference pose", target_.name(target_hips_).c_str());
  hip_ratio_ = target_height / source_height_;

  for (const LimbBones& bones : kLimbs) {
    Limb& limb = limbs_[static_cast<int>(bones.limb)];
    const BoneRole roles[3] = {bones.root, bones.middle, bones.end};
    for (int k = 0; k < 3; ++k) {
      limb.target[k] = role(roles[k]);
      limb.source[k] = source_of(limb.target[k]);
    }
    limb.present = limb.target[0] >= 0 && limb.target[2] >= 0 && limb.source[0] >= 0 && limb.source[2] >= 0;
    if (!limb.present) continue;
    limb.source_length = ChainLength(source_, source_ref, limb.source[0], limb.source[2]);
    limb.target_length = ChainLength(target_, target_ref, limb.target[0], limb.target[2]);
    if (!(limb.source_length > 0.0f) || !(limb.target_length > 0.0f))
      return Status::Invalid("retarget: limb %s ('%s' to '%s') has no length", RetargetLimbName(bones.limb),
                             target_.name(limb.target[0]).c_str(), target_.name(limb.target[2]).c_str());
    if (bones.middle == BoneRole::kCount || !SolvesLimb(job_, bones.limb)) continue;
    // Validate checked that the limb is upper → lower → end, parent to child.
    const int lower = limb.target[1];
    limb.point_bs = glm::vec3(glm::inverse(target_ref[lower]) * glm::vec4(Origin(target_ref[limb.target[2]]), 1.0f));
  }

  // An unmapped bone between two mapped ones (a chain's middle) follows the
  // chain: chain_above_ its nearest mapped ancestor, chain_below_ the first
  // mapped descendant reached through unmapped bones, chain_fraction_ its
  // origin's share of the way between theirs.
  for (int t = 0; t < nt; ++t) ws_.chain_above_[t] = ws_.chain_below_[t] = -1;
  for (int t = 0; t < nt; ++t) {
    const int p = target_.parent(t);
    if (p >= 0) ws_.chain_above_[t] = map_[p] >= 0 ? p : ws_.chain_above_[p];
  }
  for (int d = 0; d < nt; ++d) {
    if (map_[d] < 0) continue;
    const int above = ws_.chain_above_[d];
    if (above < 0) continue;
    const float total = ChainLength(target_, target_ref, above, d);
    for (int b = target_.parent(d); b != above; b = target_.parent(b)) {
      if (ws_.chain_below_[b] >= 0) break;  // an earlier mapped descendant took this chain
      ws_.chain_below_[b] = d;
      ws_.chain_fraction_[b] = total > 0.0f ? 1.0f - ChainLength(target_, target_ref, b, d) / total : 0.5f;
    }
  }
  return Status::Ok();
}

}  // namespace retarget_internal
}  // namespace kin
