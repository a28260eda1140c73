// Requests beyond the core's bounds are refused by name at the boundary,
// changing nothing: positions beyond ±kMaxCoordinate (a finite but huge tip
// used to pass validation and turn a swing-twist axis into NaN; a huge
// target left FABRIK's angles NaN while it reported "converged") and more
// than kMaxGoals goals (the IK workspace grows with their square).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kin/goal.h"
#include "kin/ik/ik_job.h"
#include "kin/rig.h"
#include "kin/rig_skin.h"
#include "kin/skeleton.h"
#include "test_rigs.h"

namespace {

::testing::AssertionResult Names(const kin::Status& status, const std::string& text) {
  if (status.ok()) return ::testing::AssertionFailure() << "accepted; expected an error naming \"" << text << "\"";
  if (std::string(status.message).find(text) == std::string::npos)
    return ::testing::AssertionFailure() << "\"" << status.message << "\" does not name \"" << text << "\"";
  return ::testing::AssertionSuccess();
}

bool AllFinite(kin::Span<const glm::vec3> angles) {
  for (const glm::vec3& a : angles)
    if (!std::isfinite(a.x) || !std::isfinite(a.y) || !std::isfinite(a.z)) return false;
  return true;
}

// A ten-bone chain whose bone 2 is a ball joint with a swing-twist cone.
std::vector<kin::BoneDef> ConedChain() {
  std::vector<kin::BoneDef> bones = kin_test::Chain(10, 3.0f);
  bones[2].swing_max = 0.8f;
  bones[2].twist_min = -0.5f;
  bones[2].twist_max = 0.5f;
  return bones;
}

TEST(RequestBounds, SkeletonRefusesPositionsBeyondTheBound) {
  kin::Skeleton skeleton;
  std::vector<kin::BoneDef> bones = ConedChain();
  bones[2].tip_bs = glm::vec3(3e19f, 0.0f, 0.0f);  // |tip|² overflows float
  EXPECT_TRUE(Names(kin::Skeleton::Build(bones, &skeleton), "bone 2 'link2': tip is beyond ±100000 m (3e+19 on axis 0)"));
  bones = ConedChain();
  bones[4].rest_t = glm::vec3(0.0f, -2e5f, 0.0f);
  EXPECT_TRUE(Names(kin::Skeleton::Build(bones, &skeleton), "bone 4 'link4': rest translation is beyond ±100000 m"));
  bones = ConedChain();
  // A tip whose farthest reach (0.2 m of chain, then the tip) stays within the bound is in range.
  bones[2].tip_bs = glm::vec3(kin::kMaxCoordinate - 1.0f, 0.0f, 0.0f);
  EXPECT_TRUE(kin::Skeleton::Build(bones, &skeleton).ok());
  // Each value in range, the chain not: three bones of 40 km reach 120 km in some pose.
  bones = ConedChain();
  for (int b = 1; b <= 3; ++b) bones[b].rest_t = glm::vec3(0.0f, 4e4f, 0.0f);
  EXPECT_TRUE(Names(kin::Skeleton::Build(bones, &skeleton), "bone 3 'link3': its rest translations and scales can put it"));
}

TEST(RequestBounds, ARefusedLoadKeepsARigWhosePosesStayFinite) {
  kin::Rig rig;
  kin::RigSkin rig_skin;
  ASSERT_TRUE(rig.Load(ConedChain()).ok());
  std::vector<kin::BoneDef> huge = ConedChain();
  huge[2].tip_bs = glm::vec3(3e19f, 0.0f, 0.0f);
  EXPECT_FALSE(rig.Load(huge).ok());
  std::vector<float> pose(3 * 10, 0.7f);
  ASSERT_TRUE(rig.SetPose(pose, glm::vec3(0.0f)).ok());
  EXPECT_TRUE(AllFinite(rig.pose()));
  EXPECT_TRUE(Names(rig.SetRootOffset(glm::vec3(0.0f, 0.0f, 1e6f)), "root offset is beyond ±100000 m"));
  EXPECT_TRUE(Names(rig.SetPose(pose, glm::vec3(1e30f, 0.0f, 0.0f)), "root offset is beyond"));
  EXPECT_EQ(rig.root_offset(), glm::vec3(0.0f));
}

TEST(RequestBounds, GoalsRefuseTargetsAndPolesBeyondTheBound) {
  kin::Rig rig;
  kin::RigSkin rig_skin;
  ASSERT_TRUE(rig.Load(ConedChain()).ok());
  ASSERT_TRUE(rig.SetSolver(kin::SolverKind::kFabrik, kin::DefaultIkOptions()).ok());
  kin::Goal goal;
  goal.bone = 9;
  goal.point_bs = glm::vec3(0.0f, 0.1f, 0.0f);
  goal.target_ms = glm::vec3(0.3f, 0.6f, 0.0f);
  ASSERT_TRUE(rig.SetGoals({&goal, 1}).ok());
  kin::Goal huge = goal;
  huge.target_ms = glm::vec3(1e19f, 0.0f, 0.0f);
  EXPECT_TRUE(Names(rig.SetGoals({&huge, 1}), "goal 0: target is beyond ±100000 m (1e+19 on axis 0)"));
  EXPECT_TRUE(Names(rig.SetGoalTarget(0, huge.target_ms), "target of goal 0 is beyond ±100000 m"));
  EXPECT_EQ(rig.goal(0).target_ms, goal.target_ms);
  kin::Goal pole = goal;
  pole.has_pole = true;
  pole.pole_ms = glm::vec3(0.0f, 0.0f, -3e5f);
  EXPECT_TRUE(Names(rig.SetGoals({&pole, 1}), "goal 0: pole is beyond ±100000 m (-300000 on axis 2)"));
  kin::Goal far_point = goal;
  far_point.point_bs = glm::vec3(0.0f, 2e5f, 0.0f);
  EXPECT_TRUE(Names(rig.SetGoals({&far_point, 1}), "goal 0: point on the bone is beyond"));
  const kin::SolveReport report = rig.Solve();
  EXPECT_NE(report.status, kin::SolveStatus::kInvalidInput) << report.input.message;
  EXPECT_TRUE(AllFinite(rig.pose()));
}

// FABRIK run as a job (no Rig) on a target 1e19 away: refused, the angles
// untouched, where it used to leave NaN and report "converged".
TEST(RequestBounds, FabrikJobRefusesAHugeTarget) {
  kin::Skeleton skeleton;
  ASSERT_TRUE(kin::Skeleton::Build(ConedChain(), &skeleton).ok());
  std::vector<glm::vec3> angles(10, glm::vec3(0.1f));
  std::vector<float> energy(65, 0.0f);
  kin::IkWorkspace workspace;
  workspace.Reserve(10, 1);
  kin::Goal goal;
  goal.bone = 9;
  goal.target_ms = glm::vec3(1e19f, 0.0f, 0.0f);
  kin::IkJob job;
  job.kind = kin::SolverKind::kFabrik;
  job.skeleton = &skeleton;
  job.goals = {&goal, 1};
  job.angles = angles;
  job.energy = energy;
  job.workspace = &workspace;
  const kin::SolveReport report = job.Run();
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_TRUE(Names(report.input, "goal 0: target is beyond ±100000 m"));
  EXPECT_EQ(angles[5], glm::vec3(0.1f));
}

TEST(RequestBounds, TooManyGoalsAreRefusedAndChangeNothing) {
  kin::Rig rig;
  kin::RigSkin rig_skin;
  ASSERT_TRUE(rig.Load(ConedChain()).ok());
  kin::Goal goal;
  goal.bone = 9;
  goal.target_ms = glm::vec3(0.3f, 0.6f, 0.0f);
  ASSERT_TRUE(rig.SetGoals({&goal, 1}).ok());
  const std::vector<kin::Goal> over(kin::kMaxGoals + 1, goal);
  EXPECT_TRUE(Names(rig.SetGoals(over), "33 goals, over the 32 a rig takes"));
  const std::vector<kin::Goal> far_over(100, goal);
  EXPECT_TRUE(Names(rig.SetGoals(far_over), "100 goals, over the 32 a rig takes"));
  EXPECT_EQ(rig.goal_count(), 1);
  EXPECT_EQ(rig.goal(0).target_ms, goal.target_ms);
  EXPECT_NE(rig.Solve().status, kin::SolveStatus::kInvalidInput);
  const std::vector<kin::Goal> most(kin::kMaxGoals, goal);
  ASSERT_TRUE(rig.SetGoals(most).ok());
  EXPECT_EQ(rig.goal_count(), kin::kMaxGoals);
  EXPECT_NE(rig.Solve().status, kin::SolveStatus::kInvalidInput);
}

}  // namespace

