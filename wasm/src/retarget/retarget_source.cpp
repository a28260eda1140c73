// The source clip's side of a retarget run: the frame times, each frame's
// sampled source pose, and the feet's contacts and floor over the clip.
#include "retarget_run.h"

#include <algorithm>
#include <cstddef>
#include <limits>

#include "kin/animation/sampling_job.h"
#include "kin/limits.h"

namespace kin {
namespace retarget_internal {
namespace {

// Key times closer than this are one frame (fps 0).
constexpr float kSameTime = 1e-6f;
// Contact: a source foot slower than this many leg lengths per second, and
// within this fraction of the leg length of the lowest either foot reaches
// over the clip.
constexpr float kContactSpeed = 0.1f;
constexpr float kContactHeight = 0.05f;

// Frame `frame`'s time at `fps` > 0.
float RateTime(const Clip& clip, float fps, int frame, int count) {
  return frame == count - 1 ? clip.duration() : static_cast<float>(frame) / fps;
}

// Model matrices of a sampled source pose, whose bones take the sampled
// translations and scales.
void SampledModel(const Skeleton& skeleton, Span<const glm::vec3> angles, const glm::vec3& root_offset_ms,
                  Span<const glm::vec3> translations, Span<const glm::vec3> scales, Span<glm::mat4> model_ms) {
  for (int i = 0; i < skeleton.bone_count(); ++i) {
    const glm::quat& frame = skeleton.frame(i);
    const glm::quat joint = frame * EulerRotation(skeleton.order(i), angles[i]) * glm::conjugate(frame);
    glm::mat3 scale(1.0f);
    for (int k = 0; k < 3; ++k) scale[k][k] = scales[i][k];
    glm::mat4 local(glm::mat3_cast(skeleton.rest_q(i)) * scale * glm::mat3_cast(joint));
    const int p = skeleton.parent(i);
    local[3] = glm::vec4(translations[i] + (p < 0 ? root_offset_ms : glm::vec3(0.0f)), 1.0f);
    model_ms[i] = p < 0 ? local : model_ms[p] * local;
  }
}

}  // namespace

float LowestFoot(const Skeleton& skeleton, Span<const glm::mat4> model_ms, const int* feet) {
  float lowest = std::numeric_limits<float>::infinity();
  for (int i = 0; i < kFootBones; ++i) {
    const int b = feet[i];
    if (b < 0) continue;
    lowest = std::min(lowest, Origin(model_ms[b]).y);
    lowest = std::min(lowest, (model_ms[b] * glm::vec4(skeleton.tip_bs(b), 1.0f)).y);
  }
  return lowest;
}

float NextKeyTime(const Clip& clip, float after) {
  float next = clip.duration();
  for (int c = 0; c < clip.channel_count(); ++c) {
    const Span<const float> times = clip.track(c).times;
    const float* later = std::upper_bound(times.begin(), times.end(), after + kSameTime);
    if (later != times.end()) next = std::min(next, *later);
  }
  return next;
}

void RetargetRun::Times() const {
  const Clip& clip = *job_.source_clip;
  const int count = static_cast<int>(job_.times_s.size);
  if (job_.fps > 0.0f) {
    for (int f = 0; f < count; ++f) job_.times_s[f] = RateTime(clip, job_.fps, f, count);
    return;
  }
  float t = 0.0f;
  for (int f = 0; f < count; ++f) {
    job_.times_s[f] = t;
    t = NextKeyTime(clip, t);
  }
}

void RetargetRun::SampleSource(float time) {
  const std::size_t n = static_cast<std::size_t>(source_.bone_count());
  SamplingJob sampling;
  sampling.skeleton = &source_;
  sampling.clip = job_.source_clip;
  sampling.time = time;
  sampling.loop = LoopMode::kClamp;
  sampling.angles = Span<glm::vec3>(ws_.source_angles_.data(), n);
  glm::vec3 root_offset_ms(0.0f);
  sampling.root_offset_ms = &root_offset_ms;
  sampling.translations = Span<glm::vec3>(ws_.source_t_.data(), n);
  sampling.scales = Span<glm::vec3>(ws_.source_s_.data(), n);
  sampling.Run();  // validated with the job
  // As the source rig plays its clip: every pose within the joint limits.
  for (std::size_t i = 0; i < n; ++i)
    ws_.source_angles_[i] = ProjectJointLimits(source_, static_cast<int>(i), ws_.source_angles_[i]);
  SampledModel(source_, Span<const glm::vec3>(ws_.source_angles_.data(), n), root_offset_ms,
               Span<const glm::vec3>(ws_.source_t_.data(), n), Span<const glm::vec3>(ws_.source_s_.data(), n),
               Span<glm::mat4>(ws_.source_model_ms_.data(), n));
}

void RetargetRun::ScanSource() {
  const int frames = static_cast<int>(job_.times_s.size);
  source_floor_ = std::numeric_limits<float>::infinity();
  for (int f = 0; f < frames; ++f) {
    SampleSource(job_.times_s[f]);
    const Span<const glm::mat4> model(ws_.source_model_ms_.data(), static_cast<std::size_t>(source_.bone_count()));
    source_floor_ = std::min(source_floor_, LowestFoot(source_, model, source_feet_));
    for (int k = 0; k < kFeet; ++k) {
      const Limb& leg = limbs_[kLegOfFoot[k]];
      ws_.source_foot_ms_[kFeet * f + k] = leg.present ? Origin(ws_.source_model_ms_[leg.source[2]]) : glm::vec3(0.0f);
    }
  }
  // The lowest either ankle reaches: a foot that pauses at the bottom of a
  // swing in the air is no contact, however low that is for itself.
  float lowest = std::numeric_limits<float>::infinity();
  for (int k = 0; k < kFeet; ++k)
    for (int f = 0; f < frames && limbs_[kLegOfFoot[k]].present; ++f)
      lowest = std::min(lowest, ws_.source_foot_ms_[kFeet * f + k].y);
  for (int k = 0; k < kFeet; ++k) {
    const Limb& leg = limbs_[kLegOfFoot[k]];
    for (int f = 0; f < frames; ++f) {
      char& contact = ws_.contact_[kFeet * f + k];
      contact = 0;
      if (!leg.present || frames < 2) continue;
      // Central differences (one-sided at the ends).
      const int a = std::max(f - 1, 0), b = std::min(f + 1, frames - 1);
      const float dt = job_.times_s[b] - job_.times_s[a];
      const glm::vec3 p = ws_.source_foot_ms_[kFeet * f + k];
      const float speed = dt > 0.0f ? glm::length(ws_.source_foot_ms_[kFeet * b + k] - ws_.source_foot_ms_[kFeet * a + k]) / dt : 0.0f;
      contact = speed < kContactSpeed * leg.source_length && p.y - lowest < kContactHeight * leg.source_length;
    }
  }
}

}  // namespace retarget_internal
}  // namespace kin
