#include "kin/ik/ik_job.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kin/forward.h"
#include "ik_fixtures.h"
#include "test_rigs.h"

namespace {

using kin_test::Forward;
using kin_test::PointMs;
using kin_test::RandomPoseWithinLimits;
using kin_test::ExpectWithinLimits;
using kin_test::HumanoidProblem;

using Problem = kin_test::IkProblem;

kin::SolveReport Solve(Problem& p, std::vector<glm::vec3>& angles, std::vector<float>* energy = nullptr) {
  kin::IkJob job;
  job.kind = kin::SolverKind::kDls;
  job.skeleton = &p.skeleton;
  job.goals = p.goals;
  job.options.max_iterations = 200;
  job.angles = angles;
  if (energy) job.energy = *energy;
  job.workspace = &p.workspace;
  return job.Run();
}

// Targets are the hand and foot tips of random poses within the limits, so
// they are reachable by construction; solving starts from the rest pose.
TEST(Dls, HumanoidReachesFourEffectorsWithinLimits_Seed21) {
  Problem p = HumanoidProblem();
  std::mt19937 rng(21);
  int converged = 0;
  const int trials = 100;
  for (int t = 0; t < trials; ++t) {
    const std::vector<glm::mat4> target_model = Forward(p.skeleton, RandomPoseWithinLimits(rng, p.skeleton));
    for (kin::Goal& g : p.goals) g.target_ms = PointMs(target_model, g);
    std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
    const kin::SolveReport report = Solve(p, angles);
    ExpectWithinLimits(p.skeleton, angles);
    const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
    float worst = 0.0f;
    for (const kin::Goal& g : p.goals) worst = std::max(worst, glm::length(PointMs(model, g) - g.target_ms));
    EXPECT_NEAR(report.error, worst, 1e-6f);  // the report tells the truth
    if (report.status == kin::SolveStatus::kConverged) {
      ++converged;
      EXPECT_LE(worst, 1e-5f);
    }
  }
  // A local method from the rest pose can meet a local minimum under limits;
  // it must be rare (measured: 100 of 100; a miss is allowed for float noise).
  EXPECT_GE(converged, 99) << "of " << trials;
}

TEST(Dls, ChainsConvergeOnReachableTargets_Seed5) {
  std::mt19937 rng(5);
  for (int count : {3, 10, 32}) {
    Problem p;
    ASSERT_TRUE(kin::Skeleton::Build(kin_test::Chain(count, 1.0472f), &p.skeleton).ok());
    kin::Goal g;
    g.bone = count - 1;
    g.point_bs = p.skeleton.tip_bs(count - 1);
    p.goals = {g};
    p.workspace.Reserve(count, 1);
    int converged = 0;
    for (int t = 0; t < 30; ++t) {
      p.goals[0].target_ms = PointMs(Forward(p.skeleton, RandomPoseWithinLimits(rng, p.skeleton)), p.goals[0]);
      std::vector<glm::vec3> angles(count, glm::vec3(0));
      const kin::SolveReport report = Solve(p, angles);
      ExpectWithinLimits(p.skeleton, angles);
      converged += report.status == kin::SolveStatus::kConverged;
    }
    EXPECT_GE(converged, 29) << "chain of " << count;
  }
}

// A straight chain of length 1 from the origin cannot reach (0, 0, 3): the
// best it can do is point at it, leaving |target − root| − reach = 2.
TEST(Dls, UnreachableTargetEndsAtTheClosestReachablePoint) {
  Problem p;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Chain(10, 3.2f), &p.skeleton).ok());
  kin::Goal g;
  g.bone = 9;
  g.point_bs = p.skeleton.tip_bs(9);
  g.target_ms = glm::vec3(0.3f, 0.5f, 2.9f);
  p.goals = {g};
  p.workspace.Reserve(10, 1);
  std::vector<glm::vec3> angles(10, glm::vec3(0.05f));
  std::vector<float> energy(201);
  const kin::SolveReport report = Solve(p, angles, &energy);
  const float best = glm::length(g.target_ms) - 1.0f;
  EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable) << kin::SolveStatusName(report.status);
  EXPECT_NEAR(report.error, best, 0.01f * best);
  EXPECT_FALSE(std::isnan(report.error));
  // The pose returned is the best one the history saw: E = ½ error².
  ASSERT_GE(report.energy_count, 2);
  float lowest = energy[0];
  for (int i = 1; i < report.energy_count; ++i) lowest = std::min(lowest, energy[i]);
  EXPECT_NEAR(lowest, 0.5f * report.error * report.error, 1e-4f);
  EXPECT_LT(lowest, energy[0]);
}

// The straight rest chain pointing at a target nearer than its reach is a
// saddle point of E; the solver must not stop there.
TEST(Dls, LeavesTheSaddleOfAStraightChain) {
  Problem p;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Chain(2, 1.0f), &p.skeleton).ok());
  kin::Goal g;
  g.bone = 1;
  g.point_bs = p.skeleton.tip_bs(1);
  g.target_ms = glm::vec3(0.25f, 0.75f, 0.0f);
  p.goals = {g};
  p.workspace.Reserve(2, 1);
  std::vector<glm::vec3> angles(2, glm::vec3(0));
  const kin::SolveReport report = Solve(p, angles);
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status) << " " << report.error;
}

