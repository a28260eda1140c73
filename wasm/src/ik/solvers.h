// The solver functions behind IkJob::Run (core-internal). Each gets a valid
// job through its IkState and returns the report; the pose is in job.angles.
#pragma once

#include <algorithm>

#include "ik_state.h"

namespace kin {
namespace ik_internal {

// E before the first iteration and after each one, into the job's optional
// energy span (entries past its size are dropped).
class EnergyHistory {
 public:
  explicit EnergyHistory(Span<float> energy) : energy_(energy) {}
  void Record(double e) {
    if (static_cast<std::size_t>(count_) < energy_.size) energy_[count_++] = static_cast<float>(e);
  }
  int count() const { return count_; }

 private:
  Span<float> energy_;
  int count_ = 0;
};

// The lowest-energy pose a solve has seen, kept in ws.best_angles_: escapes
// and oscillations may leave a better pose behind.
class BestPose {
 public:
  BestPose(IkState& state, double energy) : state_(state), energy_(energy) { Copy(); }
  // Keeps the current pose if its energy is lower than the best so far.
  void Offer(double energy) {
    if (energy < energy_) {
      energy_ = energy;
      Copy();
    }
  }
  double energy() const { return energy_; }

 private:
  void Copy() { std::copy(state_.job.angles.begin(), state_.job.angles.end(), state_.ws.best_angles_.begin()); }
  IkState& state_;
  double energy_;
};

// Ends an iterative solve. After escapes the best pose seen (kept in
// ws.best_angles_ with its energy `best_energy`) may lie behind the current
// one and comes back, but a converged pose stays: with several goals a lower
// E can hide a larger distance on one of them. A pose within tolerance is
// converged whatever ended the loop.
SolveReport FinishIterative(IkState& state, Evaluation current, double best_energy, SolveStatus status,
                            int iterations, const EnergyHistory& history);

// The report of a one-pass (analytic) solve: converged when every goal ends
// within tolerance, else unreachable (a goal out of reach or held by a limit).
SolveReport OnePassReport(const IkState& state, const Evaluation& after, const EnergyHistory& history);

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
