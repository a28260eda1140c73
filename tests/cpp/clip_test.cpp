// Clip validation, breaking one input at a time (the message names the
// channel and the key), angle keys as written and the rotation normalisation.
#include "kin/animation/clip.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "clip_fixtures.h"
#include "test_rigs.h"

namespace {

using kin::ChannelTarget;
using kin::Interpolation;
using kin_test::AddChannel;

// Channel 0: root; channel 1: link2's slot 1 angle; channel 2: link1's rotation.
kin::ClipDef ValidClip() {
  kin::ClipDef def = kin::DefaultClipDef();
  def.duration = 2.0f;
  def.in_tangents.push_back(0.0f);  // marks the definition as carrying tangents (AddChannel fills them)
  def.out_tangents.push_back(0.0f);
  def.values.push_back(0.0f);
  AddChannel(&def, ChannelTarget::kRoot, 0, 0, {{0.0f, {0, 0, 0}}, {2.0f, {1, 0, 0}}});
  AddChannel(&def, ChannelTarget::kAngle, 2, 1, {{0.0f, {0.1f}}, {0.5f, {0.2f}}, {1.5f, {0.3f}}});
  AddChannel(&def, ChannelTarget::kRotation, 1, 0, {{0.0f, {0, 0, 0, 1}}, {1.0f, {0, 0, 0, 2}}});
  return def;
}

TEST(Clip, ValidClipBuilds) {
  const kin::Skeleton skeleton = kin_test::ClipChain();
  kin::Clip clip;
  const kin::Status status = kin::Clip::Build(skeleton, ValidClip(), &clip);
  ASSERT_TRUE(status.ok()) << status.message;
  EXPECT_EQ(clip.channel_count(), 3);
  EXPECT_EQ(clip.duration(), 2.0f);
  EXPECT_FALSE(clip.animates_rest());
  // The rotation key (0, 0, 0, 2) is normalised.
  EXPECT_EQ(clip.track(2).values[7], 1.0f);
}

struct Break {
  const char* what;
  std::function<void(kin::ClipDef&)> apply;
  const char* message;
};

class ClipValidation : public ::testing::TestWithParam<Break> {};

TEST_P(ClipValidation, NamesTheChannelAndKeyAndKeepsTheOutput) {
  const kin::Skeleton skeleton = kin_test::ClipChain();
  kin::ClipDef def = ValidClip();
  GetParam().apply(def);
  kin::Clip clip;
  ASSERT_TRUE(kin::Clip::Build(skeleton, ValidClip(), &clip).ok());
  const kin::Status status = kin::Clip::Build(skeleton, def, &clip);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find(GetParam().message), std::string::npos) << status.message;
  EXPECT_EQ(clip.channel_count(), 3);  // unchanged
}

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

