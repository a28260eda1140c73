// The line-search family: gradient descent (backtracking and fixed step),
// projected gradient, Jacobian transpose and Gauss–Newton. What all four
// promise is checked per solver (parameterised); each method's defining step
// is checked on a planar two-bone chain against values computed here by hand.
#include "kin/ik/ik_job.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "kin/forward.h"
#include "ik_fixtures.h"
#include "test_rigs.h"

namespace {

using kin_test::Forward;
using kin_test::PointMs;
using kin_test::RandomPoseWithinLimits;
using kin_test::ExpectWithinLimits;
using kin_test::WorstDistance;
using kin_test::HumanoidProblem;
using kin_test::ChainProblem;

using Problem = kin_test::IkProblem;

kin::SolveReport Solve(Problem& p, kin::SolverKind kind, const kin::IkOptions& options,
                       std::vector<glm::vec3>& angles, std::vector<float>* energy = nullptr) {
  kin::IkJob job;
  job.kind = kind;
  job.skeleton = &p.skeleton;
  job.goals = p.goals;
  job.options = options;
  job.angles = angles;
  if (energy) job.energy = *energy;
  job.workspace = &p.workspace;
  return job.Run();
}

// Two bones of length 0.5 along +Y turning only about z, the first by a
// within ±a_limit, the second by b within ±b_limit (x and y locked at 0), so
// the tip moves in the xy plane:
//   tip(a, b) = ½ (−sin a, cos a) + ½ (−sin(a + b), cos(a + b)).
Problem PlanarTwoBone(float a_limit, float b_limit) {
  std::vector<kin::BoneDef> bones = kin_test::Chain(2, 0.0f);
  bones[0].min_angle.z = -a_limit;
  bones[0].max_angle.z = a_limit;
  bones[1].min_angle.z = -b_limit;
  bones[1].max_angle.z = b_limit;
  Problem p;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  kin::Goal g;
  g.bone = 1;
  g.point_bs = p.skeleton.tip_bs(1);
  p.goals = {g};
  p.workspace.Reserve(2, 1);
  return p;
}

glm::dvec2 PlanarTip(double a, double b) {
  return 0.5 * glm::dvec2(-std::sin(a), std::cos(a)) + 0.5 * glm::dvec2(-std::sin(a + b), std::cos(a + b));
}

// The columns ∂tip/∂a and ∂tip/∂b of the planar chain.
void PlanarJacobian(double a, double b, glm::dvec2* da, glm::dvec2* db) {
  *db = 0.5 * glm::dvec2(-std::cos(a + b), -std::sin(a + b));
  *da = 0.5 * glm::dvec2(-std::cos(a), -std::sin(a)) + *db;
}

glm::vec3 Planar3(const glm::dvec2& v) { return glm::vec3(static_cast<float>(v.x), static_cast<float>(v.y), 0.0f); }

// One solver with the budget it needs. The first-order methods converge
// linearly, at a rate set by the conditioning of J K⁻¹ Jᵀ, which on the
// humanoid (hips and spine move all four effectors, hands turn a 0.18 lever)
// asks for thousands of iterations: they get 20000 and a 1e-4 tolerance
// (0.01 % of the chain, 0.1 mm on a 1.7 m figure). Gauss–Newton gets the
// default tolerance and 500 iterations: it crawls near singular poses (see
// gauss_newton.cpp) before it escapes.
struct Method {
  const char* name;
  kin::SolverKind kind;
  int max_iterations;
  float tolerance;
};

const Method kMethods[] = {
    {"gradient_descent", kin::SolverKind::kGradientDescent, 20000, 1e-4f},
    {"projected_gradient", kin::SolverKind::kProjectedGradient, 20000, 1e-4f},
    {"jacobian_transpose", kin::SolverKind::kJacobianTranspose, 20000, 1e-4f},
    {"gauss_newton", kin::SolverKind::kGaussNewton, 500, 1e-5f},
};

kin::IkOptions MethodOptions(const Method& m) {
  kin::IkOptions options;
  options.max_iterations = m.max_iterations;
  options.tolerance = m.tolerance;
  return options;
}

// Number of times E rose from one history entry to the next.
int Rises(const std::vector<float>& energy, int count) {
  int rises = 0;
  for (int i = 1; i < count; ++i) rises += energy[i] > energy[i - 1];
  return rises;
}

// Iteration counts of the converged solves in a set.
struct Tally {
  std::vector<int> iterations;
  int converged() const { return static_cast<int>(iterations.size()); }
  int Median() const {
    if (iterations.empty()) return 0;
    std::vector<int> sorted = iterations;
    std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
    return sorted[sorted.size() / 2];
  }
  int Max() const { return iterations.empty() ? 0 : *std::max_element(iterations.begin(), iterations.end()); }
};

// Solves `trials` reachable targets (the goal points of random poses within
// the limits) from the rest pose, checking every solve.
Tally SolveReachableTargets(Problem& p, const kin::IkOptions& options, kin::SolverKind kind, std::mt19937& rng,
                            int trials) {
  Tally tally;
  std::vector<float> energy(options.max_iterations + 1);
  for (int t = 0; t < trials; ++t) {
    const std::vector<glm::mat4> target_model = Forward(p.skeleton, RandomPoseWithinLimits(rng, p.skeleton));
    for (kin::Goal& g : p.goals) g.target_ms = PointMs(target_model, g);
    std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
    const kin::SolveReport report = Solve(p, kind, options, angles, &energy);
    ExpectWithinLimits(p.skeleton, angles);
    const float worst = WorstDistance(p, angles);
    EXPECT_FALSE(std::isnan(report.error));
    EXPECT_NEAR(report.error, worst, 1e-6f) << "trial " << t;  // the report tells the truth
    EXPECT_EQ(report.energy_count, report.iterations + 1);     // the start, then one per iteration
    // Backtracking never raises E; only an escape's nudge may.
    EXPECT_LE(Rises(energy, report.energy_count), options.max_escapes) << "trial " << t;
    if (report.status == kin::SolveStatus::kConverged) {
      tally.iterations.push_back(report.iterations);
      EXPECT_LE(worst, options.tolerance);
    }
  }
  return tally;
}

class LineSearchSolver : public testing::TestWithParam<Method> {};

// Reachable targets, but a local method from the rest pose meets local
// minima under the limits: without escapes even DLS converges on only half
// of these humanoid targets. With them, at least 90 % must converge.
TEST_P(LineSearchSolver, ChainsConvergeOnReachableTargets_Seed5) {
  std::mt19937 rng(5);
  for (int count : {3, 10}) {
    Problem p = ChainProblem(count, 1.0472f);
    const Tally tally = SolveReachableTargets(p, MethodOptions(GetParam()), GetParam().kind, rng, 30);
    EXPECT_GE(tally.converged(), 27) << "chain of " << count;
    std::printf("[ %s ] chain of %d: %d/30 converged, iterations median %d, max %d\n", GetParam().name, count,
                tally.converged(), tally.Median(), tally.Max());
  }
}

TEST_P(LineSearchSolver, HumanoidReachesFourEffectors_Seed21) {
  Problem p = HumanoidProblem();
  std::mt19937 rng(21);
  const Tally tally = SolveReachableTargets(p, MethodOptions(GetParam()), GetParam().kind, rng, 50);
  EXPECT_GE(tally.converged(), 48) << "of 50";  // measured: 49 or 50 per method
  std::printf("[ %s ] humanoid: %d/50 converged, iterations median %d, max %d\n", GetParam().name,
              tally.converged(), tally.Median(), tally.Max());
}

// Without escapes the energy history never rises at all.
TEST_P(LineSearchSolver, EnergyNeverRisesWithoutEscapes_Seed9) {
  Problem p = HumanoidProblem();
  std::mt19937 rng(9);
  kin::IkOptions options = MethodOptions(GetParam());
  options.max_escapes = 0;
  options.max_iterations = 2000;
  std::vector<float> energy(options.max_iterations + 1);
  for (int t = 0; t < 10; ++t) {
    const std::vector<glm::mat4> target_model = Forward(p.skeleton, RandomPoseWithinLimits(rng, p.skeleton));
    for (kin::Goal& g : p.goals) g.target_ms = PointMs(target_model, g);
    std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
    const kin::SolveReport report = Solve(p, GetParam().kind, options, angles, &energy);
    ASSERT_GE(report.energy_count, 2);
    EXPECT_EQ(Rises(energy, report.energy_count), 0) << "trial " << t;
    EXPECT_LT(energy[report.energy_count - 1], energy[0]) << "trial " << t;
  }
}

// A straight chain of length 1 from the origin and a target 1.5 away: the
// best it can do, pointing at it, leaves |target − root| − reach = 0.5, a
// stationary point.
TEST_P(LineSearchSolver, UnreachableTargetEndsAtTheClosestPoint) {
  Problem p = ChainProblem(10, 3.2f);
  p.goals[0].target_ms = 1.5f * glm::normalize(glm::vec3(0.3f, 0.5f, 0.8f));
  std::vector<glm::vec3> angles(10, glm::vec3(0.05f));
  const kin::IkOptions options = MethodOptions(GetParam());
  std::vector<float> energy(options.max_iterations + 1);
  const kin::SolveReport report = Solve(p, GetParam().kind, options, angles, &energy);
  EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable) << kin::SolveStatusName(report.status);
  EXPECT_NEAR(report.error, 0.5f, 0.005f);
  EXPECT_FALSE(std::isnan(report.error));
  EXPECT_NEAR(report.error, WorstDistance(p, angles), 1e-6f);
  EXPECT_LT(energy[report.energy_count - 1], energy[0]);
  ExpectWithinLimits(p.skeleton, angles);
  std::printf("[ %s ] unreachable: %s after %d iterations, error %.6f\n", GetParam().name,
              kin::SolveStatusName(report.status), report.iterations, report.error);
}

