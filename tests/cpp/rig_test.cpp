#include "rig.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kin/dqs.h"
#include "kin/forward.h"
#include "test_rigs.h"

namespace {

TEST(Rig, FailedLoadKeepsThePreviousRig) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  std::vector<kin::BoneDef> broken = kin_test::Chain(3, 1.0f);
  broken[2].parent = 5;
  const kin::Status status = rig.Load(broken);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("bone 2 'link2'"), std::string::npos) << status.message;
  EXPECT_EQ(rig.bone_count(), 19);
}

TEST(Rig, PoseIsClampedToLimitsAndRejectsNaN) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  const int knee = rig.skeleton().FindBone("shin_l");
  ASSERT_TRUE(rig.SetAngles(knee, glm::vec3(5.0f, 1.0f, -1.0f)).ok());
  EXPECT_EQ(rig.angles(knee), glm::vec3(2.4f, 0.0f, 0.0f));
  const kin::Status nan = rig.SetAngles(knee, glm::vec3(std::nanf(""), 0, 0));
  EXPECT_FALSE(nan.ok());
  EXPECT_EQ(rig.angles(knee), glm::vec3(2.4f, 0.0f, 0.0f));
  EXPECT_FALSE(rig.SetAngles(99, glm::vec3(0)).ok());
  std::vector<float> short_pose(10, 0.0f);
  const kin::Status size = rig.SetPose(short_pose, glm::vec3(0));
  EXPECT_NE(std::string(size.message).find("expected 57"), std::string::npos) << size.message;
}

TEST(Rig, BuffersFollowThePoseAndTheSolve) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  const int hand = rig.skeleton().FindBone("hand_r");
  kin::Goal goal;
  goal.bone = hand;
  goal.point_bs = rig.skeleton().tip_bs(hand);
  goal.target_ms = glm::vec3(-0.5f, 1.2f, 0.3f);
  ASSERT_TRUE(rig.SetGoals(std::vector<kin::Goal>{goal}).ok());
  const kin::SolveReport report = rig.Solve();
  EXPECT_EQ(report.status, kin::SolveStatus::kConverged);
  const float* tips = rig.tips_data();
  EXPECT_NEAR(tips[3 * hand + 0], -0.5f, 1e-4f);
  EXPECT_NEAR(tips[3 * hand + 1], 1.2f, 1e-4f);
  EXPECT_NEAR(tips[3 * hand + 2], 0.3f, 1e-4f);
  // The palette is P · B⁻¹ of the solved pose.
  const glm::mat4 expected = rig.model_ms()[hand] * rig.skeleton().inverse_bind(hand);
  EXPECT_EQ(rig.palette()[hand], expected);
  EXPECT_FALSE(rig.SetGoalTarget(3, glm::vec3(0)).ok());
  EXPECT_FALSE(rig.SetGoalTarget(0, glm::vec3(INFINITY, 0, 0)).ok());
}

TEST(Rig, RejectsBadSolverSettingsAndKeepsTheOldOnes) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Chain(4, 1.0f)).ok());
  kin::IkOptions options;
  options.tolerance = -1.0f;
  const kin::Status status = rig.SetSolver(kin::SolverKind::kCcd, options);
  EXPECT_NE(std::string(status.message).find("tolerance -1"), std::string::npos) << status.message;
  EXPECT_EQ(rig.solver(), kin::SolverKind::kDls);
  EXPECT_FALSE(rig.SetSolver(static_cast<kin::SolverKind>(42), kin::DefaultIkOptions()).ok());
  options = kin::DefaultIkOptions();
  options.max_iterations = kin::kMaxSolveIterations + 1;
  EXPECT_FALSE(rig.SetSolver(kin::SolverKind::kDls, options).ok());
}

TEST(Rig, SolveWithoutALoadOrGoalsIsInvalidInput) {
  kin::Rig rig;
  EXPECT_EQ(rig.Solve().status, kin::SolveStatus::kInvalidInput);
  ASSERT_TRUE(rig.Load(kin_test::Chain(4, 1.0f)).ok());
  const kin::SolveReport report = rig.Solve();
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find("no goals"), std::string::npos);
}

// A random rig (non-uniform rest scales, so the palette holds scale and shear)
// and a skin whose vertices each follow one bone with weight 1.
struct OneInfluenceSkin {
  std::vector<float> positions, normals, weights;
  std::vector<std::uint16_t> joints;
};

