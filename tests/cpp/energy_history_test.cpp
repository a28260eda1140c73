// The energy history a solve reports is what the solver did and ends where
// the solve ends: its last entry is the energy of the pose the solve
// returns, also when escapes wandered off and the best pose seen came back
// (the page plots this history). Every iterative solver, the default
// character, targets out of reach from seeded random starts (without the
// last entry, DLS, Gauss–Newton and FABRIK end some histories on a pose
// they did not return).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "ik_fixtures.h"
#include "test_rigs.h"

namespace {

// E = ½ Σ w |x − target|² of a pose, from forward kinematics written for the tests.
double Energy(const kin_test::IkProblem& p, const std::vector<glm::vec3>& angles) {
  const std::vector<glm::mat4> model = kin_test::Forward(p.skeleton, angles);
  double e = 0.0;
  for (const kin::Goal& g : p.goals) {
    const glm::dvec3 d = glm::dvec3(kin_test::PointMs(model, g)) - glm::dvec3(g.target_ms);
    e += 0.5 * g.weight * glm::dot(d, d);
  }
  return e;
}

class EnergyHistoryEnds : public testing::TestWithParam<kin::SolverKind> {};

TEST_P(EnergyHistoryEnds, AtTheReturnedPose_Seeds1To40) {
  for (unsigned seed = 1; seed <= 40; ++seed) {
    kin_test::IkProblem p = kin_test::DefaultCharacterProblem();
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    // The feet held where the rest pose has them; both hands pulled far out of reach, in random directions.
    const std::vector<glm::mat4> rest = kin_test::Forward(p.skeleton, std::vector<glm::vec3>(p.skeleton.bone_count(), glm::vec3(0.0f)));
    for (kin::Goal& g : p.goals) {
      g.target_ms = kin_test::PointMs(rest, g);
      if (p.skeleton.name(g.bone).rfind("hand", 0) == 0) g.target_ms += 1.5f * glm::normalize(glm::vec3(u(rng), u(rng), u(rng)));
    }
    std::vector<glm::vec3> angles = kin_test::RandomPoseWithinLimits(rng, p.skeleton);
    std::vector<float> energy(4096, -1.0f);
    const kin::SolveReport report = kin_test::SolveWith(GetParam(), p, angles, kin_test::WithIterations(64), &energy);
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    ASSERT_GT(report.energy_count, 1);
    const double last = energy[report.energy_count - 1];
    const double returned = Energy(p, angles);
    EXPECT_NEAR(last, returned, 1e-5 * returned + 1e-9);
  }
}

INSTANTIATE_TEST_SUITE_P(IterativeSolvers, EnergyHistoryEnds,
                         testing::Values(kin::SolverKind::kDls, kin::SolverKind::kGaussNewton, kin::SolverKind::kJacobianTranspose,
                                         kin::SolverKind::kGradientDescent, kin::SolverKind::kProjectedGradient,
                                         kin::SolverKind::kCcd, kin::SolverKind::kFabrik),
                         [](const testing::TestParamInfo<kin::SolverKind>& info) {
                           std::string name = kin::SolverKindName(info.param);
                           for (char& ch : name) if (ch == '-') ch = '_';
                           return name;
                         });

}  // namespace
