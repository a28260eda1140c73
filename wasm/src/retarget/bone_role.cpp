#include "kin/retarget/bone_role.h"

#include <cctype>
#include <cstring>

namespace kin {
namespace {

constexpr const char* kRoleNames[kBoneRoleCount] = {
    "hips", "spine", "chest", "neck", "head",
    "shoulder_l", "upper_arm_l", "lower_arm_l", "hand_l",
    "shoulder_r", "upper_arm_r", "lower_arm_r", "hand_r",
    "upper_leg_l", "lower_leg_l", "foot_l", "toes_l",
    "upper_leg_r", "lower_leg_r", "foot_r", "toes_r"};

enum class Side { kNone, kLeft, kRight };

// A body part without its side, as the name table knows it.
// kHip: "hip" alone is the hips; with a side (LeftHip, as older BVH files
// name the thigh) the upper leg.
enum class Part { kNone, kHips, kHip, kSpine, kChest, kNeck, kHead, kShoulder, kUpperArm, kLowerArm, kHand,
                  kUpperLeg, kLowerLeg, kFoot, kToes };

struct PartName {
  const char* name;  // lower case, no separators
  Part part;
};
constexpr PartName kPartNames[] = {
    {"hips", Part::kHips}, {"hip", Part::kHip}, {"pelvis", Part::kHips},
    {"spine", Part::kSpine}, {"lowerback", Part::kSpine},
    {"chest", Part::kChest},
    {"neck", Part::kNeck},
    {"head", Part::kHead},
    {"shoulder", Part::kShoulder}, {"clavicle", Part::kShoulder}, {"collar", Part::kShoulder},
    {"upperarm", Part::kUpperArm}, {"arm", Part::kUpperArm}, {"uparm", Part::kUpperArm},
    {"lowerarm", Part::kLowerArm}, {"forearm", Part::kLowerArm}, {"elbow", Part::kLowerArm},
    {"hand", Part::kHand}, {"wrist", Part::kHand},
    {"upperleg", Part::kUpperLeg}, {"upleg", Part::kUpperLeg}, {"thigh", Part::kUpperLeg},
    {"lowerleg", Part::kLowerLeg}, {"leg", Part::kLowerLeg}, {"calf", Part::kLowerLeg}, {"shin", Part::kLowerLeg},
    {"knee", Part::kLowerLeg},
    {"foot", Part::kFoot}, {"ankle", Part::kFoot},
    {"toes", Part::kToes}, {"toe", Part::kToes}, {"toebase", Part::kToes}, {"ball", Part::kToes}};

bool IsSeparator(char c) { return c == '_' || c == '.' || c == '-' || c == ' '; }
bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool IsLower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
char Lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

Side SideOfToken(const std::string& lower) {
  if (lower == "l" || lower == "left") return Side::kLeft;
  if (lower == "r" || lower == "right") return Side::kRight;
  return Side::kNone;
}

// Splits `name` (namespace removed) into its side and the rest, lower case
// without separators: a separate token (hand_l, l_hand, Hand.L), a word
// prefix (LeftHand, left_hand), a capital letter glued to a word (handL,
// LHand).
void SplitSide(const std::string& name, Side* side, std::string* rest) {
  *side = Side::kNone;
  rest->clear();
  std::size_t begin = 0;
  while (begin < name.size()) {
    std::size_t end = begin;
    while (end < name.size() && !IsSeparator(name[end])) ++end;
    std::string token = name.substr(begin, end - begin);
    std::string lower;
    for (char c : token) lower += Lower(c);
    const Side token_side = SideOfToken(lower);
    if (token_side != Side::kNone && *side == Side::kNone) {
      *side = token_side;
    } else {
      *rest += lower;
    }
    begin = end + 1;
  }
  if (*side != Side::kNone) return;
  for (const char* prefix : {"left", "right"}) {
    const std::size_t n = std::strlen(prefix);
    if (rest->size() > n && rest->compare(0, n, prefix) == 0) {
      *side = prefix[0] == 'l' ? Side::kLeft : Side::kRight;
      rest->erase(0, n);
      return;
    }
  }
  // Only the original's capitals tell handL from a word that ends in l.
  std::string bare;
  for (char c : name)
    if (!IsSeparator(c)) bare += c;
  const std::size_t n = bare.size();
  if (n >= 3 && (bare[n - 1] == 'L' || bare[n - 1] == 'R') && IsLower(bare[n - 2])) {
    *side = bare[n - 1] == 'L' ? Side::kLeft : Side::kRight;
    rest->pop_back();
  } else if (n >= 3 && (bare[0] == 'L' || bare[0] == 'R') && IsUpper(bare[1]) && IsLower(bare[2])) {
    *side = bare[0] == 'L' ? Side::kLeft : Side::kRight;
    rest->erase(0, 1);
  }
}

// The part a lower-case, separator-free name stands for, or kNone.
Part FindPart(const std::string& name) {
  for (const PartName& p : kPartNames)
    if (name == p.name) return p.part;
  return Part::kNone;
}

BoneRole SidedRole(Part part, Side side) {
  if (side == Side::kNone) return BoneRole::kCount;
  const bool left = side == Side::kLeft;
  switch (part) {
    case Part::kShoulder: return left ? BoneRole::kShoulderL : BoneRole::kShoulderR;
    case Part::kUpperArm: return left ? BoneRole::kUpperArmL : BoneRole::kUpperArmR;
    case Part::kLowerArm: return left ? BoneRole::kLowerArmL : BoneRole::kLowerArmR;
    case Part::kHand: return left ? BoneRole::kHandL : BoneRole::kHandR;
    case Part::kUpperLeg: return left ? BoneRole::kUpperLegL : BoneRole::kUpperLegR;
    case Part::kLowerLeg: return left ? BoneRole::kLowerLegL : BoneRole::kLowerLegR;
    case Part::kFoot: return left ? BoneRole::kFootL : BoneRole::kFootR;
    case Part::kToes: return left ? BoneRole::kToesL : BoneRole::kToesR;
    default: return BoneRole::kCount;
  }
}

bool IsAncestor(const Skeleton& skeleton, int ancestor, int bone) {
  for (int b = skeleton.parent(bone); b >= 0; b = skeleton.parent(b))
    if (b == ancestor) return true;
  return false;
}

// The name without a namespace: what follows the last ':', or a leading
// "mixamorig" (and its number), which three.js's glTF loader glues to the
// name when it strips the colon (mixamorigLeftHand).
std::string WithoutNamespace(const std::string& name) {
  const std::size_t colon = name.rfind(':');
  if (colon != std::string::npos) return name.substr(colon + 1);
  static const char kMixamo[] = "mixamorig";
  const std::size_t n = sizeof(kMixamo) - 1;
  if (name.size() <= n) return name;
  for (std::size_t i = 0; i < n; ++i)
    if (Lower(name[i]) != kMixamo[i]) return name;
  std::size_t begin = n;
  while (begin < name.size() && std::isdigit(static_cast<unsigned char>(name[begin]))) ++begin;
  return name.substr(begin);
}

}  // namespace

const char* BoneRoleName(BoneRole role) {
  const int i = static_cast<int>(role);
  return i >= 0 && i < kBoneRoleCount ? kRoleNames[i] : "???";
}

BoneRole RoleFromName(const std::string& name) {
  Side side;
  std::string rest;
  SplitSide(WithoutNamespace(name), &side, &rest);
  // A trailing number: "spine", "spine0", "spine_01" are the spine itself,
  // Spine1, spine_02 the bones above it in the chain (Mixamo counts from
  // none, Unreal from 01).
  std::size_t digits = rest.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(rest[digits - 1]))) --digits;
  const std::string number = rest.substr(digits);
  rest.resize(digits);
  const bool first = number.empty() || number.find_first_not_of('0') == std::string::npos ||
                     (number.size() > 1 && number.find_first_not_of('0') == number.size() - 1 && number.back() == '1');
  if (!first) return BoneRole::kCount;
  Part part = FindPart(rest);
  // A side letter glued on in lower case, where the name means nothing
  // without it: three.js's glTF loader turns thigh.l into thighl.
  if (part == Part::kNone && side == Side::kNone && rest.size() > 1) {
    const char last = rest.back(), first_letter = rest.front();
    if ((last == 'l' || last == 'r') && FindPart(rest.substr(0, rest.size() - 1)) != Part::kNone) {
      side = last == 'l' ? Side::kLeft : Side::kRight;
      part = FindPart(rest.substr(0, rest.size() - 1));
    } else if ((first_letter == 'l' || first_letter == 'r') && FindPart(rest.substr(1)) != Part::kNone) {
      side = first_letter == 'l' ? Side::kLeft : Side::kRight;
      part = FindPart(rest.substr(1));
    }
  }
  switch (part) {
    case Part::kNone: return BoneRole::kCount;
    case Part::kHips: return side == Side::kNone ? BoneRole::kHips : BoneRole::kCount;
    case Part::kHip: return side == Side::kNone ? BoneRole::kHips : SidedRole(Part::kUpperLeg, side);
    case Part::kSpine: return side == Side::kNone ? BoneRole::kSpine : BoneRole::kCount;
    case Part::kChest: return side == Side::kNone ? BoneRole::kChest : BoneRole::kCount;
    case Part::kNeck: return side == Side::kNone ? BoneRole::kNeck : BoneRole::kCount;
    case Part::kHead: return side == Side::kNone ? BoneRole::kHead : BoneRole::kCount;
    default: return SidedRole(part, side);
  }
}

