// The bound on how far any pose can put a bone (core-internal header), shared
// by the skeleton's validation and the clip's: joint rotations keep lengths
// and scales multiply them, so a bone's origin lies within its parent's bound
// plus the parent's chain of scales times its rest translation, whatever the
// angles. Keeping these within kMaxCoordinate (and the chain of scales within
// kMaxChainScale, kin/skeleton.h) keeps every matrix, tip and skinned vertex
// finite in any pose, which no single value's check can.
#pragma once

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

}  // namespace kin
