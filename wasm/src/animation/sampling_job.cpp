#include "kin/animation/sampling_job.h"

#include <cmath>

#include "kin/euler.h"

namespace kin {

void SampleChannel(const Clip& clip, int c, float time, float* out) {
  const KeyTrack track = clip.track(c);
  if (clip.channel(c).target != ChannelTarget::kRotation) return SampleTrack(track, time, out);
  const glm::quat q = SampleRotationTrack(track, time);
  out[0] = q.x;
  out[1] = q.y;
  out[2] = q.z;
  out[3] = q.w;
}

Status SamplingJob::Validate() const {
  if (skeleton == nullptr) return Status::Invalid("sampling: no skeleton");
  if (clip == nullptr) return Status::Invalid("sampling: no clip");
  const std::size_t n = static_cast<std::size_t>(skeleton->bone_count());
  if (clip->bone_count() != skeleton->bone_count())
    return Status::Invalid("sampling: the clip was built for %d bones, the skeleton has %zu", clip->bone_count(), n);
  if (!std::isfinite(time)) return Status::Invalid("sampling: time is not finite");
  if (loop != LoopMode::kClamp && loop != LoopMode::kLoop)
    return Status::Invalid("sampling: loop mode %d is not clamp (0) or loop (1)", static_cast<int>(loop));
  if (angles.size != n) return Status::Invalid("sampling: %zu angle triples for %zu bones", angles.size, n);
  if (root_offset_ms == nullptr) return Status::Invalid("sampling: no root offset output");
  if (translations.size != n || scales.size != n)
    return Status::Invalid("sampling: %zu translations and %zu scales for %zu bones", translations.size, scales.size, n);
  return Status::Ok();
}

Status SamplingJob::Run() const {
  const Status status = Validate();
  if (!status.ok()) return status;
  const float t = ClipTime(time, clip->duration(), loop);
  const int n = skeleton->bone_count();
  for (int i = 0; i < n; ++i) {
    angles[i] = glm::vec3(0.0f);
    translations[i] = skeleton->built_rest_t(i);
    scales[i] = skeleton->built_rest_s(i);
  }
  *root_offset_ms = glm::vec3(0.0f);
  for (int c = 0; c < clip->channel_count(); ++c) {
    const Clip::Channel& channel = clip->channel(c);
    float value[4];
    SampleChannel(*clip, c, t, value);
    const int b = channel.bone;
    switch (channel.target) {
      case ChannelTarget::kAngle: angles[b][channel.slot] = value[0]; break;
      case ChannelTarget::kRotation:
        angles[b] = EulerFromRotation(skeleton->order(b), glm::quat(value[3], value[0], value[1], value[2]),
                                      clip->rotation_hint(c, t));
        break;
      case ChannelTarget::kRoot: *root_offset_ms = glm::vec3(value[0], value[1], value[2]); break;
      case ChannelTarget::kTranslation: translations[b] = glm::vec3(value[0], value[1], value[2]); break;
      case ChannelTarget::kScale: scales[b] = glm::vec3(value[0], value[1], value[2]); break;
      case ChannelTarget::kCount: break;
    }
  }
  return Status::Ok();
}

}  // namespace kin