// An elbow-like hinge: the forearm turns only about y, within [−2.5, 0]. The
// start pose puts junk into its locked slots (x within its range, z not);
// the solver must end with z exactly on its single allowed value.
TEST_P(LineSearchSolver, HingeLimitsHold) {
  Problem p = HumanoidProblem();
  p.goals = {p.goals[0]};
  // 0.2 from the shoulder, in front: the 0.72-long arm must fold at the elbow.
  p.goals[0].target_ms = glm::vec3(0.25f, 1.45f, 0.2f);
  const int elbow = p.skeleton.FindBone("forearm_l");
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
  angles[elbow] = glm::vec3(0.1f, -0.3f, 0.4f);
  const kin::SolveReport report = Solve(p, GetParam().kind, MethodOptions(GetParam()), angles);
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
  EXPECT_EQ(angles[elbow].z, 0.0f);
  EXPECT_LT(angles[elbow].y, -0.5f);  // it folded, forward
  ExpectWithinLimits(p.skeleton, angles);
}

struct BadInput {
  const char* what;
  void (*breaks)(Problem&);
  const char* message;
};

const BadInput kBadInputs[] = {
    {"nan_target", [](Problem& p) { p.goals[2].target_ms.y = std::nanf(""); }, "goal 2: target is not finite"},
    {"bad_bone", [](Problem& p) { p.goals[1].bone = 40; }, "goal 1: bone index 40 is out of range"},
    {"zero_goals", [](Problem& p) { p.goals.clear(); }, "no goals"},
};

