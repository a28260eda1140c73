#include "fabrik_passes.h"

#include <algorithm>
#include <cmath>

#include "fabrik_tree.h"
#include "kin/forward.h"
#include "kin/limits.h"
#include "slot_fit.h"

namespace kin {
namespace ik_internal {
namespace {

// Each slot's pull toward staying, as a fraction of its fit (AxisFit::Hold).
// It keeps still the slots the aims hardly depend on, which would otherwise
// follow rounding: on the humanoid's drags, without it a hand rolled its
// whole range (1.2 rad) about the line to its goal point in a 1 cm step,
// and at 1e-3 the forearm still rolled 0.2–0.3 rad in a drag's first steps;
// at 1e-1 fewer warm solves converged.
constexpr double kHold = 1e-2;
// How far a bone's origin aims to follow its end in the backward pass.
// FABRIK's "toward where it stood" (0) makes the last bone take a moved
// target as a turn about its old origin: in a drag a hand then swings at
// the wrist until its limits stop it, frame after frame, and the arm
// contorts behind it; following all the way (1) would turn nothing.
// Halfway spreads the turn along the chain.
constexpr float kCarried = 0.5f;
// Each level further below a bone counts half as much in its forward fit
// (Below): its own end points lead (FABRIK's aim), the nodes beyond settle
// what they leave open. Nodes deeper than kDeepest levels (weight 1/256)
// are left out: on the humanoid every goal point is within 7 levels of the
// root, and a long chain's fits stay short (chain-100 took 30 % longer with
// 16 levels, in as many sweeps).
constexpr int kDeepest = 8;

glm::vec3 Origin(const glm::mat4& model_ms) { return glm::vec3(model_ms[3]); }

// The weight of a node `levels` below the bone, relative to its end points.
double Below(int levels) { return std::ldexp(1.0, -levels); }

glm::quat ParentRotation(const IkState& s, int bone) {
  const int parent = s.sk.parent(bone);
  return parent < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : ModelRotation(s.ws.model_ms_[parent]);
}

// Adds one request for bone j's backward origin and rotation, weighted.
void Request(IkWorkspace& ws, int j, const glm::vec3& origin_ms, const glm::quat& rotation_ms, float weight) {
  glm::quat& sum = ws.rotations_ms_[j];
  // q and −q are one rotation: add each on the side of the sum so far.
  const float side = glm::dot(sum, rotation_ms) < 0.0f ? -weight : weight;
  sum = glm::quat(sum.w + side * rotation_ms.w, sum.x + side * rotation_ms.x, sum.y + side * rotation_ms.y,
                  sum.z + side * rotation_ms.z);
  ws.points_ms_[j] += weight * origin_ms;
}

// FABRIK's backward step for bone j, with limits: j, as it stands, moved so
// that its point `end_ms` lies on `pivot_ms`, then turned about the pivot
// through `slots` from `angles` (within their limits) so that its origin
// comes as near as it can to where it stood, carried kCarried of the way
// its end moved. Requests the result.
void RequestTurnToward(IkState& s, int j, const JointSlots& slots, const glm::vec3& angles, const glm::vec3& pivot_ms,
                       const glm::vec3& end_ms, float weight) {
  const glm::vec3 origin_ms = Origin(s.ws.model_ms_[j]);
  const glm::vec3 aim_ms = origin_ms + kCarried * (pivot_ms - end_ms);
  // From the end point to the origin in the bone's rotated axes: the bone
  // at rotation q has its origin at pivot + q · lever.
  const glm::vec3 lever = glm::conjugate(ModelRotation(s.ws.model_ms_[j])) * (origin_ms - end_ms);
  glm::vec3 placed_ms = pivot_ms + slots.BoneRotation(angles) * lever;
  const glm::vec3 fitted = FitSlots(
      s.sk, slots, angles, pivot_ms, kHold, [&](auto visit) { visit(placed_ms, aim_ms, 1.0); },
      [&](const glm::quat& turn) { placed_ms = pivot_ms + turn * (placed_ms - pivot_ms); });
  const glm::quat rotation = slots.BoneRotation(fitted);
  Request(s.ws, j, pivot_ms + rotation * lever, rotation, weight);
}

void Place(IkState& s, int j) {
  const glm::mat4 local = LocalTransform(s.sk, j, s.job.angles[j], s.job.root_offset_ms);
  const int parent = s.sk.parent(j);
  s.ws.model_ms_[j] = parent < 0 ? local : s.ws.model_ms_[parent] * local;
}

}  // namespace

void BackwardPass(IkState& s) {
  IkWorkspace& ws = s.ws;
  const Skeleton& sk = s.sk;
  // Parent-first arrays: visiting backward, every child is placed before its parent.
  for (int j = s.n - 1; j >= 0; --j) {
    if (ws.branch_weight_[j] == 0.0f || sk.parent(j) < 0) continue;
    ws.points_ms_[j] = glm::vec3(0.0f);
    ws.rotations_ms_[j] = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
    // A goal's point goes onto its target, the bone turning within its own
    // limits as measured from where its parent stands.
    for (int g = 0; g < s.goal_count; ++g) {
      const Goal& goal = s.job.goals[g];
      if (goal.bone != j) continue;
      RequestTurnToward(s, j, JointSlots::Own(sk, j, ParentRotation(s, j)), s.job.angles[j], goal.target_ms,
                        ws.effector_ms_[g], goal.weight);
    }
    // A child's origin goes where the child asked, the bone turning so that
    // the child's joint stays within its limits (the reverse constraint),
    // from the joint it would have if the bone kept its rotation.
    ForEachChild(ws, j, [&](int k) {
      const glm::quat frame = sk.frame(k);
      const glm::quat joint = glm::conjugate(sk.rest_q(k) * frame) * glm::conjugate(ModelRotation(ws.model_ms_[j])) *
                              ws.rotations_ms_[k] * frame;
      const glm::vec3 angles = ProjectJointLimits(sk, k, EulerFromRotation(sk.order(k), joint, s.job.angles[k]));
      RequestTurnToward(s, j, JointSlots::OfChild(sk, k, ws.rotations_ms_[k]), angles, ws.points_ms_[k],
                        Origin(ws.model_ms_[k]), ws.branch_weight_[k]);
    });
    // A sub-base (several requests): their weighted centroid and mean rotation.
    ws.points_ms_[j] /= ws.branch_weight_[j];
    ws.rotations_ms_[j] = glm::normalize(ws.rotations_ms_[j]);
  }
}

void ForwardPass(IkState& s) {
  IkWorkspace& ws = s.ws;
  // The pose the pass starts from: until a bone turns, everything below it
  // has only moved with it, rigidly, so each bone finds the nodes it fits
  // from there (into ws.carried_ms_ and, for goal points, the trial
  // buffer), and carries only those it reads.
  std::copy(ws.model_ms_.begin(), ws.model_ms_.begin() + s.n, ws.trial_model_ms_.begin());
  glm::vec3* goal_points_ms = ws.trial_effector_ms_.data();
  for (int j = 0; j < s.n; ++j) {
    Place(s, j);
    if (ws.branch_weight_[j] == 0.0f) continue;
    const glm::vec3 pivot_ms = Origin(ws.model_ms_[j]);
    const glm::vec3 start_ms = Origin(ws.trial_model_ms_[j]);
    const glm::quat moved = ModelRotation(ws.model_ms_[j]) * glm::conjugate(ModelRotation(ws.trial_model_ms_[j]));
    const int depth = ws.depth_[j];
    auto levels_below = [&](int bone) { return ws.depth_[bone] - depth; };
    ForEachBelow(ws, j, [&](int d) {
      if (levels_below(d) <= kDeepest) ws.carried_ms_[d] = pivot_ms + moved * (Origin(ws.trial_model_ms_[d]) - start_ms);
    });
    for (int g = 0; g < s.goal_count; ++g)
      if (s.Moves(j, g) && levels_below(s.job.goals[g].bone) <= kDeepest)
        goal_points_ms[g] = pivot_ms + moved * (ws.effector_ms_[g] - start_ms);
    // Calls f(position, aim, weight) for every node j fits, positions writable.
    auto nodes = [&](auto f) {
      ForEachBelow(ws, j, [&](int d) {
        const int levels = levels_below(d);
        if (levels <= kDeepest) f(ws.carried_ms_[d], ws.points_ms_[d], ws.branch_weight_[d] * Below(levels - 1));
      });
      for (int g = 0; g < s.goal_count; ++g) {
        const Goal& goal = s.job.goals[g];
        const int levels = levels_below(goal.bone);
        if (s.Moves(j, g) && levels <= kDeepest) f(goal_points_ms[g], goal.target_ms, goal.weight * Below(levels));
      }
    };
    auto pairs = [&](auto visit) {
      nodes([&](glm::vec3& x_ms, const glm::vec3& aim_ms, double weight) { visit(x_ms, aim_ms, weight); });
    };
    auto carry = [&](const glm::quat& turn) {
      nodes([&](glm::vec3& x_ms, const glm::vec3&, double) { x_ms = pivot_ms + turn * (x_ms - pivot_ms); });
    };
    s.job.angles[j] = FitSlots(s.sk, JointSlots::Own(s.sk, j, ParentRotation(s, j)), s.job.angles[j], pivot_ms, kHold,
                               pairs, carry);
    Place(s, j);
  }
}

}  // namespace ik_internal
}  // namespace kin
