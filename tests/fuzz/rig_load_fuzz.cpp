// A rig description from the fuzzer as the module's load() takes it from
// TypeScript — names, Euler order names (sometimes not one) and per-bone
// number fields (parent, rest translation, rotation and scale, joint frame,
// limits, tip, and optionally stiffness, swing-twist limit, inverse bind),
// sometimes of the wrong length — converted (BonesFromFlatRig), loaded, then
// posed with fuzzed angles. Whatever the conversion, Load and SetPose accept
// must give finite matrices and a pose within the limits.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "fuzz_checks.h"
#include "fuzz_input.h"
#include "kin/flat_rig.h"
#include "kin/rig.h"

namespace {

using kin::FlatField;

std::vector<float>& Field(kin::FlatRigDesc& desc, FlatField f) { return desc.fields[static_cast<int>(f)]; }

// Appends `count` numbers to the field: the fuzzer's when `fuzzed`, else `fallback`'s.
void Put(kin_fuzz::FuzzInput& in, kin::FlatRigDesc& desc, FlatField f, bool fuzzed, std::initializer_list<float> fallback) {
  for (const float value : fallback) Field(desc, f).push_back(fuzzed ? in.Float() : value);
}

void AppendBone(kin_fuzz::FuzzInput& in, int index, const bool optional[], kin::FlatRigDesc& desc) {
  static const char* const kOrders[] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX", "XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ", "xyz", ""};
  desc.names.push_back("b" + std::to_string(index));
  desc.orders.push_back(kOrders[in.Below(sizeof kOrders / sizeof kOrders[0])]);
  // Mostly a plausible parent, sometimes any index (out of range, forward, self) or any float.
  const float parent = in.Flag() ? static_cast<float>(index - 1) : in.Flag() ? static_cast<float>(in.U8()) - 2.0f : in.Float();
  Field(desc, FlatField::kParents).push_back(parent);
  const float pi = 3.14159265f;
  Put(in, desc, FlatField::kRestT, in.Flag(), {0, 0, 0});
  Put(in, desc, FlatField::kRestQ, in.Flag(), {0, 0, 0, 1});
  Put(in, desc, FlatField::kRestS, in.Flag(), {1, 1, 1});
  Put(in, desc, FlatField::kFrames, in.Flag(), {0, 0, 0, 1});
  const bool limits = in.Flag();
  Put(in, desc, FlatField::kMinAngles, limits, {-pi, -pi, -pi});
  Put(in, desc, FlatField::kMaxAngles, limits, {pi, pi, pi});
  Put(in, desc, FlatField::kTips, true, {0, 0, 0});
  if (optional[0]) Put(in, desc, FlatField::kStiffness, in.Flag(), {1});
  if (optional[1]) {
    const bool fuzzed = in.Flag();
    Put(in, desc, FlatField::kSwingMax, fuzzed, {pi});
    Put(in, desc, FlatField::kTwistMin, fuzzed, {-pi});
    Put(in, desc, FlatField::kTwistMax, fuzzed, {pi});
  }
  if (optional[2]) Put(in, desc, FlatField::kInverseBinds, true, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kin_fuzz::FuzzInput in(data, size);
  const int count = 1 + in.Below(12);
  const bool optional[3] = {in.Flag(), in.Flag(), in.Flag()};
  kin::FlatRigDesc desc;
  for (int i = 0; i < count; ++i) AppendBone(in, i, optional, desc);
  if (in.Flag() && in.Flag()) Field(desc, static_cast<FlatField>(in.Below(static_cast<int>(FlatField::kCount)))).resize(in.Below(64));
  std::vector<kin::BoneDef> bones;
  if (!kin::BonesFromFlatRig(desc, &bones).ok()) return 0;
  if (static_cast<int>(bones.size()) != count) kin_fuzz::Fail("%zu bones from a description of %d", bones.size(), count);
  kin::Rig rig;
  if (!rig.Load(kin::Span<const kin::BoneDef>(bones.data(), bones.size())).ok()) return 0;
  kin_fuzz::RequirePoseWithinLimits(rig, "load");
  kin_fuzz::RequireOutputsFinite(rig);
  std::vector<float> angles(3 * static_cast<std::size_t>(count));
  for (float& a : angles) a = in.Float();
  const glm::vec3 offset(in.Float(), in.Float(), in.Float());
  if (rig.SetPose(kin::Span<const float>(angles.data(), angles.size()), offset).ok()) {
    kin_fuzz::RequirePoseWithinLimits(rig, "setPose");
    kin_fuzz::RequireOutputsFinite(rig);
  }
  return 0;
}
