// Test fixtures for clips: one channel's keys held in vectors (a KeyTrack over
// them for the interpolators), and a ClipDef builder that appends a channel.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include <gtest/gtest.h>

#include "kin/animation/clip.h"
#include "kin/animation/interpolation.h"
#include "test_rigs.h"

namespace kin_test {

// The clip tests' skeleton: three links of 1/3 along +Y (link0..link2), limits ±3 rad.
inline kin::Skeleton ClipChain() {
  kin::Skeleton skeleton;
  EXPECT_TRUE(kin::Skeleton::Build(Chain(3, 3.0f), &skeleton).ok());
  return skeleton;
}

// One key as the fixtures write it: time, value (1 to 4 numbers), interpolation, T/C/B, tangents.
struct TestKey {
  float time;
  std::vector<float> value;
  kin::Interpolation interpolation = kin::Interpolation::kLinear;
  float tension = 0.0f, continuity = 0.0f, bias = 0.0f;
  std::vector<float> in_tangent = {};
  std::vector<float> out_tangent = {};
};

// Owns a channel's key arrays; track() views them.
struct TrackData {
  int size = 1;
  std::vector<float> times, tension, continuity, bias, values, in_tangents, out_tangents;
  std::vector<std::uint8_t> interpolation;

  TrackData(int value_size, std::initializer_list<TestKey> keys) : size(value_size) {
    for (const TestKey& k : keys) {
      times.push_back(k.time);
      interpolation.push_back(static_cast<std::uint8_t>(k.interpolation));
      tension.push_back(k.tension);
      continuity.push_back(k.continuity);
      bias.push_back(k.bias);
      for (int c = 0; c < size; ++c) {
        values.push_back(k.value[c]);
        in_tangents.push_back(k.in_tangent.empty() ? 0.0f : k.in_tangent[c]);
        out_tangents.push_back(k.out_tangent.empty() ? 0.0f : k.out_tangent[c]);
      }
    }
  }

  kin::KeyTrack track() const {
    kin::KeyTrack t;
    t.size = size;
    t.times = times;
    t.interpolation = interpolation;
    t.tension = tension;
    t.continuity = continuity;
    t.bias = bias;
    t.values = values;
    t.in_tangents = in_tangents;
    t.out_tangents = out_tangents;
    return t;
  }

  float At(float time) const {
    float out[4];
    kin::SampleTrack(track(), time, out);
    return out[0];
  }
};

// Appends a channel with `keys` to `def` (keys and values after the ones it has).
inline void AddChannel(kin::ClipDef* def, kin::ChannelTarget target, int bone, int slot, std::initializer_list<TestKey> keys) {
  kin::ChannelDef channel;
  channel.target = static_cast<int>(target);
  channel.bone = bone;
  channel.slot = slot;
  channel.first_key = static_cast<int>(def->keys.size());
  channel.key_count = static_cast<int>(keys.size());
  const int size = kin::ChannelValueSize(target);
  const bool tangents = !def->in_tangents.empty();
  for (const TestKey& k : keys) {
    kin::KeyDef key;
    key.time = k.time;
    key.interpolation = static_cast<int>(k.interpolation);
    key.tension = k.tension;
    key.continuity = k.continuity;
    key.bias = k.bias;
    key.value_offset = static_cast<int>(def->values.size());
    def->keys.push_back(key);
    for (int c = 0; c < size; ++c) {
      def->values.push_back(k.value[c]);
      if (tangents) {
        def->in_tangents.push_back(k.in_tangent.empty() ? 0.0f : k.in_tangent[c]);
        def->out_tangents.push_back(k.out_tangent.empty() ? 0.0f : k.out_tangent[c]);
      }
    }
  }
  def->channels.push_back(channel);
}

}  // namespace kin_test
