#include "reach_bound.h"

#include <algorithm>
#include <cmath>
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

namespace {

// A scale's largest stretch of any length (a rotation keeps lengths).
double Stretch(const glm::vec3& scale) {
  return std::max({std::fabs(scale.x), std::fabs(scale.y), std::fabs(scale.z)});
}

}  // namespace

double PointReach(const Skeleton& skeleton, int bone, const glm::vec3& point_bs, int ancestor) {
  // Walking up: `reach` bounds the point's distance from bone j's origin in
  // j's parent space, which j's parent's scale then stretches.
  int j = bone;
  double reach = Stretch(skeleton.rest_s(j)) * glm::length(point_bs);
  while (j != ancestor) {
    const int parent = skeleton.parent(j);
    reach = Stretch(skeleton.rest_s(parent)) * (glm::length(skeleton.rest_t(j)) + reach);
    j = parent;
  }
  for (int above = skeleton.parent(ancestor); above >= 0; above = skeleton.parent(above))
    reach *= Stretch(skeleton.rest_s(above));
  return reach;
}

}  // namespace kin
