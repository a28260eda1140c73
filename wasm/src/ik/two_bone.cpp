// Analytic two-bone IK, one limb per goal: the goal's bone is the LOWER bone
// (forearm, shin), its parent the UPPER bone. With A = the upper bone's
// origin, B = the lower bone's origin, C = the goal's point and T = its
// target, a = |B − A| and b = |C − B| are rigid, so the reach d = |T − A| is
// eased (options.soften), clamped into [|a − b|, a + b], and met in two turns:
//
// 1. The middle joint: the lower bone turns about a bend axis n through B
//    until |C − A| = d. About the normal of the triangle ABC this is the law
//    of cosines (the angle at B becomes acos((a² + b² − d²) / 2ab)); we solve
//    it for any axis, so that a hinge whose axis is not quite that normal
//    still lands exactly where it can. With w = A − B and v = C − B split
//    along n (Rodrigues), v(φ)·w = v∥·w + cos φ · v⊥·w + sin φ · (n × v⊥)·w,
//    and |C − A|² = a² + b² − 2 v·w asks for
//      v∥·w + ρ cos(φ − φ₀) = (a² + b² − d²) / 2,  ρ cos φ₀ = v⊥·w, ρ sin φ₀ = (n × v⊥)·w,
//    two solutions φ₀ ± acos(…) (bending to either side), clamped to the
//    nearest circle point when the reach is not on it. We take the solution
//    whose angles break the lower bone's limits least, then the smaller
//    turn. The bend axis n: for a hinge (exactly one free slot of the lower
//    bone moves C) that slot's axis, the only turn it has; otherwise the
//    triangle's normal, which keeps the current bend plane; for a straight
//    or folded limb the free slot that moves C most, made perpendicular to
//    the limb (the sensible plane to start bending in).
// 2. The upper bone: the limb, now the right shape, turns rigidly about A so
//    that C lies on the ray A→T. With a pole, B goes to the pole's side of
//    that ray in the plane of A, T and the pole; without one (or with the
//    pole on the line A→T) the turn is the shortest arc, which moves the
//    bend plane no more than aiming needs.
//
// Each turn becomes the bone's Euler angles clamped into its limits
// (joint_rotation.h). Step 2 aims the limb as step 1 actually left it, so a
// middle joint held by a limit still points the limb at T.
//
// Soft reach (options.soften = s > 0, avoids the snap to full extension):
// with L = a + b and d_s = s·L, a reach d > d_s becomes
//   d_s + (L − d_s) · (1 − exp(−(d − d_s) / (L − d_s))),
// which matches d and its slope at d_s and approaches L only as d → ∞; the
// effector then stops short of T on the segment A→T.
//
// Goals are solved in order, each from the pose the ones before left, so
// limbs that share bones end as the last goal wants. The report: converged
// iff every goal point ends within tolerance of its target (the `reached`
// flag), otherwise unreachable (out of reach, held by limits, or eased); one
// iteration; the energy before and after.
#include <algorithm>
#include <cmath>

#include "joint_rotation.h"
#include "kin/limits.h"
#include "solvers.h"

