// Whole-body posing: the root offset as three more unknowns of the Jacobian
// solvers (IkJob::move_root), on the default character's skeleton.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "ik_fixtures.h"
#include "kin/forward.h"
#include "kin/ik/ik_job.h"
#include "kin/rig.h"
#include "test_rigs.h"

namespace {

using kin::SolverKind;

struct Body {
  kin::Skeleton skeleton;
  kin::IkWorkspace workspace;
  std::vector<glm::vec3> angles;
  glm::vec3 root_ms{0.0f};
  std::vector<kin::Goal> goals;
  bool ik_ranges = true;  // false: the built limits alone (the hips tip over every way)

  Body() {
    EXPECT_TRUE(kin::Skeleton::Build(kin_test::DefaultCharacter(), &skeleton).ok());
    angles.assign(skeleton.bone_count(), glm::vec3(0.0f));
    workspace.Reserve(skeleton.bone_count(), 4);
  }
  int Bone(const char* name) const { return skeleton.FindBone(name); }
  std::vector<glm::mat4> Model() const {
    std::vector<glm::mat4> model(skeleton.bone_count());
    kin::ForwardJob fk;
    fk.skeleton = &skeleton;
    fk.angles = angles;
    fk.root_offset_ms = root_ms;
    fk.model_ms = model;
    EXPECT_TRUE(fk.Run().ok());
    return model;
  }
  glm::vec3 Point(const kin::Goal& g) const { return kin_test::PointMs(Model(), g); }
  kin::Goal Pin(const char* name) const {
    kin::Goal g;
    g.bone = Bone(name);
    g.point_bs = skeleton.tip_bs(g.bone);
    g.target_ms = Point(g);
    g.weight = 100.0f;
    return g;
  }
  // A goal on the hips' origin (point 0): only the root offset moves it.
  kin::Goal RootTarget(const glm::vec3& move_ms) const {
    kin::Goal g;
    g.bone = Bone("hips");
    g.point_bs = glm::vec3(0.0f);
    g.target_ms = Point(g) + move_ms;
    return g;
  }
  // As the Rig solves: IK's limits about the pose given (the start), then the built ones again.
  kin::SolveReport Solve(SolverKind kind, bool move_root, int max_iterations, glm::vec3* out_root) {
    if (ik_ranges) skeleton.LimitIkTurns(angles, angles);
    kin::IkJob job;
    job.kind = kind;
    job.skeleton = &skeleton;
    job.goals = goals;
    job.root_offset_ms = root_ms;
    job.move_root = move_root;
    job.out_root_offset_ms = out_root;
    job.options.max_iterations = max_iterations;
    job.angles = angles;
    job.workspace = &workspace;
    const kin::SolveReport report = job.Run();
    skeleton.ResetLimits();
    return report;
  }
};

struct Case {
  SolverKind kind;
  float pin_weight;
  int max_iterations;
};

class WholeBodySolve : public testing::TestWithParam<Case> {};

// The acceptance case: both feet pinned where they stand, the hips pulled
// 0.25 m straight down from the rest pose (straight legs, the knees on their
// hinge limit). Only the root offset can lower the hips, and the pinned feet
// then need bent knees.
TEST_P(WholeBodySolve, HipsLowerBetweenPinnedFeetWithBentKnees) {
  const Case c = GetParam();
  Body body;
  body.goals = {body.Pin("foot_l"), body.Pin("foot_r"), body.RootTarget(glm::vec3(0.0f, -0.25f, 0.0f))};
  for (int g = 0; g < 2; ++g) body.goals[g].weight = c.pin_weight;
  const kin::SolveReport report = body.Solve(c.kind, true, c.max_iterations, &body.root_ms);
  ASSERT_NE(report.status, kin::SolveStatus::kInvalidInput) << report.input.message;
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  for (const kin::Goal& g : body.goals)
    EXPECT_LT(glm::length(body.Point(g) - g.target_ms), 1e-3f) << body.skeleton.name(g.bone);
  EXPECT_NEAR(body.root_ms.y, -0.25f, 1e-3f);
  kin_test::ExpectWithinLimits(body.skeleton, body.angles);
  for (const char* shin : {"shin_l", "shin_r"}) EXPECT_GT(body.angles[body.Bone(shin)].x, 0.3f) << shin;
  EXPECT_NEAR(report.error, std::max({glm::length(body.Point(body.goals[0]) - body.goals[0].target_ms),
                                      glm::length(body.Point(body.goals[1]) - body.goals[1].target_ms),
                                      glm::length(body.Point(body.goals[2]) - body.goals[2].target_ms)}),
              1e-6f);  // the report measures the pose with the solved root offset
}

// DLS and Gauss–Newton with the page's pins (weight 100). The first-order
// methods crawl on that problem (its condition grows with the weight ratio:
// measured 0.14 m short after 5000 iterations), so they get pins as heavy as
// the target, and more iterations (measured: 300 and 2500 to converge).
INSTANTIATE_TEST_SUITE_P(JacobianSolvers, WholeBodySolve,
                         testing::Values(Case{SolverKind::kDls, 100.0f, 200}, Case{SolverKind::kGaussNewton, 100.0f, 200},
                                         Case{SolverKind::kJacobianTranspose, 1.0f, 5000},
                                         Case{SolverKind::kGradientDescent, 1.0f, 5000},
                                         Case{SolverKind::kProjectedGradient, 1.0f, 5000}),
                         [](const testing::TestParamInfo<Case>& info) {
                           std::string name = kin::SolverKindName(info.param.kind);
                           for (char& ch : name) if (ch == '-') ch = '_';
                           return name;
                         });

// Why the hips have an IK range: their limits let them tip over every way
// (lying down), and with the limits alone DLS meets the same pull by tipping
// the pelvis forward and swinging the thighs to their limit (measured: the
// hips 1.15 rad about X, the thighs −1.8) where a person bends the knees.
// IK's 0.35 rad about the pose given keeps the crouch.
TEST(WholeBody, TheHipsIkRangeMakesPinnedFeetBendTheKneesRatherThanTipThePelvis) {
  for (const bool ik_ranges : {false, true}) {
    Body body;
    body.ik_ranges = ik_ranges;
    body.goals = {body.Pin("foot_l"), body.Pin("foot_r"), body.RootTarget(glm::vec3(0.0f, -0.25f, 0.0f))};
    body.Solve(SolverKind::kDls, true, 200, &body.root_ms);
    const glm::vec3 hips = body.angles[body.Bone("hips")];
    const float tilt = std::max(std::fabs(hips.x), std::fabs(hips.z));
    if (ik_ranges) {
      EXPECT_LE(tilt, 0.35f + 1e-6f);
      for (const char* shin : {"shin_l", "shin_r"}) EXPECT_GT(body.angles[body.Bone(shin)].x, 0.3f) << shin;
    } else {
      EXPECT_GT(tilt, 0.7f) << "the limits alone no longer tip the pelvis: is the IK range still needed?";
    }
  }
}

// A lone root target: no angle moves the hips' origin, so the root offset
// alone carries it, to tolerance, and no joint turns.
TEST_P(WholeBodySolve, ALoneRootTargetMovesOnlyTheRoot) {
  Body body;
  body.root_ms = glm::vec3(0.1f, 0.0f, 0.0f);
  body.goals = {body.RootTarget(glm::vec3(0.3f, -0.2f, 0.1f))};
  const kin::SolveReport report = body.Solve(GetParam().kind, true, GetParam().max_iterations, &body.root_ms);
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  EXPECT_LT(glm::length(body.root_ms - glm::vec3(0.4f, -0.2f, 0.1f)), 1e-5f);
  for (const glm::vec3& a : body.angles) EXPECT_EQ(a, glm::vec3(0.0f));
}

// Without move_root the root offset is an input only: the same target is
// unreachable, and the offset written out is the one given.
TEST(WholeBody, ADragBesideAHipsGoalStartsEachFrameNearItsGoals) {
  // The page's whole-body default through the Rig as the page drives it:
  // both hands, pinned feet and a goal on the hips' origin, the root moving,
  // the right hand dragged a few millimetres a frame in front of the body. The hips goal has no
  // reach of its own; counted against it, any miss made every frame start as
  // a cold solve does (far: more damped, no chord steps, no kept factor).
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::DefaultCharacter()).ok());
  const kin::Skeleton& sk = rig.skeleton();
  std::vector<kin::Goal> goals;
  for (const char* name : {"hand_r", "hand_l", "foot_l", "foot_r"}) {
    kin::Goal g;
    g.bone = sk.FindBone(name);
    g.point_bs = sk.tip_bs(g.bone);
    g.target_ms = glm::vec3(rig.model_ms()[g.bone] * glm::vec4(g.point_bs, 1.0f));
    if (name[0] == 'f') g.weight = 100.0f;
    goals.push_back(g);
  }
  kin::Goal hips;
  hips.bone = sk.FindBone("hips");
  hips.target_ms = glm::vec3(rig.model_ms()[hips.bone][3]);
  goals.push_back(hips);
  ASSERT_TRUE(rig.SetGoals(goals).ok());
  ASSERT_TRUE(rig.SetSolver(SolverKind::kDls, kin::DefaultIkOptions()).ok());
  ASSERT_TRUE(rig.SetMoveRoot(true).ok());
  const glm::vec3 start_ms = goals[0].target_ms;
  const int frames = 120;
  std::vector<int> iterations;
  for (int f = 1; f <= frames; ++f) {
    const float t = 0.05f * static_cast<float>(f);
    ASSERT_TRUE(rig.SetGoalTarget(0, start_ms + glm::vec3(0.15f * (1.0f - std::cos(t)), 0.05f * std::sin(t), 0.15f * (1.0f - std::cos(t)))).ok());
    const kin::SolveReport report = rig.Solve();
    ASSERT_TRUE(report.input.ok());
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << "frame " << f;
    iterations.push_back(report.iterations);
  }
  std::sort(iterations.begin(), iterations.end());
  // Measured: a median of 3 iterations a frame (before the reach floor: 9).
  EXPECT_LE(iterations[frames / 2], 5);
}

