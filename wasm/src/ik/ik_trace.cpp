// IkTrace: sizing, and the recording the solvers call (see ik_trace.h). Every
// method only reads the solver's state; none allocates.
#include "kin/ik/ik_trace.h"

#include <algorithm>

#include "ik_state.h"

namespace kin {
namespace {

glm::vec3 Origin(const glm::mat4& model_ms) { return glm::vec3(model_ms[3]); }

}  // namespace

void IkTrace::Reserve(int bone_count, int goal_count, int max_iterations, int max_trials_per_iteration) {
  bone_capacity_ = std::max(bone_count, 0);
  goal_capacity_ = std::max(goal_count, 0);
  entry_capacity_ = std::max(max_iterations, 0) + 2;  // the start and a final pose besides
  trial_capacity_ = std::max(max_trials_per_iteration, 0);
  const std::size_t e = static_cast<std::size_t>(entry_capacity_);
  const std::size_t n = static_cast<std::size_t>(bone_capacity_);
  const std::size_t g = static_cast<std::size_t>(goal_capacity_);
  const std::size_t d = static_cast<std::size_t>(dof_stride());
  const std::size_t t = static_cast<std::size_t>(trial_capacity_);
  dof_bone_.resize(d);
  dof_slot_.resize(d);
  fabrik_bones_.resize(n);
  angles_.resize(e * n);
  root_offset_ms_.resize(e);
  energy_.resize(e);
  error_.resize(e);
  step_scale_.resize(e);
  damping_.resize(e);
  final_.resize(e);
  points_ms_.resize(e * g);
  has_jacobian_.resize(e);
  start_angles_.resize(e * n);
  start_root_ms_.resize(e);
  start_points_ms_.resize(e * g);
  jacobian_.resize(e * d * g);
  gradient_.resize(e * d);
  trial_count_.resize(e);
  trials_.resize(e * t);
  trial_points_ms_.resize(e * t * g);
  has_fabrik_.resize(e);
  backward_ms_.resize(e * n);
  forward_ms_.resize(e * n);
  entry_count_ = 0;
}

void IkTrace::Begin(const ik_internal::IkState& s) {
  bone_count_ = s.n;
  goal_count_ = s.goal_count;
  entry_count_ = 0;
  truncated_ = false;
  dof_count_ = s.dof_count;
  for (int c = 0; c < s.dof_count; ++c) {
    dof_bone_[c] = s.IsRoot(c) ? -1 : s.Bone(c);
    dof_slot_[c] = s.Slot(c);
  }
  fabrik_bone_count_ = s.moving_count;
  std::copy(s.ws.moving_bones_.begin(), s.ws.moving_bones_.begin() + s.moving_count, fabrik_bones_.begin());
  if (entry_capacity_ > 0) ClearEntry(0);
}

void IkTrace::ClearEntry(int e) {
  step_scale_[e] = 0.0f;
  damping_[e] = 0.0f;
  final_[e] = 0;
  has_jacobian_[e] = 0;
  trial_count_[e] = 0;
  has_fabrik_[e] = 0;
}

void IkTrace::Linearization(const ik_internal::IkState& s) {
  const int e = Open();
  if (e < 0) return;
  has_jacobian_[e] = 1;
  std::copy(s.job.angles.begin(), s.job.angles.end(), start_angles_.begin() + Index(e, bone_capacity_));
  start_root_ms_[e] = s.root_ms;
  std::copy(s.ws.effector_ms_.begin(), s.ws.effector_ms_.begin() + s.goal_count,
            start_points_ms_.begin() + Index(e, goal_capacity_));
  // The columns BuildJacobian weighted, before the weights: recomputed from
  // the same axes and points, so they are the same floats.
  glm::vec3* columns = jacobian_.data() + Index(e, dof_stride() * goal_capacity_);
  float* gradient = gradient_.data() + Index(e, dof_stride());
  for (int c = 0; c < s.dof_count; ++c) {
    for (int g = 0; g < s.goal_count; ++g) {
      glm::vec3 column(0.0f);
      if (s.IsRoot(c)) column[s.Slot(c)] = 1.0f;
      else if (s.Moves(s.Bone(c), g)) column = JacobianColumn(s.ws.axes_[s.Bone(c)], s.Slot(c), s.ws.effector_ms_[g]);
      columns[c * s.goal_count + g] = column;
    }
    gradient[c] = static_cast<float>(s.ws.gradient_[c]);
  }
}

void IkTrace::Damping(double mu) {
  const int e = Open();
  if (e >= 0) damping_[e] = static_cast<float>(mu);
}

void IkTrace::AddTrial(const ik_internal::IkState& s, double scale, double energy, bool accepted) {
  const int e = Open();
  if (e < 0) return;
  if (accepted) step_scale_[e] = static_cast<float>(scale);
  const int t = trial_count_[e];
  if (t >= trial_capacity_) {
    truncated_ = true;
    return;
  }
  trials_[Index(e, trial_capacity_) + t] = Trial{static_cast<float>(scale), static_cast<float>(energy), accepted};
  std::copy(s.ws.trial_effector_ms_.begin(), s.ws.trial_effector_ms_.begin() + s.goal_count,
            trial_points_ms_.begin() + Index(e * trial_capacity_ + t, goal_capacity_));
  trial_count_[e] = t + 1;
}

void IkTrace::FabrikBackward(const ik_internal::IkState& s) {
  const int e = Open();
  if (e < 0) return;
  has_fabrik_[e] = 1;
  glm::vec3* out = backward_ms_.data() + Index(e, bone_capacity_);
  for (int i = 0; i < fabrik_bone_count_; ++i) {
    const int j = fabrik_bones_[i];
    // The backward pass asks nothing of roots and of bones no weighted goal pulls.
    const bool asked = s.ws.branch_weight_[j] != 0.0f && s.sk.parent(j) >= 0;
    out[i] = asked ? s.ws.points_ms_[j] : Origin(s.ws.model_ms_[j]);
  }
}

void IkTrace::FabrikForward(const ik_internal::IkState& s) {
  const int e = Open();
  if (e < 0) return;
  glm::vec3* out = forward_ms_.data() + Index(e, bone_capacity_);
  for (int i = 0; i < fabrik_bone_count_; ++i) out[i] = Origin(s.ws.model_ms_[fabrik_bones_[i]]);
}

void IkTrace::WritePose(int e, const ik_internal::IkState& s, const ik_internal::Evaluation& evaluation) {
  std::copy(s.job.angles.begin(), s.job.angles.end(), angles_.begin() + Index(e, bone_capacity_));
  root_offset_ms_[e] = s.root_ms;
  energy_[e] = static_cast<float>(evaluation.energy);
  error_[e] = evaluation.error;
  std::copy(s.ws.effector_ms_.begin(), s.ws.effector_ms_.begin() + s.goal_count,
            points_ms_.begin() + Index(e, goal_capacity_));
}

void IkTrace::Commit(const ik_internal::IkState& s, const ik_internal::Evaluation& evaluation) {
  const int e = Open();
  if (e < 0) {
    truncated_ = true;
    return;
  }
  WritePose(e, s, evaluation);
  entry_count_ = e + 1;
  if (entry_count_ < entry_capacity_) ClearEntry(entry_count_);
}

void IkTrace::Finish(const ik_internal::IkState& s, const ik_internal::Evaluation& evaluation) {
  if (entry_capacity_ == 0) return;
  const int last = entry_count_ - 1;
  const bool recorded = last >= 0 && root_offset_ms_[last] == s.root_ms &&
                        std::equal(s.job.angles.begin(), s.job.angles.end(), angles_.begin() + Index(last, bone_capacity_));
  if (!recorded) {
    // A full trace gives its last slot to the pose the solve returns.
    const int e = entry_count_ < entry_capacity_ ? entry_count_ : entry_capacity_ - 1;
    ClearEntry(e);
    WritePose(e, s, evaluation);
    entry_count_ = e + 1;
  }
  final_[entry_count_ - 1] = 1;
}

}  // namespace kin
