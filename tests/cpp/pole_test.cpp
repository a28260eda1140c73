// Poles for the Jacobian solvers: the pole residual (kin/pole.h), its
// derivative against central differences, and DLS bending an elbow toward a
// pole on the default character without giving up the wrist.
#include "kin/pole.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ik_fixtures.h"
#include "kin/forward.h"
#include "kin/ik/ik_job.h"
#include "kin/jacobian.h"
#include "test_rigs.h"

namespace {

constexpr double kDegree = 3.14159265358979 / 180.0;

glm::dvec3 Across(const glm::dvec3& v, const glm::dvec3& u) { return v - glm::dot(v, u) * u; }

// Hand-derived: the middle joint at (0, 1, −1), off the line a→c along +Y
// toward −Z, the upper bone √2 long. A pole at 90° round the line (+X):
// √2 ((1, 0, 0) − (0, 0, −1)); toward −Z (the joint's own side): 0;
// opposite (+Z): √2 (0, 0, 2). A straight limb (middle joint on the line)
// has no bend direction: s · d, here (1, 0, 0) with s = 1.
TEST(PoleResidual, HandDerivedValues) {
  const glm::vec3 a(0, 0, 0), b(0, 1, -1), c(0, 2, 0);
  const double root2 = std::sqrt(2.0);
  const auto near = [](const glm::dvec3& got, const glm::dvec3& expected) {
    EXPECT_LT(glm::length(got - expected), 1e-12) << got.x << " " << got.y << " " << got.z;
  };
  near(kin::PoleResidual(a, b, c, glm::vec3(3, 1, 0)).value(), root2 * glm::dvec3(1, 0, 1));
  near(kin::PoleResidual(a, b, c, glm::vec3(0, 5, -2)).value(), glm::dvec3(0, 0, 0));
  near(kin::PoleResidual(a, b, c, glm::vec3(0, -1, 4)).value(), root2 * glm::dvec3(0, 0, 2));
  near(kin::PoleResidual(a, glm::vec3(0, 1, 0), c, glm::vec3(3, 1, 0)).value(), glm::dvec3(1, 0, 0));
  // No side: the pole on the line, or the end on the upper joint.
  near(kin::PoleResidual(a, b, c, glm::vec3(0, 7, 0)).value(), glm::dvec3(0.0));
  near(kin::PoleResidual(a, b, a, glm::vec3(3, 1, 0)).value(), glm::dvec3(0.0));
}

// For a bent limb ½|r|² = s² (1 − cos φ): the swing φ between the joint's
// offset and the pole's, whatever the bend.
TEST(PoleResidual, EnergyIsTheSwingAwayFromThePole_Seed3) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  int bent = 0;
  for (int trial = 0; trial < 50; ++trial) {
    const glm::dvec3 a(glm::vec3(u(rng), u(rng), u(rng))), b(glm::vec3(u(rng), u(rng), u(rng))),
        c(glm::vec3(u(rng), u(rng), u(rng))), pole(glm::vec3(u(rng), u(rng), u(rng)));
    const glm::dvec3 line = glm::normalize(c - a);
    const glm::dvec3 e = Across(b - a, line), p = Across(pole - a, line);
    const double s = glm::length(b - a);
    if (glm::length(e) < kin::PoleResidual::kStraight * s) continue;
    ++bent;
    const double cosine = glm::dot(e, p) / (glm::length(e) * glm::length(p));
    const glm::dvec3 r = kin::PoleResidual(glm::vec3(a), glm::vec3(b), glm::vec3(c), glm::vec3(pole)).value();
    EXPECT_NEAR(0.5 * glm::dot(r, r), s * s * (1.0 - cosine), 1e-9) << "trial " << trial;
  }
  EXPECT_GT(bent, 40);
}

