#include "reach_bound.h"

#include <algorithm>
#include <vector>

#include "kin/skeleton.h"

namespace kin {

ReachBreak FindReachBreak(Span<const int> parents, Span<const RestExtent> extents) {
  std::vector<double> scale_bound(extents.size), reach(extents.size);
  for (std::size_t i = 0; i < extents.size; ++i) {
    const int p = parents[i];
    const double parent_scale = p < 0 ? 1.0 : scale_bound[p];
    const double parent_reach = p < 0 ? 0.0 : reach[p];
    scale_bound[i] = parent_scale * extents[i].scale;
    reach[i] = parent_reach + parent_scale * extents[i].translation;
    const double farthest = std::max(reach[i], reach[i] + scale_bound[i] * extents[i].tip);
    // Negated comparisons: a NaN or Inf bound breaks too.
    if (!(scale_bound[i] <= kMaxChainScale)) return {static_cast<int>(i), true, scale_bound[i]};
    if (!(farthest <= kMaxCoordinate)) return {static_cast<int>(i), false, farthest};
  }
  return {};
}

}  // namespace kin
