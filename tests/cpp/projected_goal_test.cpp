// Projected goals (kin/goal.h, has_projection: rows in image space) and the
// pose prior (kin/pose_prior.h): the residual against a projection worked
// by hand, the solver's Jacobian rows against central differences of its
// own residual, a two-bone arm driven onto a pixel, a point behind the
// camera, validation, and the prior's pull.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "../../wasm/src/ik/ik_state.h"
#include "ik_fixtures.h"
#include "kin/image_projection.h"
#include "kin/ik/ik_job.h"
#include "kin/rig.h"
#include "test_rigs.h"

namespace {

constexpr float kWidth = 640.0f, kHeight = 480.0f;

// A camera at (0, 0, 5) looking down −z with a 90° vertical field of view:
// a point (x, y, z) in front of it is at depth d = 5 − z, and (by the
// pinhole model, f = 1 / tan 45° = 1) at NDC (x / (d · aspect), y / d).
glm::mat4 FrontCamera() {
  const glm::mat4 projection = glm::perspective(glm::radians(90.0f), kWidth / kHeight, 0.1f, 100.0f);
  const glm::mat4 view = glm::lookAt(glm::vec3(0, 0, 5), glm::vec3(0), glm::vec3(0, 1, 0));
  return projection * view;
}

glm::dvec2 HandProjected(const glm::vec3& p) {
  const double d = 5.0 - p.z, aspect = kWidth / kHeight;
  const double ndc_x = p.x / (d * aspect), ndc_y = p.y / d;
  return glm::dvec2((ndc_x + 1.0) / 2.0 * kWidth, (1.0 - ndc_y) / 2.0 * kHeight);
}

kin::Goal Projected(int bone, const glm::vec3& point_bs, const glm::vec2& target_px, const glm::mat4& vp) {
  kin::Goal goal;
  goal.bone = bone;
  goal.point_bs = point_bs;
  goal.has_projection = true;
  goal.view_projection_ms = vp;
  goal.image_size_px = glm::vec2(kWidth, kHeight);
  goal.target_px = target_px;
  return goal;
}

// A shoulder at the origin and an elbow, each 1 long along +Y; the elbow a
// hinge about z (bending it in the camera's image plane). The shoulder turns freely.
kin_test::IkProblem Arm(int goal_count) {
  std::vector<kin::BoneDef> bones(2);
  bones[0].name = "upper";
  bones[0].tip_bs = glm::vec3(0, 1, 0);
  bones[1].name = "lower";
  bones[1].parent = 0;
  bones[1].rest_t = glm::vec3(0, 1, 0);
  bones[1].tip_bs = glm::vec3(0, 1, 0);
  bones[1].min_angle = glm::vec3(0.0f, 0.0f, -3.0f);
  bones[1].max_angle = glm::vec3(0.0f, 0.0f, 3.0f);
  kin_test::IkProblem p;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  p.workspace.Reserve(p.skeleton.bone_count(), goal_count, true);
  return p;
}

TEST(ProjectedGoal, ProjectionEqualsThePinholeModelByHand) {
  const glm::mat4 vp = FrontCamera();
  for (const glm::vec3 p : {glm::vec3(0), glm::vec3(1, 0.5f, 0), glm::vec3(-0.7f, 1.2f, 2.0f), glm::vec3(3, -2, -4)}) {
    const kin::ImageProjection seen = kin::ProjectToImage(vp, glm::vec2(kWidth, kHeight), p);
    ASSERT_TRUE(seen.in_front);
    const glm::dvec2 hand = HandProjected(p);
    EXPECT_NEAR(seen.px.x, hand.x, 1e-3) << p.x << " " << p.y << " " << p.z;
    EXPECT_NEAR(seen.px.y, hand.y, 1e-3) << p.x << " " << p.y << " " << p.z;
  }
  // The image's centre, and the top-left corner of the frustum at depth 5.
  EXPECT_NEAR(kin::ProjectToImage(vp, glm::vec2(kWidth, kHeight), glm::vec3(0)).px.x, kWidth / 2, 1e-3);
  const glm::vec3 corner(-5.0f * kWidth / kHeight, 5.0f, 0.0f);
  EXPECT_NEAR(kin::ProjectToImage(vp, glm::vec2(kWidth, kHeight), corner).px.x, 0.0, 1e-3);
  EXPECT_NEAR(kin::ProjectToImage(vp, glm::vec2(kWidth, kHeight), corner).px.y, 0.0, 1e-3);
}

// The solve's start energy is ½ w |target − π(x)|², π worked by hand.
TEST(ProjectedGoal, ResidualIsTheWeightedPixelMiss) {
  kin_test::IkProblem p = Arm(1);
  const glm::vec2 target(100.0f, 50.0f);
  p.goals = {Projected(1, glm::vec3(0, 1, 0), target, FrontCamera())};
  p.goals[0].weight = 2.5f;
  std::vector<glm::vec3> angles = {glm::vec3(0.3f, 0.2f, -0.4f), glm::vec3(0, 0, 0.8f)};
  const glm::vec3 tip = kin_test::PointMs(kin_test::Forward(p.skeleton, angles), p.goals[0]);
  const glm::dvec2 miss = glm::dvec2(target) - HandProjected(tip);
  std::vector<float> energy(3);
  kin_test::SolveWith(kin::SolverKind::kDls, p, angles, kin_test::WithIterations(1), &energy);
  EXPECT_NEAR(energy[0], 0.5 * 2.5 * glm::dot(miss, miss), 1e-5 * glm::dot(miss, miss));
}

// The weighted Jacobian the solver builds, row for row, against central
// differences of its own residual (J holds ∂x/∂θ, residuals target − x, so
// the column is −∂r/∂θ), for projected goals with and without a pole, the
// root moving, a prior on.
TEST(ProjectedGoal, JacobianRowsMatchCentralDifferencesOfTheResidual) {
  kin_test::IkProblem p = kin_test::DefaultCharacterProblem();
  const kin::Skeleton& sk = p.skeleton;
  p.workspace.Reserve(sk.bone_count(), 3, true);
  std::mt19937 rng(7);
  std::vector<glm::vec3> angles = kin_test::RandomStandingPose(rng, p.skeleton, kin_test::kStandingRootRange);
  const glm::mat4 vp = glm::perspective(glm::radians(40.0f), kWidth / kHeight, 0.1f, 100.0f) *
                       glm::lookAt(glm::vec3(2.0f, 1.4f, 3.0f), glm::vec3(0, 1, 0), glm::vec3(0, 1, 0));
  const int hand = sk.FindBone("hand_r"), foot = sk.FindBone("foot_l"), head = sk.FindBone("head");
  std::vector<kin::Goal> goals = {Projected(hand, sk.tip_bs(hand), glm::vec2(300, 200), vp),
                                  Projected(foot, sk.tip_bs(foot), glm::vec2(350, 420), vp),
                                  Projected(head, glm::vec3(0.02f, 0.1f, 0.05f), glm::vec2(320, 60), vp)};
  goals[0].weight = 3.0f;
  // A pole on it (the orientation rows' Jacobian is the Gauss–Newton
  // approximation, exact only at its target: not compared here).
  goals[1].has_pole = true;
  goals[1].pole_ms = glm::vec3(0.3f, 0.5f, 1.0f);
  std::vector<glm::vec3> prior(sk.bone_count(), glm::vec3(0.1f));
  kin::PosePrior pose_prior;
  pose_prior.angles = prior;
  pose_prior.weight = 0.5f;
  glm::vec3 root(0.02f, -0.03f, 0.01f), root_out;
  kin::IkJob job = kin_test::ProblemJob(kin::SolverKind::kDls, p, angles, kin::DefaultIkOptions());
  job.goals = goals;
  job.move_root = true;
  job.out_root_offset_ms = &root_out;
  job.root_offset_ms = root;
  job.prior = &pose_prior;
  ASSERT_TRUE(job.Validate().ok()) << job.Validate().message;
  kin::ik_internal::IkState s(job);
  s.EvaluateCurrent();
  s.BuildJacobian();
  ASSERT_GT(s.prior_row, 0);
  EXPECT_EQ(s.m, 2 + 2 + 3 + 2 + s.angle_dof_count);
  std::vector<double> analytic(static_cast<std::size_t>(s.m) * s.dof_count);
  for (int c = 0; c < s.dof_count; ++c)
    for (int r = s.RowBegin(c); r < s.RowEnd(c); ++r) analytic[static_cast<std::size_t>(c) * s.m + r] = s.Column(c)[r];
  const float h = 1e-3f;
  std::vector<double> plus(s.m), minus(s.m);
  int checked = 0;
  for (int c = 0; c < s.dof_count; ++c) {
    const float value = s.IsRoot(c) ? s.root_ms[s.Slot(c)] : angles[s.Bone(c)][s.Slot(c)];
    for (const float sign : {1.0f, -1.0f}) {
      std::vector<glm::vec3> moved = angles;
      glm::vec3 moved_root = s.root_ms;
      (s.IsRoot(c) ? moved_root : moved[s.Bone(c)])[s.Slot(c)] = value + sign * h;
      s.Evaluate(moved, moved_root, s.ws.trial_model_ms_, s.ws.trial_effector_ms_, (sign > 0 ? plus : minus).data(),
                 kin::Span<int>(s.ws.trial_floor_points_.data(), s.ws.trial_floor_points_.size()));
    }
    for (int r = 0; r < s.m; ++r) {
      const double fd = -(plus[r] - minus[r]) / (2.0 * h);
      const double a = r >= s.RowBegin(c) && r < s.RowEnd(c) ? analytic[static_cast<std::size_t>(c) * s.m + r] : 0.0;
      // Pixel rows are large (hundreds of px per radian), and float residuals
      // of a few hundred pixels differ by ~1e-5 px: 0.02 per radian over 2h.
      EXPECT_NEAR(a, fd, 0.02 + 2e-3 * std::fabs(fd)) << "dof " << c << " row " << r;
      checked += fd != 0.0;
    }
  }
  EXPECT_GT(checked, s.dof_count);
}

TEST(ProjectedGoal, TwoBoneArmReachesAPixelWithinAHundredthPixel) {
  for (const kin::SolverKind kind : {kin::SolverKind::kDls, kin::SolverKind::kGaussNewton}) {
    kin_test::IkProblem p = Arm(1);
    // Where the tip is with the arm bent: reachable by construction.
    const std::vector<glm::vec3> posed = {glm::vec3(0.2f, 0.4f, 0.5f), glm::vec3(0, 0, 1.1f)};
    const glm::vec3 tip = kin_test::PointMs(kin_test::Forward(p.skeleton, posed), [] {
      kin::Goal g;
      g.bone = 1;
      g.point_bs = glm::vec3(0, 1, 0);
      return g;
    }());
    const glm::dvec2 target = HandProjected(tip);
    p.goals = {Projected(1, glm::vec3(0, 1, 0), glm::vec2(target), FrontCamera())};
    std::vector<glm::vec3> angles = {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 0.3f)};
    kin::IkOptions options = kin_test::WithIterations(100);
    options.tolerance = 1e-3f;  // pixels, for a projected goal
    const kin::SolveReport report = kin_test::SolveWith(kind, p, angles, options);
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolverKindName(kind);
    const glm::vec3 reached = kin_test::PointMs(kin_test::Forward(p.skeleton, angles), p.goals[0]);
    EXPECT_LT(glm::length(HandProjected(reached) - target), 0.01) << kin::SolverKindName(kind);
  }
}

