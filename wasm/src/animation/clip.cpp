#include "kin/animation/clip.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <vector>

#include "kin/limits.h"
#include "../reach_bound.h"

namespace kin {
namespace {

// "channel 3 (bone 5 'forearm_l', angle, slot 1)" for messages.
void DescribeChannel(const Skeleton& skeleton, const ChannelDef& c, int index, char* text, std::size_t size) {
  const int target_code = c.target;
  const bool valid_target = target_code >= 0 && target_code < static_cast<int>(ChannelTarget::kCount);
  const ChannelTarget target = static_cast<ChannelTarget>(target_code);
  const char* target_name = valid_target ? ChannelTargetName(target) : "unknown target";
  if (valid_target && target == ChannelTarget::kRoot) {
    std::snprintf(text, size, "channel %d (root)", index);
  } else if (c.bone >= 0 && c.bone < skeleton.bone_count()) {
    std::snprintf(text, size, "channel %d (bone %d '%s', %s, slot %d)", index, c.bone, skeleton.name(c.bone).c_str(),
                  target_name, c.slot);
  } else {
    std::snprintf(text, size, "channel %d (bone %d, %s, slot %d)", index, c.bone, target_name, c.slot);
  }
}

bool AllFinite(const float* v, int n) {
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(v[i])) return false;
  return true;
}

Status ValidateChannel(const Skeleton& skeleton, const ClipDef& def, int index, const char* where) {
  const ChannelDef& c = def.channels[index];
  if (c.target < 0 || c.target >= static_cast<int>(ChannelTarget::kCount))
    return Status::Invalid("clip: %s: target code %d is not one of angle, rotation, root, translation, scale", where,
                           c.target);
  const ChannelTarget target = static_cast<ChannelTarget>(c.target);
  if (target != ChannelTarget::kRoot && (c.bone < 0 || c.bone >= skeleton.bone_count()))
    return Status::Invalid("clip: %s: bone index %d is out of range [0, %d)", where, c.bone, skeleton.bone_count());
  if (c.slot < 0 || c.slot > 2) return Status::Invalid("clip: %s: slot %d is not 0, 1 or 2", where, c.slot);
  if (c.key_count < 1) return Status::Invalid("clip: %s: has no keys", where);
  if (c.first_key < 0 || c.first_key > static_cast<int>(def.keys.size()) - c.key_count)
    return Status::Invalid("clip: %s: keys [%d, %d) are outside the clip's %zu keys", where, c.first_key,
                           c.first_key + c.key_count, def.keys.size());
  const int size = ChannelValueSize(target);
  for (int k = 0; k < c.key_count; ++k) {
    const KeyDef& key = def.keys[c.first_key + k];
    if (!std::isfinite(key.time)) return Status::Invalid("clip: %s: key %d: time is not finite", where, k);
    if (key.time < 0.0f || key.time > def.duration)
      return Status::Invalid("clip: %s: key %d: time %g is outside [0, %g] (the duration)", where, k, key.time,
                             def.duration);
    if (k > 0 && !(key.time > def.keys[c.first_key + k - 1].time))
      return Status::Invalid("clip: %s: key %d: time %g is not after key %d's %g (times must increase)", where, k,
                             key.time, k - 1, def.keys[c.first_key + k - 1].time);
    if (key.interpolation < 0 || key.interpolation >= static_cast<int>(Interpolation::kCount))
      return Status::Invalid("clip: %s: key %d: interpolation code %d is not one of step, linear, catmull-rom, tcb, "
                             "cubic-spline", where, k, key.interpolation);
    if (!std::isfinite(key.tension) || !std::isfinite(key.continuity) || !std::isfinite(key.bias))
      return Status::Invalid("clip: %s: key %d: tension, continuity or bias is not finite", where, k);
    for (const float parameter : {key.tension, key.continuity, key.bias})
      if (std::fabs(parameter) > kTcbLimit)
        return Status::Invalid("clip: %s: key %d: tension %g, continuity %g, bias %g: each must be within [-%g, %g]",
                               where, k, key.tension, key.continuity, key.bias, static_cast<double>(kTcbLimit),
                               static_cast<double>(kTcbLimit));
    if (key.value_offset < 0 || key.value_offset > static_cast<int>(def.values.size()) - size)
      return Status::Invalid("clip: %s: key %d: its %d value numbers at %d are outside the %zu values", where, k, size,
                             key.value_offset, def.values.size());
    const float* value = &def.values[key.value_offset];
    if (!AllFinite(value, size)) return Status::Invalid("clip: %s: key %d: value is not finite", where, k);
    if (target == ChannelTarget::kRotation) {
      const float norm = std::sqrt(value[0] * value[0] + value[1] * value[1] + value[2] * value[2] + value[3] * value[3]);
      if (!(norm > 1e-6f) || !std::isfinite(norm))
        return Status::Invalid("clip: %s: key %d: rotation is a zero quaternion", where, k);
    }
    if (!def.in_tangents.empty() && !AllFinite(&def.in_tangents[key.value_offset], size))
      return Status::Invalid("clip: %s: key %d: in-tangent is not finite", where, k);
    if (!def.out_tangents.empty() && !AllFinite(&def.out_tangents[key.value_offset], size))
      return Status::Invalid("clip: %s: key %d: out-tangent is not finite", where, k);
  }
  // One channel per bone, target and slot; a bone is keyed by angles or by a rotation, not both.
  for (int other = 0; other < index; ++other) {
    const ChannelDef& o = def.channels[other];
    const ChannelTarget other_target = static_cast<ChannelTarget>(o.target);
    const bool same_bone = target == ChannelTarget::kRoot || o.bone == c.bone;
    if (!same_bone) continue;
    if (other_target == target && (target != ChannelTarget::kAngle || o.slot == c.slot))
      return Status::Invalid("clip: %s: repeats channel %d (same bone, target and slot)", where, other);
    const bool angle_and_rotation = (target == ChannelTarget::kAngle && other_target == ChannelTarget::kRotation) ||
                                    (target == ChannelTarget::kRotation && other_target == ChannelTarget::kAngle);
    if (angle_and_rotation)
      return Status::Invalid("clip: %s: the bone also has channel %d; key a bone by angles or by a rotation, not both",
                             where, other);
  }
  return Status::Ok();
}

// Keeps every sample finite and every sampled pose within the skeleton's
// bounds (reach_bound.h): each channel's curve, at and between its keys,
// within ±kMaxCoordinate in its own units (metres, radians, quaternion
// components, scale factors), and the animated rest translations and scales
// along every chain as a skeleton's rest values are.
Status ValidateCurveBounds(const Skeleton& skeleton, const ClipDef& def, const Clip& clip) {
  const int n = skeleton.bone_count();
  std::vector<int> parents(n);
  std::vector<RestExtent> extents(n);
  for (int i = 0; i < n; ++i) {
    const glm::dvec3 s = glm::abs(glm::dvec3(skeleton.built_rest_s(i)));
    parents[i] = skeleton.parent(i);
    extents[i] = {glm::length(glm::dvec3(skeleton.built_rest_t(i))), std::max(s.x, std::max(s.y, s.z)),
                  glm::length(glm::dvec3(skeleton.tip_bs(i)))};
  }
  for (int c = 0; c < clip.channel_count(); ++c) {
    const Clip::Channel& channel = clip.channel(c);
    const KeyTrack track = clip.track(c);
    glm::dvec3 bound(0.0);
    double largest = 0.0;
    for (int i = 0; i < track.size; ++i) {
      const double b = TrackComponentBound(track, i);
      if (i < 3) bound[i] = b;
      largest = std::isnan(b) ? b : std::max(largest, b);
    }
    if (!(largest <= kMaxCoordinate)) {
      char where[128];
      DescribeChannel(skeleton, def.channels[c], c, where, sizeof(where));
      return Status::Invalid("clip: %s: its curve reaches %g at or between its keys, beyond ±%g", where, largest,
                             static_cast<double>(kMaxCoordinate));
    }
    if (channel.target == ChannelTarget::kTranslation) extents[channel.bone].translation = glm::length(bound);
    if (channel.target == ChannelTarget::kScale) extents[channel.bone].scale = std::max(bound.x, std::max(bound.y, bound.z));
  }
  const ReachBreak at = FindReachBreak(parents, extents);
  if (at.bone < 0) return Status::Ok();
  const char* name = skeleton.name(at.bone).c_str();
  if (at.by_scale)
    return Status::Invalid("clip: bone %d '%s': its animated scales multiply to %g along its chain, over %g", at.bone,
                           name, at.value, static_cast<double>(kMaxChainScale));
  return Status::Invalid("clip: bone %d '%s': its animated translations and scales can put it %g m from the origin, "
                         "beyond ±%g m", at.bone, name, at.value, static_cast<double>(kMaxCoordinate));
}

}  // namespace

