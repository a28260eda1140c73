// A rig description from the fuzzer — the fields the module's load takes per
// bone (parent, rest translation, rotation and scale, joint frame, Euler
// order, limits, tip, stiffness, swing-twist limit, inverse bind) — loaded,
// then posed with fuzzed angles. Whatever Load and SetPose accept must give
// finite matrices and a pose within the limits.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_checks.h"
#include "fuzz_input.h"
#include "kin/rig.h"

namespace {

glm::vec3 Vec3(kin_fuzz::FuzzInput& in) { return {in.Float(), in.Float(), in.Float()}; }

// w, x, y, z as glm takes them; the description gives x y z w.
glm::quat Quat(kin_fuzz::FuzzInput& in) {
  const float x = in.Float(), y = in.Float(), z = in.Float(), w = in.Float();
  return glm::quat(w, x, y, z);
}

kin::BoneDef Bone(kin_fuzz::FuzzInput& in, int index) {
  kin::BoneDef b = kin::DefaultBoneDef();
  b.name = "b" + std::to_string(index);
  // Mostly a plausible parent, sometimes any index (out of range, forward, self).
  b.parent = in.Flag() ? index - 1 : static_cast<int>(in.U8()) - 2;
  if (in.Flag()) b.rest_t = Vec3(in);
  if (in.Flag()) b.rest_q = Quat(in);
  if (in.Flag()) b.rest_s = Vec3(in);
  if (in.Flag()) b.frame = Quat(in);
  b.order = static_cast<kin::EulerOrder>(in.Below(static_cast<int>(kin::EulerOrder::kCount)));
  if (in.Flag()) {
    b.min_angle = Vec3(in);
    b.max_angle = Vec3(in);
  }
  b.tip_bs = Vec3(in);
  if (in.Flag()) b.stiffness = in.Float();
  if (in.Flag()) {
    b.swing_max = in.Float();
    b.twist_min = in.Float();
    b.twist_max = in.Float();
  }
  if (in.Flag()) {
    b.has_inverse_bind = true;
    for (int c = 0; c < 16; ++c) b.inverse_bind[c / 4][c % 4] = in.Float();
  }
  return b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kin_fuzz::FuzzInput in(data, size);
  const int count = 1 + in.Below(12);
  std::vector<kin::BoneDef> bones;
  for (int i = 0; i < count; ++i) bones.push_back(Bone(in, i));
  kin::Rig rig;
  if (!rig.Load(kin::Span<const kin::BoneDef>(bones.data(), bones.size())).ok()) return 0;
  kin_fuzz::RequirePoseWithinLimits(rig, "load");
  kin_fuzz::RequireOutputsFinite(rig);
  std::vector<float> angles(3 * static_cast<std::size_t>(count));
  for (float& a : angles) a = in.Float();
  const glm::vec3 offset = Vec3(in);
  if (rig.SetPose(kin::Span<const float>(angles.data(), angles.size()), offset).ok()) {
    kin_fuzz::RequirePoseWithinLimits(rig, "setPose");
    kin_fuzz::RequireOutputsFinite(rig);
  }
  return 0;
}
