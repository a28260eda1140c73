// Damped least squares / Levenberg–Marquardt over all goals at once:
//   Δθ = K⁻¹ Jᵀ (J K⁻¹ Jᵀ + μ I)⁻¹ r   (rows weighted by √w)
// with K the bones' stiffness (the step minimises |r − JΔθ|² + μ ΔθᵀKΔθ, so
// stiff joints such as a spine turn less than limbs) and μ adapted from the
// gain ratio (Nielsen's rule). Limits hold by the active set of
// IkState::ComputeDampedStep, so the step stays a descent step. A straight
// limb on a hinge limit, or a straight chain pointing at a target nearer
// than its reach, is a stationary point first-order methods cannot leave:
// a solve that starts far from its goals (cold, from a rest pose) therefore
// starts those limbs inside their limits (IkState::EvaluateStart), and when
// stuck short of the targets the solver nudges the active angles
// (deterministically, at most options.max_escapes times) and keeps the best
// pose it saw.
//
// Near a solution the Jacobian hardly changes from one step to the next. In
// a solve that starts near its goals (a drag; not a far start), a step the
// linear model predicted well (gain ratio ρ ≥ kChordGain) is
// followed by chord steps — the same Jacobian and factorisation applied to
// the new residual, no Jacobian, normal matrix or factorisation built — for
// as long as each cuts E by kChordFall or more (a drag's frame: one damped
// step and one chord step instead of two damped steps).
//
// A drag's frames change the Jacobian a little each, so a converged solve
// keeps its factorisation and its damping μ for the next (IkState::
// KeepFactor). When that next solve starts from the very pose this one left
// (a drag's next frame), it starts with chord steps on the kept factor,
// which go on while each cuts E by kKeptChordFall, and builds a Jacobian
// only when they fall short; its damped steps start from the kept μ (the
// damping warm-started), which Nielsen's rule has lowered over the drag's
// good steps. A factor serves kMaxKeptAge solves after the one that built
// it (the damping goes on): most frames then take two forward passes and no
// Jacobian.
//
// A target beyond reach leaves a large residual, on which the damped steps
// converge only linearly, and slowly on a long chain. So a solve with a goal
// beyond reach first stretches toward it as FABRIK does, again whenever the
// steps get stuck, and stops as soon as every goal is within tolerance of
// the least miss any pose can have (stretch.h).
#include <algorithm>
#include <cmath>

#include "solvers.h"
#include "stretch.h"

