// The solver functions behind IkJob::Run (core-internal). Each gets a valid
// job through its IkState and returns the report; the pose is in job.angles.
#pragma once

#include <algorithm>

#include "ik_state.h"

namespace kin {
namespace ik_internal {

// A relative fall of E below float noise is no improvement.
constexpr double kNoiseFall = 1e-6;

// E before the first iteration and after each one, into the job's optional
// energy span (entries past its size are dropped); each record also closes
// an entry of the job's optional trace, with the current pose.
class EnergyHistory {
 public:
  explicit EnergyHistory(const IkState& state) : state_(state), energy_(state.job.energy) {}
  void Record(const Evaluation& e) {
    if (static_cast<std::size_t>(count_) < energy_.size) energy_[count_++] = static_cast<float>(e.energy);
    if (state_.job.trace) state_.job.trace->Commit(state_, e);
  }
  int count() const { return count_; }

 private:
  const IkState& state_;
  Span<float> energy_;
  int count_ = 0;
};

// The lowest-energy pose a solve has seen, kept in ws.best_angles_ and
// state.best_root_ms: escapes and oscillations may leave a better pose behind.
class BestPose {
 public:
  BestPose(IkState& state, double energy) : state_(state), energy_(energy) { Copy(); }
  // Keeps the current pose if its energy is lower than the best so far by
  // more than float noise: a pose that only ties the best (an escape that
  // slid back down to it, turned about axes that move no goal point) does
  // not displace it.
  void Offer(double energy) {
    if (energy < energy_ * (1.0 - kNoiseFall)) {
      energy_ = energy;
      Copy();
    }
  }
  double energy() const { return energy_; }

 private:
  void Copy() {
    std::copy(state_.job.angles.begin(), state_.job.angles.end(), state_.ws.best_angles_.begin());
    state_.best_root_ms = state_.root_ms;
  }
  IkState& state_;
  double energy_;
};

// Escapes from stuck points, one rule for every iterative solver. A stuck
// point away from the targets is a limit trap, a saddle, a local minimum or
// the best reachable pose; nudging the angles (IkState::Nudge) leaves the
// first three. Once a nudge has not lowered E below the lowest stuck E (the
// start counts as one), with no angle on a limit, or options.max_escapes
// nudges are used, the solve stops where it is.
class Escapes {
 public:
  Escapes(IkState& state, double start_energy) : state_(state), lowest_(start_energy) {}
  // At a stuck point of energy `energy`: nudges the pose (the caller
  // evaluates it) and returns true, or returns false: stop.
  bool TryFrom(double energy) {
    const bool improved = energy < lowest_ * (1.0 - kNoiseFall);
    lowest_ = std::min(lowest_, energy);
    const bool worth_escaping = used_ == 0 || improved || state_.AnyOnLimit();
    if (used_ >= state_.job.options.max_escapes || !worth_escaping) return false;
    state_.Nudge(used_++);
    return true;
  }

 private:
  IkState& state_;
  double lowest_;
  int used_ = 0;
};

// Ends an iterative solve. After escapes the best pose seen (kept by
// BestPose with its energy `best_energy`) may lie behind the current
// one and comes back unless the current one is lower by more than float
// noise (an escape that ends no lower gives its start back), but a converged
// pose stays: with several goals a lower
// E can hide a larger distance on one of them. A solve that did not lower E
// below the start's (IkState::start_energy) by more than float noise returns
// the start pose exactly, escapes and all undone: at a target out of reach,
// repeated solves (a drag held still) would otherwise creep along directions
// that move no goal point (a twist, a nudge E cannot tell from the best), and
// a far start moved inside the limits could end worse than it began. A pose
// within tolerance is converged whatever ended the loop. A pose brought
// back ends the energy history with its energy: the history ends where the
// solve does.
SolveReport FinishIterative(IkState& state, Evaluation current, double best_energy, SolveStatus status,
                            int iterations, EnergyHistory& history);

// The report of a one-pass (analytic) solve: converged when every goal ends
// within tolerance, else unreachable (a goal out of reach or held by a limit).
SolveReport OnePassReport(const IkState& state, const Evaluation& after, const EnergyHistory& history);

// The solvers, dispatched by IkJob::Run from the registry (solver_registry.cpp).
using SolveFunction = SolveReport (*)(IkState& state);
SolveFunction GetSolveFunction(SolverKind kind);

SolveReport SolveDls(IkState& state);
SolveReport SolveGaussNewton(IkState& state);
SolveReport SolveJacobianTranspose(IkState& state);
SolveReport SolveGradientDescent(IkState& state);
SolveReport SolveProjectedGradient(IkState& state);
SolveReport SolveCcd(IkState& state);
SolveReport SolveFabrik(IkState& state);
SolveReport SolveTwoBone(IkState& state);
SolveReport SolveLookAt(IkState& state);

}  // namespace ik_internal
}  // namespace kin
