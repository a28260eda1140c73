// The Rig's Keep balance: the planted feet's support polygon, the centre of
// mass, and a solve that holds it over the feet; and its Keep above the floor.
#include <gtest/gtest.h>

#include <vector>

#include "kin/rig.h"
#include "kin/support_polygon.h"
#include "test_rigs.h"

namespace {

struct Standing {
  kin::Rig rig;
  std::vector<kin::Goal> goals;

  Standing() {
    const std::vector<kin::BoneDef> bones = kin_test::DefaultCharacter();
    EXPECT_TRUE(rig.Load(bones).ok());
    for (const char* foot : {"toes_l", "toes_r"}) goals.push_back(Pin(foot));
  }
  kin::Goal Pin(const char* name) const {
    kin::Goal g;
    g.bone = rig.skeleton().FindBone(name);
    g.point_bs = rig.skeleton().tip_bs(g.bone);
    g.target_ms = glm::vec3(rig.model_ms()[g.bone] * glm::vec4(g.point_bs, 1.0f));
    g.weight = 100.0f;
    return g;
  }
  float Outside() const {
    const glm::vec3 com = rig.CenterOfMass();
    const glm::vec2 xz(com.x, com.z);
    return glm::length(kin::NearestPointInPolygon(rig.support_polygon(), xz) - xz);
  }
};

TEST(RigBalance, PlantedFeetMakeTheSupportPolygon) {
  Standing s;
  EXPECT_TRUE(s.rig.support_polygon().empty());  // no goal holds a foot yet
  ASSERT_TRUE(s.rig.SetGoals(s.goals).ok());
  // Both feet, heel (below the ankle, z = 0) to toe tip (z = 0.2), 0.2 of that to either side.
  const kin::Span<const glm::vec2> polygon = s.rig.support_polygon();
  ASSERT_EQ(polygon.size, 4u);
  float min_x = 1, max_x = -1, min_z = 1, max_z = -1;
  for (const glm::vec2& v : polygon) {
    min_x = std::min(min_x, v.x), max_x = std::max(max_x, v.x);
    min_z = std::min(min_z, v.y), max_z = std::max(max_z, v.y);
  }
  EXPECT_NEAR(min_x, -0.14f, 1e-6f);
  EXPECT_NEAR(max_x, 0.14f, 1e-6f);
  EXPECT_NEAR(min_z, 0.0f, 1e-6f);
  EXPECT_NEAR(max_z, 0.2f, 1e-6f);
  EXPECT_EQ(s.Outside(), 0.0f);  // standing at rest is balanced
  // The buffer for the page: the centre, then the vertices.
  EXPECT_EQ(s.rig.balance_float_count(), 3 + 8);
  EXPECT_EQ(s.rig.balance_data()[1], s.rig.CenterOfMass().y);
  EXPECT_EQ(s.rig.balance_data()[3], polygon[0].x);
}

TEST(RigBalance, KeepBalanceHoldsTheCentreOverTheFeetWhileAHandReaches) {
  for (bool keep : {false, true}) {
    Standing s;
    kin::Goal hand = s.Pin("hand_l");
    hand.weight = 1.0f;
    hand.target_ms = glm::vec3(0.2f, 1.1f, 1.5f);
    s.goals.push_back(hand);
    ASSERT_TRUE(s.rig.SetGoals(s.goals).ok());
    ASSERT_TRUE(s.rig.SetMoveRoot(true).ok());
    ASSERT_TRUE(s.rig.SetKeepBalance(keep).ok());
    for (int frame = 0; frame < 5; ++frame) s.rig.Solve();
    if (keep) EXPECT_LT(s.Outside(), 0.01f);
    else EXPECT_GT(s.Outside(), 0.05f);
  }
}

TEST(RigBalance, OnlyTheJacobianSolversKeepBalance) {
  Standing s;
  ASSERT_TRUE(s.rig.SetSolver(kin::SolverKind::kCcd, kin::DefaultIkOptions()).ok());
  EXPECT_FALSE(s.rig.SetKeepBalance(true).ok());
  ASSERT_TRUE(s.rig.SetSolver(kin::SolverKind::kDls, kin::DefaultIkOptions()).ok());
  ASSERT_TRUE(s.rig.SetKeepBalance(true).ok());
  const kin::Status ccd = s.rig.SetSolver(kin::SolverKind::kCcd, kin::DefaultIkOptions());
  EXPECT_FALSE(ccd.ok());
  EXPECT_TRUE(s.rig.keep_balance());
}

TEST(RigBalance, OnlyTheJacobianSolversKeepAboveTheFloor) {
  Standing s;
  ASSERT_TRUE(s.rig.SetSolver(kin::SolverKind::kCcd, kin::DefaultIkOptions()).ok());
  const kin::Status refused = s.rig.SetKeepAboveFloor(true);
  EXPECT_FALSE(refused.ok());
  EXPECT_STREQ(refused.message, "ccd cannot keep above the floor; only dls, gauss-newton, jacobian-transpose, gradient-descent, projected-gradient can");
  ASSERT_TRUE(s.rig.SetSolver(kin::SolverKind::kDls, kin::DefaultIkOptions()).ok());
  ASSERT_TRUE(s.rig.SetKeepAboveFloor(true).ok());
  EXPECT_FALSE(s.rig.SetSolver(kin::SolverKind::kFabrik, kin::DefaultIkOptions()).ok());
  EXPECT_TRUE(s.rig.keep_above_floor());
  // The rig's solve keeps the floor: the body sunk 0.3 m comes up out of it.
  ASSERT_TRUE(s.rig.SetGoals(s.goals).ok());
  ASSERT_TRUE(s.rig.SetRootOffset(glm::vec3(0.0f, -0.3f, 0.0f)).ok());
  s.rig.Solve();
  for (int j = 0; j < s.rig.bone_count(); ++j) EXPECT_GE(s.rig.tips_data()[3 * j + 1], -1e-3f) << s.rig.skeleton().name(j);
}

}  // namespace
