#include "ik_state.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "../fk_loop.h"
#include "cholesky.h"
#include "kin/limits.h"

namespace kin {
namespace ik_internal {
namespace {

// Passes of the active-set loop: each may move more angles onto their limits.
constexpr int kActiveSetPasses = 4;
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

// How reluctantly the root offset moves: as a joint of the first root's
// stiffness does when it swings a point at the skeleton's size. A translation
// by that size then costs in DLS's damping what a turn of one radian of that
// joint does, whatever the model's units.
double RootCompliance(const Skeleton& sk) {
  const double size = sk.bind_size();
  return size * size / sk.stiffness(0);
}

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

IkState::IkState(const IkJob& job_)
    : job(job_), sk(*job_.skeleton), ws(*job_.workspace),
      dc(job_.dls_cache != nullptr ? *job_.dls_cache : job_.workspace->scratch_dls_), n(sk.bone_count()),
      goal_count(static_cast<int>(job_.goals.size)), pole_rows(IsLeastSquares(job_.kind)), root_ms(job_.root_offset_ms), trial_root_ms(job_.root_offset_ms),
      best_root_ms(job_.root_offset_ms) {
  for (int g = 0; g < goal_count; ++g) {
    ws.row_offset_[g] = m;
    m += Rows(job.goals[g]);
    ws.sqrt_weight_[g] = std::sqrt(static_cast<double>(job.goals[g].weight));
    ws.sqrt_orientation_weight_[g] = std::sqrt(static_cast<double>(job.goals[g].orientation_weight));
    ws.sqrt_pole_weight_[g] = std::sqrt(static_cast<double>(job.goals[g].pole_weight));
  }
  std::fill(ws.ancestor_.begin(), ws.ancestor_.begin() + n * goal_count, 0);
  for (int g = 0; g < goal_count; ++g)
    for (int j = job.goals[g].bone; j >= 0; j = sk.parent(j)) ws.ancestor_[j * goal_count + g] = 1;
  for (int j = 0; j < n; ++j) {
    int goal_begin = goal_count, goal_end = 0;  // the goals the bone moves (none: goal_end 0)
    for (int g = 0; g < goal_count; ++g) {
      if (!Moves(j, g)) continue;
      goal_begin = std::min(goal_begin, g);
      goal_end = g + 1;
    }
    if (goal_end == 0) {
      ws.still_bones_[still_count_++] = j;
      continue;
    }
    ws.moving_bones_[moving_count++] = j;
    const int row_begin = ws.row_offset_[goal_begin];
    const int row_end = ws.row_offset_[goal_end - 1] + Rows(job.goals[goal_end - 1]);
    for (int k = 0; k < 3; ++k) {
      if (sk.min_angle(j)[k] >= sk.max_angle(j)[k]) continue;  // a locked slot
      ws.compliance_[dof_count] = 1.0 / sk.stiffness(j);
      ws.dof_min_[dof_count] = sk.min_angle(j)[k];
      ws.dof_max_[dof_count] = sk.max_angle(j)[k];
      ws.row_begin_[dof_count] = row_begin;
      ws.row_end_[dof_count] = row_end;
      ws.span_goal_begin_[dof_count] = goal_begin;
      ws.span_goal_end_[dof_count] = goal_end;
      ws.dofs_[dof_count++] = 3 * j + k;
    }
  }
  angle_dof_count = dof_count;
  if (job.move_root) {
    const double compliance = RootCompliance(sk);
    for (int k = 0; k < 3; ++k) {
      ws.compliance_[dof_count] = compliance;
      ws.dof_min_[dof_count] = -kNoLimit;
      ws.dof_max_[dof_count] = kNoLimit;
      ws.row_begin_[dof_count] = 0;
      ws.row_end_[dof_count] = m;
      ws.span_goal_begin_[dof_count] = 0;
      ws.span_goal_end_[dof_count] = goal_count;
      ws.dofs_[dof_count++] = 3 * n + k;
    }
  }
  bool projected_as_given = true;
  for (int j = 0; j < n; ++j) {
    const glm::vec3 projected = ProjectJointLimits(sk, j, job.angles[j]);
    projected_as_given = projected_as_given && std::memcmp(&projected, &job.angles[j], sizeof(glm::vec3)) == 0;
    job.angles[j] = projected;
  }
  start_model_given_ = job.start_model_ms.size == static_cast<std::size_t>(n) && projected_as_given;
  std::copy(job.angles.begin(), job.angles.end(), ws.start_angles_.begin());
  // Read before EvaluateInput overwrites ws.model_ms_; any solve uses up the kept factor.
  factor_from_last_solve_ = job.trace == nullptr && job.dls_cache != nullptr && KeptFactorFits();
  factor_unclamped_ = factor_from_last_solve_;
  dc.kept_ = false;
}

bool IkState::KeptFactorFits() const {
  if (!dc.kept_ || !start_model_given_ || dc.kind_ != job.kind || dc.damping_ != job.options.damping || dc.rows_ != m ||
      dc.dof_count_ != dof_count)
    return false;
  for (int c = 0; c < dof_count; ++c)
    if (dc.dofs_[c] != ws.dofs_[c] || dc.row_begin_[c] != ws.row_begin_[c] || dc.row_end_[c] != ws.row_end_[c] ||
        dc.compliance_[c] != ws.compliance_[c])
      return false;
  for (int i = 0; i < moving_count; ++i) {
    const int j = ws.moving_bones_[i];
    if (std::memcmp(&dc.model_ms_[j], &job.start_model_ms[j], sizeof(glm::mat4)) != 0) return false;
  }
  return true;
}

void IkState::KeepFactor(double mu, double mu_floor, int age) {
  // Nothing to keep for a job without a cache of its own.
  dc.kept_ = factor_unclamped_ && job.dls_cache != nullptr;
  if (!dc.kept_) return;
  dc.mu_ = mu;
  dc.mu_floor_ = mu_floor;
  dc.age_ = age;
  dc.kind_ = job.kind;
  dc.damping_ = job.options.damping;
  dc.rows_ = m;
  dc.dof_count_ = dof_count;
  for (int c = 0; c < dof_count; ++c) {
    dc.dofs_[c] = ws.dofs_[c];
    dc.row_begin_[c] = ws.row_begin_[c];
    dc.row_end_[c] = ws.row_end_[c];
    dc.compliance_[c] = ws.compliance_[c];
  }
}

void IkState::KeepModel() {
  if (!dc.kept_) return;
  // The pose this solve left, as the caller's next start_model_ms will hold
  // it (its moving bones: the fit reads no others).
  for (int i = 0; i < moving_count; ++i) dc.model_ms_[ws.moving_bones_[i]] = ws.model_ms_[ws.moving_bones_[i]];
}

Evaluation IkState::Evaluate(Span<const glm::vec3> angles, const glm::vec3& root_offset_ms, Span<glm::mat4> model_ms,
                             Span<glm::vec3> effector_ms, double* residual) const {
  ComputeModelMatrices(sk, angles, root_offset_ms, model_ms,
                       Span<const int>(ws.moving_bones_.data(), static_cast<std::size_t>(moving_count)));
  return EvaluateGoals(model_ms, effector_ms, residual);
}

Evaluation IkState::EvaluateGoals(Span<const glm::mat4> model_ms, Span<glm::vec3> effector_ms, double* residual) const {
  Evaluation e;
  for (int g = 0; g < goal_count; ++g) {
    const Goal& goal = job.goals[g];
    double* r = residual + ws.row_offset_[g];
    effector_ms[g] = glm::vec3(model_ms[goal.bone] * glm::vec4(goal.point_bs, 1.0f));
    const glm::vec3 d = goal.target_ms - effector_ms[g];
    const double w = ws.sqrt_weight_[g];
    for (int k = 0; k < 3; ++k) r[k] = w * d[k];
    const double dist2 = static_cast<double>(glm::dot(d, d));
    e.energy += 0.5 * goal.weight * dist2;
    e.error = std::max(e.error, static_cast<float>(std::sqrt(dist2)));
    if (goal.has_orientation) {
      const glm::vec3 turn = RotationVector(goal.target_q_ms * glm::conjugate(ModelRotation(model_ms[goal.bone])));
      const double wo = ws.sqrt_orientation_weight_[g];
      for (int k = 0; k < 3; ++k) r[3 + k] = wo * turn[k];
      const double angle2 = static_cast<double>(glm::dot(turn, turn));
      e.energy += 0.5 * goal.orientation_weight * angle2;
      e.error = std::max(e.error, static_cast<float>(std::sqrt(angle2)));
    }
    if (HasPoleRows(goal)) {
      const glm::dvec3 miss = PoleOf(goal, model_ms, effector_ms[g]).value();
      const double wp = ws.sqrt_pole_weight_[g];
      for (int k = 0; k < 3; ++k) r[PoleRow(goal) + k] = wp * miss[k];
      const double miss2 = glm::dot(miss, miss);
      e.energy += 0.5 * goal.pole_weight * miss2;
      e.error = std::max(e.error, static_cast<float>(std::sqrt(miss2)));
    }
  }
  return e;
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
  return Evaluate(job.angles, root_ms, ws.model_ms_, ws.effector_ms_, ws.residual_.data());
}

Evaluation IkState::EvaluateInput() {
  Evaluation e;
  if (start_model_given_) {
    // The bones the solve reads, one by one: Emscripten's memcpy hands a
    // whole pose's matrices to JavaScript, a round trip.
    for (int i = 0; i < moving_count; ++i) ws.model_ms_[ws.moving_bones_[i]] = job.start_model_ms[ws.moving_bones_[i]];
    e = EvaluateGoals(ws.model_ms_, ws.effector_ms_, ws.residual_.data());
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
  return Evaluate(ws.trial_angles_, trial_root_ms, ws.trial_model_ms_, ws.trial_effector_ms_, ws.trial_residual_.data());
}

void IkState::AcceptTrial() {
  for (int j = 0; j < n; ++j) job.angles[j] = ws.trial_angles_[j];
  root_ms = trial_root_ms;
  std::swap(ws.model_ms_, ws.trial_model_ms_);
  std::swap(ws.effector_ms_, ws.trial_effector_ms_);
  std::swap(ws.residual_, ws.trial_residual_);
}

void IkState::CompleteModel() {
  ComputeModelMatrices(sk, job.angles, root_ms, ws.model_ms_,
                       Span<const int>(ws.still_bones_.data(), static_cast<std::size_t>(still_count_)));
}

double IkState::BuildJacobian() {
  // Axes only of the bones that move a goal: no column needs the others.
  ComputeJointAxes(sk, job.angles, ws.model_ms_, ws.axes_,
                   Span<const int>(ws.moving_bones_.data(), static_cast<std::size_t>(moving_count)));
  for (int g = 0; g < goal_count; ++g)
    if (HasPoleRows(job.goals[g])) ws.poles_[g] = PoleOf(job.goals[g], ws.model_ms_, ws.effector_ms_[g]);
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
        rows[k] = ws.sqrt_weight_[g];
      } else {
        const JointAxes& axes = ws.axes_[j];
        const glm::vec3 d = JacobianColumn(axes, k, ws.effector_ms_[g]);
        const double w = ws.sqrt_weight_[g];
        for (int r = 0; r < 3; ++r) rows[r] = w * d[r];
        if (goal.has_orientation) {
          // The bone turns about the unit world axis of this slot.
          const glm::vec3 axis = axes.similarity ? axes.axis_ms[k] : glm::normalize(axes.frame_ms * axes.axis_fs[k]);
          const double wo = ws.sqrt_orientation_weight_[g];
          for (int r = 0; r < 3; ++r) rows[3 + r] = wo * axis[r];
        }
      }
      if (HasPoleRows(goal)) {
        // Residuals read target − x and J holds ∂x/∂θ: a residual's column is −∂r/∂θ.
        const glm::dvec3 d = -ws.sqrt_pole_weight_[g] * PoleDerivative(c, goal, ws.poles_[g], ws.effector_ms_[g]);
        for (int r = 0; r < 3; ++r) rows[PoleRow(goal) + r] = d[r];
      }
      for (int r = 0; r < count; ++r) norm2 += rows[r] * rows[r];
    }
    column_max = std::max(column_max, std::sqrt(norm2));
  }
  return column_max;
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

void IkState::AddOuter(double* a, int c, double sign) const {
  const double* col = Column(c);
  const double scale = sign * ws.compliance_[c];
  const int begin = RowBegin(c);
  if (RowEnd(c) - begin == 3) {
    // Most columns (a limb's bones) move one point goal: a 3×3 block, unrolled.
    const double c0 = col[begin], c1 = col[begin + 1], c2 = col[begin + 2];
    double* a0 = a + begin * m + begin;
    double* a1 = a0 + m;
    double* a2 = a1 + m;
    a0[0] += scale * c0 * c0;
    a1[0] += scale * c1 * c0;
    a1[1] += scale * c1 * c1;
    a2[0] += scale * c2 * c0;
    a2[1] += scale * c2 * c1;
    a2[2] += scale * c2 * c2;
    return;
  }
  for (int r1 = begin; r1 < RowEnd(c); ++r1) {
    if (col[r1] == 0.0) continue;
    const double scaled = scale * col[r1];
    for (int r2 = begin; r2 <= r1; ++r2) a[r1 * m + r2] += scaled * col[r2];
  }
}

void IkState::BuildNormal() {
  std::fill(ws.jjt_.begin(), ws.jjt_.begin() + m * m, 0.0);
  for (int c = 0; c < dof_count; ++c)
    if (ws.free_[c]) AddOuter(ws.jjt_.data(), c, 1.0);
}

double IkState::NormalDiagonalMax() const {
  double diag_max = 0.0;
  for (int r = 0; r < m; ++r) diag_max = std::max(diag_max, ws.jjt_[r * m + r]);
  return diag_max;
}

bool IkState::ComputeDampedStep(double mu) {
  factor_unclamped_ = false;
  std::copy(ws.free_.begin(), ws.free_.begin() + dof_count, dc.step_free_.begin());
  std::fill(ws.step_.begin(), ws.step_.begin() + dof_count, 0.0);
  std::copy(ws.residual_.begin(), ws.residual_.begin() + m, ws.rhs_.begin());
  // ws.pass_jjt_ is made on the first clamp: most steps clamp nothing.
  bool downdated = false;
  for (int pass = 0; pass < kActiveSetPasses; ++pass) {
    // The lower triangle, row by row: all the factorisation reads, and
    // copies small enough that Emscripten's memcpy keeps them in WASM.
    const std::vector<double>& normal = downdated ? ws.pass_jjt_ : ws.jjt_;
    for (int r = 0; r < m; ++r) {
      std::copy(normal.begin() + r * m, normal.begin() + r * m + r + 1, dc.normal_.begin() + r * m);
      dc.normal_[r * m + r] += mu;
    }
    if (!CholeskyFactor(dc.normal_.data(), m)) return false;
    std::copy(ws.rhs_.begin(), ws.rhs_.begin() + m, ws.solution_.begin());
    CholeskySolve(dc.normal_.data(), m, ws.solution_.data());

    // Angles whose step crosses a limit go onto it and leave the free set;
    // their motion is taken out of the residual the others solve for.
    bool clamped = false;
    for (int c = 0; c < dof_count; ++c) {
      if (!dc.step_free_[c]) continue;
      const double* col = Column(c);
      double h = 0.0;
      for (int r = RowBegin(c); r < RowEnd(c); ++r) h += col[r] * ws.solution_[r];
      h *= ws.compliance_[c];
      ws.step_[c] = h;
      const double to = Value(c) + h;
      if (to > Max(c) || to < Min(c)) {
        ws.step_[c] = (to > Max(c) ? Max(c) : Min(c)) - static_cast<double>(Value(c));
        dc.step_free_[c] = 0;
        for (int r = RowBegin(c); r < RowEnd(c); ++r) ws.rhs_[r] -= col[r] * ws.step_[c];
        if (!downdated) std::copy(ws.jjt_.begin(), ws.jjt_.begin() + m * m, ws.pass_jjt_.begin());
        downdated = true;
        AddOuter(ws.pass_jjt_.data(), c, -1.0);  // a rank-1 downdate, not a rebuild
        clamped = true;
      }
    }
    if (!clamped) {
      factor_unclamped_ = pass == 0;
      break;
    }
  }
  Predict();
  return true;
}

bool IkState::ComputeChordStep() {
  if (!factor_unclamped_) return false;
  std::copy(ws.residual_.begin(), ws.residual_.begin() + m, ws.solution_.begin());
  CholeskySolve(dc.normal_.data(), m, ws.solution_.data());
  for (int c = 0; c < dof_count; ++c) {
    ws.step_[c] = 0.0;
    if (!dc.step_free_[c]) continue;
    const double* col = Column(c);
    double h = 0.0;
    for (int r = RowBegin(c); r < RowEnd(c); ++r) h += col[r] * ws.solution_[r];
    h *= ws.compliance_[c];
    const double to = Value(c) + h;
    if (to > Max(c) || to < Min(c)) return false;
    ws.step_[c] = h;
  }
  Predict();
  return true;
}

void IkState::Predict() {
  std::fill(ws.predicted_.begin(), ws.predicted_.begin() + m, 0.0);
  for (int c = 0; c < dof_count; ++c) {
    if (ws.step_[c] == 0.0) continue;
    const double* col = Column(c);
    for (int r = RowBegin(c); r < RowEnd(c); ++r) ws.predicted_[r] += col[r] * ws.step_[c];
  }
}

double IkState::MakeTrial(double scale) {
  for (int j = 0; j < n; ++j) ws.trial_angles_[j] = job.angles[j];
  trial_root_ms = root_ms;
  double step_max = 0.0;
  for (int c = 0; c < dof_count; ++c) {
    const float to = std::min(std::max(static_cast<float>(Value(c) + scale * ws.step_[c]), Min(c)), Max(c));
    (IsRoot(c) ? trial_root_ms : ws.trial_angles_[Bone(c)])[Slot(c)] = to;
    step_max = std::max(step_max, std::fabs(static_cast<double>(to) - Value(c)));
  }
  // Swing-twist cones are not boxes: project those joints as a whole.
  ProjectSwingTwist(ws.trial_angles_);
  return step_max;
}

double IkState::PredictedDecrease() const {
  double decrease = 0.0;
  for (int r = 0; r < m; ++r)
    decrease += ws.residual_[r] * ws.predicted_[r] - 0.5 * ws.predicted_[r] * ws.predicted_[r];
  return decrease;
}

bool IkState::AnyOnLimit() const {
  for (int c = 0; c < angle_dof_count; ++c)
    if (Value(c) <= Min(c) || Value(c) >= Max(c)) return true;
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
    ws.far_[g] = glm::length(goal.target_ms - ws.effector_ms_[g]) > kFarFraction * std::max(GoalReach(g), reach_floor);
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
