#include "kin/body_mass.h"

#include "kin/retarget/bone_role.h"

namespace kin {
namespace {

struct SegmentFraction {
  BoneRole role;
  float mass;   // fraction of the body's mass
  float along;  // the centre's distance from the bone's joint toward its tip, over the bone's length
};

// de Leva, "Adjustments to Zatsiorsky-Seluyanov's segment inertia
// parameters", J. Biomechanics 29(9), 1996, Table 4 (male): mass in percent
// of the body's and the longitudinal centre of mass in percent of the
// segment's length from its proximal end, turned here to run from the
// bone's joint. The trunk's three parts: the lower trunk (pelvis, 11.17 %,
// centre 61.15 % from the omphalion down, so 38.85 % up from the hip joints)
// is the hips bone, which runs up from the hip joints; the middle trunk
// (16.33 %, 45.02 % from the xiphoid down) the spine; the upper trunk
// (15.96 %, 29.99 % from the suprasternale down) the chest. The head with
// the neck (6.94 %, centre halfway from the cervicale to the vertex) is the
// head bone, its centre at the bone's middle. The foot (1.37 %, 44.15 % from
// the heel toward the toe tip) is the foot bone, ankle to ball.
constexpr SegmentFraction kFractions[] = {
    {BoneRole::kHips, 0.1117f, 0.3885f},      {BoneRole::kSpine, 0.1633f, 0.5498f},
    {BoneRole::kChest, 0.1596f, 0.7001f},     {BoneRole::kHead, 0.0694f, 0.5f},
    {BoneRole::kUpperArmL, 0.0271f, 0.5772f}, {BoneRole::kLowerArmL, 0.0162f, 0.4574f},
    {BoneRole::kHandL, 0.0061f, 0.79f},       {BoneRole::kUpperArmR, 0.0271f, 0.5772f},
    {BoneRole::kLowerArmR, 0.0162f, 0.4574f}, {BoneRole::kHandR, 0.0061f, 0.79f},
    {BoneRole::kUpperLegL, 0.1416f, 0.4095f}, {BoneRole::kLowerLegL, 0.0433f, 0.4459f},
    {BoneRole::kFootL, 0.0137f, 0.4415f},     {BoneRole::kUpperLegR, 0.1416f, 0.4095f},
    {BoneRole::kLowerLegR, 0.0433f, 0.4459f}, {BoneRole::kFootR, 0.0137f, 0.4415f},
};

}  // namespace

void ComputeSegmentMasses(const Skeleton& skeleton, Span<SegmentMass> masses) {
  const int n = skeleton.bone_count();
  for (int j = 0; j < n; ++j) masses[j] = SegmentMass{};
  int bone_of_role[kBoneRoleCount];
  FindRoleBones(skeleton, Span<int>(bone_of_role, kBoneRoleCount));
  float total = 0.0f;
  for (const SegmentFraction& f : kFractions) {
    const int bone = bone_of_role[static_cast<int>(f.role)];
    if (bone < 0) continue;
    masses[bone] = SegmentMass{f.mass, f.along * skeleton.tip_bs(bone)};
    total += f.mass;
  }
  if (total == 0.0f) {
    for (int j = 0; j < n; ++j) masses[j] = SegmentMass{1.0f, 0.5f * skeleton.tip_bs(j)};
    total = static_cast<float>(n);
  }
  for (int j = 0; j < n; ++j) masses[j].mass /= total;
}

glm::vec3 CenterOfMass(Span<const SegmentMass> masses, Span<const glm::mat4> model_ms) {
  glm::vec3 sum(0.0f);
  for (std::size_t j = 0; j < masses.size; ++j)
    if (masses[j].mass > 0.0f) sum += masses[j].mass * glm::vec3(model_ms[j] * glm::vec4(masses[j].center_bs, 1.0f));
  return sum;
}

}  // namespace kin
