// Escapes keep the limits: however many nudges a solve may take (the page
// allows options.max_escapes up to 100), every pose it returns lies within
// the joint limits. Each escape nudges angles on a limit further inward, so
// a solve stuck far from its targets again and again is where an escape
// could overshoot a range.
#include <gtest/gtest.h>

#include <vector>

#include "ik_fixtures.h"

namespace {

using kin::SolverKind;

constexpr int kSolverCount = static_cast<int>(SolverKind::kCount);

// The default character's hands and feet sent after the goal points of the
// bench's poses pushed three times as far from the hips: beyond reach, so
// every solve ends stuck and spends its escapes.
TEST(EscapeLimits, HundredEscapesOnTheDefaultCharacterStayWithinLimits) {
  kin_test::IkProblem p = kin_test::DefaultCharacterProblem();
  const glm::vec3 hips_ms(p.skeleton.bind_ms(0)[3]);
  const std::vector<std::vector<glm::vec3>> sets = kin_test::BenchHumanoidTargetSets(p, 4);
  kin::IkOptions options = kin::DefaultIkOptions();
  options.max_escapes = 100;
  options.max_iterations = 400;  // room for the escapes to be taken
  int escaping_solvers = 0;
  for (int k = 0; k < kSolverCount; ++k) {
    const auto kind = static_cast<SolverKind>(k);
    if (!kin_test::Iterative(kind)) continue;
    ++escaping_solvers;
    SCOPED_TRACE(kin::SolverKindName(kind));
    for (std::size_t t = 0; t < sets.size(); ++t) {
      SCOPED_TRACE(t);
      for (std::size_t g = 0; g < p.goals.size(); ++g) p.goals[g].target_ms = hips_ms + 3.0f * (sets[t][g] - hips_ms);
      std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.0f));
      const kin::SolveReport report = kin_test::SolveWith(kind, p, angles, options);
      EXPECT_NE(report.status, kin::SolveStatus::kConverged);
      EXPECT_NE(report.status, kin::SolveStatus::kInvalidInput);
      kin_test::ExpectWithinLimits(p.skeleton, angles);
    }
  }
  EXPECT_EQ(escaping_solvers, 7);  // DLS, Gauss–Newton, the three gradient solvers, CCD, FABRIK
}

}  // namespace
