// Goal kinds on the humanoid: weights, pins (a goal that holds a tip where
// it is), and orientation goals.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kin/forward.h"
#include "kin/ik/ik_job.h"
#include "test_rigs.h"

namespace {

struct Scene {
  kin::Skeleton skeleton;
  kin::IkWorkspace workspace;
  std::vector<glm::vec3> angles;
  Scene() {
    EXPECT_TRUE(kin::Skeleton::Build(kin_test::Humanoid(), &skeleton).ok());
    workspace.Reserve(skeleton.bone_count(), 8);
    angles.assign(skeleton.bone_count(), glm::vec3(0));
    angles[skeleton.FindBone("forearm_r")].y = 0.3f;  // off the hinge limit
  }
  std::vector<glm::mat4> Model() const {
    std::vector<glm::mat4> model(skeleton.bone_count());
    kin::ForwardJob fk;
    fk.skeleton = &skeleton;
    fk.angles = angles;
    fk.model_ms = model;
    EXPECT_TRUE(fk.Run().ok());
    return model;
  }
  glm::vec3 Tip(const char* name) const {
    const int b = skeleton.FindBone(name);
    return glm::vec3(Model()[b] * glm::vec4(skeleton.tip_bs(b), 1.0f));
  }
  kin::Goal GoalAtTip(const char* name) const {
    kin::Goal g;
    g.bone = skeleton.FindBone(name);
    g.point_bs = skeleton.tip_bs(g.bone);
    g.target_ms = Tip(name);
    return g;
  }
  kin::SolveReport Solve(kin::SolverKind kind, const std::vector<kin::Goal>& goals) {
    kin::IkJob job;
    job.kind = kind;
    job.skeleton = &skeleton;
    job.goals = goals;
    job.options.max_iterations = 200;
    job.angles = angles;
    job.workspace = &workspace;
    return job.Run();
  }
};

// The right hand reaches across the chest while pins hold the head's tip and
// the left hand where they were: the spine may not carry the reach.
TEST(Goals, PinsHoldTheirTipsWhileAnotherGoalMoves) {
  Scene scene;
  const glm::vec3 head_before = scene.Tip("head");
  const glm::vec3 left_before = scene.Tip("hand_l");
  kin::Goal reach = scene.GoalAtTip("hand_r");
  reach.target_ms = glm::vec3(-0.1f, 1.2f, 0.35f);
  const std::vector<kin::Goal> goals = {reach, scene.GoalAtTip("head"), scene.GoalAtTip("hand_l")};
  const kin::SolveReport report = scene.Solve(kin::SolverKind::kDls, goals);
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  EXPECT_LT(glm::length(scene.Tip("hand_r") - reach.target_ms), 1e-4f);
  EXPECT_LT(glm::length(scene.Tip("head") - head_before), 1e-4f);
  EXPECT_LT(glm::length(scene.Tip("hand_l") - left_before), 1e-4f);
}

// Two goals that cannot both be met: the heavier one wins in proportion.
TEST(Goals, WeightsShareTheErrorOfConflictingGoals) {
  Scene scene;
  kin::Goal a = scene.GoalAtTip("hand_r");
  kin::Goal b = scene.GoalAtTip("hand_r");
  a.target_ms = scene.Tip("hand_r") + glm::vec3(0, 0.1f, 0);
  b.target_ms = scene.Tip("hand_r") - glm::vec3(0, 0.1f, 0);
  a.weight = 3.0f;
  b.weight = 1.0f;
  scene.Solve(kin::SolverKind::kDls, {a, b});
  // E = ½(3|x − a|² + |x − b|²) is least at x = (3a + b) / 4.
  const glm::vec3 expected = (3.0f * a.target_ms + b.target_ms) / 4.0f;
  EXPECT_LT(glm::length(scene.Tip("hand_r") - expected), 1e-3f);
}

class OrientationGoals : public testing::TestWithParam<kin::SolverKind> {};

// The right hand keeps its position and turns to a target orientation (a
// quarter turn about the forearm's axis plus a tilt), within the wrist's and
// forearm's reach.
TEST_P(OrientationGoals, ReachPositionAndOrientationTogether) {
  Scene scene;
  const int hand = scene.skeleton.FindBone("hand_r");
  kin::Goal goal = scene.GoalAtTip("hand_r");
  goal.has_orientation = true;
  const glm::quat current = glm::quat_cast(glm::mat3(scene.Model()[hand]));
  goal.target_q_ms = glm::angleAxis(0.6f, glm::vec3(-1, 0, 0)) * glm::angleAxis(0.3f, glm::vec3(0, 0, 1)) * current;
  const kin::SolveReport report = scene.Solve(GetParam(), {goal});
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  const glm::quat reached = glm::quat_cast(glm::mat3(scene.Model()[hand]));
  EXPECT_NEAR(std::fabs(glm::dot(reached, goal.target_q_ms)), 1.0f, 1e-6f);
  EXPECT_LT(glm::length(scene.Tip("hand_r") - goal.target_ms), 1e-4f);
}

INSTANTIATE_TEST_SUITE_P(JacobianSolvers, OrientationGoals,
                         testing::Values(kin::SolverKind::kDls, kin::SolverKind::kGaussNewton));

TEST(Goals, OrientationGoalsAreRefusedByGeometricSolvers) {
  Scene scene;
  kin::Goal goal = scene.GoalAtTip("hand_r");
  goal.has_orientation = true;
  const std::vector<glm::vec3> before = scene.angles;
  const kin::SolveReport report = scene.Solve(kin::SolverKind::kCcd, {goal});
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find("which only dls, gauss-newton, jacobian-transpose, gradient-descent, projected-gradient take"), std::string::npos);
  EXPECT_EQ(scene.angles, before);
}

}  // namespace