// The chain rule through the three points: for random rigs and poses, the
// derivative for each Euler slot (points moved by JacobianColumn where the
// slot's bone is above them) and for each axis of the root offset matches
// central differences of the double-precision reference FK (h = 1e-6).
TEST(PoleResidual, DerivativeMatchesCentralDifferences_Seed19) {
  std::mt19937 rng(19);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 7;
    const std::vector<kin::BoneDef> bones = kin_test::RandomRig(rng, n, trial % 2 == 1);
    kin::Skeleton s;
    ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
    const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, n, 1.5f);
    const glm::vec3 root(u(rng), u(rng), u(rng));
    const glm::vec3 pole(2.0f * u(rng), 2.0f * u(rng), 2.0f * u(rng));
    int lower = n - 1;  // a bone with a parent
    while (bones[lower].parent < 0) --lower;
    const int upper = bones[lower].parent;
    const glm::vec3 point_bs(u(rng), u(rng), u(rng));

    std::vector<glm::mat4> model(n);
    kin::ForwardJob fk;
    fk.skeleton = &s;
    fk.angles = angles;
    fk.root_offset_ms = root;
    fk.model_ms = model;
    ASSERT_TRUE(fk.Run().ok());
    std::vector<kin::JointAxes> axes(n);
    kin::ComputeJointAxes(s, angles, model, axes);
    const glm::vec3 a(model[upper][3]), b(model[lower][3]), c(model[lower] * glm::vec4(point_bs, 1.0f));
    const kin::PoleResidual residual(a, b, c, pole);

    // The residual of the reference FK for perturbed angles and root offset.
    const auto reference = [&](const std::vector<glm::dvec3>& q, const glm::dvec3& offset) {
      const std::vector<glm::dmat4> m = kin_test::ReferenceForward(bones, q, offset);
      return kin::PoleResidual(glm::vec3(m[upper][3]), glm::vec3(m[lower][3]),
                               glm::vec3(m[lower] * glm::dvec4(glm::dvec3(point_bs), 1.0)), pole);
    };
    const std::vector<glm::dvec3> q(angles.begin(), angles.end());
    const double h = 1e-3;  // the residual is evaluated from float points: a larger step keeps rounding small
    const auto is_above = [&](int j, int bone) {
      for (int k = bone; k >= 0; k = s.parent(k))
        if (k == j) return true;
      return false;
    };
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < 3; ++k) {
        std::vector<glm::dvec3> plus = q, minus = q;
        plus[j][k] += h;
        minus[j][k] -= h;
        const glm::dvec3 fd =
            (reference(plus, glm::dvec3(root)).value() - reference(minus, glm::dvec3(root)).value()) / (2.0 * h);
        const auto moved = [&](int bone, const glm::vec3& x) {
          return is_above(j, bone) ? glm::dvec3(kin::JacobianColumn(axes[j], k, x)) : glm::dvec3(0.0);
        };
        const glm::dvec3 analytic = residual.Derivative(moved(upper, a), moved(lower, b), moved(lower, c));
        for (int r = 0; r < 3; ++r)
          EXPECT_NEAR(analytic[r], fd[r], 2e-3 * (1.0 + std::fabs(fd[r])))
              << "trial " << trial << " bone " << j << " slot " << k;
      }
    }
    for (int k = 0; k < 3; ++k) {
      glm::dvec3 along(0.0);
      along[k] = 1.0;
      const glm::dvec3 fd = (reference(q, glm::dvec3(root) + h * along).value() -
                             reference(q, glm::dvec3(root) - h * along).value()) / (2.0 * h);
      const glm::dvec3 analytic = residual.Derivative(along, along, along);
      for (int r = 0; r < 3; ++r)
        EXPECT_NEAR(analytic[r], fd[r], 2e-3 * (1.0 + std::fabs(fd[r]))) << "trial " << trial << " root axis " << k;
    }
  }
}

// The default character's left arm: a wrist goal on the forearm (its tip),
// reachable (made by a pose within the limits), with a pole.
struct Arm {
  kin_test::IkProblem problem;
  std::vector<glm::vec3> angles;
  int upper = -1, lower = -1;
  glm::vec3 elbow_ms{0.0f};  // the elbow of the pose that made the target

