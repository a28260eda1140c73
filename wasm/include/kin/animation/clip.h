// A keyframe clip: per-bone channels, each with its own keys, validated once
// when built so that sampling can trust it (kin/animation/sampling_job.h).
//
// Channel targets (values per key):
// - angle (1): one of the bone's Euler angles, slot 0..2 of its order,
//   radians, played as written: keys 0, −2π, 0 are a full turn and back (a
//   wrist that spins), not a standstill. An import that decomposes
//   rotations into angles chooses the turns (the BVH importer keeps each
//   frame within π of the one before).
// - rotation (4, x y z w): the bone's pose rotation E(θ) as a unit quaternion
//   (in the joint frame); normalised when built. Sampling turns it into the
//   bone's Euler angles, choosing among the solutions (and their 2π shifts)
//   the one nearest the keys' own Euler angles interpolated to that time
//   (rotation_hint), so that a sample depends on the time only, not on what
//   was sampled before (scrubbing, ghosts and loops agree with playback).
// - root (3): the root offset, model space (the bone index is ignored).
// - translation (3), scale (3): replace the bone's rest translation (parent
//   space) and rest scale.
// A bone has at most one channel per target (and slot), and not both angle
// and rotation channels. Per-key interpolation: kin/animation/interpolation.h.
#pragma once

#include <cstdint>
#include <vector>

#include "kin/animation/interpolation.h"
#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// The codes are the contract's order (contract().channelTargets, loopModes).
enum class ChannelTarget : int { kAngle = 0, kRotation, kRoot, kTranslation, kScale, kCount };
enum class LoopMode : int { kClamp = 0, kLoop, kCount };

// "angle", "rotation", "root", "translation", "scale"; "???" for invalid values.
const char* ChannelTargetName(ChannelTarget target);
// "clamp" (hold the ends), "loop" (wrap into [0, duration)); "???" for invalid values.
const char* LoopModeName(LoopMode mode);
// Numbers per key value: 1 for angle, 4 for rotation, 3 otherwise (0 for invalid values).
int ChannelValueSize(ChannelTarget target);

// The time a clip of `duration` is sampled at for `time`: clamped into
// [0, duration], or wrapped into [0, duration) when looping.
float ClipTime(float time, float duration, LoopMode mode);

// One channel of a flat clip definition: its keys are keys[first_key ..
// first_key + key_count).
struct ChannelDef {
  int target = 0;     // ChannelTarget code
  int bone = 0;       // bone index (ignored for root)
  int slot = 0;       // Euler slot 0..2 for angle channels
  int first_key = 0;
  int key_count = 0;
};

// One key of a flat clip definition.
struct KeyDef {
  float time = 0.0f;          // seconds, strictly increasing within a channel, in [0, duration]
  int interpolation = 0;      // Interpolation code: how the segment to the next key goes
  float tension = 0.0f;       // Kochanek–Bartels parameters (tcb segments)
  float continuity = 0.0f;
  float bias = 0.0f;
  int value_offset = 0;       // first of its ChannelValueSize numbers in values (and the tangents)
};

// The flat definition a clip is built from (what the page's setClip sends).
struct ClipDef {
  float duration = 0.0f;               // seconds, finite, > 0
  std::vector<ChannelDef> channels;
  std::vector<KeyDef> keys;
  std::vector<float> values;
  // glTF cubic-spline tangents (value units per second), indexed like values;
  // empty means all zero.
  std::vector<float> in_tangents;
  std::vector<float> out_tangents;
};

// Returns an empty ClipDef (Box2D-style definition factory).
ClipDef DefaultClipDef();

// The most keys, and channels, a clip may hold.
constexpr int kMaxClipKeys = 1 << 20;
constexpr int kMaxClipChannels = 1 << 16;
// Kochanek–Bartels tension, continuity and bias lie within ±kTcbLimit (their
// authors' range): beyond it the tangents grow without bound.
constexpr float kTcbLimit = 1.0f;

class Clip {
 public:
  // One channel of a built clip.
  struct Channel {
    ChannelTarget target = ChannelTarget::kAngle;
    int bone = 0;   // 0 for root channels
    int slot = 0;   // Euler slot of an angle channel, else 0
    int first_key = 0;
    int key_count = 0;
  };

  // Validates `def` against `skeleton` and builds the clip into *out. On
  // failure *out is unchanged and the status names the channel (index, bone
  // name, target, slot), the key and the problem.
  static Status Build(const Skeleton& skeleton, const ClipDef& def, Clip* out);

  float duration() const { return duration_; }
  int bone_count() const { return bone_count_; }
  int channel_count() const { return static_cast<int>(channels_.size()); }
  const Channel& channel(int c) const { return channels_[c]; }
  // The channel's keys for the interpolators (values unwrapped / normalised).
  KeyTrack track(int c) const;
  // Whether any channel animates a bone's translation or scale.
  bool animates_rest() const { return animates_rest_; }
  // For rotation channel c: the Euler angles (the bone's order) of its keys
  // interpolated linearly to `time` (held at the ends): the hint that picks
  // the Euler solution of a sampled rotation. A key's angles are, of the two
  // Euler solutions (each slot shifted by 2π multiples to nearest the middle
  // of its limits), the one the joint limits keep (the smaller move into
  // them); when both are inside, the one nearer the previous key's (the
  // first key's: nearer zero).
  glm::vec3 rotation_hint(int c, float time) const;

 private:
  float duration_ = 0.0f;
  int bone_count_ = 0;
  bool animates_rest_ = false;
  std::vector<Channel> channels_;
  // Per key, channels' keys consecutive:
  std::vector<float> times_;
  std::vector<std::uint8_t> interpolation_;
  std::vector<float> tension_;
  std::vector<float> continuity_;
  std::vector<float> bias_;
  // Per key, ChannelValueSize numbers each, starting at value_start_[channel]:
  std::vector<std::size_t> value_start_;
  std::vector<float> values_;
  std::vector<float> in_tangents_;
  std::vector<float> out_tangents_;
  // Per rotation channel (from euler_start_[channel]), per key: its Euler angles.
  std::vector<std::size_t> euler_start_;
  std::vector<glm::vec3> key_euler_;
};

}  // namespace kin