// Fuzzing found skins whose finite but huge positions or normals skinned to
// Inf and NaN: they are refused by name, and the skin the rig had stays.
TEST(RequestBounds, SkinRefusesPositionsAndNormalsBeyondTheBound) {
  kin::Rig rig;
  kin::RigSkin rig_skin;
  ASSERT_TRUE(rig.Load(ConedChain()).ok());
  const std::vector<std::uint16_t> joints = {0, 1, 0, 0};
  const std::vector<float> weights = {0.5f, 0.5f, 0.0f, 0.0f};
  ASSERT_TRUE(rig_skin.SetSkin(rig, std::vector<float>{0.0f, 0.5f, 0.0f}, std::vector<float>{1.0f, 0.0f, 0.0f}, joints, weights).ok());
  EXPECT_TRUE(Names(rig_skin.SetSkin(rig, std::vector<float>{0.0f, 3e19f, 0.0f}, std::vector<float>{}, joints, weights),
                    "skin position of vertex 0 is 3e+19, not within ±100000 m"));
  EXPECT_TRUE(Names(rig_skin.SetSkin(rig, std::vector<float>{0.0f, 0.5f, 0.0f}, std::vector<float>{1e30f, 0.0f, 0.0f}, joints, weights),
                    "skin normal of vertex 0 is 1e+30, not within ±100000"));
  EXPECT_EQ(rig_skin.vertex_count(), 1);
  ASSERT_TRUE(rig_skin.Skin(rig, kin::SkinningMethod::kDualQuaternion).ok());
  EXPECT_FLOAT_EQ(rig_skin.skinned_positions_data()[1], 0.5f);
}
