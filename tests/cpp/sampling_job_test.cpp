// The sampling job and the Rig's clip calls: the sampler writes exactly the
// pose FK expects (checked against SetPose and an independent double
// precision FK of hand-computed angles), loop and clamp, rotation channels,
// and animated translation and scale seen by FK and by a solve.
#include "kin/animation/sampling_job.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "allocation_counter.h"
#include "clip_fixtures.h"
#include "kin/euler.h"
#include "kin/rig.h"
#include "kin/clip_sampler.h"
#include "test_rigs.h"

namespace {

using kin::ChannelTarget;
using kin::Interpolation;
using kin::LoopMode;
using kin_test::AddChannel;

int Bone(const kin::Rig& rig, const char* name) { return rig.skeleton().FindBone(name); }

// The rig's model matrices against the reference FK of `bones` at `angles`.
void ExpectModelNear(const kin::Rig& rig, const std::vector<kin::BoneDef>& bones, const std::vector<glm::dvec3>& angles,
                     const glm::dvec3& root_offset, double tolerance) {
  const std::vector<glm::dmat4> reference = kin_test::ReferenceForward(bones, angles, root_offset);
  for (int i = 0; i < rig.bone_count(); ++i)
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r)
        EXPECT_NEAR(rig.model_ms()[i][c][r], reference[i][c][r], tolerance) << bones[i].name << " [" << c << "][" << r << "]";
}

// Humanoid: upper_arm_l slot 0 0.2 → 0.6, forearm_l slot 1 0 → −0.8, the root
// 0 → (0.4, 0, −0.2), all linear over [0, 1] s; the clip lasts 2 s.
kin::ClipDef ArmClip(const kin::Rig& rig) {
  kin::ClipDef def;
  def.duration = 2.0f;
  AddChannel(&def, ChannelTarget::kAngle, Bone(rig, "upper_arm_l"), 0, {{0, {0.2f}}, {1, {0.6f}}});
  AddChannel(&def, ChannelTarget::kAngle, Bone(rig, "forearm_l"), 1, {{0, {0.0f}}, {1, {-0.8f}}});
  AddChannel(&def, ChannelTarget::kRoot, 0, 0, {{0, {0, 0, 0}}, {1, {0.4f, 0, -0.2f}}});
  return def;
}

TEST(SamplingJob, SamplesTheHandComputedPoseThatFkExpects) {
  const std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(bones).ok());
  ASSERT_TRUE(rig.SetAngles(Bone(rig, "head"), glm::vec3(0.3f)).ok());  // unanimated: back to rest
  ASSERT_TRUE(rig_clips.SetClip(rig, ArmClip(rig)).ok());
  ASSERT_TRUE(rig_clips.Sample(rig, 0.25f, LoopMode::kClamp).ok());
  // A quarter of the way: 0.2 + ¼·0.4 = 0.3, ¼·(−0.8) = −0.2, ¼·(0.4, 0, −0.2).
  std::vector<glm::dvec3> angles(bones.size(), glm::dvec3(0.0));
  angles[Bone(rig, "upper_arm_l")].x = 0.3;
  angles[Bone(rig, "forearm_l")].y = -0.2;
  const glm::dvec3 root(0.1, 0.0, -0.05);
  for (int i = 0; i < rig.bone_count(); ++i)
    for (int s = 0; s < 3; ++s) EXPECT_NEAR(rig.angles(i)[s], angles[i][s], 1e-6) << bones[i].name << " slot " << s;
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(rig.root_offset()[k], root[k], 1e-7);
  ExpectModelNear(rig, bones, angles, root, 1e-5);
  // The same pose through SetPose gives the very same buffers.
  kin::Rig posed;
  ASSERT_TRUE(posed.Load(bones).ok());
  std::vector<float> flat;
  for (const glm::vec3& a : rig.pose()) flat.insert(flat.end(), {a.x, a.y, a.z});
  ASSERT_TRUE(posed.SetPose(flat, rig.root_offset()).ok());
  for (int i = 0; i < rig.bone_count(); ++i) {
    EXPECT_EQ(rig.palette()[i], posed.palette()[i]) << bones[i].name;
    EXPECT_EQ(rig.tips_data()[3 * i + 1], posed.tips_data()[3 * i + 1]) << bones[i].name;
  }
}