// Each bad input is rejected, named, and leaves the pose bitwise unchanged.
TEST_P(LineSearchSolver, InvalidInputLeavesThePoseUnchanged) {
  for (const BadInput& bad : kBadInputs) {
    Problem p = HumanoidProblem();
    for (kin::Goal& g : p.goals) g.target_ms = glm::vec3(0.1f, 1.0f, 0.2f);
    bad.breaks(p);
    // Out of the limits on purpose: a solve that ran would clamp it.
    std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.1f, -0.05f, 3.0f));
    const std::vector<glm::vec3> before = angles;
    const kin::SolveReport report = Solve(p, GetParam().kind, MethodOptions(GetParam()), angles);
    EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput) << bad.what;
    EXPECT_NE(std::string(report.input.message).find(bad.message), std::string::npos) << report.input.message;
    EXPECT_EQ(std::memcmp(angles.data(), before.data(), sizeof(glm::vec3) * angles.size()), 0) << bad.what;
  }
}

// Orientation goals: the hand reaches both the position and the model
// rotation of hand_l in random poses within the limits.
TEST_P(LineSearchSolver, ReachesTargetOrientations_Seed13) {
  Problem p = HumanoidProblem();
  const int hand = p.skeleton.FindBone("hand_l");
  p.goals = {p.goals[0]};
  p.goals[0].has_orientation = true;
  const kin::IkOptions options = MethodOptions(GetParam());
  std::mt19937 rng(13);
  Tally tally;
  for (int t = 0; t < 20; ++t) {
    const std::vector<glm::mat4> target_model = Forward(p.skeleton, RandomPoseWithinLimits(rng, p.skeleton));
    p.goals[0].target_ms = PointMs(target_model, p.goals[0]);
    p.goals[0].target_q_ms = glm::quat_cast(glm::mat3(target_model[hand]));
    std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
    const kin::SolveReport report = Solve(p, GetParam().kind, options, angles);
    ExpectWithinLimits(p.skeleton, angles);
    if (report.status != kin::SolveStatus::kConverged) continue;
    tally.iterations.push_back(report.iterations);
    // The reported error covers the angle left: check it independently.
    const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
    const glm::quat turn = p.goals[0].target_q_ms * glm::conjugate(glm::quat_cast(glm::mat3(model[hand])));
    const float angle = 2.0f * std::atan2(glm::length(glm::vec3(turn.x, turn.y, turn.z)), std::fabs(turn.w));
    EXPECT_LT(angle, options.tolerance + 1e-5f) << "trial " << t;
    EXPECT_LT(glm::length(PointMs(model, p.goals[0]) - p.goals[0].target_ms), options.tolerance) << "trial " << t;
  }
  EXPECT_GE(tally.converged(), 18) << "of 20";
  std::printf("[ %s ] orientation: %d/20 converged, iterations median %d, max %d\n", GetParam().name,
              tally.converged(), tally.Median(), tally.Max());
}

