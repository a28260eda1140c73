// IK ranges (BoneDef::ik_range): a joint posed anywhere within its limits
// that IK turns only so far from the pose it was given. The default
// character's hips tip over every way by hand (lying down) and IK tilts them
// 0.35 rad at most from there, however long a drag goes on.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "kin/rig.h"
#include "kin/skeleton.h"
#include "test_rigs.h"

namespace {

constexpr float kPi = 3.14159265f;
constexpr float kTilt = 0.35f;  // the hips' IK range about X and Z

kin::Skeleton DefaultSkeleton() {
  kin::Skeleton s;
  EXPECT_TRUE(kin::Skeleton::Build(kin_test::DefaultCharacter(), &s).ok());
  return s;
}

TEST(IkRange, NarrowsTheLimitsAboutThePoseGivenWithinTheBuiltOnesKeepingTheStart) {
  kin::Skeleton s = DefaultSkeleton();
  const int hips = s.FindBone("hips"), spine = s.FindBone("spine");
  std::vector<glm::vec3> from(s.bone_count(), glm::vec3(0.0f)), start(s.bone_count(), glm::vec3(0.0f));
  from[hips] = glm::vec3(-3.0f, 0.0f, 0.0f);  // near the limit on X: cut there
  start[hips] = glm::vec3(-3.0f, 0.0f, 0.5f);  // beyond the range on Z: kept
  s.LimitIkTurns(from, start);
  EXPECT_EQ(s.min_angle(hips), glm::vec3(-kPi, -2.0f * kPi, -kTilt));
  EXPECT_EQ(s.max_angle(hips), glm::vec3(-3.0f + kTilt, 2.0f * kPi, 0.5f));
  // A bone without a range keeps its limits.
  EXPECT_EQ(s.min_angle(spine), glm::vec3(-0.4f));
  EXPECT_EQ(s.max_angle(spine), glm::vec3(0.4f));
  s.ResetLimits();
  EXPECT_EQ(s.min_angle(hips), glm::vec3(-kPi, -2.0f * kPi, -kPi));
  EXPECT_EQ(s.max_angle(hips), glm::vec3(kPi, 2.0f * kPi, kPi));
}

TEST(IkRange, IsRefusedUnlessPositiveNamingTheBone) {
  for (const float range : {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN()}) {
    std::vector<kin::BoneDef> bones = kin_test::DefaultCharacter();
    bones[1].ik_range = glm::vec3(0.3f, range, 0.3f);
    kin::Skeleton s;
    const kin::Status status = kin::Skeleton::Build(bones, &s);
    EXPECT_FALSE(status.ok());
    EXPECT_NE(std::string(status.message).find("bone 1 'spine': IK range"), std::string::npos) << status.message;
  }
}

// Lying on the back (the hips turned −90° about X, set by hand as a slider
// or a library pose does), the feet pinned and the right hand dragged 120
// frames toward a point 2 m overhead, out of reach: every frame starts from
// the last one's solution, and the hips stay within 0.35 rad of the pose
// that was set. Set again, the pose is where the range lies from then on.
TEST(IkRange, KeepsALyingBodyLyingThroughALongDragAndFollowsThePoseSetByHand) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::DefaultCharacter()).ok());
  const kin::Skeleton& sk = rig.skeleton();
  const int hips = sk.FindBone("hips");
  const glm::vec3 lying(-kPi / 2.0f, 0.3f, 0.0f);
  ASSERT_TRUE(rig.SetAngles(hips, lying).ok());
  EXPECT_EQ(rig.pose()[hips], lying);  // by hand the whole range
  std::vector<kin::Goal> goals;
  for (const char* name : {"hand_r", "foot_l", "foot_r"}) {
    kin::Goal g;
    g.bone = sk.FindBone(name);
    g.point_bs = sk.tip_bs(g.bone);
    g.target_ms = glm::vec3(rig.model_ms()[g.bone] * glm::vec4(g.point_bs, 1.0f));
    if (name[0] == 'f') g.weight = 100.0f;
    goals.push_back(g);
  }
  ASSERT_TRUE(rig.SetGoals(goals).ok());
  ASSERT_TRUE(rig.SetMoveRoot(true).ok());
  const glm::vec3 start_ms = goals[0].target_ms, far_ms = start_ms + glm::vec3(0.0f, 2.0f, 0.0f);
  float worst = 0.0f;
  for (int f = 1; f <= 120; ++f) {
    ASSERT_TRUE(rig.SetGoalTarget(0, glm::mix(start_ms, far_ms, std::min(1.0f, f / 60.0f))).ok());
    ASSERT_TRUE(rig.Solve().input.ok());
    const glm::vec3 turned = rig.pose()[hips] - lying;
    worst = std::max({worst, std::fabs(turned.x), std::fabs(turned.z)});
  }
  EXPECT_LE(worst, kTilt + 1e-6f);
  const glm::vec3 hand_ms(rig.model_ms()[goals[0].bone] * glm::vec4(goals[0].point_bs, 1.0f));
  EXPECT_GT(hand_ms.y - start_ms.y, 0.2f);  // the arm reached up as far as it goes
  // Face down now, by hand: the next solve's range lies about that pose.
  const glm::vec3 face_down(kPi / 2.0f, 0.0f, 0.0f);
  ASSERT_TRUE(rig.SetAngles(hips, face_down).ok());
  ASSERT_TRUE(rig.Solve().input.ok());
  EXPECT_LE(std::fabs(rig.pose()[hips].x - face_down.x), kTilt + 1e-6f);
  // Posing by hand is never narrowed: the limits are the built ones between solves.
  EXPECT_EQ(sk.min_angle(hips).x, -kPi);
  EXPECT_EQ(sk.max_angle(hips).x, kPi);
}

