// Per-bone segment masses of a humanoid and the centre of mass of a posed
// rig. Each bone stands for one body segment, told by its role
// (kin/retarget/bone_role.h, the map retargeting uses); the segment's mass is
// a standard anthropometric fraction of the body's and its centre lies a
// standard fraction of the way from the bone's joint to its tip.
#pragma once

#include <glm/glm.hpp>

#include "kin/skeleton.h"
#include "kin/span.h"

namespace kin {

struct SegmentMass {
  float mass = 0.0f;            // fraction of the body's mass (the rig's masses sum to 1)
  glm::vec3 center_bs{0.0f};    // the segment's centre of mass, bone space
};

// One entry per bone into `masses` (bone_count entries). Humanoid roles get
// de Leva's (1996) fractions; bones without a role (extra spine or neck
// bones, fingers, twist bones, a ponytail, the clavicles, which de Leva
// counts in the upper trunk, and the toes, which belong to his foot) weigh
// nothing. A rig with no role at all (a test chain, a tail) weighs the same
// in every bone, its centre at the bone's middle. The masses are then scaled
// to sum to 1, so a rig missing some roles keeps a meaningful centre.
void ComputeSegmentMasses(const Skeleton& skeleton, Span<SegmentMass> masses);

// The model-space centre of mass Σ mᵢ · Pᵢ · cᵢ (masses summing to 1) of
// the pose whose bone-to-model matrices are `model_ms`.
glm::vec3 CenterOfMass(Span<const SegmentMass> masses, Span<const glm::mat4> model_ms);

}  // namespace kin
