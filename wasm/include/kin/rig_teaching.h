// Teaching jobs over a Rig (the step-through lesson): a solve that records
// every iteration, and finite differences of the goal points to show beside
// the analytic Jacobian. Neither is a frame's path; both allocate per call
// as a lesson's step does, so that the rig keeps no memory for them.
#pragma once

#include <vector>

#include "kin/ik/ik_trace.h"
#include "kin/ik/solve_report.h"
#include "kin/rig.h"
#include "kin/status.h"

namespace kin {

// Rig::Solve recording into `trace`, sized here for the rig's bones and
// goals, its solver's max_iterations and `max_trials` trials per iteration:
// the same pose, buffers and report as Solve(). A negative max_trials is
// refused (report.input names it).
SolveReport TraceSolve(Rig& rig, int max_trials, IkTrace* trace);

// Central differences (step h) of the goal points at the rig's current pose
// with respect to each active dof its solver would move
// (kin/ik/finite_difference.h): 3 floats per goal per dof, in the trace's
// Jacobian layout, into *out (resized to fit); *dof_count gets the dofs. The
// pose is not changed.
Status FiniteDifferenceJacobian(const Rig& rig, float h, std::vector<float>* out, int* dof_count);

}  // namespace kin
