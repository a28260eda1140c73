#include "kin/skeleton.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_set>
#include <vector>

#include "kin/forward.h"
#include "math_checks.h"
#include "reach_bound.h"

namespace kin {
namespace {

bool HasSwingTwist(const BoneDef& b) {
  const float pi = 3.14159265f;
  return b.swing_max < pi || b.twist_min > -pi || b.twist_max < pi;
}

Status ValidateBone(Span<const BoneDef> bones, int i) {
  const BoneDef& b = bones[i];
  const char* name = b.name.c_str();
  const Status named = CheckBoneName(i, b.name);
  if (!named.ok()) return named;
  if (b.parent < -1 || b.parent >= i)
    return Status::Invalid("bone %d '%s': parent %d must be -1 or a bone before it (parent-first order)",
                           i, name, b.parent);
  char what[160];
  std::snprintf(what, sizeof(what), "bone %d '%s': rest translation", i, name);
  Status position = CheckPosition(what, b.rest_t);
  if (!position.ok()) return position;
  if (!IsFinite(b.rest_q) || !IsUnit(b.rest_q))
    return Status::Invalid("bone %d '%s': rest rotation is not a finite unit quaternion", i, name);
  if (!IsFinite(b.rest_s)) return Status::Invalid("bone %d '%s': rest scale is not finite", i, name);
  for (int a = 0; a < 3; ++a)
    if (std::fabs(b.rest_s[a]) < 1e-8f)
      return Status::Invalid("bone %d '%s': rest scale is zero on axis %d (degenerate)", i, name, a);
  if (!IsFinite(b.frame) || !IsUnit(b.frame))
    return Status::Invalid("bone %d '%s': joint frame is not a finite unit quaternion (degenerate frame)", i,
                           name);
  if (!IsValidEulerOrder(static_cast<int>(b.order)))
    return Status::Invalid("bone %d '%s': Euler order %d is not one of the 12 orders", i, name,
                           static_cast<int>(b.order));
  if (!IsFinite(b.min_angle) || !IsFinite(b.max_angle))
    return Status::Invalid("bone %d '%s': angle limits are not finite", i, name);
  for (int a = 0; a < 3; ++a)
    if (b.min_angle[a] > b.max_angle[a])
      return Status::Invalid("bone %d '%s': limit min %g > max %g on slot %d", i, name, b.min_angle[a],
                             b.max_angle[a], a);
  std::snprintf(what, sizeof(what), "bone %d '%s': tip", i, name);
  position = CheckPosition(what, b.tip_bs);
  if (!position.ok()) return position;
  if (!IsFinite(b.stiffness) || b.stiffness < 1e-3f || b.stiffness > 1e3f)
    return Status::Invalid("bone %d '%s': stiffness %g must be in [0.001, 1000]", i, name, b.stiffness);
  for (int a = 0; a < 3; ++a)
    if (!(b.ik_range[a] > 0.0f))  // NaN too; infinity is no bound
      return Status::Invalid("bone %d '%s': IK range %g on slot %d must be > 0", i, name, b.ik_range[a], a);
  if (!IsFinite(b.swing_max) || b.swing_max <= 0.0f)
    return Status::Invalid("bone %d '%s': swing limit %g must be finite and > 0", i, name, b.swing_max);
  if (!IsFinite(b.twist_min) || !IsFinite(b.twist_max) || b.twist_min > b.twist_max)
    return Status::Invalid("bone %d '%s': twist limits [%g, %g] must be finite with min <= max", i, name, b.twist_min,
                           b.twist_max);
  if (HasSwingTwist(b) && glm::length(b.tip_bs) < 1e-8f)
    return Status::Invalid("bone %d '%s': a swing-twist limit needs a tip to define the bone's axis", i, name);
  if (b.has_inverse_bind) {
    if (!IsFinite(b.inverse_bind))
      return Status::Invalid("bone %d '%s': inverse bind matrix is not finite", i, name);
    for (int c = 0; c < 16; ++c)
      if (std::fabs(b.inverse_bind[c / 4][c % 4]) > kMaxInverseBindEntry)
        return Status::Invalid("bone %d '%s': inverse bind matrix entry %d is %g, beyond ±%g", i, name, c,
                               static_cast<double>(b.inverse_bind[c / 4][c % 4]), static_cast<double>(kMaxInverseBindEntry));
    const float det = glm::determinant(b.inverse_bind);
    if (!std::isfinite(det) || std::fabs(det) < 1e-12f)
      return Status::Invalid("bone %d '%s': inverse bind matrix is singular", i, name);
  }
  return Status::Ok();
}

// Bounds every point of every pose before the skeleton is built (reach_bound.h).
Status ValidateReach(Span<const BoneDef> bones) {
  std::vector<int> parents(bones.size);
  std::vector<RestExtent> extents(bones.size);
  for (std::size_t i = 0; i < bones.size; ++i) {
    const BoneDef& b = bones[i];
    const glm::dvec3 s = glm::abs(glm::dvec3(b.rest_s));
    parents[i] = b.parent;
    extents[i] = {glm::length(glm::dvec3(b.rest_t)), std::max(s.x, std::max(s.y, s.z)), glm::length(glm::dvec3(b.tip_bs))};
  }
  const ReachBreak at = FindReachBreak(parents, extents);
  if (at.bone < 0) return Status::Ok();
  const char* name = bones[at.bone].name.c_str();
  if (at.by_scale)
    return Status::Invalid("bone %d '%s': rest scales multiply to %g along its chain, over %g", at.bone, name, at.value,
                           static_cast<double>(kMaxChainScale));
  return Status::Invalid("bone %d '%s': its rest translations and scales can put it %g m from the origin, beyond ±%g m",
                         at.bone, name, at.value, static_cast<double>(kMaxCoordinate));
}

// Bytes of `text`'s first characters, at most `limit`, not splitting a UTF-8 sequence.
int Utf8Prefix(const std::string& text, int limit) {
  int end = std::min(limit, static_cast<int>(text.size()));
  while (end > 0 && end < static_cast<int>(text.size()) && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return end;
}

}  // namespace

Status CheckBoneName(int index, const std::string& name) {
  if (name.empty()) return Status::Invalid("bone %d has an empty name", index);
  if (name.size() > static_cast<std::size_t>(kMaxBoneNameBytes)) {
    return Status::Invalid("bone %d: its name is %zu bytes long, more than the %d a bone name may have (it starts '%.*s…')",
                           index, name.size(), kMaxBoneNameBytes, Utf8Prefix(name, 24), name.c_str());
  }
  return Status::Ok();
}

BoneDef DefaultBoneDef() { return BoneDef(); }

Status Skeleton::Build(Span<const BoneDef> bones, Skeleton* out) {
  if (out == nullptr) return Status::Invalid("skeleton: no output given");
  if (bones.size == 0) return Status::Invalid("skeleton: no bones");
  if (bones.size > static_cast<std::size_t>(kMaxBones))
    return Status::Invalid("skeleton: %zu bones is more than the %d supported", bones.size, kMaxBones);
  std::unordered_set<std::string> names;
  for (int i = 0; i < static_cast<int>(bones.size); ++i) {
    const Status status = ValidateBone(bones, i);
    if (!status.ok()) return status;
    if (!names.insert(bones[i].name).second)
      return Status::Invalid("bone %d '%s': the name is used by an earlier bone", i, bones[i].name.c_str());
  }
  const Status reach = ValidateReach(bones);
  if (!reach.ok()) return reach;

  Skeleton s;
  const std::size_t n = bones.size;
  s.parent_.resize(n);
  s.name_.resize(n);
  s.rest_t_.resize(n);
  s.rest_q_.resize(n);
  s.rest_s_.resize(n);
  s.frame_.resize(n);
  s.order_.resize(n);
  s.min_angle_.resize(n);
  s.max_angle_.resize(n);
  s.tip_bs_.resize(n);
  s.stiffness_.resize(n);
  s.ik_range_.resize(n);
  s.rest_linear_.resize(n);
  s.rest_frame_.resize(n);
  s.frame_is_identity_.resize(n);
  s.similarity_chain_.resize(n);
  s.chain_scale_.resize(n);
  s.has_swing_twist_.resize(n);
  s.swing_max_.resize(n);
  s.twist_min_.resize(n);
  s.twist_max_.resize(n);
  s.bind_ms_.resize(n);
  s.inverse_bind_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const BoneDef& b = bones[i];
    s.parent_[i] = b.parent;
    s.name_[i] = b.name;
    s.rest_t_[i] = b.rest_t;
    s.rest_q_[i] = glm::normalize(b.rest_q);
    s.rest_s_[i] = b.rest_s;
    s.frame_[i] = glm::normalize(b.frame);
    s.order_[i] = b.order;
    s.min_angle_[i] = b.min_angle;
    s.max_angle_[i] = b.max_angle;
    s.tip_bs_[i] = b.tip_bs;
    s.stiffness_[i] = b.stiffness;
    s.ik_range_[i] = b.ik_range;
    s.frame_is_identity_[i] = s.frame_[i] == glm::quat(1.0f, 0.0f, 0.0f, 0.0f) ? 1 : 0;
    s.UpdateRestCaches(static_cast<int>(i));
    s.has_swing_twist_[i] = HasSwingTwist(b) ? 1 : 0;
    s.swing_max_[i] = b.swing_max;
    s.twist_min_[i] = b.twist_min;
    s.twist_max_[i] = b.twist_max;
  }

