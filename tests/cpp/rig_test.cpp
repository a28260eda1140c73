#include "kin/rig.h"
#include "kin/rig_skin.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kin/dqs.h"
#include "kin/forward.h"
#include "ik_fixtures.h"
#include "test_rigs.h"

namespace {

TEST(Rig, FailedLoadKeepsThePreviousRig) {
  kin::Rig rig;
  kin::RigSkin rig_skin;
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
  kin::RigSkin rig_skin;
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
  kin::RigSkin rig_skin;
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

// The rig takes the solved pose's model matrices from the solver instead of
// a second forward pass: for every solver they must be exactly FK's.
TEST(Rig, SolvedBuffersAreThoseOfTheSolvedPose) {
  for (int k = 0; k < static_cast<int>(kin::SolverKind::kCount); ++k) {
    const auto kind = static_cast<kin::SolverKind>(k);
    kin::Rig rig;
    kin::RigSkin rig_skin;
    ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
    std::vector<kin::Goal> goals(2);
    const char* bones[] = {"forearm_r", "shin_l"};
    for (int g = 0; g < 2; ++g) {
      goals[g].bone = rig.skeleton().FindBone(bones[g]);
      goals[g].point_bs = rig.skeleton().tip_bs(goals[g].bone);
      goals[g].target_ms = glm::vec3(glm::vec3(rig.skeleton().bind_ms(goals[g].bone)[3]) + glm::vec3(0.1f, 0.05f, 0.2f));
    }
    ASSERT_TRUE(rig.SetGoals(goals).ok());
    kin::IkOptions options = kin::DefaultIkOptions();
    options.max_iterations = 7;  // stop mid-solve too, where a trial may have been rejected
    ASSERT_TRUE(rig.SetSolver(kind, options).ok());
    ASSERT_TRUE(rig.SetAngles(rig.skeleton().FindBone("upper_arm_r"), glm::vec3(0.2f, -0.3f, 0.1f)).ok());
    const kin::SolveReport report = rig.Solve();
    ASSERT_NE(report.status, kin::SolveStatus::kInvalidInput) << kin::SolverKindName(kind) << ": " << report.input.message;
    const std::vector<glm::vec3> pose(rig.pose().begin(), rig.pose().end());
    const std::vector<glm::mat4> expected = kin_test::Forward(rig.skeleton(), pose);
    for (int j = 0; j < rig.bone_count(); ++j) {
      EXPECT_EQ(rig.model_ms()[j], expected[j]) << kin::SolverKindName(kind) << " bone " << j;
      EXPECT_EQ(rig.palette()[j], expected[j] * rig.skeleton().inverse_bind(j)) << kin::SolverKindName(kind);
    }
  }
}

TEST(Rig, RejectsBadSolverSettingsAndKeepsTheOldOnes) {
  kin::Rig rig;
  kin::RigSkin rig_skin;
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
  kin::RigSkin rig_skin;
  EXPECT_EQ(rig.Solve().status, kin::SolveStatus::kInvalidInput);
  ASSERT_TRUE(rig.Load(kin_test::Chain(4, 1.0f)).ok());
  const kin::SolveReport report = rig.Solve();
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find("no goals"), std::string::npos);
}

// The rotation part of a bone-to-model matrix (uniform scale divided out).
glm::quat ModelRotation(const glm::mat4& model) {
  const glm::mat3 m(model);
  return glm::quat_cast(glm::mat3(glm::normalize(m[0]), glm::normalize(m[1]), glm::normalize(m[2])));
}

// Seed 7: random trees with rest rotations, joint frames and all twelve Euler
// orders, every bone posed inside its limits. Reading each bone's model
// rotation off the forward pass and asking for its angles gives the pose's
// angles back, and setting them reproduces that rotation.
TEST(Rig, AnglesForModelRotationInvertsTheForwardPassSeed7) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const std::vector<kin::BoneDef> bones = kin_test::RandomRig(rng, 6, false);
    const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, 6, 1.8f);  // limits are ±2
    std::vector<float> flat;
    for (const glm::vec3& a : angles) flat.insert(flat.end(), {a.x, a.y, a.z});
    kin::Rig rig;
    kin::RigSkin rig_skin;
    ASSERT_TRUE(rig.Load(bones).ok());
    ASSERT_TRUE(rig.SetPose(flat, glm::vec3(0.3f, -0.2f, 0.1f)).ok());
    for (int b = 0; b < 6; ++b) {
      const glm::quat rotation_ms = ModelRotation(rig.model_ms()[b]);
      glm::vec3 found;
      ASSERT_TRUE(rig.AnglesForModelRotation(b, rotation_ms, &found).ok());
      for (int k = 0; k < 3; ++k) EXPECT_NEAR(found[k], angles[b][k], 1e-3f) << "trial " << trial << " bone " << b << " slot " << k;
      EXPECT_EQ(rig.angles(b), angles[b]);  // asking changes nothing
      kin::Rig again;
      ASSERT_TRUE(again.Load(bones).ok());
      ASSERT_TRUE(again.SetPose(flat, glm::vec3(0.3f, -0.2f, 0.1f)).ok());
      ASSERT_TRUE(again.SetAngles(b, found).ok());
      EXPECT_GT(std::fabs(glm::dot(ModelRotation(again.model_ms()[b]), rotation_ms)), 1.0f - 1e-6f) << "trial " << trial << " bone " << b;
    }
  }
}

