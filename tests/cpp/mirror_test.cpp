// Mirroring poses across X = 0: side names, the mirror map's checks, the
// humanoid's hand-derived mirror (identity frames, XYZ: a partner's angles
// (a, b, c) become (a, −b, −c)), and on seeded random symmetric rigs with
// rest rotations, joint frames and Euler orders that differ between the
// sides, the model matrices from an independent double-precision FK:
// P'_j = M · P_σ(j) · N_j for a flip, a symmetric result for a side copy.
#include "kin/mirror.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "test_rigs.h"

namespace {

using kin::BodySide;
using kin::MirrorMode;

const glm::dmat4 kMirror4(glm::dvec4(-1, 0, 0, 0), glm::dvec4(0, 1, 0, 0), glm::dvec4(0, 0, 1, 0), glm::dvec4(0, 0, 0, 1));
const float kPi = 3.14159265f;

std::string Partner(const std::string& name, BodySide expected_side) {
  std::string partner = "unchanged";
  EXPECT_EQ(kin::MirrorName(name, &partner), expected_side) << name;
  return partner;
}

TEST(MirrorName, PairsTheCommonSideConventions) {
  EXPECT_EQ(Partner("hand_l", BodySide::kLeft), "hand_r");
  EXPECT_EQ(Partner("hand_r", BodySide::kRight), "hand_l");
  EXPECT_EQ(Partner("Hand.L", BodySide::kLeft), "Hand.R");
  EXPECT_EQ(Partner("upper_arm.R.001", BodySide::kRight), "upper_arm.L.001");
  EXPECT_EQ(Partner("L_hand", BodySide::kLeft), "R_hand");
  EXPECT_EQ(Partner("Bip01 L Thigh", BodySide::kLeft), "Bip01 R Thigh");
  EXPECT_EQ(Partner("mixamorig:LeftHandThumb1", BodySide::kLeft), "mixamorig:RightHandThumb1");
  EXPECT_EQ(Partner("upperRightArm", BodySide::kRight), "upperLeftArm");
  EXPECT_EQ(Partner("arm_left", BodySide::kLeft), "arm_right");
  EXPECT_EQ(Partner("ARM_RIGHT", BodySide::kRight), "ARM_LEFT");
  // No side: centre bones, and side letters or words inside longer words.
  for (const char* centre : {"hips", "spine_01", "root", "Leftover", "bright_eye", "hairline", "LR", "R2D2"}) {
    EXPECT_EQ(Partner(centre, BodySide::kCentre), "") << centre;
  }
}

std::vector<kin::BoneDef> Renamed(std::vector<kin::BoneDef> bones, const std::string& from, const std::string& to) {
  for (kin::BoneDef& b : bones)
    if (b.name == from) b.name = to;
  return bones;
}

kin::Status MapOf(const std::vector<kin::BoneDef>& bones, kin::MirrorMap* map) {
  kin::Skeleton skeleton;
  const kin::Status built = kin::Skeleton::Build(bones, &skeleton);
  EXPECT_TRUE(built.ok()) << built.message;
  return kin::BuildMirrorMap(skeleton, map);
}

void ExpectError(const kin::Status& status, const std::string& part) {
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find(part), std::string::npos) << status.message;
}

int Index(const std::vector<kin::BoneDef>& bones, const std::string& name) {
  for (std::size_t i = 0; i < bones.size(); ++i)
    if (bones[i].name == name) return static_cast<int>(i);
  return -1;
}

TEST(MirrorMap, PairsTheHumanoid) {
  const std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  kin::MirrorMap map;
  ASSERT_TRUE(MapOf(bones, &map).ok());
  EXPECT_EQ(map.partner[Index(bones, "hand_l")], Index(bones, "hand_r"));
  EXPECT_EQ(map.partner[Index(bones, "thigh_r")], Index(bones, "thigh_l"));
  EXPECT_EQ(map.partner[Index(bones, "spine")], Index(bones, "spine"));
  EXPECT_EQ(map.side[Index(bones, "foot_l")], BodySide::kLeft);
  EXPECT_EQ(map.side[Index(bones, "head")], BodySide::kCentre);
}

