#include "kin/presets.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kin/forward.h"

namespace {

const float kHalfPi = 1.57079632679f;

glm::vec3 Column(const glm::quat& q, int c) { return glm::mat3_cast(q)[c]; }

// The bone tips (and, into *model, the bone-to-model matrices) of `angles` by FK.
std::vector<glm::vec3> PosedTips(const kin::Skeleton& skeleton, const std::vector<glm::vec3>& angles, std::vector<glm::mat4>* model) {
  model->assign(angles.size(), glm::mat4(1.0f));
  std::vector<glm::vec3> tips(angles.size());
  kin::ForwardJob job;
  job.skeleton = &skeleton;
  job.angles = angles;
  job.model_ms = *model;
  EXPECT_TRUE(job.Run().ok());
  kin::BoneTips(skeleton, *model, tips);
  return tips;
}

void ExpectVecNear(const glm::vec3& a, const glm::vec3& b, float tol = 1e-6f) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

// Each case breaks one field of a valid two-bone rig; the message names it.
TEST(AxesFromBone, ValidationNamesTheBadField) {
  struct Case {
    void (*breakIt)(kin::AxesFromBoneDef*);
    const char* expected;
  };
  const Case cases[] = {
      {[](kin::AxesFromBoneDef* b) { b->parent = 1; }, "bone 1 'b': parent 1 must be -1 or a bone before it"},
      {[](kin::AxesFromBoneDef* b) { b->parent = -2; }, "bone 1 'b': parent -2"},
      {[](kin::AxesFromBoneDef* b) { b->extent.y = std::nanf(""); }, "bone 1 'b': extent is not finite"},
      {[](kin::AxesFromBoneDef* b) { b->roll = std::nanf(""); }, "bone 1 'b': roll is not finite"},
      {[](kin::AxesFromBoneDef* b) { b->base.z = std::nanf(""); }, "bone 1 'b': base is not finite"},
  };
  std::vector<kin::AxesFromBoneDef> defs(2);
  defs[0].name = "a";
  defs[1].name = "b";
  defs[1].parent = 0;
  EXPECT_TRUE(kin::ValidateAxesFromBoneDefs(defs).ok());
  for (const Case& c : cases) {
    std::vector<kin::AxesFromBoneDef> broken = defs;
    c.breakIt(&broken[1]);
    const kin::Status status = kin::ValidateAxesFromBoneDefs(broken);
    EXPECT_FALSE(status.ok()) << c.expected;
    EXPECT_NE(std::string(status.message).find(c.expected), std::string::npos) << status.message;
  }
}

TEST(CanonicalBone, ValidationNamesTheBadField) {
  std::vector<kin::CanonicalBoneDef> defs(2);
  defs[0].name = "a";
  defs[1].name = "b";
  defs[1].parent = 0;
  EXPECT_TRUE(kin::ValidateCanonicalBoneDefs(defs).ok());
  defs[1].length = 0.0f;
  EXPECT_TRUE(kin::ValidateCanonicalBoneDefs(defs).ok()) << "a zero-length bone only places its children";
  for (float length : {-1.0f, -1e-30f, std::nanf(""), INFINITY}) {
    defs[1].length = length;
    const kin::Status status = kin::ValidateCanonicalBoneDefs(defs);
    EXPECT_NE(std::string(status.message).find("bone 1 'b': length"), std::string::npos) << length;
  }
  defs[1].length = 1.0f;
  defs[1].parent = 3;
  EXPECT_NE(std::string(kin::ValidateCanonicalBoneDefs(defs).message).find("bone 1 'b': parent 3"), std::string::npos);
}

TEST(AxesFromBone, FrameFollowsTheExtent) {
  const glm::quat f = kin::AxesFromBoneFrame(glm::vec3(0, 0, 3), 0.0f);
  ExpectVecNear(Column(f, 1), glm::vec3(0, 0, 1));   // y_b along the bone
  ExpectVecNear(Column(f, 0), glm::vec3(1, 0, 0));   // +X is already perpendicular
  ExpectVecNear(Column(f, 2), glm::vec3(0, -1, 0));  // z_b = x_b × y_b = X × Z
}

TEST(AxesFromBone, ZeroExtentUsesPlusYAndParallelUsesPlusZ) {
  const glm::quat zero = kin::AxesFromBoneFrame(glm::vec3(0), 0.0f);
  ExpectVecNear(Column(zero, 1), glm::vec3(0, 1, 0));
  ExpectVecNear(Column(zero, 0), glm::vec3(1, 0, 0));
  const glm::quat parallel = kin::AxesFromBoneFrame(glm::vec3(-2, 0, 0), 0.0f);
  ExpectVecNear(Column(parallel, 1), glm::vec3(-1, 0, 0));
  ExpectVecNear(Column(parallel, 0), glm::vec3(0, 0, 1));
  ExpectVecNear(Column(parallel, 2), glm::vec3(0, -1, 0));  // z_b = Z × (−X) = −Y
}

TEST(AxesFromBone, RollTurnsXAboutTheBone) {
  // Extent +Z, roll 90° about y_b = +Z takes x_b from +X to +Y; z_b = Y × Z = +X.
  const glm::quat f = kin::AxesFromBoneFrame(glm::vec3(0, 0, 2), kHalfPi);
  ExpectVecNear(Column(f, 0), glm::vec3(0, 1, 0));
  ExpectVecNear(Column(f, 2), glm::vec3(1, 0, 0));
  // So slot 0 (about x_b = +Y) by 90° swings the tip (0,0,2) to (2,0,0).
  std::vector<kin::AxesFromBoneDef> defs(1);
  defs[0].name = "rolled";
  defs[0].extent = glm::vec3(0, 0, 2);
  defs[0].roll = kHalfPi;
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(kin::AxesFromBoneSkeleton(defs), &s).ok());
  std::vector<glm::mat4> model;
  const std::vector<glm::vec3> tips = PosedTips(s, {glm::vec3(kHalfPi, 0, 0)}, &model);
  ExpectVecNear(tips[0], glm::vec3(2, 0, 0));
}

