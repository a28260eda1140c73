#include "kin/body_mass.h"

#include <gtest/gtest.h>

#include <vector>

#include "kin/forward.h"
#include "test_rigs.h"

namespace {

const float kHalfPi = 1.57079632679f;

struct Segment {
  const char* bone;
  float mass;       // de Leva's fraction
  glm::vec3 com_ms; // worked out below from the bone's joint, tip and centre fraction
};

kin::Skeleton Build(const std::vector<kin::BoneDef>& bones) {
  kin::Skeleton skeleton;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &skeleton).ok());
  return skeleton;
}

std::vector<glm::mat4> Forward(const kin::Skeleton& s, const std::vector<glm::vec3>& angles) {
  std::vector<glm::mat4> model(s.bone_count());
  kin::ForwardJob job;
  job.skeleton = &s;
  job.angles = angles;
  job.model_ms = model;
  EXPECT_TRUE(job.Run().ok());
  return model;
}

int BoneNamed(const kin::Skeleton& s, const char* name) {
  for (int j = 0; j < s.bone_count(); ++j)
    if (s.name(j) == name) return j;
  ADD_FAILURE() << "no bone " << name;
  return 0;
}

glm::vec3 WeightedSum(const std::vector<Segment>& segments) {
  glm::vec3 sum(0.0f);
  for (const Segment& s : segments) sum += s.mass * s.com_ms;
  return sum;
}

void ExpectVecNear(const glm::vec3& a, const glm::vec3& b, float tol) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

// The default character at rest (kin_test::DefaultCharacter: rest offsets
// only). Each segment's centre is its joint plus the fraction times its
// tip (the hand's tip is the middle finger's knuckle, de Leva's hand end): e.g. the left thigh's joint is the hips' (0, 0.96, 0) plus
// (0.1, -0.05, 0), its tip (0, -0.42, 0), its fraction 0.4095.
std::vector<Segment> RestSegments() {
  return {
      {"hips", 0.1117f, {0, 0.96f + 0.3885f * 0.1f, 0}},
      {"spine", 0.1633f, {0, 1.06f + 0.5498f * 0.16f, 0}},
      {"chest", 0.1596f, {0, 1.22f + 0.7001f * 0.22f, 0}},
      {"head", 0.0694f, {0, 1.54f + 0.5f * 0.21f, 0}},
      {"upper_arm_l", 0.0271f, {0.18f + 0.5772f * 0.28f, 1.40f, 0}},
      {"forearm_l", 0.0162f, {0.46f + 0.4574f * 0.26f, 1.40f, 0}},
      {"hand_l", 0.0061f, {0.72f + 0.79f * 0.095f, 1.40f + 0.79f * 0.002f, 0.79f * 0.007f}},
      {"upper_arm_r", 0.0271f, {-0.18f - 0.5772f * 0.28f, 1.40f, 0}},
      {"forearm_r", 0.0162f, {-0.46f - 0.4574f * 0.26f, 1.40f, 0}},
      {"hand_r", 0.0061f, {-0.72f - 0.79f * 0.095f, 1.40f + 0.79f * 0.002f, 0.79f * 0.007f}},
      {"thigh_l", 0.1416f, {0.1f, 0.91f - 0.4095f * 0.42f, 0}},
      {"shin_l", 0.0433f, {0.1f, 0.49f - 0.4459f * 0.41f, 0}},
      {"foot_l", 0.0137f, {0.1f, 0.08f - 0.4415f * 0.05f, 0.4415f * 0.13f}},
      {"thigh_r", 0.1416f, {-0.1f, 0.91f - 0.4095f * 0.42f, 0}},
      {"shin_r", 0.0433f, {-0.1f, 0.49f - 0.4459f * 0.41f, 0}},
      {"foot_r", 0.0137f, {-0.1f, 0.08f - 0.4415f * 0.05f, 0.4415f * 0.13f}},
  };
}