// A tip behind the camera: finite energy and pose, no NaN, and the solve
// does not reward moving the point behind the eye.
TEST(ProjectedGoal, APointBehindTheCameraStaysFinite) {
  kin_test::IkProblem p = Arm(1);
  // The camera at (0, 1.5, 0.5) looking down −z: the arm's tip at rest
  // (0, 2, 0) is in front, the arm bent back past z = 0.5 puts it behind.
  const glm::mat4 vp = glm::perspective(glm::radians(60.0f), kWidth / kHeight, 0.01f, 100.0f) *
                       glm::lookAt(glm::vec3(0, 1.5f, 0.5f), glm::vec3(0, 1.5f, -1), glm::vec3(0, 1, 0));
  p.goals = {Projected(1, glm::vec3(0, 1, 0), glm::vec2(320, 240), vp)};
  const std::vector<glm::vec3> behind = {glm::vec3(0.6f, 0, 0), glm::vec3(0.0f)};
  const glm::vec3 tip = kin_test::PointMs(kin_test::Forward(p.skeleton, behind), p.goals[0]);
  ASSERT_FALSE(kin::ProjectToImage(vp, glm::vec2(kWidth, kHeight), tip).in_front);
  std::vector<glm::vec3> angles = behind;
  std::vector<float> energy(65);
  const kin::SolveReport report = kin_test::SolveWith(kin::SolverKind::kDls, p, angles, kin_test::WithIterations(64), &energy);
  EXPECT_NE(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_TRUE(std::isfinite(report.energy));
  EXPECT_TRUE(std::isfinite(report.error));
  const double behind_miss = kWidth + kHeight;
  EXPECT_NEAR(energy[0], 0.5 * 2.0 * behind_miss * behind_miss, 1e-3 * behind_miss * behind_miss);
  for (const glm::vec3& a : angles) EXPECT_TRUE(std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z));
}

