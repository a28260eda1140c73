// The module's rig description (flat arrays, kin/flat_rig.h) into BoneDefs:
// a hand-written two-bone description gives the fields it spells out, and
// breaking one input at a time names the field or the bone and leaves the
// output as it was.
#include "kin/flat_rig.h"

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

using kin::FlatField;

std::vector<float>& Field(kin::FlatRigDesc& desc, FlatField f) { return desc.fields[static_cast<int>(f)]; }

// Bone 0 'hip' at (0, 1, 0) turned 90° about z (x y z w = 0 0 √½ √½), scale
// 2; bone 1 'knee' under it, ZYX, limits [-1, 0.5] on slot 1, tip (0, -0.4, 0).
kin::FlatRigDesc TwoBones() {
  const float h = 0.70710678f, pi = 3.14159265f;
  kin::FlatRigDesc d;
  d.names = {"hip", "knee"};
  d.orders = {"XYZ", "ZYX"};
  Field(d, FlatField::kParents) = {-1, 0};
  Field(d, FlatField::kRestT) = {0, 1, 0, 0, -0.5f, 0};
  Field(d, FlatField::kRestQ) = {0, 0, h, h, 0, 0, 0, 1};
  Field(d, FlatField::kRestS) = {2, 2, 2, 1, 1, 1};
  Field(d, FlatField::kFrames) = {0, 0, 0, 1, 0, 0, 0, 1};
  Field(d, FlatField::kMinAngles) = {-pi, -pi, -pi, -pi, -1, -pi};
  Field(d, FlatField::kMaxAngles) = {pi, pi, pi, pi, 0.5f, pi};
  Field(d, FlatField::kTips) = {0, -0.5f, 0, 0, -0.4f, 0};
  return d;
}

TEST(FlatRig, GivesTheBonesItSpellsOut) {
  std::vector<kin::BoneDef> bones;
  const kin::Status status = kin::BonesFromFlatRig(TwoBones(), &bones);
  ASSERT_TRUE(status.ok()) << status.message;
  ASSERT_EQ(bones.size(), 2u);
  EXPECT_EQ(bones[0].name, "hip");
  EXPECT_EQ(bones[0].parent, -1);
  EXPECT_EQ(bones[1].parent, 0);
  EXPECT_EQ(bones[0].rest_t, glm::vec3(0, 1, 0));
  // glm's quaternion takes w first: the description's x y z w is (0, 0, h, h).
  EXPECT_FLOAT_EQ(bones[0].rest_q.w, 0.70710678f);
  EXPECT_FLOAT_EQ(bones[0].rest_q.z, 0.70710678f);
  EXPECT_EQ(bones[0].rest_q.x, 0.0f);
  EXPECT_EQ(bones[0].rest_s, glm::vec3(2.0f));
  EXPECT_EQ(bones[1].order, kin::EulerOrder::kZYX);
  EXPECT_EQ(bones[1].min_angle[1], -1.0f);
  EXPECT_EQ(bones[1].max_angle[1], 0.5f);
  EXPECT_EQ(bones[1].tip_bs, glm::vec3(0, -0.4f, 0));
  // Optional fields absent: the defaults.
  EXPECT_FALSE(bones[1].has_inverse_bind);
  EXPECT_EQ(bones[1].stiffness, kin::DefaultBoneDef().stiffness);
  EXPECT_EQ(bones[1].swing_max, kin::DefaultBoneDef().swing_max);
}

TEST(FlatRig, ReadsTheOptionalFieldsWhenGiven) {
  kin::FlatRigDesc d = TwoBones();
  Field(d, FlatField::kStiffness) = {2, 3};
  Field(d, FlatField::kSwingMax) = {0.5f, 0.6f};
  Field(d, FlatField::kTwistMin) = {-0.1f, -0.2f};
  Field(d, FlatField::kTwistMax) = {0.1f, 0.2f};
  std::vector<float>& binds = Field(d, FlatField::kInverseBinds);
  for (int i = 0; i < 32; ++i) binds.push_back(static_cast<float>(i));
  std::vector<kin::BoneDef> bones;
  ASSERT_TRUE(kin::BonesFromFlatRig(d, &bones).ok());
  EXPECT_EQ(bones[1].stiffness, 3.0f);
  EXPECT_EQ(bones[1].swing_max, 0.6f);
  EXPECT_EQ(bones[1].twist_min, -0.2f);
  EXPECT_EQ(bones[1].twist_max, 0.2f);
  ASSERT_TRUE(bones[1].has_inverse_bind);
  // Column-major: number 16 + 4c + r is column c, row r.
  EXPECT_EQ(bones[1].inverse_bind[2][1], 16.0f + 4 * 2 + 1);
}

