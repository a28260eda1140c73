// FABRIK (Aristidou & Lasenby 2011) on a skeleton tree, with several
// effectors and joint limits, that keeps the skeleton rigid.
//
// The nodes are the origins of the bones that move a goal, plus each goal's
// point on its bone (any point_bs, not only the tip: an extra end point of
// that bone). Each iteration runs two passes over whole bones:
//  - Backward pass, from the effectors toward the root, on bone origins and
//    model rotations. A goal's bone is turned about its goal point so that
//    its origin lies on the line from the target toward where the origin
//    stood, and moved with the point onto the target. A parent is turned
//    likewise about its end point (its child's new origin); then the joint
//    between them (the child's Euler angles relative to that parent
//    rotation) is clamped into the child's limits and the parent's rotation
//    recomputed from the clamped joint, so that the backward pose respects
//    the limits too. A sub-base (a bone with several end points: hips,
//    chest) takes the centroid of the origins its branches ask for and the
//    normalised mean of their rotations, weighted by the goals per branch;
//    then the pass goes on toward the root.
//  - Forward pass, from the root outward, on the angles. Each bone, its
//    origin placed by its already turned (limited) parent, turns so that its
//    end points aim at where the backward pass put them (the shortest arc
//    between the weighted mean directions, i.e. the bone's rest direction
//    toward its child swung onto the new child position), then twists about
//    that direction to the backward pass's rotation (or, see ForwardPass,
//    to where its children can reach). The turn becomes Euler angles in the
//    bone's order (E = F⁻¹·J·F, nearest the current angles), clamped into
//    the limits, and forward kinematics places the bone before its children
//    aim: the next pass starts from a limited, rigid pose.
// The pose is always angles + FK: bone lengths and the shape of branch
// points never change, the root stays on its origin (it may turn), and
// bones that move no goal keep their angles. FABRIK has no joint-space
// metric, so stiffness is ignored. Limited FABRIK need not lower E at every
// iteration and can circle: sweep_loop.h keeps the best pose.
//
// Rotations are the bones' model rotations with scale taken out; with
// non-uniform scale in the rest transforms they are approximate, and the
// report gives the error actually reached.
#include <algorithm>
#include <cmath>

#include "joint_rotation.h"
#include "kin/forward.h"
#include "sweep_loop.h"