TEST(Rig, AnglesForModelRotationClampsAndRejectsBadInput) {
  kin::Rig rig;
  kin::RigSkin rig_skin;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  const int knee = rig.skeleton().FindBone("shin_l");
  ASSERT_TRUE(rig.SetAngles(knee, glm::vec3(0.3f, 0.0f, 0.0f)).ok());
  // The thigh's model rotation times a turn about the knee's hinge axis: the
  // knee's rest frame is the thigh's (no rest rotation, identity frame).
  const glm::quat thigh_ms = ModelRotation(rig.model_ms()[rig.skeleton().parent(knee)]);
  glm::vec3 found;
  ASSERT_TRUE(rig.AnglesForModelRotation(knee, thigh_ms * glm::angleAxis(1.1f, glm::vec3(1, 0, 0)), &found).ok());
  EXPECT_NEAR(found.x, 1.1f, 1e-5f);
  // Bent backwards past the hinge's range [0, 2.4]: the nearest limit.
  ASSERT_TRUE(rig.AnglesForModelRotation(knee, thigh_ms * glm::angleAxis(-0.5f, glm::vec3(1, 0, 0)), &found).ok());
  EXPECT_EQ(found, glm::vec3(0.0f));
  // Twisted about a locked axis: the locked slots stay at 0.
  ASSERT_TRUE(rig.AnglesForModelRotation(knee, thigh_ms * glm::angleAxis(0.4f, glm::vec3(0, 1, 0)), &found).ok());
  EXPECT_EQ(found.y, 0.0f);
  EXPECT_EQ(found.z, 0.0f);

  EXPECT_FALSE(rig.AnglesForModelRotation(99, glm::quat(1, 0, 0, 0), &found).ok());
  const kin::Status nan = rig.AnglesForModelRotation(knee, glm::quat(std::nanf(""), 0, 0, 0), &found);
  EXPECT_NE(std::string(nan.message).find("'shin_l'"), std::string::npos) << nan.message;
  EXPECT_FALSE(rig.AnglesForModelRotation(knee, glm::quat(0, 0, 0, 0), &found).ok());
  EXPECT_EQ(rig.angles(knee), glm::vec3(0.3f, 0.0f, 0.0f));
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
    kin::RigSkin rig_skin;
    ASSERT_TRUE(rig.Load(kin_test::RandomRig(rng, 6, true)).ok());
    const OneInfluenceSkin skin = MakeOneInfluenceSkin(rng, rig.bone_count(), 60);
    ASSERT_TRUE(rig_skin.SetSkin(rig, skin.positions, skin.normals, skin.joints, skin.weights).ok());
    const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, rig.bone_count(), 1.9f);
    std::vector<float> flat;
    for (const glm::vec3& a : angles) flat.insert(flat.end(), {a.x, a.y, a.z});
    ASSERT_TRUE(rig.SetPose(flat, glm::vec3(0.3f, -0.2f, 0.1f)).ok());

    ASSERT_TRUE(rig_skin.Skin(rig, kin::SkinningMethod::kLinear).ok());
    const int n = 3 * rig_skin.vertex_count();
    const std::vector<float> lbs_p(rig_skin.skinned_positions_data(), rig_skin.skinned_positions_data() + n);
    const std::vector<float> lbs_n(rig_skin.skinned_normals_data(), rig_skin.skinned_normals_data() + n);
    ASSERT_TRUE(rig_skin.Skin(rig, kin::SkinningMethod::kDualQuaternion).ok());
    float moved = 0.0f;
    for (int i = 0; i < n; ++i) {
      EXPECT_NEAR(rig_skin.skinned_positions_data()[i], lbs_p[i], 1e-4f) << "trial " << trial << " float " << i;
      EXPECT_NEAR(rig_skin.skinned_normals_data()[i], lbs_n[i], 1e-4f) << "trial " << trial << " float " << i;
      moved = std::fmax(moved, std::fabs(lbs_p[i] - skin.positions[i]));
    }
    EXPECT_GT(moved, 0.1f) << "the pose must move the skin";
  }
}

