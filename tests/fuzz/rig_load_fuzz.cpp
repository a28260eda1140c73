// A rig description from the fuzzer as the module's load() takes it from
// TypeScript — names, Euler order names (sometimes not one) and per-bone
// number fields (parent, rest translation, rotation and scale, joint frame,
// limits, tip, and optionally stiffness, swing-twist limit, inverse bind, IK range),
// sometimes of the wrong length — converted (BonesFromFlatRig), loaded, then
// posed with fuzzed angles, then mirrored (kin::RigMirror) in a fuzzed mode
// code, sometimes out of range, on the bones as named and again loaded with
// left/right names. Whatever the conversion, Load, SetPose and a mirror
// accept must give finite matrices and a pose within the limits; a refused
// mirror changes nothing; partners pair both ways; a mirror bound before
// the rig was loaded again is refused.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "fuzz_checks.h"
#include "fuzz_input.h"
#include "kin/flat_rig.h"
#include "kin/rig.h"
#include "kin/rig_mirror.h"

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
  if (optional[3]) Put(in, desc, FlatField::kIkRange, in.Flag(), {0.35f, 4.0f * pi, 0.35f});
}

// Mirrors in a fuzzed mode code (-1 to 3; 0 to 2 are modes): accepted, the
// pose is within its limits; refused, it is as it was.
void FuzzMirror(kin_fuzz::FuzzInput& in, kin::Rig& rig, kin::RigMirror& mirror) {
  const std::vector<int>& partners = mirror.partners();
  if (mirror.status().ok() != (partners.size() == static_cast<std::size_t>(rig.bone_count())))
    kin_fuzz::Fail("mirror status %d with %zu partners for %d bones", mirror.status().ok(), partners.size(), rig.bone_count());
  for (std::size_t j = 0; j < partners.size(); ++j)
    if (partners[j] < 0 || partners[j] >= rig.bone_count() || partners[partners[j]] != static_cast<int>(j))
      kin_fuzz::Fail("bone %zu's mirror partner %d does not pair back", j, partners[j]);
  const std::vector<glm::vec3> before(rig.pose().begin(), rig.pose().end());
  const glm::vec3 offset = rig.root_offset();
  const int mode = in.Below(5) - 1;
  if (mirror.Mirror(rig, static_cast<kin::MirrorMode>(mode)).ok()) {
    if (mode < 0 || mode > 2) kin_fuzz::Fail("mirror mode %d was accepted", mode);
    kin_fuzz::RequirePoseWithinLimits(rig, "mirror");
    kin_fuzz::RequireOutputsFinite(rig);
    return;
  }
  for (int j = 0; j < rig.bone_count(); ++j)
    if (rig.angles(j) != before[j]) kin_fuzz::Fail("a refused mirror changed bone %d", j);
  if (rig.root_offset() != offset) kin_fuzz::Fail("a refused mirror changed the root offset");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kin_fuzz::FuzzInput in(data, size);
  const int count = 1 + in.Below(12);
  const bool optional[4] = {in.Flag(), in.Flag(), in.Flag(), in.Flag()};
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
  kin::RigMirror mirror(rig);
  FuzzMirror(in, rig, mirror);
  // Left and right names in pairs (b0_l, b0_r, b1_l, …): now and then the
  // fuzzer's bones are mirror images (corpus seed-mirrored-pair: two roots
  // at x = ±0.5, flipped).
  for (std::size_t i = 0; i < bones.size(); ++i) bones[i].name = "b" + std::to_string(i / 2) + (i % 2 ? "_r" : "_l");
  if (!rig.Load(kin::Span<const kin::BoneDef>(bones.data(), bones.size())).ok()) kin_fuzz::Fail("renamed bones refused");
  if (mirror.Mirror(rig, kin::MirrorMode::kFlip).ok()) kin_fuzz::Fail("a mirror bound before the rig was loaded again was accepted");
  mirror.Bind(rig);
  FuzzMirror(in, rig, mirror);
  return 0;
}
