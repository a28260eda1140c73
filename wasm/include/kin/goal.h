// An IK goal: pull a point fixed to a bone toward a target, optionally turn
// the bone toward a target orientation, optionally bend toward a pole.
#pragma once

#include <cstddef>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/skeleton.h"
#include "kin/status.h"

namespace kin {

struct Goal {
  int bone = -1;
  glm::vec3 point_bs{0.0f};   // point on the bone, bone space (usually its tip)
  glm::vec3 target_ms{0.0f};  // where the point should go, model space
  float weight = 1.0f;        // > 0; E = ½ Σ weight · |x − target|²
  // Orientation goal (the Jacobian solvers: DLS, Gauss–Newton, Jacobian
  // transpose, gradient descent, projected gradient): the bone's model rotation should
  // become target_q_ms; adds ½ orientation_weight · |log(q_target q⁻¹)|² to E.
  bool has_orientation = false;
  glm::quat target_q_ms{1.0f, 0, 0, 0};
  float orientation_weight = 1.0f;  // > 0, in model units² per radian²
  // Pole, a model-space point. Two-bone and the Jacobian solvers: the middle
  // joint (the bone's origin, between its parent's origin and the point)
  // bends toward it; the Jacobian solvers add ½ pole_weight · |r|² to E, r
  // the residual of kin/pole.h, which the point's goal leaves free. Look-at:
  // the bone's up axis turns toward it.
  bool has_pole = false;
  glm::vec3 pole_ms{0.0f};
  float pole_weight = 1.0f;  // > 0, Jacobian solvers
  // Jacobian solvers: the bone whose origin is the middle joint that bends
  // toward the pole (-1: the goal's own bone). An ancestor of the goal's
  // bone names a limb above the goal's point: a goal on the hand bends the
  // elbow with pole_bone = the forearm (upper joint the shoulder, the end
  // the wrist, the origin of the forearm's child toward the hand).
  int pole_bone = -1;
  // Image-space goal (the Jacobian solvers, SolverInfo::projection): the
  // point should project onto target_px, and its 3 model-space rows become 2
  // rows in pixels, √weight · (target_px − π(x)), so E = ½ Σ weight · |Δpx|²
  // and target_ms is not read. π: clip = view_projection_ms · [x, 1] (model
  // space to clip space: the caller folds the character's placement in),
  // then pixels with x right, y down, origin at the image's top-left corner:
  // NDC x −1 → 0, +1 → width; NDC y +1 → 0, −1 → height
  // (kin/image_projection.h). Its miss counts in pixels toward the solve's
  // error, so the job's tolerance is in pixels for it.
  bool has_projection = false;
  glm::mat4 view_projection_ms{1.0f};  // finite, entries within ±kMaxViewProjectionEntry
  glm::vec2 image_size_px{1.0f};  // width, height: whole numbers in [1, kMaxImageSizePx]
  glm::vec2 target_px{0.0f};
};

// The largest image side a projected goal takes, in pixels.
constexpr float kMaxImageSizePx = 16384.0f;
// The largest entry (in magnitude) a projected goal's view-projection may
// have: a camera's are near its focal length and its distance from the
// model (at most kMaxCoordinate) times that. Bigger ones make pixel misses
// beyond float (a point 1e-6 in front of the eye: 1e12 · 1e5 / 1e-6 ·
// 16384 ≈ 1e28 px stays finite; 1e34 does not).
constexpr float kMaxViewProjectionEntry = 1e12f;

// The bone whose origin is the goal's pole's middle joint (see pole_bone).
inline int PoleMiddleBone(const Goal& goal) { return goal.pole_bone >= 0 ? goal.pole_bone : goal.bone; }

// The most goals one solve takes (the share link carries as many). The IK
// workspace grows with the square of the goal count, so a request for more
// is refused before anything is allocated.
constexpr int kMaxGoals = 32;

// Ok, or why `count` goals are too many.
Status ValidateGoalCount(std::size_t count);

// Checks one goal against the skeleton; the message names goal `index`.
Status ValidateGoal(const Skeleton& skeleton, const Goal& goal, int index);

}  // namespace kin
