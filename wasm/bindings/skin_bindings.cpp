// The Embind class `RigSkinning`: one mesh skinned on the CPU by a rig's
// palette (kin/rig_skin.h), and the rig's palette packed for a DQS shader.
// Its buffers go to the rig's exchange record; packing the DQS palette is a
// frame's call, a plain export at the end.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>

#include "js_parsers.h"
#include "kin/rig_skin.h"
#include "rig_binding.h"

namespace kin {

using emscripten::val;

class SkinBinding : public FeatureBinding {
 public:
  explicit SkinBinding(std::uintptr_t rig_address) : FeatureBinding(rig_address) {}
  ~SkinBinding() {
    if (RigBinding* r = FindRig(owner_))
      for (BufferSlot slot : {kDqsPalette, kSkinnedPositions, kSkinnedNormals, kSkinJoints, kSkinWeights}) r->Publish(slot, nullptr, 0);
  }

  // positions (3/vertex), normals (3/vertex or empty), joints and weights
  // (4 or 8 per vertex, joints in rig bone order).
  int setSkin(const val& positions, const val& normals, const val& joints, const val& weights) {
    RigBinding* r = rig();
    if (r == nullptr) return 1;
    SkinArrays a;
    const Status parsed = ParseSkin(positions, normals, joints, weights, &a);
    if (!parsed.ok()) return Report(parsed);
    return Published(r, skin_.SetSkin(r->core(), a.positions, a.normals, a.joints, a.weights));
  }
  // method: 0 linear blend, 1 dual quaternion (kin::SkinningMethod); an int,
  // not a name, so that a frame's call converts no string.
  int skin(int method) {
    RigBinding* r = rig();
    return r == nullptr ? 1 : Published(r, skin_.Skin(r->core(), static_cast<SkinningMethod>(method)));
  }
  // radii: one per bone; the skin's joints and weights change in place.
  int setCapsuleWeights(const val& radii) {
    RigBinding* r = rig();
    if (r == nullptr) return 1;
    std::vector<float> values;
    const Status parsed = ParseNumbers(radii, "capsule radii", &values);
    if (!parsed.ok()) return Report(parsed);
    return Published(r, skin_.SetCapsuleWeights(r->core(), values));
  }
  int packDqsPalette() {
    RigBinding* r = rig();
    return r == nullptr ? 1 : Published(r, skin_.PackDqsPalette(r->core()));
  }

 private:
  int Published(RigBinding* r, const Status& status) {
    owner_ = r->address();
    const std::size_t v = static_cast<std::size_t>(skin_.vertex_count());
    const std::size_t slots = static_cast<std::size_t>(skin_.influences()) * v;
    r->Publish(kDqsPalette, skin_.dqs_palette_data(), static_cast<std::size_t>(skin_.dqs_palette_size()));
    r->Publish(kSkinnedPositions, skin_.skinned_positions_data(), 3 * v);
    r->Publish(kSkinnedNormals, skin_.skinned_normals_data(), skin_.has_normals() ? 3 * v : 0);
    r->Publish(kSkinJoints, skin_.joints_data(), slots);
    r->Publish(kSkinWeights, skin_.weights_data(), slots);
    return Report(status);
  }

  RigSkin skin_;
  std::uintptr_t owner_ = 0;  // the rig whose record holds this skin's buffers
};

}  // namespace kin

extern "C" {
EMSCRIPTEN_KEEPALIVE int kin_skin_pack_dqs_palette(kin::SkinBinding* skin) { return skin->packDqsPalette(); }
}

EMSCRIPTEN_BINDINGS(kin_skin) {
  using kin::SkinBinding;
  // Whether the skinning kernels run on WASM SIMD (the module was built with -msimd128).
  emscripten::function("hasSimdSkinning", &kin::HasSimdSkinning);
  emscripten::class_<SkinBinding>("RigSkinning")
      .constructor<std::uintptr_t>()
      .function("setSkin", &SkinBinding::setSkin)
      .function("skin", &SkinBinding::skin)
      .function("setCapsuleWeights", &SkinBinding::setCapsuleWeights)
      .function("address", &kin::FeatureAddress<SkinBinding>)
      .function("errorMessage", &kin::FeatureError<SkinBinding>);
}
