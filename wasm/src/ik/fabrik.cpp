// FABRIK (Aristidou & Lasenby 2011) on a skeleton tree, with several
// effectors and joint limits in both passes, that keeps the skeleton rigid.
//
// The pose is always angles + FK: bone lengths and the shape of branch
// points never change, the root stays on its origin (it may turn), and
// bones that move no goal keep their angles. Each iteration runs two passes
// over the bones that move goals (fabrik_passes.cpp), each bone turning
// through the Euler slots of one joint, every slot to its best angle within
// its limits (slot_fit.h), so that no step of either pass leaves a joint
// outside its limits:
//  - Backward, from the goals toward the root (FABRIK's "forward
//    reaching"). A goal's bone puts its goal point on the target and turns
//    about it, within its own limits as measured from where its parent
//    stands, so that its origin comes as near as it can to where it stood
//    (carried halfway with its goal point, see kCarried): FABRIK's "on the
//    line toward its old place", limited. Each parent then puts its end on
//    the origin its child asked for and turns about it through the child's
//    joint, so that its own origin comes as near as it can to its old place
//    while the child's joint stays within its limits (the reverse
//    constraint). A sub-base (hips, chest) takes the weighted centroid and
//    mean rotation of what its branches ask.
//  - Forward, from the root outward. Each bone, placed by its turned
//    parent, turns within its limits so that it carries its subtree, in the
//    subtree's current shape, as near as it can to where the backward pass
//    put it: every bone below toward its backward origin and every goal
//    point toward its target, weighted by the goals each carries and halved
//    per level down. Its end points lead — for a bone with one end point and
//    no limit in the way that is FABRIK's aim at the end's backward
//    position — and the nodes further down decide what points alone cannot:
//    the twist about that aim (which way a hinge knee or elbow below bends),
//    and where a limit stops the aim, the best compromise for the subtree.
// So a drag, each solve starting from the last pose, moves through poses
// within the limits; no pass swings a limb through the body to reach round.
//
// Around the passes (sweep_loop.h): a cold solve starts far goals' limbs
// inside their limits, as DLS does (a straight knee on its hinge limit
// gives no pass a reason to bend it), and counts a crawl far from the
// targets as stuck and escapes as the Jacobian solvers do (Escapes); where
// the passes keep moving the angles the same way — a torso settling under
// four limbs, a limb sliding along its limits — the pose is pushed further
// that way while that lowers E (over_relaxation.h), since FABRIK
// converges only linearly. FABRIK has no joint-space metric, so stiffness
// is ignored.
#include <algorithm>

#include "fabrik_passes.h"
#include "fabrik_tree.h"
#include "over_relaxation.h"
#include "sweep_loop.h"

namespace kin {
namespace ik_internal {
namespace {

// A cold FABRIK solve is stuck when E fell by less than 30 % over 4 sweeps:
// far from the targets that is a limb held by a limit (a knee straight
// against its hinge while the foot slides along its own limits), which an
// escape frees; the usual 20 sweeps without a new best would spend a third
// of the default iterations there.
SweepRules FabrikRules() {
  SweepRules rules;
  rules.far_start = true;
  rules.slow_window = 4;
  rules.slow_fall = 0.3;
  return rules;
}

}  // namespace

SolveReport SolveFabrik(IkState& s) {
  BuildFabrikTree(s);
  OverRelaxation relaxation;
  return SolveBySweeps(s, FabrikRules(), [&relaxation](IkState& state) {
    relaxation.Start(state);
    BackwardPass(state);
    if (state.job.trace) state.job.trace->FabrikBackward(state);
    ForwardPass(state);
    if (state.job.trace) state.job.trace->FabrikForward(state);
    return relaxation.Push(state);
  });
}

}  // namespace ik_internal
}  // namespace kin
