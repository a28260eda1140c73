#include "kin/rig_skin.h"

#include <cmath>

#include "kin/capsule_weights.h"
#include "kin/dqs.h"
#include "kin/forward.h"

namespace kin {

const char* SkinningMethodName(SkinningMethod method) {
  switch (method) {
    case SkinningMethod::kLinear: return "lbs";
    case SkinningMethod::kDualQuaternion: return "dqs";
    case SkinningMethod::kCount: break;
  }
  return "???";
}

namespace {

// A skinning job over one mesh's buffers.
// LbsJob and DqsJob take the same inputs and outputs (DQS adds its scratch palette).
template <typename SkinJob>
SkinJob MakeSkinJob(Span<const glm::mat4> palette, const std::vector<glm::vec3>& positions,
                    const std::vector<glm::vec3>& normals, int influences, const std::vector<std::uint16_t>& joints,
                    const std::vector<float>& weights, std::vector<glm::vec3>& out_positions,
                    std::vector<glm::vec3>& out_normals) {
  SkinJob job;
  job.palette = palette;
  job.positions_ms = positions;
  job.normals_ms = normals;
  job.influences = influences;
  job.joints = joints;
  job.weights = weights;
  job.out_positions_ms = out_positions;
  job.out_normals_ms = out_normals;
  return job;
}

}  // namespace

Status RigSkin::CheckRig(const Rig& rig) const {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  if (positions_.empty()) return Status::Invalid("the rig has no skin (setSkin first)");
  if (generation_ != rig.generation()) return Status::Invalid("the skin was set before the rig was loaded again (setSkin again)");
  return Status::Ok();
}

Status RigSkin::SetSkin(const Rig& rig, Span<const float> positions, Span<const float> normals,
                        Span<const std::uint16_t> joints, Span<const float> weights) {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  if (positions.size % 3 != 0) return Status::Invalid("skin positions: %zu numbers is not 3 per vertex", positions.size);
  const std::size_t v = positions.size / 3;
  Status status = ValidateSkinVertexCount(static_cast<double>(v));
  if (!status.ok()) return status;
  if (normals.size != 0 && normals.size != 3 * v)
    return Status::Invalid("skin normals: %zu numbers for %zu vertices (need 3 each)", normals.size, v);
  // Positions within the coordinate range, normals no longer than it: with the
  // skeleton's bounds, every skinned vertex and normal of every pose is finite.
  for (std::size_t i = 0; i < positions.size; ++i)
    if (!(std::fabs(positions[i]) <= kMaxCoordinate))
      return Status::Invalid("skin position of vertex %zu is %g, not within ±%g m", i / 3, static_cast<double>(positions[i]),
                             static_cast<double>(kMaxCoordinate));
  for (std::size_t i = 0; i < normals.size; ++i)
    if (!(std::fabs(normals[i]) <= kMaxCoordinate))
      return Status::Invalid("skin normal of vertex %zu is %g, not within ±%g", i / 3, static_cast<double>(normals[i]),
                             static_cast<double>(kMaxCoordinate));
  std::vector<glm::vec3> p(v), n(normals.size ? v : 0), out_p(v), out_n(normals.size ? v : 0);
  for (std::size_t i = 0; i < v; ++i) p[i] = glm::vec3(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  for (std::size_t i = 0; i < n.size(); ++i) n[i] = glm::vec3(normals[3 * i], normals[3 * i + 1], normals[3 * i + 2]);
  // 4 or 8 influences per vertex, told by the number of joints.
  const int influences = joints.size == kMaxInfluences * v && v != 0 ? kMaxInfluences : kMinInfluences;
  std::vector<std::uint16_t> j(joints.begin(), joints.end());
  std::vector<float> w(weights.begin(), weights.end());
  // Joints and weights are checked once here, so that Skin() can run every frame.
  status = MakeSkinJob<LbsJob>(rig.palette(), p, n, influences, j, w, out_p, out_n).Validate();
  if (!status.ok()) return status;
  const int bones = rig.bone_count();
  std::vector<glm::vec3> origins(static_cast<std::size_t>(bones)), tips(static_cast<std::size_t>(bones));
  for (int b = 0; b < bones; ++b) origins[b] = glm::vec3(rig.skeleton().bind_ms(b)[3]);
  BoneTips(rig.skeleton(), rig.skeleton().bind_pose(), tips);
  generation_ = rig.generation();
  influences_ = influences;
  positions_ = std::move(p);
  normals_ = std::move(n);
  joints_ = std::move(j);
  weights_ = std::move(w);
  skinned_positions_ = std::move(out_p);
  skinned_normals_ = std::move(out_n);
  bind_origins_ms_ = std::move(origins);
  bind_tips_ms_ = std::move(tips);
  SizePalette(rig);
  return Status::Ok();
}

Status RigSkin::SetCapsuleWeights(const Rig& rig, Span<const float> radii) {
  const Status status = CheckRig(rig);
  if (!status.ok()) return Status::Invalid("capsule weights: %s", status.message);
  if (radii.size != static_cast<std::size_t>(rig.bone_count()))
    return Status::Invalid("capsule weights: %zu radii for %d bones (one per bone)", radii.size, rig.bone_count());
  CapsuleWeightsJob job;
  job.origins_ms = bind_origins_ms_;
  job.ends_ms = bind_tips_ms_;
  job.radii = radii;
  job.positions_ms = positions_;
  job.influences = influences_;
  job.out_joints = joints_;
  job.out_weights = weights_;
  // Run validates everything before it writes: on bad input the skin stays.
  return job.Run();
}

Status RigSkin::Skin(const Rig& rig, SkinningMethod method) {
  if (method != SkinningMethod::kLinear && method != SkinningMethod::kDualQuaternion)
    return Status::Invalid("skinning method %d is not one of the %d methods", static_cast<int>(method),
                           static_cast<int>(SkinningMethod::kCount));
  // A rig without a skin skins nothing, as an empty mesh does (DQS still packs the palette).
  if (positions_.empty() && rig.loaded())
    return method == SkinningMethod::kDualQuaternion ? PackDqsPalette(rig) : Status::Ok();
  const Status status = CheckRig(rig);
  if (!status.ok()) return status;
  if (method == SkinningMethod::kLinear)
    return MakeSkinJob<LbsJob>(rig.palette(), positions_, normals_, influences_, joints_, weights_, skinned_positions_,
                               skinned_normals_)
        .Run();
  DqsJob job = MakeSkinJob<DqsJob>(rig.palette(), positions_, normals_, influences_, joints_, weights_,
                                   skinned_positions_, skinned_normals_);
  job.scratch_bones = dqs_palette_;
  return job.Run();
}

void RigSkin::SizePalette(const Rig& rig) {
  if (palette_generation_ == rig.generation() && !dqs_palette_.empty()) return;
  dqs_palette_.assign(kDqsFloatsPerBone * static_cast<std::size_t>(rig.bone_count()), 0.0f);
  palette_generation_ = rig.generation();
}

Status RigSkin::PackDqsPalette(const Rig& rig) {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  SizePalette(rig);
  return kin::PackDqsPalette(rig.palette(), dqs_palette_);
}

}  // namespace kin
