// Analytic two-bone IK, one limb per goal: the goal's bone is the LOWER bone
// (forearm, shin), its parent the UPPER bone. With A = the upper bone's
// origin, B = the lower bone's origin, C = the goal's point and T = its
// target, the reach d = |T − A| is eased (options.soften) into the point
// T_s on A→T that C should reach, and met in two turns.
//
// Each turn is a rotation Q of one bone's joint frame (E' = Q · E), which
// moves the bone's points by A_j · Q · A_j⁻¹ about its origin, A_j the joint
// frame in model space (joint_rotation.h). Under non-uniform rest scale that
// is not a rotation in model space: C moves on an ellipse, not a circle, and
// the upper bone's turn does not keep |C − A|. So the geometry is done in
// the joint frames' coordinates, where the turns are rotations: the upper
// turn keeps ‖C − A‖ = |A_u⁻¹ (C − A)|, which is what step 1 sets.
//
// 1. The middle joint: the lower bone turns about a bend axis n (lower
//    joint coordinates) by φ until ‖C − A‖ = ‖T_s − A‖. With v = A_l⁻¹
//    (C − B) split along n (Rodrigues) and M = A_u⁻¹ A_l,
//      A_u⁻¹ (C(φ) − A) = P + cos φ · Q + sin φ · R,
//      P = A_u⁻¹ (B − A) + M v∥,  Q = M v⊥,  R = M (n × v⊥),
//    and |…|² − ‖T_s − A‖² is a trigonometric polynomial of degree 2 in φ
//    (of degree 1, the law of cosines, when the scales are uniform). Its
//    zeros (at most four, trig_quadratic.h) are the turns that reach;
//    when it has none, a ball joint tries the planes turned about the limb
//    B→C, nearest first (under non-uniform scale the reach depends on the
//    plane); when none reaches, the reach is out of range and the turn that
//    comes nearest is taken (the limb straightened or folded). Of several, we take
//    the one whose angles break the lower bone's limits least, then the
//    smaller turn. The bend axis n: for a hinge (exactly one free slot of
//    the lower bone moves C) that slot's axis, the only turn it has;
//    otherwise the normal of the triangle ABC (in the lower joint's
//    coordinates), which keeps the current bend plane; for a straight or
//    folded limb the free slot that moves C most, made perpendicular to the
//    limb (the sensible plane to start bending in).
// 2. The upper bone: the limb, now the right shape, turns rigidly (in the
//    upper joint's coordinates) about A so that C lies on the ray A→T. With
//    a pole, B goes to the pole's side of that ray in the plane of A, T and
//    the pole; without one (or with the pole on the line A→T) the turn is
//    the shortest arc, which moves the bend plane no more than aiming needs.
//    Linear maps keep rays, planes through A and sides of a line in them.
//
// Each turn becomes the bone's Euler angles clamped into its limits
// (joint_rotation.h). Step 2 aims the limb as step 1 actually left it, so a
// middle joint held by a limit still points the limb at T.
//
// Soft reach (options.soften = s > 0, avoids the snap to full extension):
// with L = a + b (the bones' model lengths a = |B − A|, b = |C − B|) and
// d_s = s·L, a reach d > d_s becomes
//   d_s + (L − d_s) · (1 − exp(−(d − d_s) / (L − d_s))),
// which matches d and its slope at d_s and approaches L only as d → ∞; the
// effector then stops short of T on the segment A→T.
//
// Goals are solved in order, each from the pose the ones before left, so
// limbs that share bones end as the last goal wants. A solve never ends
// farther from the targets than it started: where limits, or an out-of-reach
// target under non-uniform scale (nearest in the upper joint's coordinates
// is not nearest in the model's), would leave a larger error, the start pose
// is kept. The report: converged iff every goal point ends within tolerance
// of its target (the `reached` flag), otherwise unreachable (out of reach,
// held by limits, or eased); one iteration; the energy before and after.
#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>

#include "joint_rotation.h"
#include "kin/limits.h"
#include "solvers.h"
#include "trig_quadratic.h"