// Found by tests/fuzz/solve_fuzz.cpp: a finite matrix with a huge entry
// made pixel misses of 1e39 (beyond float: an infinite reported error) and
// root steps the float root offset could not hold. Such a matrix is refused
// by name; one at the bound solves with the moving root within the bound
// every root offset from outside has (kMaxCoordinate), the rest finite.
TEST(ProjectedGoal, AHugeMatrixEntryIsRefusedAndOneAtTheBoundStaysFinite) {
  // The finding's rig (the fuzzer's chain ending in a zero-length bone), pose, goal and prior.
  std::vector<kin::BoneDef> bones = kin_test::Chain(3, 1.2f);
  bones.back().tip_bs = glm::vec3(0.0f);
  bones.back().min_angle = glm::vec3(-0.2f, 0.0f, -0.2f);
  bones.back().max_angle = glm::vec3(0.84f, 0.0f, 0.0f);
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin::Span<const kin::BoneDef>(bones.data(), bones.size())).ok());
  const float angles[] = {-1.2f, -1.15625f, 1.2f, 0.0f, 1.2f, 1.2f, 0.84f, 0.0f, 0.0f};
  rig.SetPose(kin::Span<const float>(angles, 9), glm::vec3(-0.384375f, 0.0f, -0.06875f));
  ASSERT_TRUE(rig.SetMoveRoot(true).ok());
  glm::mat4 vp(1.4e-45f);
  vp[0] = glm::vec4(-4.55632e34f, -3.625f, 3.6875f, -0.03125f);
  kin::Goal goal = Projected(1, glm::vec3(0, 1.0f / 3.0f, 0), glm::vec2(3563.52f), vp);
  goal.image_size_px = glm::vec2(4096.0f);
  goal.has_pole = true;
  goal.pole_ms = glm::vec3(2.375f, 1.46875f, 1.03125f);
  const kin::Status refused = rig.SetGoals(kin::Span<const kin::Goal>(&goal, 1));
  EXPECT_NE(std::string(refused.message).find("goal 0: view-projection entry (column 0, row 0) -4.55632e+34 is beyond ±1e+12"), std::string::npos)
      << refused.message;
  goal.view_projection_ms[0][0] = -kin::kMaxViewProjectionEntry;
  ASSERT_TRUE(rig.SetGoals(kin::Span<const kin::Goal>(&goal, 1)).ok());
  const float prior[9] = {};
  ASSERT_TRUE(rig.SetPosePrior(kin::Span<const float>(prior, 9), 0.535f).ok());
  for (int solve = 0; solve < 3; ++solve) {
    const kin::SolveReport report = rig.Solve();
    ASSERT_NE(report.status, kin::SolveStatus::kInvalidInput) << report.input.message;
    for (int k = 0; k < 3; ++k) EXPECT_LE(std::fabs(rig.root_offset()[k]), kin::kMaxCoordinate) << "solve " << solve;
    EXPECT_TRUE(std::isfinite(report.error)) << "solve " << solve;
  }
}