INSTANTIATE_TEST_SUITE_P(EachMethod, LineSearchSolver, testing::ValuesIn(kMethods),
                         [](const testing::TestParamInfo<Method>& info) { return std::string(info.param.name); });

// Fixed-step gradient descent: θ += step · K⁻¹ g, clamped, whatever E does.

kin::IkOptions FixedStep(float step, int max_iterations) {
  kin::IkOptions options;
  options.line_search = false;
  options.step = step;
  options.max_iterations = max_iterations;
  options.tolerance = 1e-4f;
  return options;
}

// Near a reachable target the Hessian of E is JᵀJ, and λmax(J Jᵀ) ≤ Σ_j |x − o_j|²
// (a ball joint adds |d|² I − d dᵀ): at most 3.85 on a chain of ten bones of
// total length 1, so the default step 0.5 < 2 / λmax is stable there.
TEST(FixedStepGradientDescent, ChainsConvergeOnReachableTargets_Seed5) {
  std::mt19937 rng(5);
  for (int count : {3, 10}) {
    Problem p = ChainProblem(count, 1.0472f);
    const kin::IkOptions options = FixedStep(0.5f, 5000);
    Tally tally;
    for (int t = 0; t < 30; ++t) {
      p.goals[0].target_ms = PointMs(Forward(p.skeleton, RandomPoseWithinLimits(rng, p.skeleton)), p.goals[0]);
      std::vector<glm::vec3> angles(count, glm::vec3(0));
      const kin::SolveReport report = Solve(p, kin::SolverKind::kGradientDescent, options, angles);
      ExpectWithinLimits(p.skeleton, angles);
      EXPECT_NEAR(report.error, WorstDistance(p, angles), 1e-6f);
      if (report.status == kin::SolveStatus::kConverged) tally.iterations.push_back(report.iterations);
    }
    EXPECT_GE(tally.converged(), 27) << "chain of " << count;
    std::printf("[ fixed step 0.5 ] chain of %d: %d/30 converged, iterations median %d, max %d\n", count,
                tally.converged(), tally.Median(), tally.Max());
  }
}

