// Proportions: Rig::SetRestScales against lengths derived by hand on a
// three-link chain (each link 1/3 long along +Y), the skin following its
// bones, bad scales refused with the rig unchanged, and IK on the scaled rig.
#include "kin/rig.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "test_rigs.h"

namespace {

constexpr float kLink = 1.0f / 3.0f;

glm::vec3 Tip(const kin::Rig& rig, int bone) {
  const float* tips = rig.tips_data();
  return glm::vec3(tips[3 * bone], tips[3 * bone + 1], tips[3 * bone + 2]);
}

glm::vec3 Origin(const kin::Rig& rig, int bone) { return glm::vec3(rig.model_ms()[bone][3]); }

// Sizes 2, 1 and 0.5 for the three links: each scale is the size over the parent's.
std::vector<float> ChainScales() { return {2, 2, 2, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f}; }

TEST(RestScales, BoneLengthsFollowTheSizes) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Chain(3, 3.0f)).ok());
  const std::vector<float> scales = ChainScales();
  ASSERT_TRUE(rig.SetRestScales(kin::Span<const float>(scales.data(), scales.size())).ok());
  // Link k's length is its size times 1/3: origins at 0, 2/3, 3/3, the last tip at 3.5/3.
  EXPECT_NEAR(Origin(rig, 1).y, 2 * kLink, 1e-6f);
  EXPECT_NEAR(Origin(rig, 2).y, 3 * kLink, 1e-6f);
  EXPECT_NEAR(Tip(rig, 2).y, 3.5f * kLink, 1e-6f);

  // Bent, the lengths stay: link 1 turned a quarter about Z puts the rest along −X.
  ASSERT_TRUE(rig.SetAngles(1, glm::vec3(0.0f, 0.0f, 1.5707963f)).ok());
  EXPECT_NEAR(glm::distance(Origin(rig, 1), Origin(rig, 2)), kLink, 1e-6f);
  EXPECT_NEAR(Tip(rig, 2).x, -1.5f * kLink, 1e-5f);
  EXPECT_NEAR(Tip(rig, 2).y, 2 * kLink, 1e-5f);
}

TEST(RestScales, TheSkinGrowsWithItsBone) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Chain(3, 3.0f)).ok());
  const std::vector<float> scales = ChainScales();
  ASSERT_TRUE(rig.SetRestScales(kin::Span<const float>(scales.data(), scales.size())).ok());
  // The bind pose is as built, so the palette maps a bind-space point on a link to its scaled place.
  const glm::vec4 mid_first = rig.palette()[0] * glm::vec4(0.1f, 0.5f * kLink, 0.0f, 1.0f);
  EXPECT_NEAR(mid_first.x, 0.2f, 1e-6f);
  EXPECT_NEAR(mid_first.y, kLink, 1e-6f);
  // Link 2 starts at 1 (bind: 2/3) and is half its size.
  const glm::vec4 on_last = rig.palette()[2] * glm::vec4(0.1f, 2 * kLink + 0.5f * kLink, 0.0f, 1.0f);
  EXPECT_NEAR(on_last.x, 0.05f, 1e-6f);
  EXPECT_NEAR(on_last.y, 3 * kLink + 0.25f * kLink, 1e-6f);
}

TEST(RestScales, ResetRestKeepsTheProportions) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Chain(3, 3.0f)).ok());
  const std::vector<float> scales = ChainScales();
  ASSERT_TRUE(rig.SetRestScales(kin::Span<const float>(scales.data(), scales.size())).ok());
  rig.ResetRest();
  EXPECT_NEAR(Tip(rig, 2).y, 3.5f * kLink, 1e-6f);
}

TEST(RestScales, BadScalesAreRefusedAndChangeNothing) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Chain(3, 3.0f)).ok());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<std::vector<float>> bad = {
      {1, 1, 1, nan, 1, 1, 1, 1, 1},   // NaN
      {1, 1, 1, 1, 1, 1, 0, 1, 1},     // zero
      {1, 1, 1, 1, -1, 1, 1, 1, 1},    // a mirror
      {1e5f, 1e5f, 1e5f, 1e5f, 1e5f, 1e5f, 1, 1, 1},  // a chain past kMaxChainScale
      {1, 1, 1, 1, 1, 1},              // two bones' worth
  };
  for (const std::vector<float>& scales : bad) {
    const kin::Status status = rig.SetRestScales(kin::Span<const float>(scales.data(), scales.size()));
    EXPECT_FALSE(status.ok());
    EXPECT_TRUE(std::string(status.message).find("bone") != std::string::npos ||
                std::string(status.message).find("per bone") != std::string::npos)
        << status.message;
    EXPECT_NEAR(Tip(rig, 2).y, 1.0f, 1e-6f) << status.message;
  }
}

TEST(RestScales, IkReachesOnTheScaledRig) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Chain(3, 3.0f)).ok());
  const std::vector<float> scales = ChainScales();
  ASSERT_TRUE(rig.SetRestScales(kin::Span<const float>(scales.data(), scales.size())).ok());
  // Beyond the unscaled chain's reach (1), within the scaled one's (3.5/3).
  kin::Goal goal;
  goal.bone = 2;
  goal.point_bs = glm::vec3(0.0f, kLink, 0.0f);
  goal.target_ms = glm::vec3(0.6f, 0.8f, 0.0f);
  ASSERT_TRUE(rig.SetGoals(kin::Span<const kin::Goal>(&goal, 1)).ok());
  const kin::SolveReport report = rig.Solve();
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged);
  EXPECT_NEAR(glm::distance(Tip(rig, 2), goal.target_ms), 0.0f, 1e-4f);
}

}  // namespace
