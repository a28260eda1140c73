#include "kin/skeleton.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "test_rigs.h"

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();

struct BrokenInput {
  const char* what;
  std::function<void(std::vector<kin::BoneDef>&)> breaks;
  const char* message;  // a part of the expected message
};

// Starts from a valid 19-bone humanoid and breaks one input at a time.
class SkeletonValidation : public testing::TestWithParam<BrokenInput> {};

TEST_P(SkeletonValidation, RejectsWithAMessageNamingTheBoneAndLeavesOutputUnchanged) {
  std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  kin::Skeleton out;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &out).ok());
  const int before = out.bone_count();
  GetParam().breaks(bones);
  const kin::Status status = kin::Skeleton::Build(bones, &out);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find(GetParam().message), std::string::npos)
      << "message was: " << status.message;
  EXPECT_EQ(out.bone_count(), before);
  EXPECT_EQ(out.name(7), "forearm_l");
}

INSTANTIATE_TEST_SUITE_P(
    EachBadInput, SkeletonValidation,
    testing::Values(
        BrokenInput{"parent_after", [](auto& b) { b[7].parent = 9; }, "bone 7 'forearm_l': parent 9"},
        BrokenInput{"parent_self", [](auto& b) { b[7].parent = 7; }, "parent-first order"},
        BrokenInput{"parent_below_minus_one", [](auto& b) { b[3].parent = -2; }, "bone 3 'neck': parent -2"},
        BrokenInput{"nan_translation", [](auto& b) { b[4].rest_t.y = kNaN; }, "'head': rest translation is not finite"},
        BrokenInput{"inf_translation", [](auto& b) { b[4].rest_t.x = INFINITY; }, "rest translation is not finite"},
        BrokenInput{"non_unit_rotation", [](auto& b) { b[2].rest_q = glm::quat(2, 0, 0, 0); }, "'chest': rest rotation"},
        BrokenInput{"zero_scale", [](auto& b) { b[5].rest_s.z = 0.0f; }, "'clavicle_l': rest scale is zero on axis 2"},
        BrokenInput{"nan_scale", [](auto& b) { b[5].rest_s.x = kNaN; }, "rest scale is not finite"},
        BrokenInput{"degenerate_frame", [](auto& b) { b[6].frame = glm::quat(0, 0, 0, 0); }, "degenerate frame"},
        BrokenInput{"bad_order", [](auto& b) { b[6].order = static_cast<kin::EulerOrder>(17); }, "Euler order 17"},
        BrokenInput{"min_above_max", [](auto& b) { b[14].min_angle.x = 3.0f; }, "'shin_l': limit min 3 > max 2.4 on slot 0"},
        BrokenInput{"nan_limit", [](auto& b) { b[1].max_angle.y = kNaN; }, "limits are not finite"},
        BrokenInput{"nan_tip", [](auto& b) { b[8].tip_bs.z = kNaN; }, "'hand_l': tip is not finite"},
        BrokenInput{"singular_inverse_bind", [](auto& b) { b[3].has_inverse_bind = true; b[3].inverse_bind = glm::mat4(0.0f); }, "inverse bind matrix is singular"},
        BrokenInput{"nan_inverse_bind", [](auto& b) { b[3].has_inverse_bind = true; b[3].inverse_bind[3][0] = kNaN; }, "inverse bind matrix is not finite"},
        BrokenInput{"empty_name", [](auto& b) { b[10].name.clear(); }, "bone 10 has an empty name"},
        BrokenInput{"long_name", [](auto& b) { b[11].name = std::string(129, 'n'); }, "bone 11: its name is 129 bytes long, more than the 128 a bone name may have (it starts 'nnnnnnnnnnnnnnnnnnnnnnnn…')"},
        BrokenInput{"duplicate_name", [](auto& b) { b[12].name = "hand_l"; }, "bone 12 'hand_l': the name is used"},
        BrokenInput{"overflowing_rest", [](auto& b) { for (auto& bone : b) bone.rest_s = glm::vec3(1e30f); }, "bone 0 'hips': rest scales multiply to 1e+30 along its chain"},
        BrokenInput{"scales_multiplying", [](auto& b) { for (auto& bone : b) bone.rest_s = glm::vec3(100.0f); }, "bone 2 'chest': rest scales multiply to 1e+06"},
        BrokenInput{"huge_inverse_bind", [](auto& b) { b[3].has_inverse_bind = true; b[3].inverse_bind[3][1] = 5e6f; }, "'neck': inverse bind matrix entry 13 is 5e+06"},
        BrokenInput{"no_bones", [](auto& b) { b.clear(); }, "no bones"}),
    [](const testing::TestParamInfo<BrokenInput>& info) { return std::string(info.param.what); });

