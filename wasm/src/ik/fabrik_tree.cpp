#include "fabrik_tree.h"

namespace kin {
namespace ik_internal {

void BuildFabrikTree(IkState& s) {
  IkWorkspace& ws = s.ws;
  for (int j = 0; j < s.n; ++j) {
    ws.branch_weight_[j] = 0.0f;
    for (int g = 0; g < s.goal_count; ++g)
      if (s.Moves(j, g)) ws.branch_weight_[j] += s.job.goals[g].weight;
    ws.first_child_[j] = -1;
    ws.next_sibling_[j] = -1;
    const int parent = s.sk.parent(j);
    ws.depth_[j] = parent < 0 ? 0 : ws.depth_[parent] + 1;
  }
  // Lists built from the last bone down keep the children in index order.
  for (int k = s.n - 1; k >= 0; --k) {
    const int p = s.sk.parent(k);
    if (p < 0 || ws.branch_weight_[k] == 0.0f) continue;
    ws.next_sibling_[k] = ws.first_child_[p];
    ws.first_child_[p] = k;
  }
  // Depth first without a stack: down to the first child, else across to
  // the next sibling of the nearest bone that has one, closing the subtrees
  // left on the way up. A bone that moves a goal has ancestors that all do,
  // so every such tree hangs from a root.
  int count = 0;
  for (int root = 0; root < s.n; ++root) {
    if (s.sk.parent(root) >= 0 || ws.branch_weight_[root] == 0.0f) continue;
    int j = root;
    while (j >= 0) {
      ws.subtree_begin_[j] = count;
      ws.depth_first_[count++] = j;
      if (ws.first_child_[j] >= 0) {
        j = ws.first_child_[j];
        continue;
      }
      for (;;) {
        ws.subtree_end_[j] = count;
        if (j == root) {
          j = -1;
          break;
        }
        if (ws.next_sibling_[j] >= 0) {
          j = ws.next_sibling_[j];
          break;
        }
        j = s.sk.parent(j);
      }
    }
  }
}

}  // namespace ik_internal
}  // namespace kin