// Exporters number bones in file order: the two sides of a pair then differ
// in their numbers too ("b_LeftUpperArm_06" and "b_RightUpperArm_17"), and
// pair once the side word is swapped and the digits are left out.
TEST(MirrorMap, PairsNumberedNamesWhateverTheirNumbers) {
  std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  int number = 0;
  for (kin::BoneDef& b : bones) {
    std::string base = b.name;
    std::string side;
    if (base.size() > 2 && (base.substr(base.size() - 2) == "_l" || base.substr(base.size() - 2) == "_r")) {
      side = base.back() == 'l' ? "Left" : "Right";
      base = base.substr(0, base.size() - 2);
    }
    std::string camel;  // "upper_arm" → "UpperArm"
    for (std::size_t i = 0; i < base.size(); ++i) {
      if (base[i] == '_') continue;
      const bool starts = i == 0 || base[i - 1] == '_';
      camel += starts ? static_cast<char>(base[i] - 'a' + 'A') : base[i];
    }
    b.name = "b_" + side + camel + "_" + std::to_string(number++);
  }
  kin::MirrorMap map;
  ASSERT_TRUE(MapOf(bones, &map).ok());
  EXPECT_EQ(map.partner[Index(bones, "b_LeftHand_8")], Index(bones, "b_RightHand_12"));
  EXPECT_EQ(map.partner[Index(bones, "b_RightThigh_16")], Index(bones, "b_LeftThigh_13"));
  EXPECT_EQ(map.partner[Index(bones, "b_Spine_1")], Index(bones, "b_Spine_1"));
  // Two bones that leave out to the same name: which is the partner is not guessed.
  std::vector<kin::BoneDef> twice = bones;
  twice[Index(twice, "b_Spine_1")].name = "b_RightHand_99";
  ExpectError(MapOf(twice, &map), "more than one bone is named 'b_RightHand_8' but for digits");
}

// The humanoid in centimetres (every offset × 100), as many sample models
// are authored. How far off the plane a centre bone may sit grows with the
// model (1e-3 of its farthest joint from the origin): the neck 0.05 cm off,
// rounding in a centimetre file, still pairs, where 0.05 m off the metre
// humanoid is refused; 2 cm off is refused, as 0.02 m is on the metre one.
TEST(MirrorMap, CentrePlaneToleranceFollowsTheModelsSize) {
  std::vector<kin::BoneDef> centimetres = kin_test::Humanoid();
  for (kin::BoneDef& b : centimetres) {
    b.rest_t *= 100.0f;
    b.tip_bs *= 100.0f;
  }
  kin::MirrorMap map;
  ASSERT_TRUE(MapOf(centimetres, &map).ok());
  std::vector<kin::BoneDef> rounded = centimetres;
  rounded[Index(rounded, "neck")].rest_t.x = 0.05f;
  const kin::Status rounded_status = MapOf(rounded, &map);
  EXPECT_TRUE(rounded_status.ok()) << rounded_status.message;
  EXPECT_EQ(map.partner[Index(rounded, "hand_l")], Index(rounded, "hand_r"));
  std::vector<kin::BoneDef> metres_rounded = kin_test::Humanoid();
  metres_rounded[Index(metres_rounded, "neck")].rest_t.x = 0.05f;
  ExpectError(MapOf(metres_rounded, &map), "centre bone 3 'neck' sits 0.05 off the mirror plane");
  std::vector<kin::BoneDef> off_plane = centimetres;
  off_plane[Index(off_plane, "neck")].rest_t.x = 2.0f;
  ExpectError(MapOf(off_plane, &map), "centre bone 3 'neck' sits 2 off the mirror plane");
}

