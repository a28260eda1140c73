// IkState's forward passes: the goals' residuals and energy for the current,
// start and trial configurations, and the trial made current.
#include "ik_state.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "../fk_loop.h"
#include "kin/floor_goal.h"
#include "kin/support_polygon.h"

namespace kin {
namespace ik_internal {
namespace {

// log(q) as a rotation vector, taking the shorter way round.
glm::vec3 RotationVector(glm::quat q) {
  if (q.w < 0.0f) q = -q;
  const glm::vec3 v(q.x, q.y, q.z);
  const float s = glm::length(v);
  if (s < 1e-7f) return 2.0f * v;
  return v * (2.0f * std::atan2(s, q.w) / s);
}

}  // namespace

glm::quat ModelRotation(const glm::mat4& model_ms) {
  const glm::vec3 x = glm::normalize(glm::vec3(model_ms[0]));
  glm::vec3 y = glm::vec3(model_ms[1]);
  y = glm::normalize(y - glm::dot(y, x) * x);
  return glm::quat_cast(glm::mat3(x, y, glm::cross(x, y)));
}

Evaluation IkState::Evaluate(Span<const glm::vec3> angles, const glm::vec3& root_offset_ms, Span<glm::mat4> model_ms,
                             Span<glm::vec3> effector_ms, double* residual, Span<int> floor_points) const {
  ComputeModelMatrices(sk, angles, root_offset_ms, model_ms,
                       Span<const int>(ws.moving_bones_.data(), static_cast<std::size_t>(moving_count)));
  return EvaluateGoals(angles, model_ms, effector_ms, residual, floor_points);
}

Evaluation IkState::EvaluateGoals(Span<const glm::vec3> angles, Span<const glm::mat4> model_ms,
                                  Span<glm::vec3> effector_ms, double* residual, Span<int> floor_points) const {
  Evaluation e;
  for (int g = 0; g < goal_count; ++g) {
    const Goal& goal = job.goals[g];
    double* r = residual + ws.row_offset_[g];
    effector_ms[g] = glm::vec3(model_ms[goal.bone] * glm::vec4(goal.point_bs, 1.0f));
    EvaluatePoint(g, effector_ms[g], r, e);
    if (goal.has_orientation) {
      const glm::vec3 turn = RotationVector(goal.target_q_ms * glm::conjugate(ModelRotation(model_ms[goal.bone])));
      const double wo = ws.sqrt_orientation_weight_[g];
      for (int k = 0; k < 3; ++k) r[OrientationRow(goal) + k] = wo * turn[k];
      const double angle2 = static_cast<double>(glm::dot(turn, turn));
      e.energy += 0.5 * goal.orientation_weight * angle2;
      e.Miss(g, static_cast<float>(std::sqrt(angle2)));
    }
    if (HasPoleRows(goal)) {
      const glm::dvec3 miss = PoleOf(goal, model_ms, effector_ms[g]).value();
      const double wp = ws.sqrt_pole_weight_[g];
      for (int k = 0; k < 3; ++k) r[PoleRow(goal) + k] = wp * miss[k];
      const double miss2 = glm::dot(miss, miss);
      e.energy += 0.5 * goal.pole_weight * miss2;
      e.Miss(g, static_cast<float>(std::sqrt(miss2)));
    }
  }
  if (balance_row >= 0) {
    // Every bone with mass moves the balance, so its matrix is current here.
    const BalanceGoal& balance = *job.balance;
    const glm::vec3 com_ms = CenterOfMass(balance.masses, model_ms);
    const glm::vec2 com_xz(com_ms.x, com_ms.z);
    const double dist = glm::length(com_xz - NearestPointInPolygon(balance.support_xz, com_xz));
    // Target 0 less the distance, as a goal's rows read target − x.
    residual[balance_row] = -std::sqrt(static_cast<double>(balance.weight)) * dist;
    e.energy += 0.5 * balance.weight * dist * dist;
    e.error = std::fmax(e.error, static_cast<float>(dist));
  }
  if (floor_row >= 0) EvaluateFloor(model_ms, residual, floor_points, e);
  if (prior_row >= 0) EvaluatePrior(angles, residual, e);
  return e;
}

void IkState::EvaluatePoint(int g, const glm::vec3& point_ms, double* r, Evaluation& e) const {
  const Goal& goal = job.goals[g];
  const double w = ws.sqrt_weight_[g];
  if (!goal.has_projection) {
    const glm::vec3 d = goal.target_ms - point_ms;
    for (int k = 0; k < 3; ++k) r[k] = w * d[k];
    const double dist2 = static_cast<double>(glm::dot(d, d));
    e.energy += 0.5 * goal.weight * dist2;
    e.Miss(g, static_cast<float>(std::sqrt(dist2)));
    return;
  }
  const ImageProjection seen = ProjectToImage(goal.view_projection_ms, goal.image_size_px, point_ms);
  // Behind the eye: a constant miss larger than any inside the image (kin/image_projection.h).
  const glm::dvec2 d = seen.in_front ? glm::dvec2(goal.target_px) - seen.px : glm::dvec2(BehindMissPx(goal));
  r[0] = w * d.x;
  r[1] = w * d.y;
  const double dist2 = glm::dot(d, d);
  e.energy += 0.5 * goal.weight * dist2;
  e.Miss(g, static_cast<float>(std::sqrt(dist2)));
}

void IkState::EvaluatePrior(Span<const glm::vec3> angles, double* residual, Evaluation& e) const {
  const double weight = job.prior->weight;
  const double w = std::sqrt(weight);
  for (int c = 0; c < angle_dof_count; ++c) {
    const double d = static_cast<double>(job.prior->angles[Bone(c)][Slot(c)]) - angles[Bone(c)][Slot(c)];
    residual[prior_row + c] = w * d;
    e.energy += 0.5 * weight * d * d;
  }
}

void IkState::EvaluateFloor(Span<const glm::mat4> model_ms, double* residual, Span<int> floor_points,
                            Evaluation& e) const {
  // With a floor every bone moves, so every matrix is current here.
  DeepestBelowFloor(sk, model_ms, floor_points);
  const double weight = job.floor->weight;
  for (int r = 0; r < kFloorRows; ++r) {
    const int p = floor_points[r];
    const double depth = p < 0 ? 0.0 : -static_cast<double>(FloorPoint(sk, model_ms, p).y);
    // Target: the floor above the point; a goal's rows read target − x.
    residual[floor_row + r] = std::sqrt(weight) * depth;
    e.energy += 0.5 * weight * depth * depth;
    e.error = std::fmax(e.error, static_cast<float>(depth));
  }
}

int IkState::PoleEndBone(const Goal& goal) const {
  const int middle = PoleMiddleBone(goal);
  if (middle == goal.bone) return -1;
  int end = goal.bone;
  while (sk.parent(end) != middle) end = sk.parent(end);
  return end;
}

PoleResidual IkState::PoleOf(const Goal& goal, Span<const glm::mat4> model_ms, const glm::vec3& point_ms) const {
  const int middle = PoleMiddleBone(goal);
  const int end = PoleEndBone(goal);
  return PoleResidual(glm::vec3(model_ms[sk.parent(middle)][3]), glm::vec3(model_ms[middle][3]),
                      end < 0 ? point_ms : glm::vec3(model_ms[end][3]), goal.pole_ms);
}

Evaluation IkState::EvaluateCurrent() {
  return Evaluate(job.angles, root_ms, ws.model_ms_, ws.effector_ms_, ws.residual_.data(), CurrentFloorPoints());
}

Evaluation IkState::EvaluateInput() {
  Evaluation e;
  if (start_model_given_) {
    // The bones the solve reads, one by one: Emscripten's memcpy hands a
    // whole pose's matrices to JavaScript, a round trip.
    for (int i = 0; i < moving_count; ++i) ws.model_ms_[ws.moving_bones_[i]] = job.start_model_ms[ws.moving_bones_[i]];
    e = EvaluateGoals(job.angles, ws.model_ms_, ws.effector_ms_, ws.residual_.data(), CurrentFloorPoints());
  } else {
    e = EvaluateCurrent();
  }
  start_energy = e.energy;
  return e;
}

Evaluation IkState::EvaluateStart(bool* far) {
  Evaluation e = EvaluateInput();
  const bool any_far = e.error > job.options.tolerance && MarkFarGoals();
  if (any_far && StartInsideLimits()) e = EvaluateCurrent();
  if (far) *far = any_far;
  return e;
}

Evaluation IkState::EvaluateTrial() {
  return Evaluate(ws.trial_angles_, trial_root_ms, ws.trial_model_ms_, ws.trial_effector_ms_, ws.trial_residual_.data(),
                  Span<int>(ws.trial_floor_points_.data(), ws.trial_floor_points_.size()));
}

void IkState::AcceptTrial() {
  for (int j = 0; j < n; ++j) job.angles[j] = ws.trial_angles_[j];
  root_ms = trial_root_ms;
  std::swap(ws.model_ms_, ws.trial_model_ms_);
  std::swap(ws.effector_ms_, ws.trial_effector_ms_);
  std::swap(ws.residual_, ws.trial_residual_);
  std::swap(ws.floor_points_, ws.trial_floor_points_);
}

void IkState::CompleteModel() {
  ComputeModelMatrices(sk, job.angles, root_ms, ws.model_ms_,
                       Span<const int>(ws.still_bones_.data(), static_cast<std::size_t>(still_count_)));
}

}  // namespace ik_internal
}  // namespace kin
