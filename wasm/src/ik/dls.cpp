#include "kin/ik/dls.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "../fk_loop.h"
#include "../math_checks.h"
#include "cholesky.h"

namespace kin {
namespace {

// Passes of the active-set loop: each may move more angles onto their limits.
constexpr int kActiveSetPasses = 4;

// Progress is too slow to pursue when E fell by less than this fraction over
// the last kStagnationWindow accepted steps (large-residual problems, such as
// an unreachable target, converge linearly and slowly).
constexpr int kStagnationWindow = 4;
constexpr double kStagnationDecrease = 1e-5;

struct Evaluation {
  double energy = 0.0;  // E = ½ Σ w |target − x|²
  float error = 0.0f;   // max |target − x|
};

// Forward kinematics of `angles`, then goal points and weighted residuals.
Evaluation Evaluate(const Skeleton& skeleton, Span<const Goal> goals, Span<const glm::vec3> angles,
                    const glm::vec3& root_offset_ms, Span<glm::mat4> model_ms, Span<glm::vec3> effector_ms,
                    double* residual) {
  ComputeModelMatrices(skeleton, angles, root_offset_ms, model_ms);
  Evaluation e;
  for (std::size_t g = 0; g < goals.size; ++g) {
    const Goal& goal = goals[g];
    effector_ms[g] = glm::vec3(model_ms[goal.bone] * glm::vec4(goal.point_bs, 1.0f));
    const glm::vec3 d = goal.target_ms - effector_ms[g];
    const double w = std::sqrt(static_cast<double>(goal.weight));
    for (int r = 0; r < 3; ++r) residual[3 * g + r] = w * d[r];
    const double dist2 = static_cast<double>(glm::dot(d, d));
    e.energy += 0.5 * goal.weight * dist2;
    e.error = std::max(e.error, static_cast<float>(std::sqrt(dist2)));
  }
  return e;
}

// The state of one solve: the job's inputs plus views into its workspace.
struct Solver {
  const Skeleton& sk;
  Span<const Goal> goals;
  const glm::vec3& root_offset_ms;
  Span<glm::vec3> angles;
  DlsWorkspace& ws;
  int n, goal_count, m, dof_count = 0;

  int Bone(int c) const { return ws.dofs_[c] / 3; }
  int Slot(int c) const { return ws.dofs_[c] % 3; }
  double* Column(int c) const { return ws.jacobian_.data() + static_cast<std::size_t>(c) * m; }
  float Min(int c) const { return sk.min_angle(Bone(c))[Slot(c)]; }
  float Max(int c) const { return sk.max_angle(Bone(c))[Slot(c)]; }
  float Angle(int c) const { return angles[Bone(c)][Slot(c)]; }

  // Which bones move which goal, and the degrees of freedom that move any
  // goal (locked slots with min == max are left out).
  void FindActiveDofs() {
    std::fill(ws.ancestor_.begin(), ws.ancestor_.begin() + n * goal_count, 0);
    for (int g = 0; g < goal_count; ++g)
      for (int j = goals[g].bone; j >= 0; j = sk.parent(j)) ws.ancestor_[j * goal_count + g] = 1;
    for (int j = 0; j < n; ++j) {
      bool moves_a_goal = false;
      for (int g = 0; g < goal_count; ++g) moves_a_goal = moves_a_goal || ws.ancestor_[j * goal_count + g];
      if (!moves_a_goal) continue;
      for (int k = 0; k < 3; ++k) {
        if (sk.min_angle(j)[k] >= sk.max_angle(j)[k]) continue;
        ws.compliance_[dof_count] = 1.0 / sk.stiffness(j);
        ws.dofs_[dof_count++] = 3 * j + k;
      }
    }
  }

  Evaluation EvaluateCurrent() {
    return Evaluate(sk, goals, angles, root_offset_ms, ws.model_ms_, ws.effector_ms_, ws.residual_.data());
  }

