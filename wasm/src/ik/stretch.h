// Targets beyond reach (core-internal), shared by the iterative solvers.
//
// A goal's point lies at most its reach (IkState::GoalReach: the lengths of
// its bones from the root of its chain, stretched straight) from the origin
// of that root bone, which no angle moves. So no pose misses a target by less
// than |target − root origin| − reach: the goal's least miss. When every goal
// ends within tolerance of its least miss the pose is the best there is, and
// a solve may stop there instead of crawling (a least-squares step converges
// only linearly on a large residual) or escaping from it.
//
// FABRIK meets a target beyond reach by stretching the chain toward it in one
// pass (Aristidou & Lasenby 2011): from the root outward each bone turns so
// that the next joint toward the goal, or the goal's point, lies on the line
// from the bone's origin to the target. On a chain whose limits allow it that
// is the best pose exactly. Stretch() is that pass, within the limits, on
// every bone that leads to exactly one goal beyond reach (a bone shared by
// goals beyond reach in different directions has no single line to lie on).
//
// Both hold only when lengths do not change as joints turn and the pose's
// energy is the goals' point distances alone: a uniform scale on every goal's
// chain, no root offset to move, no orientation goals and no poles. The
// solver option `stretch` (on by default) turns both off.
#pragma once

#include "ik_state.h"

namespace kin {
namespace ik_internal {

class BeyondReach {
 public:
  // Reads the current pose's model matrices (lengths are the same in any pose).
  explicit BeyondReach(IkState& state);

  // Whether the rules above hold and some goal's least miss exceeds tolerance.
  bool Any() const { return any_; }
  // Every goal of the current pose within tolerance of its least miss.
  bool AtLeastMiss() const;
  // FABRIK's stretch of the current pose toward the targets beyond reach,
  // within the limits, tried as the trial configuration; kept (and `*current`
  // updated) when it lowers E. Returns whether it was kept.
  bool Stretch(Evaluation* current);

 private:
  double LeastMiss(int goal) const;
  bool Beyond(int goal) const { return LeastMiss(goal) > state_.job.options.tolerance; }
  // The point bone j carries toward goal g in the trial pose: the origin of the
  // next bone on the way to g, or the goal's point on its own bone.
  glm::vec3 Lever(int j, int g) const;

  IkState& state_;
  bool applies_ = false;
  bool any_ = false;
};

}  // namespace ik_internal
}  // namespace kin
