#include "kin/dqs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "kin/skinning.h"
#include "skinning_fixtures.h"

namespace {

constexpr float kPi = 3.14159265358979f;

using kin_test::RunDqs;
using kin_test::RunLbs;
using Mesh = kin_test::SkinMesh;
using Skinned = kin_test::SkinResult;

void ExpectNear(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b, float tolerance) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(a[i][c], b[i][c], tolerance) << "vertex " << i << " axis " << c;
}

// A symmetric scale/shear: stretch by (sx, sy, sz) along axes rotated by `frame`.
glm::mat4 Stretch(const glm::vec3& s, const glm::mat4& frame) {
  return frame * glm::scale(glm::mat4(1.0f), s) * glm::transpose(frame);
}

std::vector<glm::mat4> Palette(bool with_scale) {
  const glm::mat4 r0 = glm::rotate(glm::mat4(1.0f), 0.7f, glm::normalize(glm::vec3(1, 2, 3)));
  const glm::mat4 r1 = glm::rotate(glm::mat4(1.0f), -2.4f, glm::normalize(glm::vec3(-1, 0.5f, 0.2f)));
  const glm::mat4 r2 = glm::rotate(glm::mat4(1.0f), 3.0f, glm::vec3(0, 0, 1));
  std::vector<glm::mat4> palette = {
      glm::translate(glm::mat4(1.0f), glm::vec3(0.5f, -1, 2)) * r0,
      glm::translate(glm::mat4(1.0f), glm::vec3(-2, 0.3f, 0.1f)) * r1,
      glm::translate(glm::mat4(1.0f), glm::vec3(0, 1, -1)) * r2,
  };
  if (with_scale) {
    palette[0] = palette[0] * glm::scale(glm::mat4(1.0f), glm::vec3(2.0f));
    palette[1] = palette[1] * Stretch(glm::vec3(1.5f, 0.6f, 1.2f), r0);
    palette[2] = palette[2] * glm::scale(glm::mat4(1.0f), glm::vec3(-1.0f, 1.0f, 1.0f));  // a mirror
  }
  return palette;
}

// Vertices around the origin, each with one influence in a varying slot.
Mesh SingleInfluenceMesh() {
  Mesh mesh;
  for (int i = 0; i < 12; ++i) {
    const float f = static_cast<float>(i);
    mesh.positions.push_back(glm::vec3(std::sin(f), std::cos(2 * f), 0.5f * f - 3));
    mesh.normals.push_back(glm::normalize(glm::vec3(std::cos(f), 1, std::sin(3 * f))));
    const int slot = i % 4;
    for (int k = 0; k < 4; ++k) {
      mesh.joints.push_back(static_cast<std::uint16_t>(k == slot ? i % 3 : (i + 1) % 3));
      mesh.weights.push_back(k == slot ? 1.0f : 0.0f);
    }
  }
  return mesh;
}

TEST(Dqs, EqualsLbsForOneInfluenceWithoutScale) {
  const std::vector<glm::mat4> palette = Palette(false);
  const Mesh mesh = SingleInfluenceMesh();
  const Skinned lbs = RunLbs(palette, mesh);
  const Skinned dqs = RunDqs(palette, mesh);
  ExpectNear(dqs.positions, lbs.positions, 1e-6f);
  ExpectNear(dqs.normals, lbs.normals, 1e-6f);
}

TEST(Dqs, EqualsLbsForOneInfluenceWithScaleShearAndMirror) {
  const std::vector<glm::mat4> palette = Palette(true);
  const Mesh mesh = SingleInfluenceMesh();
  const Skinned lbs = RunLbs(palette, mesh);
  const Skinned dqs = RunDqs(palette, mesh);
  ExpectNear(dqs.positions, lbs.positions, 1e-6f);
  ExpectNear(dqs.normals, lbs.normals, 1e-6f);
}