namespace {

// The four limbs, each its roles from the body outward.
constexpr BoneRole kLimbs[4][4] = {
    {BoneRole::kShoulderL, BoneRole::kUpperArmL, BoneRole::kLowerArmL, BoneRole::kHandL},
    {BoneRole::kShoulderR, BoneRole::kUpperArmR, BoneRole::kLowerArmR, BoneRole::kHandR},
    {BoneRole::kUpperLegL, BoneRole::kLowerLegL, BoneRole::kFootL, BoneRole::kToesL},
    {BoneRole::kUpperLegR, BoneRole::kLowerLegR, BoneRole::kFootR, BoneRole::kToesR}};

// Where `role` lies on a limb: limb and step (from the body), or false.
bool LimbStep(BoneRole role, int* limb, int* step) {
  for (int l = 0; l < 4; ++l)
    for (int k = 0; k < 4; ++k)
      if (kLimbs[l][k] == role) {
        *limb = l;
        *step = k;
        return true;
      }
  return false;
}

// Names read alone can repeat a step of a limb: older BVH files call the
// collar "Collar", the upper arm "Shoulder", the forearm "Elbow" and the
// hand "Wrist", and hang a "hand" below the wrist. Down a limb the steps go
// outward, so a bone whose nearest ancestor on its limb is at its step or
// beyond is the step after that one (or no role past the last): Collar,
// Shoulder, Elbow, Wrist, hand are shoulder, upper arm, lower arm, hand and
// none. A limb with a shoulder and a lower arm below it but no upper arm
// (Shoulder, Elbow, Wrist) calls its upper arm the shoulder.
void OrderLimbSteps(const Skeleton& skeleton, Span<BoneRole> roles) {
  const int n = static_cast<int>(roles.size);
  for (int b = 0; b < n; ++b) {
    int limb, step;
    if (!LimbStep(roles[b], &limb, &step)) continue;
    for (int a = skeleton.parent(b); a >= 0; a = skeleton.parent(a)) {
      int above_limb, above;
      if (!LimbStep(roles[a], &above_limb, &above) || above_limb != limb) continue;
      if (above >= step) roles[b] = above + 1 < 4 ? kLimbs[limb][above + 1] : BoneRole::kCount;
      break;
    }
  }
  for (int limb = 0; limb < 2; ++limb) {
    bool has_upper = false;
    for (int b = 0; b < n; ++b) has_upper = has_upper || roles[b] == kLimbs[limb][1];
    if (has_upper) continue;
    for (int b = 0; b < n; ++b) {
      if (roles[b] != kLimbs[limb][2]) continue;
      for (int a = skeleton.parent(b); a >= 0; a = skeleton.parent(a)) {
        if (roles[a] != kLimbs[limb][0]) continue;
        roles[a] = kLimbs[limb][1];
        break;
      }
      break;
    }
  }
}

}  // namespace