// On the unreachable straight-chain target a step of 0.5 is past the
// stability limit 2 / λmax(JᵀJ + the residual's curvature): E oscillates and
// the budget runs out; the solver says so and returns the best pose it saw.
// A step of 0.2 settles at the closest point.
TEST(FixedStepGradientDescent, TooLongAStepOscillatesAndKeepsTheBestPose) {
  Problem p = ChainProblem(10, 3.2f);
  p.goals[0].target_ms = 1.5f * glm::normalize(glm::vec3(0.3f, 0.5f, 0.8f));
  std::vector<float> energy(2001);

  std::vector<glm::vec3> angles(10, glm::vec3(0.05f));
  kin::SolveReport report = Solve(p, kin::SolverKind::kGradientDescent, FixedStep(0.5f, 2000), angles, &energy);
  EXPECT_EQ(report.status, kin::SolveStatus::kMaxIterations) << kin::SolveStatusName(report.status);
  EXPECT_GT(Rises(energy, report.energy_count), 100);
  const float lowest = *std::min_element(energy.begin(), energy.begin() + report.energy_count);
  EXPECT_NEAR(0.5f * report.error * report.error, lowest, 1e-6f);
  EXPECT_FALSE(std::isnan(report.error));
  ExpectWithinLimits(p.skeleton, angles);

  angles.assign(10, glm::vec3(0.05f));
  report = Solve(p, kin::SolverKind::kGradientDescent, FixedStep(0.2f, 20000), angles);
  EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable) << kin::SolveStatusName(report.status);
  EXPECT_NEAR(report.error, 0.5f, 0.005f);
}

// Projected gradient: the planar chain with b limited to ±0.5 and a target
// that needs b = 1.4. For a given b the chain reaches cos(b/2) from the root
// and a can point it anywhere, so the constrained minimum has b on its bound
// and leaves |cos(0.25) − |target||. The backtracking evaluates E at
// projected points, so long steps that the projection shortens are still
// taken and E falls at every step.
TEST(ProjectedGradient, EndsOnTheBoundWhenTheMinimumLiesBeyondIt) {
  Problem p = PlanarTwoBone(3.0f, 0.5f);
  p.goals[0].target_ms = Planar3(PlanarTip(0.3, 1.4));
  kin::IkOptions options;
  options.max_iterations = 5000;
  options.max_escapes = 0;
  std::vector<float> energy(options.max_iterations + 1);
  std::vector<glm::vec3> angles(2, glm::vec3(0));
  const kin::SolveReport report = Solve(p, kin::SolverKind::kProjectedGradient, options, angles, &energy);
  EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable) << kin::SolveStatusName(report.status);
  EXPECT_EQ(angles[1].z, 0.5f);  // exactly on the bound: projected there
  // Every step lowers E; a failed line search repeats the last entry.
  for (int i = 1; i < report.energy_count; ++i) EXPECT_LE(energy[i], energy[i - 1]) << "entry " << i;
  for (int i = 1; i + 1 < report.energy_count; ++i) EXPECT_LT(energy[i], energy[i - 1]) << "entry " << i;
  const double best = std::cos(0.25) - glm::length(glm::dvec2(p.goals[0].target_ms));
  EXPECT_NEAR(report.error, best, 1e-5);
  ExpectWithinLimits(p.skeleton, angles);
}

// One long first step: from the straight chain a step of 4 overshoots the
// bound on b; the projected trial still lowers E and is taken, landing b
// exactly on the bound in the first iteration.
TEST(ProjectedGradient, FirstLongStepIsProjectedOntoTheBound) {
  Problem p = PlanarTwoBone(3.0f, 0.5f);
  p.goals[0].target_ms = Planar3(PlanarTip(0.3, 1.4));
  kin::IkOptions options;
  options.max_iterations = 1;
  options.step = 4.0f;
  std::vector<float> energy(2);
  std::vector<glm::vec3> angles(2, glm::vec3(0));
  const kin::SolveReport report = Solve(p, kin::SolverKind::kProjectedGradient, options, angles, &energy);
  ASSERT_EQ(report.energy_count, 2);
  EXPECT_LT(energy[1], energy[0]);
  EXPECT_EQ(angles[1].z, 0.5f);
}

