// Jacobian transpose: Δθ = α · K⁻¹ Jᵀ r over the free angles, with the step
// length that minimises the linearised residual |r − α J K⁻¹ Jᵀ r|² (Buss,
// "Introduction to Inverse Kinematics with Jacobian Transpose, Pseudoinverse
// and Damped Least Squares methods", 2004; see TransposeStep). The linear model
// overestimates how far a rotation can go, so when E does not fall enough
// (Armijo), α is halved, up to 20 times.
#include "line_search.h"

namespace kin {
namespace ik_internal {

SolveReport SolveJacobianTranspose(IkState& s) {
  DescentRules rules;
  rules.decrease_on_clamped_move = true;
  rules.stationary_on_free_gradient = true;
  rules.max_halvings = 20;
  return SolveByLineSearch(s, rules, [](IkState& state, double) { return TransposeStep(state) ? 1.0 : 0.0; });
}

}  // namespace ik_internal
}  // namespace kin
