#include "kin/skinning.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

// A job skinning positions (normals may be added), `influences` joints and weights per vertex.
kin::LbsJob PositionsJob(const std::vector<glm::mat4>& palette, const std::vector<glm::vec3>& positions, int influences,
                         const std::vector<std::uint16_t>& joints, const std::vector<float>& weights,
                         std::vector<glm::vec3>& out) {
  kin::LbsJob job;
  job.palette = palette;
  job.positions_ms = positions;
  job.influences = influences;
  job.joints = joints;
  job.weights = weights;
  job.out_positions_ms = out;
  return job;
}

// Two bones: the identity and a translation by (2,0,0). A vertex weighted
// half-half lands half way: (1,0,0) + (1,1,1) = (2,1,1).
TEST(Lbs, BlendsMatricesByWeight) {
  glm::mat4 moved(1.0f);
  moved[3] = glm::vec4(2, 0, 0, 1);
  const std::vector<glm::mat4> palette = {glm::mat4(1.0f), moved};
  const std::vector<glm::vec3> positions = {glm::vec3(1, 1, 1), glm::vec3(0, 0, 0)};
  const std::vector<std::uint16_t> joints = {0, 1, 0, 0, 1, 0, 0, 0};
  const std::vector<float> weights = {0.5f, 0.5f, 0, 0, 1, 0, 0, 0};
  std::vector<glm::vec3> out(2);
  ASSERT_TRUE(PositionsJob(palette, positions, 4, joints, weights, out).Run().ok());
  EXPECT_EQ(out[0], glm::vec3(2, 1, 1));
  EXPECT_EQ(out[1], glm::vec3(2, 0, 0));
}

// A stretch by 2 along x tilts the normal of the plane x = y toward y:
// the inverse transpose takes (1,−1,0)/√2 to (0.5,−1,0), normalised.
TEST(Lbs, NormalsUseTheInverseTranspose) {
  glm::mat4 stretch(1.0f);
  stretch[0][0] = 2.0f;
  const std::vector<glm::mat4> palette = {stretch};
  const std::vector<glm::vec3> positions = {glm::vec3(1, 1, 0)};
  const std::vector<glm::vec3> normals = {glm::normalize(glm::vec3(1, -1, 0))};
  const std::vector<std::uint16_t> joints = {0, 0, 0, 0};
  const std::vector<float> weights = {1, 0, 0, 0};
  std::vector<glm::vec3> out(1), out_n(1);
  kin::LbsJob job = PositionsJob(palette, positions, 4, joints, weights, out);
  job.normals_ms = normals;
  job.out_normals_ms = out_n;
  ASSERT_TRUE(job.Run().ok());
  const glm::vec3 expected = glm::normalize(glm::vec3(0.5f, -1, 0));
  EXPECT_NEAR(out_n[0].x, expected.x, 1e-6f);
  EXPECT_NEAR(out_n[0].y, expected.y, 1e-6f);
}

TEST(Lbs, RejectsAJointOutsideThePalette) {
  const std::vector<glm::mat4> palette = {glm::mat4(1.0f)};
  const std::vector<glm::vec3> positions = {glm::vec3(0)};
  const std::vector<std::uint16_t> joints = {0, 3, 0, 0};
  const std::vector<float> weights = {0.5f, 0.5f, 0, 0};
  std::vector<glm::vec3> out(1, glm::vec3(9));
  const kin::Status status = PositionsJob(palette, positions, 4, joints, weights, out).Run();
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("vertex 0 uses joint 3"), std::string::npos) << status.message;
  EXPECT_EQ(out[0], glm::vec3(9));
}

// glTF's second joint set: eight bones translated by (k, 2k, 0), k = 0..7, each
// weighing 1/8, move a vertex by their mean translation (3.5, 7, 0).
TEST(Lbs, BlendsEightInfluences) {
  std::vector<glm::mat4> palette;
  std::vector<std::uint16_t> joints;
  for (int k = 0; k < 8; ++k) {
    glm::mat4 moved(1.0f);
    moved[3] = glm::vec4(static_cast<float>(k), 2.0f * static_cast<float>(k), 0, 1);
    palette.push_back(moved);
    joints.push_back(static_cast<std::uint16_t>(k));
  }
  const std::vector<glm::vec3> positions = {glm::vec3(1, 1, 1)};
  const std::vector<float> weights(8, 0.125f);
  std::vector<glm::vec3> out(1);
  ASSERT_TRUE(PositionsJob(palette, positions, 8, joints, weights, out).Run().ok());
  EXPECT_EQ(out[0], glm::vec3(4.5f, 8, 1));
}

TEST(Lbs, RejectsAnInfluenceCountOtherThanFourOrEight) {
  const std::vector<glm::mat4> palette = {glm::mat4(1.0f)};
  const std::vector<glm::vec3> positions = {glm::vec3(0)};
  const std::vector<std::uint16_t> joints(6, 0);
  const std::vector<float> weights = {1, 0, 0, 0, 0, 0};
  std::vector<glm::vec3> out(1);
  const kin::Status status = PositionsJob(palette, positions, 6, joints, weights, out).Run();
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("6 influences per vertex"), std::string::npos) << status.message;
}

}  // namespace
