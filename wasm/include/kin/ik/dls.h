// Damped least squares / Levenberg–Marquardt over all goals at once:
//   Δθ = K⁻¹ Jᵀ (J K⁻¹ Jᵀ + μ I)⁻¹ e   (rows weighted by √w)
// with K the bones' stiffness (the step minimises |e − JΔθ|² + μ ΔθᵀKΔθ,
// so stiff joints such as a spine turn less than limbs) and μ adapted from
// the gain ratio (Nielsen's rule). Limits hold by an
// active set: an angle on a limit that the gradient pushes outward is frozen
// for the step, and an angle whose step would cross a limit is moved onto it
// while the others are solved again, so the step stays a descent step and
// the solver does not stall against limits. A straight limb on a hinge limit
// is a stationary point that first-order methods cannot leave; when the
// solver stops at one short of the targets, it nudges the active angles off
// it (deterministically, at most kMaxEscapes times) and keeps the best pose.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "kin/goal.h"
#include "kin/ik/solve_report.h"
#include "kin/jacobian.h"
#include "kin/skeleton.h"
#include "kin/span.h"

namespace kin {

struct DlsOptions {
  int max_iterations = 64;
  float tolerance = 1e-5f;    // converged when every goal is this close (model units)
  float initial_damping = 1e-3f;  // τ: μ₀ = τ · max diag(J Jᵀ)
};

DlsOptions DefaultDlsOptions();

// Scratch memory for DlsJob, sized once for a skeleton and a goal count.
class DlsWorkspace {
 public:
  void Reserve(int bone_count, int goal_count);
  int bone_capacity() const { return bone_capacity_; }
  int goal_capacity() const { return goal_capacity_; }

  // Scratch, owned by the job while it runs; callers never read it.
  int bone_capacity_ = 0;
  int goal_capacity_ = 0;
  std::vector<glm::mat4> model_ms_;        // current configuration
  std::vector<glm::mat4> trial_model_ms_;  // configuration being tried
  std::vector<glm::vec3> trial_angles_;
  std::vector<glm::vec3> effector_ms_;     // goal points, current configuration
  std::vector<glm::vec3> trial_effector_ms_;
  std::vector<JointAxes> axes_;
  std::vector<char> ancestor_;     // bones × goals: bone moves the goal's point
  std::vector<int> dofs_;          // active degrees of freedom (3·bone + slot)
  std::vector<char> free_;         // per active dof: may move this step
  std::vector<double> jacobian_;   // active dofs × rows, column-major, rows weighted by √w
  std::vector<double> jjt_;        // J K⁻¹ Jᵀ over the free columns (lower triangle)
  std::vector<double> pass_jjt_;   // the same less the columns clamped in this step
  std::vector<double> normal_;     // J Jᵀ + μI, then its Cholesky factor
  std::vector<double> residual_;   // √w · (target − x), current
  std::vector<double> trial_residual_;
  std::vector<double> solution_;   // (J Jᵀ + μI)⁻¹ e
  std::vector<double> gradient_;   // Jᵀ e per active dof
  std::vector<double> predicted_;  // J · step
  std::vector<double> rhs_;        // residual left for the free dofs
  std::vector<double> step_;       // per active dof
  std::vector<double> compliance_; // per active dof: 1 / stiffness
  std::vector<char> step_free_;    // per active dof: solved for in this pass
  std::vector<glm::vec3> best_angles_;
};

constexpr int kMaxEscapes = 3;

struct DlsJob {
  const Skeleton* skeleton = nullptr;
  Span<const Goal> goals;
  glm::vec3 root_offset_ms{0.0f};
  DlsOptions options;
  Span<glm::vec3> angles;       // in: start pose; out: solution (unchanged on invalid input)
  Span<float> energy;           // optional: E per iteration (first entry: start)
  DlsWorkspace* workspace = nullptr;

  Status Validate() const;
  SolveReport Run() const;
};

}  // namespace kin
