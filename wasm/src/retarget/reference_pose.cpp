// MatchReferencePose (kin/retarget/retarget_job.h).
#include <cmath>
#include <vector>

#include "../fk_loop.h"
#include "kin/forward.h"
#include "kin/limits.h"
#include "kin/retarget/retarget_job.h"
#include "world_rotation.h"

namespace kin {

using retarget_internal::AnglesForWorldRotation;
using retarget_internal::BoneDirection;
using retarget_internal::RotationOf;
using retarget_internal::ShortestArc;

Status MatchReferencePose(const Skeleton& source, Span<const glm::vec3> source_ref_angles, const Skeleton& target,
                          const BoneMap& map, Span<glm::vec3> target_ref_angles) {
  const int ns = source.bone_count(), nt = target.bone_count();
  if (source_ref_angles.size != static_cast<std::size_t>(ns))
    return Status::Invalid("match reference: %zu source reference angle triples for %d source bones", source_ref_angles.size, ns);
  if (target_ref_angles.size != static_cast<std::size_t>(nt))
    return Status::Invalid("match reference: room for %zu target angle triples, the target has %d bones", target_ref_angles.size, nt);
  if (map.source_of_target.size() != static_cast<std::size_t>(nt))
    return Status::Invalid("match reference: bone map has %zu entries, the target has %d bones", map.source_of_target.size(), nt);
  for (int t = 0; t < nt; ++t) {
    const int s = map.source_of_target[t];
    if (s < -1 || s >= ns)
      return Status::Invalid("match reference: target bone '%s' is mapped to source bone %d, outside [0, %d)", target.name(t).c_str(), s, ns);
  }
  for (int s = 0; s < ns; ++s) {
    const glm::vec3& a = source_ref_angles[s];
    if (!std::isfinite(a.x) || !std::isfinite(a.y) || !std::isfinite(a.z))
      return Status::Invalid("match reference: reference angles of source bone '%s' are not finite", source.name(s).c_str());
  }

  std::vector<glm::mat4> source_ms(static_cast<std::size_t>(ns)), target_ms(static_cast<std::size_t>(nt));
  ComputeModelMatrices(source, source_ref_angles, glm::vec3(0.0f), source_ms);
  std::vector<char> below_mapped(static_cast<std::size_t>(nt), 0);  // a mapped bone lies above
  for (int t = 0; t < nt; ++t) {
    const int p = target.parent(t);
    below_mapped[t] = p >= 0 && (below_mapped[p] || map.source_of_target[p] >= 0);
    target_ref_angles[t] = ProjectJointLimits(target, t, glm::vec3(0.0f));
    const glm::mat4 parent_ms = p >= 0 ? target_ms[p] : glm::mat4(1.0f);
    target_ms[t] = parent_ms * LocalTransform(target, t, target_ref_angles[t], glm::vec3(0.0f));
    const int s = map.source_of_target[t];
    if (s < 0 || !below_mapped[t]) continue;
    const glm::vec3 from = BoneDirection(target, t, target_ms[t]), to = BoneDirection(source, s, source_ms[s]);
    if (glm::dot(from, from) == 0.0f || glm::dot(to, to) == 0.0f) continue;
    const glm::quat wanted_ms = ShortestArc(from, to) * RotationOf(target_ms[t]);
    const glm::quat parent_q = p >= 0 ? RotationOf(target_ms[p]) : glm::quat(1.0f, 0, 0, 0);
    target_ref_angles[t] = AnglesForWorldRotation(target, t, parent_q, wanted_ms, target_ref_angles[t]);
    target_ms[t] = parent_ms * LocalTransform(target, t, target_ref_angles[t], glm::vec3(0.0f));
  }
  return Status::Ok();
}

}  // namespace kin