// Two bad inputs for each field: the message names the goal and the field.
TEST(ProjectedGoal, ValidationRefusesBadFieldsByName) {
  kin_test::IkProblem p = Arm(1);
  const kin::Goal good = Projected(1, glm::vec3(0, 1, 0), glm::vec2(10, 10), FrontCamera());
  EXPECT_TRUE(kin::ValidateGoal(p.skeleton, good, 0).ok());
  struct Bad {
    const char* says;
    void (*spoil)(kin::Goal&);
  };
  const Bad bad[] = {
      {"view-projection matrix is not finite", [](kin::Goal& g) { g.view_projection_ms[2][3] = NAN; }},
      {"view-projection matrix is not finite", [](kin::Goal& g) { g.view_projection_ms[0][0] = INFINITY; }},
      {"image width 0", [](kin::Goal& g) { g.image_size_px.x = 0.0f; }},
      {"image height 16385", [](kin::Goal& g) { g.image_size_px.y = 16385.0f; }},
      {"image width 10.5", [](kin::Goal& g) { g.image_size_px.x = 10.5f; }},
      {"image height nan", [](kin::Goal& g) { g.image_size_px.y = NAN; }},
      {"target pixel", [](kin::Goal& g) { g.target_px.y = NAN; }},
      {"target pixel", [](kin::Goal& g) { g.target_px.x = -INFINITY; }},
  };
  for (const Bad& b : bad) {
    kin::Goal goal = good;
    b.spoil(goal);
    const kin::Status status = kin::ValidateGoal(p.skeleton, goal, 3);
    EXPECT_FALSE(status.ok()) << b.says;
    EXPECT_NE(std::string(status.message).find("goal 3"), std::string::npos) << status.message;
    EXPECT_NE(std::string(status.message).find(b.says), std::string::npos) << status.message;
  }
  // The geometric solvers refuse a projected goal, naming the ones that take it.
  p.goals = {good};
  for (const kin::SolverKind kind : {kin::SolverKind::kCcd, kin::SolverKind::kFabrik, kin::SolverKind::kTwoBone,
                                     kin::SolverKind::kLookAt}) {
    std::vector<glm::vec3> angles(2, glm::vec3(0.0f));
    const kin::SolveReport report = kin_test::SolveWith(kind, p, angles, kin::DefaultIkOptions());
    EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput) << kin::SolverKindName(kind);
    EXPECT_NE(std::string(report.input.message).find("in image space"), std::string::npos) << report.input.message;
    EXPECT_NE(std::string(report.input.message).find("dls, gauss-newton"), std::string::npos) << report.input.message;
  }
}

