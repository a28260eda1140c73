// Skin buffers from the fuzzer — vertex positions, normals, joint indices
// (sometimes out of range) and weights (sometimes negative, zero or NaN) —
// on the default character's body, posed, then skinned both ways. Whatever
// SetSkin accepts must skin to finite positions and normals.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../cpp/test_rigs.h"
#include "fuzz_checks.h"
#include "fuzz_input.h"
#include "kin/rig.h"
#include "kin/rig_skin.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kin_fuzz::FuzzInput in(data, size);
  static const std::vector<kin::BoneDef> bones = kin_test::DefaultCharacter();
  kin::Rig rig;
  kin::RigSkin rig_skin;
  if (!rig.Load(kin::Span<const kin::BoneDef>(bones.data(), bones.size())).ok()) kin_fuzz::Fail("the fixture rig did not load");
  const int vertices = in.Below(48);
  // Normally four influences per vertex; sometimes a count that does not fit.
  const int joint_count = in.Flag() ? 4 * vertices : in.Below(4 * 48 + 8);
  const int weight_count = in.Flag() ? joint_count : in.Below(4 * 48 + 8);
  std::vector<float> positions(3 * static_cast<std::size_t>(vertices));
  std::vector<float> normals(positions.size());
  std::vector<std::uint16_t> joints(static_cast<std::size_t>(joint_count));
  std::vector<float> weights(static_cast<std::size_t>(weight_count));
  for (float& p : positions) p = in.Float();
  for (float& n : normals) n = in.Float();
  for (std::uint16_t& j : joints) j = in.Flag() ? static_cast<std::uint16_t>(in.Below(rig.bone_count())) : in.U16();
  for (float& w : weights) w = in.Flag() ? 0.25f : in.Float();
  if (!rig_skin.SetSkin(rig, positions, normals, joints, weights).ok()) return 0;
  std::vector<float> angles(3 * bones.size());
  for (float& a : angles) a = in.Float();
  rig.SetPose(kin::Span<const float>(angles.data(), angles.size()), glm::vec3(in.Float(), in.Float(), in.Float()) * 0.1f);
  for (const kin::SkinningMethod method : {kin::SkinningMethod::kLinear, kin::SkinningMethod::kDualQuaternion}) {
    if (!rig_skin.Skin(rig, method).ok()) kin_fuzz::Fail("skinning refused a skin SetSkin accepted");
    kin_fuzz::RequireFinite(rig_skin.skinned_positions_data(), 3 * rig_skin.vertex_count(), "skinned positions");
    kin_fuzz::RequireFinite(rig_skin.skinned_normals_data(), 3 * rig_skin.vertex_count(), "skinned normals");
  }
  return 0;
}
