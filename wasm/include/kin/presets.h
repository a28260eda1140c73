// The two seed conventions, expressed as presets of the one joint model.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// "Axes from the bone" (Scotty3D-style). No rest rotation; a bone starts at
// its parent's tip (roots at `base`); y_b = normalize(extent) (+Y for a zero
// extent); x_b = +X made perpendicular to y_b (+Z if parallel), rolled by
// `roll` about y_b; z_b = x_b × y_b. Angles rotate about x_b, then y_b, then
// z_b. The pose's root offset moves roots to base + offset.
struct AxesFromBoneDef {
  std::string name;
  int parent = -1;
  glm::vec3 extent{0.0f, 1.0f, 0.0f};  // bone vector, parent-aligned axes
  float roll = 0.0f;                   // radians about y_b
  glm::vec3 base{0.0f};                // root position, model space (roots only)
  glm::vec3 min_angle{-3.14159265f};
  glm::vec3 max_angle{3.14159265f};
};

// The joint frame F (columns x_b, y_b, z_b) for a bone vector and roll.
glm::quat AxesFromBoneFrame(const glm::vec3& extent, float roll);

std::vector<BoneDef> AxesFromBoneSkeleton(const std::vector<AxesFromBoneDef>& bones);

// Checks what the preset transforms before Skeleton::Build sees it, so that
// an error names the preset's own field (a NaN roll would otherwise surface
// as a degenerate joint frame): parents in parent-first order, finite
// extent, roll and base. Names and limits pass through unchanged and are
// left to Skeleton::Build.
Status ValidateAxesFromBoneDefs(Span<const AxesFromBoneDef> bones);

// "Canonical bone" (twist-bend-twist). Each bone lies along +X of its own
// frame with length `length`; the rest transform (parent space) places it;
// the pose is a twist about x, a bend about z, then a twist about x (XZX).
struct CanonicalBoneDef {
  std::string name;
  int parent = -1;
  glm::vec3 rest_t{0.0f};              // bone origin, parent space
  glm::quat rest_q{1.0f, 0, 0, 0};     // rest rotation, parent space
  float length = 1.0f;
  glm::vec3 min_angle{-3.14159265f};   // (twist, bend, twist)
  glm::vec3 max_angle{3.14159265f};
};

std::vector<BoneDef> CanonicalBoneSkeleton(const std::vector<CanonicalBoneDef>& bones);

// As ValidateAxesFromBoneDefs: parents, and a finite length >= 0 (the tip;
// 0 for a bone that only places its children).
// rest_t, rest_q and limits pass through to Skeleton::Build, which names them.
Status ValidateCanonicalBoneDefs(Span<const CanonicalBoneDef> bones);

}  // namespace kin
