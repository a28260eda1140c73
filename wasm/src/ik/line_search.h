// The iteration the line-search solvers share (core-internal): gradient
// descent, projected gradient, Jacobian transpose and Gauss–Newton differ
// only in the direction they put into ws.step_, the first step length they
// try, and how they judge a trial; the loop around that — stationarity,
// backtracking, escapes, statuses, energy history — is this one.
//
// Every trial is clamp(θ + scale · step) (IkState::MakeTrial; θ holds the root offset too when it moves),
// so limits hold at every evaluated point, and with backtracking a trial is
// accepted by the Armijo rule E(trial) ≤ E − σ · (first-order decrease), so E
// never rises from one step to the next. Stuck away from the targets (a
// stationary point or a failed line search), the solver nudges the angles as
// DLS does (IkState::Nudge, at most options.max_escapes times) and returns
// the best pose it saw: a straight limb on its hinge limit and the many local
// minima of four effectors on a humanoid stop a local method otherwise. A
// nudge is the only place E may rise.
#pragma once

#include <algorithm>
#include <cmath>

#include "solvers.h"

namespace kin {
namespace ik_internal {

struct DescentRules {
  // Armijo's first-order decrease: true, gᵀ(θ_trial − θ) over the move the
  // clamp actually made (the projection arc of Bertsekas); false,
  // scale · gᵀstep over the unclamped step (plain gradient descent, which
  // knows the limits only by the clamp that keeps the pose legal).
  bool decrease_on_clamped_move = true;
  // Stationary when the free gradient vanishes (angles on a limit that the
  // gradient pushes further out do not count: the projected gradient);
  // false, only when the whole gradient does.
  bool stationary_on_free_gradient = true;
  // false: take every step at the first scale, even if E rises (fixed-step
  // gradient descent, Gauss–Newton without line search).
  bool backtrack = true;
  int max_halvings = 30;
  // Stuck when E fell by less than `stagnation_decrease` (a fraction) over
  // the last `stagnation_window` accepted steps; 0: never.
  int stagnation_window = 0;
  double stagnation_decrease = 0.0;
};

// gᵀ step: how fast E falls along ws.step_ at its start; > 0 for a descent
// direction.
inline double StepSlope(const IkState& s) {
  double slope = 0.0;
  for (int c = 0; c < s.dof_count; ++c) slope += s.ws.gradient_[c] * s.ws.step_[c];
  return slope;
}

// Scaled gradient K⁻¹ g into ws.step_ (K: stiffness, so stiff joints turn
// less); with `free_only`, zero for the angles the free set froze on a limit.
inline void ComplianceGradientStep(IkState& s, bool free_only) {
  for (int c = 0; c < s.dof_count; ++c)
    s.ws.step_[c] = free_only && !s.ws.free_[c] ? 0.0 : s.ws.compliance_[c] * s.ws.gradient_[c];
}

// The Jacobian-transpose step α · K⁻¹ g over the free angles, α the length
// that minimises the linearised residual |r − α J K⁻¹ Jᵀ r|²:
//   α = ⟨r, J K⁻¹ Jᵀ r⟩ / |J K⁻¹ Jᵀ r|²,  with ⟨r, J K⁻¹ Jᵀ r⟩ = gᵀ K⁻¹ g.
// Angles frozen on a limit are left out of the step and of α, so α fits the
// move that is actually made. J K⁻¹ g goes to ws.predicted_. False when
// there is no step.
inline bool TransposeStep(IkState& s) {
  IkWorkspace& ws = s.ws;
  ComplianceGradientStep(s, true);
  std::fill(ws.predicted_.begin(), ws.predicted_.begin() + s.m, 0.0);
  double numerator = 0.0;
  for (int c = 0; c < s.dof_count; ++c) {
    if (ws.step_[c] == 0.0) continue;
    numerator += ws.gradient_[c] * ws.step_[c];
    const double* col = s.Column(c);
    for (int r = s.RowBegin(c); r < s.RowEnd(c); ++r) ws.predicted_[r] += col[r] * ws.step_[c];
  }
  double denominator = 0.0;
  for (int r = 0; r < s.m; ++r) denominator += ws.predicted_[r] * ws.predicted_[r];
  if (!(denominator > 0.0)) return false;
  const double alpha = numerator / denominator;
  for (int c = 0; c < s.dof_count; ++c) ws.step_[c] *= alpha;
  return true;
}

namespace line_search_detail {

// Sufficient decrease: a small fraction, so that a step is cut only when it
// clearly overshoots.
constexpr double kArmijo = 1e-4;

// E comes from float forward kinematics, so its relative resolution is about
// 1e-7; a gradient step of the best length lowers E by about
// ½ (|g| / |column|)², relative to |r|², so below |g| ≈ √1e-7 · |r| · |column|
// no step can show a decrease. A line search that fails below this (with
// margin) has found a stationary point as exactly as floats allow.
constexpr double kFloatStationary = 1e-3;

inline double GradientMax(const IkState& s) {
  double gradient_max = 0.0;
  for (int c = 0; c < s.dof_count; ++c) gradient_max = std::max(gradient_max, std::fabs(s.ws.gradient_[c]));
  return gradient_max;
}

// gᵀ(θ_trial − θ): the first-order decrease of E for the move to the trial.
inline double ClampedDecrease(const IkState& s) {
  double decrease = 0.0;
  for (int c = 0; c < s.dof_count; ++c) {
    const double moved = static_cast<double>(s.TrialValue(c)) - s.Value(c);
    decrease += s.ws.gradient_[c] * moved;
  }
  return decrease;
}

// E after the last accepted steps, to tell slow progress from none.
class Stagnation {
 public:
  static constexpr int kMaxWindow = 16;
  Stagnation(int window, double decrease) : window_(std::min(window, kMaxWindow)), decrease_(decrease) {}
  // Records E after an accepted step; true if it fell too little over the window.
  bool Stagnated(double energy) {
    if (window_ <= 0) return false;
    double& oldest = recent_[steps_ % window_];
    const bool stagnated = steps_ >= window_ && oldest - energy <= decrease_ * oldest;
    oldest = energy;
    ++steps_;
    return stagnated;
  }
  void Restart() { steps_ = 0; }