// Two bones posed by the same rotation about the same pivot: every blend of
// them is that rotation, for LBS and DQS alike.
TEST(Dqs, EqualsLbsForTwoInfluencesWithTheSameRotation) {
  const glm::vec3 pivot(0.3f, -0.2f, 1.0f);
  const glm::mat4 m = glm::translate(glm::mat4(1.0f), pivot) *
                      glm::rotate(glm::mat4(1.0f), 1.9f, glm::normalize(glm::vec3(0, 1, 1))) *
                      glm::translate(glm::mat4(1.0f), -pivot);
  const std::vector<glm::mat4> palette = {m, m};
  Mesh mesh = SingleInfluenceMesh();
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    const float w = 0.1f + 0.07f * static_cast<float>(v);
    const std::uint16_t joints[4] = {0, 1, 0, 0};
    const float weights[4] = {w, 1 - w, 0, 0};
    for (int k = 0; k < 4; ++k) {
      mesh.joints[4 * v + k] = joints[k];
      mesh.weights[4 * v + k] = weights[k];
    }
  }
  const Skinned lbs = RunLbs(palette, mesh);
  const Skinned dqs = RunDqs(palette, mesh);
  ExpectNear(dqs.positions, lbs.positions, 1e-6f);
  ExpectNear(dqs.normals, lbs.normals, 1e-6f);
}

// Weights that are all but zero (1e-20: |r|² = 1e-40, and 2 / |r|² is past
// a float's range) or that cancel (w and −w on one bone) leave no rotation
// to recover: the vertex stays where it is, finite, as skin_fuzz found it
// did not (a skinned position of −inf). Weights of ordinary size are
// skinned as before (the other DQS tests).
TEST(Dqs, WeightsThatVanishOrCancelLeaveTheVertexFinite) {
  const std::vector<glm::mat4> palette = Palette(true);
  Mesh mesh = SingleInfluenceMesh();
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    const bool tiny = v % 2 == 0;
    const std::uint16_t joints[4] = {1, 1, 2, 0};
    const float weights[4] = {tiny ? 1e-20f : 0.5f, tiny ? 1e-20f : -0.5f, 0, 0};
    for (int k = 0; k < 4; ++k) {
      mesh.joints[4 * v + k] = joints[k];
      mesh.weights[4 * v + k] = weights[k];
    }
  }
  const Skinned dqs = RunDqs(palette, mesh);
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    for (int c = 0; c < 3; ++c) {
      ASSERT_TRUE(std::isfinite(dqs.positions[v][c])) << "vertex " << v;
      ASSERT_TRUE(std::isfinite(dqs.normals[v][c])) << "vertex " << v;
    }
  }
}

// q and −q are one rotation: the blend takes the short way round. Bone 1
// turns by −170° about z, which the polar split stores with w < 0 (checked),
// in the other hemisphere from bone 0's identity; 0.3 of 0° and 0.7 of −170°
// must give 2·atan2(−0.7 sin 85°, 0.3 + 0.7 cos 85°) ≈ −125°, not the
// long way round (≈ +142° without the flip).
TEST(Dqs, AntipodalQuaternionsBlendTheShortWay) {
  const std::vector<glm::mat4> palette = {
      glm::mat4(1.0f), glm::rotate(glm::mat4(1.0f), -170.0f * kPi / 180.0f, glm::vec3(0, 0, 1))};
  std::vector<float> packed(kin::kDqsFloatsPerBone * 2);
  ASSERT_TRUE(kin::PackDqsPalette(palette, packed).ok());
  ASSERT_LT(packed[kin::kDqsFloatsPerBone + 3] * packed[3], 0.0f) << "the two rotations are stored antipodal";
  Mesh mesh;
  mesh.positions = {glm::vec3(1, 0, 0)};
  mesh.joints = {1, 0, 0, 0};  // the larger weight first or second: the flip is relative to it either way
  mesh.weights = {0.7f, 0.3f, 0, 0};
  for (int order = 0; order < 2; ++order) {
    if (order == 1) {
      mesh.joints = {0, 1, 0, 0};
      mesh.weights = {0.3f, 0.7f, 0, 0};
    }
    const glm::vec3 x = RunDqs(palette, mesh).positions[0];
    const float half = 85.0f * kPi / 180.0f;
    EXPECT_NEAR(std::atan2(x.y, x.x), 2 * std::atan2(-0.7f * std::sin(half), 0.3f + 0.7f * std::cos(half)), 1e-5f)
        << "order " << order;
    EXPECT_NEAR(glm::length(x), 1.0f, 1e-5f) << "order " << order;
  }
}

