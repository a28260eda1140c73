// Bone roles by name, automatic maps, and map validation (kin/retarget/
// bone_role.h, bone_map.h). Validation starts from a valid map and breaks
// one input at a time; each message must name the bone and role at fault.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kin/retarget/bone_map.h"
#include "kin/retarget/bone_role.h"
#include "retarget_fixtures.h"

namespace {

using kin::BoneRole;
using kin_test::HumanoidSpec;
using kin_test::Naming;

kin::Skeleton Build(const std::vector<kin::BoneDef>& bones) {
  kin::Skeleton skeleton;
  const kin::Status status = kin::Skeleton::Build(bones, &skeleton);
  EXPECT_TRUE(status.ok()) << status.message;
  return skeleton;
}

kin::Skeleton HumanoidSkeleton(Naming naming, int spine_bones = 2) {
  HumanoidSpec spec;
  spec.naming = naming;
  spec.spine_bones = spine_bones;
  return Build(kin_test::Humanoid(spec));
}

struct NameCase {
  const char* name;
  BoneRole role;
};

TEST(BoneRole, RecognisesTheConventions) {
  const NameCase cases[] = {
      // Ours.
      {"hips", BoneRole::kHips}, {"spine", BoneRole::kSpine}, {"chest", BoneRole::kChest}, {"neck", BoneRole::kNeck},
      {"head", BoneRole::kHead}, {"clavicle_l", BoneRole::kShoulderL}, {"upper_arm_l", BoneRole::kUpperArmL},
      {"forearm_l", BoneRole::kLowerArmL}, {"hand_l", BoneRole::kHandL}, {"thigh_r", BoneRole::kUpperLegR},
      {"shin_r", BoneRole::kLowerLegR}, {"foot_r", BoneRole::kFootR}, {"toes_r", BoneRole::kToesR},
      // The side as a word, a letter, a prefix or a suffix.
      {"LeftHand", BoneRole::kHandL}, {"RightHand", BoneRole::kHandR}, {"l_hand", BoneRole::kHandL},
      {"r_hand", BoneRole::kHandR}, {"Hand.L", BoneRole::kHandL}, {"Hand.R", BoneRole::kHandR},
      {"Hand_L", BoneRole::kHandL}, {"handL", BoneRole::kHandL}, {"HandR", BoneRole::kHandR},
      {"left_hand", BoneRole::kHandL}, {"upper_arm.L", BoneRole::kUpperArmL}, {"upper_armL", BoneRole::kUpperArmL},
      // Namespaces, and the one three.js's loader glues on.
      {"mixamorig:LeftHand", BoneRole::kHandL}, {"mixamorigLeftHand", BoneRole::kHandL},
      {"mixamorig1:RightFoot", BoneRole::kFootR}, {"thighl", BoneRole::kUpperLegL}, {"forearmr", BoneRole::kLowerArmR},
      {"upper_arml", BoneRole::kUpperArmL}, {"lhand", BoneRole::kHandL}, {"rfoot", BoneRole::kFootR}, {"mixamorig:Hips", BoneRole::kHips}, {"mixamorig:Spine", BoneRole::kSpine},
      // CMU BVH.
      {"Hips", BoneRole::kHips}, {"LowerBack", BoneRole::kSpine}, {"Neck", BoneRole::kNeck}, {"Head", BoneRole::kHead},
      {"LeftShoulder", BoneRole::kShoulderL}, {"LeftArm", BoneRole::kUpperArmL}, {"LeftForeArm", BoneRole::kLowerArmL},
      {"RightForeArm", BoneRole::kLowerArmR}, {"LeftUpLeg", BoneRole::kUpperLegL}, {"RightUpLeg", BoneRole::kUpperLegR},
      {"LeftLeg", BoneRole::kLowerLegL}, {"LeftFoot", BoneRole::kFootL}, {"LeftToeBase", BoneRole::kToesL},
      // Synonyms (Unreal, Blender, others).
      {"pelvis", BoneRole::kHips}, {"spine_01", BoneRole::kSpine}, {"upperarm_l", BoneRole::kUpperArmL},
      {"lowerarm_r", BoneRole::kLowerArmR}, {"calf_l", BoneRole::kLowerLegL}, {"ball_r", BoneRole::kToesR},
      {"thigh.L", BoneRole::kUpperLegL}, {"shin.R", BoneRole::kLowerLegR}, {"LeftKnee", BoneRole::kLowerLegL},
      {"RightElbow", BoneRole::kLowerArmR}, {"neck_01", BoneRole::kNeck},
      // Not roles: chain members, fingers, twist bones, sides missing or extra.
      {"Spine1", BoneRole::kCount}, {"spine_02", BoneRole::kCount}, {"mixamorig:Spine2", BoneRole::kCount},
      {"Neck1", BoneRole::kCount}, {"upper_chest", BoneRole::kCount}, {"LeftHandIndex1", BoneRole::kCount},
      {"upperarm_twist_01_l", BoneRole::kCount}, {"hand", BoneRole::kCount}, {"LeftHips", BoneRole::kCount},
      {"LeftHip", BoneRole::kUpperLegL}, {"RightHip", BoneRole::kUpperLegR}, {"hip", BoneRole::kHips},
      {"root", BoneRole::kCount}, {"", BoneRole::kCount}, {"rhips", BoneRole::kCount}, {"ballr", BoneRole::kToesR},
      {"collar", BoneRole::kCount}};
  for (const NameCase& c : cases)
    EXPECT_EQ(kin::RoleFromName(c.name), c.role) << c.name << " gave " << kin::BoneRoleName(kin::RoleFromName(c.name));
}

TEST(BoneRole, NamesAreTheContractOrder) {
  EXPECT_STREQ(kin::BoneRoleName(BoneRole::kHips), "hips");
  EXPECT_STREQ(kin::BoneRoleName(BoneRole::kLowerArmL), "lower_arm_l");
  EXPECT_STREQ(kin::BoneRoleName(BoneRole::kToesR), "toes_r");
  EXPECT_STREQ(kin::BoneRoleName(BoneRole::kCount), "???");
  // Every name reads back as its role.
  for (int r = 0; r < kin::kBoneRoleCount; ++r)
    EXPECT_EQ(kin::RoleFromName(kin::BoneRoleName(static_cast<BoneRole>(r))), static_cast<BoneRole>(r)) << r;
}

TEST(BoneRole, ChestAndSpineFallBackOnTheChain) {
  // CMU: LowerBack, Spine, Spine1 between the hips and the neck: the neck's
  // parent plays the chest, LowerBack the spine, Spine is a chain member.
  const kin::Skeleton cmu = HumanoidSkeleton(Naming::kCmu, 3);
  int roles[kin::kBoneRoleCount];
  kin::FindRoleBones(cmu, kin::Span<int>(roles, kin::kBoneRoleCount));
  EXPECT_EQ(cmu.name(roles[static_cast<int>(BoneRole::kChest)]), "Spine1");
  EXPECT_EQ(cmu.name(roles[static_cast<int>(BoneRole::kSpine)]), "LowerBack");
  EXPECT_EQ(cmu.name(roles[static_cast<int>(BoneRole::kHandR)]), "RightHand");
  // A single bone between hips and neck is the spine, and there is no chest.
  const kin::Skeleton short_spine = HumanoidSkeleton(Naming::kCmu, 1);
  kin::FindRoleBones(short_spine, kin::Span<int>(roles, kin::kBoneRoleCount));
  EXPECT_EQ(short_spine.name(roles[static_cast<int>(BoneRole::kSpine)]), "LowerBack");
  EXPECT_EQ(roles[static_cast<int>(BoneRole::kChest)], -1);
}

// Older BVH files: Collar, Shoulder (the upper arm), Elbow, Wrist and a
// "hand" below it; Hip (the thigh), Knee, Ankle, Toe. Names alone give the
// collar and the shoulder one role, and the wrist and the hand another: the
// order down each limb tells them apart. Without a collar the Shoulder is
// still the upper arm, since an Elbow hangs below it.
TEST(BoneRole, OlderBvhNamesTakeTheirStepDownTheLimb) {
  std::vector<kin::BoneDef> bones = kin_test::Humanoid([] {
    HumanoidSpec spec;
    spec.naming = Naming::kOlderBvh;
    return spec;
  }());
  const auto index = [&](const std::string& name) {
    for (std::size_t i = 0; i < bones.size(); ++i)
      if (bones[i].name == name) return static_cast<int>(i);
    return -1;
  };
  kin::BoneDef hand;
  hand.name = "lhand";
  hand.parent = index("LeftWrist");
  hand.rest_t = glm::vec3(0.1f, 0, 0);
  bones.push_back(hand);
  const kin::Skeleton older = Build(bones);
  int roles[kin::kBoneRoleCount];
  kin::FindRoleBones(older, kin::Span<int>(roles, kin::kBoneRoleCount));
  const auto played = [&](BoneRole role) { return roles[static_cast<int>(role)] < 0 ? std::string("none") : older.name(roles[static_cast<int>(role)]); };
  EXPECT_EQ(played(BoneRole::kShoulderL), "LeftCollar");
  EXPECT_EQ(played(BoneRole::kUpperArmL), "LeftShoulder");
  EXPECT_EQ(played(BoneRole::kLowerArmL), "LeftElbow");
  EXPECT_EQ(played(BoneRole::kHandL), "LeftWrist");
  EXPECT_EQ(played(BoneRole::kUpperArmR), "RightShoulder");
  EXPECT_EQ(played(BoneRole::kUpperLegL), "LeftHip");
  EXPECT_EQ(played(BoneRole::kLowerLegR), "RightKnee");
  EXPECT_EQ(played(BoneRole::kFootL), "LeftAnkle");
  EXPECT_EQ(played(BoneRole::kToesR), "RightToe");
  EXPECT_EQ(played(BoneRole::kChest), "Chest");
  // No collars: the Shoulders hang from the chest, and are still the upper arms.
  std::vector<kin::BoneDef> collarless = kin_test::Humanoid([] {
    HumanoidSpec spec;
    spec.naming = Naming::kOlderBvh;
    return spec;
  }());
  for (const char* side : {"Left", "Right"}) {
    for (kin::BoneDef& b : collarless)
      if (b.name == std::string(side) + "Collar") b.name = std::string(side) + "ArmRoot_00";
  }
  const kin::Skeleton bare = Build(collarless);
  kin::FindRoleBones(bare, kin::Span<int>(roles, kin::kBoneRoleCount));
  EXPECT_EQ(bare.name(roles[static_cast<int>(BoneRole::kUpperArmL)]), "LeftShoulder");
  EXPECT_EQ(roles[static_cast<int>(BoneRole::kShoulderL)], -1);
  // CMU's scheme keeps its roles: Shoulder is the collar there, Arm the upper arm.
  const kin::Skeleton cmu = HumanoidSkeleton(Naming::kCmu);
  kin::FindRoleBones(cmu, kin::Span<int>(roles, kin::kBoneRoleCount));
  EXPECT_EQ(cmu.name(roles[static_cast<int>(BoneRole::kShoulderL)]), "LeftShoulder");
  EXPECT_EQ(cmu.name(roles[static_cast<int>(BoneRole::kUpperArmL)]), "LeftArm");
}

TEST(AutoMap, MapsByRoleAcrossConventions) {
  const kin::Skeleton ours = HumanoidSkeleton(Naming::kOurs, 3);
  for (Naming naming : {Naming::kCmu, Naming::kMixamo}) {
    const kin::Skeleton source = HumanoidSkeleton(naming, 3);
    kin::BoneMap map;
    ASSERT_TRUE(kin::AutoMap(source, ours, &map).ok());
    ASSERT_EQ(map.source_of_target.size(), static_cast<std::size_t>(ours.bone_count()));
    // Same shape, same bone order: each bone maps onto its twin.
    for (int t = 0; t < ours.bone_count(); ++t)
      EXPECT_EQ(map.source_of_target[t], t) << ours.name(t) << " <- " << (map.source_of_target[t] >= 0 ? source.name(map.source_of_target[t]) : "-");
    EXPECT_TRUE(kin::ValidateBoneMap(source, ours, map).ok()) << kin::ValidateBoneMap(source, ours, map).message;
  }
}

TEST(AutoMap, MatchesSpineChainsByFraction) {
  // hips, spine, chest onto hips, spine, spine1, spine2, chest: the roles
  // map, the two bones between stay unmapped (nothing left to give them).
  const kin::Skeleton three = HumanoidSkeleton(Naming::kOurs, 2);
  const kin::Skeleton five = HumanoidSkeleton(Naming::kOurs, 4);
  kin::BoneMap map;
  ASSERT_TRUE(kin::AutoMap(three, five, &map).ok());
  const auto source_of = [&](const char* name) {
    const int s = map.source_of_target[five.FindBone(name)];
    return s < 0 ? std::string("-") : three.name(s);
  };
  EXPECT_EQ(source_of("spine"), "spine");
  EXPECT_EQ(source_of("chest"), "chest");
  EXPECT_EQ(source_of("spine1"), "-");
  EXPECT_EQ(source_of("spine2"), "-");
  // A 6-bone source chain (spine, spine1..spine4, chest) onto the 5-bone
  // target: the target's free chain bones (spine1, spine2) each take the
  // free source bone nearest their fraction of the way from hips to chest.
  const kin::Skeleton seven = HumanoidSkeleton(Naming::kOurs, 6);
  ASSERT_TRUE(kin::AutoMap(seven, five, &map).ok());
  const auto fraction = [](const kin::Skeleton& s, const char* name) {
    const int hips = s.FindBone("hips"), chest = s.FindBone("chest");
    const float total = s.bind_ms(chest)[3].y - s.bind_ms(hips)[3].y;
    return (s.bind_ms(s.FindBone(name))[3].y - s.bind_ms(hips)[3].y) / total;
  };
  for (const char* target_name : {"spine1", "spine2"}) {
    const int s = map.source_of_target[five.FindBone(target_name)];
    ASSERT_GE(s, 0) << target_name;
    // No other free source chain bone lies nearer along the chain.
    for (const char* other : {"spine1", "spine2", "spine3", "spine4"})
      EXPECT_LE(std::fabs(fraction(seven, seven.name(s).c_str()) - fraction(five, target_name)),
                std::fabs(fraction(seven, other) - fraction(five, target_name)) + 1e-6f)
          << target_name << " took " << seven.name(s) << " over " << other;
  }
  EXPECT_NE(map.source_of_target[five.FindBone("spine1")], map.source_of_target[five.FindBone("spine2")]);
}

// Validation: a valid map, then one input broken at a time.
class ValidateBoneMapTest : public ::testing::Test {
 protected:
  void SetUp() override {
    source_ = HumanoidSkeleton(Naming::kCmu, 3);
    target_ = HumanoidSkeleton(Naming::kOurs, 3);
    ASSERT_TRUE(kin::AutoMap(source_, target_, &map_).ok());
    ASSERT_TRUE(kin::ValidateBoneMap(source_, target_, map_).ok());
  }
  std::string Message(const kin::BoneMap& map) const {
    const kin::Status status = kin::ValidateBoneMap(source_, target_, map);
    EXPECT_FALSE(status.ok());
    return status.message;
  }
  int T(const char* name) const { return target_.FindBone(name); }
  kin::Skeleton source_, target_;
  kin::BoneMap map_;
};

TEST_F(ValidateBoneMapTest, WrongSize) {
  kin::BoneMap map = map_;
  map.source_of_target.pop_back();
  EXPECT_NE(Message(map).find("entries, the target has"), std::string::npos) << Message(map);
}

TEST_F(ValidateBoneMapTest, IndexOutOfRange) {
  for (int bad : {-2, 1000}) {
    kin::BoneMap map = map_;
    map.source_of_target[T("head")] = bad;
    const std::string m = Message(map);
    EXPECT_NE(m.find("target bone 'head'"), std::string::npos) << m;
    EXPECT_NE(m.find(std::to_string(bad)), std::string::npos) << m;
  }
}

TEST_F(ValidateBoneMapTest, SourceBoneMappedTwice) {
  kin::BoneMap map = map_;
  map.source_of_target[T("hand_r")] = map.source_of_target[T("hand_l")];
  const std::string m = Message(map);
  EXPECT_NE(m.find("'LeftHand' is mapped twice"), std::string::npos) << m;
  EXPECT_NE(m.find("'hand_l'"), std::string::npos) << m;
  EXPECT_NE(m.find("'hand_r'"), std::string::npos) << m;
}

TEST_F(ValidateBoneMapTest, EveryEssentialRoleUnmapped) {
  const char* essential[][2] = {{"hips", "hips"}, {"head", "head"}, {"upper_arm_l", "upper_arm_l"},
                                {"forearm_l", "lower_arm_l"}, {"hand_l", "hand_l"}, {"upper_arm_r", "upper_arm_r"},
                                {"forearm_r", "lower_arm_r"}, {"hand_r", "hand_r"}, {"thigh_l", "upper_leg_l"},
                                {"shin_l", "lower_leg_l"}, {"foot_l", "foot_l"}, {"thigh_r", "upper_leg_r"},
                                {"shin_r", "lower_leg_r"}, {"foot_r", "foot_r"}};
  for (const auto& bone_role : essential) {
    kin::BoneMap map = map_;
    map.source_of_target[T(bone_role[0])] = -1;
    const std::string m = Message(map);
    EXPECT_NE(m.find(std::string("target bone '") + bone_role[0] + "' (role " + bone_role[1] + ") is not mapped"),
              std::string::npos) << m;
  }
}

TEST_F(ValidateBoneMapTest, SpineOrChestIsEnough) {
  kin::BoneMap map = map_;
  map.source_of_target[T("spine")] = -1;
  EXPECT_TRUE(kin::ValidateBoneMap(source_, target_, map).ok());
  map.source_of_target[T("chest")] = -1;
  map.source_of_target[T("spine1")] = -1;
  const std::string m = Message(map);
  EXPECT_NE(m.find("target bone 'spine' (role spine) is not mapped, and no other spine or chest bone is"), std::string::npos) << m;
}

TEST_F(ValidateBoneMapTest, SidesSwapped) {
  kin::BoneMap map = map_;
  std::swap(map.source_of_target[T("hand_l")], map.source_of_target[T("hand_r")]);
  const std::string m = Message(map);
  EXPECT_NE(m.find("target bone 'hand_l' (role hand_l) is mapped to source bone 'RightHand', which plays role hand_r"),
            std::string::npos) << m;
}

TEST_F(ValidateBoneMapTest, TargetWithoutARoleBone) {
  std::vector<kin::BoneDef> bones = kin_test::Humanoid(HumanoidSpec());
  bones[kin_test::Find(bones, "hand_l")].name = "paw";
  const kin::Skeleton target = Build(bones);
  kin::BoneMap map;
  ASSERT_TRUE(kin::AutoMap(source_, target, &map).ok());
  const kin::Status status = kin::ValidateBoneMap(source_, target, map);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("the target has no bone for role hand_l"), std::string::npos) << status.message;
}

TEST_F(ValidateBoneMapTest, ProblemsListsEveryOne) {
  kin::BoneMap map = map_;
  map.source_of_target[T("hand_l")] = -1;
  map.source_of_target[T("foot_r")] = -1;
  map.source_of_target[T("toes_l")] = map.source_of_target[T("toes_r")];
  const std::vector<std::string> problems = kin::BoneMapProblems(source_, target_, map);
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_NE(problems[0].find("'RightToeBase' is mapped twice"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find("'hand_l' (role hand_l) is not mapped"), std::string::npos) << problems[1];
  EXPECT_NE(problems[2].find("'foot_r' (role foot_r) is not mapped"), std::string::npos) << problems[2];
  EXPECT_NE(problems[3].find("'toes_l' (role toes_l) is mapped to source bone 'RightToeBase', which plays role toes_r"),
            std::string::npos) << problems[3];
  EXPECT_TRUE(kin::BoneMapProblems(source_, target_, map_).empty());
  // The first problem is ValidateBoneMap's.
  EXPECT_EQ(problems[0], Message(map));
}

}  // namespace
