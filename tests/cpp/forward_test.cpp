#include "kin/forward.h"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kin/presets.h"
#include "test_rigs.h"

namespace {

const float kHalfPi = 1.57079632679f;

void ExpectMatNear(const glm::mat4& a, const glm::mat4& b, float tol) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(a[c][r], b[c][r], tol) << "column " << c << " row " << r;
}

void ExpectVecNear(const glm::vec3& a, const glm::vec3& b, float tol) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

std::vector<glm::mat4> Forward(const kin::Skeleton& s, const std::vector<glm::vec3>& angles, glm::vec3 offset) {
  std::vector<glm::mat4> model(s.bone_count());
  kin::ForwardJob job;
  job.skeleton = &s;
  job.angles = angles;
  job.root_offset_ms = offset;
  job.model_ms = model;
  EXPECT_TRUE(job.Run().ok());
  return model;
}

// A root transform applied to a whole rig: identity, translated, rotated,
// uniformly scaled and non-uniformly scaled roots.
struct RootCase {
  const char* name;
  glm::vec3 t;
  glm::quat q;
  glm::vec3 s;
};

class ForwardAgainstReference : public testing::TestWithParam<RootCase> {};

// Random rigs and poses against the double-precision reference.
TEST_P(ForwardAgainstReference, MatchesWithinFloatPrecision_Seed7) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<kin::BoneDef> bones = kin_test::RandomRig(rng, 12, trial % 2 == 1);
    bones[0].rest_t = GetParam().t;
    bones[0].rest_q = GetParam().q;
    bones[0].rest_s = GetParam().s;
    kin::Skeleton s;
    ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
    const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, 12, 2.0f);
    const glm::vec3 offset(0.3f, -0.2f, 0.5f);
    const std::vector<glm::mat4> model = Forward(s, angles, offset);
    std::vector<glm::dvec3> dangles(angles.begin(), angles.end());
    const std::vector<glm::dmat4> expected = kin_test::ReferenceForward(bones, dangles, glm::dvec3(offset));
    for (int i = 0; i < s.bone_count(); ++i) ExpectMatNear(model[i], glm::mat4(expected[i]), 2e-5f);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Roots, ForwardAgainstReference,
    testing::Values(RootCase{"identity", glm::vec3(0), glm::quat(1, 0, 0, 0), glm::vec3(1)},
                    RootCase{"translated", glm::vec3(3, -2, 1), glm::quat(1, 0, 0, 0), glm::vec3(1)},
                    RootCase{"rotated", glm::vec3(0), glm::normalize(glm::quat(0.5f, 0.5f, -0.5f, 0.2f)), glm::vec3(1)},
                    RootCase{"scaled", glm::vec3(0), glm::quat(1, 0, 0, 0), glm::vec3(2.5f)},
                    RootCase{"nonuniform", glm::vec3(1, 1, 1), glm::normalize(glm::quat(0.9f, 0.1f, 0.3f, 0)), glm::vec3(0.5f, 2.0f, 1.5f)}),
    [](const testing::TestParamInfo<RootCase>& info) { return std::string(info.param.name); });

// Worked by hand (axes-from-bone). Root: base (1,2,3), extent (0,1,0): y_b = +Y,
// x_b = +X, z_b = +Z, so F = I. Child: extent (1,0,0): y_b = +X; +X is parallel
// to y_b so x_b comes from +Z: x_b = +Z, z_b = x_b × y_b = Z × X = +Y.
// Pose: root (0, 0, 90°) turns about z_b = +Z: P_root = T(base + offset)·Rz(90°).
// Root tip = base + offset + Rz(90°)(0,1,0) = (1.5,2,3) + (−1,0,0) = (0.5,2,3).
// Child (90°, 0, 0) turns about x_b = +Z: local = T(0,1,0)·Rz(90°), so
// P_child = T(0.5,2,3)·Rz(180°) = [−1 0 0 0.5; 0 −1 0 2; 0 0 1 3] and its tip is
// (0.5,2,3) + Rz(180°)(1,0,0) = (−0.5,2,3).
TEST(ForwardByHand, AxesFromBoneTwoBones) {
  std::vector<kin::AxesFromBoneDef> defs(2);
  defs[0].name = "upper";
  defs[0].extent = glm::vec3(0, 1, 0);
  defs[0].base = glm::vec3(1, 2, 3);
  defs[1].name = "lower";
  defs[1].parent = 0;
  defs[1].extent = glm::vec3(1, 0, 0);
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(kin::AxesFromBoneSkeleton(defs), &s).ok());
  const std::vector<glm::mat4> model =
      Forward(s, {glm::vec3(0, 0, kHalfPi), glm::vec3(kHalfPi, 0, 0)}, glm::vec3(0.5f, 0, 0));
  glm::mat4 expected_child(1.0f);
  expected_child[0] = glm::vec4(-1, 0, 0, 0);
  expected_child[1] = glm::vec4(0, -1, 0, 0);
  expected_child[3] = glm::vec4(0.5f, 2, 3, 1);
  ExpectMatNear(model[1], expected_child, 1e-6f);
  std::vector<glm::vec3> tips(2);
  kin::BoneTips(s, model, tips);
  ExpectVecNear(tips[0], glm::vec3(0.5f, 2, 3), 1e-6f);
  ExpectVecNear(tips[1], glm::vec3(-0.5f, 2, 3), 1e-6f);
}

