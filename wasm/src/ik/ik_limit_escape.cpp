// How IkState leaves the limits' stationary points: far goals' limbs start
// inside their limits, a stuck solve nudges its angles off them, and
// swing-twist joints are projected as a whole.
#include "ik_state.h"

#include <algorithm>

#include "kin/limits.h"

namespace kin {
namespace ik_internal {
namespace {

// A goal is far when its target is further than this fraction of its reach,
// counted as at least kReachFloor of the skeleton's size: a goal with next to
// no reach of its own (a point on a root, such as the hips when the root
// moves) would otherwise be far at any miss, and every frame of a drag that
// has one would start as a cold solve does (more damped, no chord steps).
constexpr float kFarFraction = 0.25f;
constexpr double kReachFloor = 0.1;
// An angle leaving a limit (a start inside the limits, the first escape) goes
// this fraction of its range inward.
constexpr float kInwardFraction = 0.2f;
// Escapes nudge angles off a limit this many depths into the range (Nudge),
// the deepest 0.95 of it.
constexpr int kInwardDepths = 4;

}  // namespace

bool IkState::AnyOnLimit() const {
  for (int c = 0; c < angle_dof_count; ++c)
    if (!FloorOnly(c) && (Value(c) <= Min(c) || Value(c) >= Max(c))) return true;
  return false;
}

double IkState::GoalReach(int g) const {
  const auto origin = [&](int j) { return glm::dvec3(ws.model_ms_[j][3]); };
  double reach = glm::length(glm::dvec3(ws.effector_ms_[g]) - origin(job.goals[g].bone));
  for (int j = job.goals[g].bone; sk.parent(j) >= 0; j = sk.parent(j)) reach += glm::length(origin(j) - origin(sk.parent(j)));
  return reach;
}

bool IkState::MarkFarGoals() {
  bool any_far = false;
  const double reach_floor = kReachFloor * sk.bind_size();
  for (int g = 0; g < goal_count; ++g) {
    const Goal& goal = job.goals[g];
    // A projected goal is met anywhere on its target pixel's ray: its miss in
    // model units is the point's distance from that ray.
    const double miss = goal.has_projection ? DistanceFromTargetRay(goal, ws.effector_ms_[g])
                                            : glm::length(goal.target_ms - ws.effector_ms_[g]);
    ws.far_[g] = miss > kFarFraction * std::max(GoalReach(g), reach_floor);
    any_far = any_far || ws.far_[g];
  }
  return any_far;
}

bool IkState::StartInsideLimits() {
  bool moved = false;
  for (int c = 0; c < angle_dof_count; ++c) {
    bool moves_far_goal = false;
    for (int g = 0; g < goal_count; ++g) moves_far_goal = moves_far_goal || (ws.far_[g] && Moves(Bone(c), g));
    if (!moves_far_goal) continue;
    const float inward = kInwardFraction * (Max(c) - Min(c));
    float& theta = job.angles[Bone(c)][Slot(c)];
    if (theta <= Min(c)) theta = Min(c) + inward;
    else if (theta >= Max(c)) theta = Max(c) - inward;
    else continue;
    moved = true;
  }
  if (moved) ProjectSwingTwist(job.angles);
  return moved;
}

void IkState::Nudge(int escape) {
  // Depths inward from a limit: kInwardFraction, then a quarter of the range
  // more per escape, round again after kInwardDepths (the page allows 100
  // escapes; a growing fraction would pass the opposite limit from the
  // fifth on). Later rounds still differ: the amplitude keeps growing.
  const float fraction = kInwardFraction + 0.25f * static_cast<float>(escape % kInwardDepths);
  const float amplitude = 0.1f * static_cast<float>(escape + 1);
  for (int c = 0; c < angle_dof_count; ++c) {
    if (FloorOnly(c)) continue;  // a finger off a limit would stay off: nothing pulls it back
    const float inward = fraction * (Max(c) - Min(c));
    float& theta = job.angles[Bone(c)][Slot(c)];
    if (theta <= Min(c)) theta = Min(c) + inward;
    else if (theta >= Max(c)) theta = Max(c) - inward;
    else theta += (c + escape) % 2 ? amplitude : -amplitude;
    // Rounding of the fraction, or an amplitude past the range, stops on the limit.
    theta = std::min(std::max(theta, Min(c)), Max(c));
  }
  ProjectSwingTwist(job.angles);
}

void IkState::ProjectSwingTwist(Span<glm::vec3> angles) const {
  for (int j = 0; j < n; ++j)
    if (sk.has_swing_twist(j)) angles[j] = ProjectJointLimits(sk, j, angles[j]);
}

}  // namespace ik_internal
}  // namespace kin
