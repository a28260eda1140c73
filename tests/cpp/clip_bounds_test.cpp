// Every channel of a clip is bounded at and between its keys, and its
// animated rest translations, scales and root offset are bounded
// like a skeleton's (reach_bound.h): every sampled pose stays within
// ±kMaxCoordinate with chain scales ≤ kMaxChainScale, counting the overshoot
// of cubic segments between keys. TrackComponentBound is checked against
// dense sampling and a hand-derived Hermite maximum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "clip_fixtures.h"
#include "kin/animation/clip.h"
#include "kin/animation/interpolation.h"
#include "kin/rig.h"
#include "kin/clip_sampler.h"
#include "seeded_random.h"
#include "test_rigs.h"

namespace {

using kin::ChannelTarget;
using kin::Interpolation;
using kin_test::AddChannel;
using kin_test::TrackData;

kin::ClipDef EmptyClip(bool tangents) {
  kin::ClipDef def = kin::DefaultClipDef();
  def.duration = 4.0f;
  if (tangents) {  // marks the definition as carrying tangents (AddChannel fills them)
    def.values.push_back(0.0f);
    def.in_tangents.push_back(0.0f);
    def.out_tangents.push_back(0.0f);
  }
  return def;
}

std::string BuildMessage(const kin::ClipDef& def) {
  kin::Clip clip;
  const kin::Status status = kin::Clip::Build(kin_test::ClipChain(), def, &clip);
  return status.ok() ? "ok" : status.message;
}

// Hand-derived: a cubic-spline segment from 0 to 0 over 1 s with out-tangent
// 3 is 3·s(1−s)², largest at s = 1/3: 3 · 4/27 = 4/9.
TEST(TrackComponentBound, IsTheHermiteMaximumOfASingleBump) {
  const TrackData data(1, {{0.0f, {0.0f}, Interpolation::kCubicSpline, 0, 0, 0, {0.0f}, {3.0f}},
                           {1.0f, {0.0f}, Interpolation::kCubicSpline, 0, 0, 0, {0.0f}, {0.0f}}});
  EXPECT_NEAR(kin::TrackComponentBound(data.track(), 0), 4.0 / 9.0, 1e-6);
  EXPECT_NEAR(data.At(1.0f / 3.0f), 4.0f / 9.0f, 1e-6f);
}

TEST(TrackComponentBound, IsTheLargestKeyForLinearAndStepTracks) {
  const TrackData data(1, {{0.0f, {1.0f}, Interpolation::kLinear}, {1.0f, {-7.0f}, Interpolation::kStep},
                           {2.0f, {2.0f}, Interpolation::kLinear}, {3.0f, {5.0f}}});
  EXPECT_EQ(kin::TrackComponentBound(data.track(), 0), 7.0);
}

// Seeded random tracks of every interpolation (TCB within its range, cubic
// splines with random tangents) on uneven times: no sample exceeds the bound.
TEST(TrackComponentBound, HoldsForEverySampleOfSeededTracks_seed7) {
  kin_test::SeededRandom random(7);
  const Interpolation kinds[] = {Interpolation::kStep, Interpolation::kLinear, Interpolation::kCatmullRom,
                                 Interpolation::kTcb, Interpolation::kCubicSpline};
  for (int trial = 0; trial < 200; ++trial) {
    TrackData data(1, {});
    float time = 0.0f;
    const int keys = 2 + static_cast<int>(random.Next() * 6);
    for (int k = 0; k < keys; ++k) {
      data.times.push_back(time);
      time += static_cast<float>(random.Uniform(0.01, 2.0));
      data.interpolation.push_back(static_cast<std::uint8_t>(kinds[static_cast<int>(random.Next() * 5)]));
      data.tension.push_back(static_cast<float>(random.Uniform(-1, 1)));
      data.continuity.push_back(static_cast<float>(random.Uniform(-1, 1)));
      data.bias.push_back(static_cast<float>(random.Uniform(-1, 1)));
      data.values.push_back(static_cast<float>(random.Uniform(-10, 10)));
      data.in_tangents.push_back(static_cast<float>(random.Uniform(-50, 50)));
      data.out_tangents.push_back(static_cast<float>(random.Uniform(-50, 50)));
    }
    const double bound = kin::TrackComponentBound(data.track(), 0);
    double largest = 0.0;
    for (int i = 0; i <= 4000; ++i) largest = std::max(largest, std::fabs(static_cast<double>(data.At(time * i / 4000.0f))));
    ASSERT_LE(largest, bound * (1.0 + 1e-6)) << "trial " << trial;
  }
}

TEST(ClipBounds, TheDemoShapedClipWithinBoundsBuilds) {
  kin::ClipDef def = EmptyClip(false);
  AddChannel(&def, ChannelTarget::kRoot, 0, 0, {{0.0f, {0, 0, 0}, Interpolation::kCatmullRom}, {2.0f, {0, 0.1f, 3}}});
  AddChannel(&def, ChannelTarget::kTranslation, 1, 0, {{0.0f, {0, 0.4f, 0}}, {1.0f, {0, 0.6f, 0}}});
  AddChannel(&def, ChannelTarget::kScale, 2, 0, {{0.0f, {1, 1, 1}}, {1.0f, {2, 2, 2}}});
  EXPECT_EQ(BuildMessage(def), "ok");
}

// Each translation 6e4 m is within the bound alone; along the chain they add to 1.8e5 m.
TEST(ClipBounds, RefusesTranslationsThatAddUpAlongTheChainBeyondTheBound) {
  kin::ClipDef def = EmptyClip(false);
  for (int bone = 0; bone < 3; ++bone)
    AddChannel(&def, ChannelTarget::kTranslation, bone, 0, {{0.0f, {0, 1, 0}}, {1.0f, {0, 6e4f, 0}}});
  EXPECT_NE(BuildMessage(def).find("clip: bone 1 'link1': its animated translations and scales can put it 120000 m"),
            std::string::npos)
      << BuildMessage(def);
}

// Each scale 100 is fine alone; along the three bones they multiply to 1e6.
TEST(ClipBounds, RefusesScalesThatMultiplyAlongTheChain) {
  kin::ClipDef def = EmptyClip(false);
  for (int bone = 0; bone < 3; ++bone)
    AddChannel(&def, ChannelTarget::kScale, bone, 0, {{0.0f, {1, 1, 1}}, {1.0f, {100, 100, 100}}});
  EXPECT_NE(BuildMessage(def).find("clip: bone 2 'link2': its animated scales multiply to 1e+06"), std::string::npos)
      << BuildMessage(def);
}

// Both keys are inside ±1e5 m, but the cubic segment between them is not:
// 9e4 + 1e5 · 4/27 ≈ 1.048e5 at s = 1/3.
TEST(ClipBounds, RefusesARootWhoseCurveOvershootsBetweenKeys) {
  kin::ClipDef def = EmptyClip(true);
  AddChannel(&def, ChannelTarget::kRoot, 0, 0,
             {{0.0f, {9e4f, 0, 0}, Interpolation::kCubicSpline, 0, 0, 0, {0, 0, 0}, {1e5f, 0, 0}},
              {1.0f, {9e4f, 0, 0}, Interpolation::kCubicSpline}});
  const TrackData overshoot(1, {{0.0f, {9e4f}, Interpolation::kCubicSpline, 0, 0, 0, {0.0f}, {1e5f}},
                                {1.0f, {9e4f}, Interpolation::kCubicSpline, 0, 0, 0, {0.0f}, {0.0f}}});
  ASSERT_GT(overshoot.At(1.0f / 3.0f), kin::kMaxCoordinate);  // the curve really leaves the bound
  EXPECT_NE(BuildMessage(def).find("clip: channel 0 (root): its curve reaches 104815 at or between its keys, beyond ±100000"), std::string::npos)
      << BuildMessage(def);
}

// A finite but huge tangent made the curve view's samples Inf and the pose
// sit on a limit for no reason the clip shows.
TEST(ClipBounds, RefusesAnAngleCurveThatOverflowsBetweenKeys) {
  kin::ClipDef def = EmptyClip(true);
  AddChannel(&def, ChannelTarget::kAngle, 1, 0,
             {{0.0f, {0.0f}, Interpolation::kCubicSpline, 0, 0, 0, {0.0f}, {3e38f}}, {2.0f, {0.0f}, Interpolation::kCubicSpline}});
  EXPECT_NE(BuildMessage(def).find("clip: channel 0 (bone 1 'link1', angle, slot 0): its curve reaches inf at or between "
                                   "its keys, beyond ±100000"),
            std::string::npos)
      << BuildMessage(def);
}

TEST(ClipBounds, RefusesTcbParametersOutsideTheirRange) {
  kin::ClipDef def = EmptyClip(false);
  AddChannel(&def, ChannelTarget::kAngle, 1, 0,
             {{0.0f, {0.0f}, Interpolation::kTcb}, {1.0f, {0.5f}, Interpolation::kTcb, 2.0f, 0.0f, 0.0f}, {2.0f, {0.0f}}});
  EXPECT_NE(BuildMessage(def).find("clip: channel 0 (bone 1 'link1', angle, slot 0): key 1: tension 2, continuity 0, "
                                   "bias 0: each must be within [-1, 1]"),
            std::string::npos)
      << BuildMessage(def);
}

// Through the Rig: the refused clip leaves the previous one and a finite palette.
TEST(ClipBounds, TheRigKeepsItsClipWhenARefusedOneArrives) {
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  const std::vector<kin::BoneDef> bones = kin_test::Chain(3, 3.0f);
  ASSERT_TRUE(rig.Load(bones).ok());
  kin::ClipDef good = EmptyClip(false);
  AddChannel(&good, ChannelTarget::kScale, 2, 0, {{0.0f, {1, 1, 1}}, {1.0f, {2, 2, 2}}});
  ASSERT_TRUE(rig_clips.SetClip(rig, good).ok());
  kin::ClipDef bad = EmptyClip(false);
  for (int bone = 0; bone < 3; ++bone)
    AddChannel(&bad, ChannelTarget::kScale, bone, 0, {{0.0f, {1, 1, 1}}, {1.0f, {1e13f, 1e13f, 1e13f}}});
  EXPECT_FALSE(rig_clips.SetClip(rig, bad).ok());
  ASSERT_TRUE(rig_clips.Sample(rig, 1.0f, kin::LoopMode::kClamp).ok());
  for (int i = 0; i < 16 * rig.bone_count(); ++i) ASSERT_TRUE(std::isfinite(rig.palette_data()[i])) << i;
}

}  // namespace
