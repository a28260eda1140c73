#include "stretch.h"

#include <algorithm>
#include <cmath>

#include "joint_rotation.h"
#include "kin/forward.h"
#include "kin/limits.h"

namespace kin {
namespace ik_internal {
namespace {

glm::vec3 Origin(const glm::mat4& model_ms) { return glm::vec3(model_ms[3]); }

// The top bone of `bone`'s chain: its origin is where the root offset puts it.
int ChainRoot(const Skeleton& skeleton, int bone) {
  while (skeleton.parent(bone) >= 0) bone = skeleton.parent(bone);
  return bone;
}

bool AnySlotFree(const Skeleton& skeleton, int bone) {
  for (int k = 0; k < 3; ++k)
    if (skeleton.min_angle(bone)[k] < skeleton.max_angle(bone)[k]) return true;
  return false;
}

}  // namespace

BeyondReach::BeyondReach(IkState& state) : state_(state) {
  // Stretching places joints as FABRIK does, blind to the centre of mass,
  // the floor and a prior: not while keeping balance or above the floor, or
  // with a prior.
  applies_ = state.job.options.stretch && state.angle_dof_count == state.dof_count && state.job.balance == nullptr &&
             state.job.floor == nullptr && state.prior_row < 0;
  for (int g = 0; g < state.goal_count && applies_; ++g) {
    const Goal& goal = state.job.goals[g];
    applies_ = !goal.has_orientation && !goal.has_pole && !goal.has_projection && state.sk.similarity_chain(goal.bone);
  }
  for (int g = 0; g < state.goal_count && applies_ && !any_; ++g) any_ = Beyond(g);
}

double BeyondReach::LeastMiss(int g) const {
  const Goal& goal = state_.job.goals[g];
  const glm::dvec3 root_ms(Origin(state_.ws.model_ms_[ChainRoot(state_.sk, goal.bone)]));
  return std::max(0.0, glm::length(glm::dvec3(goal.target_ms) - root_ms) - state_.GoalReach(g));
}

bool BeyondReach::AtLeastMiss() const {
  if (!applies_) return false;
  for (int g = 0; g < state_.goal_count; ++g) {
    const glm::dvec3 miss = glm::dvec3(state_.job.goals[g].target_ms) - glm::dvec3(state_.ws.effector_ms_[g]);
    if (glm::length(miss) > LeastMiss(g) + state_.job.options.tolerance) return false;
  }
  return true;
}

glm::vec3 BeyondReach::Lever(int j, int g) const {
  const Goal& goal = state_.job.goals[g];
  const glm::mat4& model_ms = state_.ws.trial_model_ms_[j];
  if (j == goal.bone) return glm::vec3(model_ms * glm::vec4(goal.point_bs, 1.0f));
  int next = goal.bone;
  while (state_.sk.parent(next) != j) next = state_.sk.parent(next);
  // A child's local translation is its rest translation, whatever its angles.
  return glm::vec3(model_ms * glm::vec4(state_.sk.rest_t(next), 1.0f));
}

bool BeyondReach::Stretch(Evaluation* current) {
  IkState& s = state_;
  IkWorkspace& ws = s.ws;
  const Skeleton& sk = s.sk;
  std::copy(s.job.angles.begin(), s.job.angles.end(), ws.trial_angles_.begin());
  s.trial_root_ms = s.root_ms;
  const Span<const glm::mat4> trial_model_ms(ws.trial_model_ms_.data(), ws.trial_model_ms_.size());
  // Parent-first, so that each bone turns from where its turned parent put it.
  for (int i = 0; i < s.moving_count; ++i) {
    const int j = ws.moving_bones_[i];
    const int parent = sk.parent(j);
    const auto place = [&] {
      const glm::mat4 local = LocalTransform(sk, j, ws.trial_angles_[j], s.root_ms);
      ws.trial_model_ms_[j] = parent < 0 ? local : ws.trial_model_ms_[parent] * local;
    };
    place();
    int aimed = -1;  // the one goal beyond reach that j leads to
    for (int g = 0; g < s.goal_count && aimed != -2; ++g)
      if (s.Moves(j, g) && Beyond(g)) aimed = aimed == -1 ? g : -2;
    if (aimed < 0 || !AnySlotFree(sk, j)) continue;
    const glm::dvec3 origin_ms(Origin(ws.trial_model_ms_[j]));
    const glm::dvec3 from = glm::dvec3(Lever(j, aimed)) - origin_ms;
    const glm::dvec3 to = glm::dvec3(s.job.goals[aimed].target_ms) - origin_ms;
    if (glm::dot(from, from) == 0.0 || glm::dot(to, to) == 0.0) continue;
    const glm::dquat turn_ms = ShortestArc(from, to, glm::dvec3(1.0, 0.0, 0.0));
    ws.trial_angles_[j] =
        ProjectJointLimits(sk, j, TurnedAngles(sk, trial_model_ms, j, ws.trial_angles_[j], turn_ms));
    place();
  }
  const Evaluation trial = s.EvaluateTrial();
  if (!(trial.energy < current->energy)) return false;
  s.AcceptTrial();
  *current = trial;
  return true;
}

}  // namespace ik_internal
}  // namespace kin
