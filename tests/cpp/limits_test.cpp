#include "kin/limits.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "kin/ik/ik_job.h"
#include "test_rigs.h"

namespace {

const glm::vec3 kY(0, 1, 0);

TEST(SwingTwist, SeparatesTwistAboutTheAxisFromSwingOfTheAxis) {
  // swing 0.4 about +X, then twist 0.3 about the bone axis +Y: q = swing · twist.
  const glm::quat swing = glm::angleAxis(0.4f, glm::vec3(1, 0, 0));
  const glm::quat twist = glm::angleAxis(0.3f, kY);
  const kin::SwingTwist st = kin::DecomposeSwingTwist(swing * twist, kY);
  EXPECT_NEAR(st.swing_angle, 0.4f, 1e-5f);
  EXPECT_NEAR(st.twist_angle, 0.3f, 1e-5f);
  EXPECT_NEAR(std::fabs(glm::dot(st.swing * st.twist, swing * twist)), 1.0f, 1e-6f);
  // Pure twist and pure swing.
  EXPECT_NEAR(kin::DecomposeSwingTwist(glm::angleAxis(-1.1f, kY), kY).twist_angle, -1.1f, 1e-5f);
  EXPECT_NEAR(kin::DecomposeSwingTwist(glm::angleAxis(-1.1f, kY), kY).swing_angle, 0.0f, 1e-5f);
  EXPECT_NEAR(kin::DecomposeSwingTwist(glm::angleAxis(0.9f, glm::vec3(0, 0, 1)), kY).swing_angle, 0.9f, 1e-5f);
}

// One bone along +Y (its tip), XYZ order, a 0.5 rad cone and twist in ±0.2.
kin::Skeleton ConeBone() {
  std::vector<kin::BoneDef> bones(1);
  bones[0].name = "ball";
  bones[0].tip_bs = glm::vec3(0, 1, 0);
  bones[0].swing_max = 0.5f;
  bones[0].twist_min = -0.2f;
  bones[0].twist_max = 0.2f;
  kin::Skeleton s;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &s).ok());
  return s;
}

float SwingOf(const kin::Skeleton& s, const glm::vec3& angles) {
  return kin::DecomposeSwingTwist(kin::EulerRotation(s.order(0), angles), kY).swing_angle;
}

TEST(SwingTwist, ProjectionKeepsInsidePosesAndClampsOutsideOnes) {
  const kin::Skeleton s = ConeBone();
  EXPECT_TRUE(s.has_swing_twist(0));
  const glm::vec3 inside(0.2f, 0.1f, -0.25f);
  const glm::vec3 kept = kin::ProjectJointLimits(s, 0, inside);
  EXPECT_NEAR(glm::length(kept - inside), 0.0f, 1e-6f);

  // Tilt 1.2 rad toward +Z (about +X): the axis ends on the cone's rim, in
  // the same plane (its x component stays 0).
  const glm::vec3 projected = kin::ProjectJointLimits(s, 0, glm::vec3(1.2f, 0, 0));
  EXPECT_NEAR(SwingOf(s, projected), 0.5f, 1e-4f);
  const glm::vec3 axis = kin::EulerRotation(s.order(0), projected) * kY;
  EXPECT_NEAR(axis.x, 0.0f, 1e-5f);
  EXPECT_GT(axis.z, 0.0f);

  // A twist of 0.6 about the axis is cut to the 0.2 limit.
  const glm::vec3 twisted = kin::ProjectJointLimits(s, 0, glm::vec3(0, 0.6f, 0));
  EXPECT_NEAR(kin::DecomposeSwingTwist(kin::EulerRotation(s.order(0), twisted), kY).twist_angle, 0.2f, 1e-5f);
}

// The box and the cone do not commute; the projection must land inside both,
// so projecting again changes nothing.
TEST(SwingTwist, ProjectionIsIdempotentWhenBoxAndConeConflict_Seed4) {
  std::vector<kin::BoneDef> bones(1);
  bones[0].name = "ball";
  bones[0].tip_bs = glm::vec3(0, 1, 0);
  bones[0].order = kin::EulerOrder::kZXY;  // twist (about y) last: box and cone interact
  bones[0].min_angle = glm::vec3(-0.3f, -1.0f, -3.0f);
  bones[0].max_angle = glm::vec3(0.6f, 1.0f, 3.0f);
  bones[0].swing_max = 0.4f;
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> u(-3.0f, 3.0f);
  for (int t = 0; t < 500; ++t) {
    const glm::vec3 projected = kin::ProjectJointLimits(s, 0, glm::vec3(u(rng), u(rng), u(rng)));
    EXPECT_LE(SwingOf(s, projected), 0.4f + 2e-5f) << "trial " << t;
    for (int k = 0; k < 3; ++k) {
      EXPECT_GE(projected[k], s.min_angle(0)[k]);
      EXPECT_LE(projected[k], s.max_angle(0)[k]);
    }
    EXPECT_LE(glm::length(kin::ProjectJointLimits(s, 0, projected) - projected), 1e-5f) << "trial " << t;
  }
}

