// Projected gradient descent on E over the box of the angle limits:
//   θ(t) = P(θ + t · K⁻¹ g),  P the clamp onto [min, max] per slot,
// with t found by backtracking along the projection arc (from twice the last
// accepted t, options.step at first): E is evaluated AT the projected point
// and the Armijo decrease is gᵀ(θ(t) − θ), the move the projection left
// (Bertsekas, Nonlinear Programming, §2.3). A long step may put several
// angles onto their limits at once and still be accepted, where plain
// gradient descent must shorten it. Stationarity is judged on the projected
// gradient: components on a limit that point outward are removed, so a
// minimum on a limit ends as kUnreachable, not as a stall.
#include "line_search.h"

namespace kin {
namespace ik_internal {

SolveReport SolveProjectedGradient(IkState& s) {
  const IkOptions& options = s.job.options;
  DescentRules rules;
  rules.decrease_on_clamped_move = true;
  rules.stationary_on_free_gradient = true;
  rules.max_halvings = 40;  // the first trial may be far too long: it doubles while steps succeed
  return SolveByLineSearch(s, rules, [&](IkState& state, double last_scale) {
    // The pinned components are left in: the projection takes them out.
    ComplianceGradientStep(state, false);
    return last_scale > 0.0 ? 2.0 * last_scale : static_cast<double>(options.step);
  });
}

}  // namespace ik_internal
}  // namespace kin