// glTF's second joint set: the same three influences weigh the same whether
// they sit in slots 0–2 of four or spread over slots 1, 3 and 6 of eight.
TEST(Dqs, EightInfluencesBlendLikeTheSameInfluencesInFour) {
  const std::vector<glm::mat4> palette = Palette(true);
  Mesh four = SingleInfluenceMesh();
  Mesh eight;
  eight.influences = 8;
  eight.positions = four.positions;
  eight.normals = four.normals;
  const int slots[3] = {1, 3, 6};
  for (std::size_t v = 0; v < four.positions.size(); ++v) {
    const float w0 = 0.2f + 0.03f * static_cast<float>(v);
    const std::uint16_t joints[3] = {static_cast<std::uint16_t>(v % 3), static_cast<std::uint16_t>((v + 1) % 3),
                                     static_cast<std::uint16_t>((v + 2) % 3)};
    const float weights[3] = {w0, 0.25f, 0.75f - w0};
    for (int k = 0; k < 4; ++k) {
      four.joints[4 * v + k] = k < 3 ? joints[k] : 0;
      four.weights[4 * v + k] = k < 3 ? weights[k] : 0.0f;
    }
    // Unused slots point at a bone with weight 0: they must not count.
    for (int k = 0; k < 8; ++k) {
      eight.joints.push_back(2);
      eight.weights.push_back(0.0f);
    }
    for (int i = 0; i < 3; ++i) {
      eight.joints[8 * v + slots[i]] = joints[i];
      eight.weights[8 * v + slots[i]] = weights[i];
    }
  }
  ExpectNear(RunDqs(palette, eight).positions, RunDqs(palette, four).positions, 1e-6f);
  ExpectNear(RunDqs(palette, eight).normals, RunDqs(palette, four).normals, 1e-6f);
  ExpectNear(RunLbs(palette, eight).positions, RunLbs(palette, four).positions, 1e-6f);
}

// Eight bones posed by one rotation about one pivot: every blend is that
// rotation, so each vertex lands at m · p.
TEST(Dqs, EightInfluencesWithOneRotationMoveLikeIt) {
  const glm::vec3 pivot(-0.4f, 0.7f, 0.2f);
  const glm::mat4 m = glm::translate(glm::mat4(1.0f), pivot) *
                      glm::rotate(glm::mat4(1.0f), 2.6f, glm::normalize(glm::vec3(1, -1, 2))) *
                      glm::translate(glm::mat4(1.0f), -pivot);
  const std::vector<glm::mat4> palette(8, m);
  Mesh mesh;
  mesh.influences = 8;
  std::vector<glm::vec3> expected;
  for (int v = 0; v < 5; ++v) {
    const glm::vec3 p(0.3f * static_cast<float>(v), 1.0f - 0.2f * static_cast<float>(v), 0.5f);
    mesh.positions.push_back(p);
    expected.push_back(glm::vec3(m * glm::vec4(p, 1.0f)));
    for (int k = 0; k < 8; ++k) {
      mesh.joints.push_back(static_cast<std::uint16_t>(k));
      mesh.weights.push_back(static_cast<float>(k + v + 1) / static_cast<float>(8 * v + 36));
    }
  }
  ExpectNear(RunDqs(palette, mesh).positions, expected, 1e-5f);
  ExpectNear(RunLbs(palette, mesh).positions, expected, 1e-5f);
}

// A capped cylinder along +X (radius 0.1, length 1); bone 1's weight ramps
// linearly from 0 to 1 over the middle third.
Mesh CandyWrapper() {
  constexpr int kRings = 90, kSegments = 64;
  constexpr float kRadius = 0.1f;
  Mesh mesh;
  auto add = [&mesh](const glm::vec3& p) {
    const float w1 = glm::clamp((p.x - 1.0f / 3.0f) * 3.0f, 0.0f, 1.0f);
    mesh.positions.push_back(p);
    const std::uint16_t joints[4] = {0, 1, 0, 0};
    const float weights[4] = {1 - w1, w1, 0, 0};
    mesh.joints.insert(mesh.joints.end(), joints, joints + 4);
    mesh.weights.insert(mesh.weights.end(), weights, weights + 4);
  };
  for (int i = 0; i <= kRings; ++i)
    for (int k = 0; k < kSegments; ++k) {
      const float phi = 2 * kPi * k / kSegments;
      add(glm::vec3(static_cast<float>(i) / kRings, kRadius * std::cos(phi), kRadius * std::sin(phi)));
    }
  add(glm::vec3(0, 0, 0));
  add(glm::vec3(1, 0, 0));
  return mesh;
}

