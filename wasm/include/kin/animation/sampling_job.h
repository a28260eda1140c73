// Samples a clip at one time into a pose: (skeleton, clip, time, loop mode)
// → Euler angles, root offset, and the bones' translations and scales.
// Allocation-free; ozz-style job (Validate, Run).
#pragma once

#include <glm/glm.hpp>

#include "kin/animation/clip.h"
#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

struct SamplingJob {
  const Skeleton* skeleton = nullptr;
  const Clip* clip = nullptr;          // built for this skeleton
  float time = 0.0f;                   // seconds, finite; mapped by ClipTime(time, duration, loop)
  LoopMode loop = LoopMode::kClamp;
  // Out: the sampled angles (radians, by slot; a rotation channel's as
  // Clip::rotation_hint picks them); a slot without a channel is 0 (rest;
  // the caller projects the pose into the joint limits).
  Span<glm::vec3> angles;
  glm::vec3* root_offset_ms = nullptr; // out: the root channel's value, model space; 0 without one
  // Out, one per bone: the translation (parent space) and scale each bone
  // takes, its built rest values (Skeleton::built_rest_t, built_rest_s)
  // where no channel animates them.
  Span<glm::vec3> translations;
  Span<glm::vec3> scales;

  Status Validate() const;
  // Validates, then samples every channel. Does not allocate.
  Status Run() const;
};

// Channel `c` of `clip` at `time` (held at the ends of its keys, not looped)
// into out[0 .. ChannelValueSize): angles unwrapped, a rotation as the
// quaternion x y z w (unit). No validation: the caller checks c.
void SampleChannel(const Clip& clip, int c, float time, float* out);

}  // namespace kin