TEST(MirrorMap, NamesWhatBreaksTheSymmetry) {
  kin::MirrorMap map;
  ExpectError(MapOf(Renamed(kin_test::Humanoid(), "hand_r", "paw_r"), &map), "'hand_l' is on the left but there is no bone 'hand_r'");
  EXPECT_TRUE(map.partner.empty());  // cleared on failure

  std::vector<kin::BoneDef> moved = kin_test::Humanoid();
  moved[Index(moved, "clavicle_r")].rest_t.x = -0.08f;
  ExpectError(MapOf(moved, &map), "'clavicle_l' and 'clavicle_r' are not mirror images at bind");

  std::vector<kin::BoneDef> off_plane = kin_test::Humanoid();
  off_plane[Index(off_plane, "neck")].rest_t.x = 0.02f;
  ExpectError(MapOf(off_plane, &map), "centre bone 3 'neck' sits 0.02 off the mirror plane");

  std::vector<kin::BoneDef> stretched = kin_test::Humanoid();
  stretched[Index(stretched, "hand_r")].rest_s = glm::vec3(1.0f, 1.3f, 1.0f);
  ExpectError(MapOf(stretched, &map), "'hand_l' (left) and 'hand_r' are not mirror images at bind (scale");

  std::vector<kin::BoneDef> rehung = kin_test::Humanoid();
  rehung[Index(rehung, "hand_r")].parent = Index(rehung, "upper_arm_r");
  rehung[Index(rehung, "hand_r")].rest_t = glm::vec3(-0.54f, 0, 0);
  ExpectError(MapOf(rehung, &map), "'hand_l' and its partner 'hand_r' do not hang from mirrored parents");
}

std::vector<glm::vec3> RandomAnglesWithin(std::mt19937& rng, const std::vector<kin::BoneDef>& bones) {
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  std::vector<glm::vec3> angles(bones.size());
  for (std::size_t i = 0; i < bones.size(); ++i)
    for (int k = 0; k < 3; ++k) {
      // Inside the limits, clear of them (a limit is where the Euler solution may turn over).
      const float lo = bones[i].min_angle[k], hi = bones[i].max_angle[k];
      angles[i][k] = lo + (hi - lo) * (0.02f + 0.96f * u(rng));
    }
  return angles;
}

struct Mirrored {
  std::vector<glm::vec3> angles;
  glm::vec3 root_offset{0.0f};
};

// A skeleton and its mirror map, both built without error, and its mirror job.
struct Mirrorable {
  kin::Skeleton skeleton;
  kin::MirrorMap map;
  explicit Mirrorable(const std::vector<kin::BoneDef>& bones) {
    const kin::Status built = kin::Skeleton::Build(bones, &skeleton);
    EXPECT_TRUE(built.ok()) << built.message;
    const kin::Status mapped = kin::BuildMirrorMap(skeleton, &map);
    EXPECT_TRUE(mapped.ok()) << mapped.message;
  }

  Mirrored Run(MirrorMode mode, const std::vector<glm::vec3>& angles, const glm::vec3& root_offset) const {
    Mirrored out;
    out.angles.resize(angles.size());
    kin::MirrorPoseJob job;
    job.skeleton = &skeleton;
    job.map = &map;
    job.mode = mode;
    job.angles = angles;
    job.root_offset_ms = root_offset;
    job.out_angles = out.angles;
    job.out_root_offset_ms = &out.root_offset;
    const kin::Status status = job.Run();
    EXPECT_TRUE(status.ok()) << status.message;
    return out;
  }
};

// On the humanoid (identity frames, XYZ): M·Rx(a)·M = Rx(a), M·Ry(b)·M =
// Ry(−b), M·Rz(c)·M = Rz(−c), and XYZ applies them in turn, so a bone's
// mirrored angles are its source's (a, −b, −c).
void ExpectHumanoidMirror(const glm::vec3& mirrored, const glm::vec3& source, const std::string& bone) {
  EXPECT_NEAR(mirrored.x, source.x, 1e-5f) << bone;
  EXPECT_NEAR(mirrored.y, -source.y, 1e-5f) << bone;
  EXPECT_NEAR(mirrored.z, -source.z, 1e-5f) << bone;
}