namespace kin {
namespace ik_internal {
namespace {

// Shorter vectors (model units) have no direction.
constexpr float kNoLength = 1e-12f;
// Twists tried per half turn (each way) when a bone's children cannot aim
// within their limits, and the miss (Σ w |x − aim|² over Σ w |x − o|²,
// 1e-3: about 3 % of their size) above which they are tried.
constexpr int kTwistTries = 3;
constexpr double kSearchMiss = 1e-3;

glm::vec3 Origin(const glm::mat4& model_ms) { return glm::vec3(model_ms[3]); }

// The shortest arc from `from` to `to`; no turn when either has no direction.
glm::quat Arc(const glm::vec3& from, const glm::vec3& to) {
  if (glm::length(from) <= kNoLength || glm::length(to) <= kNoLength) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  return glm::quat(ShortestArc(glm::dvec3(from), glm::dvec3(to), glm::dvec3(0.0)));
}

bool HasFreeSlot(const Skeleton& sk, int bone) {
  const glm::vec3& lo = sk.min_angle(bone);
  const glm::vec3& hi = sk.max_angle(bone);
  return lo.x < hi.x || lo.y < hi.y || lo.z < hi.z;
}

// Once per solve: the goal weight each bone carries (0: moves no goal) and
// the lists of children that carry some.
void Prepare(IkState& s) {
  IkWorkspace& ws = s.ws;
  for (int j = 0; j < s.n; ++j) {
    ws.branch_weight_[j] = 0.0f;
    for (int g = 0; g < s.goal_count; ++g)
      if (s.Moves(j, g)) ws.branch_weight_[j] += s.job.goals[g].weight;
    ws.first_child_[j] = -1;
    ws.next_sibling_[j] = -1;
  }
  for (int k = s.n - 1; k >= 0; --k) {
    const int p = s.sk.parent(k);
    if (p < 0 || ws.branch_weight_[k] == 0.0f) continue;
    ws.next_sibling_[k] = ws.first_child_[p];
    ws.first_child_[p] = k;
  }
}

// Adds one branch's request for bone j's backward origin and rotation.
void Propose(IkWorkspace& ws, int j, const glm::vec3& origin_ms, const glm::quat& rotation_ms, float weight) {
  glm::quat& sum = ws.rotations_ms_[j];
  // q and −q are one rotation: add each on the side of the sum so far.
  const float side = glm::dot(sum, rotation_ms) < 0.0f ? -weight : weight;
  sum = glm::quat(sum.w + side * rotation_ms.w, sum.x + side * rotation_ms.x, sum.y + side * rotation_ms.y,
                  sum.z + side * rotation_ms.z);
  ws.points_ms_[j] += weight * origin_ms;
}

// The rotation of parent p, given its child k's rotation `child_ms`, that
// keeps k's joint within its limits: the joint k would have if p took
// `aimed_ms`, clamped, then p's rotation recomputed from it. With
// G = rest_q · F, a child's model rotation is parent · G · E(θ) · F⁻¹.
glm::quat LimitedParentRotation(const IkState& s, int k, const glm::quat& child_ms, const glm::quat& aimed_ms) {
  const Skeleton& sk = s.sk;
  const glm::quat& frame = sk.frame(k);
  const glm::quat g = sk.rest_q(k) * frame;
  const glm::quat joint = glm::conjugate(g) * glm::conjugate(aimed_ms) * child_ms * frame;
  const glm::vec3 angles = ProjectJointLimits(sk, k, EulerFromRotation(sk.order(k), joint, s.job.angles[k]));
  return glm::normalize(child_ms * frame * glm::conjugate(EulerRotation(sk.order(k), angles)) * glm::conjugate(g));
}

// Backward origins into ws.points_ms_ and rotations into ws.rotations_ms_
// for the bones that move goals, from the pose in ws.model_ms_ / ws.effector_ms_.
void BackwardPass(IkState& s) {
  IkWorkspace& ws = s.ws;
  for (int j = 0; j < s.n; ++j) {
    ws.points_ms_[j] = glm::vec3(0.0f);
    ws.rotations_ms_[j] = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
  }
  for (int g = 0; g < s.goal_count; ++g) {
    const Goal& goal = s.job.goals[g];
    const glm::mat4& model = ws.model_ms_[goal.bone];
    const glm::vec3 lever = Origin(model) - ws.effector_ms_[g];  // from the goal point to the origin
    const glm::quat turn = Arc(lever, Origin(model) - goal.target_ms);
    Propose(ws, goal.bone, goal.target_ms + turn * lever, turn * ModelRotation(model), goal.weight);
  }
  // Parent-first arrays: visiting backward, every child is placed before its parent.
  for (int j = s.n - 1; j >= 0; --j) {
    if (ws.branch_weight_[j] == 0.0f) continue;
    ws.points_ms_[j] /= ws.branch_weight_[j];
    ws.rotations_ms_[j] = glm::normalize(ws.rotations_ms_[j]);
    const int p = s.sk.parent(j);
    if (p < 0) continue;
    const glm::mat4& parent_model = ws.model_ms_[p];
    const glm::vec3 parent_origin = Origin(parent_model);
    const glm::vec3 end = Origin(ws.model_ms_[j]) - parent_origin;  // the parent's end point j
    const glm::quat parent_rotation = ModelRotation(parent_model);
    const glm::quat aimed = Arc(end, ws.points_ms_[j] - parent_origin) * parent_rotation;
    const glm::quat limited = LimitedParentRotation(s, j, ws.rotations_ms_[j], aimed);
    const glm::vec3 origin = ws.points_ms_[j] - (limited * glm::conjugate(parent_rotation)) * end;
    Propose(ws, p, origin, limited, ws.branch_weight_[j]);
  }
}

// Calls visit(point_bs, aim_ms, weight) for each end point of `bone`: its
// goal points (aimed at their targets) and its children that move goals
// (aimed at their backward origins).
template <typename Visit>
void ForEachEndPoint(const IkState& s, int bone, Visit visit) {
  for (int g = 0; g < s.goal_count; ++g) {
    const Goal& goal = s.job.goals[g];
    if (goal.bone == bone) visit(goal.point_bs, goal.target_ms, goal.weight);
  }
  for (int k = s.ws.first_child_[bone]; k >= 0; k = s.ws.next_sibling_[k])
    visit(s.sk.rest_t(k), s.ws.points_ms_[k], s.ws.branch_weight_[k]);
}

struct Aim {
  glm::dquat turn{1.0, 0.0, 0.0, 0.0};  // model space, about the bone's origin
  glm::dvec3 axis{0.0};                 // the aimed direction (unit), zero if none
};

// The forward pass's turn of `bone`: the shortest arc between the weighted
// mean directions of its end points and of their aims, then the twist about
// the aimed direction that brings it to its backward rotation.
Aim AimTurn(const IkState& s, int bone) {
  const glm::mat4& model = s.ws.model_ms_[bone];
  const glm::vec3 origin = Origin(model);
  glm::vec3 from_sum(0.0f), to_sum(0.0f), heaviest_from(0.0f), heaviest_to(0.0f);
  float weight_sum = 0.0f, heaviest = 0.0f;
  ForEachEndPoint(s, bone, [&](const glm::vec3& point_bs, const glm::vec3& aim_ms, float weight) {
    const glm::vec3 from = glm::vec3(model * glm::vec4(point_bs, 1.0f)) - origin;
    const glm::vec3 to = aim_ms - origin;
    const float from_length = glm::length(from), to_length = glm::length(to);
    if (from_length <= kNoLength || to_length <= kNoLength) return;
    from_sum += weight / from_length * from;
    to_sum += weight / to_length * to;
    weight_sum += weight;
    if (weight > heaviest) {
      heaviest = weight;
      heaviest_from = from;
      heaviest_to = to;
    }
  });
  Aim aim;
  if (weight_sum == 0.0f) return aim;
  // End points in opposite directions can cancel in the means; then aim the heaviest.
  const bool means = glm::length(from_sum) > 1e-3f * weight_sum && glm::length(to_sum) > 1e-3f * weight_sum;
  const glm::vec3 axis = glm::normalize(means ? to_sum : heaviest_to);
  const glm::dquat swing = ShortestArc(glm::dvec3(means ? from_sum : heaviest_from), glm::dvec3(axis), glm::dvec3(0.0));
  // Swing–twist: the rest of the way to the backward rotation, about the axis.
  const glm::quat rest = s.ws.rotations_ms_[bone] * glm::conjugate(glm::quat(swing) * ModelRotation(model));
  const float twist = 2.0f * std::atan2(glm::dot(glm::vec3(rest.x, rest.y, rest.z), axis), rest.w);
  aim.axis = glm::dvec3(axis);
  aim.turn = glm::angleAxis(static_cast<double>(twist), aim.axis) * swing;
  return aim;
}

void Place(IkState& s, int j) {
  const glm::mat4 local = LocalTransform(s.sk, j, s.job.angles[j], s.job.root_offset_ms);
  const int p = s.sk.parent(j);
  s.ws.model_ms_[j] = p < 0 ? local : s.ws.model_ms_[p] * local;
}

// The angles of bone j turned by `turn_ms` from `angles`, within its limits.
glm::vec3 LimitedTurn(const IkState& s, int j, const glm::vec3& angles, const glm::dquat& turn_ms) {
  return ProjectJointLimits(s.sk, j, TurnedAngles(s.sk, s.ws.model_ms_, j, angles, turn_ms));
}

// How far the children of bone j (as placed) miss the aims of their end
// points after each turns toward them within its limits: Σ w |x − aim|²,
// relative to Σ w |x − child origin|². Moves the children's model matrices
// (the forward pass places each child again) but not their angles.
double ChildrenMiss(IkState& s, int j) {
  IkWorkspace& ws = s.ws;
  double miss = 0.0, size = 0.0;
  for (int k = ws.first_child_[j]; k >= 0; k = ws.next_sibling_[k]) {
    const glm::vec3 angles = s.job.angles[k];
    Place(s, k);
    s.job.angles[k] = LimitedTurn(s, k, angles, AimTurn(s, k).turn);
    Place(s, k);
    const glm::mat4& model = ws.model_ms_[k];
    const glm::vec3 origin = Origin(model);
    ForEachEndPoint(s, k, [&](const glm::vec3& point_bs, const glm::vec3& aim_ms, float weight) {
      const glm::vec3 x = glm::vec3(model * glm::vec4(point_bs, 1.0f));
      miss += weight * static_cast<double>(glm::dot(x - aim_ms, x - aim_ms));
      size += weight * static_cast<double>(glm::dot(x - origin, x - origin));
    });
    s.job.angles[k] = angles;
  }
  return size > 0.0 ? miss / size : 0.0;
}

// Places every bone from the root outward, turning those that move goals.
// A bone's twist about its aimed direction does not move its own end
// points, but it turns the directions its children can reach: a hinge
// elbow or knee bends in one plane, to one side, and a clamped ball joint
// reaches further one way than another. So when the children, each turning
// within its limits, would miss their aims by more than kSearchMiss, other
// twists are tried, smallest first (every 180° / kTwistTries each way),
// until one lets them reach; otherwise the one that got them nearest stays.
void ForwardPass(IkState& s) {
  IkWorkspace& ws = s.ws;
  for (int j = 0; j < s.n; ++j) {
    Place(s, j);
    if (ws.branch_weight_[j] == 0.0f || !HasFreeSlot(s.sk, j)) continue;
    const Aim aim = AimTurn(s, j);
    const glm::vec3 start = s.job.angles[j];
    glm::vec3 best = LimitedTurn(s, j, start, aim.turn);
    if (ws.first_child_[j] >= 0 && aim.axis != glm::dvec3(0.0)) {
      auto miss_after = [&](const glm::vec3& angles) {
        s.job.angles[j] = angles;
        Place(s, j);
        return ChildrenMiss(s, j);
      };
      double best_miss = miss_after(best);
      for (int t = 1; t < 2 * kTwistTries && best_miss > kSearchMiss; ++t) {
        // +step, −step, +2 step, …, the half turn once.
        const double twist = (t % 2 ? 1.0 : -1.0) * ((t + 1) / 2) * (3.141592653589793 / kTwistTries);
        const glm::vec3 candidate = LimitedTurn(s, j, start, glm::angleAxis(twist, aim.axis) * aim.turn);
        const double miss = miss_after(candidate);
        if (miss < best_miss) {
          best_miss = miss;
          best = candidate;
        }
      }
    }
    s.job.angles[j] = best;
    Place(s, j);
  }
}

}  // namespace

SolveReport SolveFabrik(IkState& s) {
  Prepare(s);
  return SolveBySweeps(s, SweepRules(), [](IkState& state) {
    BackwardPass(state);
    ForwardPass(state);
  });
}

}  // namespace ik_internal
}  // namespace kin