// A playback frame (sample, FK, palette), a ghost and a curve-view sampling
// allocate nothing once the clip is set, for every interpolation: Catmull-Rom
// and TCB angle keys, and a rotation channel on the quaternion spline.
TEST(SamplingJob, PlaybackCallsAllocateNothing) {
  if (!kin_test::CountsAllocations()) GTEST_SKIP() << "AddressSanitizer owns malloc";
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  kin::ClipDef def = ArmClip(rig);
  AddChannel(&def, ChannelTarget::kAngle, Bone(rig, "forearm_r"), 1,
             {{0, {0.0f}, Interpolation::kCatmullRom}, {0.4f, {0.5f}, Interpolation::kTcb, 0.3f, -0.2f, 0.4f},
              {1.1f, {0.2f}, Interpolation::kCatmullRom}, {2, {0.9f}}});
  const glm::quat a = glm::angleAxis(0.2f, glm::vec3(0, 0, 1)), b = glm::angleAxis(0.9f, glm::vec3(1, 0, 0));
  AddChannel(&def, ChannelTarget::kRotation, Bone(rig, "head"), 0,
             {{0, {a.x, a.y, a.z, a.w}, Interpolation::kCatmullRom}, {1, {b.x, b.y, b.z, b.w}, Interpolation::kCatmullRom},
              {2, {a.x, a.y, a.z, a.w}, Interpolation::kCatmullRom}});
  ASSERT_TRUE(rig_clips.SetClip(rig, def).ok());
  const long before = kin_test::MallocCount();
  for (int frame = 0; frame < 240; ++frame) {
    const float time = frame / 60.0f;
    ASSERT_TRUE(rig_clips.Sample(rig, time, LoopMode::kLoop).ok());
    ASSERT_TRUE(rig_clips.SampleGhost(rig, time + 0.5f, LoopMode::kLoop).ok());
  }
  ASSERT_TRUE(rig_clips.SampleChannel(3, 0.0f, 2.0f, kin::kMaxChannelSamples).ok());
  EXPECT_EQ(kin_test::MallocCount() - before, 0);
  // The counter counts: a vector made here is seen.
  const long made = kin_test::MallocCount();
  const std::vector<float> grows(100);
  EXPECT_GT(kin_test::MallocCount() - made, 0);
}

TEST(SamplingJob, ClampHoldsTheEndsAndLoopWraps) {
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  ASSERT_TRUE(rig_clips.SetClip(rig, ArmClip(rig)).ok());
  const int arm = Bone(rig, "upper_arm_l");
  ASSERT_TRUE(rig_clips.Sample(rig, -3.0f, LoopMode::kClamp).ok());
  EXPECT_FLOAT_EQ(rig.angles(arm).x, 0.2f);
  ASSERT_TRUE(rig_clips.Sample(rig, 1.5f, LoopMode::kClamp).ok());  // past the last key, inside the clip
  EXPECT_FLOAT_EQ(rig.angles(arm).x, 0.6f);
  // Loop: 2.5 s wraps to 0.5 s (0.2 + ½·0.4 = 0.4); −1.75 s wraps to 0.25 s (0.3).
  ASSERT_TRUE(rig_clips.Sample(rig, 2.5f, LoopMode::kLoop).ok());
  EXPECT_NEAR(rig.angles(arm).x, 0.4f, 1e-6f);
  ASSERT_TRUE(rig_clips.Sample(rig, -1.75f, LoopMode::kLoop).ok());
  EXPECT_NEAR(rig.angles(arm).x, 0.3f, 1e-6f);
}

TEST(SamplingJob, AnglesAreProjectedIntoTheLimits) {
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  kin::ClipDef def;
  def.duration = 1.0f;
  const int knee = Bone(rig, "shin_l");  // slot 0 limited to [0, 2.4]
  // Keys at −1, 1 and 3 rad, the first and last outside the knee's limits.
  AddChannel(&def, ChannelTarget::kAngle, knee, 0, {{0, {-1.0f}}, {0.5f, {1.0f}}, {1, {3.0f}}});
  ASSERT_TRUE(rig_clips.SetClip(rig, def).ok());
  ASSERT_TRUE(rig_clips.Sample(rig, 0.0f, LoopMode::kClamp).ok());
  EXPECT_EQ(rig.angles(knee).x, 0.0f);
  ASSERT_TRUE(rig_clips.Sample(rig, 1.0f, LoopMode::kClamp).ok());
  EXPECT_EQ(rig.angles(knee).x, 2.4f);
}

// Two links with bone 1 in order ZXY and a turned joint frame.
std::vector<kin::BoneDef> TurnedChain() {
  std::vector<kin::BoneDef> bones = kin_test::Chain(3, 3.0f);
  bones[1].order = kin::EulerOrder::kZXY;
  bones[1].frame = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 1, 0)));
  return bones;
}

