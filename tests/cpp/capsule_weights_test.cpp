#include "kin/capsule_weights.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace {

// Bones as segments with radii, vertices in, joints and weights out.
struct Fixture {
  std::vector<glm::vec3> origins;
  std::vector<glm::vec3> ends;
  std::vector<float> radii;
  std::vector<glm::vec3> positions;
  int influences = 4;
  std::vector<std::uint16_t> joints;
  std::vector<float> weights;

  kin::CapsuleWeightsJob Job() {
    joints.assign(positions.size() * influences, 99);
    weights.assign(positions.size() * influences, -1.0f);
    kin::CapsuleWeightsJob job;
    job.origins_ms = origins;
    job.ends_ms = ends;
    job.radii = radii;
    job.positions_ms = positions;
    job.influences = influences;
    job.out_joints = joints;
    job.out_weights = weights;
    return job;
  }
};

// Two bones along +X end to end: 0 from (0,0,0) to (1,0,0), 1 from (1,0,0)
// to (2,0,0); one parallel bone 2 far away at y = 10 (in no capsule here).
Fixture ThreeBones() {
  Fixture f;
  f.origins = {glm::vec3(0, 0, 0), glm::vec3(1, 0, 0), glm::vec3(0, 10, 0)};
  f.ends = {glm::vec3(1, 0, 0), glm::vec3(2, 0, 0), glm::vec3(1, 10, 0)};
  f.radii = {1.0f, 1.0f, 1.0f};
  return f;
}

TEST(CapsuleWeights, ValidationNamesTheBadInput) {
  struct Case {
    void (*breakIt)(Fixture*);
    const char* expected;
  };
  const Case cases[] = {
      {[](Fixture* f) { f->radii[1] = 0.0f; }, "radius 0 of bone 1 must be finite and > 0"},
      {[](Fixture* f) { f->radii[2] = -0.5f; }, "radius -0.5 of bone 2"},
      {[](Fixture* f) { f->radii[0] = std::nanf(""); }, "radius nan of bone 0"},
      {[](Fixture* f) { f->radii.pop_back(); }, "2 radii for 3 segment origins and 3 ends"},
      {[](Fixture* f) { f->ends.pop_back(); }, "3 radii for 3 segment origins and 2 ends"},
      {[](Fixture* f) { f->positions[1].y = INFINITY; }, "vertex 1 is not finite"},
      {[](Fixture* f) { f->origins[2].x = std::nanf(""); }, "the segment of bone 2 is not finite"},
      {[](Fixture* f) { f->influences = 5; }, "5 influences per vertex"},
  };
  Fixture valid = ThreeBones();
  valid.positions = {glm::vec3(0.5f, 0, 0), glm::vec3(1.5f, 0, 0)};
  EXPECT_TRUE(valid.Job().Validate().ok());
  for (const Case& c : cases) {
    Fixture f = valid;
    c.breakIt(&f);
    const kin::Status status = f.Job().Run();
    EXPECT_FALSE(status.ok()) << c.expected;
    EXPECT_NE(std::string(status.message).find(c.expected), std::string::npos) << status.message;
  }
  // Output spans of the wrong size.
  Fixture f = valid;
  kin::CapsuleWeightsJob job = f.Job();
  job.out_weights.size -= 1;
  EXPECT_NE(std::string(job.Validate().message).find("output has 8 joints and 7 weights"), std::string::npos);
}

// On bone 0's axis (distance 0): w_0 = 1; bone 1's segment starts at x = 1,
// 0.5 away: w_1 = 0.5. Bone 2 is 10 away. Normalised: 1/1.5 and 0.5/1.5.
// At the shared end point (1,0,0) both are at distance 0: 0.5 each, and the
// tie goes to the lower index first.
TEST(CapsuleWeights, OnAnAxisTheNearerBoneWeighsMore) {
  Fixture f = ThreeBones();
  f.positions = {glm::vec3(0.5f, 0, 0), glm::vec3(1, 0, 0)};
  ASSERT_TRUE(f.Job().Run().ok());
  EXPECT_EQ(f.joints[0], 0);
  EXPECT_EQ(f.joints[1], 1);
  EXPECT_NEAR(f.weights[0], 1.0f / 1.5f, 1e-6f);
  EXPECT_NEAR(f.weights[1], 0.5f / 1.5f, 1e-6f);
  for (int k = 2; k < 4; ++k) {
    EXPECT_EQ(f.joints[k], 0);
    EXPECT_EQ(f.weights[k], 0.0f);
  }
  EXPECT_EQ(f.joints[4], 0);
  EXPECT_EQ(f.joints[5], 1);
  EXPECT_FLOAT_EQ(f.weights[4], 0.5f);
  EXPECT_FLOAT_EQ(f.weights[5], 0.5f);
}