// Two-bone arm, one projected goal on the tip: every pose that puts the tip
// on its pixel's ray meets it, so without a prior the solve stops at the
// first such pose near its start. The target is where the prior pose puts
// the tip: with the prior the solve goes on to the prior pose itself.
TEST(PosePrior, PullsTheFreeAnglesTowardThePrior) {
  kin_test::IkProblem p = Arm(1);
  std::vector<glm::vec3> prior_angles = {glm::vec3(0.5f, 0.0f, -0.3f), glm::vec3(0.0f, 0.0f, 0.6f)};
  kin::Goal tip_goal = Projected(1, glm::vec3(0, 1, 0), glm::vec2(0.0f), FrontCamera());
  tip_goal.target_px = glm::vec2(HandProjected(kin_test::PointMs(kin_test::Forward(p.skeleton, prior_angles), tip_goal)));
  p.goals = {tip_goal};
  const std::vector<glm::vec3> start = {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 0.2f)};
  // With a prior the goal's miss can reach the tolerance before the prior
  // settles: a tolerance below reach, no escapes, and the solve runs until E
  // stops falling.
  kin::IkOptions options = kin_test::WithIterations(200);
  options.tolerance = 1e-7f;
  options.max_escapes = 0;
  const auto solve = [&](const kin::PosePrior* prior) {
    std::vector<glm::vec3> angles = start;
    kin::IkJob job = kin_test::ProblemJob(kin::SolverKind::kDls, p, angles, options);
    job.prior = prior;
    const kin::SolveReport report = job.Run();
    EXPECT_NE(report.status, kin::SolveStatus::kInvalidInput) << report.input.message;
    return angles;
  };
  const auto distance = [&](const std::vector<glm::vec3>& a) {
    return std::sqrt(glm::dot(a[0] - prior_angles[0], a[0] - prior_angles[0]) +
                     glm::dot(a[1] - prior_angles[1], a[1] - prior_angles[1]));
  };
  kin::PosePrior prior;
  prior.angles = prior_angles;
  prior.weight = 1.0f;  // px² per radian²: small beside the pixel rows
  const std::vector<glm::vec3> without = solve(nullptr);
  const std::vector<glm::vec3> with = solve(&prior);
  EXPECT_GT(distance(without), 0.3);
  EXPECT_LT(distance(with), 0.01);
  // Both on the pixel.
  for (const std::vector<glm::vec3>* pose : {&without, &with}) {
    const glm::vec3 tip = kin_test::PointMs(kin_test::Forward(p.skeleton, *pose), p.goals[0]);
    EXPECT_LT(glm::length(HandProjected(tip) - glm::dvec2(p.goals[0].target_px)), 0.01);
  }
  // Weight 0: no rows, the solve bit for bit as without a prior.
  prior.weight = 0.0f;
  EXPECT_TRUE(kin_test::SamePose(solve(&prior), without));
}

