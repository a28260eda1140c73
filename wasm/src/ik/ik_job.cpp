// IkJob: workspace sizing, the validation every solver shares, and the
// dispatch to the solver functions (both read the solver registry).
#include <cstdio>

#include "../math_checks.h"
#include "goal_reach.h"
#include "kin/ik/ik_job.h"
#include "solvers.h"

namespace kin {

void IkWorkspace::Reserve(int bone_count, int goal_count, bool prior_rows) {
  const std::size_t n = static_cast<std::size_t>(bone_count);
  const std::size_t g = static_cast<std::size_t>(goal_count);
  const std::size_t m = MaxResidualRows(g, prior_rows ? n : 0);
  const std::size_t d = 3 * n + 3;  // every slot, and the root offset
  bone_capacity_ = bone_count;
  goal_capacity_ = goal_count;
  prior_capacity_ = prior_rows;
  model_ms_.resize(n);
  trial_model_ms_.resize(n);
  trial_angles_.resize(n);
  best_angles_.resize(n);
  start_angles_.resize(n);
  effector_ms_.resize(g);
  trial_effector_ms_.resize(g);
  row_offset_.resize(g);
  far_.resize(g);
  sqrt_weight_.resize(g);
  sqrt_orientation_weight_.resize(g);
  sqrt_pole_weight_.resize(g);
  poles_.resize(g);
  projections_.resize(g);
  axes_.resize(n);
  ancestor_.resize(n * g);
  moving_bones_.resize(n);
  still_bones_.resize(n);
  dofs_.resize(d);
  compliance_.resize(d);
  dof_min_.resize(d);
  dof_max_.resize(d);
  row_begin_.resize(d);
  row_end_.resize(d);
  span_goal_begin_.resize(d);
  span_goal_end_.resize(d);
  free_.resize(d);
  jjt_.resize(m * m);
  pass_jjt_.resize(m * m);
  residual_.resize(m);
  trial_residual_.resize(m);
  rhs_.resize(m);
  solution_.resize(m);
  gradient_.resize(d);
  step_.resize(d);
  predicted_.resize(m);
  points_ms_.resize(n);
  branch_weight_.resize(n);
  first_child_.resize(n);
  next_sibling_.resize(n);
  depth_first_.resize(n);
  subtree_begin_.resize(n);
  subtree_end_.resize(n);
  depth_.resize(n);
  rotations_ms_.resize(n);
  carried_ms_.resize(n);
  subtree_mass_.resize(n);
  subtree_moment_ms_.resize(n);
  floor_points_.resize(kFloorRows);
  trial_floor_points_.resize(kFloorRows);
  scratch_dls_.Reserve(bone_count, goal_count, prior_rows);
}

void DlsCache::Reserve(int bone_count, int goal_count, bool prior_rows) {
  const std::size_t n = static_cast<std::size_t>(bone_count);
  const std::size_t m = MaxResidualRows(static_cast<std::size_t>(goal_count), prior_rows ? n : 0);
  const std::size_t d = 3 * n + 3;
  bone_capacity_ = bone_count;
  goal_capacity_ = goal_count;
  prior_capacity_ = prior_rows;
  kept_ = false;
  jacobian_.resize(d * m);
  normal_.resize(m * m);
  step_free_.resize(d);
  dofs_.resize(d);
  row_begin_.resize(d);
  row_end_.resize(d);
  compliance_.resize(d);
  model_ms_.resize(n);
}

Status IkJob::Validate() const {
  if (!IsValidSolverKind(kind)) return Status::Invalid("ik: solver %d is not one of the %d solvers", static_cast<int>(kind), static_cast<int>(SolverKind::kCount));
  const char* name = SolverKindName(kind);
  if (skeleton == nullptr) return Status::Invalid("%s: no skeleton", name);
  const int n = skeleton->bone_count();
  if (workspace == nullptr) return Status::Invalid("%s: no workspace", name);
  if (goals.size == 0) return Status::Invalid("%s: no goals to solve for", name);
  if (workspace->bone_capacity() < n || workspace->goal_capacity() < static_cast<int>(goals.size))
    return Status::Invalid("%s: workspace sized for %d bones / %d goals, need %d / %zu", name,
                           workspace->bone_capacity(), workspace->goal_capacity(), n, goals.size);
  if (dls_cache && (dls_cache->bone_capacity() < n || dls_cache->goal_capacity() < static_cast<int>(goals.size)))
    return Status::Invalid("%s: DLS cache sized for %d bones / %d goals, need %d / %zu", name, dls_cache->bone_capacity(),
                           dls_cache->goal_capacity(), n, goals.size);
  if (trace && (trace->bone_capacity() < n || trace->goal_capacity() < static_cast<int>(goals.size)))
    return Status::Invalid("%s: trace sized for %d bones / %d goals, need %d / %zu", name, trace->bone_capacity(),
                           trace->goal_capacity(), n, goals.size);
  if (angles.size != static_cast<std::size_t>(n))
    return Status::Invalid("%s: %zu angle triples for %d bones", name, angles.size, n);
  if (start_model_ms.size != 0 && start_model_ms.size != static_cast<std::size_t>(n))
    return Status::Invalid("%s: %zu start model matrices for %d bones", name, start_model_ms.size, n);
  for (int i = 0; i < n; ++i)
    if (!IsFinite(angles[i]))
      return Status::Invalid("%s: start angles of bone %d '%s' are not finite", name, i, skeleton->name(i).c_str());
  if (!IsValidPosition(root_offset_ms)) {
    char what[48];
    std::snprintf(what, sizeof(what), "%s: root offset", name);
    return CheckPosition(what, root_offset_ms);
  }
  const SolverInfo& info = GetSolverInfo(kind);
  if (move_root) {
    char movers[128];
    SolverNamesWith(&SolverInfo::root_translation, movers, sizeof(movers));
    if (!info.root_translation) return Status::Invalid("%s cannot move the root; only %s can", name, movers);
    if (out_root_offset_ms == nullptr) return Status::Invalid("%s: move_root needs out_root_offset_ms", name);
  }
  for (std::size_t g = 0; g < goals.size; ++g) {
    const Status status = ValidateGoal(*skeleton, goals[g], static_cast<int>(g));
    if (!status.ok()) return status;
    char takers[128];
    if (goals[g].has_orientation && !info.orientation) {
      SolverNamesWith(&SolverInfo::orientation, takers, sizeof(takers));
      return Status::Invalid("%s: goal %zu has an orientation, which only %s take", name, g, takers);
    }
    if (goals[g].has_projection && !info.projection) {
      SolverNamesWith(&SolverInfo::projection, takers, sizeof(takers));
      return Status::Invalid("%s: goal %zu is in image space (a projection), which only %s take", name, g, takers);
    }
    if (goals[g].has_pole && !info.poles) {
      SolverNamesWith(&SolverInfo::poles, takers, sizeof(takers));
      return Status::Invalid("%s: goal %zu has a pole, which only %s take", name, g, takers);
    }
    if (goals[g].has_pole && ik_internal::IsLeastSquares(kind) && skeleton->parent(PoleMiddleBone(goals[g])) < 0)
      return Status::Invalid("%s: goal %zu has a pole, but its bone %d '%s' has no parent: the pole bends the joint "
                             "at the bone's origin", name, g, PoleMiddleBone(goals[g]),
                             skeleton->name(PoleMiddleBone(goals[g])).c_str());
    if (kind == SolverKind::kTwoBone && skeleton->parent(goals[g].bone) < 0)
      return Status::Invalid("%s: goal %zu is on bone %d '%s', which has no parent to bend with", name, g,
                             goals[g].bone, skeleton->name(goals[g].bone).c_str());
  }
  if (balance) {
    if (!info.balance) {
      char takers[128];
      SolverNamesWith(&SolverInfo::balance, takers, sizeof(takers));
      return Status::Invalid("%s cannot keep balance; only %s can", name, takers);
    }
    const Status status = ValidateBalanceGoal(*skeleton, *balance);
    if (!status.ok()) return status;
  }
  if (floor) {
    if (!info.floor) {
      char takers[128];
      SolverNamesWith(&SolverInfo::floor, takers, sizeof(takers));
      return Status::Invalid("%s cannot keep above the floor; only %s can", name, takers);
    }
    const Status status = ValidateFloorGoal(*floor);
    if (!status.ok()) return status;
  }
  if (prior) {
    if (!info.prior) {
      char takers[128];
      SolverNamesWith(&SolverInfo::prior, takers, sizeof(takers));
      return Status::Invalid("%s cannot pull toward a pose prior; only %s can", name, takers);
    }
    const Status status = ValidatePosePrior(*skeleton, *prior);
    if (!status.ok()) return status;
    if (!workspace->prior_capacity() || (dls_cache && !dls_cache->prior_capacity()))
      return Status::Invalid("%s: the workspace has no room for the pose prior's rows (Reserve with prior_rows)", name);
  }
  return ValidateIkOptions(options);
}

SolveReport IkJob::Run() const {
  SolveReport report;
  report.input = Validate();
  if (!report.input.ok()) return report;
  ik_internal::IkState state(*this);
  if (trace) trace->Begin(state);
  report = ik_internal::GetSolveFunction(kind)(state);
  const bool missed = report.status != SolveStatus::kConverged && report.status != SolveStatus::kInvalidInput;
  if (missed && kind != SolverKind::kLookAt) ik_internal::FindShortfall(*this, &report);
  state.CompleteModel();
  state.KeepModel();
  if (out_root_offset_ms) *out_root_offset_ms = state.root_ms;
  return report;
}

}  // namespace kin