TEST(SamplingJob, RotationChannelsBecomeTheBonesEulerAngles) {
  const std::vector<kin::BoneDef> bones = TurnedChain();
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(bones).ok());
  const glm::vec3 keyed(0.3f, -0.2f, 0.5f);
  kin::ClipDef def;
  def.duration = 2.0f;
  const glm::quat q0 = kin::EulerRotation(kin::EulerOrder::kZXY, keyed);
  // Slerp from Rz(0.2) to Rz(1.0): z is slot 0 of ZXY, so halfway is (0.6, 0, 0).
  const glm::quat a = glm::angleAxis(0.2f, glm::vec3(0, 0, 1)), b = glm::angleAxis(1.0f, glm::vec3(0, 0, 1));
  AddChannel(&def, ChannelTarget::kRotation, 1, 0,
             {{0, {q0.x, q0.y, q0.z, q0.w}, Interpolation::kStep}, {1, {a.x, a.y, a.z, a.w}}, {2, {b.x, b.y, b.z, b.w}}});
  ASSERT_TRUE(rig_clips.SetClip(rig, def).ok());
  ASSERT_TRUE(rig_clips.Sample(rig, 0.5f, LoopMode::kClamp).ok());
  for (int s = 0; s < 3; ++s) EXPECT_NEAR(rig.angles(1)[s], keyed[s], 1e-5f) << s;
  std::vector<glm::dvec3> angles(bones.size(), glm::dvec3(0.0));
  angles[1] = glm::dvec3(keyed);
  ExpectModelNear(rig, bones, angles, glm::dvec3(0.0), 1e-5);
  ASSERT_TRUE(rig_clips.Sample(rig, 1.5f, LoopMode::kClamp).ok());
  EXPECT_NEAR(rig.angles(1).x, 0.6f, 1e-5f);
  EXPECT_NEAR(rig.angles(1).y, 0.0f, 1e-5f);
  EXPECT_NEAR(rig.angles(1).z, 0.0f, 1e-5f);
  // PoseRotation gives the keyed quaternion back (up to sign).
  glm::quat pose;
  ASSERT_TRUE(kin::PoseRotation(rig, 1, &pose).ok());
  EXPECT_NEAR(std::fabs(glm::dot(pose, glm::angleAxis(0.6f, glm::vec3(0, 0, 1)))), 1.0f, 1e-6f);
  EXPECT_FALSE(kin::PoseRotation(rig, 3, &pose).ok());
}

TEST(SamplingJob, ARotationSampleDependsOnTheTimeOnly) {
  // Key 1 turns 3.0 rad about x: E(3.0, 0.1, 0) in order XYZ, whose other
  // Euler solution is (3.0 − π, π − 0.1, π) = (−0.14, 3.04, 3.14). Key 0's
  // angles (0.1, 0.2, 0.3) are nearer the first, so that is the sample at
  // key 1 whatever pose the rig held before — even one next to the other.
  const std::vector<kin::BoneDef> bones = kin_test::Chain(2, 3.2f);
  kin::ClipDef def;
  def.duration = 1.0f;
  const glm::quat q0 = kin::EulerRotation(kin::EulerOrder::kXYZ, glm::vec3(0.1f, 0.2f, 0.3f));
  const glm::quat q1 = kin::EulerRotation(kin::EulerOrder::kXYZ, glm::vec3(3.0f, 0.1f, 0.0f));
  AddChannel(&def, ChannelTarget::kRotation, 1, 0, {{0, {q0.x, q0.y, q0.z, q0.w}}, {1, {q1.x, q1.y, q1.z, q1.w}}});
  kin::Rig fresh, used;
  kin::ClipSampler fresh_clips, used_clips;
  ASSERT_TRUE(fresh.Load(bones).ok());
  ASSERT_TRUE(used.Load(bones).ok());
  ASSERT_TRUE(fresh_clips.SetClip(fresh, def).ok());
  ASSERT_TRUE(used_clips.SetClip(used, def).ok());
  ASSERT_TRUE(fresh_clips.Sample(fresh, 1.0f, LoopMode::kClamp).ok());
  EXPECT_NEAR(fresh.angles(1).x, 3.0f, 1e-5f);
  EXPECT_NEAR(fresh.angles(1).y, 0.1f, 1e-5f);
  EXPECT_NEAR(fresh.angles(1).z, 0.0f, 1e-5f);
  ASSERT_TRUE(used.SetAngles(1, glm::vec3(-0.1f, 3.0f, 3.1f)).ok());
  ASSERT_TRUE(used_clips.Sample(used, 1.0f, LoopMode::kClamp).ok());
  EXPECT_EQ(used.angles(1), fresh.angles(1));
  // And through a sequence of other times.
  for (float t : {0.9f, 0.2f, 0.65f, 0.1f}) ASSERT_TRUE(used_clips.Sample(used, t, LoopMode::kClamp).ok());
  ASSERT_TRUE(used_clips.Sample(used, 0.5f, LoopMode::kClamp).ok());
  ASSERT_TRUE(fresh_clips.Sample(fresh, 0.5f, LoopMode::kClamp).ok());
  EXPECT_EQ(used.angles(1), fresh.angles(1));
}