TEST(MirrorPose, FlipsTheHumanoidAsDerivedByHand_Seed5) {
  const std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  const Mirrorable mirrorable(bones);
  std::mt19937 rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    const std::vector<glm::vec3> angles = RandomAnglesWithin(rng, bones);
    const Mirrored flipped = mirrorable.Run(MirrorMode::kFlip, angles, glm::vec3(0.1f, -0.2f, 0.3f));
    for (std::size_t j = 0; j < bones.size(); ++j) {
      ExpectHumanoidMirror(flipped.angles[j], angles[mirrorable.map.partner[j]], bones[j].name);
    }
    EXPECT_EQ(flipped.root_offset, glm::vec3(-0.1f, -0.2f, 0.3f));
  }
}

TEST(MirrorPose, LeftToRightCopiesTheLeftAndStraightensTheCentre_Seed6) {
  const std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  const Mirrorable mirrorable(bones);
  std::mt19937 rng(6);
  const std::vector<glm::vec3> angles = RandomAnglesWithin(rng, bones);
  const Mirrored copied = mirrorable.Run(MirrorMode::kLeftToRight, angles, glm::vec3(0.1f, -0.2f, 0.3f));
  for (std::size_t j = 0; j < bones.size(); ++j) {
    const glm::vec3& out = copied.angles[j];
    if (mirrorable.map.side[j] == BodySide::kLeft) {
      EXPECT_EQ(out, angles[j]) << bones[j].name;
    } else if (mirrorable.map.side[j] == BodySide::kRight) {
      ExpectHumanoidMirror(out, angles[mirrorable.map.partner[j]], bones[j].name);
    } else {
      // A rotation equal to its mirror image turns about X only.
      EXPECT_NEAR(out.y, 0.0f, 1e-5f) << bones[j].name;
      EXPECT_NEAR(out.z, 0.0f, 1e-5f) << bones[j].name;
      EXPECT_GT(std::fabs(out.x), 0.0f) << bones[j].name;
    }
  }
  EXPECT_EQ(copied.root_offset, glm::vec3(0.0f, -0.2f, 0.3f));
  const Mirrored again = mirrorable.Run(MirrorMode::kLeftToRight, copied.angles, copied.root_offset);
  for (std::size_t j = 0; j < bones.size(); ++j)
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(again.angles[j][k], copied.angles[j][k], 1e-5f) << bones[j].name;
}

// A symmetric rig built from its bind matrices: a centre chain with random
// rest rotations on the plane x = 0; left arm and leg chains with random
// orientations; their right partners B_σ = M · B_j · N with an independent
// random reflection N per bone, and every bone with its own random joint
// frame and Euler order (so the sides share no angles). Limits cover every
// rotation once: slots 0 and 2 in [−π, π], the middle slot in [−π/2, π/2]
// (Tait–Bryan) or [0, π] (proper).
struct SymmetricRig {
  std::vector<kin::BoneDef> bones;
  std::vector<glm::dmat4> bind;
};

