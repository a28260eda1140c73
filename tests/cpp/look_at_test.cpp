#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kin/forward.h"
#include "kin/ik/ik_job.h"
#include "ik_fixtures.h"
#include "test_rigs.h"

namespace {

using kin_test::Forward;

struct Problem {
  kin::Skeleton skeleton;
  std::vector<kin::Goal> goals;
  kin::IkWorkspace workspace;
  kin::IkOptions options;
};

kin::SolveReport Solve(Problem& p, std::vector<glm::vec3>& angles, std::vector<float>* energy = nullptr) {
  kin::IkJob job;
  job.kind = kin::SolverKind::kLookAt;
  job.skeleton = &p.skeleton;
  job.goals = p.goals;
  job.options = p.options;
  job.angles = angles;
  if (energy) job.energy = *energy;
  job.workspace = &p.workspace;
  return job.Run();
}

glm::vec3 Origin(const std::vector<glm::mat4>& model, int bone) { return glm::vec3(model[bone][3]); }

// A bone-space direction in model space.
glm::vec3 AxisMs(const std::vector<glm::mat4>& model, int bone, const glm::vec3& axis_bs) {
  return glm::normalize(glm::mat3(model[bone]) * axis_bs);
}

float Angle(const glm::vec3& u, const glm::vec3& v) {
  return std::atan2(glm::length(glm::cross(u, v)), glm::dot(u, v));
}

glm::vec3 RandomDirection(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return glm::normalize(glm::vec3(n(rng), n(rng), n(rng)));
}

// A turned, offset parent and the aiming bone after it, with its own joint
// frame and Euler order, so that model, bone and frame axes all differ.
Problem AimingBone(kin::EulerOrder order, glm::vec3 min_angle = glm::vec3(-3.14159265f),
                   glm::vec3 max_angle = glm::vec3(3.14159265f)) {
  std::vector<kin::BoneDef> bones(2);
  bones[0].name = "neck";
  bones[0].rest_t = glm::vec3(0.2f, 1.0f, -0.1f);
  bones[0].rest_q = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 2, 0.5f)));
  bones[0].tip_bs = glm::vec3(0, 0.2f, 0);
  bones[1].name = "head";
  bones[1].parent = 0;
  bones[1].rest_t = glm::vec3(0, 0.2f, 0);
  bones[1].rest_q = glm::angleAxis(-0.4f, glm::vec3(0, 0, 1));
  bones[1].frame = glm::angleAxis(1.1f, glm::normalize(glm::vec3(-1, 0.3f, 2)));
  bones[1].order = order;
  bones[1].min_angle = min_angle;
  bones[1].max_angle = max_angle;
  bones[1].tip_bs = glm::vec3(0, 0.25f, 0);
  Problem p;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  kin::Goal g;
  g.bone = 1;
  p.goals = {g};
  p.workspace.Reserve(2, 1);
  return p;
}

// +Y aims at targets in every direction (among them straight behind the
// current aim, a half turn), for every Euler order.
TEST(LookAt, AimsTheAxisAtTargetsInAllDirections_Seed13) {
  std::mt19937 rng(13);
  float worst = 0.0f;
  for (int order = 0; order < static_cast<int>(kin::EulerOrder::kCount); ++order) {
    Problem p = AimingBone(static_cast<kin::EulerOrder>(order));
    for (int t = 0; t < 40; ++t) {
      std::vector<glm::vec3> angles = {glm::vec3(0.1f, -0.2f, 0.3f), glm::vec3(0.2f, 0.1f, -0.3f)};
      const std::vector<glm::mat4> before = Forward(p.skeleton, angles);
      const glm::vec3 origin = Origin(before, 1);
      const glm::vec3 direction = t == 0 ? -AxisMs(before, 1, glm::vec3(0, 1, 0)) : RandomDirection(rng);
      p.goals[0].target_ms = origin + 0.7f * direction;
      std::vector<float> energy(3, -1.0f);
      const kin::SolveReport report = Solve(p, angles, &energy);
      const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
      const float angle = Angle(AxisMs(model, 1, glm::vec3(0, 1, 0)), direction);
      worst = std::max(worst, angle);
      EXPECT_LE(angle, 1e-5f) << kin::EulerOrderName(static_cast<kin::EulerOrder>(order)) << " target " << t;
      EXPECT_EQ(report.status, kin::SolveStatus::kConverged);
      EXPECT_NEAR(report.error, angle, 1e-6f);
      EXPECT_EQ(report.iterations, 1);
      ASSERT_EQ(report.energy_count, 2);
      EXPECT_LE(energy[1], energy[0]);
      EXPECT_EQ(energy[2], -1.0f);
      // Only the goal's bone turns, about its own origin.
      EXPECT_EQ(angles[0], glm::vec3(0.1f, -0.2f, 0.3f));
      EXPECT_LE(glm::length(Origin(model, 1) - origin), 1e-6f);
    }
  }
  std::printf("look-at: worst aim angle %.3g rad\n", worst);
}

