// The two builds of the skinning loops (SIMD vector extensions and portable
// C++) against each other and against a double-precision reference
// (skinning_reference.h), on seeded random meshes and palettes with
// rotations, translations, non-uniform scale and shear; plus the normal
// cases the cofactor form must get right (mirrors, flattening).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "kin/dqs.h"
#include "kin/skinning.h"
#include "skinning_fixtures.h"
#include "skinning_reference.h"

namespace {

using kin_test::MaxDifference;
using kin_test::RunDqs;
using kin_test::RunLbs;
using kin_test::SkinMesh;
using kin_test::SkinResult;

glm::vec3 RandomVec3(std::mt19937& rng, float lo, float hi) {
  std::uniform_real_distribution<float> u(lo, hi);
  return glm::vec3(u(rng), u(rng), u(rng));
}

// Rotations up to 1 rad, so that every blend of two stays well away from
// singular and the normals' directions are well conditioned. With scale:
// a stretch along a random frame (scale and shear), one bone mirrored.
std::vector<glm::mat4> RandomPalette(std::mt19937& rng, int bones, bool with_scale) {
  std::uniform_real_distribution<float> angle(-1.0f, 1.0f);
  std::vector<glm::mat4> palette;
  for (int j = 0; j < bones; ++j) {
    glm::mat4 m = glm::translate(glm::mat4(1.0f), RandomVec3(rng, -2, 2)) *
                  glm::rotate(glm::mat4(1.0f), angle(rng), glm::normalize(RandomVec3(rng, -1, 1)));
    if (with_scale) {
      const glm::mat4 frame = glm::rotate(glm::mat4(1.0f), angle(rng), glm::normalize(RandomVec3(rng, -1, 1)));
      m = m * frame * glm::scale(glm::mat4(1.0f), RandomVec3(rng, 0.6f, 1.6f)) * glm::transpose(frame);
    }
    palette.push_back(m);
  }
  return palette;
}

// Vertices in a unit-ish box, unit normals, `influences` (4 or 8) each:
// mostly distinct bones, some repeated, some zero weights; weights sum to 1.
SkinMesh RandomMesh(std::mt19937& rng, int vertices, int bones, int influences = 4) {
  std::uniform_int_distribution<int> bone(0, bones - 1);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  SkinMesh mesh;
  mesh.influences = influences;
  for (int v = 0; v < vertices; ++v) {
    mesh.positions.push_back(RandomVec3(rng, -1, 1));
    mesh.normals.push_back(glm::normalize(RandomVec3(rng, -1, 1)));
    float w[8], sum = 0.0f;
    for (int k = 0; k < influences; ++k) {
      w[k] = (v % 5 == 0 && k >= 2) ? 0.0f : u(rng);
      sum += w[k];
    }
    for (int k = 0; k < influences; ++k) {
      mesh.joints.push_back(static_cast<std::uint16_t>(bone(rng)));
      mesh.weights.push_back(w[k] / sum);
    }
  }
  return mesh;
}

constexpr kin::SkinningKernel kKernels[] = {kin::SkinningKernel::kSimd, kin::SkinningKernel::kPortable};

// GCC and Clang have vector extensions; a native x86-64 build always has SSE2.
TEST(SkinningKernels, NativeBuildHasTheSimdKernel) { EXPECT_TRUE(kin::HasSimdSkinning()); }

// Trials alternate without and with scale; from trial 2 on, 8 influences
// per vertex on every other pair (glTF's JOINTS_0 and JOINTS_1).
int TrialInfluences(int trial) { return trial / 2 % 2 == 1 ? 8 : 4; }

TEST(SkinningKernels, SimdAndPortableAgreeWithin1e6Seed41) {
  std::mt19937 rng(41);
  for (int trial = 0; trial < 8; ++trial) {
    const bool with_scale = trial % 2 == 1;
    const std::vector<glm::mat4> palette = RandomPalette(rng, 12, with_scale);
    const SkinMesh mesh = RandomMesh(rng, 1001, 12, TrialInfluences(trial));
    const SkinResult lbs_simd = RunLbs(palette, mesh, kin::SkinningKernel::kSimd);
    const SkinResult lbs_portable = RunLbs(palette, mesh, kin::SkinningKernel::kPortable);
    EXPECT_LE(MaxDifference(lbs_simd.positions, lbs_portable.positions), 1e-6f) << "lbs trial " << trial;
    EXPECT_LE(MaxDifference(lbs_simd.normals, lbs_portable.normals), 1e-6f) << "lbs trial " << trial;
    const SkinResult dqs_simd = RunDqs(palette, mesh, kin::SkinningKernel::kSimd);
    const SkinResult dqs_portable = RunDqs(palette, mesh, kin::SkinningKernel::kPortable);
    EXPECT_LE(MaxDifference(dqs_simd.positions, dqs_portable.positions), 1e-6f) << "dqs trial " << trial;
    EXPECT_LE(MaxDifference(dqs_simd.normals, dqs_portable.normals), 1e-6f) << "dqs trial " << trial;
    // DQS differs from LBS here: the comparison above is not between copies of one result.
    EXPECT_GT(MaxDifference(dqs_simd.positions, lbs_simd.positions), 1e-3f) << "trial " << trial;
  }
}

using Skinner = SkinResult (*)(const std::vector<glm::mat4>&, const SkinMesh&, kin::SkinningKernel);
using Reference = SkinResult (*)(const std::vector<glm::mat4>&, const SkinMesh&);

// Both kernel builds against the double-precision reference, on meshes that
// end in a partial 4-vertex block (503 vertices), with and without scale,
// with 4 and 8 influences.
void ExpectMatchesTheReference(unsigned seed, Skinner skin, Reference reference) {
  std::mt19937 rng(seed);
  for (int trial = 0; trial < 8; ++trial) {
    const std::vector<glm::mat4> palette = RandomPalette(rng, 9, trial % 2 == 1);
    const SkinMesh mesh = RandomMesh(rng, 503, 9, TrialInfluences(trial));
    const SkinResult expected = reference(palette, mesh);
    for (kin::SkinningKernel kernel : kKernels) {
      const SkinResult out = skin(palette, mesh, kernel);
      EXPECT_LE(MaxDifference(out.positions, expected.positions), 5e-6f) << "trial " << trial;
      EXPECT_LE(MaxDifference(out.normals, expected.normals), 1e-5f) << "trial " << trial;
    }
  }
}

TEST(SkinningKernels, LbsMatchesTheDoubleReferenceSeed42) {
  ExpectMatchesTheReference(42, RunLbs, kin_test::ReferenceLbs);
}

TEST(SkinningKernels, DqsMatchesTheDoubleReferenceSeed43) {
  ExpectMatchesTheReference(43, RunDqs, kin_test::ReferenceDqs);
}

SkinMesh OneVertex(const glm::vec3& position, const glm::vec3& normal) {
  SkinMesh mesh;
  mesh.positions = {position};
  mesh.normals = {normal};
  mesh.joints = {0, 0, 0, 0};
  mesh.weights = {1, 0, 0, 0};
  return mesh;
}

// A mirror x → −x takes the outward normal (1,0,0) at (1,0,0) to (−1,0,0) at
// (−1,0,0): still outward. The cofactor alone would point it inward.
TEST(SkinningKernels, AMirrorKeepsNormalsOutward) {
  const std::vector<glm::mat4> palette = {glm::scale(glm::mat4(1.0f), glm::vec3(-1, 1, 1))};
  const SkinMesh mesh = OneVertex(glm::vec3(1, 0, 0), glm::vec3(1, 0, 0));
  for (kin::SkinningKernel kernel : kKernels) {
    EXPECT_EQ(RunLbs(palette, mesh, kernel).normals[0], glm::vec3(-1, 0, 0));
    const glm::vec3 dqs = RunDqs(palette, mesh, kernel).normals[0];
    EXPECT_NEAR(dqs.x, -1.0f, 1e-6f);
    EXPECT_NEAR(glm::length(dqs), 1.0f, 1e-6f);
  }
}

// Flattening z to 0 has no inverse, but the flattened surface's normal is
// still +z: the cofactor gives it where the inverse transpose would be NaN.
TEST(SkinningKernels, LbsNormalsStayFiniteWhereTheBlendIsSingular) {
  const std::vector<glm::mat4> palette = {glm::scale(glm::mat4(1.0f), glm::vec3(2, 1, 0))};
  const SkinMesh mesh = OneVertex(glm::vec3(0.5f, 0.5f, 0.5f), glm::normalize(glm::vec3(1, 1, 1)));
  for (kin::SkinningKernel kernel : kKernels) {
    const SkinResult out = RunLbs(palette, mesh, kernel);
    EXPECT_EQ(out.positions[0], glm::vec3(1, 0.5f, 0));
    EXPECT_NEAR(out.normals[0].x, 0.0f, 1e-7f);
    EXPECT_NEAR(out.normals[0].y, 0.0f, 1e-7f);
    EXPECT_NEAR(out.normals[0].z, 1.0f, 1e-7f);
  }
}

TEST(SkinningKernels, LbsRejectsANonFinitePaletteEvenAtWeightZero) {
  std::vector<glm::mat4> palette = {glm::mat4(1.0f), glm::mat4(1.0f)};
  palette[1][3][1] = std::nanf("");
  SkinMesh mesh = OneVertex(glm::vec3(1, 2, 3), glm::vec3(0, 1, 0));
  mesh.joints = {0, 1, 0, 0};
  SkinResult out{std::vector<glm::vec3>(1, glm::vec3(9)), std::vector<glm::vec3>(1, glm::vec3(9))};
  const kin::LbsJob job = kin_test::LbsJobFor(palette, mesh, out);
  const kin::Status status = job.Run();
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("bone 1 is not finite"), std::string::npos) << status.message;
  EXPECT_EQ(out.positions[0], glm::vec3(9));
}

}  // namespace
