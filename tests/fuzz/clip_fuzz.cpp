// A clip from the fuzzer — channels of any target (sometimes an unknown
// one) on any bone (sometimes out of range), keys with fuzzed times,
// interpolation codes, Kochanek–Bartels parameters, values and tangents —
// set on the default character's body, then sampled at fuzzed times into
// the pose, the ghost buffers and the curve view. Whatever SetClip accepts
// must sample to finite outputs with every pose within its limits.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../cpp/test_rigs.h"
#include "fuzz_checks.h"
#include "fuzz_input.h"
#include "kin/animation/clip.h"
#include "kin/rig.h"
#include "kin/clip_sampler.h"

namespace {

kin::ClipDef FuzzedClip(kin_fuzz::FuzzInput& in, int bones) {
  kin::ClipDef def = kin::DefaultClipDef();
  def.duration = in.Flag() ? 1.0f + in.Below(8) : in.Float();
  const bool tangents = in.Flag();
  const int channels = in.Below(8);
  for (int c = 0; c < channels; ++c) {
    kin::ChannelDef channel;
    // Mostly a real target on a real bone, sometimes neither.
    channel.target = in.Below(static_cast<int>(kin::ChannelTarget::kCount) + 1);
    channel.bone = in.Flag() ? in.Below(bones) : in.Below(bones + 4) - 2;
    channel.slot = in.Below(4);
    channel.first_key = static_cast<int>(def.keys.size());
    channel.key_count = 1 + in.Below(6);
    const int size = kin::ChannelValueSize(static_cast<kin::ChannelTarget>(channel.target));
    float time = 0.0f;
    for (int k = 0; k < channel.key_count; ++k) {
      kin::KeyDef key;
      time += in.Flag() ? 0.25f * (1 + in.Below(8)) : in.Float();
      key.time = time;
      key.interpolation = in.Below(static_cast<int>(kin::Interpolation::kCount) + 1);
      if (in.Flag()) {
        key.tension = in.Float();
        key.continuity = in.Float();
        key.bias = in.Float();
      }
      key.value_offset = static_cast<int>(def.values.size());
      def.keys.push_back(key);
      for (int i = 0; i < (size > 0 ? size : 1); ++i) {
        def.values.push_back(in.Flag() ? static_cast<float>(in.Below(200)) / 100.0f : in.Float());
        if (tangents) {
          def.in_tangents.push_back(in.Float());
          def.out_tangents.push_back(in.Float());
        }
      }
    }
    def.channels.push_back(channel);
  }
  return def;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kin_fuzz::FuzzInput in(data, size);
  static const std::vector<kin::BoneDef> bones = kin_test::DefaultCharacter();
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  if (!rig.Load(kin::Span<const kin::BoneDef>(bones.data(), bones.size())).ok()) kin_fuzz::Fail("the fixture rig did not load");
  if (!rig_clips.SetClip(rig, FuzzedClip(in, rig.bone_count())).ok()) return 0;
  for (int sample = 0; sample < 4; ++sample) {
    const float time = in.Flag() ? 0.1f * in.Below(100) : in.Float();
    const kin::LoopMode loop = in.Flag() ? kin::LoopMode::kLoop : kin::LoopMode::kClamp;
    if (!rig_clips.Sample(rig, time, loop).ok()) continue;  // a time that is not finite is refused
    kin_fuzz::RequirePoseWithinLimits(rig, "SampleClip");
    kin_fuzz::RequireOutputsFinite(rig);
    if (rig_clips.SampleGhost(rig, time + 0.5f, loop).ok()) {
      kin_fuzz::RequireFinite(rig_clips.ghost_model_data(), 16 * rig.bone_count(), "ghost model matrices");
      kin_fuzz::RequireFinite(rig_clips.ghost_palette_data(), 16 * rig.bone_count(), "ghost palette");
    }
  }
  const int channel = in.Below(rig_clips.clip().channel_count() + 1);
  const int count = 1 + in.Below(64);
  if (rig_clips.SampleChannel(channel, in.Float(), in.Float(), count).ok()) {
    const int values = kin::ChannelValueSize(rig_clips.clip().channel(channel).target);
    kin_fuzz::RequireFinite(rig_clips.channel_samples_data(), values * count, "channel samples");
  }
  return 0;
}