 private:
  int window_;
  double decrease_;
  double recent_[kMaxWindow] = {0.0};
  int steps_ = 0;
};

struct Trial {
  bool accepted = false;
  double scale = 0.0;
  Evaluation evaluation;
};

// Scales first, first/2, … until the Armijo rule holds, or the step no longer
// changes any angle; without backtracking, the first scale whatever E does.
inline Trial TakeStep(IkState& s, const DescentRules& rules, double energy, double first_scale) {
  if (!(first_scale > 0.0)) return Trial{};
  if (!rules.backtrack) {
    s.MakeTrial(first_scale);
    const Evaluation trial = s.EvaluateTrial();
    const bool accepted = std::isfinite(trial.energy);
    if (s.job.trace) s.job.trace->AddTrial(s, first_scale, trial.energy, accepted);
    return Trial{accepted, first_scale, trial};
  }
  const double slope = rules.decrease_on_clamped_move ? 0.0 : StepSlope(s);
  double scale = first_scale;
  for (int halving = 0; halving <= rules.max_halvings; ++halving, scale *= 0.5) {
    if (s.MakeTrial(scale) == 0.0) break;
    const Evaluation trial = s.EvaluateTrial();
    const double decrease = rules.decrease_on_clamped_move ? ClampedDecrease(s) : scale * slope;
    const bool accepted = std::isfinite(trial.energy) && trial.energy < energy &&
                          energy - trial.energy >= kArmijo * std::max(decrease, 0.0);
    if (s.job.trace) s.job.trace->AddTrial(s, scale, trial.energy, accepted);
    if (accepted) return Trial{true, scale, trial};
  }
  return Trial{};
}

}  // namespace line_search_detail

// Runs the solver. `direction(s, last_scale)` is called after
// BuildJacobian and GradientAndFreeSet; it fills ws.step_ and returns the
// first scale to try (last_scale: the scale accepted in the previous step of
// this descent, 0 at its start), or 0 when it has no step. One direction and
// its line search make one iteration.
template <class Direction>
SolveReport SolveByLineSearch(IkState& s, const DescentRules& rules, Direction direction) {
  using namespace line_search_detail;
  const IkJob& job = s.job;
  EnergyHistory history(s);
  Evaluation current = s.EvaluateStart();
  history.Record(current);
  BestPose best(s, current.energy);

  Escapes escapes(s, current.energy);
  Stagnation stagnation(rules.stagnation_window, rules.stagnation_decrease);
  double last_scale = 0.0;
  int iteration = 0;
  SolveStatus status = SolveStatus::kMaxIterations;
  while (iteration < job.options.max_iterations) {
    if (current.error <= job.options.tolerance) {
      status = SolveStatus::kConverged;
      break;
    }
    if (s.dof_count == 0) {
      status = SolveStatus::kUnreachable;
      break;
    }
    const double column_max = s.BuildJacobian();
    const double free_max = s.GradientAndFreeSet();
    const double gradient_max = rules.stationary_on_free_gradient ? free_max : GradientMax(s);
    SolveStatus stuck = SolveStatus::kUnreachable;
    if (!s.Stationary(gradient_max, column_max)) {
      ++iteration;
      if (job.trace) job.trace->Linearization(s);
      const Trial trial = TakeStep(s, rules, current.energy, direction(s, last_scale));
      if (trial.accepted) {
        s.AcceptTrial();
        current = trial.evaluation;
        last_scale = trial.scale;
        history.Record(current);
        if (!rules.backtrack) best.Offer(current.energy);
        // E that no longer falls marks a stationary point (as in DLS).
        if (!stagnation.Stagnated(current.energy) || current.error <= job.options.tolerance) continue;
      } else {
        history.Record(current);
        const bool float_stationary = gradient_max <= kFloatStationary * s.ResidualMax() * column_max;
        stuck = float_stationary ? SolveStatus::kUnreachable : SolveStatus::kStalled;
      }
    }
    // Stuck away from the targets (see Escapes).
    best.Offer(current.energy);
    if (!escapes.TryFrom(current.energy)) {
      status = stuck;
      break;
    }
    current = s.EvaluateCurrent();
    last_scale = 0.0;
    stagnation.Restart();
  }

  best.Offer(current.energy);
  return FinishIterative(s, current, best.energy(), status, iteration, history);
}

}  // namespace ik_internal
}  // namespace kin
