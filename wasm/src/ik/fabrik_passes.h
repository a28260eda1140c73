// FABRIK's two passes over the bones that move goals (core-internal; the
// algorithm is described in fabrik.cpp). Both need BuildFabrikTree first.
#pragma once

#include "ik_state.h"

namespace kin {
namespace ik_internal {

// From the evaluated pose (job.angles, ws.model_ms_, ws.effector_ms_): each
// moving bone's backward origin into ws.points_ms_ and model rotation into
// ws.rotations_ms_ (roots excepted: theirs would never be read).
void BackwardPass(IkState& state);

// From the root outward: new angles into job.angles, within the limits, and
// the bones placed by them in ws.model_ms_ (the trial buffers are used as
// scratch; evaluate the pose after).
void ForwardPass(IkState& state);

}  // namespace ik_internal
}  // namespace kin
