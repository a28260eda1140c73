// A bone map from a source skeleton onto a target skeleton: which source bone
// drives each target bone. Made by name (AutoMap), editable, and checked
// (ValidateBoneMap) before a retarget (kin/retarget/retarget_job.h).
#pragma once

#include <string>
#include <vector>

#include "kin/retarget/bone_role.h"
#include "kin/skeleton.h"
#include "kin/status.h"

namespace kin {

struct BoneMap {
  // Per target bone: the source bone that drives it, -1 when unmapped.
  std::vector<int> source_of_target;
};

// Maps by role (kin/retarget/bone_role.h): every role both skeletons have;
// then the spine chain (the bones strictly between hips and chest) and the
// neck chain (strictly between neck and head) by fraction of length along
// the chain, each source bone at most once. Other target bones stay -1.
// Fails only when either skeleton is empty.
Status AutoMap(const Skeleton& source, const Skeleton& target, BoneMap* out);

// Checks a map against its skeletons: one entry per target bone, every entry
// -1 or a source bone, no source bone mapped twice, every essential role of
// the target (hips; spine or chest; head; both sides' upper arm, lower arm,
// hand, upper leg, lower leg, foot) played by a bone that is mapped, and a
// mapped role-playing target bone not driven by a source bone that plays
// another role. The message names the target bone(s) and role(s) at fault.
Status ValidateBoneMap(const Skeleton& source, const Skeleton& target, const BoneMap& map);

// Every problem ValidateBoneMap would find, not only the first, for a mapping
// table that flags each row (empty when the map is valid). A map of the
// wrong size, or with an index outside the source, gives that one problem.
std::vector<std::string> BoneMapProblems(const Skeleton& source, const Skeleton& target, const BoneMap& map);

// The map read the other way: per source bone, the target bone it drives
// (-1 when none; the first one when a source bone is mapped twice, which
// ValidateBoneMap refuses). Entries outside [0, source_bone_count) are
// skipped. For posing the source into the target's reference pose
// (MatchReferencePose with the skeletons swapped).
BoneMap InvertBoneMap(const BoneMap& map, int source_bone_count);

}  // namespace kin
