// Targets beyond reach (ik/goal_reach.h): a solve that ends away from a
// target no pose reaches names that goal and its shortfall, derived here by
// hand from the bone lengths; a reachable target, or a solve that merely ran
// out of iterations, names none.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "allocation_counter.h"
#include "kin/ik/ik_job.h"
#include "kin/rig.h"
#include "test_rigs.h"

namespace {

using kin::SolverKind;

// Three bones up the y axis: 0.3 m, 0.25 m and a 0.2 m tip, the root at
// (0, 1, 0) plus the root offset.
struct Arm {
  kin::Skeleton skeleton;
  kin::IkWorkspace workspace;
  std::vector<glm::vec3> angles;
  kin::Goal goal;

  explicit Arm(float root_scale = 1.0f) {
    std::vector<kin::BoneDef> bones(3, kin::DefaultBoneDef());
    const float lengths[] = {0.3f, 0.25f, 0.2f};
    for (int i = 0; i < 3; ++i) {
      bones[i].name = "bone" + std::to_string(i);
      bones[i].parent = i - 1;
      bones[i].rest_t = i == 0 ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(0.0f, lengths[i - 1], 0.0f);
      bones[i].tip_bs = glm::vec3(0.0f, lengths[i], 0.0f);
    }
    bones[0].rest_s = glm::vec3(root_scale);
    EXPECT_TRUE(kin::Skeleton::Build(bones, &skeleton).ok());
    angles.assign(3, glm::vec3(0.0f));
    workspace.Reserve(3, 1);
    goal.bone = 2;
    goal.point_bs = skeleton.tip_bs(2);
  }
  kin::IkJob Job(SolverKind kind, const glm::vec3& root_offset_ms, int max_iterations) {
    kin::IkJob job;
    job.kind = kind;
    job.skeleton = &skeleton;
    job.goals = kin::Span<const kin::Goal>(&goal, 1);
    job.root_offset_ms = root_offset_ms;
    job.options.max_iterations = max_iterations;
    job.angles = angles;
    job.workspace = &workspace;
    return job;
  }
  kin::SolveReport Solve(SolverKind kind, const glm::vec3& root_offset_ms, int max_iterations = 64) {
    return Job(kind, root_offset_ms, max_iterations).Run();
  }
};

TEST(GoalReach, ATargetBeyondTheChainIsShortByItsDistanceLessTheLengths) {
  const glm::vec3 offset(0.1f, 0.0f, 0.0f);
  const glm::vec3 origin = glm::vec3(0.0f, 1.0f, 0.0f) + offset;
  for (const SolverKind kind : {SolverKind::kDls, SolverKind::kCcd, SolverKind::kFabrik, SolverKind::kGradientDescent}) {
    Arm arm;
    // 1 m from the root's origin; the bones stretch 0.3 + 0.25 + 0.2 = 0.75 m.
    arm.goal.target_ms = origin + glm::vec3(0.6f, 0.8f, 0.0f);
    const kin::SolveReport report = arm.Solve(kind, offset);
    SCOPED_TRACE(kin::SolverKindName(kind));
    EXPECT_NE(report.status, kin::SolveStatus::kConverged);
    EXPECT_EQ(report.short_goal, 0);
    EXPECT_NEAR(report.shortfall, 0.25f, 1e-6f);
  }
}

// Telling the shortfall is part of the solve, which allocates nothing.
TEST(GoalReach, TellingTheShortfallAllocatesNothing) {
  Arm arm;
  arm.goal.target_ms = glm::vec3(0.0f, 1.0f, 2.0f);
  const kin::IkJob job = arm.Job(SolverKind::kDls, glm::vec3(0.0f), 64);
  ASSERT_EQ(job.Run().short_goal, 0);
  kin_test::ExpectRunAllocatesNothing(job);
}

TEST(GoalReach, AReachableTargetIsNotShort) {
  Arm arm;
  arm.goal.target_ms = glm::vec3(0.3f, 1.4f, 0.0f);  // 0.5 m from the root's origin
  const kin::SolveReport report = arm.Solve(SolverKind::kDls, glm::vec3(0.0f));
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged);
  EXPECT_EQ(report.short_goal, -1);
  EXPECT_EQ(report.shortfall, 0.0f);
}

// The budget spent short of a reachable target is the solver's failure, not
// the body's: the status says so alone.
TEST(GoalReach, RunningOutOfIterationsIsNotBeingShort) {
  Arm arm;
  arm.goal.target_ms = glm::vec3(-0.5f, 1.2f, 0.1f);
  const kin::SolveReport report = arm.Solve(SolverKind::kGradientDescent, glm::vec3(0.0f), 1);
  EXPECT_EQ(report.status, kin::SolveStatus::kMaxIterations);
  EXPECT_EQ(report.short_goal, -1);
}

// A root scale of 2 doubles every length below it: 1.5 m of reach.
TEST(GoalReach, ScalesStretchTheReach) {
  Arm arm(2.0f);
  arm.goal.target_ms = glm::vec3(0.0f, 1.0f, 1.6f);
  const kin::SolveReport report = arm.Solve(SolverKind::kDls, glm::vec3(0.0f));
  EXPECT_EQ(report.short_goal, 0);
  EXPECT_NEAR(report.shortfall, 0.1f, 1e-6f);
}

