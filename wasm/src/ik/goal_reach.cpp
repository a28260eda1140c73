#include "goal_reach.h"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

#include "../reach_bound.h"

namespace kin {
namespace ik_internal {
namespace {

// The bone where the chains of bones a and b meet, or -1 in separate trees.
// A parent's index is below its children's, so the larger index is never the
// other's ancestor and may step up.
int MeetingBone(const Skeleton& skeleton, int a, int b) {
  while (a != b && a >= 0 && b >= 0) {
    if (a > b) a = skeleton.parent(a);
    else b = skeleton.parent(b);
  }
  return a == b ? a : -1;
}

int ChainRoot(const Skeleton& skeleton, int bone) {
  while (skeleton.parent(bone) >= 0) bone = skeleton.parent(bone);
  return bone;
}

}  // namespace

void FindShortfall(const IkJob& job, SolveReport* report) {
  const Skeleton& sk = *job.skeleton;
  const int count = static_cast<int>(job.goals.size);
  if (count > kMaxGoals) return;  // the Rig takes no more (kin/goal.h); a bare job of more is told nothing
  // Per goal: its largest shortfall, and the sum over everything it is short of.
  double largest[kMaxGoals] = {};
  double total[kMaxGoals] = {};
  const auto blame = [&](int g, double shortfall) {
    if (shortfall <= 0.0) return;
    largest[g] = std::max(largest[g], shortfall);
    total[g] += shortfall;
  };
  for (int g = 0; g < count; ++g) {
    const Goal& goal = job.goals[g];
    // A projected goal's target is a ray, which these bounds on distances do not cover.
    if (goal.has_projection) continue;
    const glm::dvec3 target_ms(goal.target_ms);
    if (!job.move_root) {
      // A root's origin is its rest translation plus the root offset, which this solve keeps.
      const int root = ChainRoot(sk, goal.bone);
      const glm::dvec3 origin_ms = glm::dvec3(sk.rest_t(root)) + glm::dvec3(job.root_offset_ms);
      blame(g, glm::length(target_ms - origin_ms) - PointReach(sk, goal.bone, goal.point_bs, root));
    }
    for (int h = 0; h < count; ++h) {
      const Goal& other = job.goals[h];
      if (h == g || other.has_projection || other.weight < goal.weight) continue;
      const int meet = MeetingBone(sk, goal.bone, other.bone);
      if (meet < 0) continue;  // no chain joins them; the root bounds each (above) when it stays
      const double reach = PointReach(sk, goal.bone, goal.point_bs, meet);
      const double other_reach = PointReach(sk, other.bone, other.point_bs, meet);
      if (other.weight == goal.weight && reach < other_reach) continue;
      blame(g, glm::length(target_ms - glm::dvec3(other.target_ms)) - reach - other_reach);
    }
  }
  // The largest shortfall names the goal. Two hands pulled apart are each
  // short of the other by as much; the one dragged away is short of more
  // (the hips' target too), so ties go to the larger sum.
  const double tolerance = job.options.tolerance;
  int named = -1;
  for (int g = 0; g < count; ++g) {
    if (largest[g] <= tolerance) continue;
    const bool tied = named >= 0 && std::fabs(largest[g] - largest[named]) <= tolerance;
    if (named < 0 || (tied ? total[g] > total[named] : largest[g] > largest[named])) named = g;
  }
  if (named < 0) return;
  report->short_goal = named;
  report->shortfall = static_cast<float>(largest[named]);
}

}  // namespace ik_internal
}  // namespace kin
