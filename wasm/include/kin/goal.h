// An IK goal: pull a point fixed to a bone toward a target.
#pragma once

#include <glm/glm.hpp>

#include "kin/skeleton.h"
#include "kin/status.h"

namespace kin {

struct Goal {
  int bone = -1;
  glm::vec3 point_bs{0.0f};   // point on the bone, bone space (usually its tip)
  glm::vec3 target_ms{0.0f};  // where the point should go, model space
  float weight = 1.0f;        // > 0; E = ½ Σ weight · |x − target|²
};

// Checks one goal against the skeleton; the message names goal `index`.
Status ValidateGoal(const Skeleton& skeleton, const Goal& goal, int index);

}  // namespace kin