SymmetricRig RandomSymmetricRig(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_real_distribution<double> positive(0.05, 0.4);
  auto rotation = [&]() { return glm::dmat4(glm::mat4_cast(glm::dquat(kin_test::RandomUnitQuat(rng)))); };
  auto at = [](const glm::dvec3& origin, const glm::dmat4& r) {
    glm::dmat4 m = r;
    m[3] = glm::dvec4(origin, 1.0);
    return m;
  };
  struct Spec { std::string name; std::string parent; glm::dmat4 bind; };
  std::vector<Spec> specs;
  specs.push_back({"hips", "", at({0, 1.0, 0.1}, rotation())});
  specs.push_back({"spine", "hips", at({0, 1.2 + 0.1 * u(rng), 0.1 * u(rng)}, rotation())});
  const std::vector<std::pair<std::string, std::string>> left = {
      {"arm.L", "spine"}, {"forearm.L", "arm.L"}, {"hand.L", "forearm.L"}, {"thigh.L", "hips"}, {"shin.L", "thigh.L"}};
  std::vector<Spec> lefts;
  for (const auto& [name, parent] : left) {
    lefts.push_back({name, parent, at({positive(rng), 1.0 + 0.5 * u(rng), 0.2 * u(rng)}, rotation())});
  }
  specs.insert(specs.end(), lefts.begin(), lefts.end());
  for (const Spec& l : lefts) {
    auto right = [](std::string n) { return n.substr(0, n.size() - 1) + "R"; };
    const glm::dmat4 reflection = -rotation();  // N: orthogonal, det −1 (its w column fixed below)
    glm::dmat4 n = reflection;
    n[3] = glm::dvec4(0, 0, 0, 1);
    specs.push_back({right(l.name), l.parent == "spine" || l.parent == "hips" ? l.parent : right(l.parent), kMirror4 * l.bind * n});
  }
  std::uniform_int_distribution<int> order(0, static_cast<int>(kin::EulerOrder::kCount) - 1);
  SymmetricRig rig;
  for (const Spec& s : specs) {
    kin::BoneDef b;
    b.name = s.name;
    b.parent = s.parent.empty() ? -1 : Index(rig.bones, s.parent);
    const glm::dmat4 local = b.parent < 0 ? s.bind : glm::inverse(rig.bind[b.parent]) * s.bind;
    b.rest_t = glm::vec3(local[3]);
    b.rest_q = glm::quat(glm::normalize(glm::quat_cast(glm::dmat3(local))));
    b.frame = kin_test::RandomUnitQuat(rng);
    b.order = static_cast<kin::EulerOrder>(order(rng));
    const bool proper = kin::EulerAxis(b.order, 0) == kin::EulerAxis(b.order, 2);
    b.min_angle = glm::vec3(-kPi, proper ? 0.0f : -kPi / 2, -kPi);
    b.max_angle = glm::vec3(kPi, proper ? kPi : kPi / 2, kPi);
    b.tip_bs = glm::vec3(0.0f);
    rig.bones.push_back(b);
    rig.bind.push_back(s.bind);
  }
  return rig;
}

std::vector<glm::dvec3> Double(const std::vector<glm::vec3>& angles) { return std::vector<glm::dvec3>(angles.begin(), angles.end()); }

double MaxDifference(const glm::dmat4& a, const glm::dmat4& b) {
  double worst = 0.0;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) worst = std::max(worst, std::fabs(a[c][r] - b[c][r]));
  return worst;
}

class MirrorRandomRig : public ::testing::TestWithParam<int> {};

TEST_P(MirrorRandomRig, FlipIsTheMirrorImageAndFlippingTwiceRestores) {
  std::mt19937 rng(static_cast<unsigned>(GetParam()));
  const SymmetricRig rig = RandomSymmetricRig(rng);
  const Mirrorable mirrorable(rig.bones);
  const glm::vec3 root_offset(0.05f, -0.1f, 0.2f);
  for (int trial = 0; trial < 10; ++trial) {
    const std::vector<glm::vec3> angles = RandomAnglesWithin(rng, rig.bones);
    const Mirrored flipped = mirrorable.Run(MirrorMode::kFlip, angles, root_offset);
    const std::vector<glm::dmat4> before = kin_test::ReferenceForward(rig.bones, Double(angles), glm::dvec3(root_offset));
    const std::vector<glm::dmat4> after = kin_test::ReferenceForward(rig.bones, Double(flipped.angles), glm::dvec3(flipped.root_offset));
    for (std::size_t j = 0; j < rig.bones.size(); ++j) {
      const int partner = mirrorable.map.partner[j];
      const glm::dmat4 n = glm::inverse(rig.bind[partner]) * kMirror4 * rig.bind[j];
      EXPECT_LT(MaxDifference(after[j], kMirror4 * before[partner] * n), 1e-4) << rig.bones[j].name << " trial " << trial;
    }
    const Mirrored twice = mirrorable.Run(MirrorMode::kFlip, flipped.angles, flipped.root_offset);
    for (std::size_t j = 0; j < rig.bones.size(); ++j)
      for (int k = 0; k < 3; ++k) EXPECT_NEAR(twice.angles[j][k], angles[j][k], 1e-4f) << rig.bones[j].name;
    EXPECT_EQ(twice.root_offset, root_offset);
  }
}

