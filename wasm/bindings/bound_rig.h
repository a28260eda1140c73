// The core Rig behind a Rig binding, for binding files other than
// embind.cpp (which owns the binding class): JavaScript passes a RigHandle's
// address(), as it does to the frame exports.
#pragma once

#include <cstdint>

#include "kin/rig.h"

namespace kin {

// The Rig of the binding at `address` (a RigHandle's address()).
const Rig& BoundRig(std::uintptr_t address);

}  // namespace kin
