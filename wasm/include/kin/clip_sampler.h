// A Rig's clip and its sampling (ozz's SamplingJob with its own buffers):
// the clip into the rig's pose for playback, one channel at many times for
// the curve view, and the clip at another time into ghost buffers for the
// onion skin, which leaves the rig untouched (a const Rig&).
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "kin/animation/clip.h"
#include "kin/rig.h"
#include "kin/skeleton.h"
#include "kin/status.h"

namespace kin {

// The most samples one SampleChannel call takes.
constexpr int kMaxChannelSamples = 2048;

class ClipSampler {
 public:
  // Validates `def` against the rig's skeleton (the error names the channel
  // and the key, kin/animation/clip.h) and replaces the clip; it and Clear
  // put every bone of the rig back to its built rest translation and scale.
  Status SetClip(Rig& rig, const ClipDef& def);
  void Clear(Rig& rig);
  bool has_clip() const { return has_clip_; }
  const Clip& clip() const { return clip_; }

  // Samples the clip at `time` into the rig's pose in one call,
  // allocation-free: every channel (SamplingJob), the angles projected into
  // the limits, the root offset (0 without a root channel), the animated
  // translations and scales into the skeleton (Rig::SetSampledPose: FK and
  // the solvers see them), then FK, tips and palette. Unanimated bones take
  // their rest. An animated scale composes with the joint rotation as the
  // model says, T · R(rest_q) · S · F · E(θ) · F⁻¹: S before the joint
  // rotation, where a glTF node's TRS has it after its rotation. The two
  // agree when the scale is uniform; a rotation together with a non-uniform
  // animated scale is exact only then.
  Status Sample(Rig& rig, float time, LoopMode loop);
  // Channel `channel` at `count` evenly spaced times from t0 to t1 inclusive
  // (t0 alone for count 1), held at the ends of its keys, not looped, not
  // projected into limits: ChannelValueSize(target) floats per sample (angles
  // unwrapped, rotations x y z w) into channel_samples_data(). For the curve
  // view; count ≤ kMaxChannelSamples.
  Status SampleChannel(int channel, float t0, float t1, int count);
  const float* channel_samples_data() const { return channel_samples_.data(); }
  // Floats the last SampleChannel wrote.
  int channel_sample_floats() const { return channel_sample_floats_; }
  // The clip at another time into the ghost buffers (onion skin): angles
  // (projected), model matrices, tips and palette as Sample would leave them
  // in the rig; the rig's own pose and buffers are untouched.
  Status SampleGhost(const Rig& rig, float time, LoopMode loop);
  const float* ghost_pose_data() const { return reinterpret_cast<const float*>(ghost_angles_.data()); }
  const float* ghost_model_data() const { return reinterpret_cast<const float*>(ghost_model_ms_.data()); }
  const float* ghost_tips_data() const { return reinterpret_cast<const float*>(ghost_tips_ms_.data()); }
  const float* ghost_palette_data() const { return reinterpret_cast<const float*>(ghost_palette_.data()); }
  int ghost_bone_count() const { return static_cast<int>(ghost_angles_.size()); }

 private:
  Status CheckRig(const Rig& rig) const;

  Clip clip_;
  bool has_clip_ = false;
  std::uint32_t generation_ = 0;  // the rig's generation() the clip was built for
  // The rig's skeleton as the clip was set, for the ghost's animated rest
  // (only when the clip animates translations or scales).
  Skeleton ghost_skeleton_;
  std::vector<glm::vec3> sampled_angles_;
  std::vector<glm::vec3> sampled_t_;  // translations (parent space) and scales, per bone
  std::vector<glm::vec3> sampled_s_;
  std::vector<float> channel_samples_;  // kMaxChannelSamples · 4 floats
  int channel_sample_floats_ = 0;
  std::vector<glm::vec3> ghost_angles_;
  std::vector<glm::mat4> ghost_model_ms_;
  std::vector<glm::vec3> ghost_tips_ms_;
  std::vector<glm::mat4> ghost_palette_;
};

// E(θ) of the bone's current angles as a unit quaternion (the value a
// rotation channel keys), in the joint frame.
Status PoseRotation(const Rig& rig, int bone, glm::quat* rotation);

}  // namespace kin