TEST(AxesFromBone, FramesAreRightHandedOrthonormal) {
  const glm::vec3 extents[] = {{1, 2, 3}, {-0.2f, 0.1f, -5}, {0, -1, 0}, {1e-3f, 1, 0}};
  for (const glm::vec3& e : extents) {
    for (float roll : {0.0f, 0.7f, -2.0f}) {
      const glm::mat3 m = glm::mat3_cast(kin::AxesFromBoneFrame(e, roll));
      EXPECT_NEAR(glm::determinant(m), 1.0f, 1e-5f);
      ExpectVecNear(m[1], glm::normalize(e), 1e-5f);
      ExpectVecNear(glm::cross(m[0], m[1]), m[2], 1e-5f);
    }
  }
}

TEST(CanonicalBone, UsesTwistBendTwistAndATipAlongX) {
  std::vector<kin::CanonicalBoneDef> defs(1);
  defs[0].name = "bone";
  defs[0].length = 0.5f;
  const std::vector<kin::BoneDef> bones = kin::CanonicalBoneSkeleton(defs);
  EXPECT_EQ(bones[0].order, kin::EulerOrder::kXZX);
  ExpectVecNear(bones[0].tip_bs, glm::vec3(0.5f, 0, 0));
}

// A zero-length root only places the chain: the child's origin is the root's
// rest translation plus its own, turned by the root's bend (hand-derived).
TEST(CanonicalBone, AZeroLengthRootPlacesItsChain) {
  std::vector<kin::CanonicalBoneDef> defs(2);
  defs[0].name = "root";
  defs[0].length = 0.0f;
  defs[0].rest_t = glm::vec3(0, 1, 0);
  defs[1].name = "limb";
  defs[1].parent = 0;
  defs[1].rest_t = glm::vec3(0.5f, 0, 0);
  defs[1].length = 0.25f;
  ASSERT_TRUE(kin::ValidateCanonicalBoneDefs(defs).ok());
  kin::Skeleton skeleton;
  ASSERT_TRUE(kin::Skeleton::Build(kin::CanonicalBoneSkeleton(defs), &skeleton).ok());
  std::vector<glm::vec3> angles(2, glm::vec3(0.0f));
  angles[0].y = kHalfPi;  // bend the root a quarter turn about z
  std::vector<glm::mat4> model;
  const std::vector<glm::vec3> tips = PosedTips(skeleton, angles, &model);
  ExpectVecNear(tips[0], glm::vec3(0, 1, 0), 1e-5f);
  ExpectVecNear(glm::vec3(model[1][3]), glm::vec3(0, 1.5f, 0), 1e-5f);
  ExpectVecNear(tips[1], glm::vec3(0, 1.75f, 0), 1e-5f);
}

}  // namespace
