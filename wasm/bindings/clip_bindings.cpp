// The Embind class `ClipSampler`: a rig's clip (kin/clip_sampler.h) sampled
// into its pose, one channel at many times, or into the ghost buffers.
// Sampling at a time is a frame's call: plain exports at the end, the time
// in the rig's exchange record.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>

#include "js_parsers.h"
#include "kin/clip_sampler.h"
#include "rig_binding.h"

namespace kin {

using emscripten::val;

class ClipBinding : public FeatureBinding {
 public:
  explicit ClipBinding(std::uintptr_t rig_address) : FeatureBinding(rig_address) {
    if (RigBinding* r = rig()) r->AttachClip(&sampler_);
  }
  ~ClipBinding() {
    RigBinding* r = FindRig(owner());
    if (r == nullptr) return;
    if (r->clip() == &sampler_) r->AttachClip(nullptr);
    for (BufferSlot slot : {kGhostModel, kGhostPalette, kGhostTips, kGhostPose, kChannelSamples}) r->Publish(slot, nullptr, 0);
  }

  // clip: { duration, targets, bones, slots, keyCounts (one per channel;
  // a channel's keys follow the previous channel's), times, interpolations,
  // tension, continuity, bias (one per key), values (each key's
  // ChannelValueSize numbers in key order), inTangents, outTangents (like
  // values, or absent) } with the codes of contract().channelTargets and
  // interpolations.
  int setClip(const val& clip) {
    RigBinding* r = rig();
    if (r == nullptr) return 1;
    ClipDef def;
    const Status parsed = ParseClip(clip, &def);
    if (!parsed.ok()) return Report(parsed);
    return Published(r, sampler_.SetClip(r->core(), def));
  }
  void clearClip() {
    if (RigBinding* r = rig()) Published(r, (sampler_.Clear(r->core()), Status::Ok()));
  }
  bool hasClip() const { return sampler_.has_clip(); }
  // Samples the clip at the exchange record's time into the pose (loop: a LoopMode code).
  int sample(int loop) {
    RigBinding* r = rig();
    return r == nullptr ? 1 : Published(r, sampler_.Sample(r->core(), r->exchange_float(kTime), static_cast<LoopMode>(loop)));
  }
  // The clip at the exchange record's time into the ghost buffers.
  int sampleGhost(int loop) {
    RigBinding* r = rig();
    return r == nullptr ? 1 : Published(r, sampler_.SampleGhost(r->core(), r->exchange_float(kTime), static_cast<LoopMode>(loop)));
  }
  // One channel at `count` times from t0 to t1 into the channelSamples buffer.
  int sampleChannel(int channel, float t0, float t1, int count) {
    RigBinding* r = rig();
    return r == nullptr ? 1 : Published(r, sampler_.SampleChannel(channel, t0, t1, count));
  }
  // [x, y, z, w] of E(θ) of the bone's current angles; [] with errorMessage() set for a bad bone.
  val poseRotation(int bone) {
    RigBinding* r = rig();
    glm::quat q;
    if (r == nullptr || Report(PoseRotation(r->core(), bone, &q)) != 0) return val::array();
    val out = val::array();
    for (const float v : {q.x, q.y, q.z, q.w}) out.call<void>("push", v);
    return out;
  }

 private:
  std::uintptr_t owner() const { return owner_; }
  int Published(RigBinding* r, const Status& status) {
    owner_ = r->address();
    const std::size_t n = static_cast<std::size_t>(sampler_.ghost_bone_count());
    r->Publish(kGhostModel, sampler_.ghost_model_data(), 16 * n);
    r->Publish(kGhostPalette, sampler_.ghost_palette_data(), 16 * n);
    r->Publish(kGhostTips, sampler_.ghost_tips_data(), 3 * n);
    r->Publish(kGhostPose, sampler_.ghost_pose_data(), 3 * n);
    r->Publish(kChannelSamples, sampler_.channel_samples_data(), static_cast<std::size_t>(sampler_.channel_sample_floats()));
    // The pose and the root offset may have changed.
    r->RefreshRecord();
    return Report(status);
  }

  ClipSampler sampler_;
  std::uintptr_t owner_ = 0;
};

const ClipSampler* BoundClip(std::uintptr_t rig_address) {
  const RigBinding* r = FindRig(rig_address);
  return r == nullptr ? nullptr : r->clip();
}

}  // namespace kin

extern "C" {
EMSCRIPTEN_KEEPALIVE int kin_clip_sample(kin::ClipBinding* clip, int loop) { return clip->sample(loop); }
EMSCRIPTEN_KEEPALIVE int kin_clip_sample_ghost(kin::ClipBinding* clip, int loop) { return clip->sampleGhost(loop); }
}

EMSCRIPTEN_BINDINGS(kin_clip) {
  using kin::ClipBinding;
  emscripten::class_<ClipBinding>("ClipSampler")
      .constructor<std::uintptr_t>()
      .function("setClip", &ClipBinding::setClip)
      .function("clearClip", &ClipBinding::clearClip)
      .function("hasClip", &ClipBinding::hasClip)
      .function("sampleChannel", &ClipBinding::sampleChannel)
      .function("poseRotation", &ClipBinding::poseRotation)
      .function("address", &kin::FeatureAddress<ClipBinding>)
      .function("errorMessage", &kin::FeatureError<ClipBinding>);
}