TEST(WholeBody, WithoutMoveRootTheRootStays) {
  Body body;
  body.root_ms = glm::vec3(0.05f, 0.0f, -0.02f);
  body.goals = {body.RootTarget(glm::vec3(0.0f, -0.25f, 0.0f))};
  glm::vec3 out(7.0f);
  const kin::SolveReport report = body.Solve(SolverKind::kDls, false, 50, &out);
  EXPECT_NE(report.status, kin::SolveStatus::kConverged);
  EXPECT_NEAR(report.error, 0.25f, 1e-5f);
  EXPECT_EQ(out, body.root_ms);
}

// Solvers that turn joints only refuse move_root by name; a job that moves
// the root must say where the root goes. Nothing changes either way.
TEST(WholeBody, MoveRootIsRefusedWhereItCannotBeSolved) {
  for (int k = 0; k < static_cast<int>(SolverKind::kCount); ++k) {
    const auto kind = static_cast<SolverKind>(k);
    const kin::SolverInfo& info = kin::GetSolverInfo(kind);
    Body body;
    body.goals = {body.Pin("forearm_l")};
    body.goals[0].target_ms += glm::vec3(0.05f);
    const std::vector<glm::vec3> before = body.angles;
    glm::vec3 out(7.0f);
    const kin::SolveReport report = body.Solve(kind, true, 50, info.root_translation ? nullptr : &out);
    SCOPED_TRACE(info.name);
    EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
    const std::string expected = info.root_translation ? std::string(info.name) + ": move_root needs out_root_offset_ms"
                                                       : std::string(info.name) + " cannot move the root; only dls, "
                                                                                  "gauss-newton, jacobian-transpose, "
                                                                                  "gradient-descent, projected-gradient can";
    EXPECT_NE(std::string(report.input.message).find(expected), std::string::npos) << report.input.message;
    EXPECT_EQ(body.angles, before);
    EXPECT_EQ(out, glm::vec3(7.0f));
  }
}

