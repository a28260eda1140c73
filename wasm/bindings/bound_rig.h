// The core Rig behind a Rig binding, for binding files that take rigs by
// the address JavaScript passes (a RigHandle's address(), as the frame
// exports take it) without needing the binding class (rig_binding.h).
#pragma once

#include <cstdint>

#include "kin/clip_sampler.h"
#include "kin/rig.h"

namespace kin {

// The Rig of the binding at `address` (a RigHandle's address()).
const Rig& BoundRig(std::uintptr_t address);
// The clip sampler made for the rig at `address`; null when none is alive.
const ClipSampler* BoundClip(std::uintptr_t address);

}  // namespace kin