TEST(Skeleton, KeepsArraysAndFindsBonesByName) {
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Humanoid(), &s).ok());
  EXPECT_EQ(s.bone_count(), 19);
  EXPECT_EQ(s.FindBone("hand_r"), 12);
  EXPECT_EQ(s.FindBone("tail"), -1);
  EXPECT_EQ(s.parent(0), -1);
  for (int i = 1; i < s.bone_count(); ++i) EXPECT_LT(s.parent(i), i);
}

// A name of exactly kMaxBoneNameBytes is a name; the message for a longer
// one quotes whole characters only (a 2-byte 'é' is never cut in half) and
// still fits the status with its reason.
TEST(Skeleton, BoundsNamesAndQuotesOnlyTheirStart) {
  std::vector<kin::BoneDef> bones = kin_test::Chain(2, 1.0f);
  bones[1].name = std::string(kin::kMaxBoneNameBytes, 'x');
  kin::Skeleton s;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &s).ok());
  std::string accented = "a";  // so that byte 24 falls inside an 'é'
  for (int i = 0; i < 1000; ++i) accented += "\xc3\xa9";  // é
  bones[1].name = accented;
  const kin::Status status = kin::Skeleton::Build(bones, &s);
  ASSERT_FALSE(status.ok());
  const std::string message = status.message;
  EXPECT_EQ(message, "bone 1: its name is 2001 bytes long, more than the 128 a bone name may have (it starts '" +
                         accented.substr(0, 23) + "\xe2\x80\xa6')");
}

TEST(Skeleton, NormalisesNearlyUnitQuaternions) {
  std::vector<kin::BoneDef> bones = kin_test::Chain(2, 1.0f);
  bones[1].rest_q = glm::quat(1.0004f, 0, 0, 0);
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
  EXPECT_FLOAT_EQ(glm::length(s.rest_q(1)), 1.0f);
}

}  // namespace

namespace {

TEST(Skeleton, BindSizeIsTheFarthestJointOrTipFromTheFirstRoot) {
  // A chain of three bones a third long along +Y: its last tip is 1 from the root.
  kin::Skeleton chain;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Chain(3, 1.0f), &chain).ok());
  EXPECT_NEAR(chain.bind_size(), 1.0f, 1e-6f);
  // A second root off to the side, 3 along +X with a tip 4 up: √(3² + 4²) = 5 from the first.
  std::vector<kin::BoneDef> bones = kin_test::Chain(3, 1.0f);
  kin::BoneDef side;
  side.name = "side";
  side.parent = -1;
  side.rest_t = glm::vec3(3.0f, 0.0f, 0.0f);
  side.tip_bs = glm::vec3(0.0f, 4.0f, 0.0f);
  bones.push_back(side);
  kin::Skeleton two_roots;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &two_roots).ok());
  EXPECT_NEAR(two_roots.bind_size(), 5.0f, 1e-5f);
  // One bone with no length: a point-sized rig measures in model units.
  kin::BoneDef point;
  point.name = "point";
  point.parent = -1;
  kin::Skeleton single;
  ASSERT_TRUE(kin::Skeleton::Build(std::vector<kin::BoneDef>{point}, &single).ok());
  EXPECT_EQ(single.bind_size(), 1.0f);
}

}  // namespace
