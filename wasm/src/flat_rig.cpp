#include "kin/flat_rig.h"

#include <cmath>

#include "kin/euler.h"

namespace kin {
namespace {

const FlatFieldInfo kFieldInfo[] = {
    {"parents", 1, false},   {"restT", 3, false},       {"restQ", 4, false},     {"restS", 3, false},
    {"frames", 4, false},    {"minAngles", 3, false},   {"maxAngles", 3, false}, {"tips", 3, false},
    {"inverseBinds", 16, true}, {"stiffness", 1, true}, {"swingMax", 1, true},   {"twistMin", 1, true},
    {"twistMax", 1, true},   {"ikRange", 3, true}};
static_assert(sizeof(kFieldInfo) / sizeof(kFieldInfo[0]) == static_cast<int>(FlatField::kCount),
              "one FlatFieldInfo per FlatField");

glm::vec3 Vec3At(const std::vector<float>& v, int i) { return glm::vec3(v[3 * i], v[3 * i + 1], v[3 * i + 2]); }
// The description's x y z w; glm takes w first.
glm::quat QuatAt(const std::vector<float>& v, int i) { return glm::quat(v[4 * i + 3], v[4 * i], v[4 * i + 1], v[4 * i + 2]); }

}  // namespace

const FlatFieldInfo& FlatFieldInfoOf(FlatField field) { return kFieldInfo[static_cast<int>(field)]; }

Status CheckFlatFieldLength(FlatField field, int bones, double length) {
  const FlatFieldInfo& info = FlatFieldInfoOf(field);
  if (info.optional && length == 0) return Status::Ok();
  if (length != static_cast<double>(bones) * info.per_bone)
    return Status::Invalid("%s has %.0f numbers, expected %d (%d per bone)", info.key, length, bones * info.per_bone,
                           info.per_bone);
  return Status::Ok();
}

Status BonesFromFlatRig(const FlatRigDesc& desc, std::vector<BoneDef>* out) {
  if (out == nullptr) return Status::Invalid("rig description: no output given");
  if (desc.names.empty()) return Status::Invalid("a rig needs at least one bone");
  if (desc.names.size() > static_cast<std::size_t>(kMaxBones))
    return Status::Invalid("%zu bones is more than the %d supported", desc.names.size(), kMaxBones);
  const int n = static_cast<int>(desc.names.size());
  for (int f = 0; f < static_cast<int>(FlatField::kCount); ++f) {
    const Status length = CheckFlatFieldLength(static_cast<FlatField>(f), n, static_cast<double>(desc.fields[f].size()));
    if (!length.ok()) return length;
  }
  if (desc.orders.size() != desc.names.size())
    return Status::Invalid("orders must be an array of %d Euler order names", n);

  const auto& field = [&desc](FlatField f) -> const std::vector<float>& { return desc.fields[static_cast<int>(f)]; };
  std::vector<BoneDef> bones(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    BoneDef& b = bones[i];
    const Status named = CheckBoneName(i, desc.names[i]);
    if (!named.ok()) return named;
    b.name = desc.names[i];
    // Range before the cast: a float beyond int's range (or NaN) has no int.
    const float parent = field(FlatField::kParents)[i];
    if (!(parent >= -1.0f && parent < static_cast<float>(n)) || parent != std::floor(parent))
      return Status::Invalid("bone %d '%s': parent %g is not a bone index (an integer in [-1, %d))", i, b.name.c_str(),
                             static_cast<double>(parent), n);
    b.parent = static_cast<int>(parent);
    b.rest_t = Vec3At(field(FlatField::kRestT), i);
    b.rest_q = QuatAt(field(FlatField::kRestQ), i);
    b.rest_s = Vec3At(field(FlatField::kRestS), i);
    b.frame = QuatAt(field(FlatField::kFrames), i);
    if (!ParseEulerOrder(desc.orders[i].c_str(), &b.order))
      return Status::Invalid("bone %d '%s': Euler order '%s' is not one of XYZ, XZY, YXZ, YZX, ZXY, ZYX, XYX, XZX, YXY, YZY, ZXZ, ZYZ",
                             i, b.name.c_str(), desc.orders[i].c_str());
    b.min_angle = Vec3At(field(FlatField::kMinAngles), i);
    b.max_angle = Vec3At(field(FlatField::kMaxAngles), i);
    b.tip_bs = Vec3At(field(FlatField::kTips), i);
    if (!field(FlatField::kStiffness).empty()) b.stiffness = field(FlatField::kStiffness)[i];
    if (!field(FlatField::kSwingMax).empty()) b.swing_max = field(FlatField::kSwingMax)[i];
    if (!field(FlatField::kTwistMin).empty()) b.twist_min = field(FlatField::kTwistMin)[i];
    if (!field(FlatField::kTwistMax).empty()) b.twist_max = field(FlatField::kTwistMax)[i];
    if (!field(FlatField::kIkRange).empty()) b.ik_range = Vec3At(field(FlatField::kIkRange), i);
    const std::vector<float>& inverse_binds = field(FlatField::kInverseBinds);
    if (!inverse_binds.empty()) {
      b.has_inverse_bind = true;
      for (int c = 0; c < 16; ++c) b.inverse_bind[c / 4][c % 4] = inverse_binds[16 * i + c];
    }
  }
  *out = std::move(bones);
  return Status::Ok();
}

}  // namespace kin