// Without a pole the turn is the shortest arc: the axis perpendicular to the
// old aim and the target direction stays where it was (no twist added).
TEST(LookAt, WithoutAPoleTheTurnIsTheShortestArc_Seed17) {
  std::mt19937 rng(17);
  Problem p = AimingBone(kin::EulerOrder::kZXY);
  for (int t = 0; t < 40; ++t) {
    std::vector<glm::vec3> angles = {glm::vec3(0.0f), glm::vec3(0.3f, -0.2f, 0.1f)};
    const std::vector<glm::mat4> before = Forward(p.skeleton, angles);
    const glm::vec3 aim = AxisMs(before, 1, glm::vec3(0, 1, 0));
    glm::vec3 direction = RandomDirection(rng);
    if (glm::dot(direction, aim) < -0.9f) direction = -direction;  // a well-defined shortest arc
    p.goals[0].target_ms = Origin(before, 1) + direction;
    const glm::vec3 hinge_ms = glm::normalize(glm::cross(aim, direction));
    const glm::vec3 hinge_bs = glm::inverse(glm::mat3(before[1])) * hinge_ms;
    EXPECT_EQ(Solve(p, angles).status, kin::SolveStatus::kConverged);
    const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
    EXPECT_LE(glm::length(glm::mat3(model[1]) * hinge_bs - hinge_ms), 1e-5f) << "target " << t;
  }
}

// With a pole the up axis (+Z) ends in the plane of the aim direction and
// the pole, on the pole's side; the aim is exact all the same.
TEST(LookAt, PoleTurnsTheUpAxisIntoItsPlane_Seed19) {
  std::mt19937 rng(19);
  Problem p = AimingBone(kin::EulerOrder::kYXZ);
  p.goals[0].has_pole = true;
  for (int t = 0; t < 60; ++t) {
    std::vector<glm::vec3> angles = {glm::vec3(0.2f, 0.0f, -0.1f), glm::vec3(0.0f)};
    const glm::vec3 origin = Origin(Forward(p.skeleton, angles), 1);
    const glm::vec3 direction = RandomDirection(rng);
    glm::vec3 pole = RandomDirection(rng);
    if (glm::length(glm::cross(pole, direction)) < 0.2f) pole = glm::normalize(glm::cross(direction, pole));
    p.goals[0].target_ms = origin + 2.0f * direction;
    p.goals[0].pole_ms = origin + 1.5f * pole;
    EXPECT_EQ(Solve(p, angles).status, kin::SolveStatus::kConverged);
    const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
    const glm::vec3 up = AxisMs(model, 1, glm::vec3(0, 0, 1));
    EXPECT_LE(Angle(AxisMs(model, 1, glm::vec3(0, 1, 0)), direction), 1e-5f);
    EXPECT_NEAR(glm::dot(up, glm::normalize(glm::cross(direction, pole))), 0.0f, 1e-5f) << "target " << t;
    const glm::vec3 pole_across = pole - glm::dot(pole, direction) * direction;
    EXPECT_GT(glm::dot(up, pole_across), 0.0f) << "target " << t;
  }
}

// Straight behind the aim there is no shortest arc: the half turn goes
// about the up axis, which therefore stays where it was.
TEST(LookAt, HalfTurnGoesAboutTheUpAxis) {
  std::vector<kin::BoneDef> bones(1);
  bones[0].name = "turret";
  Problem p;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  p.workspace.Reserve(1, 1);
  kin::Goal g;
  g.bone = 0;
  g.target_ms = glm::vec3(0.0f, -2.0f, 0.0f);
  p.goals = {g};
  std::vector<glm::vec3> angles(1, glm::vec3(0.0f));
  EXPECT_EQ(Solve(p, angles).status, kin::SolveStatus::kConverged);
  const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
  EXPECT_LE(Angle(AxisMs(model, 0, glm::vec3(0, 1, 0)), glm::vec3(0, -1, 0)), 1e-5f);
  EXPECT_LE(glm::length(AxisMs(model, 0, glm::vec3(0, 0, 1)) - glm::vec3(0, 0, 1)), 1e-5f);
}

// A hinge about Z allowed ±0.3 cannot turn the 1.0 the target asks for: it
// ends on its limit, and the report says how far the aim is left.
TEST(LookAt, LimitsHoldTheTurn) {
  std::vector<kin::BoneDef> bones(1);
  bones[0].name = "turret";
  bones[0].min_angle = glm::vec3(0.0f, 0.0f, -0.3f);
  bones[0].max_angle = glm::vec3(0.0f, 0.0f, 0.3f);
  Problem p;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  p.workspace.Reserve(1, 1);
  kin::Goal g;
  g.bone = 0;
  p.goals = {g};
  for (float turn : {1.0f, -1.0f}) {
    // +Y turned by `turn` about +Z.
    p.goals[0].target_ms = glm::vec3(-std::sin(turn), std::cos(turn), 0.0f);
    std::vector<glm::vec3> angles(1, glm::vec3(0.0f));
    const kin::SolveReport report = Solve(p, angles);
    EXPECT_EQ(angles[0].z, turn > 0.0f ? 0.3f : -0.3f);
    EXPECT_EQ(angles[0].x, 0.0f);
    EXPECT_EQ(angles[0].y, 0.0f);
    EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable);
    EXPECT_NEAR(report.error, 0.7f, 1e-5f);
  }
}