TEST(SamplingJob, RotationKeysTakeTheEulerSolutionInsideTheLimits) {
  // Limits ±1.4, ±1.5, ±1.4. Key 0 is E(1.3, 1.4, 1.3); key 1 is
  // E(−1.3, −1.4, −1.3), whose other solution (−1.3 + π, π + 1.4 − 2π,
  // −1.3 + π) = (1.84, −1.74, 1.84) is nearer key 0's angles (|Δ|² 10.4
  // against 21.4) but outside the limits: key 1 samples as (−1.3, −1.4, −1.3).
  std::vector<kin::BoneDef> bones = kin_test::Chain(1, 1.0f);
  bones[0].min_angle = glm::vec3(-1.4f, -1.5f, -1.4f);
  bones[0].max_angle = glm::vec3(1.4f, 1.5f, 1.4f);
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(bones).ok());
  const glm::quat q0 = kin::EulerRotation(kin::EulerOrder::kXYZ, glm::vec3(1.3f, 1.4f, 1.3f));
  const glm::quat q1 = kin::EulerRotation(kin::EulerOrder::kXYZ, glm::vec3(-1.3f, -1.4f, -1.3f));
  kin::ClipDef def;
  def.duration = 1.0f;
  AddChannel(&def, ChannelTarget::kRotation, 0, 0, {{0, {q0.x, q0.y, q0.z, q0.w}}, {1, {q1.x, q1.y, q1.z, q1.w}}});
  ASSERT_TRUE(rig_clips.SetClip(rig, def).ok());
  ASSERT_TRUE(rig_clips.Sample(rig, 1.0f, LoopMode::kClamp).ok());
  EXPECT_NEAR(rig.angles(0).x, -1.3f, 1e-4f);
  EXPECT_NEAR(rig.angles(0).y, -1.4f, 1e-4f);
  EXPECT_NEAR(rig.angles(0).z, -1.3f, 1e-4f);
  ASSERT_TRUE(rig_clips.Sample(rig, 0.0f, LoopMode::kClamp).ok());
  EXPECT_NEAR(rig.angles(0).x, 1.3f, 1e-4f);
  EXPECT_NEAR(rig.angles(0).y, 1.4f, 1e-4f);
}

// Chain of two 0.5 links along +Y; the clip moves link1 to (0, 1.5, 0) and scales it by 2.
kin::ClipDef StretchClip() {
  kin::ClipDef def;
  def.duration = 1.0f;
  AddChannel(&def, ChannelTarget::kTranslation, 1, 0, {{0, {0, 1.5f, 0}}});
  AddChannel(&def, ChannelTarget::kScale, 1, 0, {{0, {2, 2, 2}}});
  return def;
}