  // Weighted Jacobian over the active dofs (column-major); returns the
  // largest column norm.
  double BuildJacobian() {
    ComputeJointAxes(sk, angles, ws.model_ms_, ws.axes_);
    double column_max = 0.0;
    for (int c = 0; c < dof_count; ++c) {
      const int j = Bone(c), k = Slot(c);
      double* col = Column(c);
      double norm2 = 0.0;
      for (int g = 0; g < goal_count; ++g) {
        if (!ws.ancestor_[j * goal_count + g]) {
          col[3 * g] = col[3 * g + 1] = col[3 * g + 2] = 0.0;
          continue;
        }
        const glm::vec3 d = JacobianColumn(ws.axes_[j], k, ws.effector_ms_[g]);
        const double w = std::sqrt(static_cast<double>(goals[g].weight));
        for (int r = 0; r < 3; ++r) {
          col[3 * g + r] = w * d[r];
          norm2 += col[3 * g + r] * col[3 * g + r];
        }
      }
      column_max = std::max(column_max, std::sqrt(norm2));
    }
    return column_max;
  }

  // g = Jᵀ e and the free set: an angle on a limit that the gradient pushes
  // further out is frozen. Returns the largest free |g|.
  double GradientAndFreeSet() {
    double gradient_max = 0.0;
    for (int c = 0; c < dof_count; ++c) {
      const double* col = Column(c);
      double gc = 0.0;
      for (int r = 0; r < m; ++r) gc += col[r] * ws.residual_[r];
      ws.gradient_[c] = gc;
      const bool pinned_high = Angle(c) >= Max(c) && gc > 0.0;
      const bool pinned_low = Angle(c) <= Min(c) && gc < 0.0;
      ws.free_[c] = !(pinned_high || pinned_low);
      if (ws.free_[c]) gradient_max = std::max(gradient_max, std::fabs(gc));
    }
    return gradient_max;
  }

  // Adds sign · compliance · col colᵀ of dof c to the lower triangle of a.
  void AddOuter(double* a, int c, double sign) const {
    const double* col = Column(c);
    const double scale = sign * ws.compliance_[c];
    for (int r1 = 0; r1 < m; ++r1) {
      if (col[r1] == 0.0) continue;
      const double scaled = scale * col[r1];
      for (int r2 = 0; r2 <= r1; ++r2) a[r1 * m + r2] += scaled * col[r2];
    }
  }

  // J K⁻¹ Jᵀ over the free dofs, once per Jacobian.
  void BuildNormal() {
    std::fill(ws.jjt_.begin(), ws.jjt_.begin() + m * m, 0.0);
    for (int c = 0; c < dof_count; ++c)
      if (ws.free_[c]) AddOuter(ws.jjt_.data(), c, 1.0);
  }

  // The damped step for damping mu, into ws.step_; J·step into
  // ws.predicted_. Returns false if the normal matrix could not be factored.
  bool ComputeStep(double mu) {
    std::copy(ws.free_.begin(), ws.free_.begin() + dof_count, ws.step_free_.begin());
    std::fill(ws.step_.begin(), ws.step_.begin() + dof_count, 0.0);
    std::copy(ws.residual_.begin(), ws.residual_.begin() + m, ws.rhs_.begin());
    std::copy(ws.jjt_.begin(), ws.jjt_.begin() + m * m, ws.pass_jjt_.begin());
    for (int pass = 0; pass < kActiveSetPasses; ++pass) {
      std::copy(ws.pass_jjt_.begin(), ws.pass_jjt_.begin() + m * m, ws.normal_.begin());
      for (int r = 0; r < m; ++r) ws.normal_[r * m + r] += mu;
      if (!CholeskyFactor(ws.normal_.data(), m)) return false;
      std::copy(ws.rhs_.begin(), ws.rhs_.begin() + m, ws.solution_.begin());
      CholeskySolve(ws.normal_.data(), m, ws.solution_.data());

      // Angles whose step crosses a limit go onto it and leave the free set;
      // their motion is taken out of the residual the others solve for.
      bool clamped = false;
      for (int c = 0; c < dof_count; ++c) {
        if (!ws.step_free_[c]) continue;
        const double* col = Column(c);
        double h = 0.0;
        for (int r = 0; r < m; ++r) h += col[r] * ws.solution_[r];
        h *= ws.compliance_[c];
        ws.step_[c] = h;
        const double to = Angle(c) + h;
        if (to > Max(c) || to < Min(c)) {
          ws.step_[c] = (to > Max(c) ? Max(c) : Min(c)) - static_cast<double>(Angle(c));
          ws.step_free_[c] = 0;
          for (int r = 0; r < m; ++r) ws.rhs_[r] -= col[r] * ws.step_[c];
          AddOuter(ws.pass_jjt_.data(), c, -1.0);  // a rank-1 downdate, not a rebuild
          clamped = true;
        }
      }
      if (!clamped) break;
    }
    std::fill(ws.predicted_.begin(), ws.predicted_.begin() + m, 0.0);
    for (int c = 0; c < dof_count; ++c) {
      if (ws.step_[c] == 0.0) continue;
      const double* col = Column(c);
      for (int r = 0; r < m; ++r) ws.predicted_[r] += col[r] * ws.step_[c];
    }
    return true;
  }