// The same problem for plain gradient descent: it measures its Armijo
// decrease on the unclamped step and stationarity on the whole gradient, so
// against the bound it cannot tell a constrained minimum from a failure and
// reports a stall where projected gradient reports the stationary point.
TEST(GradientDescent, StallsAgainstABoundWhereProjectedGradientStops) {
  Problem p = PlanarTwoBone(3.0f, 0.5f);
  p.goals[0].target_ms = Planar3(PlanarTip(0.3, 1.4));
  kin::IkOptions options;
  options.max_iterations = 5000;
  options.max_escapes = 0;
  std::vector<glm::vec3> angles(2, glm::vec3(0));
  const kin::SolveReport gd = Solve(p, kin::SolverKind::kGradientDescent, options, angles);
  EXPECT_EQ(gd.status, kin::SolveStatus::kStalled) << kin::SolveStatusName(gd.status);
  EXPECT_EQ(angles[1].z, 0.5f);
  angles.assign(2, glm::vec3(0));
  const kin::SolveReport pgd = Solve(p, kin::SolverKind::kProjectedGradient, options, angles);
  EXPECT_EQ(pgd.status, kin::SolveStatus::kUnreachable) << kin::SolveStatusName(pgd.status);
}

// Jacobian transpose: the first step is α Jᵀr with
// α = ⟨r, JJᵀr⟩ / ⟨JJᵀr, JJᵀr⟩, all computed here from the planar formulas.
TEST(JacobianTranspose, FirstStepIsTheOptimalMultipleOfJtr) {
  Problem p = PlanarTwoBone(3.0f, 3.0f);
  const double a = 0.3, b = 0.6;
  p.goals[0].target_ms = Planar3(PlanarTip(0.45, 0.8));
  kin::IkOptions options;
  options.max_iterations = 1;
  std::vector<glm::vec3> angles(2, glm::vec3(0));
  angles[0].z = static_cast<float>(a);
  angles[1].z = static_cast<float>(b);
  const kin::SolveReport report = Solve(p, kin::SolverKind::kJacobianTranspose, options, angles);
  ASSERT_EQ(report.iterations, 1);

  glm::dvec2 da, db;
  PlanarJacobian(a, b, &da, &db);
  const glm::dvec2 r = glm::dvec2(p.goals[0].target_ms) - PlanarTip(a, b);
  const glm::dvec2 g(glm::dot(da, r), glm::dot(db, r));  // Jᵀ r
  const glm::dvec2 jg = g.x * da + g.y * db;                // J Jᵀ r
  const double alpha = glm::dot(r, jg) / glm::dot(jg, jg);
  EXPECT_NEAR(angles[0].z, a + alpha * g.x, 2e-6);
  EXPECT_NEAR(angles[1].z, b + alpha * g.y, 2e-6);
  // Not the plain gradient step with the default step length.
  EXPECT_GT(std::fabs(alpha - 0.5), 0.1);
}

// Gauss–Newton: with two angles and two planar rows J is square, and the
// pseudo-inverse step is J⁻¹ r (Cramer's rule here).
TEST(GaussNewton, FirstStepIsThePseudoInverseStep) {
  Problem p = PlanarTwoBone(3.0f, 3.0f);
  const double a = 0.3, b = 0.6;
  p.goals[0].target_ms = Planar3(PlanarTip(0.4, 0.75));
  kin::IkOptions options;
  options.max_iterations = 1;
  std::vector<glm::vec3> angles(2, glm::vec3(0));
  angles[0].z = static_cast<float>(a);
  angles[1].z = static_cast<float>(b);
  const kin::SolveReport report = Solve(p, kin::SolverKind::kGaussNewton, options, angles);
  ASSERT_EQ(report.iterations, 1);

  glm::dvec2 da, db;
  PlanarJacobian(a, b, &da, &db);
  const glm::dvec2 r = glm::dvec2(p.goals[0].target_ms) - PlanarTip(a, b);
  const double det = da.x * db.y - db.x * da.y;
  const double step_a = (r.x * db.y - db.x * r.y) / det;
  const double step_b = (da.x * r.y - r.x * da.y) / det;
  EXPECT_NEAR(angles[0].z, a + step_a, 2e-6);
  EXPECT_NEAR(angles[1].z, b + step_b, 2e-6);
}

}  // namespace
