// Building, validating and resetting spring chains (the integration is in spring_step.cpp).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kin/springs/spring_chain.h"

namespace kin {
namespace {

constexpr float kTwoPi = 6.28318530718f;
constexpr float kPi = 3.14159265359f;

// "spring chain 1 'tail'" for messages.
struct ChainLabel {
  char text[96];
  ChainLabel(int c, const SpringChainDef& def) {
    std::snprintf(text, sizeof(text), "spring chain %d '%.60s'", c, def.name.c_str());
  }
};

// Whether `value` is finite and within [min, max] (or (min, max] when min is excluded).
bool InRange(float value, float min, float max, bool min_included) {
  if (!std::isfinite(value) || value > max) return false;
  return min_included ? value >= min : value > min;
}

Status ValidateParameters(const SpringChainDef& def, const char* label) {
  if (!InRange(def.frequency_hz, 0.0f, kMaxSpringFrequency_hz, false))
    return Status::Invalid("%s: frequency %g Hz is not in (0, %g]", label, def.frequency_hz, kMaxSpringFrequency_hz);
  if (!InRange(def.damping_ratio, 0.0f, kMaxSpringDampingRatio, true))
    return Status::Invalid("%s: damping ratio %g is not in [0, %g]", label, def.damping_ratio, kMaxSpringDampingRatio);
  if (!InRange(def.gravity, 0.0f, kMaxSpringGravity, true))
    return Status::Invalid("%s: gravity %g is not in [0, %g]", label, def.gravity, kMaxSpringGravity);
  if (!InRange(def.inertia, 0.0f, kMaxSpringInertia, true))
    return Status::Invalid("%s: inertia %g is not in [0, %g]", label, def.inertia, kMaxSpringInertia);
  if (!InRange(def.swing_max, 0.0f, kPi, false))
    return Status::Invalid("%s: swing limit %g rad is not in (0, pi]", label, def.swing_max);
  return Status::Ok();
}

// `owner[b]` is the def index of the chain that took bone b, or -1.
Status ValidateBones(const Skeleton& skeleton, const SpringChainDef& def, int c, const char* label,
                     std::vector<int>& owner, Span<const SpringChainDef> defs) {
  if (def.bones.empty()) return Status::Invalid("%s has no bones", label);
  const int n = skeleton.bone_count();
  for (std::size_t i = 0; i < def.bones.size(); ++i) {
    const int b = def.bones[i];
    if (b < 0 || b >= n) return Status::Invalid("%s: bone %zu of the chain, index %d, is out of range [0, %d)", label, i, b, n);
    const char* name = skeleton.name(b).c_str();
    if (owner[b] >= 0)
      return Status::Invalid("%s: bone %d '%s' is already in spring chain %d '%.60s'", label, b, name, owner[b],
                             defs[owner[b]].name.c_str());
    if (i > 0 && skeleton.parent(b) != def.bones[i - 1])
      return Status::Invalid("%s is not a chain: bone %d '%s' is not a child of bone %d '%s'", label, b, name,
                             def.bones[i - 1], skeleton.name(def.bones[i - 1]).c_str());
    const glm::vec3& tip = skeleton.tip_bs(b);
    if (!(glm::dot(tip, tip) > 0.0f)) return Status::Invalid("%s: bone %d '%s' has no length (its tip is its origin)", label, b, name);
    owner[b] = c;
  }
  return Status::Ok();
}

// After ValidateBones: every bone index names a bone.
Status ValidateSwingLimits(const Skeleton& skeleton, const SpringChainDef& def, const char* label) {
  const std::vector<float>& limits = def.bone_swing_max;
  if (limits.empty()) return Status::Ok();
  if (limits.size() != def.bones.size())
    return Status::Invalid("%s: %zu per-bone swing limits for its %zu bones", label, limits.size(), def.bones.size());
  for (std::size_t i = 0; i < limits.size(); ++i) {
    if (InRange(limits[i], 0.0f, kPi, false)) continue;
    const int b = def.bones[i];
    return Status::Invalid("%s: bone %d '%s' (bone %zu of the chain): swing limit %g rad is not in (0, pi]", label, b,
                           skeleton.name(b).c_str(), i, limits[i]);
  }
  return Status::Ok();
}

}  // namespace

SpringChainDef DefaultSpringChainDef() { return SpringChainDef(); }

float SwingLimit(const SpringChainDef& def, int i) {
  return def.bone_swing_max.empty() ? def.swing_max : def.bone_swing_max[static_cast<std::size_t>(i)];
}

Status SpringSystem::Build(const Skeleton& skeleton, Span<const SpringChainDef> defs, SpringSystem* out) {
  if (defs.size > static_cast<std::size_t>(kMaxSpringChains))
    return Status::Invalid("%zu spring chains is more than the %d supported", defs.size, kMaxSpringChains);
  const int n = skeleton.bone_count();
  std::vector<int> owner(static_cast<std::size_t>(n), -1);
  for (std::size_t c = 0; c < defs.size; ++c) {
    const ChainLabel label(static_cast<int>(c), defs[c]);
    Status status = ValidateParameters(defs[c], label.text);
    if (!status.ok()) return status;
    status = ValidateBones(skeleton, defs[c], static_cast<int>(c), label.text, owner, defs);
    if (!status.ok()) return status;
    status = ValidateSwingLimits(skeleton, defs[c], label.text);
    if (!status.ok()) return status;
  }

  SpringSystem system;
  system.parent_.assign(skeleton.parents().begin(), skeleton.parents().end());
  // A chain hanging below another's bone is driven by that chain's result: order by first bone.
  std::vector<int> order(defs.size);
  for (std::size_t c = 0; c < defs.size; ++c) order[c] = static_cast<int>(c);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return defs[a].bones[0] < defs[b].bones[0]; });
  system.chain_of_def_.assign(defs.size, 0);
  for (const int c : order) {
    const SpringChainDef& def = defs[c];
    Chain chain;
    chain.def = def;
    chain.first = static_cast<int>(system.particles_.size());
    chain.count = static_cast<int>(def.bones.size());
    const float omega = kTwoPi * def.frequency_hz;
    chain.k = omega * omega;
    chain.c = 2.0f * def.damping_ratio * omega;
    system.chain_of_def_[c] = static_cast<int>(system.chains_.size());
    system.chains_.push_back(chain);
    for (int i = 0; i < chain.count; ++i) {
      Particle p;
      p.bone = def.bones[static_cast<std::size_t>(i)];
      p.tip_bs = skeleton.tip_bs(p.bone);
      p.cos_swing = std::cos(SwingLimit(def, i));
      p.sin_swing = std::sin(SwingLimit(def, i));
      system.particles_.push_back(p);
    }
  }
  system.delta_rotation_.assign(static_cast<std::size_t>(n), glm::quat(1.0f, 0, 0, 0));
  system.delta_translation_.assign(static_cast<std::size_t>(n), glm::vec3(0.0f));
  system.moved_.assign(static_cast<std::size_t>(n), 0);
  *out = std::move(system);
  return Status::Ok();
}

Status SpringSystem::SetEnabled(int chain, bool on) {
  if (chain < 0 || chain >= chain_count())
    return Status::Invalid("spring chain %d is out of range [0, %d)", chain, chain_count());
  Chain& c = chains_[chain_of_def_[chain]];
  if (on && !c.def.enabled) {
    c.fresh = true;
    c.quiet_substeps = 0;
  }
  c.def.enabled = on;
  return Status::Ok();
}

void SpringSystem::Reset(Span<const glm::mat4> model_ms) {
  accumulator_s_ = 0.0f;
  for (Chain& chain : chains_) Start(chain, model_ms);
}

bool SpringSystem::Settled() const {
  const int quiet_needed = static_cast<int>(std::ceil(kSpringSettleTime_s / kSpringSubstep_s - 1e-3f));
  for (const Chain& chain : chains_)
    if (chain.def.enabled && chain.quiet_substeps < quiet_needed) return false;
  return true;
}

}  // namespace kin