TEST(PosePrior, ValidationRefusesBadPriorsByName) {
  kin_test::IkProblem p = Arm(1);
  p.goals = {Projected(1, glm::vec3(0, 1, 0), glm::vec2(10, 10), FrontCamera())};
  std::vector<glm::vec3> angles(2, glm::vec3(0.0f));
  std::vector<glm::vec3> prior_angles(2, glm::vec3(0.0f));
  kin::PosePrior prior;
  prior.angles = prior_angles;
  prior.weight = 1.0f;
  const auto message = [&](kin::SolverKind kind, kin::IkWorkspace* workspace) {
    kin::IkJob job = kin_test::ProblemJob(kind, p, angles, kin::DefaultIkOptions());
    job.prior = &prior;
    job.workspace = workspace;
    return std::string(job.Validate().message);
  };
  EXPECT_EQ(message(kin::SolverKind::kDls, &p.workspace), "");
  p.goals[0].has_projection = false;  // CCD takes the goal, not the prior
  EXPECT_NE(message(kin::SolverKind::kCcd, &p.workspace).find("ccd cannot pull toward a pose prior; only dls"),
            std::string::npos);
  p.goals[0].has_projection = true;
  kin::IkWorkspace small;
  small.Reserve(2, 1);
  EXPECT_NE(message(kin::SolverKind::kDls, &small).find("no room for the pose prior"), std::string::npos);
  prior.weight = -1.0f;
  EXPECT_NE(message(kin::SolverKind::kDls, &p.workspace).find("pose prior: weight -1"), std::string::npos);
  prior.weight = 1.0f;
  prior_angles[1].y = NAN;
  EXPECT_NE(message(kin::SolverKind::kDls, &p.workspace).find("angles of bone 1 'lower' are not finite"),
            std::string::npos);
  prior.angles = kin::Span<const glm::vec3>(prior_angles.data(), 1);
  EXPECT_NE(message(kin::SolverKind::kDls, &p.workspace).find("1 angle triples for 2 bones"), std::string::npos);
}

}  // namespace
