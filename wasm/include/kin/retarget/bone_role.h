// Bone roles: what a bone is in a humanoid (hips, left hand, …), told from
// its name, so that two skeletons named by different conventions can be
// mapped onto each other (kin/retarget/bone_map.h). The role order is the
// contract's (contract boneRoles, web/src/rig/retarget.ts).
#pragma once

#include <string>

#include "kin/skeleton.h"
#include "kin/span.h"

namespace kin {

enum class BoneRole : int {
  kHips = 0, kSpine, kChest, kNeck, kHead,
  kShoulderL, kUpperArmL, kLowerArmL, kHandL,
  kShoulderR, kUpperArmR, kLowerArmR, kHandR,
  kUpperLegL, kLowerLegL, kFootL, kToesL,
  kUpperLegR, kLowerLegR, kFootR, kToesR,
  kCount
};
constexpr int kBoneRoleCount = static_cast<int>(BoneRole::kCount);

// "hips", "spine", …, "toes_r"; "???" for invalid values.
const char* BoneRoleName(BoneRole role);

// The role a bone name stands for, or kCount. Recognises our character's
// names (hips, spine, chest, neck, head, clavicle_l, upper_arm_l, forearm_l,
// hand_l, thigh_l, shin_l, foot_l, toes_l); the side written as a prefix or
// suffix in any case and separator (LeftHand, l_hand, hand_l, Hand.L, Hand_L,
// handL), or glued on in lower case (thighl, lhand: three.js's glTF loader
// drops the dot of thigh.l); a namespace before a colon (mixamorig:LeftHand)
// or glued on where the loader dropped the colon (mixamorigLeftHand); CMU BVH
// names (Hips, LowerBack, Spine, Neck, Head, LeftShoulder, LeftArm,
// LeftForeArm, LeftHand, LeftUpLeg, LeftLeg, LeftFoot, LeftToeBase); and the
// synonyms thigh/upleg, calf/shin/knee/leg, upperarm/arm, lowerarm/forearm/
// elbow, clavicle/collar/shoulder, toe/toebase/ball. Numbered spine and neck
// bones (Spine1, spine_02, Neck1), upper_chest, fingers and twist bones are
// not roles: they are chain members or stay unmapped.
BoneRole RoleFromName(const std::string& name);

// Per role, the bone of `skeleton` that plays it (-1: none), into
// bone_of_role (kBoneRoleCount entries). Of several bones with one role the
// first in parent-first order plays it (CMU's LowerBack before its Spine).
// Without a bone named for the chest, the neck's parent plays it when it is
// a spine bone below the neck (not the hips); without a spine, the first
// bone on the way from the hips to the chest.
void FindRoleBones(const Skeleton& skeleton, Span<int> bone_of_role);

}  // namespace kin
