// The bones FABRIK moves, as its passes walk them (core-internal): the
// bones that move some goal, the weight of the goals each carries, its
// children among them, its depth, and a depth-first order in which every
// bone's subtree is one run. Built once per solve into the workspace.
#pragma once

#include "ik_state.h"

namespace kin {
namespace ik_internal {

void BuildFabrikTree(IkState& state);

// Calls visit(k) for each child k of `bone` that moves a goal.
template <class Visit>
void ForEachChild(const IkWorkspace& ws, int bone, Visit visit) {
  for (int k = ws.first_child_[bone]; k >= 0; k = ws.next_sibling_[k]) visit(k);
}

// Calls visit(d) for each bone d below `bone` (its subtree without it) that
// moves a goal; `bone` must move one.
template <class Visit>
void ForEachBelow(const IkWorkspace& ws, int bone, Visit visit) {
  for (int i = ws.subtree_begin_[bone] + 1; i < ws.subtree_end_[bone]; ++i) visit(ws.depth_first_[i]);
}

}  // namespace ik_internal
}  // namespace kin
