// The rig description as the module's load() takes it from TypeScript
// (web/src/rig/rig-desc.ts flattenRigDesc): bone names, Euler order names
// and per-bone fields as flat arrays of numbers. The conversion to BoneDefs
// lives in the core, not in the bindings, so that the native tests and the
// fuzzers cover exactly what a page's description goes through.
#pragma once

#include <string>
#include <vector>

#include "kin/skeleton.h"
#include "kin/status.h"

namespace kin {

// The per-bone number fields, in the order FlatRigDesc::fields holds them.
enum class FlatField : int {
  kParents = 0,    // 1 per bone: an integer, -1 for a root
  kRestT,          // 3: rest translation, parent space
  kRestQ,          // 4: rest rotation x y z w
  kRestS,          // 3: rest scale
  kFrames,         // 4: joint frame x y z w
  kMinAngles,      // 3: per-slot lower limits, radians
  kMaxAngles,      // 3: per-slot upper limits, radians
  kTips,           // 3: tip, bone space
  kInverseBinds,   // 16 (optional): column-major inverse bind matrix
  kStiffness,      // 1 (optional)
  kSwingMax,       // 1 (optional)
  kTwistMin,       // 1 (optional)
  kTwistMax,       // 1 (optional)
  kIkRange,        // 3 (optional): how far IK turns each slot from the pose given
  kCount
};

struct FlatFieldInfo {
  const char* key;  // the description's property name ("restT")
  int per_bone;     // numbers per bone
  bool optional;    // may be absent (empty)
};
const FlatFieldInfo& FlatFieldInfoOf(FlatField field);

struct FlatRigDesc {
  std::vector<std::string> names;
  std::vector<std::string> orders;  // Euler order names ("XYZ"), one per bone
  std::vector<float> fields[static_cast<int>(FlatField::kCount)];
};

// Ok, or why `length` numbers cannot be `field` of a description of `bones`
// bones. The bindings ask before copying an array out of JavaScript, so an
// oversized one is refused rather than allocated.
Status CheckFlatFieldLength(FlatField field, int bones, double length);

// The BoneDefs the description gives (Skeleton::Build validates them
// further), or a status naming the field or the bone; *out is unchanged on
// failure.
Status BonesFromFlatRig(const FlatRigDesc& desc, std::vector<BoneDef>* out);

}  // namespace kin
