#include "rig.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kin/forward.h"
#include "test_rigs.h"

namespace {

TEST(Rig, FailedLoadKeepsThePreviousRig) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  std::vector<kin::BoneDef> broken = kin_test::Chain(3, 1.0f);
  broken[2].parent = 5;
  const kin::Status status = rig.Load(broken);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("bone 2 'link2'"), std::string::npos) << status.message;
  EXPECT_EQ(rig.bone_count(), 19);
}

TEST(Rig, PoseIsClampedToLimitsAndRejectsNaN) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  const int knee = rig.skeleton().FindBone("shin_l");
  ASSERT_TRUE(rig.SetAngles(knee, glm::vec3(5.0f, 1.0f, -1.0f)).ok());
  EXPECT_EQ(rig.angles(knee), glm::vec3(2.4f, 0.0f, 0.0f));
  const kin::Status nan = rig.SetAngles(knee, glm::vec3(std::nanf(""), 0, 0));
  EXPECT_FALSE(nan.ok());
  EXPECT_EQ(rig.angles(knee), glm::vec3(2.4f, 0.0f, 0.0f));
  EXPECT_FALSE(rig.SetAngles(99, glm::vec3(0)).ok());
  std::vector<float> short_pose(10, 0.0f);
  const kin::Status size = rig.SetPose(short_pose, glm::vec3(0));
  EXPECT_NE(std::string(size.message).find("expected 57"), std::string::npos) << size.message;
}

TEST(Rig, BuffersFollowThePoseAndTheSolve) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  const int hand = rig.skeleton().FindBone("hand_r");
  kin::Goal goal;
  goal.bone = hand;
  goal.point_bs = rig.skeleton().tip_bs(hand);
  goal.target_ms = glm::vec3(-0.5f, 1.2f, 0.3f);
  ASSERT_TRUE(rig.SetGoals(std::vector<kin::Goal>{goal}).ok());
  const kin::SolveReport report = rig.Solve();
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged);
  const float* tips = rig.tips_data();
  EXPECT_NEAR(tips[3 * hand + 0], -0.5f, 1e-4f);
  EXPECT_NEAR(tips[3 * hand + 1], 1.2f, 1e-4f);
  EXPECT_NEAR(tips[3 * hand + 2], 0.3f, 1e-4f);
  // The palette is P · B⁻¹ of the solved pose.
  const glm::mat4 expected = rig.model_ms()[hand] * rig.skeleton().inverse_bind(hand);
  EXPECT_EQ(rig.palette()[hand], expected);
  EXPECT_FALSE(rig.SetGoalTarget(3, glm::vec3(0)).ok());
  EXPECT_FALSE(rig.SetGoalTarget(0, glm::vec3(INFINITY, 0, 0)).ok());
}

TEST(Rig, RejectsBadSolverSettingsAndKeepsTheOldOnes) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Chain(4, 1.0f)).ok());
  kin::IkOptions options;
  options.tolerance = -1.0f;
  const kin::Status status = rig.SetSolver(kin::SolverKind::kCcd, options);
  EXPECT_NE(std::string(status.message).find("tolerance -1"), std::string::npos) << status.message;
  EXPECT_EQ(rig.solver(), kin::SolverKind::kDls);
  EXPECT_FALSE(rig.SetSolver(static_cast<kin::SolverKind>(42), kin::DefaultIkOptions()).ok());
  options = kin::DefaultIkOptions();
  options.max_iterations = kin::kMaxSolveIterations + 1;
  EXPECT_FALSE(rig.SetSolver(kin::SolverKind::kDls, options).ok());
}

TEST(Rig, SolveWithoutALoadOrGoalsIsInvalidInput) {
  kin::Rig rig;
  EXPECT_EQ(rig.Solve().status, kin::SolveStatus::kInvalidInput);
  ASSERT_TRUE(rig.Load(kin_test::Chain(4, 1.0f)).ok());
  const kin::SolveReport report = rig.Solve();
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find("no goals"), std::string::npos);
}

}  // namespace