  // The bind pose is the pose with every angle zero and no root offset.
  const std::vector<glm::vec3> zero(n, glm::vec3(0.0f));
  ForwardJob bind;
  bind.skeleton = &s;
  bind.angles = zero;
  bind.model_ms = s.bind_ms_;
  const Status fk = bind.Run();
  if (!fk.ok()) return fk;
  for (std::size_t i = 0; i < n; ++i) {
    // ValidateReach keeps the bind pose finite; tiny scales can still make it singular.
    const float det = glm::determinant(s.bind_ms_[i]);
    if (std::fabs(det) < 1e-24f)
      return Status::Invalid("bone %zu '%s': bind pose matrix is singular", i, bones[i].name.c_str());
    s.inverse_bind_[i] = bones[i].has_inverse_bind ? bones[i].inverse_bind : glm::inverse(s.bind_ms_[i]);
  }
  const glm::vec3 origin(s.bind_ms_[0][3]);
  float size = 0.0f;
  for (std::size_t i = 0; i < n; ++i) {
    size = std::max(size, glm::length(glm::vec3(s.bind_ms_[i][3]) - origin));
    size = std::max(size, glm::length(glm::vec3(s.bind_ms_[i] * glm::vec4(s.tip_bs_[i], 1.0f)) - origin));
  }
  s.bind_size_ = size > 0.0f ? size : 1.0f;
  s.built_rest_t_ = s.rest_t_;
  s.built_rest_s_ = s.rest_s_;
  s.built_min_angle_ = s.min_angle_;
  s.built_max_angle_ = s.max_angle_;
  *out = std::move(s);
  return Status::Ok();
}

void Skeleton::UpdateRestCaches(int i) {
  const glm::vec3& scale = rest_s_[i];
  glm::mat3 linear = glm::mat3_cast(rest_q_[i]);
  for (int a = 0; a < 3; ++a) linear[a] *= scale[a];
  rest_linear_[i] = linear;
  rest_frame_[i] = linear * glm::mat3_cast(frame_[i]);
  const int p = parent_[i];
  const bool uniform = scale.x > 0.0f && scale.x == scale.y && scale.x == scale.z;
  similarity_chain_[i] = uniform && (p < 0 || similarity_chain_[p]) ? 1 : 0;
  chain_scale_[i] = (p < 0 ? 1.0f : chain_scale_[p]) * scale.x;
}

void Skeleton::SetAnimatedRest(Span<const glm::vec3> translations, Span<const glm::vec3> scales) {
  for (int i = 0; i < bone_count(); ++i) {
    rest_t_[i] = translations[i];
    rest_s_[i] = scales[i];
    UpdateRestCaches(i);
  }
}

void Skeleton::ResetRest() {
  SetAnimatedRest(Span<const glm::vec3>(built_rest_t_.data(), built_rest_t_.size()),
                  Span<const glm::vec3>(built_rest_s_.data(), built_rest_s_.size()));
}

Status Skeleton::SetBuiltRestScales(Span<const glm::vec3> scales) {
  const int n = bone_count();
  if (scales.size != static_cast<std::size_t>(n))
    return Status::Invalid("%zu rest scales for %d bones", scales.size, n);
  std::vector<RestExtent> extents(scales.size);
  for (int i = 0; i < n; ++i) {
    const glm::vec3& s = scales[i];
    for (int a = 0; a < 3; ++a)
      if (!(s[a] >= kMinRestScale && s[a] <= kMaxChainScale))  // negated: NaN fails too
        return Status::Invalid("rest scale of bone %d '%s' is %g on axis %d, not within [%g, %g]", i, name_[i].c_str(),
                               static_cast<double>(s[a]), a, static_cast<double>(kMinRestScale),
                               static_cast<double>(kMaxChainScale));
    extents[i] = {glm::length(glm::dvec3(built_rest_t_[i])), static_cast<double>(std::max(s.x, std::max(s.y, s.z))),
                  glm::length(glm::dvec3(tip_bs_[i]))};
  }
  const ReachBreak at = FindReachBreak(parents(), Span<const RestExtent>(extents.data(), extents.size()));
  if (at.bone >= 0)
    return Status::Invalid("rest scales put bone %d '%s' beyond the reach bound (%s %g)", at.bone, name_[at.bone].c_str(),
                           at.by_scale ? "chain scale" : "distance", at.value);
  std::copy(scales.begin(), scales.end(), built_rest_s_.begin());
  ResetRest();
  return Status::Ok();
}

void Skeleton::LimitIkTurns(Span<const glm::vec3> from, Span<const glm::vec3> start) {
  for (int i = 0; i < bone_count(); ++i) {
    // Clamped, not cut: the window stays within the limits and never empty.
    min_angle_[i] = glm::clamp(glm::min(from[i] - ik_range_[i], start[i]), built_min_angle_[i], built_max_angle_[i]);
    max_angle_[i] = glm::clamp(glm::max(from[i] + ik_range_[i], start[i]), built_min_angle_[i], built_max_angle_[i]);
  }
}

void Skeleton::ResetLimits() {
  std::copy(built_min_angle_.begin(), built_min_angle_.end(), min_angle_.begin());
  std::copy(built_max_angle_.begin(), built_max_angle_.end(), max_angle_.begin());
}

int Skeleton::FindBone(const std::string& name) const {
  for (int i = 0; i < bone_count(); ++i)
    if (name_[i] == name) return i;
  return -1;
}

}  // namespace kin