TEST(Dls, HingeLimitsHold) {
  // Elbow-like hinge: only slot 1 (about y) may move, within [-2.5, 0].
  Problem p = HumanoidProblem();
  p.goals = {p.goals[0]};
  // 0.2 from the shoulder, in front: the 0.72-long arm must fold at the elbow.
  p.goals[0].target_ms = glm::vec3(0.25f, 1.45f, 0.2f);
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
  EXPECT_EQ(Solve(p, angles).status, kin::SolveStatus::kConverged);
  const int elbow = p.skeleton.FindBone("forearm_l");
  EXPECT_EQ(angles[elbow].z, 0.0f);
  EXPECT_LT(angles[elbow].y, -0.5f);  // it folded, forward
  EXPECT_GE(angles[elbow].y, -2.5f);
  ExpectWithinLimits(p.skeleton, angles);
}

// The left leg alone, goal on the shin's tip (the ankle), target straight
// below the hip at `fraction` of the leg's reach (0.85); the pose is the bind
// pose, straight legs with the knees on their limit (0).
Problem StraightLeg(float fraction) {
  Problem p = HumanoidProblem();
  const int shin = p.skeleton.FindBone("shin_l");
  p.goals = {p.goals[2]};
  p.goals[0].bone = shin;
  p.goals[0].point_bs = p.skeleton.tip_bs(shin);
  const glm::vec3 hip_ms = glm::vec3(p.skeleton.bind_ms(p.skeleton.FindBone("thigh_l"))[3]);
  p.goals[0].target_ms = hip_ms + glm::vec3(0, -fraction * 0.85f, 0);
  return p;
}

// A straight leg whose knee rests on its limit is a stationary point for a
// target straight below: every first-order direction is blocked. At 95 % of
// the reach the goal is near (no start inside the limits): the solver must
// escape the trap and bend the knee.
TEST(Dls, EscapesAStraightKneeOnItsLimit) {
  Problem p = StraightLeg(0.95f);
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
  std::vector<float> energy(200);
  const kin::SolveReport report = Solve(p, angles, &energy);
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  EXPECT_GT(angles[p.skeleton.FindBone("shin_l")].x, 0.4f);
  ExpectWithinLimits(p.skeleton, angles);
  bool escaped = false;  // an escape makes E jump up once
  for (int i = 1; i < report.energy_count; ++i) escaped = escaped || energy[i] > energy[i - 1];
  EXPECT_TRUE(escaped);
}

// The same trap from further away is avoided, not escaped: a far goal (70 %
// of the reach) starts its limb inside the limits, so E falls at every step.
TEST(Dls, StartsAFarSolveInsideTheLimits) {
  Problem p = StraightLeg(0.7f);
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
  std::vector<float> energy(200);
  const kin::SolveReport report = Solve(p, angles, &energy);
  ASSERT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  for (int i = 1; i < report.energy_count; ++i) EXPECT_LE(energy[i], energy[i - 1]) << "iteration " << i;
}

// A near goal (a drag frame) never moves an angle off its limit to start:
// a straight leg whose ankle target moves 1 cm sideways keeps its knee on the
// limit, bit for bit, since the hip alone follows the target.
TEST(Dls, KeepsLimitAnglesForANearGoal) {
  Problem p = StraightLeg(1.0f);
  const int shin = p.goals[0].bone;
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
  p.goals[0].target_ms = PointMs(Forward(p.skeleton, angles), p.goals[0]) + glm::vec3(0.01f, 0, 0);
  const kin::SolveReport report = Solve(p, angles);
  ASSERT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  EXPECT_EQ(angles[shin].x, p.skeleton.min_angle(shin).x);
}

struct BadSolve {
  const char* what;
  void (*breaks)(Problem&, std::vector<glm::vec3>&);
  const char* message;
};

class DlsValidation : public testing::TestWithParam<BadSolve> {};

TEST_P(DlsValidation, ReturnsInvalidInputAndLeavesThePoseUnchanged) {
  Problem p = HumanoidProblem();
  for (kin::Goal& g : p.goals) g.target_ms = glm::vec3(0.1f, 1.0f, 0.2f);
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.1f, -0.05f, 0.02f));
  GetParam().breaks(p, angles);
  const std::vector<glm::vec3> before = angles;
  const kin::SolveReport report = Solve(p, angles);
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find(GetParam().message), std::string::npos) << report.input.message;
  // Bitwise: a NaN in the start pose must come back as the same NaN.
  EXPECT_EQ(std::memcmp(angles.data(), before.data(), sizeof(glm::vec3) * angles.size()), 0);
}

INSTANTIATE_TEST_SUITE_P(
    EachBadInput, DlsValidation,
    testing::Values(
        BadSolve{"nan_target", [](Problem& p, std::vector<glm::vec3>&) { p.goals[2].target_ms.y = std::nanf(""); }, "goal 2: target is not finite"},
        BadSolve{"bad_bone", [](Problem& p, std::vector<glm::vec3>&) { p.goals[1].bone = 40; }, "goal 1: bone index 40 is out of range"},
        BadSolve{"negative_bone", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].bone = -1; }, "bone index -1"},
        BadSolve{"zero_goals", [](Problem& p, std::vector<glm::vec3>&) { p.goals.clear(); }, "no goals"},
        BadSolve{"zero_weight", [](Problem& p, std::vector<glm::vec3>&) { p.goals[3].weight = 0.0f; }, "goal 3: weight 0"},
        BadSolve{"nan_point", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].point_bs.x = INFINITY; }, "point on the bone"},
        BadSolve{"nan_start_pose", [](Problem&, std::vector<glm::vec3>& a) { a[5].y = std::nanf(""); }, "bone 5 'clavicle_l' are not finite"},
        BadSolve{"small_workspace", [](Problem& p, std::vector<glm::vec3>&) { p.workspace.Reserve(19, 2); }, "workspace sized"}),
    [](const testing::TestParamInfo<BadSolve>& info) { return std::string(info.param.what); });

}  // namespace