// The Rig: moving the root is a setting checked against the solver both
// ways, and a solve leaves its root offset in the rig and the palette.
TEST(WholeBody, RigMovesTheRootWhenAskedAndRefusesSolversThatCannot) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::DefaultCharacter()).ok());
  const kin::Skeleton& sk = rig.skeleton();
  std::vector<kin::Goal> goals;
  for (const char* foot : {"foot_l", "foot_r"}) {
    kin::Goal g;
    g.bone = sk.FindBone(foot);
    g.point_bs = sk.tip_bs(g.bone);
    g.target_ms = glm::vec3(rig.model_ms()[g.bone] * glm::vec4(g.point_bs, 1.0f));
    g.weight = 100.0f;
    goals.push_back(g);
  }
  kin::Goal hips;
  hips.bone = sk.FindBone("hips");
  hips.target_ms = glm::vec3(rig.model_ms()[hips.bone][3]) - glm::vec3(0.0f, 0.25f, 0.0f);
  goals.push_back(hips);
  ASSERT_TRUE(rig.SetGoals(goals).ok());

  ASSERT_TRUE(rig.SetSolver(SolverKind::kCcd, kin::DefaultIkOptions()).ok());
  kin::Status status = rig.SetMoveRoot(true);
  EXPECT_NE(std::string(status.message).find("ccd cannot move the root; only dls,"), std::string::npos) << status.message;
  EXPECT_FALSE(rig.move_root());
  ASSERT_TRUE(rig.SetSolver(SolverKind::kDls, kin::DefaultIkOptions()).ok());
  ASSERT_TRUE(rig.SetMoveRoot(true).ok());
  status = rig.SetSolver(SolverKind::kFabrik, kin::DefaultIkOptions());
  EXPECT_NE(std::string(status.message).find("fabrik cannot move the root, which is on"), std::string::npos)
      << status.message;
  EXPECT_EQ(rig.solver(), SolverKind::kDls);

  kin::IkOptions options = kin::DefaultIkOptions();
  options.max_iterations = 200;
  ASSERT_TRUE(rig.SetSolver(SolverKind::kDls, options).ok());
  const kin::SolveReport report = rig.Solve();
  EXPECT_LT(report.error, 1e-3f) << kin::SolveStatusName(report.status);
  EXPECT_NEAR(rig.root_offset().y, -0.25f, 1e-3f);
  std::vector<glm::mat4> expected(sk.bone_count());
  kin::ForwardJob fk;
  fk.skeleton = &sk;
  fk.angles = rig.pose();
  fk.root_offset_ms = rig.root_offset();
  fk.model_ms = expected;
  ASSERT_TRUE(fk.Run().ok());
  for (int j = 0; j < sk.bone_count(); ++j) {
    EXPECT_EQ(rig.model_ms()[j], expected[j]) << sk.name(j);
    EXPECT_EQ(rig.palette()[j], expected[j] * sk.inverse_bind(j)) << sk.name(j);
  }
  ASSERT_TRUE(rig.SetMoveRoot(false).ok());
  EXPECT_TRUE(rig.SetSolver(SolverKind::kFabrik, options).ok());
}

}  // namespace
