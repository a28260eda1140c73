#include "kin/clip_sampler.h"

#include <cmath>

#include "kin/animation/sampling_job.h"
#include "kin/euler.h"
#include "kin/forward.h"
#include "kin/forward_generic.h"
#include "kin/limits.h"

namespace kin {

namespace {

// The sampling job over one set of output buffers.
SamplingJob MakeSamplingJob(const Skeleton& skeleton, const Clip& clip, float time, LoopMode loop,
                            std::vector<glm::vec3>& angles, glm::vec3* root_offset_ms, std::vector<glm::vec3>& translations,
                            std::vector<glm::vec3>& scales) {
  SamplingJob job;
  job.skeleton = &skeleton;
  job.clip = &clip;
  job.time = time;
  job.loop = loop;
  job.angles = angles;
  job.root_offset_ms = root_offset_ms;
  job.translations = translations;
  job.scales = scales;
  return job;
}

}  // namespace

Status ClipSampler::CheckRig(const Rig& rig) const {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  if (!has_clip_) return Status::Invalid("no clip set (setClip first)");
  if (generation_ != rig.generation()) return Status::Invalid("the clip was set before the rig was loaded again (setClip again)");
  return Status::Ok();
}

Status ClipSampler::SetClip(Rig& rig, const ClipDef& def) {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  Clip clip;
  const Status status = Clip::Build(rig.skeleton(), def, &clip);
  if (!status.ok()) return status;
  clip_ = std::move(clip);
  has_clip_ = true;
  generation_ = rig.generation();
  const std::size_t n = static_cast<std::size_t>(rig.bone_count());
  sampled_angles_.assign(n, glm::vec3(0.0f));
  sampled_t_.assign(n, glm::vec3(0.0f));
  sampled_s_.assign(n, glm::vec3(1.0f));
  ghost_angles_.assign(n, glm::vec3(0.0f));
  ghost_model_ms_.assign(n, glm::mat4(1.0f));
  ghost_tips_ms_.assign(n, glm::vec3(0.0f));
  ghost_palette_.assign(n, glm::mat4(1.0f));
  channel_samples_.assign(4 * static_cast<std::size_t>(kMaxChannelSamples), 0.0f);
  channel_sample_floats_ = 0;
  rig.ResetRest();
  // Copied with the rest as built; the ghost's sample replaces it.
  ghost_skeleton_ = clip_.animates_rest() ? rig.skeleton() : Skeleton();
  return Status::Ok();
}

void ClipSampler::Clear(Rig& rig) {
  has_clip_ = false;
  clip_ = Clip();
  ghost_skeleton_ = Skeleton();
  rig.ResetRest();
}

Status ClipSampler::Sample(Rig& rig, float time, LoopMode loop) {
  Status status = CheckRig(rig);
  if (!status.ok()) return status;
  glm::vec3 root_offset_ms(0.0f);
  status = MakeSamplingJob(rig.skeleton(), clip_, time, loop, sampled_angles_, &root_offset_ms, sampled_t_, sampled_s_).Run();
  if (!status.ok()) return status;
  const bool rest = clip_.animates_rest();
  return rig.SetSampledPose(sampled_angles_, root_offset_ms, rest ? Span<const glm::vec3>(sampled_t_) : Span<const glm::vec3>(),
                            rest ? Span<const glm::vec3>(sampled_s_) : Span<const glm::vec3>());
}

Status ClipSampler::SampleChannel(int channel, float t0, float t1, int count) {
  if (!has_clip_) return Status::Invalid("no clip set (setClip first)");
  if (channel < 0 || channel >= clip_.channel_count())
    return Status::Invalid("channel %d is out of range [0, %d)", channel, clip_.channel_count());
  if (!std::isfinite(t0) || !std::isfinite(t1)) return Status::Invalid("sample times %g to %g are not finite", t0, t1);
  if (count < 1 || count > kMaxChannelSamples)
    return Status::Invalid("sample count %d is outside [1, %d]", count, kMaxChannelSamples);
  const int size = ChannelValueSize(clip_.channel(channel).target);
  const float step = count > 1 ? (t1 - t0) / static_cast<float>(count - 1) : 0.0f;
  for (int i = 0; i < count; ++i) {
    // The last sample at t1 exactly, whatever the rounding of the steps.
    const float t = i == count - 1 && count > 1 ? t1 : t0 + step * static_cast<float>(i);
    kin::SampleChannel(clip_, channel, t, &channel_samples_[static_cast<std::size_t>(size) * i]);
  }
  channel_sample_floats_ = size * count;
  return Status::Ok();
}

Status ClipSampler::SampleGhost(const Rig& rig, float time, LoopMode loop) {
  Status status = CheckRig(rig);
  if (!status.ok()) return status;
  const Skeleton& skeleton = rig.skeleton();
  glm::vec3 root_offset_ms(0.0f);
  status = MakeSamplingJob(skeleton, clip_, time, loop, ghost_angles_, &root_offset_ms, sampled_t_, sampled_s_).Run();
  if (!status.ok()) return status;
  for (int i = 0; i < rig.bone_count(); ++i) ghost_angles_[i] = ProjectJointLimits(skeleton, i, ghost_angles_[i]);
  // The ghost's rest in a skeleton of its own: the rig's keeps its sample's.
  const Skeleton* posed = &skeleton;
  if (clip_.animates_rest()) {
    ghost_skeleton_.SetAnimatedRest(sampled_t_, sampled_s_);
    posed = &ghost_skeleton_;
  }
  ComputeModelMatricesT<float>(*posed, ghost_angles_, root_offset_ms, ghost_model_ms_);
  BoneTips(skeleton, ghost_model_ms_, ghost_tips_ms_);
  SkinningPalette(skeleton, ghost_model_ms_, ghost_palette_);
  return Status::Ok();
}

Status PoseRotation(const Rig& rig, int bone, glm::quat* rotation) {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  if (bone < 0 || bone >= rig.bone_count())
    return Status::Invalid("bone index %d is out of range [0, %d)", bone, rig.bone_count());
  *rotation = EulerRotation(rig.skeleton().order(bone), rig.angles(bone));
  return Status::Ok();
}

}  // namespace kin