// Worked by hand (canonical bone, XZX). Root: rest rotation Rz(90°), length 2.
// Child: rest_t (2,0,0), length 1. Root pose (0, 90°, 0) bends about z:
// P_root = Rz(180°), root tip = Rz(180°)(2,0,0) = (−2,0,0) = child origin.
// Child pose (90°, 90°, 0): E = Rz(90°)·Rx(90°); P_child = Rz(270°)·Rx(90°), whose
// columns are R·X = −Y, R·Y = Rz(270°)(Z) = +Z, R·Z = Rz(270°)(−Y) = −X. The tip
// is (−2,0,0) + R·(1,0,0) = (−2,−1,0).
TEST(ForwardByHand, CanonicalBoneTwoBones) {
  std::vector<kin::CanonicalBoneDef> defs(2);
  defs[0].name = "upper";
  defs[0].rest_q = glm::angleAxis(kHalfPi, glm::vec3(0, 0, 1));
  defs[0].length = 2.0f;
  defs[1].name = "lower";
  defs[1].parent = 0;
  defs[1].rest_t = glm::vec3(2, 0, 0);
  defs[1].length = 1.0f;
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(kin::CanonicalBoneSkeleton(defs), &s).ok());
  const std::vector<glm::mat4> model = Forward(s, {glm::vec3(0, kHalfPi, 0), glm::vec3(kHalfPi, kHalfPi, 0)}, glm::vec3(0));
  glm::mat4 expected(1.0f);
  expected[0] = glm::vec4(0, -1, 0, 0);
  expected[1] = glm::vec4(0, 0, 1, 0);
  expected[2] = glm::vec4(-1, 0, 0, 0);
  expected[3] = glm::vec4(-2, 0, 0, 1);
  ExpectMatNear(model[1], expected, 1e-6f);
  std::vector<glm::vec3> tips(2);
  kin::BoneTips(s, model, tips);
  ExpectVecNear(tips[0], glm::vec3(-2, 0, 0), 1e-6f);
  ExpectVecNear(tips[1], glm::vec3(-2, -1, 0), 1e-6f);
}

TEST(Forward, BindPoseIgnoresRootOffsetAndAngles) {
  std::vector<kin::AxesFromBoneDef> defs(2);
  defs[0].name = "a";
  defs[0].base = glm::vec3(1, 2, 3);
  defs[0].extent = glm::vec3(0, 2, 0);
  defs[1].name = "b";
  defs[1].parent = 0;
  defs[1].extent = glm::vec3(0, 0, 1);
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(kin::AxesFromBoneSkeleton(defs), &s).ok());
  glm::mat4 expected(1.0f);
  expected[3] = glm::vec4(1, 4, 3, 1);  // base + parent extent, no offset, no rotation
  ExpectMatNear(s.bind_ms(1), expected, 1e-6f);
  // The current pose with an offset moves by the offset; the bind pose does not.
  const std::vector<glm::mat4> posed = Forward(s, {glm::vec3(0), glm::vec3(0)}, glm::vec3(5, 0, 0));
  EXPECT_NEAR(posed[1][3][0], 6.0f, 1e-6f);
  EXPECT_NEAR(s.bind_ms(1)[3][0], 1.0f, 1e-6f);
}

TEST(Forward, PaletteIsIdentityAtBindAndUsesSuppliedInverseBind) {
  std::mt19937 rng(3);
  std::vector<kin::BoneDef> bones = kin_test::RandomRig(rng, 8, true);
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
  std::vector<glm::vec3> zero(8, glm::vec3(0));
  const std::vector<glm::mat4> model = Forward(s, zero, glm::vec3(0));
  std::vector<glm::mat4> palette(8);
  kin::SkinningPalette(s, model, palette);
  for (const glm::mat4& m : palette) ExpectMatNear(m, glm::mat4(1.0f), 1e-5f);

  bones[2].has_inverse_bind = true;
  bones[2].inverse_bind = glm::mat4(2.0f);
  ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
  kin::SkinningPalette(s, Forward(s, zero, glm::vec3(0)), palette);
  ExpectMatNear(palette[2], model[2] * glm::mat4(2.0f), 1e-5f);
}

TEST(Forward, RejectsBadInputNamingIt) {
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Humanoid(), &s).ok());
  std::vector<glm::vec3> angles(19, glm::vec3(0));
  std::vector<glm::mat4> model(19, glm::mat4(7.0f));
  kin::ForwardJob job;
  job.skeleton = &s;
  job.angles = angles;
  job.model_ms = model;
  angles[12].y = std::numeric_limits<float>::infinity();
  kin::Status status = job.Run();
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("bone 12 'hand_r'"), std::string::npos) << status.message;
  EXPECT_EQ(model[0], glm::mat4(7.0f));  // nothing written
  angles[12].y = 0;
  job.model_ms = kin::Span<glm::mat4>(model.data(), 18);
  EXPECT_FALSE(job.Run().ok());
  job.model_ms = model;
  job.root_offset_ms.x = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(job.Run().ok());
}

}  // namespace
