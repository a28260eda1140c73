// One job interface for every IK solver (ozz-style: a struct of spans with
// Validate() and Run(), owning no memory). All solvers read the same
// skeleton, pose and goals, write the new pose into `angles`, and return the
// same SolveReport; on invalid input they return kInvalidInput and leave
// `angles` untouched. Run() never allocates: scratch lives in IkWorkspace.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "kin/goal.h"
#include "kin/ik/solve_report.h"
#include "kin/jacobian.h"
#include "kin/skeleton.h"
#include "kin/span.h"

namespace kin {

enum class SolverKind : int {
  kDls = 0,             // damped least squares / Levenberg–Marquardt
  kGaussNewton,         // pseudo-inverse step with line search
  kJacobianTranspose,   // Jᵀe with the optimal step length
  kGradientDescent,     // fixed step, or backtracking line search
  kProjectedGradient,   // gradient descent projected onto the limits
  kCcd,                 // cyclic coordinate descent over the angles
  kFabrik,              // forward and backward reaching, multi-effector
  kTwoBone,             // analytic, law of cosines, with pole
  kLookAt,              // aim a bone axis at the target
  kCount
};

const char* SolverKindName(SolverKind kind);  // "dls", "gauss-newton", ...
inline bool IsValidSolverKind(SolverKind kind) {
  return static_cast<int>(kind) >= 0 && kind < SolverKind::kCount;
}
bool ParseSolverKind(const char* name, SolverKind* kind);

struct IkOptions {
  int max_iterations = 64;
  float tolerance = 1e-5f;        // converged when every goal is this close (model units)
  float damping = 1e-3f;          // DLS: τ in μ₀ = τ · max diag(J K⁻¹ Jᵀ)
  int max_escapes = 3;            // nudges out of limit traps and saddles (all iterative solvers)
  float step = 0.5f;              // gradient descent: fixed step, or the first step tried
  bool line_search = true;        // gradient descent / Gauss–Newton: backtrack until E decreases
  float soften = 0.0f;            // two-bone: start easing the reach at this fraction (0 = off)
  glm::vec3 aim_axis_bs{0.0f, 1.0f, 0.0f};  // look-at: the bone axis that points at the target
  glm::vec3 up_axis_bs{0.0f, 0.0f, 1.0f};   // look-at: the bone axis that turns toward the pole
};

IkOptions DefaultIkOptions();

// Checks every option; the message names the bad one.
Status ValidateIkOptions(const IkOptions& options);

// Scratch memory for every solver, sized once for a skeleton and goal count.
// Owned by the job while it runs; callers read only model_ms().
class IkWorkspace {
 public:
  void Reserve(int bone_count, int goal_count);
  // Bone-to-model matrices of the pose the last Run left in its angles (after
  // a Run that did not report invalid input): every solver ends with its
  // pose evaluated, so the caller needs no second forward pass.
  Span<const glm::mat4> model_ms() const { return Span<const glm::mat4>(model_ms_.data(), model_ms_.size()); }
  int bone_capacity() const { return bone_capacity_; }
  int goal_capacity() const { return goal_capacity_; }

  int bone_capacity_ = 0;
  int goal_capacity_ = 0;
  std::vector<glm::mat4> model_ms_;        // current configuration
  std::vector<glm::mat4> trial_model_ms_;  // configuration being tried
  std::vector<glm::vec3> trial_angles_;
  std::vector<glm::vec3> best_angles_;
  std::vector<glm::vec3> effector_ms_;     // goal points, current configuration
  std::vector<glm::vec3> trial_effector_ms_;
  std::vector<int> row_offset_;            // first residual row of each goal
  std::vector<char> far_;                  // per goal: far from its target at the start
  std::vector<double> sqrt_weight_;        // per goal: √weight, √orientation_weight
  std::vector<double> sqrt_orientation_weight_;
  std::vector<JointAxes> axes_;
  std::vector<char> ancestor_;     // bones × goals: bone moves the goal's point
  std::vector<int> moving_bones_;  // bones that move some goal, parent-first
  std::vector<int> dofs_;          // active degrees of freedom (3·bone + slot)
  std::vector<double> compliance_; // per active dof: 1 / stiffness
  std::vector<int> row_begin_;     // per active dof: its column is zero outside
  std::vector<int> row_end_;       //   rows [row_begin_, row_end_)
  std::vector<int> span_goal_begin_;  // per active dof: the goals of those rows,
  std::vector<int> span_goal_end_;    //   [span_goal_begin_, span_goal_end_)
  std::vector<char> free_;         // per active dof: may move this step
  std::vector<char> step_free_;    // per active dof: solved for in this pass
  std::vector<double> jacobian_;   // active dofs × rows, column-major, rows weighted
  std::vector<double> jjt_;        // J K⁻¹ Jᵀ over the free columns (lower triangle)
  std::vector<double> pass_jjt_;   // the same less the columns clamped in this step
  std::vector<double> normal_;     // a damped normal matrix, then its Cholesky factor
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
};

struct IkJob {
  SolverKind kind = SolverKind::kDls;
  const Skeleton* skeleton = nullptr;
  Span<const Goal> goals;
  glm::vec3 root_offset_ms{0.0f};
  IkOptions options;
  Span<glm::vec3> angles;       // in: start pose; out: solution (unchanged on invalid input)
  Span<float> energy;           // optional: E per iteration (first entry: start)
  IkWorkspace* workspace = nullptr;

  Status Validate() const;
  SolveReport Run() const;
};

}  // namespace kin
