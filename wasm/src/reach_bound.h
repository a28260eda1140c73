// The bound on how far any pose can put a bone (core-internal header), shared
// by the skeleton's validation and the clip's: joint rotations keep lengths
// and scales multiply them, so a bone's origin lies within its parent's bound
// plus the parent's chain of scales times its rest translation, whatever the
// angles. Keeping these within kMaxCoordinate (and the chain of scales within
// kMaxChainScale, kin/skeleton.h) keeps every matrix, tip and skinned vertex
// finite in any pose, which no single value's check can. The same bound on
// one point of a built skeleton tells a solve which targets no pose reaches.
#pragma once

#include <glm/glm.hpp>

#include "kin/span.h"

namespace kin {

// The largest rest values one bone can have (a skeleton's own, or any a clip
// can sample).
struct RestExtent {
  double translation = 0.0;  // |rest translation|, parent space
  double scale = 1.0;        // largest |rest scale| component
  double tip = 0.0;          // |tip|, bone space
};

// Where the bound first breaks, parent-first: `bone` -1 when it holds.
struct ReachBreak {
  int bone = -1;
  bool by_scale = false;  // the chain of scales is over kMaxChainScale (else a point is beyond kMaxCoordinate)
  double value = 0.0;     // that chain scale, or that distance from the origin in metres
};

// `parents[i]` < i (or -1), one extent per bone.
ReachBreak FindReachBreak(Span<const int> parents, Span<const RestExtent> extents);

class Skeleton;

// The farthest any pose puts `point_bs` on `bone` from the origin of
// `ancestor` (the bone itself or one of its ancestors), model units: its
// bones' rest translations and the point stretched in a straight line,
// each times the largest scale above it (the skeleton's current rest, as the
// solvers see it). Allocation-free; O(depth).
double PointReach(const Skeleton& skeleton, int bone, const glm::vec3& point_bs, int ancestor);

}  // namespace kin