struct Break {
  const char* what;
  std::function<void(kin::FlatRigDesc&)> apply;
  const char* message;
};

class FlatRigValidation : public ::testing::TestWithParam<Break> {};

TEST_P(FlatRigValidation, NamesTheProblemAndLeavesTheOutput) {
  kin::FlatRigDesc d = TwoBones();
  GetParam().apply(d);
  std::vector<kin::BoneDef> bones(1);
  bones[0].name = "untouched";
  const kin::Status status = kin::BonesFromFlatRig(d, &bones);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find(GetParam().message), std::string::npos) << status.message;
  ASSERT_EQ(bones.size(), 1u);
  EXPECT_EQ(bones[0].name, "untouched");
}

const float kNaN = std::numeric_limits<float>::quiet_NaN();

INSTANTIATE_TEST_SUITE_P(
    BreakOneInput, FlatRigValidation,
    ::testing::Values(
        Break{"no bones", [](kin::FlatRigDesc& d) { d = kin::FlatRigDesc(); }, "a rig needs at least one bone"},
        Break{"too many bones", [](kin::FlatRigDesc& d) { d.names.resize(kin::kMaxBones + 1, "b"); },
              "4097 bones is more than the 4096 supported"},
        Break{"a short field", [](kin::FlatRigDesc& d) { Field(d, FlatField::kRestQ).pop_back(); },
              "restQ has 7 numbers, expected 8 (4 per bone)"},
        Break{"a long optional field", [](kin::FlatRigDesc& d) { Field(d, FlatField::kStiffness) = {1, 1, 1}; },
              "stiffness has 3 numbers, expected 2 (1 per bone)"},
        Break{"orders missing one", [](kin::FlatRigDesc& d) { d.orders.pop_back(); }, "orders must be an array of 2 Euler order names"},
        Break{"an unknown order", [](kin::FlatRigDesc& d) { d.orders[1] = "XXY"; }, "bone 1 'knee': Euler order 'XXY' is not one of"},
        Break{"a fractional parent", [](kin::FlatRigDesc& d) { Field(d, FlatField::kParents)[1] = 0.5f; },
              "bone 1 'knee': parent 0.5 is not a bone index (an integer in [-1, 2))"},
        Break{"a NaN parent", [](kin::FlatRigDesc& d) { Field(d, FlatField::kParents)[1] = kNaN; },
              "bone 1 'knee': parent nan is not a bone index"},
        // Beyond int's range: converting it would be undefined behaviour.
        Break{"a huge parent", [](kin::FlatRigDesc& d) { Field(d, FlatField::kParents)[1] = 1e30f; },
              "bone 1 'knee': parent 1e+30 is not a bone index"},
        Break{"a parent of -2", [](kin::FlatRigDesc& d) { Field(d, FlatField::kParents)[0] = -2; },
              "bone 0 'hip': parent -2 is not a bone index"}),
    [](const ::testing::TestParamInfo<Break>& info) {
      std::string name = info.param.what;
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

TEST(FlatRig, LengthIsCheckedBeforeCopying) {
  EXPECT_TRUE(kin::CheckFlatFieldLength(FlatField::kTips, 10, 30).ok());
  EXPECT_TRUE(kin::CheckFlatFieldLength(FlatField::kInverseBinds, 10, 0).ok());  // optional: absent
  EXPECT_STREQ(kin::CheckFlatFieldLength(FlatField::kRestT, 10, 1e9).message, "restT has 1000000000 numbers, expected 30 (3 per bone)");
  EXPECT_STREQ(kin::CheckFlatFieldLength(FlatField::kTips, 10, 0).message, "tips has 0 numbers, expected 30 (3 per bone)");
}

}  // namespace