// Key k of channel 1 (link2's angle) is def.keys[2 + k]; of channel 2 (link1's rotation) def.keys[5 + k].
INSTANTIATE_TEST_SUITE_P(
    BreakOneInput, ClipValidation,
    ::testing::Values(
        Break{"zero duration", [](kin::ClipDef& d) { d.duration = 0.0f; }, "clip: duration 0 must be finite and > 0"},
        Break{"infinite duration", [](kin::ClipDef& d) { d.duration = kInf; }, "clip: duration inf must be finite"},
        Break{"NaN time", [](kin::ClipDef& d) { d.keys[3].time = kNaN; },
              "clip: channel 1 (bone 2 'link2', angle, slot 1): key 1: time is not finite"},
        Break{"equal times", [](kin::ClipDef& d) { d.keys[4].time = 0.5f; },
              "channel 1 (bone 2 'link2', angle, slot 1): key 2: time 0.5 is not after key 1's 0.5"},
        Break{"decreasing times", [](kin::ClipDef& d) { d.keys[4].time = 0.25f; },
              "channel 1 (bone 2 'link2', angle, slot 1): key 2: time 0.25 is not after key 1's 0.5"},
        Break{"time past the duration", [](kin::ClipDef& d) { d.keys[1].time = 2.5f; },
              "channel 0 (root): key 1: time 2.5 is outside [0, 2] (the duration)"},
        Break{"negative time", [](kin::ClipDef& d) { d.keys[5].time = -0.1f; },
              "channel 2 (bone 1 'link1', rotation, slot 0): key 0: time -0.1 is outside [0, 2]"},
        Break{"NaN value", [](kin::ClipDef& d) { d.values[d.keys[1].value_offset + 2] = kNaN; },
              "channel 0 (root): key 1: value is not finite"},
        Break{"infinite angle", [](kin::ClipDef& d) { d.values[d.keys[4].value_offset] = kInf; },
              "channel 1 (bone 2 'link2', angle, slot 1): key 2: value is not finite"},
        Break{"zero quaternion", [](kin::ClipDef& d) { d.values[d.keys[6].value_offset + 3] = 0.0f; },
              "channel 2 (bone 1 'link1', rotation, slot 0): key 1: rotation is a zero quaternion"},
        Break{"NaN in-tangent", [](kin::ClipDef& d) { d.in_tangents[d.keys[2].value_offset] = kNaN; },
              "channel 1 (bone 2 'link2', angle, slot 1): key 0: in-tangent is not finite"},
        Break{"NaN out-tangent", [](kin::ClipDef& d) { d.out_tangents[d.keys[6].value_offset + 1] = kNaN; },
              "channel 2 (bone 1 'link1', rotation, slot 0): key 1: out-tangent is not finite"},
        Break{"short tangents", [](kin::ClipDef& d) { d.in_tangents.pop_back(); }, "in-tangent numbers for"},
        Break{"NaN tension", [](kin::ClipDef& d) { d.keys[3].tension = kNaN; },
              "channel 1 (bone 2 'link2', angle, slot 1): key 1: tension, continuity or bias is not finite"},
        Break{"infinite bias", [](kin::ClipDef& d) { d.keys[0].bias = kInf; },
              "channel 0 (root): key 0: tension, continuity or bias is not finite"},
        Break{"bad interpolation code", [](kin::ClipDef& d) { d.keys[6].interpolation = 5; },
              "channel 2 (bone 1 'link1', rotation, slot 0): key 1: interpolation code 5 is not one of"},
        Break{"bone out of range", [](kin::ClipDef& d) { d.channels[1].bone = 3; },
              "channel 1 (bone 3, angle, slot 1): bone index 3 is out of range [0, 3)"},
        Break{"negative bone", [](kin::ClipDef& d) { d.channels[2].bone = -1; },
              "channel 2 (bone -1, rotation, slot 0): bone index -1 is out of range"},
        Break{"slot 3", [](kin::ClipDef& d) { d.channels[1].slot = 3; },
              "channel 1 (bone 2 'link2', angle, slot 3): slot 3 is not 0, 1 or 2"},
        Break{"bad target code", [](kin::ClipDef& d) { d.channels[1].target = 7; },
              "channel 1 (bone 2 'link2', unknown target, slot 1): target code 7 is not one of angle, rotation"},
        Break{"no keys", [](kin::ClipDef& d) { d.channels[1].key_count = 0; }, "channel 1 (bone 2 'link2', angle, slot 1): has no keys"},
        Break{"keys past the end", [](kin::ClipDef& d) { d.channels[2].key_count = 3; },
              "channel 2 (bone 1 'link1', rotation, slot 0): keys [5, 8) are outside the clip's 7 keys"},
        Break{"value offset past the values", [](kin::ClipDef& d) { d.keys[6].value_offset = static_cast<int>(d.values.size()) - 2; },
              "channel 2 (bone 1 'link1', rotation, slot 0): key 1: its 4 value numbers at"},
        Break{"a repeated channel", [](kin::ClipDef& d) { d.channels[1].bone = 1; d.channels[1].target = static_cast<int>(ChannelTarget::kRotation); },
              "channel 2 (bone 1 'link1', rotation, slot 0): repeats channel 1"},
        Break{"angles and a rotation on one bone", [](kin::ClipDef& d) { d.channels[1].bone = 1; },
              "channel 2 (bone 1 'link1', rotation, slot 0): the bone also has channel 1"}),
    [](const ::testing::TestParamInfo<Break>& info) {
      std::string name = info.param.what;
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

// Angle keys play as written: 0, −2π, 0 is a full turn one way and back (a
// wrist's spin in course data), so a quarter of the way to the second key
// the angle is −π/2, not 0 (as if −2π were taken for the same angle as 0).
TEST(Clip, AngleKeysPlayAsWrittenSoASpinIsAFullTurn) {
  const kin::Skeleton skeleton = kin_test::ClipChain();
  kin::ClipDef def;
  def.duration = 2.0f;
  const float two_pi = 6.28318530718f;
  AddChannel(&def, ChannelTarget::kAngle, 0, 0, {{0, {0.0f}}, {1, {-two_pi}}, {2, {0.0f}}});
  kin::Clip clip;
  ASSERT_TRUE(kin::Clip::Build(skeleton, def, &clip).ok());
  const kin::KeyTrack track = clip.track(0);
  EXPECT_EQ(track.values[0], 0.0f);
  EXPECT_EQ(track.values[1], -two_pi);
  EXPECT_EQ(track.values[2], 0.0f);
  float sample;
  kin::SampleTrack(track, 0.25f, &sample);
  EXPECT_NEAR(sample, -0.25f * two_pi, 1e-6f);
  kin::SampleTrack(track, 1.5f, &sample);
  EXPECT_NEAR(sample, -0.5f * two_pi, 1e-6f);
  // 3.0 then −3.0 rad: also as written, through 0 (not the short way through π).
  kin::ClipDef near_pi;
  near_pi.duration = 1.0f;
  AddChannel(&near_pi, ChannelTarget::kAngle, 0, 0, {{0, {3.0f}}, {1, {-3.0f}}});
  ASSERT_TRUE(kin::Clip::Build(skeleton, near_pi, &clip).ok());
  kin::SampleTrack(clip.track(0), 0.5f, &sample);
  EXPECT_NEAR(sample, 0.0f, 1e-6f);
}

TEST(Clip, ClipTimeClampsAndLoops) {
  EXPECT_EQ(kin::ClipTime(-1.0f, 2.0f, kin::LoopMode::kClamp), 0.0f);
  EXPECT_EQ(kin::ClipTime(2.5f, 2.0f, kin::LoopMode::kClamp), 2.0f);
  EXPECT_EQ(kin::ClipTime(1.25f, 2.0f, kin::LoopMode::kClamp), 1.25f);
  EXPECT_EQ(kin::ClipTime(2.5f, 2.0f, kin::LoopMode::kLoop), 0.5f);
  EXPECT_EQ(kin::ClipTime(2.0f, 2.0f, kin::LoopMode::kLoop), 0.0f);
  EXPECT_EQ(kin::ClipTime(-0.5f, 2.0f, kin::LoopMode::kLoop), 1.5f);
  EXPECT_EQ(kin::ClipTime(6.25f, 2.0f, kin::LoopMode::kLoop), 0.25f);
}

TEST(Clip, NamesAreTheContractsOrder) {
  EXPECT_STREQ(kin::InterpolationName(Interpolation::kCatmullRom), "catmull-rom");
  EXPECT_STREQ(kin::InterpolationName(Interpolation::kCubicSpline), "cubic-spline");
  EXPECT_STREQ(kin::InterpolationName(static_cast<Interpolation>(9)), "???");
  EXPECT_STREQ(kin::ChannelTargetName(ChannelTarget::kTranslation), "translation");
  EXPECT_STREQ(kin::LoopModeName(kin::LoopMode::kLoop), "loop");
  EXPECT_EQ(kin::ChannelValueSize(ChannelTarget::kRotation), 4);
  EXPECT_EQ(kin::ChannelValueSize(ChannelTarget::kAngle), 1);
  EXPECT_EQ(kin::ChannelValueSize(ChannelTarget::kScale), 3);
}

}  // namespace