TEST(SamplingJob, AnimatedTranslationAndScaleReachFkAndTheSolver) {
  std::vector<kin::BoneDef> bones = kin_test::Chain(2, 3.0f);
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(bones).ok());
  ASSERT_TRUE(rig_clips.SetClip(rig, StretchClip()).ok());
  ASSERT_TRUE(rig_clips.Sample(rig, 0.0f, LoopMode::kClamp).ok());
  std::vector<kin::BoneDef> stretched = bones;
  stretched[1].rest_t = glm::vec3(0, 1.5f, 0);
  stretched[1].rest_s = glm::vec3(2.0f);
  // The tip of link1: 1.5 + 2·0.5 = 2.5 up.
  EXPECT_NEAR(rig.tips_data()[3 * 1 + 1], 2.5f, 1e-6f);
  ExpectModelNear(rig, stretched, std::vector<glm::dvec3>(2, glm::dvec3(0.0)), glm::dvec3(0.0), 1e-6);
  // The palette still skins against the built bind pose: link1's bone-space
  // origin (0, 0.5, 0) at bind now lands at (0, 1.5, 0).
  const glm::vec4 origin = rig.palette()[1] * glm::vec4(0, 0.5f, 0, 1);
  EXPECT_NEAR(origin.y, 1.5f, 1e-6f);

  // A target 2.06 from the base: out of the built chain's reach (1.0), within the stretched one's (2.5).
  kin::Goal goal;
  goal.bone = 1;
  goal.point_bs = bones[1].tip_bs;
  goal.target_ms = glm::vec3(1.8f, 1.0f, 0.0f);
  ASSERT_TRUE(rig.SetGoals(std::vector<kin::Goal>{goal}).ok());
  const kin::SolveReport report = rig.Solve();
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged);
  // The solver's pose put through the independent FK of the stretched chain reaches the target.
  std::vector<glm::dvec3> solved;
  for (const glm::vec3& a : rig.pose()) solved.push_back(glm::dvec3(a));
  const std::vector<glm::dmat4> reference = kin_test::ReferenceForward(stretched, solved, glm::dvec3(0.0));
  const glm::dvec4 tip = reference[1] * glm::dvec4(glm::dvec3(bones[1].tip_bs), 1.0);
  EXPECT_NEAR(tip.x, 1.8, 1e-4);
  EXPECT_NEAR(tip.y, 1.0, 1e-4);
  EXPECT_NEAR(tip.z, 0.0, 1e-4);

  // ClearClip restores the built rest: the same target is out of reach again.
  rig_clips.Clear(rig);
  EXPECT_EQ(rig.skeleton().rest_t(1), bones[1].rest_t);
  EXPECT_EQ(rig.skeleton().rest_s(1), glm::vec3(1.0f));
  EXPECT_EQ(rig.skeleton().chain_scale(1), 1.0f);
  EXPECT_NE(rig.Solve().status, kin::SolveStatus::kConverged);
}

TEST(SamplingJob, NonUniformAnimatedScaleLeavesTheSimilarityFastPath) {
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(kin_test::Chain(2, 3.0f)).ok());
  kin::ClipDef def;
  def.duration = 1.0f;
  AddChannel(&def, ChannelTarget::kScale, 1, 0, {{0, {1, 2, 1}}});
  ASSERT_TRUE(rig_clips.SetClip(rig, def).ok());
  EXPECT_TRUE(rig.skeleton().similarity_chain(1));
  ASSERT_TRUE(rig_clips.Sample(rig, 0.0f, LoopMode::kClamp).ok());
  EXPECT_FALSE(rig.skeleton().similarity_chain(1));
  EXPECT_TRUE(rig.skeleton().similarity_chain(0));
}

TEST(SamplingJob, GhostLeavesThePoseAndTheRestAlone) {
  std::vector<kin::BoneDef> bones = kin_test::Chain(2, 3.0f);
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  ASSERT_TRUE(rig.Load(bones).ok());
  kin::ClipDef def = StretchClip();
  def.channels[0].key_count = 1;
  AddChannel(&def, ChannelTarget::kAngle, 0, 2, {{0, {0.0f}}, {1, {1.0f}}});
  ASSERT_TRUE(rig_clips.SetClip(rig, def).ok());
  ASSERT_TRUE(rig_clips.Sample(rig, 0.25f, LoopMode::kClamp).ok());
  const std::vector<glm::mat4> palette(rig.palette().begin(), rig.palette().end());
  const glm::vec3 angles = rig.angles(0);
  ASSERT_TRUE(rig_clips.SampleGhost(rig, 0.75f, LoopMode::kClamp).ok());
  EXPECT_EQ(rig.angles(0), angles);
  for (int i = 0; i < 2; ++i) EXPECT_EQ(rig.palette()[i], palette[i]);
  EXPECT_EQ(rig.skeleton().rest_t(1), glm::vec3(0, 1.5f, 0));  // the rig's sampled rest, put back
  // The ghost is the clip at 0.75 s.
  const std::vector<float> ghost(rig_clips.ghost_palette_data(), rig_clips.ghost_palette_data() + 32);
  const std::vector<float> ghost_pose(rig_clips.ghost_pose_data(), rig_clips.ghost_pose_data() + 6);
  ASSERT_TRUE(rig_clips.Sample(rig, 0.75f, LoopMode::kClamp).ok());
  EXPECT_EQ(ghost, std::vector<float>(rig.palette_data(), rig.palette_data() + 32));
  EXPECT_NEAR(ghost_pose[2], 0.75f, 1e-6f);
}