TEST(SwingTwist, DlsHoldsTheConeOnAChain_Seed8) {
  std::vector<kin::BoneDef> bones = kin_test::Chain(4, 3.0f);
  for (kin::BoneDef& b : bones) b.swing_max = 0.4f;
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
  kin::IkWorkspace ws;
  ws.Reserve(4, 1);
  std::mt19937 rng(8);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (int t = 0; t < 30; ++t) {
    kin::Goal goal;
    goal.bone = 3;
    goal.point_bs = s.tip_bs(3);
    goal.target_ms = glm::vec3(u(rng), 0.5f + 0.5f * u(rng), u(rng));
    std::vector<kin::Goal> goals = {goal};
    std::vector<glm::vec3> angles(4, glm::vec3(0));
    kin::IkJob job;
    job.skeleton = &s;
    job.goals = goals;
    job.angles = angles;
    job.workspace = &ws;
    const kin::SolveReport report = job.Run();
    EXPECT_NE(report.status, kin::SolveStatus::kInvalidInput);
    for (int j = 0; j < 4; ++j) {
      const float swing = kin::DecomposeSwingTwist(kin::EulerRotation(s.order(j), angles[j]), kY).swing_angle;
      EXPECT_LE(swing, 0.4f + 1e-4f) << "trial " << t << " bone " << j;
    }
  }
}

TEST(SwingTwist, ValidationNamesBadConeLimits) {
  std::vector<kin::BoneDef> bones(1);
  bones[0].name = "ball";
  bones[0].swing_max = 0.3f;  // a cone without a tip has no axis
  kin::Skeleton s;
  kin::Status status = kin::Skeleton::Build(bones, &s);
  EXPECT_NE(std::string(status.message).find("needs a tip"), std::string::npos) << status.message;
  bones[0].tip_bs = glm::vec3(0, 1, 0);
  bones[0].swing_max = -0.1f;
  status = kin::Skeleton::Build(bones, &s);
  EXPECT_NE(std::string(status.message).find("swing limit -0.1"), std::string::npos) << status.message;
  bones[0].swing_max = 0.3f;
  bones[0].twist_min = 0.5f;
  bones[0].twist_max = 0.1f;
  status = kin::Skeleton::Build(bones, &s);
  EXPECT_NE(std::string(status.message).find("twist limits [0.5, 0.1]"), std::string::npos) << status.message;
}

}  // namespace

namespace {

kin::Skeleton OneBone(const glm::vec3& min_angle, const glm::vec3& max_angle) {
  kin::BoneDef bone = kin::DefaultBoneDef();
  bone.name = "ball";
  bone.tip_bs = glm::vec3(0, 1, 0);
  bone.min_angle = min_angle;
  bone.max_angle = max_angle;
  kin::Skeleton skeleton;
  EXPECT_TRUE(kin::Skeleton::Build(kin::Span<const kin::BoneDef>(&bone, 1), &skeleton).ok());
  return skeleton;
}

glm::quat AboutX(float angle) { return glm::angleAxis(angle, glm::vec3(1, 0, 0)); }

}  // namespace

// A hinge about x with slot 0 in ±180°: −170° about x, hinted from +175°.
// The Euler solution nearest the hint is (+190°, 0, 0), outside the range,
// where projecting would clamp it to 180° (a 10° error); shifted by −2π it
// is −170°, inside and exact. (The other solution, (10°, 180°, 180°), breaks
// the locked slots.)
TEST(EulerWithinLimits, ShiftsASlotIntoItsRangeInsteadOfClamping) {
  const float pi = 3.14159265f;
  const kin::Skeleton skeleton = OneBone(glm::vec3(-pi, 0, 0), glm::vec3(pi, 0, 0));
  const float minus170 = -170.0f * pi / 180.0f;
  const glm::vec3 angles = kin::EulerWithinLimits(skeleton, 0, AboutX(minus170), glm::vec3(175.0f * pi / 180.0f, 0, 0));
  EXPECT_NEAR(angles.x, minus170, 1e-5f);
  EXPECT_NEAR(angles.y, 0.0f, 1e-5f);
  EXPECT_NEAR(angles.z, 0.0f, 1e-5f);
}

// 0.8 rad about x (XYZ) has two Euler solutions: (0.8, 0, 0) and
// (0.8 − π, π, π) after shifting into ±π. Both lie inside full limits; the
// one nearer the hint (0.4, 0, 0) is the first.
TEST(EulerWithinLimits, BothInsideTakesTheOneNearerTheHint) {
  const float pi = 3.14159265f;
  const kin::Skeleton skeleton = OneBone(glm::vec3(-pi), glm::vec3(pi));
  const glm::vec3 angles = kin::EulerWithinLimits(skeleton, 0, AboutX(0.8f), glm::vec3(0.4f, 0, 0));
  EXPECT_NEAR(angles.x, 0.8f, 1e-5f);
  EXPECT_NEAR(angles.y, 0.0f, 1e-5f);
  EXPECT_NEAR(angles.z, 0.0f, 1e-5f);
}

// A hinge that only bends backwards, slot 0 in [−2.5, 0]: 0.8 rad about x
// has no solution inside (the other, (0.8 − π, π, π), breaks the locked
// slots more), so the nearer one, (0.8, 0, 0), comes back for the limits to
// clamp; it is not turned into a far-off equivalent.
TEST(EulerWithinLimits, NeitherInsideTakesTheOneTheLimitsMoveLess) {
  const kin::Skeleton skeleton = OneBone(glm::vec3(-2.5f, 0, 0), glm::vec3(0, 0, 0));
  const glm::vec3 angles = kin::EulerWithinLimits(skeleton, 0, AboutX(0.8f), glm::vec3(0));
  EXPECT_NEAR(angles.x, 0.8f, 1e-5f);
  EXPECT_NEAR(angles.y, 0.0f, 1e-5f);
  EXPECT_NEAR(angles.z, 0.0f, 1e-5f);
}
