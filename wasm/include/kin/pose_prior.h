// The pose prior of the Jacobian solvers: pull the joint angles toward a
// given pose with a small weight, for what the goals leave free — a fit to
// 2-D points (projected goals, kin/goal.h) cannot see depth, and the prior
// picks, among the poses that meet the points, one near a natural pose.
//
// One residual row per active angle (a free Euler slot of a bone that
// moves): √weight · (θ_prior − θ), a goal's rows reading target − x, so
// E += ½ weight · Σ (θ − θ_prior)²; its Jacobian is √weight on the slot's
// own row. The rows come after every other row (kin/ik/ik_job.h); the root
// offset has none. The rows count toward E, not toward the solve's error
// (the goals' misses): a solve with a prior converges when its goals do.
#pragma once

#include <glm/glm.hpp>

#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

struct PosePrior {
  Span<const glm::vec3> angles;  // one triple per bone (radians)
  // ≥ 0, in the goals' energy units per radian² (px² for projected goals).
  // 0: no rows, the solve as without a prior.
  float weight = 0.0f;
};

// Ok, or why not: the angles' count against the skeleton, finite angles, the weight.
Status ValidatePosePrior(const Skeleton& skeleton, const PosePrior& prior);

}  // namespace kin
