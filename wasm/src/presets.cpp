#include "kin/presets.h"

#include <cmath>

#include "math_checks.h"

namespace kin {

glm::quat AxesFromBoneFrame(const glm::vec3& extent, float roll) {
  const float len = glm::length(extent);
  const glm::vec3 y = len > 1e-8f ? extent / len : glm::vec3(0.0f, 1.0f, 0.0f);
  // +X made perpendicular to y; +Z instead when +X is (nearly) parallel to y.
  glm::vec3 x = glm::vec3(1.0f, 0.0f, 0.0f) - y.x * y;
  if (glm::length(x) < 1e-6f) x = glm::vec3(0.0f, 0.0f, 1.0f) - y.z * y;
  x = glm::normalize(x);
  // Roll x about y (Rodrigues; x ⟂ y, so the (1 − cos) term vanishes).
  x = std::cos(roll) * x + std::sin(roll) * glm::cross(y, x);
  const glm::vec3 z = glm::cross(x, y);
  return glm::normalize(glm::quat_cast(glm::mat3(x, y, z)));
}

std::vector<BoneDef> AxesFromBoneSkeleton(const std::vector<AxesFromBoneDef>& bones) {
  std::vector<BoneDef> out(bones.size());
  for (std::size_t i = 0; i < bones.size(); ++i) {
    const AxesFromBoneDef& b = bones[i];
    BoneDef& d = out[i];
    d.name = b.name;
    d.parent = b.parent;
    const bool parent_ok = b.parent >= 0 && static_cast<std::size_t>(b.parent) < i;
    // An invalid parent is passed through for Skeleton::Build to name.
    d.rest_t = parent_ok ? bones[b.parent].extent : b.base;
    d.frame = AxesFromBoneFrame(b.extent, b.roll);
    d.order = EulerOrder::kXYZ;
    d.min_angle = b.min_angle;
    d.max_angle = b.max_angle;
    d.tip_bs = b.extent;
  }
  return out;
}

namespace {

// The parent check both presets share, worded as Skeleton::Build words it.
Status ValidateParent(int i, const std::string& name, int parent) {
  if (parent < -1 || parent >= i)
    return Status::Invalid("bone %d '%s': parent %d must be -1 or a bone before it (parent-first order)", i,
                           name.c_str(), parent);
  return Status::Ok();
}

}  // namespace

Status ValidateAxesFromBoneDefs(Span<const AxesFromBoneDef> bones) {
  for (std::size_t k = 0; k < bones.size; ++k) {
    const int i = static_cast<int>(k);
    const AxesFromBoneDef& b = bones[k];
    const char* name = b.name.c_str();
    const Status parent = ValidateParent(i, b.name, b.parent);
    if (!parent.ok()) return parent;
    if (!IsFinite(b.extent)) return Status::Invalid("bone %d '%s': extent is not finite", i, name);
    if (!IsFinite(b.roll)) return Status::Invalid("bone %d '%s': roll is not finite", i, name);
    if (!IsFinite(b.base)) return Status::Invalid("bone %d '%s': base is not finite", i, name);
  }
  return Status::Ok();
}

Status ValidateCanonicalBoneDefs(Span<const CanonicalBoneDef> bones) {
  for (std::size_t k = 0; k < bones.size; ++k) {
    const int i = static_cast<int>(k);
    const CanonicalBoneDef& b = bones[k];
    const Status parent = ValidateParent(i, b.name, b.parent);
    if (!parent.ok()) return parent;
    // Zero is a bone that only places its children (a root at the hips, a
    // joint split in two), as many rigs have; a negative length would turn
    // the bone's tip away from the +X its frame and limits are written for.
    if (!(IsFinite(b.length) && b.length >= 0.0f))
      return Status::Invalid("bone %d '%s': length %g must be finite and >= 0", i, b.name.c_str(), b.length);
  }
  return Status::Ok();
}

std::vector<BoneDef> CanonicalBoneSkeleton(const std::vector<CanonicalBoneDef>& bones) {
  std::vector<BoneDef> out(bones.size());
  for (std::size_t i = 0; i < bones.size(); ++i) {
    const CanonicalBoneDef& b = bones[i];
    BoneDef& d = out[i];
    d.name = b.name;
    d.parent = b.parent;
    d.rest_t = b.rest_t;
    d.rest_q = b.rest_q;
    d.order = EulerOrder::kXZX;
    d.min_angle = b.min_angle;
    d.max_angle = b.max_angle;
    d.tip_bs = glm::vec3(b.length, 0.0f, 0.0f);
  }
  return out;
}

}  // namespace kin