// Loads a random rig (non-uniform rest scales) of `bones` bones and poses it at
// random angles within its limits, the roots moved by `root_offset`.
void LoadRandomPosedRig(std::mt19937& rng, int bones, glm::vec3 root_offset, kin::Rig* rig) {
  ASSERT_TRUE(rig->Load(kin_test::RandomRig(rng, bones, true)).ok());
  const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, rig->bone_count(), 1.9f);
  std::vector<float> flat;
  for (const glm::vec3& a : angles) flat.insert(flat.end(), {a.x, a.y, a.z});
  ASSERT_TRUE(rig->SetPose(flat, root_offset).ok());
}

// Eight joints per vertex (glTF's JOINTS_0 and JOINTS_1): the rig tells the
// count from the number of joints, and each vertex moves by its weighted
// palette blend, computed here from the palette the rig reports.
TEST(Rig, SkinTakesEightInfluencesPerVertex) {
  std::mt19937 rng(31);
  kin::Rig rig;
  kin::RigSkin rig_skin;
  LoadRandomPosedRig(rng, 9, glm::vec3(0.1f, 0.2f, -0.3f), &rig);
  const std::vector<float> positions = {0.2f, -0.5f, 0.9f, 1.0f, 0.0f, -1.0f};
  std::vector<std::uint16_t> joints;
  std::vector<float> weights;
  for (int v = 0; v < 2; ++v)
    for (int k = 0; k < 8; ++k) {
      joints.push_back(static_cast<std::uint16_t>((k + v) % rig.bone_count()));
      weights.push_back(static_cast<float>(k + 1) / 36.0f);
    }
  ASSERT_TRUE(rig_skin.SetSkin(rig, positions, {}, joints, weights).ok());
  ASSERT_EQ(rig_skin.vertex_count(), 2);
  ASSERT_TRUE(rig_skin.Skin(rig, kin::SkinningMethod::kLinear).ok());
  const kin::Span<const glm::mat4> palette = rig.palette();
  for (int v = 0; v < 2; ++v) {
    glm::vec3 expected(0.0f);
    const glm::vec4 p(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2], 1.0f);
    for (int k = 0; k < 8; ++k) expected += weights[8 * v + k] * glm::vec3(palette[joints[8 * v + k]] * p);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(rig_skin.skinned_positions_data()[3 * v + c], expected[c], 1e-5f) << "vertex " << v;
  }
  const std::vector<std::uint16_t> five(10, 0);
  const kin::Status status = rig_skin.SetSkin(rig, positions, {}, five, std::vector<float>(10, 0.2f));
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("10 joint indices for 2 vertices (need 4 each)"), std::string::npos)
      << status.message;
}