  Arm() {
    const kin::Skeleton& s = problem.skeleton;
    EXPECT_TRUE(kin::Skeleton::Build(kin_test::DefaultCharacter(), &problem.skeleton).ok());
    problem.workspace.Reserve(s.bone_count(), 1);
    upper = s.FindBone("upper_arm_l");
    lower = s.FindBone("forearm_l");
    // The wrist where the arm lowered 0.9 rad, turned forward and bent 1.2 rad puts it.
    std::vector<glm::vec3> posed(s.bone_count(), glm::vec3(0.0f));
    posed[upper] = glm::vec3(0.0f, 0.3f, -0.9f);
    posed[lower] = glm::vec3(0.0f, -1.2f, 0.0f);
    kin::Goal goal;
    goal.bone = lower;
    goal.point_bs = s.tip_bs(lower);
    const std::vector<glm::mat4> target_model = kin_test::Forward(s, posed);
    goal.target_ms = kin_test::PointMs(target_model, goal);
    elbow_ms = glm::vec3(target_model[lower][3]);
    goal.has_pole = true;
    problem.goals = {goal};
    // Start from the rest pose with the elbow a little bent.
    angles.assign(s.bone_count(), glm::vec3(0.0f));
    angles[lower].y = -0.5f;
  }
  kin::Goal& goal() { return problem.goals[0]; }
  kin::SolveReport Solve(kin::SolverKind kind = kin::SolverKind::kDls) {
    return kin_test::SolveWith(kind, problem, angles, kin_test::WithIterations(200));
  }
  // The angle between the elbow's offset from the shoulder→wrist line and the pole's.
  double Swing() const {
    const std::vector<glm::mat4> m = kin_test::Forward(problem.skeleton, angles);
    const glm::dvec3 a{glm::vec3(m[upper][3])}, b{glm::vec3(m[lower][3])};
    const glm::dvec3 c(kin_test::PointMs(m, problem.goals[0]));
    const glm::dvec3 line = glm::normalize(c - a);
    const glm::dvec3 e = Across(b - a, line), p = Across(glm::dvec3(problem.goals[0].pole_ms) - a, line);
    return std::acos(glm::clamp(glm::dot(e, p) / (glm::length(e) * glm::length(p)), -1.0, 1.0));
  }
  float WristMiss() const { return kin_test::WorstDistance(problem, angles); }
};

// Pole offsets from the elbow of the pose that made the target: behind, in
// front, below, above and out to the side.
const glm::vec3 kPoleOffsets[] = {{0, 0, -0.5f}, {0, 0, 0.5f}, {0, -0.5f, 0}, {0, 0.5f, 0}, {0.5f, 0, 0}};

struct PoleCase {
  kin::SolverKind kind;
  int max_iterations;
  float tolerance;
};

class PoleSolvers : public testing::TestWithParam<PoleCase> {};

// Every pole around the line is within the shoulder's twist here: the wrist
// reaches its target and the elbow ends on the pole's side.
TEST_P(PoleSolvers, ElbowBendsTowardThePoleAndTheWristReaches) {
  const PoleCase c = GetParam();
  for (const glm::vec3& offset : kPoleOffsets) {
    Arm arm;
    arm.goal().pole_ms = arm.elbow_ms + offset;
    kin::IkOptions options = kin_test::WithIterations(c.max_iterations);
    options.tolerance = c.tolerance;
    const kin::SolveReport report = kin_test::SolveWith(c.kind, arm.problem, arm.angles, options);
    SCOPED_TRACE(testing::Message() << "pole offset " << offset.x << " " << offset.y << " " << offset.z);
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
    EXPECT_LE(arm.WristMiss(), c.tolerance);
    EXPECT_LT(arm.Swing(), 2.0 * kDegree);
    kin_test::ExpectWithinLimits(arm.problem.skeleton, arm.angles);
  }
}

// DLS as the page runs it; the others with a looser tolerance and more
// iterations, as their reachability tests do.
INSTANTIATE_TEST_SUITE_P(JacobianSolvers, PoleSolvers,
                         testing::Values(PoleCase{kin::SolverKind::kDls, 200, 1e-5f},
                                         PoleCase{kin::SolverKind::kGaussNewton, 1000, 1e-5f},
                                         PoleCase{kin::SolverKind::kJacobianTranspose, 5000, 1e-4f},
                                         PoleCase{kin::SolverKind::kGradientDescent, 5000, 1e-4f},
                                         PoleCase{kin::SolverKind::kProjectedGradient, 5000, 1e-4f}),
                         [](const testing::TestParamInfo<PoleCase>& info) {
                           std::string name = kin::SolverKindName(info.param.kind);
                           for (char& ch : name) if (ch == '-') ch = '_';
                           return name;
                         });

// A drag of the pole handle: each solve starts where the last one ended.
// The elbow swings round to each new pole while the wrist stays on target.
TEST(Poles, MovingThePoleSwingsTheElbowWhileTheWristStays) {
  Arm arm;
  glm::vec3 elbow_before(0.0f);
  for (const glm::vec3& offset : kPoleOffsets) {
    arm.goal().pole_ms = arm.elbow_ms + offset;
    const kin::SolveReport report = arm.Solve();
    SCOPED_TRACE(testing::Message() << "pole offset " << offset.x << " " << offset.y << " " << offset.z);
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
    EXPECT_LE(arm.WristMiss(), 1e-5f);
    EXPECT_LT(arm.Swing(), 2.0 * kDegree);
    const glm::vec3 elbow(kin_test::Forward(arm.problem.skeleton, arm.angles)[arm.lower][3]);
    if (offset != kPoleOffsets[0]) EXPECT_GT(glm::length(elbow - elbow_before), 0.05f);
    elbow_before = elbow;
  }
}