OneInfluenceSkin MakeOneInfluenceSkin(std::mt19937& rng, int bones, int vertices) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  OneInfluenceSkin skin;
  for (int v = 0; v < vertices; ++v) {
    const glm::vec3 p(u(rng), u(rng), u(rng));
    const glm::vec3 n = glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.0f, 0.0f, 2.0f));
    skin.positions.insert(skin.positions.end(), {p.x, p.y, p.z});
    skin.normals.insert(skin.normals.end(), {n.x, n.y, n.z});
    // The unused slots point at other bones with weight 0: they must not count.
    const auto bone = static_cast<std::uint16_t>(v % bones);
    skin.joints.insert(skin.joints.end(), {bone, static_cast<std::uint16_t>((v + 1) % bones), 0, 0});
    skin.weights.insert(skin.weights.end(), {1.0f, 0.0f, 0.0f, 0.0f});
  }
  return skin;
}

TEST(Rig, DqsEqualsLbsWhenEachVertexHasOneInfluence) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 5; ++trial) {
    kin::Rig rig;
    ASSERT_TRUE(rig.Load(kin_test::RandomRig(rng, 6, true)).ok());
    const OneInfluenceSkin skin = MakeOneInfluenceSkin(rng, rig.bone_count(), 60);
    ASSERT_TRUE(rig.SetSkin(skin.positions, skin.normals, skin.joints, skin.weights).ok());
    const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, rig.bone_count(), 1.9f);
    std::vector<float> flat;
    for (const glm::vec3& a : angles) flat.insert(flat.end(), {a.x, a.y, a.z});
    ASSERT_TRUE(rig.SetPose(flat, glm::vec3(0.3f, -0.2f, 0.1f)).ok());

    ASSERT_TRUE(rig.Skin(kin::SkinningMethod::kLinear).ok());
    const int n = 3 * rig.vertex_count();
    const std::vector<float> lbs_p(rig.skinned_positions_data(), rig.skinned_positions_data() + n);
    const std::vector<float> lbs_n(rig.skinned_normals_data(), rig.skinned_normals_data() + n);
    ASSERT_TRUE(rig.Skin(kin::SkinningMethod::kDualQuaternion).ok());
    float moved = 0.0f;
    for (int i = 0; i < n; ++i) {
      EXPECT_NEAR(rig.skinned_positions_data()[i], lbs_p[i], 1e-4f) << "trial " << trial << " float " << i;
      EXPECT_NEAR(rig.skinned_normals_data()[i], lbs_n[i], 1e-4f) << "trial " << trial << " float " << i;
      moved = std::fmax(moved, std::fabs(lbs_p[i] - skin.positions[i]));
    }
    EXPECT_GT(moved, 0.1f) << "the pose must move the skin";
  }
}

TEST(Rig, SkinRejectsAnUnknownMethod) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  const kin::Status status = rig.Skin(static_cast<kin::SkinningMethod>(7));
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("method 7"), std::string::npos) << status.message;
}

TEST(Rig, PackedDqsPaletteFollowsPackDqsPalettesLayout) {
  std::mt19937 rng(23);
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::RandomRig(rng, 7, true)).ok());
  const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, rig.bone_count(), 1.9f);
  std::vector<float> flat;
  for (const glm::vec3& a : angles) flat.insert(flat.end(), {a.x, a.y, a.z});
  ASSERT_TRUE(rig.SetPose(flat, glm::vec3(0.5f, 0.0f, -1.0f)).ok());
  ASSERT_TRUE(rig.PackDqsPalette().ok());

  const int n = rig.bone_count();
  ASSERT_EQ(rig.dqs_palette_size(), 20 * n);
  for (int j = 0; j < n; ++j) {
    // The layout, read back into the matrix it encodes: M = [R·S | t].
    const float* b = rig.dqs_palette_data() + kin::kDqsFloatsPerBone * j;
    const kin::DualQuat rigid{glm::quat(b[3], b[0], b[1], b[2]), glm::quat(b[7], b[4], b[5], b[6])};
    EXPECT_NEAR(glm::length(rigid.real), 1.0f, 1e-5f) << "bone " << j;
    glm::mat3 s;
    for (int c = 0; c < 3; ++c) {
      s[c] = glm::vec3(b[8 + 4 * c], b[8 + 4 * c + 1], b[8 + 4 * c + 2]);
      EXPECT_EQ(b[8 + 4 * c + 3], 0.0f) << "bone " << j << " column " << c;
    }
    const glm::mat3 a = glm::mat3_cast(rigid.real) * s;
    const glm::mat4& m = rig.palette()[j];
    for (int c = 0; c < 3; ++c)
      for (int row = 0; row < 3; ++row) EXPECT_NEAR(a[c][row], m[c][row], 1e-4f) << "bone " << j;
    const glm::vec3 t = rigid.Translation();
    for (int row = 0; row < 3; ++row) EXPECT_NEAR(t[row], m[3][row], 1e-4f) << "bone " << j;
  }
}

}  // namespace
