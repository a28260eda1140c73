// The Embind class `RigSprings`: a rig's spring chains (kin/rig_springs.h).
// A frame's step is a plain export at the end, its milliseconds in the rig's
// exchange record.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>

#include "js_parsers.h"
#include "js_values.h"
#include "kin/rig_springs.h"
#include "rig_binding.h"

namespace kin {

using emscripten::val;

class SpringBinding : public FeatureBinding {
 public:
  explicit SpringBinding(std::uintptr_t rig_address) : FeatureBinding(rig_address) {}

  // chains: [{ name, bones (indices, parent-first), frequencyHz, dampingRatio,
  // gravity, inertia, swingMax, boneSwingMax (one per bone, or empty),
  // floor, enabled }], any field but bones optional (kin::SpringChainDef's defaults).
  int setSpringChains(const val& chains) {
    RigBinding* r = rig();
    if (r == nullptr) return 1;
    std::vector<SpringChainDef> defs;
    const Status parsed = ParseSpringChains(chains, &defs);
    if (!parsed.ok()) return Report(parsed);
    return Refreshed(r, springs_.SetChains(r->core(), Span<const SpringChainDef>(defs.data(), defs.size())));
  }
  int setSpringEnabled(int chain, bool on) { return Report(springs_.SetEnabled(chain, on)); }
  int resetSprings() {
    RigBinding* r = rig();
    return r == nullptr ? 1 : Refreshed(r, springs_.Reset(r->core()));
  }
  int springChainCount() const { return springs_.system().chain_count(); }
  // The chain as set (its enabled flag as now), in setSpringChains' shape; null for a bad index.
  val springChain(int chain) const {
    const SpringSystem& system = springs_.system();
    if (chain < 0 || chain >= system.chain_count()) return val::null();
    const SpringChainDef& def = system.def(chain);
    val out = val::object();
    out.set("name", def.name);
    val bones = val::array();
    for (const int b : def.bones) bones.call<void>("push", b);
    out.set("bones", bones);
    out.set("frequencyHz", ShortestDecimal(def.frequency_hz));
    out.set("dampingRatio", ShortestDecimal(def.damping_ratio));
    out.set("gravity", ShortestDecimal(def.gravity));
    out.set("inertia", ShortestDecimal(def.inertia));
    out.set("swingMax", ShortestDecimal(def.swing_max));
    val bone_swing_max = val::array();
    for (const float limit : def.bone_swing_max) bone_swing_max.call<void>("push", ShortestDecimal(limit));
    out.set("boneSwingMax", bone_swing_max);
    out.set("floor", def.floor);
    out.set("enabled", def.enabled);
    return out;
  }
  // Advances the chains by the exchange record's springStepMillis: FK of the
  // pose, springs, tips, palette. Milliseconds, so that the page's frame
  // passes whole numbers, which JavaScript stores without boxing.
  int stepSprings() {
    RigBinding* r = rig();
    return r == nullptr ? 1 : Report(springs_.Step(r->core(), r->exchange_float(kSpringStep) / 1000.0f));
  }
  bool springSettled() const { return springs_.settled(); }

 private:
  int Refreshed(RigBinding* r, const Status& status) {
    r->RefreshRecord();
    return Report(status);
  }

  RigSprings springs_;
};

}  // namespace kin

extern "C" {
EMSCRIPTEN_KEEPALIVE int kin_springs_step(kin::SpringBinding* springs) { return springs->stepSprings(); }
EMSCRIPTEN_KEEPALIVE int kin_springs_settled(kin::SpringBinding* springs) { return springs->springSettled() ? 1 : 0; }
}

EMSCRIPTEN_BINDINGS(kin_springs) {
  using kin::SpringBinding;
  emscripten::class_<SpringBinding>("RigSprings")
      .constructor<std::uintptr_t>()
      .function("setSpringChains", &SpringBinding::setSpringChains)
      .function("setSpringEnabled", &SpringBinding::setSpringEnabled)
      .function("resetSprings", &SpringBinding::resetSprings)
      .function("springChainCount", &SpringBinding::springChainCount)
      .function("springChain", &SpringBinding::springChain)
      .function("address", &kin::FeatureAddress<SpringBinding>)
      .function("errorMessage", &kin::FeatureError<SpringBinding>);
}