const char* ChannelTargetName(ChannelTarget target) {
  switch (target) {
    case ChannelTarget::kAngle: return "angle";
    case ChannelTarget::kRotation: return "rotation";
    case ChannelTarget::kRoot: return "root";
    case ChannelTarget::kTranslation: return "translation";
    case ChannelTarget::kScale: return "scale";
    case ChannelTarget::kCount: break;
  }
  return "???";
}

const char* LoopModeName(LoopMode mode) {
  switch (mode) {
    case LoopMode::kClamp: return "clamp";
    case LoopMode::kLoop: return "loop";
    case LoopMode::kCount: break;
  }
  return "???";
}

int ChannelValueSize(ChannelTarget target) {
  switch (target) {
    case ChannelTarget::kAngle: return 1;
    case ChannelTarget::kRotation: return 4;
    case ChannelTarget::kRoot:
    case ChannelTarget::kTranslation:
    case ChannelTarget::kScale: return 3;
    case ChannelTarget::kCount: break;
  }
  return 0;
}

float ClipTime(float time, float duration, LoopMode mode) {
  if (mode == LoopMode::kLoop) {
    const float wrapped = time - duration * std::floor(time / duration);
    // Rounding can leave exactly `duration` (or a hair below 0): that is 0.
    return wrapped >= duration || wrapped < 0.0f ? 0.0f : wrapped;
  }
  return std::fmin(std::fmax(time, 0.0f), duration);
}

