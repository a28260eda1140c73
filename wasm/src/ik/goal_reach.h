// Targets beyond any pose's reach (core-internal): what a solve that ends
// away from its targets reports besides its status (kin/ik/solve_report.h).
//
// A goal's point lies at most PointReach (reach_bound.h: its bones stretched
// straight) from the origin of any bone above it, whatever the angles and
// the limits. So a target farther than that from a fixed origin, the root's
// when the root does not move, is out of reach by the difference; and two
// goals whose targets lie farther apart than their points can (their reaches
// from the bone where their chains meet, added) cannot both be met. That
// shortfall counts against the lighter goal, which the solve gives up first;
// between goals of one weight, against the one with the longer reach: it is
// the one reaching away (a hand from the hips' target), while a goal on the
// meeting bone itself has no reach to be short of. The goal named is the one
// with the largest shortfall (ties: the one short of the most in all).
//
// Being an upper bound on reach it never calls a reachable target out of
// reach; a target the limits alone keep away is not called so either.
#pragma once

#include "kin/ik/ik_job.h"

namespace kin {
namespace ik_internal {

// Writes the goal farthest beyond reach and its shortfall into `report`
// (short_goal, shortfall) when that is more than the job's tolerance.
// Allocation-free; O(goals² · depth).
void FindShortfall(const IkJob& job, SolveReport* report);

}  // namespace ik_internal
}  // namespace kin