namespace kin {
namespace ik_internal {
namespace {

constexpr double kTwoPi = 6.283185307179586;
// A slot moves the effector when the sine of the angle between its axis and
// the line B→C is above this (a twist along the bone does not).
constexpr double kMovesEffector = 1e-3;
// The triangle ABC has a bend plane when the sine of its angle at B is above
// this; below it the normal is rounding noise.
constexpr double kBent = 1e-6;
// Excesses over the limits this close count as equal.
constexpr float kExcessTie = 1e-6f;

struct Limb {
  int upper = -1;
  int lower = -1;
  glm::dvec3 a_ms, b_ms, c_ms;  // upper origin, lower origin, the goal's point
  double Size() const { return glm::length(b_ms - a_ms) + glm::length(c_ms - b_ms); }
};

// The limb of `goal` in the current model matrices.
Limb ReadLimb(const IkState& s, const Goal& goal) {
  Limb limb;
  limb.lower = goal.bone;
  limb.upper = s.sk.parent(goal.bone);
  limb.a_ms = glm::dvec3(glm::vec3(s.ws.model_ms_[limb.upper][3]));
  limb.b_ms = glm::dvec3(glm::vec3(s.ws.model_ms_[limb.lower][3]));
  limb.c_ms = glm::dvec3(glm::vec3(s.ws.model_ms_[limb.lower] * glm::vec4(goal.point_bs, 1.0f)));
  return limb;
}

double SoftReach(double reach, double length, float soften) {
  const double start = soften * length;
  if (soften <= 0.0f || reach <= start) return reach;
  const double span = length - start;
  return start + span * (1.0 - std::exp(-(reach - start) / span));
}

// The unit model-space axis the lower bone bends about (see step 1 above);
// false when none of its free slots moves the effector.
bool BendAxis(IkState& s, const Limb& limb, glm::dvec3* axis_ms) {
  ComputeJointAxes(s.sk, s.job.angles, s.ws.model_ms_, s.ws.axes_);
  const JointAxes& axes = s.ws.axes_[limb.lower];
  const glm::dvec3 w = limb.a_ms - limb.b_ms, v = limb.c_ms - limb.b_ms;
  const glm::dvec3 v_unit = glm::normalize(v);
  int moving = 0;
  double best_sine = 0.0;
  glm::dvec3 best(0.0);
  for (int k = 0; k < 3; ++k) {
    if (s.sk.min_angle(limb.lower)[k] >= s.sk.max_angle(limb.lower)[k]) continue;  // locked
    const glm::dvec3 h = glm::normalize(glm::dvec3(axes.frame_ms * axes.axis_fs[k]));
    const double sine = glm::length(glm::cross(h, v_unit));
    if (sine <= kMovesEffector) continue;
    ++moving;
    if (sine > best_sine) {
      best_sine = sine;
      best = h;
    }
  }
  if (moving == 0) return false;
  const glm::dvec3 normal = glm::cross(w, v);
  if (moving == 1) *axis_ms = best;
  else if (glm::length(normal) > kBent * glm::length(w) * glm::length(v)) *axis_ms = glm::normalize(normal);
  else *axis_ms = glm::normalize(best - glm::dot(best, v_unit) * v_unit);
  return true;
}

// Step 1: turns the lower bone until |C − A| = reach (or as near as its bend
// axis allows).
void BendMiddle(IkState& s, const Limb& limb, double reach) {
  glm::dvec3 n;
  if (!BendAxis(s, limb, &n)) return;
  const glm::dvec3 w = limb.a_ms - limb.b_ms, v = limb.c_ms - limb.b_ms;
  const glm::dvec3 v_along = glm::dot(v, n) * n;
  const glm::dvec3 v_across = v - v_along;
  const double p = glm::dot(v_across, w);
  const double q = glm::dot(glm::cross(n, v_across), w);
  const double rho = std::hypot(p, q);
  if (rho <= 1e-12 * glm::length(v) * glm::length(w)) return;  // turning about n keeps |C − A|
  const double wanted = 0.5 * (glm::dot(v, v) + glm::dot(w, w) - reach * reach) - glm::dot(v_along, w);
  const double phi0 = std::atan2(q, p);
  const double spread = std::acos(std::min(1.0, std::max(-1.0, wanted / rho)));

  glm::vec3& angles = s.job.angles[limb.lower];
  glm::vec3 best = angles;
  float best_excess = 0.0f;
  double best_turn = 0.0;
  for (int side = 0; side < 2; ++side) {
    const double phi = std::remainder(side == 0 ? phi0 + spread : phi0 - spread, kTwoPi);
    const glm::vec3 turned = TurnedAngles(s.sk, s.ws.model_ms_, limb.lower, angles, glm::angleAxis(phi, n));
    const float excess = LimitExcess(s.sk, limb.lower, turned);
    const bool better = side == 0 || excess < best_excess - kExcessTie ||
                        (excess <= best_excess + kExcessTie && std::fabs(phi) < best_turn);
    if (better) {
      best = turned;
      best_excess = excess;
      best_turn = std::fabs(phi);
    }
  }
  angles = ProjectJointLimits(s.sk, limb.lower, best);
}

// Step 2: turns the upper bone so that the limb points at the target, the
// middle joint toward the pole when there is one.
void AimUpper(IkState& s, const Limb& limb, const Goal& goal) {
  const glm::dvec3 from = limb.c_ms - limb.a_ms;
  const glm::dvec3 to = glm::dvec3(goal.target_ms) - limb.a_ms;
  const double tiny = 1e-9 * limb.Size();
  if (glm::length(from) <= tiny || glm::length(to) <= tiny) return;  // no direction to aim
  const glm::dvec3 side = limb.b_ms - limb.a_ms;
  const glm::dvec3 normal = glm::cross(side, from);  // a half turn about it keeps the bend plane
  const glm::dquat turn = goal.has_pole
                              ? AlignRotation(from, side, to, glm::dvec3(goal.pole_ms) - limb.a_ms, normal)
                              : ShortestArc(from, to, normal);
  glm::vec3& angles = s.job.angles[limb.upper];
  angles = ProjectJointLimits(s.sk, limb.upper, TurnedAngles(s.sk, s.ws.model_ms_, limb.upper, angles, turn));
}

// Solves one goal's limb from the current model matrices and leaves them
// current for the pose it made.
void SolveLimb(IkState& s, const Goal& goal) {
  const Limb limb = ReadLimb(s, goal);
  const double a = glm::length(limb.b_ms - limb.a_ms), b = glm::length(limb.c_ms - limb.b_ms);
  if (a + b <= 0.0) return;  // a limb of zero size has nothing to turn
  const double distance = glm::length(glm::dvec3(goal.target_ms) - limb.a_ms);
  const double reach = std::min(a + b, std::max(std::fabs(a - b), SoftReach(distance, a + b, s.job.options.soften)));
  if (a > 0.0 && b > 0.0) {
    BendMiddle(s, limb, reach);
    s.EvaluateCurrent();
  }
  AimUpper(s, ReadLimb(s, goal), goal);
  s.EvaluateCurrent();
}

}  // namespace

SolveReport SolveTwoBone(IkState& s) {
  EnergyHistory history(s);
  history.Record(s.EvaluateCurrent());
  for (int g = 0; g < s.goal_count; ++g) SolveLimb(s, s.job.goals[g]);
  const Evaluation after = s.EvaluateCurrent();
  history.Record(after);

  return OnePassReport(s, after, history);
}

}  // namespace ik_internal
}  // namespace kin
