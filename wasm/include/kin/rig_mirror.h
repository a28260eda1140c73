// Mirroring a Rig's pose across the model's X = 0 plane (kin/mirror.h), a
// feature of its own over a Rig as skinning, springs and teaching are: the
// bones paired once for the skeleton a rig has loaded (the map and whether
// the rig is mirror-symmetric at all), then each mirror staged in a buffer
// of its own and set on the rig through its pose (Rig::SetPose), with no
// allocation.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "kin/mirror.h"
#include "kin/rig.h"
#include "kin/status.h"

namespace kin {

class RigMirror {
 public:
  // Not bound: status() says so, and Mirror refuses.
  RigMirror();
  // Bind(rig).
  explicit RigMirror(const Rig& rig);

  // Pairs the bones of `rig`'s skeleton as loaded now (BuildMirrorMap) and
  // sizes the staging buffer; returns status(). A rig with no skeleton is
  // refused ("no skeleton loaded"). Allocates: once per load, not a frame.
  const Status& Bind(const Rig& rig);
  // Whether the bound rig mirrors, and if not, which bone stops it (the
  // message names it); "not bound" before Bind.
  const Status& status() const { return status_; }
  // The bone on the other side of each bone (itself for a centre bone);
  // empty when status() is not ok.
  const std::vector<int>& partners() const { return map_.partner; }
  const MirrorMap& map() const { return map_; }

  // Whether Mirror would take `rig`: Ok, or the reason it refuses it (no
  // skeleton, not bound, another rig, loaded again since, or status()).
  Status Check(const Rig& rig) const;
  // Mirrors `rig`'s pose (MirrorPoseJob in `mode`) and sets it with
  // Rig::SetPose, so its buffers follow and views over its pose stay
  // valid. Fails, changing nothing, for a rig other than the one bound, a
  // rig loaded again since Bind (bind it again), a rig that does not mirror
  // (status()'s message) or a mode out of range. Allocation-free.
  Status Mirror(Rig& rig, MirrorMode mode);

 private:
  const Rig* rig_ = nullptr;      // the rig bound (compared, never read through)
  std::uint32_t generation_ = 0;  // its generation() when bound
  MirrorMap map_;
  Status status_;
  std::vector<glm::vec3> staged_angles_;  // the mirrored pose before Rig::SetPose takes it
};

}  // namespace kin
