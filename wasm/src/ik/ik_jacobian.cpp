// IkState's weighted Jacobian over the active dofs (point, orientation and
// pole rows), the gradient Jᵀ r with its free set, and the stationarity test.
#include "ik_state.h"

#include <algorithm>
#include <cmath>

#include "kin/floor_goal.h"
#include "kin/support_polygon.h"

namespace kin {
namespace ik_internal {

double IkState::BuildJacobian() {
  // Axes only of the bones that move a goal: no column needs the others.
  ComputeJointAxes(sk, job.angles, ws.model_ms_, ws.axes_,
                   Span<const int>(ws.moving_bones_.data(), static_cast<std::size_t>(moving_count)));
  for (int g = 0; g < goal_count; ++g) {
    const Goal& goal = job.goals[g];
    if (HasPoleRows(goal)) ws.poles_[g] = PoleOf(goal, ws.model_ms_, ws.effector_ms_[g]);
    if (goal.has_projection) ws.projections_[g] = ProjectToImage(goal.view_projection_ms, goal.image_size_px, ws.effector_ms_[g]);
  }
  // The balance row is ∂dist/∂θ = nᵀ ∂c/∂θ, n the unit (x, z) direction from
  // the polygon's nearest point to the centre of mass (the distance's
  // gradient), scaled by √weight; zero while the centre is inside.
  glm::vec2 balance_xz(0.0f);
  if (balance_row >= 0) {
    SubtreeMoments(sk, job.balance->masses, ws.model_ms_,
                   Span<glm::vec3>(ws.subtree_moment_ms_.data(), static_cast<std::size_t>(n)));
    const glm::vec3 com_ms = CenterOfMass(job.balance->masses, ws.model_ms_);
    const glm::vec2 com_xz(com_ms.x, com_ms.z);
    const glm::vec2 out = com_xz - NearestPointInPolygon(job.balance->support_xz, com_xz);
    const float dist = glm::length(out);
    if (dist > 0.0f) balance_xz = std::sqrt(job.balance->weight) * out / dist;
  }
  glm::vec3 floor_points_ms[kFloorRows];
  if (floor_row >= 0)
    for (int r = 0; r < kFloorRows; ++r)
      if (ws.floor_points_[r] >= 0) floor_points_ms[r] = FloorPoint(sk, ws.model_ms_, ws.floor_points_[r]);
  double column_max = 0.0;
  for (int c = 0; c < dof_count; ++c) {
    const int j = Bone(c), k = Slot(c);
    double* col = Column(c);
    double norm2 = 0.0;
    // Rows outside the column's span are never read: only the goals inside it are written.
    for (int g = ws.span_goal_begin_[c]; g < ws.span_goal_end_[c]; ++g) {
      const Goal& goal = job.goals[g];
      double* rows = col + ws.row_offset_[g];
      const int count = Rows(goal);
      if (!IsRoot(c) && !Moves(j, g)) {
        for (int r = 0; r < count; ++r) rows[r] = 0.0;
        continue;
      }
      if (IsRoot(c)) {
        // The root offset moves every goal's point along its axis and turns nothing.
        for (int r = 0; r < count; ++r) rows[r] = 0.0;
        glm::dvec3 along(0.0);
        along[k] = 1.0;
        PointRows(g, along, rows);
      } else {
        const JointAxes& axes = ws.axes_[j];
        PointRows(g, glm::dvec3(JacobianColumn(axes, k, ws.effector_ms_[g])), rows);
        if (goal.has_orientation) {
          // The bone turns about the unit world axis of this slot.
          const glm::vec3 axis = axes.similarity ? axes.axis_ms[k] : glm::normalize(axes.frame_ms * axes.axis_fs[k]);
          const double wo = ws.sqrt_orientation_weight_[g];
          for (int r = 0; r < 3; ++r) rows[OrientationRow(goal) + r] = wo * axis[r];
        }
      }
      if (HasPoleRows(goal)) {
        // Residuals read target − x and J holds ∂x/∂θ: a residual's column is −∂r/∂θ.
        const glm::dvec3 d = -ws.sqrt_pole_weight_[g] * PoleDerivative(c, goal, ws.poles_[g], ws.effector_ms_[g]);
        for (int r = 0; r < 3; ++r) rows[PoleRow(goal) + r] = d[r];
      }
      for (int r = 0; r < count; ++r) norm2 += rows[r] * rows[r];
    }
    if (balance_row >= 0 && RowBegin(c) <= balance_row && balance_row < RowEnd(c)) {
      // A dof spans the balance row when it moves the balance, or a goal and
      // the floor (then its subtree may weigh nothing: a zero row). The root
      // offset carries the whole mass along its axis.
      glm::vec3 d(0.0f);
      if (IsRoot(c)) d[k] = 1.0f;
      else d = CenterOfMassColumn(ws.axes_[j], k, ws.subtree_mass_[j], ws.subtree_moment_ms_[j]);
      col[balance_row] = balance_xz.x * d.x + balance_xz.y * d.z;
      norm2 += col[balance_row] * col[balance_row];
    }
    if (floor_row >= 0) {
      // Every dof spans the floor rows.
      FloorColumn(c, floor_points_ms, col);
      for (int r = floor_row; r < m; ++r) norm2 += col[r] * col[r];
    }
    if (prior_row >= 0) {
      // Every column spans the prior rows; an angle's own row is √weight (its
      // residual reads prior − θ, and J holds ∂θ/∂θ), the root's none.
      std::fill(col + prior_row, col + m, 0.0);
      if (!IsRoot(c)) {
        col[prior_row + c] = std::sqrt(static_cast<double>(job.prior->weight));
        norm2 += col[prior_row + c] * col[prior_row + c];
      }
    }
    column_max = std::max(column_max, std::sqrt(norm2));
  }
  return column_max;
}

void IkState::PointRows(int g, const glm::dvec3& moved_ms, double* rows) const {
  const Goal& goal = job.goals[g];
  const double w = ws.sqrt_weight_[g];
  if (!goal.has_projection) {
    for (int r = 0; r < 3; ++r) rows[r] = w * moved_ms[r];
    return;
  }
  // The chain rule through the projection: ∂px/∂θ = ∂px/∂x · ∂x/∂θ; zero
  // behind the eye, where the goal's miss is a constant.
  const ImageProjection& seen = ws.projections_[g];
  for (int r = 0; r < 2; ++r) rows[r] = seen.in_front ? w * glm::dot(seen.d_px[r], moved_ms) : 0.0;
}

void IkState::FloorColumn(int c, const glm::vec3* points_ms, double* col) const {
  // A floor row is √weight · ∂y/∂θ of its point (the point Jacobian's Y row);
  // a row without a point (none deep enough) is zero, so that it holds nothing.
  const double w = std::sqrt(static_cast<double>(job.floor->weight));
  for (int r = 0; r < kFloorRows; ++r) {
    const int p = ws.floor_points_[r];
    double dy = 0.0;
    if (p >= 0 && IsRoot(c)) dy = Slot(c) == 1 ? 1.0 : 0.0;
    else if (p >= 0 && TurnMovesFloorPoint(sk, Bone(c), p)) dy = JacobianColumn(ws.axes_[Bone(c)], Slot(c), points_ms[r]).y;
    col[floor_row + r] = w * dy;
  }
}

glm::dvec3 IkState::PoleDerivative(int c, const Goal& goal, const PoleResidual& pole, const glm::vec3& point_ms) const {
  if (IsRoot(c)) {
    // The root offset carries the whole limb (not the pole) along its axis.
    glm::dvec3 along(0.0);
    along[Slot(c)] = 1.0;
    return pole.Derivative(along, along, along);
  }
  // The column's bone moves the goal (it is the goal's bone or above it),
  // so it and the limb's three joints lie on one chain from the root, where
  // parent-first order makes "strictly above" a smaller index: a joint moves
  // the origins of the bones below it, not its own. The goal's point moves
  // with every bone of the chain.
  const JointAxes& axes = ws.axes_[Bone(c)];
  const int k = Slot(c);
  const int j = Bone(c);
  const auto moved = [&](const glm::vec3& x_ms) { return glm::dvec3(JacobianColumn(axes, k, x_ms)); };
  const auto moved_origin = [&](int bone) { return j < bone ? moved(glm::vec3(ws.model_ms_[bone][3])) : glm::dvec3(0.0); };
  const int middle = PoleMiddleBone(goal);
  const int end = PoleEndBone(goal);
  return pole.Derivative(moved_origin(sk.parent(middle)), moved_origin(middle), end < 0 ? moved(point_ms) : moved_origin(end));
}

double IkState::GradientAndFreeSet() {
  double gradient_max = 0.0;
  for (int c = 0; c < dof_count; ++c) {
    const double* col = Column(c);
    double gc = 0.0;
    for (int r = RowBegin(c); r < RowEnd(c); ++r) gc += col[r] * ws.residual_[r];
    ws.gradient_[c] = gc;
    const bool pinned_high = Value(c) >= Max(c) && gc > 0.0;
    const bool pinned_low = Value(c) <= Min(c) && gc < 0.0;
    ws.free_[c] = !(pinned_high || pinned_low);
    if (ws.free_[c]) gradient_max = std::max(gradient_max, std::fabs(gc));
  }
  return gradient_max;
}

double IkState::ResidualMax() const {
  double residual_max = 0.0;
  for (int r = 0; r < m; ++r) residual_max = std::max(residual_max, std::fabs(ws.residual_[r]));
  return residual_max;
}

bool IkState::Stationary(double gradient_max, double column_max) const {
  return gradient_max <= 1e-5 * ResidualMax() * column_max;
}

}  // namespace ik_internal
}  // namespace kin
