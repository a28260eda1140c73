#include "kin/retarget/bone_map.h"

#include <cmath>
#include <string>

namespace kin {
namespace {

constexpr int kMaxChain = 64;

// The bones strictly between `top` and `bottom` (an ancestor of it), top
// first, with each one's fraction of the way from top's origin to bottom's
// (bind pose, along the chain's origins). Empty when `top` is not an
// ancestor of `bottom`, or the chain is longer than kMaxChain.
struct Chain {
  int count = 0;
  int bones[kMaxChain];
  float fraction[kMaxChain];
};

Chain ChainBetween(const Skeleton& skeleton, int top, int bottom) {
  Chain chain;
  if (top < 0 || bottom < 0) return chain;
  int reversed[kMaxChain];
  int n = 0;
  int b = skeleton.parent(bottom);
  while (b >= 0 && b != top) {
    if (n == kMaxChain) return chain;
    reversed[n++] = b;
    b = skeleton.parent(b);
  }
  if (b != top) return chain;
  auto origin = [&](int bone) { return glm::vec3(skeleton.bind_ms(bone)[3]); };
  float along[kMaxChain];
  float length = 0.0f;
  glm::vec3 previous = origin(top);
  for (int i = 0; i < n; ++i) {
    const int bone = reversed[n - 1 - i];
    length += glm::length(origin(bone) - previous);
    along[i] = length;
    previous = origin(bone);
    chain.bones[i] = bone;
  }
  length += glm::length(origin(bottom) - previous);
  for (int i = 0; i < n; ++i) chain.fraction[i] = length > 0.0f ? along[i] / length : (i + 1.0f) / (n + 1.0f);
  chain.count = n;
  return chain;
}

// Maps the chain bones the roles left unmapped by fraction: each bone of the
// shorter side (counting only free bones) takes the nearest free bone of the
// other, so that no source bone is used twice.
void MatchChains(const Chain& source, const Chain& target, std::vector<int>& source_of_target,
                 std::vector<char>& source_used) {
  int free_source = 0, free_target = 0;
  for (int i = 0; i < source.count; ++i) free_source += source_used[source.bones[i]] ? 0 : 1;
  for (int i = 0; i < target.count; ++i) free_target += source_of_target[target.bones[i]] < 0 ? 1 : 0;
  const bool by_source = free_source <= free_target;
  const Chain& from = by_source ? source : target;
  const Chain& to = by_source ? target : source;
  auto free = [&](const Chain& chain, int i) {
    return &chain == &source ? !source_used[chain.bones[i]] : source_of_target[chain.bones[i]] < 0;
  };
  for (int i = 0; i < from.count; ++i) {
    if (!free(from, i)) continue;
    int best = -1;
    for (int j = 0; j < to.count; ++j)
      if (free(to, j) && (best < 0 || std::fabs(to.fraction[j] - from.fraction[i]) < std::fabs(to.fraction[best] - from.fraction[i])))
        best = j;
    if (best < 0) return;
    const int s = by_source ? from.bones[i] : to.bones[best];
    const int t = by_source ? to.bones[best] : from.bones[i];
    source_of_target[t] = s;
    source_used[s] = 1;
  }
}

constexpr BoneRole kEssential[] = {
    BoneRole::kHips, BoneRole::kHead,
    BoneRole::kUpperArmL, BoneRole::kLowerArmL, BoneRole::kHandL, BoneRole::kUpperArmR, BoneRole::kLowerArmR, BoneRole::kHandR,
    BoneRole::kUpperLegL, BoneRole::kLowerLegL, BoneRole::kFootL, BoneRole::kUpperLegR, BoneRole::kLowerLegR, BoneRole::kFootR};

}  // namespace

Status AutoMap(const Skeleton& source, const Skeleton& target, BoneMap* out) {
  if (source.bone_count() == 0) return Status::Invalid("auto map: the source skeleton has no bones");
  if (target.bone_count() == 0) return Status::Invalid("auto map: the target skeleton has no bones");
  int source_roles[kBoneRoleCount], target_roles[kBoneRoleCount];
  FindRoleBones(source, Span<int>(source_roles, kBoneRoleCount));
  FindRoleBones(target, Span<int>(target_roles, kBoneRoleCount));
  std::vector<int> map(static_cast<std::size_t>(target.bone_count()), -1);
  std::vector<char> used(static_cast<std::size_t>(source.bone_count()), 0);
  for (int r = 0; r < kBoneRoleCount; ++r) {
    if (source_roles[r] < 0 || target_roles[r] < 0) continue;
    map[target_roles[r]] = source_roles[r];
    used[source_roles[r]] = 1;
  }
  const auto role = [](const int* roles, BoneRole r) { return roles[static_cast<int>(r)]; };
  for (const auto& ends : {std::make_pair(BoneRole::kHips, BoneRole::kChest), std::make_pair(BoneRole::kNeck, BoneRole::kHead)}) {
    MatchChains(ChainBetween(source, role(source_roles, ends.first), role(source_roles, ends.second)),
                ChainBetween(target, role(target_roles, ends.first), role(target_roles, ends.second)), map, used);
  }
  out->source_of_target = std::move(map);
  return Status::Ok();
}

namespace {

// Reports each problem of the map to `problem` (a Status naming it) until
// that returns false; the size and index checks stop at the first.
template <typename Report>
void CheckBoneMap(const Skeleton& source, const Skeleton& target, const BoneMap& map, Report problem) {
  const std::vector<int>& m = map.source_of_target;
  const int n = target.bone_count();
  if (m.size() != static_cast<std::size_t>(n)) {
    problem(Status::Invalid("bone map has %zu entries, the target has %d bones", m.size(), n));
    return;
  }
  for (int t = 0; t < n; ++t) {
    if (m[t] < -1 || m[t] >= source.bone_count()) {
      problem(Status::Invalid("target bone '%s' is mapped to source bone %d, outside [0, %d) (or -1: unmapped)",
                              target.name(t).c_str(), m[t], source.bone_count()));
      return;
    }
  }
  // Pairwise, not with a table per source bone: the retarget job validates
  // its map inside Run, which allocates nothing.
  for (int t = 0; t < n; ++t) {
    const int s = m[t];
    if (s < 0) continue;
    int first = t;
    for (int u = 0; u < t && first == t; ++u)
      if (m[u] == s) first = u;
    if (first != t &&
        !problem(Status::Invalid("source bone '%s' is mapped twice: by target bones '%s' and '%s'", source.name(s).c_str(),
                                 target.name(first).c_str(), target.name(t).c_str())))
      return;
  }
  int target_roles[kBoneRoleCount], source_roles[kBoneRoleCount];
  FindRoleBones(target, Span<int>(target_roles, kBoneRoleCount));
  FindRoleBones(source, Span<int>(source_roles, kBoneRoleCount));
  // The role a source bone plays (-1: none), to catch a left hand driven by a right one.
  const auto source_role = [&](int s) {
    for (int r = 0; r < kBoneRoleCount; ++r)
      if (source_roles[r] == s) return r;
    return -1;
  };

  for (BoneRole role : kEssential) {
    const int t = target_roles[static_cast<int>(role)];
    const char* role_name = BoneRoleName(role);
    if (t < 0 && !problem(Status::Invalid("the target has no bone for role %s (name one by a known convention)", role_name)))
      return;
    if (t >= 0 && m[t] < 0 &&
        !problem(Status::Invalid("target bone '%s' (role %s) is not mapped", target.name(t).c_str(), role_name)))
      return;
  }
  const int spine = target_roles[static_cast<int>(BoneRole::kSpine)];
  const int chest = target_roles[static_cast<int>(BoneRole::kChest)];
  const bool spine_mapped = (spine >= 0 && m[spine] >= 0) || (chest >= 0 && m[chest] >= 0);
  if (!spine_mapped) {
    const bool go_on = spine < 0 && chest < 0
                           ? problem(Status::Invalid("the target has no bone for role spine or chest"))
                           : problem(Status::Invalid("target bone '%s' (role %s) is not mapped, and no other spine or chest bone is",
                                                     target.name(spine >= 0 ? spine : chest).c_str(), spine >= 0 ? "spine" : "chest"));
    if (!go_on) return;
  }
  for (int r = 0; r < kBoneRoleCount; ++r) {
    const int t = target_roles[r];
    if (t < 0 || m[t] < 0) continue;
    const int other = source_role(m[t]);
    if (other >= 0 && other != r &&
        !problem(Status::Invalid("target bone '%s' (role %s) is mapped to source bone '%s', which plays role %s",
                                 target.name(t).c_str(), BoneRoleName(static_cast<BoneRole>(r)), source.name(m[t]).c_str(),
                                 BoneRoleName(static_cast<BoneRole>(other)))))
      return;
  }
}

}  // namespace

Status ValidateBoneMap(const Skeleton& source, const Skeleton& target, const BoneMap& map) {
  Status first;
  CheckBoneMap(source, target, map, [&](const Status& problem) {
    first = problem;
    return false;
  });
  return first;
}

std::vector<std::string> BoneMapProblems(const Skeleton& source, const Skeleton& target, const BoneMap& map) {
  std::vector<std::string> problems;
  CheckBoneMap(source, target, map, [&](const Status& problem) {
    problems.emplace_back(problem.message);
    return true;
  });
  return problems;
}

BoneMap InvertBoneMap(const BoneMap& map, int source_bone_count) {
  BoneMap inverse;
  inverse.source_of_target.assign(static_cast<std::size_t>(source_bone_count > 0 ? source_bone_count : 0), -1);
  for (std::size_t t = 0; t < map.source_of_target.size(); ++t) {
    const int s = map.source_of_target[t];
    if (s >= 0 && s < source_bone_count && inverse.source_of_target[static_cast<std::size_t>(s)] < 0)
      inverse.source_of_target[static_cast<std::size_t>(s)] = static_cast<int>(t);
  }
  return inverse;
}

}  // namespace kin
