// Central finite differences of the goal points with respect to a job's
// active degrees of freedom, for teaching (a lesson shows them beside the
// analytic columns an IkTrace recorded). Never used by a solver.
#pragma once

#include "kin/ik/ik_job.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// At the job's start pose (projected into the limits, as a solve starts):
// (x_g(θ + h e_d) − x_g(θ − h e_d)) / 2h for every active dof d, in the
// trace's layout (IkTrace::jacobian: 3 floats per goal, dof-major). `out`
// needs 3 · goals · dofs floats (dofs ≤ 3 · bones + 3); `*dof_count` gets
// the dofs. Uses the job's workspace; its angles are only read.
Status FiniteDifferenceJacobian(const IkJob& job, float h, Span<float> out, int* dof_count);

}  // namespace kin