// Without the pole the same solve leaves the elbow where the start pose
// swings it; the pole is what turns it (a pole above, far from that swing).
TEST(Poles, ThePoleIsWhatTurnsTheElbow) {
  Arm with_pole, without_pole;
  with_pole.goal().pole_ms = with_pole.elbow_ms + glm::vec3(0, 0.5f, 0);
  without_pole.goal().pole_ms = with_pole.goal().pole_ms;
  without_pole.goal().has_pole = false;
  ASSERT_EQ(with_pole.Solve().status, kin::SolveStatus::kConverged);
  ASSERT_EQ(without_pole.Solve().status, kin::SolveStatus::kConverged);
  EXPECT_LT(with_pole.Swing(), 2.0 * kDegree);
  EXPECT_GT(without_pole.Swing(), 20.0 * kDegree);
}

// The page's elbow pole: the goal pulls the hand's tip and its pole names
// the forearm as the middle joint's bone (pole_bone), so the limb is
// shoulder, elbow, wrist (the hand's origin) while the goal's point lies
// past the wrist. The elbow still swings round to each pole, the hand on
// its target.
TEST(Poles, APoleBoneAboveTheGoalBendsThatLimb) {
  Arm arm;
  const kin::Skeleton& s = arm.problem.skeleton;
  const int hand = s.FindBone("hand_l");
  std::vector<glm::vec3> posed(s.bone_count(), glm::vec3(0.0f));
  posed[arm.upper] = glm::vec3(0.0f, 0.3f, -0.9f);
  posed[arm.lower] = glm::vec3(0.0f, -1.2f, 0.0f);
  kin::Goal& goal = arm.goal();
  goal.bone = hand;
  goal.point_bs = s.tip_bs(hand);
  goal.target_ms = kin_test::PointMs(kin_test::Forward(s, posed), goal);
  goal.pole_bone = arm.lower;
  for (const glm::vec3& offset : kPoleOffsets) {
    goal.pole_ms = arm.elbow_ms + offset;
    const kin::SolveReport report = arm.Solve();
    SCOPED_TRACE(testing::Message() << "pole offset " << offset.x << " " << offset.y << " " << offset.z);
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
    EXPECT_LE(arm.WristMiss(), 1e-5f);
    // The swing of the elbow about the shoulder→wrist line, the wrist being the hand's origin.
    const std::vector<glm::mat4> m = kin_test::Forward(s, arm.angles);
    const glm::dvec3 a{glm::vec3(m[arm.upper][3])}, b{glm::vec3(m[arm.lower][3])}, c{glm::vec3(m[hand][3])};
    const glm::dvec3 line = glm::normalize(c - a);
    const glm::dvec3 e = Across(b - a, line), p = Across(glm::dvec3(goal.pole_ms) - a, line);
    EXPECT_LT(std::acos(glm::clamp(glm::dot(e, p) / (glm::length(e) * glm::length(p)), -1.0, 1.0)), 2.0 * kDegree);
    kin_test::ExpectWithinLimits(s, arm.angles);
  }
}

TEST(Poles, BadPolesAreNamedErrors) {
  Arm arm;
  const std::vector<glm::vec3> before = arm.angles;
  arm.goal().pole_ms = glm::vec3(0.0f, 1.0f, -1.0f);
  arm.goal().pole_weight = 0.0f;
  kin::SolveReport report = arm.Solve();
  EXPECT_NE(std::string(report.input.message).find("goal 0: pole weight 0 must be finite and > 0"), std::string::npos)
      << report.input.message;
  arm.goal().pole_weight = 1.0f;
  arm.goal().bone = arm.problem.skeleton.FindBone("hips");
  report = arm.Solve();
  EXPECT_NE(std::string(report.input.message).find("dls: goal 0 has a pole, but its bone 0 'hips' has no parent"),
            std::string::npos)
      << report.input.message;
  // A pole bone off the goal's chain names the goal's bone.
  arm.goal().bone = arm.lower;
  arm.goal().pole_bone = arm.problem.skeleton.FindBone("thigh_l");
  report = arm.Solve();
  EXPECT_NE(std::string(report.input.message).find("is not bone"), std::string::npos) << report.input.message;
  EXPECT_EQ(arm.angles, before);
}

}  // namespace
