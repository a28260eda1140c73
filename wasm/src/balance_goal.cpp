#include "kin/balance_goal.h"

#include "math_checks.h"

namespace kin {
namespace {

// Per-bone values summed over each bone's subtree, in place. Children
// follow their parents: backwards, every subtree is complete before it
// joins its parent's.
template <typename T>
void AddSubtreesToParents(const Skeleton& skeleton, Span<T> values) {
  for (int j = skeleton.bone_count() - 1; j >= 0; --j)
    if (skeleton.parent(j) >= 0) values[skeleton.parent(j)] += values[j];
}

}  // namespace

Status ValidateBalanceGoal(const Skeleton& skeleton, const BalanceGoal& balance) {
  if (balance.masses.size != static_cast<std::size_t>(skeleton.bone_count()))
    return Status::Invalid("balance: %zu segment masses for %d bones", balance.masses.size, skeleton.bone_count());
  float total = 0.0f;
  for (std::size_t j = 0; j < balance.masses.size; ++j) {
    const SegmentMass& m = balance.masses[j];
    if (!IsFinite(m.mass) || m.mass < 0.0f || !IsValidPosition(m.center_bs))
      return Status::Invalid("balance: the segment mass of bone %zu '%s' is not a finite mass ≥ 0 at a finite centre", j,
                             skeleton.name(static_cast<int>(j)).c_str());
    total += m.mass;
  }
  if (!(total > 0.0f)) return Status::Invalid("balance: the segments weigh nothing");
  if (balance.support_xz.empty() || balance.support_xz.size > static_cast<std::size_t>(kMaxSupportVertices))
    return Status::Invalid("balance: %zu support polygon vertices, need 1 to %d", balance.support_xz.size,
                           kMaxSupportVertices);
  for (const glm::vec2& v : balance.support_xz)
    if (!IsValidPosition(glm::vec3(v.x, 0.0f, v.y))) return Status::Invalid("balance: a support polygon vertex is not finite");
  if (!IsFinite(balance.weight) || balance.weight <= 0.0f)
    return Status::Invalid("balance: weight %g must be finite and > 0", balance.weight);
  return Status::Ok();
}

void SubtreeMasses(const Skeleton& skeleton, Span<const SegmentMass> masses, Span<float> subtree_mass) {
  for (int j = 0; j < skeleton.bone_count(); ++j) subtree_mass[j] = masses[j].mass;
  AddSubtreesToParents(skeleton, subtree_mass);
}

void SubtreeMoments(const Skeleton& skeleton, Span<const SegmentMass> masses, Span<const glm::mat4> model_ms,
                    Span<glm::vec3> moment_ms) {
  for (int j = 0; j < skeleton.bone_count(); ++j)
    moment_ms[j] = masses[j].mass > 0.0f ? masses[j].mass * glm::vec3(model_ms[j] * glm::vec4(masses[j].center_bs, 1.0f))
                                         : glm::vec3(0.0f);
  AddSubtreesToParents(skeleton, moment_ms);
}

glm::vec3 CenterOfMassColumn(const JointAxes& axes, int k, float subtree_mass, const glm::vec3& moment_ms) {
  if (subtree_mass <= 0.0f) return glm::vec3(0.0f);
  return subtree_mass * JacobianColumn(axes, k, moment_ms / subtree_mass);
}

}  // namespace kin