// Capsules around the bind-pose segments, whatever the pose: a root from
// (0,0,0) to (1,0,0) and a child on to (2,0,0). The vertex (1.5,0,0) is 0.5
// from the root's end and on the child's axis: w = 0.5 and 1 (radii 1),
// normalised 1/3 and 2/3, child first; the other 6 of 8 slots joint 0, weight 0.
TEST(Rig, CapsuleWeightsReplaceTheSkinsWeightsFromTheBindPose) {
  kin::BoneDef root = kin::DefaultBoneDef();
  root.name = "root";
  root.tip_bs = glm::vec3(1, 0, 0);
  kin::BoneDef child = root;
  child.name = "child";
  child.parent = 0;
  child.rest_t = glm::vec3(1, 0, 0);
  kin::Rig rig;
  kin::RigSkin rig_skin;
  ASSERT_TRUE(rig.Load(std::vector<kin::BoneDef>{root, child}).ok());
  const std::vector<float> capsule_radii = {1.0f, 1.0f};
  EXPECT_NE(std::string(rig_skin.SetCapsuleWeights(rig, capsule_radii).message).find("no skin"), std::string::npos);
  ASSERT_TRUE(rig_skin.SetSkin(rig, std::vector<float>{1.5f, 0, 0}, {}, std::vector<std::uint16_t>(8, 0),
                          std::vector<float>{1, 0, 0, 0, 0, 0, 0, 0})
                  .ok());
  ASSERT_TRUE(rig.SetAngles(0, glm::vec3(0, 0, 1.0f)).ok());
  ASSERT_TRUE(rig_skin.SetCapsuleWeights(rig, capsule_radii).ok());
  ASSERT_EQ(rig_skin.influences(), 8);
  EXPECT_EQ(rig_skin.joints_data()[0], 1);
  EXPECT_EQ(rig_skin.joints_data()[1], 0);
  EXPECT_NEAR(rig_skin.weights_data()[0], 2.0f / 3.0f, 1e-6f);
  EXPECT_NEAR(rig_skin.weights_data()[1], 1.0f / 3.0f, 1e-6f);
  for (int k = 2; k < 8; ++k) EXPECT_EQ(rig_skin.weights_data()[k], 0.0f);
  // A bad radius changes nothing.
  const kin::Status status = rig_skin.SetCapsuleWeights(rig, std::vector<float>{1.0f, -1.0f});
  EXPECT_NE(std::string(status.message).find("radius -1 of bone 1"), std::string::npos) << status.message;
  EXPECT_NEAR(rig_skin.weights_data()[0], 2.0f / 3.0f, 1e-6f);
  EXPECT_NE(std::string(rig_skin.SetCapsuleWeights(rig, std::vector<float>{1.0f}).message).find("1 radii for 2 bones"),
            std::string::npos);
}

TEST(Rig, SkinRejectsAnUnknownMethod) {
  kin::Rig rig;
  kin::RigSkin rig_skin;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  const kin::Status status = rig_skin.Skin(rig, static_cast<kin::SkinningMethod>(7));
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("method 7"), std::string::npos) << status.message;
}

TEST(Rig, PackedDqsPaletteFollowsPackDqsPalettesLayout) {
  std::mt19937 rng(23);
  kin::Rig rig;
  kin::RigSkin rig_skin;
  LoadRandomPosedRig(rng, 7, glm::vec3(0.5f, 0.0f, -1.0f), &rig);
  ASSERT_TRUE(rig_skin.PackDqsPalette(rig).ok());

  const int n = rig.bone_count();
  ASSERT_EQ(rig_skin.dqs_palette_size(), 20 * n);
  for (int j = 0; j < n; ++j) {
    // The layout, read back into the matrix it encodes: M = [R·S | t].
    const float* b = rig_skin.dqs_palette_data() + kin::kDqsFloatsPerBone * j;
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
