// One job interface for every IK solver (ozz-style: a struct of spans with
// Validate() and Run(), owning no memory). All solvers read the same
// skeleton, pose and goals, write the new pose into `angles`, and return the
// same SolveReport; on invalid input they return kInvalidInput and leave
// `angles` untouched. Run() never allocates: scratch lives in IkWorkspace.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "kin/balance_goal.h"
#include "kin/floor_goal.h"
#include "kin/goal.h"
#include "kin/image_projection.h"
#include "kin/ik/dls_cache.h"
#include "kin/ik/ik_trace.h"
#include "kin/ik/solve_report.h"
#include "kin/ik/solver_registry.h"
#include "kin/jacobian.h"
#include "kin/pole.h"
#include "kin/pose_prior.h"
#include "kin/skeleton.h"
#include "kin/span.h"

namespace kin {

// The balance goal's residual rows: one, the centre of mass's distance
// outside the support polygon (kin/balance_goal.h).
constexpr int kBalanceRows = 1;

// The most residual rows a job of `goal_count` goals has: every goal an
// orientation goal with a pole (9 rows), the balance and the floor; with a
// pose prior (kin/pose_prior.h) one more per slot of `prior_bones` bones.
constexpr std::size_t MaxResidualRows(std::size_t goal_count, std::size_t prior_bones = 0) {
  return 9 * goal_count + kBalanceRows + kFloorRows + 3 * prior_bones;
}

// Scratch memory for every solver, sized once for a skeleton and goal count.
// Owned by the job while it runs; callers read only model_ms().
class IkWorkspace {
 public:
  // With `prior_rows`, room for a pose prior's rows too (they square the
  // normal matrix's size with the bone count, so only a rig that asks for
  // a prior pays for them).
  void Reserve(int bone_count, int goal_count, bool prior_rows = false);
  // Bone-to-model matrices of the pose the last Run left in its angles (after
  // a Run that did not report invalid input): every solver ends with its
  // pose evaluated, so the caller needs no second forward pass.
  Span<const glm::mat4> model_ms() const { return Span<const glm::mat4>(model_ms_.data(), model_ms_.size()); }
  int bone_capacity() const { return bone_capacity_; }
  int goal_capacity() const { return goal_capacity_; }
  bool prior_capacity() const { return prior_capacity_; }