ClipDef DefaultClipDef() { return ClipDef(); }

Status Clip::Build(const Skeleton& skeleton, const ClipDef& def, Clip* out) {
  if (out == nullptr) return Status::Invalid("clip: no output given");
  if (skeleton.bone_count() == 0) return Status::Invalid("clip: no skeleton loaded");
  if (!std::isfinite(def.duration) || !(def.duration > 0.0f))
    return Status::Invalid("clip: duration %g must be finite and > 0 seconds", def.duration);
  if (def.channels.size() > static_cast<std::size_t>(kMaxClipChannels))
    return Status::Invalid("clip: %zu channels is more than the %d supported", def.channels.size(), kMaxClipChannels);
  if (def.keys.size() > static_cast<std::size_t>(kMaxClipKeys))
    return Status::Invalid("clip: %zu keys is more than the %d supported", def.keys.size(), kMaxClipKeys);
  if (!def.in_tangents.empty() && def.in_tangents.size() != def.values.size())
    return Status::Invalid("clip: %zu in-tangent numbers for %zu values (need as many, or none)",
                           def.in_tangents.size(), def.values.size());
  if (!def.out_tangents.empty() && def.out_tangents.size() != def.values.size())
    return Status::Invalid("clip: %zu out-tangent numbers for %zu values (need as many, or none)",
                           def.out_tangents.size(), def.values.size());
  for (int c = 0; c < static_cast<int>(def.channels.size()); ++c) {
    char where[128];
    DescribeChannel(skeleton, def.channels[c], c, where, sizeof(where));
    const Status status = ValidateChannel(skeleton, def, c, where);
    if (!status.ok()) return status;
  }

  Clip clip;
  clip.duration_ = def.duration;
  clip.bone_count_ = skeleton.bone_count();
  for (int c = 0; c < static_cast<int>(def.channels.size()); ++c) {
    const ChannelDef& d = def.channels[c];
    const ChannelTarget target = static_cast<ChannelTarget>(d.target);
    const int size = ChannelValueSize(target);
    Channel channel;
    channel.target = target;
    channel.bone = target == ChannelTarget::kRoot ? 0 : d.bone;
    channel.slot = target == ChannelTarget::kAngle ? d.slot : 0;
    channel.first_key = static_cast<int>(clip.times_.size());
    channel.key_count = d.key_count;
    clip.value_start_.push_back(clip.values_.size());
    clip.euler_start_.push_back(clip.key_euler_.size());
    if (target == ChannelTarget::kTranslation || target == ChannelTarget::kScale) clip.animates_rest_ = true;
    for (int k = 0; k < d.key_count; ++k) {
      const KeyDef& key = def.keys[d.first_key + k];
      clip.times_.push_back(key.time);
      clip.interpolation_.push_back(static_cast<std::uint8_t>(key.interpolation));
      clip.tension_.push_back(key.tension);
      clip.continuity_.push_back(key.continuity);
      clip.bias_.push_back(key.bias);
      const std::size_t at = clip.values_.size();
      for (int i = 0; i < size; ++i) {
        const std::size_t from = static_cast<std::size_t>(key.value_offset) + i;
        clip.values_.push_back(def.values[from]);
        clip.in_tangents_.push_back(def.in_tangents.empty() ? 0.0f : def.in_tangents[from]);
        clip.out_tangents_.push_back(def.out_tangents.empty() ? 0.0f : def.out_tangents[from]);
      }
      float* value = &clip.values_[at];
      if (target == ChannelTarget::kRotation) {
        const float norm = std::sqrt(value[0] * value[0] + value[1] * value[1] + value[2] * value[2] + value[3] * value[3]);
        for (int i = 0; i < 4; ++i) value[i] /= norm;
        const glm::vec3 previous = k > 0 ? clip.key_euler_.back() : glm::vec3(0.0f);  // the first key: nearer rest
        clip.key_euler_.push_back(EulerWithinLimits(skeleton, d.bone, glm::quat(value[3], value[0], value[1], value[2]), previous));
      }
    }
    clip.channels_.push_back(channel);
  }
  const Status reach = ValidateCurveBounds(skeleton, def, clip);
  if (!reach.ok()) return reach;
  *out = std::move(clip);
  return Status::Ok();
}