// A neck and a head both aiming, listed child first: the parent aims first,
// so both end exact.
TEST(LookAt, ParentAndChildBothAim) {
  Problem p = AimingBone(kin::EulerOrder::kXYZ);
  kin::Goal neck;
  neck.bone = 0;
  neck.target_ms = glm::vec3(1.0f, 2.0f, 0.5f);
  p.goals[0].target_ms = glm::vec3(-0.5f, 1.5f, 1.0f);
  p.goals.push_back(neck);
  p.workspace.Reserve(2, 2);
  std::vector<glm::vec3> angles(2, glm::vec3(0.0f));
  const kin::SolveReport report = Solve(p, angles);
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << report.error;
  const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
  for (const kin::Goal& g : p.goals)
    EXPECT_LE(Angle(AxisMs(model, g.bone, glm::vec3(0, 1, 0)), g.target_ms - Origin(model, g.bone)), 1e-5f);
}

// The page's head aim: forward (+Z) at a target in front, up (+Y) toward a
// pole above, within the humanoid's head limits.
TEST(LookAt, HumanoidHeadAimsWithinItsLimits) {
  Problem p;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Humanoid(), &p.skeleton).ok());
  const int head = p.skeleton.FindBone("head");
  kin::Goal g;
  g.bone = head;
  g.has_pole = true;
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.0f));
  const glm::vec3 origin = Origin(Forward(p.skeleton, angles), head);
  g.target_ms = origin + glm::vec3(0.2f, -0.15f, 0.6f);
  g.pole_ms = origin + glm::vec3(0.0f, 1.0f, 0.0f);
  p.goals = {g};
  p.options.aim_axis_bs = glm::vec3(0, 0, 1);
  p.options.up_axis_bs = glm::vec3(0, 1, 0);
  p.workspace.Reserve(p.skeleton.bone_count(), 1);
  const kin::SolveReport report = Solve(p, angles);
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << report.error;
  const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
  EXPECT_LE(Angle(AxisMs(model, head, glm::vec3(0, 0, 1)), g.target_ms - origin), 1e-5f);
  // No roll: the up axis stays in the vertical plane through the aim.
  const glm::vec3 up = AxisMs(model, head, glm::vec3(0, 1, 0));
  EXPECT_NEAR(glm::dot(up, glm::normalize(glm::cross(g.target_ms - origin, glm::vec3(0, 1, 0)))), 0.0f, 1e-5f);
  for (int k = 0; k < 3; ++k) {
    EXPECT_GE(angles[head][k], p.skeleton.min_angle(head)[k]);
    EXPECT_LE(angles[head][k], p.skeleton.max_angle(head)[k]);
  }
}

struct BadSolve {
  const char* what;
  void (*breaks)(Problem&, std::vector<glm::vec3>&);
  const char* message;
};

class LookAtValidation : public testing::TestWithParam<BadSolve> {};

TEST_P(LookAtValidation, ReturnsInvalidInputAndLeavesThePoseUnchanged) {
  Problem p = AimingBone(kin::EulerOrder::kXYZ);
  p.goals[0].target_ms = glm::vec3(1.0f, 2.0f, 0.0f);
  p.goals[0].has_pole = true;
  p.goals[0].pole_ms = glm::vec3(0.0f, 0.0f, 3.0f);
  std::vector<glm::vec3> angles(2, glm::vec3(0.1f, -0.2f, 0.05f));
  GetParam().breaks(p, angles);
  const std::vector<glm::vec3> before = angles;
  const kin::SolveReport report = Solve(p, angles);
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find(GetParam().message), std::string::npos) << report.input.message;
  EXPECT_EQ(std::memcmp(angles.data(), before.data(), sizeof(glm::vec3) * angles.size()), 0);
}

INSTANTIATE_TEST_SUITE_P(
    EachBadInput, LookAtValidation,
    testing::Values(
        BadSolve{"nan_target", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].target_ms.y = std::nanf(""); }, "goal 0: target is not finite"},
        BadSolve{"nan_pole", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].pole_ms.x = INFINITY; }, "goal 0: pole is not finite"},
        BadSolve{"bad_bone", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].bone = 7; }, "goal 0: bone index 7 is out of range"},
        BadSolve{"zero_goals", [](Problem& p, std::vector<glm::vec3>&) { p.goals.clear(); }, "look-at: no goals"},
        BadSolve{"zero_aim_axis", [](Problem& p, std::vector<glm::vec3>&) { p.options.aim_axis_bs = glm::vec3(0.0f); }, "aim axis"},
        BadSolve{"up_along_aim", [](Problem& p, std::vector<glm::vec3>&) { p.options.up_axis_bs = glm::vec3(0, -2, 0); }, "up axis"},
        BadSolve{"orientation", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].has_orientation = true; }, "goal 0 has an orientation"}),
    [](const testing::TestParamInfo<BadSolve>& info) { return std::string(info.param.what); });

}  // namespace