void FindRoleBones(const Skeleton& skeleton, Span<int> bone_of_role) {
  for (int r = 0; r < kBoneRoleCount; ++r) bone_of_role[r] = -1;
  // On the stack: a map's validation runs in RetargetJob::Run, which allocates nothing.
  BoneRole roles[kMaxBones];
  const int n = skeleton.bone_count() < kMaxBones ? skeleton.bone_count() : kMaxBones;
  for (int b = 0; b < n; ++b) roles[b] = RoleFromName(skeleton.name(b));
  OrderLimbSteps(skeleton, Span<BoneRole>(roles, static_cast<std::size_t>(n)));
  for (int b = 0; b < n; ++b) {
    const BoneRole role = roles[b];
    if (role != BoneRole::kCount && bone_of_role[static_cast<int>(role)] < 0) bone_of_role[static_cast<int>(role)] = b;
  }
  const int hips = bone_of_role[static_cast<int>(BoneRole::kHips)];
  const int neck = bone_of_role[static_cast<int>(BoneRole::kNeck)];
  int& spine = bone_of_role[static_cast<int>(BoneRole::kSpine)];
  int& chest = bone_of_role[static_cast<int>(BoneRole::kChest)];
  if (chest < 0 && neck >= 0) {
    const int below_neck = skeleton.parent(neck);
    const bool spine_bone = below_neck >= 0 && below_neck != hips && below_neck != spine &&
                            (hips < 0 || IsAncestor(skeleton, hips, below_neck));
    if (spine_bone) chest = below_neck;
  }
  if (spine < 0 && chest >= 0 && hips >= 0 && IsAncestor(skeleton, hips, chest)) {
    int b = chest;
    while (skeleton.parent(b) != hips) b = skeleton.parent(b);
    if (b != chest) spine = b;
  }
}

}  // namespace kin