glm::vec3 Clip::rotation_hint(int c, float time) const {
  const Channel& channel = channels_[c];
  const Span<const float> times(times_.data() + channel.first_key, static_cast<std::size_t>(channel.key_count));
  const glm::vec3* euler = key_euler_.data() + euler_start_[c];
  const int k = FindSegment(times, time);
  if (k < 0) return euler[0];
  const float s = std::min(std::max((time - times[k]) / (times[k + 1] - times[k]), 0.0f), 1.0f);
  return (1.0f - s) * euler[k] + s * euler[k + 1];
}

KeyTrack Clip::track(int c) const {
  const Channel& channel = channels_[c];
  const std::size_t first = static_cast<std::size_t>(channel.first_key);
  const std::size_t count = static_cast<std::size_t>(channel.key_count);
  const int size = ChannelValueSize(channel.target);
  const std::size_t value_count = count * static_cast<std::size_t>(size);
  KeyTrack track;
  track.size = size;
  track.times = Span<const float>(times_.data() + first, count);
  track.interpolation = Span<const std::uint8_t>(interpolation_.data() + first, count);
  track.tension = Span<const float>(tension_.data() + first, count);
  track.continuity = Span<const float>(continuity_.data() + first, count);
  track.bias = Span<const float>(bias_.data() + first, count);
  track.values = Span<const float>(values_.data() + value_start_[c], value_count);
  track.in_tangents = Span<const float>(in_tangents_.data() + value_start_[c], value_count);
  track.out_tangents = Span<const float>(out_tangents_.data() + value_start_[c], value_count);
  return track;
}

}  // namespace kin
