// Repeated solves toward a target the rig cannot reach (a drag held still
// past the reach, the page solving every frame): a solve that cannot lower
// the error leaves the pose as it was, escapes included, so the pose does
// not creep along directions that do not move the effector (a twist, a
// swing out of the plane the answer lies in), and no solve returns a pose
// worse than its start.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "ik_fixtures.h"

namespace {

using kin::SolverKind;
using kin_test::Iterative;
using kin_test::SamePose;

constexpr int kSolverCount = static_cast<int>(SolverKind::kCount);

// Three bones along +Y, reach 1, each bending about Z (slot 2, Euler order
// XYZ, identity frames) and twisting about its length (slot 1) by ±0.5 rad,
// slot 0 locked; a target twice as far at 0.8 rad from +Y in the XY plane.
// The best pose bends in that plane, the first joint on its limit; a twist
// of the first two bones would turn the bends out of the plane, and the
// last bone's twist moves nothing: the best pose from the rest pose leaves
// every twist at zero.
kin_test::IkProblem PlanarUnreachable() {
  std::vector<kin::BoneDef> bones = kin_test::Chain(3, 0.5f);
  for (kin::BoneDef& b : bones) b.min_angle.x = b.max_angle.x = 0.0f;
  kin_test::IkProblem p;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  kin::Goal g;
  g.bone = 2;
  g.point_bs = p.skeleton.tip_bs(2);
  g.target_ms = 2.0f * glm::vec3(std::sin(0.8f), std::cos(0.8f), 0.0f);
  p.goals = {g};
  p.workspace.Reserve(3, 1);
  return p;
}

// The largest |twist|: the slots the best pose from rest leaves at zero.
float OutOfPlane(const std::vector<glm::vec3>& angles) {
  float worst = 0.0f;
  for (const glm::vec3& a : angles) worst = std::max(worst, std::fabs(a.y));
  return worst;
}

// An iterative solver settles: once a solve from its own result can lower
// the error no further, the next 100 solves return that pose bit for bit
// (no creeping twist). Settling takes one solve, or two where the first
// stalled short of the bottom (plain gradient descent against a limit).
// No solve raises the error. The one-pass solvers place the limb from the
// target, rounding aside: their twists stay zero.
TEST(UnreachableRepeat, HundredMoreSolvesLeaveTheSettledPose) {
  for (int k = 0; k < kSolverCount; ++k) {
    const auto kind = static_cast<SolverKind>(k);
    SCOPED_TRACE(kin::SolverKindName(kind));
    kin_test::IkProblem p = PlanarUnreachable();
    std::vector<glm::vec3> angles(3, glm::vec3(0.0f));
    auto solve = [&] {
      const float before = kin_test::WorstDistance(p, angles);
      const kin::SolveReport report = kin_test::SolveWith(kind, p, angles, kin::DefaultIkOptions());
      EXPECT_NE(report.status, kin::SolveStatus::kInvalidInput);
      EXPECT_NE(report.status, kin::SolveStatus::kConverged);
      if (Iterative(kind)) EXPECT_LE(kin_test::WorstDistance(p, angles), before);
    };
    solve();
    std::vector<glm::vec3> settled = angles;
    for (int more = 0; more < 2 && (solve(), !SamePose(angles, settled)); ++more) settled = angles;
    EXPECT_TRUE(SamePose(angles, settled)) << "still moving after 3 solves";
    int changed = 0;
    float twist = OutOfPlane(angles);
    for (int more = 0; more < 100; ++more) {
      solve();
      changed += SamePose(angles, settled) ? 0 : 1;
      twist = std::max(twist, OutOfPlane(angles));
    }
    if (Iterative(kind)) EXPECT_EQ(changed, 0) << "solves of the 100 that moved the settled pose";
    else EXPECT_LE(twist, 1e-6f);
  }
}

// From seeded random starts within the limits toward targets out of reach,
// every iterative solver returns a pose no farther from the target than its
// start, and so does a second solve from that result (where a far start
// moved inside the limits and the escapes could leave a worse pose behind);
// a pose a solve cannot better comes back bit for bit.
TEST(UnreachableRepeat, NoSolveReturnsAPoseWorseThanItsStart_Seed11) {
  std::mt19937 rng(11);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::uniform_real_distribution<float> distance(1.2f, 3.0f);
  kin_test::IkProblem p = kin_test::ChainProblem(3, 0.5f);
  for (int trial = 0; trial < 40; ++trial) {
    const glm::vec3 direction = glm::normalize(glm::vec3(normal(rng), normal(rng), normal(rng)));
    p.goals[0].target_ms = distance(rng) * direction;
    const std::vector<glm::vec3> random_start = kin_test::RandomPoseWithinLimits(rng, p.skeleton);
    for (int k = 0; k < kSolverCount; ++k) {
      const auto kind = static_cast<SolverKind>(k);
      if (!Iterative(kind)) continue;
      std::vector<glm::vec3> angles = random_start;
      for (int solve = 1; solve <= 2; ++solve) {
        SCOPED_TRACE(testing::Message() << kin::SolverKindName(kind) << ", trial " << trial << ", solve " << solve);
        const std::vector<glm::vec3> start = angles;
        const float start_error = kin_test::WorstDistance(p, start);
        const kin::SolveReport report = kin_test::SolveWith(kind, p, angles, kin::DefaultIkOptions());
        const float error = kin_test::WorstDistance(p, angles);
        EXPECT_LE(error, start_error);
        EXPECT_NEAR(report.error, error, 1e-6f);
        if (error == start_error) EXPECT_TRUE(SamePose(angles, start));
      }
    }
  }
}

// One ball joint (a bone of length 1 along +Y, no limits) from rest toward a
// target out of reach in the XY plane: the gradient at every pose of the way
// turns the bone about Z alone, so the best pose is a pure bend about Z (the
// other two slots exactly 0) pointing the tip at the target. An escape from
// there cannot end lower (the pose is the best there is); a solve that
// nonetheless kept where the escape left it would turn the bone about the
// two axes that do not move the tip (a twist) by float noise's worth of E.
TEST(UnreachableRepeat, AnEscapeThatEndsNoLowerGivesItsStartBack) {
  std::vector<kin::BoneDef> bones = kin_test::Chain(1, 3.14159265f);
  kin_test::IkProblem p;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  kin::Goal g;
  g.bone = 0;
  g.point_bs = p.skeleton.tip_bs(0);
  const float bearing = 0.6f;  // from +Y toward −X: a bend of +0.6 rad about Z
  g.target_ms = 3.0f * glm::vec3(-std::sin(bearing), std::cos(bearing), 0.0f);
  p.goals = {g};
  p.workspace.Reserve(1, 1);
  for (int k = 0; k < kSolverCount; ++k) {
    const auto kind = static_cast<SolverKind>(k);
    if (!Iterative(kind)) continue;
    SCOPED_TRACE(kin::SolverKindName(kind));
    std::vector<glm::vec3> angles(1, glm::vec3(0.0f));
    kin_test::SolveWith(kind, p, angles, kin::DefaultIkOptions());
    EXPECT_EQ(angles[0].x, 0.0f);
    EXPECT_EQ(angles[0].y, 0.0f);
    EXPECT_NEAR(angles[0].z, bearing, 1e-3f);
  }
}

}  // namespace