  // Writes angles + step (clamped) into the trial pose; returns max |step|.
  double MakeTrial() {
    for (int j = 0; j < n; ++j) ws.trial_angles_[j] = angles[j];
    double step_max = 0.0;
    for (int c = 0; c < dof_count; ++c) {
      const float to = std::min(std::max(static_cast<float>(Angle(c) + ws.step_[c]), Min(c)), Max(c));
      ws.trial_angles_[Bone(c)][Slot(c)] = to;
      step_max = std::max(step_max, std::fabs(static_cast<double>(to) - Angle(c)));
    }
    return step_max;
  }

  // Decrease of the linear model for the step: eᵀ(J h) − ½ |J h|².
  double PredictedDecrease() const {
    double decrease = 0.0;
    for (int r = 0; r < m; ++r)
      decrease += ws.residual_[r] * ws.predicted_[r] - 0.5 * ws.predicted_[r] * ws.predicted_[r];
    return decrease;
  }

  void AcceptTrial() {
    for (int j = 0; j < n; ++j) angles[j] = ws.trial_angles_[j];
    std::swap(ws.model_ms_, ws.trial_model_ms_);
    std::swap(ws.effector_ms_, ws.trial_effector_ms_);
    std::swap(ws.residual_, ws.trial_residual_);
  }

  bool AnyOnLimit() const {
    for (int c = 0; c < dof_count; ++c)
      if (Angle(c) <= Min(c) || Angle(c) >= Max(c)) return true;
    return false;
  }

