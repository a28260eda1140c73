// Gauss–Newton: the minimum-norm least-squares step of the linearised
// residual, Δθ = K⁻¹ Jᵀ (J K⁻¹ Jᵀ)⁺ r, followed by backtracking on its
// length (scale 1, ½, ¼, …) until the Armijo rule holds; with
// options.line_search == false every full step is taken and the best pose
// seen is returned. The pseudo-inverse is IkState::ComputeDampedStep with a
// regularisation far below any real damping (1e-10 of the largest diagonal of
// J K⁻¹ Jᵀ): the step equals the pseudo-inverse step up to rounding, yet the
// normal matrix stays factorable when J loses rank (a straight chain, more
// goal rows than dofs). Near such singularities the step is huge; the line
// search, not damping, tames it — that is the difference from DLS.
//
// The active set of ComputeDampedStep moves angles that would cross a limit
// only onto it; the rest of the step then solves for what remains, and when
// too few directions remain free the whole step need not point downhill
// (gᵀΔθ ≤ 0), where no step length lowers E. A line search needs a descent
// direction, so that iteration takes the Jacobian-transpose step instead.
#include "line_search.h"

namespace kin {
namespace ik_internal {
namespace {

constexpr double kRegularisation = 1e-10;

// Gauss–Newton steps converge quadratically on reachable targets and
// linearly on large residuals. Next to a singular stationary point (a
// straight chain pointing at a target beyond its reach, a limb straight on
// its limit) they become huge and the line search cuts them to crumbs: E
// falling by under 0.1 % over 8 steps is that crawl, and counts as stuck.
constexpr int kStagnationWindow = 8;
constexpr double kStagnationDecrease = 1e-3;

}  // namespace

SolveReport SolveGaussNewton(IkState& s) {
  DescentRules rules;
  rules.decrease_on_clamped_move = true;
  rules.stationary_on_free_gradient = true;
  rules.backtrack = s.job.options.line_search;
  rules.max_halvings = 30;
  rules.stagnation_window = rules.backtrack ? kStagnationWindow : 0;  // full steps may raise E
  rules.stagnation_decrease = kStagnationDecrease;
  return SolveByLineSearch(s, rules, [](IkState& state, double) {
    state.BuildNormal();
    const double diag_max = state.NormalDiagonalMax();
    // Rounding can still make an exactly singular matrix indefinite: raise
    // the regularisation until it factors.
    double mu = kRegularisation * (diag_max > 0.0 ? diag_max : 1.0);
    bool factored = false;
    for (int attempt = 0; attempt < 4 && !factored; ++attempt, mu *= 1e3) factored = state.ComputeDampedStep(mu);
    if (factored && StepSlope(state) > 0.0) return 1.0;
    return TransposeStep(state) ? 1.0 : 0.0;
  });
}

}  // namespace ik_internal
}  // namespace kin