// A solve worker's rig has its pose set for every request: SetIkFrom gives
// it the page's pose to measure from instead, and a solved pose never moves
// it. Refused, changing nothing, unless 3 finite angles a bone.
TEST(IkRange, LiesAboutThePoseSetIkFromGivesUntilAPoseIsSetAgain) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::DefaultCharacter()).ok());
  const int hips = rig.skeleton().FindBone("hips");
  const int n = rig.bone_count();
  std::vector<float> lying(3 * static_cast<std::size_t>(n), 0.0f);
  lying[3 * hips] = -kPi / 2.0f;
  ASSERT_TRUE(rig.SetIkFrom(kin::Span<const float>(lying.data(), lying.size())).ok());
  EXPECT_EQ(rig.ik_from()[hips], glm::vec3(-kPi / 2.0f, 0.0f, 0.0f));
  // Standing, measured from lying: the window is widened to keep the start, reaching from −π/2 − 0.35 to 0.
  kin::Goal hand;
  hand.bone = rig.skeleton().FindBone("hand_r");
  hand.point_bs = rig.skeleton().tip_bs(hand.bone);
  hand.target_ms = glm::vec3(0.0f, 0.3f, 1.0f);  // low and in front: the hips tip forward to reach it if they may
  ASSERT_TRUE(rig.SetGoals(std::vector<kin::Goal>{hand}).ok());
  ASSERT_TRUE(rig.Solve().input.ok());
  EXPECT_LE(rig.pose()[hips].x, 0.0f);  // measured: 0, held at the bound
  EXPECT_EQ(rig.ik_from()[hips], glm::vec3(-kPi / 2.0f, 0.0f, 0.0f));  // a solve leaves it
  for (std::vector<float> bad : {std::vector<float>(3), lying}) {
    if (bad.size() == lying.size()) bad[4] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(rig.SetIkFrom(kin::Span<const float>(bad.data(), bad.size())).ok());
    EXPECT_EQ(rig.ik_from()[hips], glm::vec3(-kPi / 2.0f, 0.0f, 0.0f));
  }
  ASSERT_TRUE(rig.SetPose(kin::Span<const float>(lying.data(), lying.size()), glm::vec3(0.0f)).ok());
  EXPECT_EQ(rig.ik_from()[hips], rig.pose()[hips]);
}

}  // namespace