// The page's whole body (both hands, pinned feet, the hips' target; the
// root moves). Nothing fixes the root, so reach is counted between targets.
class WholeBodyReach : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(rig_.Load(kin_test::DefaultCharacter()).ok());
    const kin::Skeleton& sk = rig_.skeleton();
    for (const char* name : {"hand_l", "hand_r", "foot_l", "foot_r", "hips"}) {
      kin::Goal g;
      g.bone = sk.FindBone(name);
      g.point_bs = name[0] == 'h' && name[1] == 'i' ? glm::vec3(0.0f) : sk.tip_bs(g.bone);
      g.target_ms = glm::vec3(rig_.model_ms()[g.bone] * glm::vec4(g.point_bs, 1.0f));
      if (name[0] == 'f') g.weight = 100.0f;
      goals_.push_back(g);
    }
    ASSERT_TRUE(rig_.SetSolver(SolverKind::kDls, kin::DefaultIkOptions()).ok());
    ASSERT_TRUE(rig_.SetMoveRoot(true).ok());
  }
  kin::SolveReport Solve() {
    EXPECT_TRUE(rig_.SetGoals(goals_).ok());
    return rig_.Solve();
  }
  kin::Rig rig_;
  std::vector<kin::Goal> goals_;
};

// From the hips' origin the left hand's point lies at most spine 0.1 +
// chest 0.16 + clavicle |(0.02, 0.18)| + upper arm 0.16 + forearm 0.28 +
// hand 0.26 + the tip |(0.095, 0.002, 0.007)| away; the hips' target has no
// reach of its own, so the hand (of the same weight) is the one short.
const double kArm = 0.16 + 0.28 + 0.26 + std::sqrt(0.095 * 0.095 + 0.002 * 0.002 + 0.007 * 0.007);
const double kHandFromChest = std::sqrt(0.02 * 0.02 + 0.18 * 0.18) + kArm;
const double kHandFromHips = 0.1 + 0.16 + kHandFromChest;

// 1.3 m in front of the hips' target, 0.5 m aside and 0.3 m up: out of the
// hips' reach, while the right hand's target is nearer than both arms.
TEST_F(WholeBodyReach, AHandPulledFarFromTheHipsIsShortByItsArmAndSpine) {
  goals_[0].target_ms = goals_[4].target_ms + glm::vec3(0.5f, 0.3f, 1.3f);
  const double apart = glm::length(glm::dvec3(goals_[0].target_ms) - glm::dvec3(goals_[4].target_ms));
  ASSERT_LT(glm::length(glm::dvec3(goals_[0].target_ms) - glm::dvec3(goals_[1].target_ms)), 2 * kHandFromChest);
  const kin::SolveReport report = Solve();
  EXPECT_NE(report.status, kin::SolveStatus::kConverged);
  EXPECT_EQ(report.short_goal, 0);
  EXPECT_NEAR(report.shortfall, apart - kHandFromHips, 1e-5);
}

// Hands pulled apart are each short of the other by as much (both arms from
// the chest); the one pulled away from the hips is short of them too, and named.
TEST_F(WholeBodyReach, OfTwoHandsPulledApartTheOneAwayFromTheHipsIsNamed) {
  goals_[1].target_ms = goals_[4].target_ms + glm::vec3(-1.5f, 0.3f, 0.0f);
  const double apart = glm::length(glm::dvec3(goals_[0].target_ms) - glm::dvec3(goals_[1].target_ms));
  ASSERT_GT(apart - 2 * kHandFromChest, glm::length(glm::dvec3(goals_[1].target_ms) - glm::dvec3(goals_[4].target_ms)) - kHandFromHips);
  const kin::SolveReport report = Solve();
  EXPECT_EQ(report.short_goal, 1);
  EXPECT_NEAR(report.shortfall, apart - 2 * kHandFromChest, 1e-5);
}

// The hips' target 0.5 m above where they stand: the pinned feet (heavier)
// hold the legs, and the hips are short by their distance from a foot's
// point less the leg: thigh |(0.1, −0.05)| + 0.42 + 0.41 + toe |(−0.05, 0.13)|.
TEST_F(WholeBodyReach, HipsPulledOffPinnedFeetAreTheOnesShort) {
  const double leg = std::sqrt(0.1 * 0.1 + 0.05 * 0.05) + 0.42 + 0.41 + std::sqrt(0.05 * 0.05 + 0.13 * 0.13);
  goals_[4].target_ms += glm::vec3(0.0f, 0.5f, 0.0f);
  const double apart = glm::length(glm::dvec3(goals_[4].target_ms) - glm::dvec3(goals_[2].target_ms));
  const kin::SolveReport report = Solve();
  EXPECT_NE(report.status, kin::SolveStatus::kConverged);
  EXPECT_EQ(report.short_goal, 4);
  EXPECT_NEAR(report.shortfall, apart - leg, 1e-5);
}

// A reachable hand that one solve's budget does not bring all the way
// (measured: max-iterations) is the solver's miss: nothing is short.
TEST_F(WholeBodyReach, AReachableHandIsNotShort) {
  goals_[0].target_ms += glm::vec3(0.1f, 0.15f, 0.1f);
  const kin::SolveReport report = Solve();
  EXPECT_EQ(report.short_goal, -1) << kin::SolveStatusName(report.status);
  EXPECT_EQ(report.shortfall, 0.0f);
}

}  // namespace
