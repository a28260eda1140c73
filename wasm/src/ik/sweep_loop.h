// The iteration CCD and FABRIK share (core-internal). Each iteration is one
// geometric sweep that leaves a pose within the limits (CCD: one pass over
// the slots; FABRIK: a backward and a forward pass); the loop around it —
// convergence, telling a fixed point from an oscillation, escapes, the best
// pose, statuses, energy history — is this one.
//
// Stuck away from the targets, the solver nudges the angles as DLS does
// (IkState::Nudge, at most options.max_escapes times): a straight knee on
// its hinge limit is a fixed point of both sweeps (no single slot, and no
// aim, bends it the allowed way when the target asks for the other), and
// four effectors on a humanoid have many. It returns the best pose it saw.
//
// A solve with a goal beyond reach stretches toward it first, as FABRIK
// does, and again before an escape, and stops once every goal is within
// tolerance of the least miss any pose can have (stretch.h): sweeps, too,
// close in on a stretched chain only linearly.
#pragma once

#include <algorithm>
#include <cmath>

#include "kin/limits.h"
#include "solvers.h"
#include "stretch.h"

namespace kin {
namespace ik_internal {
namespace sweep_loop_detail {

// A sweep that changes E by less than this fraction left the pose where it
// was: a fixed point (for CCD, no single slot can improve).
constexpr double kFixedPoint = 1e-6;
// The longest window SweepRules::slow_window may ask for.
constexpr int kMaxSlowWindow = 8;

}  // namespace sweep_loop_detail

// When a solve counts as stuck, and how it starts; each solver's own.
struct SweepRules {
  // Sweeps without a new best pose (by more than kFixedPoint) before a
  // circling solve counts as stalled.
  int stale_sweeps = 20;
  // Cold starts: a solve that starts far from some goal (IkState::
  // EvaluateStart) starts their limbs inside the limits, as DLS does, and
  // when slow_window > 0 (at most kMaxSlowWindow), counts as stuck once E
  // fell by less than the fraction slow_fall over the last slow_window
  // sweeps: a crawl that far from the targets is a trap to escape. Near
  // starts (a drag) keep the other rules: an escape there jumps the pose.
  bool far_start = false;
  int slow_window = 0;
  double slow_fall = 0.0;
};

// Runs `sweep(s)` until the goals are within tolerance, the sweeps get stuck
// (after the escapes), or options.max_iterations sweeps. The sweep reads the
// pose from job.angles and the current buffers (ws.model_ms_,
// ws.effector_ms_ from EvaluateCurrent), writes new angles and returns their
// evaluation, with the current buffers evaluated there.
template <class Sweep>
SolveReport SolveBySweeps(IkState& s, const SweepRules& rules, Sweep sweep) {
  using namespace sweep_loop_detail;
  const IkJob& job = s.job;
  EnergyHistory history(s);
  bool far = false;
  Evaluation current = rules.far_start ? s.EvaluateStart(&far) : s.EvaluateInput();
  history.Record(current);
  BeyondReach beyond(s);
  if (beyond.Any() && beyond.Stretch(&current)) history.Record(current);
  BestPose best(s, current.energy);

  Escapes escapes(s, current.energy);
  // What stopped the sweeps at the best pose: the status the returned pose has.
  SolveStatus best_stuck = SolveStatus::kStalled;
  int iteration = 0, stale = 0;
  // E after the sweeps since the start or the last escape (a ring of the last kMaxSlowWindow).
  double recent[kMaxSlowWindow] = {0.0};
  int sweeps_since_escape = 0;
  SolveStatus status = SolveStatus::kMaxIterations;
  while (iteration < job.options.max_iterations) {
    if (current.error <= job.options.tolerance) {
      status = SolveStatus::kConverged;
      break;
    }
    if (s.dof_count == 0 || (beyond.Any() && beyond.AtLeastMiss())) {
      status = SolveStatus::kUnreachable;
      break;
    }
    ++iteration;
    const double before = current.energy;
    current = sweep(s);
    history.Record(current);
    stale = current.energy < best.energy() * (1.0 - kFixedPoint) ? 0 : stale + 1;
    best.Offer(current.energy);
    const int window = rules.slow_window;
    const bool slow = far && window > 0 && sweeps_since_escape >= window &&
                      current.energy > (1.0 - rules.slow_fall) * recent[(sweeps_since_escape - window) % kMaxSlowWindow];
    recent[sweeps_since_escape++ % kMaxSlowWindow] = current.energy;
    if (current.error <= job.options.tolerance) continue;
    SolveStatus stuck;
    if (std::fabs(current.energy - before) <= kFixedPoint * before || slow) {
      stuck = SolveStatus::kUnreachable;
    } else if (stale >= rules.stale_sweeps) {
      stuck = SolveStatus::kStalled;
    } else {
      continue;
    }
    if (current.energy <= best.energy() * (1.0 + kFixedPoint)) best_stuck = stuck;  // stuck at the best pose
    if (beyond.Any() && beyond.Stretch(&current)) {
      history.Record(current);
      best.Offer(current.energy);
      stale = 0;
      sweeps_since_escape = 0;
      continue;
    }
    // A limit trap or a local minimum (see Escapes).
    if (!escapes.TryFrom(current.energy)) {
      status = best_stuck;
      break;
    }
    current = s.EvaluateCurrent();
    stale = 0;
    sweeps_since_escape = 0;
  }

  // (After an oscillation, too, the best pose may lie behind us.)
  best.Offer(current.energy);
  return FinishIterative(s, current, best.energy(), status, iteration, history);
}

}  // namespace ik_internal
}  // namespace kin