namespace kin {
namespace ik_internal {
namespace {

// A slot moves the effector when the sine of the angle between its axis and
// the line B→C is above this (a twist along the bone does not).
constexpr double kMovesEffector = 1e-3;
// The triangle ABC has a bend plane when the sine of its angle at B is above
// this; below it the normal is rounding noise.
constexpr double kBent = 1e-6;
// Excesses over the limits this close count as equal.
constexpr float kExcessTie = 1e-6f;
// Bend planes tried about the limb when the current one cannot reach: every
// 180° / kBendPlanes, nearest first.
constexpr int kBendPlanes = 16;

struct Limb {
  int upper = -1;
  int lower = -1;
  glm::dvec3 a_ms, b_ms, c_ms;  // upper origin, lower origin, the goal's point
  glm::dmat3 upper_fs_to_ms;    // the upper and lower joint frames (joint coordinates to model)
  glm::dmat3 lower_fs_to_ms;
};

// The limb of `goal` in the current model matrices.
Limb ReadLimb(const IkState& s, const Goal& goal) {
  Limb limb;
  limb.lower = goal.bone;
  limb.upper = s.sk.parent(goal.bone);
  limb.a_ms = glm::dvec3(glm::vec3(s.ws.model_ms_[limb.upper][3]));
  limb.b_ms = glm::dvec3(glm::vec3(s.ws.model_ms_[limb.lower][3]));
  limb.c_ms = glm::dvec3(glm::vec3(s.ws.model_ms_[limb.lower] * glm::vec4(goal.point_bs, 1.0f)));
  limb.upper_fs_to_ms = JointFrameMs(s.sk, s.ws.model_ms_, limb.upper);
  limb.lower_fs_to_ms = JointFrameMs(s.sk, s.ws.model_ms_, limb.lower);
  return limb;
}

double SoftReach(double reach, double length, float soften) {
  const double start = soften * length;
  if (soften <= 0.0f || reach <= start) return reach;
  const double span = length - start;
  return start + span * (1.0 - std::exp(-(reach - start) / span));
}

// The unit axis, in the lower joint's coordinates, the lower bone bends
// about (see step 1 above); returns how many of its free slots move the
// effector (0: none, no axis).
int BendAxis(IkState& s, const Limb& limb, glm::dvec3* axis_fs) {
  ComputeJointAxes(s.sk, s.job.angles, s.ws.model_ms_, s.ws.axes_);
  const JointAxes& axes = s.ws.axes_[limb.lower];
  const glm::dmat3 ms_to_fs = glm::inverse(limb.lower_fs_to_ms);
  const glm::dvec3 w = ms_to_fs * (limb.a_ms - limb.b_ms), v = ms_to_fs * (limb.c_ms - limb.b_ms);
  const glm::dvec3 v_unit = glm::normalize(v);
  int moving = 0;
  double best_sine = 0.0;
  glm::dvec3 best(0.0);
  for (int k = 0; k < 3; ++k) {
    if (s.sk.min_angle(limb.lower)[k] >= s.sk.max_angle(limb.lower)[k]) continue;  // locked
    const glm::dvec3 h = glm::normalize(glm::dvec3(axes.axis_fs[k]));
    const double sine = glm::length(glm::cross(h, v_unit));
    if (sine <= kMovesEffector) continue;
    ++moving;
    if (sine > best_sine) {
      best_sine = sine;
      best = h;
    }
  }
  if (moving == 0) return 0;
  const glm::dvec3 normal = glm::cross(w, v);
  if (moving == 1) *axis_fs = best;
  else if (glm::length(normal) > kBent * glm::length(w) * glm::length(v)) *axis_fs = glm::normalize(normal);
  else *axis_fs = glm::normalize(best - glm::dot(best, v_unit) * v_unit);
  return moving;
}

// The limb in the upper joint's coordinates for step 1: the reach equation
// of a turn of the lower bone about any axis.
struct BendFrame {
  glm::dmat3 lower_to_upper;  // M = A_u⁻¹ A_l
  glm::dvec3 ab;              // A_u⁻¹ (B − A)
  glm::dvec3 v;               // A_l⁻¹ (C − B)
  double aim2;                // ‖aim − A‖²
  BendFrame(const Limb& limb, const glm::dvec3& aim_ms) {
    const glm::dmat3 ms_to_upper = glm::inverse(limb.upper_fs_to_ms);
    lower_to_upper = ms_to_upper * limb.lower_fs_to_ms;
    ab = ms_to_upper * (limb.b_ms - limb.a_ms);
    v = glm::inverse(limb.lower_fs_to_ms) * (limb.c_ms - limb.b_ms);
    const glm::dvec3 aim = ms_to_upper * (aim_ms - limb.a_ms);
    aim2 = glm::dot(aim, aim);
  }
  // Turning by φ about the unit axis n: P, Q, R of the top of this file.
  TrigQuadratic About(const glm::dvec3& n) const {
    const glm::dvec3 v_along = glm::dot(v, n) * n;
    const glm::dvec3 v_across = v - v_along;
    return TrigQuadratic::SquaredLengthGap(ab + lower_to_upper * v_along, lower_to_upper * v_across,
                                           lower_to_upper * glm::cross(n, v_across), aim2);
  }
};

// Step 1: turns the lower bone until ‖C − A‖ = ‖aim − A‖ in the upper joint's
// coordinates (or as near as it can). A ball joint whose bend plane cannot
// reach (non-uniform scale makes the reach depend on the plane) bends in the
// nearest plane that can, turned about the limb B→C: together those planes
// hold every direction the lower bone can point in.
void BendMiddle(IkState& s, const Limb& limb, const glm::dvec3& aim_ms) {
  glm::dvec3 n;
  const int moving = BendAxis(s, limb, &n);
  if (moving == 0) return;
  const BendFrame frame(limb, aim_ms);
  const TrigQuadratic in_plane = frame.About(n);
  if (in_plane.Flat()) return;  // turning about n keeps ‖C − A‖

  double turns[4];
  int count = Zeros(in_plane, turns);
  glm::dvec3 axis = n;
  const glm::dvec3 limb_axis = glm::normalize(frame.v);
  for (int i = 1; moving > 1 && count == 0 && i < kBendPlanes; ++i) {
    const double tilt = (i % 2 == 1 ? 1.0 : -1.0) * ((i + 1) / 2) * glm::pi<double>() / kBendPlanes;
    axis = glm::angleAxis(tilt, limb_axis) * n;
    count = Zeros(frame.About(axis), turns);
  }
  if (count == 0) {
    axis = n;
    turns[count++] = LeastAbsolute(in_plane);
  }

  glm::vec3& angles = s.job.angles[limb.lower];
  glm::vec3 best = angles;
  float best_excess = 0.0f;
  double best_turn = 0.0;
  for (int i = 0; i < count; ++i) {
    const glm::vec3 turned = JointTurnedAngles(s.sk, limb.lower, angles, glm::angleAxis(turns[i], axis));
    const float excess = LimitExcess(s.sk, limb.lower, turned);
    const bool better = i == 0 || excess < best_excess - kExcessTie ||
                        (excess <= best_excess + kExcessTie && std::fabs(turns[i]) < best_turn);
    if (better) {
      best = turned;
      best_excess = excess;
      best_turn = std::fabs(turns[i]);
    }
  }
  angles = ProjectJointLimits(s.sk, limb.lower, best);
}

// Step 2: turns the upper bone so that the limb points at the target, the
// middle joint toward the pole when there is one (in the upper joint's
// coordinates, where the turn is rigid).
void AimUpper(IkState& s, const Limb& limb, const Goal& goal) {
  const glm::dmat3 ms_to_fs = glm::inverse(limb.upper_fs_to_ms);
  const glm::dvec3 from = ms_to_fs * (limb.c_ms - limb.a_ms);
  const glm::dvec3 to = ms_to_fs * (glm::dvec3(goal.target_ms) - limb.a_ms);
  const glm::dvec3 side = ms_to_fs * (limb.b_ms - limb.a_ms);
  const double tiny = 1e-9 * (glm::length(side) + glm::length(ms_to_fs * (limb.c_ms - limb.b_ms)));
  if (glm::length(from) <= tiny || glm::length(to) <= tiny) return;  // no direction to aim
  const glm::dvec3 normal = glm::cross(side, from);  // a half turn about it keeps the bend plane
  const glm::dquat turn = goal.has_pole
                              ? AlignRotation(from, side, to, ms_to_fs * (glm::dvec3(goal.pole_ms) - limb.a_ms), normal)
                              : ShortestArc(from, to, normal);
  glm::vec3& angles = s.job.angles[limb.upper];
  angles = ProjectJointLimits(s.sk, limb.upper, JointTurnedAngles(s.sk, limb.upper, angles, turn));
}

// Solves one goal's limb from the current model matrices and leaves them
// current for the pose it made.
void SolveLimb(IkState& s, const Goal& goal) {
  const Limb limb = ReadLimb(s, goal);
  const double a = glm::length(limb.b_ms - limb.a_ms), b = glm::length(limb.c_ms - limb.b_ms);
  if (a + b <= 0.0) return;  // a limb of zero size has nothing to turn
  const glm::dvec3 to_target = glm::dvec3(goal.target_ms) - limb.a_ms;
  const double distance = glm::length(to_target);
  const double reach = SoftReach(distance, a + b, s.job.options.soften);
  const glm::dvec3 aim_ms = distance > 0.0 ? limb.a_ms + (reach / distance) * to_target : limb.a_ms;
  if (a > 0.0 && b > 0.0) {
    BendMiddle(s, limb, aim_ms);
    s.EvaluateCurrent();
  }
  AimUpper(s, ReadLimb(s, goal), goal);
  s.EvaluateCurrent();
}

}  // namespace

SolveReport SolveTwoBone(IkState& s) {
  EnergyHistory history(s);
  const Evaluation start = s.EvaluateCurrent();
  history.Record(start);
  std::copy(s.job.angles.begin(), s.job.angles.end(), s.ws.best_angles_.begin());
  for (int g = 0; g < s.goal_count; ++g) SolveLimb(s, s.job.goals[g]);
  Evaluation after = s.EvaluateCurrent();
  if (after.error > start.error) {  // see the top of this file: keep the start
    std::copy(s.ws.best_angles_.begin(), s.ws.best_angles_.begin() + s.n, s.job.angles.begin());
    after = s.EvaluateCurrent();
  }
  history.Record(after);

  return OnePassReport(s, after, history);
}

}  // namespace ik_internal
}  // namespace kin
