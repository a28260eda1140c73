// The Embind class `RigMirror`: mirroring a rig's pose across the model's
// x = 0 plane (kin/rig_mirror.h). Made for a rig's address, it pairs the
// bones once, for the skeleton the rig has then; a rig loaded again since
// is refused (make a new one). Not a frame's call: plain Embind functions.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "kin/rig_mirror.h"
#include "rig_binding.h"

namespace kin {

using emscripten::val;

class MirrorBinding : public FeatureBinding {
 public:
  explicit MirrorBinding(std::uintptr_t rig_address) : FeatureBinding(rig_address) {
    if (RigBinding* r = rig()) mirror_.Bind(r->core());
  }

  // mode: 0 left to right, 1 right to left, 2 flip (kin::MirrorMode); any
  // other code is refused by the core, naming it.
  int mirror(int mode) {
    RigBinding* r = rig();
    if (r == nullptr) return 1;
    const Status status = mirror_.Mirror(r->core(), static_cast<MirrorMode>(mode));
    r->RefreshRecord();  // the root offset's slots
    return Report(status);
  }

  // The partner bone of each bone, or null with errorMessage() saying why
  // the rig does not mirror (or why this object cannot mirror it).
  val partners() {
    RigBinding* r = rig();
    if (r == nullptr || Report(mirror_.Check(r->core())) != 0) return val::null();
    val out = val::array();
    for (const int partner : mirror_.partners()) out.call<void>("push", partner);
    return out;
  }

 private:
  RigMirror mirror_;
};

}  // namespace kin

EMSCRIPTEN_BINDINGS(kin_mirror) {
  using kin::MirrorBinding;
  emscripten::class_<MirrorBinding>("RigMirror")
      .constructor<std::uintptr_t>()
      .function("mirror", &MirrorBinding::mirror)
      .function("partners", &MirrorBinding::partners)
      .function("address", &kin::FeatureAddress<MirrorBinding>)
      .function("errorMessage", &kin::FeatureError<MirrorBinding>);
}