TEST_P(MirrorRandomRig, SideCopiesAreSymmetricAndKeepTheCopiedSide) {
  std::mt19937 rng(static_cast<unsigned>(GetParam()));
  const SymmetricRig rig = RandomSymmetricRig(rng);
  const Mirrorable mirrorable(rig.bones);
  const std::vector<glm::vec3> angles = RandomAnglesWithin(rng, rig.bones);
  for (const MirrorMode mode : {MirrorMode::kLeftToRight, MirrorMode::kRightToLeft}) {
    const BodySide kept = mode == MirrorMode::kLeftToRight ? BodySide::kLeft : BodySide::kRight;
    const Mirrored copied = mirrorable.Run(mode, angles, glm::vec3(0.05f, -0.1f, 0.2f));
    const std::vector<glm::dmat4> model = kin_test::ReferenceForward(rig.bones, Double(copied.angles), glm::dvec3(copied.root_offset));
    for (std::size_t j = 0; j < rig.bones.size(); ++j) {
      const int partner = mirrorable.map.partner[j];
      const glm::dmat4 n = glm::inverse(rig.bind[partner]) * kMirror4 * rig.bind[j];
      // Symmetric: every bone is its partner's mirror image (a centre bone its own).
      EXPECT_LT(MaxDifference(model[j], kMirror4 * model[partner] * n), 1e-4) << rig.bones[j].name;
      if (mirrorable.map.side[j] == kept) EXPECT_EQ(copied.angles[j], angles[j]) << rig.bones[j].name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, MirrorRandomRig, ::testing::Values(11, 12, 13, 14, 15, 16));

TEST(MirrorPose, ValidationNamesTheBadInput) {
  const std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  const Mirrorable mirrorable(bones);
  std::vector<glm::vec3> angles(bones.size(), glm::vec3(0.1f)), out(bones.size());
  glm::vec3 root(0.0f);
  kin::MirrorPoseJob job;
  job.skeleton = &mirrorable.skeleton;
  job.map = &mirrorable.map;
  job.angles = angles;
  job.out_angles = out;
  job.out_root_offset_ms = &root;
  EXPECT_TRUE(job.Validate().ok());

  kin::MirrorPoseJob bad = job;
  bad.mode = static_cast<MirrorMode>(7);
  ExpectError(bad.Run(), "mode 7 is not one of the 3 modes");
  bad = job;
  bad.out_angles = angles;
  ExpectError(bad.Run(), "overlaps the input");
  bad = job;
  bad.angles = kin::Span<const glm::vec3>(angles.data(), 3);
  ExpectError(bad.Run(), "pose has 3 bones, expected 19");
  angles[4].y = NAN;
  ExpectError(job.Run(), "angles of bone 4 'head' are not finite");
  EXPECT_EQ(out[0], glm::vec3(0.0f));  // nothing written
  kin::MirrorMap wrong;
  bad = job;
  bad.map = &wrong;
  ExpectError(bad.Run(), "the mirror map has 0 bones, the skeleton 19");
}

}  // namespace
