// Gradient descent on E = ½ |r|²: θ ← clamp(θ + t · K⁻¹ g), g = Jᵀ r the
// steepest-descent direction, K the bones' stiffness (so stiff joints turn
// less). Two variants, as in the teaching material:
//   - options.line_search == false: the fixed step t = options.step. Too large
//     a step oscillates or diverges, so the solver returns the best pose seen.
//   - options.line_search == true: backtracking from twice the last accepted
//     step (options.step at first), halving until the Armijo rule holds.
// The method knows nothing of the limits beyond the clamp that keeps the pose
// legal: the Armijo decrease is measured on the unclamped step and
// stationarity on the whole gradient, so against a limit that the gradient
// pushes on it stalls. Projected gradient (projected_gradient.cpp) is the
// variant that takes the limits into account.
#include "line_search.h"

namespace kin {
namespace ik_internal {

SolveReport SolveGradientDescent(IkState& s) {
  const IkOptions& options = s.job.options;
  DescentRules rules;
  rules.decrease_on_clamped_move = false;
  rules.stationary_on_free_gradient = false;
  rules.backtrack = options.line_search;
  rules.max_halvings = 40;  // the first trial may be far too long: it doubles while steps succeed
  return SolveByLineSearch(s, rules, [&](IkState& state, double last_scale) {
    ComplianceGradientStep(state, false);
    return options.line_search && last_scale > 0.0 ? 2.0 * last_scale : static_cast<double>(options.step);
  });
}

}  // namespace ik_internal
}  // namespace kin
