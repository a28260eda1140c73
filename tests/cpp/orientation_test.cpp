// Orientation goals on the default character's skeleton: DLS turns a hand
// to a target orientation within 1° while its fingertip reaches the target.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "ik_fixtures.h"
#include "kin/ik/ik_job.h"
#include "test_rigs.h"

namespace {

constexpr double kDegree = 3.14159265358979 / 180.0;

// The rotation part of a bone-to-model matrix (the character has no scale).
glm::quat Rotation(const glm::mat4& model) { return glm::normalize(glm::quat_cast(glm::mat3(model))); }

// The angle of the rotation taking b to a, in double precision (acos of a
// float dot product cannot tell angles below a few 0.01° from zero).
double AngleBetween(const glm::quat& a, const glm::quat& b) {
  const glm::dquat d = glm::dquat(a) * glm::conjugate(glm::dquat(b));
  return 2.0 * std::atan2(glm::length(glm::dvec3(d.x, d.y, d.z)), std::fabs(d.w));
}

struct HandGoal {
  kin_test::IkProblem problem;
  std::vector<glm::vec3> angles;
  int hand = -1;

  explicit HandGoal(const char* hand_name) {
    EXPECT_TRUE(kin::Skeleton::Build(kin_test::DefaultCharacter(), &problem.skeleton).ok());
    problem.workspace.Reserve(problem.skeleton.bone_count(), 1);
    hand = problem.skeleton.FindBone(hand_name);
    kin::Goal goal;
    goal.bone = hand;
    goal.point_bs = problem.skeleton.tip_bs(hand);
    goal.has_orientation = true;
    problem.goals = {goal};
    angles.assign(problem.skeleton.bone_count(), glm::vec3(0.0f));
  }
  // Position and orientation of the hand in the pose `posed`.
  void TargetFrom(const std::vector<glm::vec3>& posed) {
    const std::vector<glm::mat4> model = kin_test::Forward(problem.skeleton, posed);
    problem.goals[0].target_ms = kin_test::PointMs(model, problem.goals[0]);
    problem.goals[0].target_q_ms = Rotation(model[hand]);
  }
  double AngleLeft() const {
    return AngleBetween(Rotation(kin_test::Forward(problem.skeleton, angles)[hand]), problem.goals[0].target_q_ms);
  }
};

// Targets are the hand's fingertip and rotation in random standing poses
// within the limits (reachable by construction), the left and right hand in turn; every
// solve starts from the rest pose.
TEST(Orientation, DlsTurnsAHandWithinOneDegree_Seed5) {
  std::mt19937 rng(5);
  for (int t = 0; t < 40; ++t) {
    HandGoal scene(t % 2 ? "hand_l" : "hand_r");
    scene.TargetFrom(kin_test::RandomStandingPose(rng, scene.problem.skeleton, kin_test::kStandingRootRange));
    const kin::SolveReport report =
        kin_test::SolveWith(kin::SolverKind::kDls, scene.problem, scene.angles, kin_test::WithIterations(200));
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << "trial " << t;
    EXPECT_LT(scene.AngleLeft(), kDegree) << "trial " << t;
    EXPECT_LE(kin_test::WorstDistance(scene.problem, scene.angles), kin::DefaultIkOptions().tolerance) << "trial " << t;
    kin_test::ExpectWithinLimits(scene.problem.skeleton, scene.angles);
  }
}

// As the page poses: the feet pinned (weight 100) where they stand while the
// right hand turns a quarter turn about its forearm and tilts.
TEST(Orientation, DlsTurnsAHandWithTheFeetPinned) {
  HandGoal scene("hand_r");
  const kin::Skeleton& sk = scene.problem.skeleton;
  const std::vector<glm::mat4> rest = kin_test::Forward(sk, scene.angles);
  kin::Goal& hand = scene.problem.goals[0];
  hand.target_ms = kin_test::PointMs(rest, hand) + glm::vec3(0.05f, -0.25f, 0.2f);
  hand.target_q_ms = glm::angleAxis(1.2f, glm::vec3(-1, 0, 0)) * glm::angleAxis(0.4f, glm::vec3(0, 0, 1)) *
                     Rotation(rest[scene.hand]);
  for (const char* foot : {"foot_l", "foot_r"}) {
    kin::Goal pin;
    pin.bone = sk.FindBone(foot);
    pin.point_bs = sk.tip_bs(pin.bone);
    pin.target_ms = kin_test::PointMs(rest, pin);
    pin.weight = 100.0f;
    scene.problem.goals.push_back(pin);
  }
  scene.problem.workspace.Reserve(sk.bone_count(), 3);
  const kin::SolveReport report =
      kin_test::SolveWith(kin::SolverKind::kDls, scene.problem, scene.angles, kin_test::WithIterations(200));
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  EXPECT_LT(scene.AngleLeft(), kDegree);
  EXPECT_LE(kin_test::WorstDistance(scene.problem, scene.angles), kin::DefaultIkOptions().tolerance);
}

}  // namespace