TEST(SamplingJob, RigClipCallsRejectBadInput) {
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  EXPECT_FALSE(rig_clips.SetClip(rig, kin::ClipDef()).ok());  // no skeleton
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  const kin::Status none = rig_clips.Sample(rig, 0.0f, LoopMode::kClamp);
  EXPECT_NE(std::string(none.message).find("no clip set"), std::string::npos) << none.message;
  ASSERT_TRUE(rig_clips.SetClip(rig, ArmClip(rig)).ok());
  EXPECT_TRUE(rig_clips.has_clip());
  const kin::Status nan = rig_clips.Sample(rig, std::nanf(""), LoopMode::kClamp);
  EXPECT_NE(std::string(nan.message).find("time is not finite"), std::string::npos) << nan.message;
  EXPECT_FALSE(rig_clips.Sample(rig, 0.0f, static_cast<LoopMode>(2)).ok());
  EXPECT_FALSE(rig_clips.SampleChannel(3, 0.0f, 1.0f, 10).ok());
  EXPECT_FALSE(rig_clips.SampleChannel(0, 0.0f, 1.0f, 0).ok());
  EXPECT_FALSE(rig_clips.SampleChannel(0, 0.0f, 1.0f, kin::kMaxChannelSamples + 1).ok());
  EXPECT_FALSE(rig_clips.SampleChannel(0, 0.0f, std::nanf(""), 2).ok());
  ASSERT_TRUE(rig_clips.SampleChannel(2, 0.0f, 1.0f, kin::kMaxChannelSamples).ok());
  // The root channel's last sample is its last key; the first of three is at 0.
  EXPECT_FLOAT_EQ(rig_clips.channel_samples_data()[3 * (kin::kMaxChannelSamples - 1)], 0.4f);
  // A failed SetClip keeps the clip; a rig loaded again refuses it.
  kin::ClipDef broken = ArmClip(rig);
  broken.duration = -1.0f;
  EXPECT_FALSE(rig_clips.SetClip(rig, broken).ok());
  EXPECT_EQ(rig_clips.clip().channel_count(), 3);
  ASSERT_TRUE(rig.Load(kin_test::Chain(2, 1.0f)).ok());
  const kin::Status stale = rig_clips.Sample(rig, 0.0f, LoopMode::kClamp);
  EXPECT_NE(std::string(stale.message).find("loaded again (setClip again)"), std::string::npos) << stale.message;
  EXPECT_FALSE(rig_clips.SampleGhost(rig, 0.0f, LoopMode::kClamp).ok());
}

TEST(SamplingJob, ValidateNamesTheBadInput) {
  kin::Skeleton skeleton, other;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Chain(3, 1.0f), &skeleton).ok());
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Chain(2, 1.0f), &other).ok());
  kin::ClipDef def;
  def.duration = 1.0f;
  AddChannel(&def, ChannelTarget::kAngle, 1, 0, {{0, {0.5f}}});
  kin::Clip clip;
  ASSERT_TRUE(kin::Clip::Build(skeleton, def, &clip).ok());
  std::vector<glm::vec3> angles(3), translations(3), scales(3);
  glm::vec3 root;
  kin::SamplingJob job;
  job.skeleton = &skeleton;
  job.clip = &clip;
  job.angles = angles;
  job.root_offset_ms = &root;
  job.translations = translations;
  job.scales = scales;
  ASSERT_TRUE(job.Run().ok());
  EXPECT_EQ(angles[1].x, 0.5f);
  EXPECT_EQ(translations[1], skeleton.rest_t(1));
  EXPECT_EQ(scales[2], glm::vec3(1.0f));
  kin::SamplingJob wrong = job;
  wrong.skeleton = &other;
  EXPECT_NE(std::string(wrong.Validate().message).find("built for 3 bones"), std::string::npos);
  wrong = job;
  wrong.angles = kin::Span<glm::vec3>(angles.data(), 2);
  EXPECT_FALSE(wrong.Validate().ok());
  wrong = job;
  wrong.root_offset_ms = nullptr;
  EXPECT_FALSE(wrong.Validate().ok());
  wrong = job;
  wrong.scales = kin::Span<glm::vec3>();
  EXPECT_FALSE(wrong.Validate().ok());
  wrong = job;
  wrong.clip = nullptr;
  EXPECT_FALSE(wrong.Validate().ok());
}

}  // namespace