// Outward-wound triangles of CandyWrapper(), three indices each.
std::vector<int> CandyWrapperTriangles() {
  constexpr int kRings = 90, kSegments = 64;
  const int cap0 = (kRings + 1) * kSegments, cap1 = cap0 + 1;
  auto at = [](int ring, int k) { return ring * kSegments + (k % kSegments); };
  std::vector<int> triangles;
  for (int i = 0; i < kRings; ++i)
    for (int k = 0; k < kSegments; ++k) {
      const int a = at(i, k), b = at(i, k + 1), c = at(i + 1, k), d = at(i + 1, k + 1);
      triangles.insert(triangles.end(), {a, b, c, b, d, c});
    }
  for (int k = 0; k < kSegments; ++k) {
    triangles.insert(triangles.end(), {cap0, at(0, k + 1), at(0, k)});
    triangles.insert(triangles.end(), {cap1, at(kRings, k), at(kRings, k + 1)});
  }
  return triangles;
}

// Divergence theorem: V = Σ over triangles of p0 · (p1 × p2) / 6.
double Volume(const std::vector<glm::vec3>& positions, const std::vector<int>& triangles) {
  double volume = 0.0;
  for (std::size_t t = 0; t < triangles.size(); t += 3) {
    const glm::dvec3 p0(positions[triangles[t]]), p1(positions[triangles[t + 1]]), p2(positions[triangles[t + 2]]);
    volume += glm::dot(p0, glm::cross(p1, p2)) / 6.0;
  }
  return volume;
}

struct CandyVolumes {
  double rest, lbs, dqs;
};

CandyVolumes TwistCandyWrapper(float degrees) {
  const Mesh mesh = CandyWrapper();
  const std::vector<int> triangles = CandyWrapperTriangles();
  const std::vector<glm::mat4> palette = {
      glm::mat4(1.0f), glm::rotate(glm::mat4(1.0f), degrees * kPi / 180.0f, glm::vec3(1, 0, 0))};
  return {Volume(mesh.positions, triangles), Volume(RunLbs(palette, mesh).positions, triangles),
          Volume(RunDqs(palette, mesh).positions, triangles)};
}

// Twisting bone 1 about the cylinder's axis by θ, LBS shrinks a cross-section
// with bone-1 weight w by the area factor w² + (1−w)² + 2w(1−w)cos θ; averaged
// over the ramp that is 2/3 at 90° and 1/3 at 180°, so the whole mesh keeps
// 8/9 and 7/9 of its volume. DQS only rotates each ring and keeps ≈ all of it.
// Measured (64 segments, 90 rings): rest 0.031365; at 90° LBS 88.9 %, DQS
// 100.0 %; at 180° LBS 77.8 %, DQS 99.9 %.
TEST(Dqs, CandyWrapperKeepsItsVolume) {
  for (float degrees : {0.0f, 90.0f, 180.0f}) {
    const CandyVolumes v = TwistCandyWrapper(degrees);
    std::printf("candy wrapper %3.0f deg: rest %.6f  lbs %.6f (%.1f%%)  dqs %.6f (%.1f%%)\n", degrees, v.rest, v.lbs,
                100 * v.lbs / v.rest, v.dqs, 100 * v.dqs / v.rest);
  }
  const CandyVolumes v = TwistCandyWrapper(180.0f);
  EXPECT_NEAR(v.rest, kPi * 0.1 * 0.1, 0.01 * kPi * 0.1 * 0.1);
  EXPECT_LT(v.lbs, 0.80 * v.rest);
  EXPECT_GT(v.dqs, 0.90 * v.rest);
}

struct InvalidCase {
  const char* name;
  void (*Break)(Mesh* mesh, Skinned* out);
  const char* message;
};

// Outputs filled with 9s, to see that a rejected job leaves them alone.
Skinned Nines(const Mesh& mesh) {
  return {std::vector<glm::vec3>(mesh.positions.size(), glm::vec3(9)),
          std::vector<glm::vec3>(mesh.normals.size(), glm::vec3(9))};
}

TEST(Dqs, RejectsInvalidInputAndLeavesOutputsUntouched) {
  const InvalidCase cases[] = {
      {"joint out of range", [](Mesh* m, Skinned*) { m->joints[4 * 2 + 1] = 7; }, "vertex 2 uses joint 7"},
      {"NaN weight", [](Mesh* m, Skinned*) { m->weights[4 * 3 + 2] = std::nanf(""); },
       "weight of vertex 3 is nan, not within ±1000"},
      {"huge weight", [](Mesh* m, Skinned*) { m->weights[4 * 5] = 1e30f; }, "weight of vertex 5 is 1e+30, not within ±1000"},
      {"size mismatch", [](Mesh* m, Skinned*) { m->weights.pop_back(); }, "47 weights for 12 vertices"},
      {"output size", [](Mesh*, Skinned* out) { out->positions.pop_back(); },
       "output holds 11 positions for 12 vertices"},
  };
  const std::vector<glm::mat4> palette = Palette(true);
  for (const InvalidCase& c : cases) {
    Mesh mesh = SingleInfluenceMesh();
    Skinned out = Nines(mesh);
    c.Break(&mesh, &out);
    std::vector<float> scratch;
    const kin::Status status = kin_test::DqsJobFor(palette, mesh, scratch, out).Run();
    EXPECT_FALSE(status.ok()) << c.name;
    EXPECT_NE(std::string(status.message).find(c.message), std::string::npos) << c.name << ": " << status.message;
    for (const glm::vec3& p : out.positions) EXPECT_EQ(p, glm::vec3(9)) << c.name;
    for (const glm::vec3& n : out.normals) EXPECT_EQ(n, glm::vec3(9)) << c.name;
  }
}

