// What DLS keeps from one solve to the next (ozz's SamplingCache habit): the
// factorisation a converged solve ends with, so that a drag's next frame,
// which starts from the pose this one left, begins with chord steps on it
// and builds a Jacobian only when they fall short (wasm/src/ik/dls.cpp).
// Owned by its user (the Rig keeps one) and passed to the job
// (IkJob::dls_cache); a job without one keeps nothing. Any solve through the
// cache uses it up or replaces it; Invalidate() drops it by hand.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "kin/ik/solver_registry.h"

namespace kin {

class DlsCache {
 public:
  // Sized as the workspace is (IkWorkspace::Reserve); drops what was kept.
  void Reserve(int bone_count, int goal_count, bool prior_rows = false);
  void Invalidate() { kept_ = false; }
  // Whether the next solve may start from the kept factorisation (if its
  // start pose, rows and columns are the ones it was made for).
  bool kept() const { return kept_; }
  // Solves since its Jacobian was built.
  int age() const { return age_; }
  int bone_capacity() const { return bone_capacity_; }
  int goal_capacity() const { return goal_capacity_; }
  bool prior_capacity() const { return prior_capacity_; }

  // The solver's own (wasm/src/ik/ik_state.cpp): the factor lives in the
  // buffers the Jacobian solvers work in, so that keeping it copies nothing.
  int bone_capacity_ = 0;
  int goal_capacity_ = 0;
  bool prior_capacity_ = false;
  bool kept_ = false;
  std::vector<double> jacobian_;  // active dofs × rows, column-major, rows weighted
  std::vector<double> normal_;    // a damped normal matrix, then its Cholesky factor
  std::vector<char> step_free_;   // per active dof: solved for in this pass
  // What the kept factor was made for: the solver and its option τ, rows,
  // columns and their compliance, and the pose the solve left (its moving
  // bones' model matrices), which the next solve must start from.
  SolverKind kind_ = SolverKind::kDls;
  float damping_ = 0.0f;
  int rows_ = 0;
  int dof_count_ = 0;
  std::vector<int> dofs_;
  std::vector<int> row_begin_;
  std::vector<int> row_end_;
  std::vector<double> compliance_;
  std::vector<glm::mat4> model_ms_;
  // The damping to go on with and its floor, and the Jacobian's age.
  double mu_ = 0.0;
  double mu_floor_ = 0.0;
  int age_ = 0;
};

}  // namespace kin