  int bone_capacity_ = 0;
  int goal_capacity_ = 0;
  bool prior_capacity_ = false;
  std::vector<glm::mat4> model_ms_;        // current configuration
  std::vector<glm::mat4> trial_model_ms_;  // configuration being tried
  std::vector<glm::vec3> trial_angles_;
  std::vector<glm::vec3> best_angles_;
  std::vector<glm::vec3> start_angles_;    // the start pose within the limits, for a solve that cannot better it
  std::vector<glm::vec3> effector_ms_;     // goal points, current configuration
  std::vector<glm::vec3> trial_effector_ms_;
  std::vector<int> row_offset_;            // first residual row of each goal
  std::vector<char> far_;                  // per goal: far from its target at the start
  std::vector<double> sqrt_weight_;        // per goal: √weight, √orientation_weight, √pole_weight
  std::vector<double> sqrt_orientation_weight_;
  std::vector<double> sqrt_pole_weight_;
  std::vector<PoleResidual> poles_;        // per goal with a pole: its residual at the current configuration
  std::vector<ImageProjection> projections_;  // per projected goal: its point's projection, current configuration
  std::vector<JointAxes> axes_;
  std::vector<char> ancestor_;     // bones × goals: bone moves the goal's point
  std::vector<int> moving_bones_;  // bones that move some goal, parent-first
  std::vector<int> still_bones_;   // the others, parent-first
  std::vector<int> dofs_;          // active degrees of freedom (3·bone + slot; 3·bones + axis: the root offset)
  std::vector<double> compliance_; // per active dof: 1 / stiffness
  std::vector<float> dof_min_;     // per active dof: its limits (none for the root offset)
  std::vector<float> dof_max_;
  std::vector<int> row_begin_;     // per active dof: its column is zero outside
  std::vector<int> row_end_;       //   rows [row_begin_, row_end_)
  std::vector<int> span_goal_begin_;  // per active dof: the goals of those rows,
  std::vector<int> span_goal_end_;    //   [span_goal_begin_, span_goal_end_)
  std::vector<char> free_;         // per active dof: may move this step
  std::vector<double> jjt_;        // J K⁻¹ Jᵀ over the free columns (lower triangle)
  std::vector<double> pass_jjt_;   // the same less the columns clamped in this step
  std::vector<double> residual_;   // weighted (target − x), current
  std::vector<double> trial_residual_;
  std::vector<double> rhs_;        // residual left for the free dofs
  std::vector<double> solution_;   // (J K⁻¹ Jᵀ + μI)⁻¹ e
  std::vector<double> gradient_;   // Jᵀ e per active dof
  std::vector<double> step_;       // per active dof
  std::vector<double> predicted_;  // J · step
  std::vector<glm::vec3> points_ms_;  // geometric solvers: joint positions
  std::vector<float> branch_weight_;  // FABRIK: per bone, summed weight of the goals it moves
  std::vector<int> first_child_;      // FABRIK: per bone, first child that moves a goal (-1: none)
  std::vector<int> next_sibling_;     // FABRIK: per bone, next such child of the same parent
  std::vector<int> depth_first_;      // FABRIK: the bones that move goals, each before its subtree
  std::vector<int> subtree_begin_;    // FABRIK: per bone, its index in depth_first_
  std::vector<int> subtree_end_;      // FABRIK: per bone, one past its subtree in depth_first_
  std::vector<int> depth_;            // FABRIK: per bone that moves a goal, its depth below its root
  std::vector<glm::quat> rotations_ms_;  // FABRIK: per bone, its model rotation from the backward pass
  std::vector<glm::vec3> carried_ms_;    // FABRIK: per bone, its origin as the forward pass carries it
  std::vector<float> subtree_mass_;      // balance: per bone, the mass of its subtree
  std::vector<glm::vec3> subtree_moment_ms_;  // balance: per bone, Σ mass · centre over its subtree
  std::vector<int> floor_points_;        // floor: the point of each floor row, current configuration (-1: none)
  std::vector<int> trial_floor_points_;  //   and the trial one
  // The Jacobian solvers' factor buffers for a job without a DlsCache:
  // never kept from one solve to the next.
  DlsCache scratch_dls_;
};

struct IkJob {
  SolverKind kind = SolverKind::kDls;
  const Skeleton* skeleton = nullptr;
  Span<const Goal> goals;
  // Optional (the Jacobian solvers): keep the centre of mass over the
  // support polygon (kin/balance_goal.h), one more residual row after the
  // goals'. Null: no balance, the solve as without it.
  const BalanceGoal* balance = nullptr;
  // Optional (the Jacobian solvers): keep every bone's origin and tip at or
  // above the floor y = 0 (kin/floor_goal.h), kFloorRows more rows after the
  // rest. Every bone's joints then move, those that move no goal too (an arm
  // hanging onto the floor lifts itself). Null: the solve as without it.
  const FloorGoal* floor = nullptr;
  // Optional (the Jacobian solvers): pull the angles toward a prior pose
  // (kin/pose_prior.h), one row per active angle after all the rest; the
  // workspace (and the DLS cache) must be reserved with prior_rows. Null, or
  // weight 0: the solve as without it.
  const PosePrior* prior = nullptr;
  glm::vec3 root_offset_ms{0.0f};  // in: the start pose's root offset (model space)
  // Whole-body posing: the root offset is solved for too, as three more
  // unknowns without limits (solvers whose registry entry has
  // root_translation). Off: it stays as given.
  bool move_root = false;
  // Out, optional (required with move_root): the solution's root offset;
  // unchanged on invalid input.
  glm::vec3* out_root_offset_ms = nullptr;
  IkOptions options;
  Span<glm::vec3> angles;       // in: start pose; out: solution (unchanged on invalid input)
  Span<float> energy;           // optional: E per iteration (first entry: start)
  IkWorkspace* workspace = nullptr;
  // Optional: DLS's factorisation kept from the last solve through the same
  // cache (kin/ik/dls_cache.h), sized as the workspace; without one nothing is
  // kept. The cache's owner keeps it for one problem (one rig's drag).
  DlsCache* dls_cache = nullptr;
  // Optional: the bone-to-model matrices of `angles` and `root_offset_ms` as
  // given, exactly as ComputeModelMatrices makes them (the Rig keeps its
  // pose's). The solve then starts from them instead of a forward pass of its
  // own: a drag frame's start pose is the last frame's solution, evaluated.
  // Left unread when the limits move a start angle.
  Span<const glm::mat4> start_model_ms;
  // Optional, for teaching: records every iteration (kin/ik/ik_trace.h)
  // without changing the solve. Sized by its Reserve; what does not fit is
  // dropped (IkTrace::truncated).
  IkTrace* trace = nullptr;

  Status Validate() const;
  SolveReport Run() const;
};

}  // namespace kin