// A vertex on a bone's axis with no other capsule in reach: that bone only.
TEST(CapsuleWeights, AVertexOnALoneBonesAxisTakesThatBoneOnly) {
  Fixture f = ThreeBones();
  f.positions = {glm::vec3(0.25f, 10, 0)};
  ASSERT_TRUE(f.Job().Run().ok());
  EXPECT_EQ(f.joints[0], 2);
  EXPECT_EQ(f.weights[0], 1.0f);
  for (int k = 1; k < 4; ++k) EXPECT_EQ(f.weights[k], 0.0f);
}

// Two parallel bones along +X at y = 0 and y = 0.75 (radii 1); the vertex
// (0.5, 0.25, 0) is 0.25 from bone 0 and 0.5 from bone 1: w = 0.75 and 0.5,
// normalised 0.75/1.25 = 0.6 and 0.5/1.25 = 0.4.
TEST(CapsuleWeights, BetweenTwoBonesWeightsFollowTheDistances) {
  Fixture f;
  f.origins = {glm::vec3(0, 0, 0), glm::vec3(0, 0.75f, 0)};
  f.ends = {glm::vec3(1, 0, 0), glm::vec3(1, 0.75f, 0)};
  f.radii = {1.0f, 1.0f};
  f.positions = {glm::vec3(0.5f, 0.25f, 0)};
  ASSERT_TRUE(f.Job().Run().ok());
  EXPECT_EQ(f.joints[0], 0);
  EXPECT_EQ(f.joints[1], 1);
  EXPECT_NEAR(f.weights[0], 0.75f / 1.25f, 1e-6f);
  EXPECT_NEAR(f.weights[1], 0.5f / 1.25f, 1e-6f);
}

// Past bone 1's end (2,0,0), the vertex (2.3, 0.4, 0) is measured to that
// end: d = √(0.09 + 0.16) = 0.5, not its 0.4 from the axis line; radius 2
// gives w_1 = 1.5/2 = 0.75. Bone 0's end (1,0,0) is √(1.69 + 0.16) ≈ 1.36
// away: outside its radius 1, so bone 1 alone.
TEST(CapsuleWeights, PastTheEndTheDistanceIsToTheEndPoint) {
  Fixture f = ThreeBones();
  f.radii[1] = 2.0f;
  f.positions = {glm::vec3(2.3f, 0.4f, 0)};
  f.influences = 8;
  ASSERT_TRUE(f.Job().Run().ok());
  EXPECT_EQ(f.joints[0], 1);
  EXPECT_FLOAT_EQ(f.weights[0], 1.0f);
  for (int k = 1; k < 8; ++k) {
    EXPECT_EQ(f.joints[k], 0);
    EXPECT_EQ(f.weights[k], 0.0f);
  }
  // With bone 0's radius 2 it is in both: w_0 = (2 − √1.85)/2.
  f.radii[0] = 2.0f;
  ASSERT_TRUE(f.Job().Run().ok());
  const float w0 = (2.0f - std::sqrt(1.85f)) / 2.0f;
  EXPECT_EQ(f.joints[1], 0);
  EXPECT_NEAR(f.weights[0], 0.75f / (0.75f + w0), 1e-6f);
  EXPECT_NEAR(f.weights[1], w0 / (0.75f + w0), 1e-6f);
}

// Outside every capsule: the nearest bone takes it all. (0.5, 6, 0) is 6
// from bone 0, √(0.25 + 36) from bone 1 and 4 from bone 2: bone 2.
TEST(CapsuleWeights, InNoCapsuleTheNearestBoneTakesAll) {
  Fixture f = ThreeBones();
  f.positions = {glm::vec3(0.5f, 6, 0)};
  ASSERT_TRUE(f.Job().Run().ok());
  EXPECT_EQ(f.joints[0], 2);
  EXPECT_EQ(f.weights[0], 1.0f);
  for (int k = 1; k < 4; ++k) {
    EXPECT_EQ(f.joints[k], 0);
    EXPECT_EQ(f.weights[k], 0.0f);
  }
}

// Six bones from the origin along +Y, radii 1 to 6; the vertex 0.5 below
// the origin is 0.5 from each (to the end point), so w_j = 1 − 0.5/r_j,
// largest for the radii 6, 5, 4, 3: those four, normalised.
TEST(CapsuleWeights, KeepsTheFourLargest) {
  Fixture f;
  for (int j = 0; j < 6; ++j) {
    f.origins.push_back(glm::vec3(0));
    f.ends.push_back(glm::vec3(0, 1, 0));
    f.radii.push_back(static_cast<float>(j + 1));
  }
  f.positions = {glm::vec3(0, -0.5f, 0)};
  ASSERT_TRUE(f.Job().Run().ok());
  const float w[4] = {1 - 0.5f / 6, 1 - 0.5f / 5, 1 - 0.5f / 4, 1 - 0.5f / 3};
  const float sum = w[0] + w[1] + w[2] + w[3];
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(f.joints[k], 5 - k);
    EXPECT_NEAR(f.weights[k], w[k] / sum, 1e-6f);
  }
}

}  // namespace
