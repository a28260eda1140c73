// A per-iteration record of one IK solve, for teaching (a lesson steps
// through it one iteration per click). A traced solve runs the same solver
// code as an untraced one: the solvers call the recording methods below only
// to copy values they have already computed, so the result is bitwise the
// same (tests/cpp/ik_trace_test.cpp checks it for every solver).
//
// Entries follow the energy history (IkJob::energy) one to one: entry 0 is
// the start pose, then one entry per iteration (a Jacobian solver's damped
// try or line search, a CCD sweep, a FABRIK backward + forward pass), and the
// last entry, marked final(), is the pose the solve returns. When a solve
// returns a pose it never recorded (the best pose brought back, or a nudged
// pose an escape left), that pose is one more entry.
//
// Reserve() sizes every buffer once; recording never allocates. What does
// not fit (entries past the capacity, trials past the per-iteration cap) is
// dropped and truncated() says so; the final pose always takes the last slot.
#pragma once

#include <cstddef>
#include <vector>

#include <glm/glm.hpp>

#include "kin/span.h"

namespace kin {

namespace ik_internal {
class IkState;
struct Evaluation;
}  // namespace ik_internal

class IkTrace {
 public:
  // One trial point of a line search (or DLS's damped try, scale 1).
  struct Trial {
    float scale = 0.0f;
    float energy = 0.0f;
    bool accepted = false;
  };

  // Room for `max_iterations` iterations of a solve on up to `bone_count`
  // bones and `goal_count` goals (start and final entries included), each
  // with up to `max_trials_per_iteration` trials. Allocates; call once.
  void Reserve(int bone_count, int goal_count, int max_iterations, int max_trials_per_iteration);
  int bone_capacity() const { return bone_capacity_; }
  int goal_capacity() const { return goal_capacity_; }
  int entry_capacity() const { return entry_capacity_; }
  int trial_capacity() const { return trial_capacity_; }

  // The solve recorded (counts of its skeleton and goals).
  int bone_count() const { return bone_count_; }
  int goal_count() const { return goal_count_; }
  int entry_count() const { return entry_count_; }
  bool truncated() const { return truncated_; }

  // Active degrees of freedom, in the solver's order: Euler slot `dof_slot`
  // of bone `dof_bone`, or for a root-offset unknown bone -1 and the axis
  // (0 x, 1 y, 2 z) as the slot.
  int dof_count() const { return dof_count_; }
  int dof_bone(int d) const { return dof_bone_[d]; }
  int dof_slot(int d) const { return dof_slot_[d]; }

  // Entry `e`'s pose (after its iteration), E, largest goal error, the step
  // scale its line search accepted (1 for an accepted DLS try, 0 when no
  // step was taken), DLS's damping μ (0 for other solvers), and the goal
  // points of the pose (model space).
  Span<const glm::vec3> angles(int e) const { return Slice(angles_, e, bone_capacity_, bone_count_); }
  const glm::vec3& root_offset(int e) const { return root_offset_ms_[e]; }
  float energy(int e) const { return energy_[e]; }
  float error(int e) const { return error_[e]; }
  float step_scale(int e) const { return step_scale_[e]; }
  float damping(int e) const { return damping_[e]; }
  bool final(int e) const { return final_[e] != 0; }
  Span<const glm::vec3> points(int e) const { return Slice(points_ms_, e, goal_capacity_, goal_count_); }

  // Jacobian solvers: the configuration the iteration started from (its
  // angles, root offset and goal points) and there, per active dof, the
  // unweighted point columns ∂x_g/∂θ_d = a × (x_g − o) (goal_count vectors
  // per dof, dof-major: column d's goal g at d·goal_count + g; a root dof's
  // column is its axis) and the gradient g_d = Σ_rows J r of the weighted
  // residual (orientation and pole rows included).
  bool has_jacobian(int e) const { return has_jacobian_[e] != 0; }
  Span<const glm::vec3> start_angles(int e) const { return Slice(start_angles_, e, bone_capacity_, bone_count_); }
  const glm::vec3& start_root_offset(int e) const { return start_root_ms_[e]; }
  Span<const glm::vec3> start_points(int e) const { return Slice(start_points_ms_, e, goal_capacity_, goal_count_); }
  Span<const glm::vec3> jacobian(int e) const {
    return Slice(jacobian_, e, dof_stride() * goal_capacity_, dof_count_ * goal_count_);
  }
  Span<const float> gradient(int e) const { return Slice(gradient_, e, dof_stride(), dof_count_); }

