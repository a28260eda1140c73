// Look-at / aim, per goal: the goal's bone, and only it, turns about its
// origin so that its aim axis (options.aim_axis_bs, bone space) points at
// the target. With a pole the bone also twists about that direction until
// its up axis (options.up_axis_bs) leans toward the pole: it ends in the
// plane of the aim direction and the pole, on the pole's side, which is as
// near the pole as a twist can bring it. Without a pole (or with the pole on
// the aim line) the turn is the shortest arc and adds no twist. The turn
// becomes the bone's Euler angles clamped into its limits (joint_rotation.h).
//
// Goals are solved parent-first, so a bone aims after its ancestors have
// (a neck and a head can both aim). A target on the bone's origin gives no
// direction: the goal is met as the bone is.
//
// Each goal's error is the angle between its aim axis and the direction to
// its target (radians). The report: converged iff every angle is within
// tolerance, otherwise unreachable (the limits held a bone); one iteration;
// the energy ½ Σ weight · angle², before and after.
#include <cmath>

#include "joint_rotation.h"
#include "kin/limits.h"
#include "solvers.h"

namespace kin {
namespace ik_internal {
namespace {

// The aim axis, the up axis and the direction to the target of one goal, in
// model space, from the current model matrices.
struct Aim {
  glm::dvec3 aim_ms, up_ms, to_target_ms;
  bool has_direction = false;  // the target is off the bone's origin
};

Aim ReadAim(const IkState& s, const Goal& goal) {
  const glm::mat4& model = s.ws.model_ms_[goal.bone];
  const glm::dmat3 linear = glm::dmat3(glm::mat3(model));
  Aim aim;
  aim.aim_ms = linear * glm::dvec3(s.job.options.aim_axis_bs);
  aim.up_ms = linear * glm::dvec3(s.job.options.up_axis_bs);
  aim.to_target_ms = glm::dvec3(goal.target_ms) - glm::dvec3(glm::vec3(model[3]));
  // Float model matrices place the origin to about 1e-7 of its distance from
  // the model's origin; a target closer than that has no direction.
  const double resolution = 1e-6 * (1.0 + glm::length(glm::dvec3(glm::vec3(model[3]))));
  aim.has_direction = glm::length(aim.to_target_ms) > resolution;
  return aim;
}

// The angle between the aim axis and the direction to the target.
double AimError(const Aim& aim) {
  if (!aim.has_direction) return 0.0;
  return std::atan2(glm::length(glm::cross(aim.aim_ms, aim.to_target_ms)), glm::dot(aim.aim_ms, aim.to_target_ms));
}

// Energy and largest error over all goals, from the current model matrices.
Evaluation EvaluateAims(const IkState& s) {
  Evaluation e;
  for (int g = 0; g < s.goal_count; ++g) {
    const double angle = AimError(ReadAim(s, s.job.goals[g]));
    e.energy += 0.5 * s.job.goals[g].weight * angle * angle;
    e.Miss(g, static_cast<float>(angle));
  }
  return e;
}

// Turns the goal's bone to aim, from the current model matrices, and leaves
// them current for the pose it made.
void AimBone(IkState& s, const Goal& goal) {
  const Aim aim = ReadAim(s, goal);
  if (!aim.has_direction) return;
  const glm::dvec3 to_pole_ms = glm::dvec3(goal.pole_ms) - glm::dvec3(glm::vec3(s.ws.model_ms_[goal.bone][3]));
  // A half turn about the up axis leaves it where it is.
  const glm::dquat turn = goal.has_pole ? AlignRotation(aim.aim_ms, aim.up_ms, aim.to_target_ms, to_pole_ms, aim.up_ms)
                                        : ShortestArc(aim.aim_ms, aim.to_target_ms, aim.up_ms);
  glm::vec3& angles = s.job.angles[goal.bone];
  angles = ProjectJointLimits(s.sk, goal.bone, TurnedAngles(s.sk, s.ws.model_ms_, goal.bone, angles, turn));
  s.EvaluateCurrent();
}

}  // namespace

SolveReport SolveLookAt(IkState& s) {
  EnergyHistory history(s);
  s.EvaluateCurrent();
  history.Record(EvaluateAims(s));
  for (int bone = 0; bone < s.n; ++bone)
    for (int g = 0; g < s.goal_count; ++g)
      if (s.job.goals[g].bone == bone) AimBone(s, s.job.goals[g]);
  const Evaluation after = EvaluateAims(s);
  history.Record(after);

  return OnePassReport(s, after, history);
}

}  // namespace ik_internal
}  // namespace kin