TEST(Dqs, RejectsASingularPaletteMatrix) {
  std::vector<glm::mat4> palette = Palette(false);
  palette[1][2] = glm::vec4(0.0f);
  const Mesh mesh = SingleInfluenceMesh();
  Skinned out = Nines(mesh);
  std::vector<float> scratch;
  const kin::Status status = kin_test::DqsJobFor(palette, mesh, scratch, out).Run();
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("bone 1"), std::string::npos) << status.message;
  EXPECT_EQ(out.positions[0], glm::vec3(9));
}

// The GPU layout, per bone: real xyzw, dual xyzw, then S's columns padded to four floats.
TEST(Dqs, PacksThePaletteForTheGpu) {
  const glm::mat4 m = glm::translate(glm::mat4(1.0f), glm::vec3(2, 0, 0)) *
                      glm::rotate(glm::mat4(1.0f), kPi / 2, glm::vec3(0, 0, 1)) *
                      glm::scale(glm::mat4(1.0f), glm::vec3(3, 1, 1));
  const std::vector<glm::mat4> palette = {glm::mat4(1.0f), m};
  std::vector<float> packed(40);
  ASSERT_TRUE(kin::PackDqsPalette(palette, packed).ok());
  const float h = std::sqrt(0.5f);
  // Rotation 90° about z: q = (0, 0, h, h). Dual = ½ · (0; 2, 0, 0) · (h; 0, 0, h)
  // = ½ · (0; 2h, −2h, 0), i.e. xyzw (h, −h, 0, 0).
  const float expected[20] = {0, 0, h, h, h, -h, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
  for (int k = 0; k < 20; ++k) EXPECT_NEAR(packed[20 + k], expected[k], 1e-6f) << k;
  const float identity[20] = {0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
  for (int k = 0; k < 20; ++k) EXPECT_NEAR(packed[k], identity[k], 1e-6f) << k;
  std::vector<float> short_buffer(39, 9.0f);
  const kin::Status status = kin::PackDqsPalette(palette, short_buffer);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("39 floats"), std::string::npos) << status.message;
  EXPECT_EQ(short_buffer[0], 9.0f);
}

// A rotation's polar split leaves S within float rounding of I; it is packed
// as exactly I, which is what sends a rig without scale down the kernel's
// rigid path. A real scale of 1 + 1e-4 is kept.
TEST(Dqs, RigidBonesPackAnExactIdentityScale) {
  std::vector<glm::mat4> palette;
  for (int j = 0; j < 20; ++j)
    palette.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(0.1f * j, -1, 2)) *
                      glm::rotate(glm::mat4(1.0f), 0.37f * j - 3, glm::normalize(glm::vec3(1, 0.3f * j, -2))));
  palette.push_back(glm::scale(glm::mat4(1.0f), glm::vec3(1.0001f, 1, 1)));
  std::vector<float> packed(kin::kDqsFloatsPerBone * palette.size());
  ASSERT_TRUE(kin::PackDqsPalette(palette, packed).ok());
  for (std::size_t j = 0; j < palette.size(); ++j)
    for (int c = 0; c < 3; ++c)
      for (int row = 0; row < 3; ++row) {
        const float s = packed[kin::kDqsFloatsPerBone * j + 8 + 4 * c + row];
        const float identity = c == row ? 1.0f : 0.0f;
        if (j + 1 < palette.size()) EXPECT_EQ(s, identity) << "bone " << j << " S[" << c << "][" << row << "]";
        else EXPECT_NEAR(s, c == 0 && row == 0 ? 1.0001f : identity, 1e-7f);
      }
  EXPECT_NE(packed[kin::kDqsFloatsPerBone * 20 + 8], 1.0f);
}

}  // namespace