  // The trials of entry e's iteration, in the order tried, each with the
  // goal points of its trial configuration.
  int trial_count(int e) const { return trial_count_[e]; }
  const Trial& trial(int e, int t) const { return trials_[Index(e, trial_capacity_) + t]; }
  Span<const glm::vec3> trial_points(int e, int t) const {
    return Slice(trial_points_ms_, e * trial_capacity_ + t, goal_capacity_, goal_count_);
  }

  // FABRIK: the joints of the bones that move goals (fabrik_bones, parent
  // first) after the backward pass (where it asks each bone's origin to go;
  // a root stays on its origin) and after the forward pass, per iteration.
  bool has_fabrik(int e) const { return has_fabrik_[e] != 0; }
  int fabrik_bone_count() const { return fabrik_bone_count_; }
  int fabrik_bone(int i) const { return fabrik_bones_[i]; }
  Span<const glm::vec3> fabrik_backward(int e) const {
    return Slice(backward_ms_, e, bone_capacity_, fabrik_bone_count_);
  }
  Span<const glm::vec3> fabrik_forward(int e) const { return Slice(forward_ms_, e, bone_capacity_, fabrik_bone_count_); }

  // Recording, called by the solvers only (IkJob::trace). Each writes into
  // the entry being built, which Commit closes.
  void Begin(const ik_internal::IkState& state);
  void Linearization(const ik_internal::IkState& state);
  void Damping(double mu);
  void AddTrial(const ik_internal::IkState& state, double scale, double energy, bool accepted);
  void FabrikBackward(const ik_internal::IkState& state);
  void FabrikForward(const ik_internal::IkState& state);
  void Commit(const ik_internal::IkState& state, const ik_internal::Evaluation& evaluation);
  // The pose the solve returns, `evaluation` its evaluation: marks the last
  // entry final if it holds that pose, else records it as a final entry.
  void Finish(const ik_internal::IkState& state, const ik_internal::Evaluation& evaluation);

 private:
  int dof_stride() const { return 3 * bone_capacity_ + 3; }
  static std::size_t Index(int e, int stride) { return static_cast<std::size_t>(e) * stride; }
  template <class T>
  static Span<const T> Slice(const std::vector<T>& v, int e, int stride, int count) {
    return Span<const T>(v.data() + Index(e, stride), static_cast<std::size_t>(count));
  }
  // The entry being built, or -1 when the trace is full.
  int Open() const { return entry_count_ < entry_capacity_ ? entry_count_ : -1; }
  void ClearEntry(int e);
  void WritePose(int e, const ik_internal::IkState& state, const ik_internal::Evaluation& evaluation);

  int bone_capacity_ = 0;
  int goal_capacity_ = 0;
  int entry_capacity_ = 0;
  int trial_capacity_ = 0;
  int bone_count_ = 0;
  int goal_count_ = 0;
  int entry_count_ = 0;
  bool truncated_ = false;
  int dof_count_ = 0;
  std::vector<int> dof_bone_;
  std::vector<int> dof_slot_;
  int fabrik_bone_count_ = 0;
  std::vector<int> fabrik_bones_;
  // Per entry (strides: bones, goals, dofs · goals, trials, as Reserve set them).
  std::vector<glm::vec3> angles_;
  std::vector<glm::vec3> root_offset_ms_;
  std::vector<float> energy_;
  std::vector<float> error_;
  std::vector<float> step_scale_;
  std::vector<float> damping_;
  std::vector<char> final_;
  std::vector<glm::vec3> points_ms_;
  std::vector<char> has_jacobian_;
  std::vector<glm::vec3> start_angles_;
  std::vector<glm::vec3> start_root_ms_;
  std::vector<glm::vec3> start_points_ms_;
  std::vector<glm::vec3> jacobian_;
  std::vector<float> gradient_;
  std::vector<int> trial_count_;
  std::vector<Trial> trials_;
  std::vector<glm::vec3> trial_points_ms_;
  std::vector<char> has_fabrik_;
  std::vector<glm::vec3> backward_ms_;
  std::vector<glm::vec3> forward_ms_;
};

}  // namespace kin