namespace kin {
namespace ik_internal {
namespace {

// Progress is too slow to pursue when E fell by less than this fraction over
// the last kStagnationWindow accepted steps (large-residual problems, such as
// an unreachable target, converge linearly and slowly).
constexpr int kStagnationWindow = 4;
constexpr double kStagnationDecrease = 1e-5;
// Damped tries in a row that all fail to lower E mark a stall: a trap that
// more damping will not leave.
constexpr int kMaxRejections = 4;
// τ for a start far from the goals, relative to options.damping.
constexpr double kFarDampingScale = 30.0;
// Chord steps follow a damped step with at least this gain ratio, and go on
// while each leaves at most this fraction of E (a Newton-like fall; a
// Jacobian gone stale falls slower).
constexpr double kChordGain = 0.75;
constexpr double kChordFall = 0.25;
// A kept factorisation's Jacobian is of an older pose: its chord steps must
// fall faster to go on (a linear fall this slow would not reach the
// tolerance in a frame), and it serves this many solves after its own.
constexpr double kKeptChordFall = 0.01;
constexpr int kMaxKeptAge = 3;
// The damping a solve keeps for the next stays at least this fraction of
// τ · max diag(J K⁻¹ Jᵀ): μ falls by up to 3× each good step, and a drag of
// many frames would take it to where a singular pose (a straight limb) needs
// many failed factorisations to climb back.
constexpr double kKeptDampingFloor = 1e-3;

}  // namespace

SolveReport SolveDls(IkState& s) {
  const IkJob& job = s.job;
  EnergyHistory history(s);
  bool far = false;
  Evaluation current = s.EvaluateStart(&far);
  // A far start (a cold solve) is also more damped: τ is meant small when the
  // start is near a solution and large otherwise (Madsen, Nielsen & Tingleff,
  // "Methods for non-linear least squares problems").
  const double tau = far ? kFarDampingScale * job.options.damping : job.options.damping;
  history.Record(current);
  BeyondReach beyond(s);
  if (beyond.Any() && beyond.Stretch(&current)) history.Record(current);

  BestPose best(s, current.energy);

  // A drag's next frame goes on with the damping the last frame's solve
  // kept, and first takes chord steps on its factorisation while that is
  // young enough.
  const bool kept = !far && !beyond.Any() && s.FactorFromLastSolve();
  bool chord = kept && s.dc.age_ < kMaxKeptAge;  // the next iteration is a chord step
  double chord_fall = kKeptChordFall;
  bool built = false;  // this solve built a Jacobian
  // Set from the first Jacobian, τ · max diag(J K⁻¹ Jᵀ), unless kept.
  double mu = kept ? s.dc.mu_ : -1.0;
  double mu_floor = kept ? s.dc.mu_floor_ : 0.0;
  double nu = 2.0;
  Escapes escapes(s, current.energy);
  int iteration = 0;
  SolveStatus status = SolveStatus::kMaxIterations;
  // Why the last round of damped steps ended without real progress.
  enum class Stuck { kNo, kStagnated, kRejected } stuck = Stuck::kNo;
  double window[kStagnationWindow] = {0.0};  // E after recent accepted steps (ring)
  int accepted_steps = 0;                    // since the start or the last escape
  while (iteration < job.options.max_iterations) {
    if (current.error <= job.options.tolerance) {
      status = SolveStatus::kConverged;
      break;
    }
    if (s.dof_count == 0 || (beyond.Any() && beyond.AtLeastMiss())) {
      status = SolveStatus::kUnreachable;
      break;
    }
    if (chord) {
      ++iteration;
      const double before = current.energy;
      Evaluation trial;
      const bool stepped = s.ComputeChordStep();
      if (stepped) {
        s.MakeTrial(1.0);
        trial = s.EvaluateTrial();
      }
      const bool lower = stepped && std::isfinite(trial.energy) && trial.energy < current.energy;
      if (job.trace && stepped) job.trace->AddTrial(s, 1.0, trial.energy, lower);
      if (lower) {
        s.AcceptTrial();
        current = trial;
      }
      history.Record(current);
      chord = lower && current.energy <= chord_fall * before;
      continue;
    }
    const double column_max = s.BuildJacobian();
    built = true;
    chord_fall = kChordFall;
    const double gradient_max = s.GradientAndFreeSet();
    const bool stationary = s.Stationary(gradient_max, column_max);
    if (stationary || stuck != Stuck::kNo) {
      // E that no longer decreases marks a stationary point; steps that all
      // fail, a stall.
      best.Offer(current.energy);
      // Stuck short of a target beyond reach: stretching toward it comes first (one iteration).
      if (beyond.Any() && iteration < job.options.max_iterations) {
        ++iteration;
        if (beyond.Stretch(&current)) {
          history.Record(current);
          mu = -1.0;
          nu = 2.0;
          stuck = Stuck::kNo;
          accepted_steps = 0;
          continue;
        }
      }
      if (!escapes.TryFrom(current.energy)) {
        status = stuck == Stuck::kRejected ? SolveStatus::kStalled : SolveStatus::kUnreachable;
        break;
      }
      current = s.EvaluateCurrent();
      mu = -1.0;
      nu = 2.0;
      stuck = Stuck::kNo;
      accepted_steps = 0;
      continue;
    }
    s.BuildNormal();
    const double diag_max = s.NormalDiagonalMax();
    const double mu_start = diag_max > 0.0 ? tau * diag_max : tau;
    if (mu < 0.0) mu = mu_start;
    mu_floor = kKeptDampingFloor * mu_start;

    // Try damped steps until one lowers E (each try is one iteration).
    bool accepted = false;
    int rejections = 0;
    while (iteration < job.options.max_iterations && !accepted && stuck == Stuck::kNo) {
      ++iteration;
      // Each try starts from the same configuration: the trace gives each its Jacobian.
      if (job.trace) {
        job.trace->Linearization(s);
        job.trace->Damping(mu);
      }
      double step_max = 0.0;
      double predicted = 0.0;
      Evaluation trial;
      const bool factored = s.ComputeDampedStep(mu);
      if (factored) {
        step_max = s.MakeTrial(1.0);
        predicted = s.PredictedDecrease();
        trial = s.EvaluateTrial();
      }
      const bool lower = factored && std::isfinite(trial.energy) && trial.energy < current.energy;
      if (job.trace && factored) job.trace->AddTrial(s, 1.0, trial.energy, lower);
      if (lower) {
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
        chord = !far && stuck == Stuck::kNo && rho >= kChordGain;
      } else {
        mu *= nu;
        nu *= 2.0;
        if (factored && (step_max < 1e-9 || mu > 1e30 || ++rejections >= kMaxRejections)) stuck = Stuck::kRejected;
      }
      history.Record(current);
    }
  }

  // Kept only with a damping to go on with: a solve that converged on its
  // stretch alone set none (μ < 0).
  if (status == SolveStatus::kConverged && mu >= 0.0)
    s.KeepFactor(std::max(mu, mu_floor), mu_floor, built ? 0 : s.dc.age_ + 1);
  return FinishIterative(s, current, best.energy(), status, iteration, history);
}

}  // namespace ik_internal
}  // namespace kin
