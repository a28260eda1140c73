// A goal whose point sits on its bone's joint (a zero-length bone's tip):
// the bone's own slots have no lever arm (zero Jacobian columns, no turn
// that moves the point), so the solvers are stuck at once and spend their
// escapes on angles E cannot tell apart. Every solver must still return a
// pose within the limits, without NaN, with a status it reports rather than
// a crash, for any number of escapes the page allows; and where no angle
// moves the point (one bone) an iterative solve gives the start back.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ik_fixtures.h"

namespace {

using kin::SolverKind;

constexpr int kSolverCount = static_cast<int>(SolverKind::kCount);

// Limits whose box does not hold the rest pose inside (slot 2 ends at 0)
// and a locked slot: min/max per Euler slot.
constexpr glm::vec3 kMin(-0.2f, 0.0f, -0.2f);
constexpr glm::vec3 kMax(0.84f, 0.0f, 0.0f);

// `count` bones along +Y, each 0.5 long but the last, of zero length, which
// carries the limits above and the goal on its tip (its own origin).
kin_test::IkProblem ZeroLengthEndProblem(int count) {
  std::vector<kin::BoneDef> bones = kin_test::Chain(count, 1.0f);
  for (int i = 0; i < count; ++i) {
    bones[i].rest_t = i == 0 ? glm::vec3(0.0f) : glm::vec3(0.0f, 0.5f, 0.0f);
    bones[i].tip_bs = glm::vec3(0.0f, 0.5f, 0.0f);
  }
  bones[count - 1].tip_bs = glm::vec3(0.0f);
  bones[count - 1].min_angle = kMin;
  bones[count - 1].max_angle = kMax;
  kin_test::IkProblem p;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  kin::Goal g;
  g.bone = count - 1;
  g.point_bs = glm::vec3(0.0f);
  p.goals = {g};
  p.workspace.Reserve(count, 1);
  return p;
}

bool Finite(const std::vector<glm::vec3>& angles) {
  for (const glm::vec3& a : angles)
    if (!std::isfinite(a.x) || !std::isfinite(a.y) || !std::isfinite(a.z)) return false;
  return true;
}

// Every registry solver, with the default escapes and the most the page
// allows, from starts on and between the limits, toward targets around the
// joint: a reported status, a finite error, a pose within the limits; a
// refused job leaves the pose as it was.
void ExpectEverySolverKeepsLimits(int bone_count) {
  kin_test::IkProblem p = ZeroLengthEndProblem(bone_count);
  const std::vector<glm::vec3> starts = {glm::vec3(0.0f), kMin, kMax, 0.5f * (kMin + kMax)};
  const std::vector<glm::vec3> targets = {{0.4f, 0.3f, 0.2f}, {0.0f, 2.0f, 0.0f}, {-1.0f, -0.5f, 0.7f}};
  for (int k = 0; k < kSolverCount; ++k) {
    const auto kind = static_cast<SolverKind>(k);
    for (int escapes : {kin::DefaultIkOptions().max_escapes, 100}) {
      kin::IkOptions options = kin::DefaultIkOptions();
      options.max_escapes = escapes;
      for (const glm::vec3& start : starts) {
        for (const glm::vec3& target : targets) {
          SCOPED_TRACE(testing::Message() << kin::SolverKindName(kind) << ", " << escapes << " escapes, start ("
                                          << start.x << ", " << start.y << ", " << start.z << "), target ("
                                          << target.x << ", " << target.y << ", " << target.z << ")");
          p.goals[0].target_ms = target;
          std::vector<glm::vec3> angles(bone_count, glm::vec3(0.1f, 0.0f, -0.1f));
          angles.back() = start;
          const std::vector<glm::vec3> before = angles;
          const kin::SolveReport report = kin_test::SolveWith(kind, p, angles, options);
          ASSERT_GE(static_cast<int>(report.status), 0);
          ASSERT_LT(static_cast<int>(report.status), kin::kSolveStatusCount);
          const bool untouched = kin_test::SamePose(angles, before);
          if (report.status == kin::SolveStatus::kInvalidInput) {
            EXPECT_TRUE(untouched);  // two-bone needs a parent for the goal's bone
            continue;
          }
          EXPECT_TRUE(Finite(angles));
          EXPECT_TRUE(std::isfinite(report.error));
          kin_test::ExpectWithinLimits(p.skeleton, angles);
          if (bone_count == 1 && kin_test::Iterative(kind)) EXPECT_TRUE(untouched);
        }
      }
    }
  }
}

TEST(ZeroLever, OneBoneWhoseGoalSitsOnItsJointStaysWithinLimits) { ExpectEverySolverKeepsLimits(1); }

TEST(ZeroLever, ChainsEndingInAZeroLengthBoneStayWithinLimits) {
  for (int count : {2, 3}) {
    SCOPED_TRACE(count);
    ExpectEverySolverKeepsLimits(count);
  }
}

}  // namespace