  // Moves every active angle off a stuck point: an angle on a limit goes a
  // growing fraction of its range inward (a straight knee becomes a bent
  // one), any other angle by ±amplitude.
  void Nudge(int escape) {
    const float fraction = 0.2f + 0.25f * static_cast<float>(escape);
    const float amplitude = 0.1f * static_cast<float>(escape + 1);
    for (int c = 0; c < dof_count; ++c) {
      const float inward = fraction * (Max(c) - Min(c));
      float& theta = angles[Bone(c)][Slot(c)];
      if (theta <= Min(c)) theta = Min(c) + inward;
      else if (theta >= Max(c)) theta = Max(c) - inward;
      else theta = std::min(std::max(theta + ((c + escape) % 2 ? amplitude : -amplitude), Min(c)), Max(c));
    }
  }
};

}  // namespace

DlsOptions DefaultDlsOptions() { return DlsOptions(); }

void DlsWorkspace::Reserve(int bone_count, int goal_count) {
  const std::size_t n = static_cast<std::size_t>(bone_count);
  const std::size_t g = static_cast<std::size_t>(goal_count);
  const std::size_t m = 3 * g;
  bone_capacity_ = bone_count;
  goal_capacity_ = goal_count;
  model_ms_.resize(n);
  trial_model_ms_.resize(n);
  trial_angles_.resize(n);
  best_angles_.resize(n);
  effector_ms_.resize(g);
  trial_effector_ms_.resize(g);
  axes_.resize(n);
  ancestor_.resize(n * g);
  dofs_.resize(3 * n);
  free_.resize(3 * n);
  step_free_.resize(3 * n);
  step_.resize(3 * n);
  compliance_.resize(3 * n);
  jacobian_.resize(3 * n * m);
  normal_.resize(m * m);
  jjt_.resize(m * m);
  pass_jjt_.resize(m * m);
  residual_.resize(m);
  trial_residual_.resize(m);
  rhs_.resize(m);
  solution_.resize(m);
  gradient_.resize(3 * n);
  predicted_.resize(m);
}

Status DlsJob::Validate() const {
  if (skeleton == nullptr) return Status::Invalid("dls: no skeleton");
  const int n = skeleton->bone_count();
  if (workspace == nullptr) return Status::Invalid("dls: no workspace");
  if (goals.size == 0) return Status::Invalid("dls: no goals to solve for");
  if (workspace->bone_capacity() < n || workspace->goal_capacity() < static_cast<int>(goals.size))
    return Status::Invalid("dls: workspace sized for %d bones / %d goals, need %d / %zu",
                           workspace->bone_capacity(), workspace->goal_capacity(), n, goals.size);
  if (angles.size != static_cast<std::size_t>(n))
    return Status::Invalid("dls: %zu angle triples for %d bones", angles.size, n);
  for (int i = 0; i < n; ++i)
    if (!IsFinite(angles[i]))
      return Status::Invalid("dls: start angles of bone %d '%s' are not finite", i, skeleton->name(i).c_str());
  if (!IsFinite(root_offset_ms)) return Status::Invalid("dls: root offset is not finite");
  for (std::size_t g = 0; g < goals.size; ++g) {
    const Status status = ValidateGoal(*skeleton, goals[g], static_cast<int>(g));
    if (!status.ok()) return status;
  }
  if (options.max_iterations < 1 || options.max_iterations > 100000)
    return Status::Invalid("dls: max_iterations %d must be in [1, 100000]", options.max_iterations);
  if (!IsFinite(options.tolerance) || options.tolerance <= 0.0f)
    return Status::Invalid("dls: tolerance %g must be finite and > 0", options.tolerance);
  if (!IsFinite(options.initial_damping) || options.initial_damping <= 0.0f)
    return Status::Invalid("dls: initial_damping %g must be finite and > 0", options.initial_damping);
  return Status::Ok();
}

SolveReport DlsJob::Run() const {
  SolveReport report;
  report.input = Validate();
  if (!report.input.ok()) return report;

  const int n = skeleton->bone_count();
  const int goal_count = static_cast<int>(goals.size);
  Solver s{*skeleton, goals, root_offset_ms, angles, *workspace, n, goal_count, 3 * goal_count};
  DlsWorkspace& ws = *workspace;
  s.FindActiveDofs();

  // The solution respects the limits even where the start pose did not.
  for (int j = 0; j < n; ++j) angles[j] = glm::clamp(angles[j], skeleton->min_angle(j), skeleton->max_angle(j));
  Evaluation current = s.EvaluateCurrent();

  int energy_count = 0;
  auto record_energy = [&](double e) {
    if (static_cast<std::size_t>(energy_count) < energy.size) energy[energy_count++] = static_cast<float>(e);
  };
  record_energy(current.energy);

  double best_energy = current.energy;
  std::copy(angles.begin(), angles.end(), ws.best_angles_.begin());
  auto keep_best = [&]() {
    if (current.energy < best_energy) {
      best_energy = current.energy;
      std::copy(angles.begin(), angles.end(), ws.best_angles_.begin());
    }
  };

  double mu = -1.0;  // set from the first Jacobian: τ · max diag(J Jᵀ)
  double nu = 2.0;
  int iteration = 0, escapes = 0;
  // Why the last round of damped steps ended without real progress.
  enum class Stuck { kNo, kStagnated, kRejected } stuck = Stuck::kNo;
  double window[kStagnationWindow] = {0.0};  // E after recent accepted steps (ring)
  int accepted_steps = 0;                    // since the start or the last escape
  SolveStatus status = SolveStatus::kMaxIterations;
  while (iteration < options.max_iterations) {
    if (current.error <= options.tolerance) {
      status = SolveStatus::kConverged;
      break;
    }
    if (s.dof_count == 0) {
      status = SolveStatus::kUnreachable;
      break;
    }
    const double column_max = s.BuildJacobian();
    double residual_max = 0.0;
    for (int r = 0; r < s.m; ++r) residual_max = std::max(residual_max, std::fabs(ws.residual_[r]));
    const double gradient_max = s.GradientAndFreeSet();
    // Stationary: no free direction lowers E to first order (relative to the
    // sizes of the residual and the columns, so the test is unit-free).
    const bool stationary = gradient_max <= 1e-5 * residual_max * column_max;
    if (stationary || stuck != Stuck::kNo) {
      // A stuck point away from the targets is a limit trap, a saddle (a
      // straight chain pointing at a target nearer than its reach) or the
      // best reachable pose. Nudging escapes the first two; once a nudge
      // fails to improve on the best pose, away from limits, stop.
      const bool improved = current.energy < best_energy * (1.0 - 1e-6);
      keep_best();
      const bool worth_escaping = escapes == 0 || improved || s.AnyOnLimit();
      if (escapes == kMaxEscapes || !worth_escaping) {
        status = stuck == Stuck::kRejected ? SolveStatus::kStalled : SolveStatus::kUnreachable;
        break;
      }
      s.Nudge(escapes++);
      current = s.EvaluateCurrent();
      mu = -1.0;
      nu = 2.0;
      stuck = Stuck::kNo;
      accepted_steps = 0;
      continue;
    }
    s.BuildNormal();
    if (mu < 0.0) {
      double diag_max = 0.0;  // of J K⁻¹ Jᵀ over the free dofs
      for (int r = 0; r < s.m; ++r) diag_max = std::max(diag_max, ws.jjt_[r * s.m + r]);
      mu = diag_max > 0.0 ? options.initial_damping * diag_max : options.initial_damping;
    }

    // Try damped steps until one lowers E (each try is one iteration).
    bool accepted = false;
    while (iteration < options.max_iterations && !accepted && stuck == Stuck::kNo) {
      ++iteration;
      double step_max = 0.0;
      double predicted = 0.0;
      Evaluation trial;
      const bool factored = s.ComputeStep(mu);
      if (factored) {
        step_max = s.MakeTrial();
        predicted = s.PredictedDecrease();
        trial = Evaluate(*skeleton, goals, ws.trial_angles_, root_offset_ms, ws.trial_model_ms_,
                         ws.trial_effector_ms_, ws.trial_residual_.data());
      }
      if (factored && std::isfinite(trial.energy) && trial.energy < current.energy) {
        s.AcceptTrial();
        const double rho = predicted > 0.0 ? (current.energy - trial.energy) / predicted : 0.0;
        mu *= std::max(1.0 / 3.0, 1.0 - std::pow(2.0 * rho - 1.0, 3.0));
        nu = 2.0;
        // Progress below float resolution of E, or too slow over the window,
        // counts as stuck.
        if (current.energy - trial.energy <= 1e-6 * current.energy) stuck = Stuck::kStagnated;
        double& oldest = window[accepted_steps % kStagnationWindow];
        if (accepted_steps >= kStagnationWindow && oldest - trial.energy <= kStagnationDecrease * oldest)
          stuck = Stuck::kStagnated;
        oldest = trial.energy;
        ++accepted_steps;
        current = trial;
        accepted = true;
      } else {
        mu *= nu;
        nu *= 2.0;
        if (factored && (step_max < 1e-9 || mu > 1e30)) stuck = Stuck::kRejected;
      }
      record_energy(current.energy);
    }
  }

  // After an escape the best pose may lie behind us.
  if (best_energy < current.energy) {
    std::copy(ws.best_angles_.begin(), ws.best_angles_.begin() + n, angles.begin());
    current = s.EvaluateCurrent();
  }
  if (current.error <= options.tolerance) status = SolveStatus::kConverged;

  report.status = status;
  report.iterations = iteration;
  report.error = current.error;
  report.energy_count = energy_count;
  return report;
}

}  // namespace kin