TEST(BodyMass, RolesGetDeLevaFractionsAndTheRestWeighNothing) {
  const kin::Skeleton s = Build(kin_test::DefaultCharacter());
  std::vector<kin::SegmentMass> masses(s.bone_count());
  kin::ComputeSegmentMasses(s, masses);
  float total = 0.0f;
  for (const kin::SegmentMass& m : masses) total += m.mass;
  EXPECT_NEAR(total, 1.0f, 1e-6f);
  for (const Segment& seg : RestSegments()) EXPECT_NEAR(masses[BoneNamed(s, seg.bone)].mass, seg.mass, 1e-6f) << seg.bone;
  for (const char* weightless : {"neck", "clavicle_l", "clavicle_r", "toes_l", "toes_r"})
    EXPECT_EQ(masses[BoneNamed(s, weightless)].mass, 0.0f) << weightless;
  // The thigh's centre, 0.4095 of the way down its tip.
  ExpectVecNear(masses[BoneNamed(s, "thigh_l")].center_bs, glm::vec3(0, -0.4095f * 0.42f, 0), 1e-6f);
}

TEST(BodyMass, RestPoseCentreIsTheHandSum) {
  const kin::Skeleton s = Build(kin_test::DefaultCharacter());
  std::vector<kin::SegmentMass> masses(s.bone_count());
  kin::ComputeSegmentMasses(s, masses);
  const glm::vec3 com = kin::CenterOfMass(masses, Forward(s, std::vector<glm::vec3>(s.bone_count(), glm::vec3(0.0f))));
  ExpectVecNear(com, WeightedSum(RestSegments()), 1e-5f);
  // Symmetric left and right: on the midline, a little forward (the feet, and the hands, whose
  // tip is the middle finger's knuckle, 7 mm forward).
  EXPECT_NEAR(com.x, 0.0f, 1e-6f);
  EXPECT_NEAR(com.z, 2.0f * 0.0137f * 0.4415f * 0.13f + 2.0f * 0.0061f * 0.79f * 0.007f, 1e-6f);
}

TEST(BodyMass, LeftArmRaisedNinetyDegreesMovesItsSegmentsUp) {
  const kin::Skeleton s = Build(kin_test::DefaultCharacter());
  std::vector<kin::SegmentMass> masses(s.bone_count());
  kin::ComputeSegmentMasses(s, masses);
  std::vector<glm::vec3> angles(s.bone_count(), glm::vec3(0.0f));
  angles[BoneNamed(s, "upper_arm_l")] = glm::vec3(0, 0, kHalfPi);  // +x turned to +y about z
  std::vector<Segment> segments = RestSegments();
  // The left arm now points straight up from the shoulder (0.18, 1.40, 0).
  for (Segment& seg : segments) {
    const std::string bone = seg.bone;
    if (bone == "upper_arm_l") seg.com_ms = {0.18f, 1.40f + 0.5772f * 0.28f, 0};
    if (bone == "forearm_l") seg.com_ms = {0.18f, 1.68f + 0.4574f * 0.26f, 0};
    if (bone == "hand_l") seg.com_ms = {0.18f - 0.79f * 0.002f, 1.94f + 0.79f * 0.095f, 0.79f * 0.007f};
  }
  const glm::vec3 com = kin::CenterOfMass(masses, Forward(s, angles));
  ExpectVecNear(com, WeightedSum(segments), 1e-5f);
  EXPECT_GT(com.y, WeightedSum(RestSegments()).y);
}

TEST(BodyMass, ARigWithoutRolesWeighsEveryBoneAlike) {
  const kin::Skeleton s = Build(kin_test::Chain(4, 1.0f));  // four links of 0.25 up +y
  std::vector<kin::SegmentMass> masses(s.bone_count());
  kin::ComputeSegmentMasses(s, masses);
  for (const kin::SegmentMass& m : masses) EXPECT_NEAR(m.mass, 0.25f, 1e-7f);
  const glm::vec3 com = kin::CenterOfMass(masses, Forward(s, std::vector<glm::vec3>(4, glm::vec3(0.0f))));
  ExpectVecNear(com, glm::vec3(0, 0.5f, 0), 1e-6f);  // the middle of the straight chain
}

}  // namespace
