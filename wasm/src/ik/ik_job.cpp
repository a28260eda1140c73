// IkJob: names, defaults, workspace sizing, the validation every solver
// shares, and the dispatch to the solver functions.
#include <cstring>

#include "../math_checks.h"
#include "kin/ik/ik_job.h"
#include "solvers.h"

namespace kin {
namespace {

constexpr const char* kNames[static_cast<int>(SolverKind::kCount)] = {
    "dls", "gauss-newton", "jacobian-transpose", "gradient-descent", "projected-gradient",
    "ccd", "fabrik", "two-bone", "look-at",
};

// Solvers whose energy includes orientation rows (the Jacobian family).
bool TakesOrientation(SolverKind kind) {
  return kind == SolverKind::kDls || kind == SolverKind::kGaussNewton || kind == SolverKind::kJacobianTranspose ||
         kind == SolverKind::kGradientDescent || kind == SolverKind::kProjectedGradient;
}

}  // namespace

Status ValidateIkOptions(const IkOptions& o) {
  if (o.max_iterations < 1 || o.max_iterations > 100000)
    return Status::Invalid("ik: max_iterations %d must be in [1, 100000]", o.max_iterations);
  if (!IsFinite(o.tolerance) || o.tolerance <= 0.0f)
    return Status::Invalid("ik: tolerance %g must be finite and > 0", o.tolerance);
  if (!IsFinite(o.damping) || o.damping <= 0.0f)
    return Status::Invalid("ik: damping %g must be finite and > 0", o.damping);
  if (o.max_escapes < 0 || o.max_escapes > 100)
    return Status::Invalid("ik: max_escapes %d must be in [0, 100]", o.max_escapes);
  if (!IsFinite(o.step) || o.step <= 0.0f) return Status::Invalid("ik: step %g must be finite and > 0", o.step);
  if (!IsFinite(o.soften) || o.soften < 0.0f || o.soften >= 1.0f)
    return Status::Invalid("ik: soften %g must be in [0, 1)", o.soften);
  if (!IsFinite(o.aim_axis_bs) || glm::length(o.aim_axis_bs) < 1e-6f)
    return Status::Invalid("ik: aim axis must be a finite non-zero vector");
  if (!IsFinite(o.up_axis_bs) || glm::length(glm::cross(o.aim_axis_bs, o.up_axis_bs)) < 1e-6f * glm::length(o.aim_axis_bs) * glm::length(o.up_axis_bs))
    return Status::Invalid("ik: up axis must be finite and not parallel to the aim axis");
  return Status::Ok();
}

const char* SolverKindName(SolverKind kind) {
  const int k = static_cast<int>(kind);
  return k >= 0 && k < static_cast<int>(SolverKind::kCount) ? kNames[k] : "???";
}

bool ParseSolverKind(const char* name, SolverKind* kind) {
  for (int k = 0; k < static_cast<int>(SolverKind::kCount); ++k) {
    if (std::strcmp(name, kNames[k]) == 0) {
      *kind = static_cast<SolverKind>(k);
      return true;
    }
  }
  return false;
}

IkOptions DefaultIkOptions() { return IkOptions(); }

void IkWorkspace::Reserve(int bone_count, int goal_count) {
  const std::size_t n = static_cast<std::size_t>(bone_count);
  const std::size_t g = static_cast<std::size_t>(goal_count);
  const std::size_t m = 6 * g;  // rows with every goal an orientation goal
  bone_capacity_ = bone_count;
  goal_capacity_ = goal_count;
  model_ms_.resize(n);
  trial_model_ms_.resize(n);
  trial_angles_.resize(n);
  best_angles_.resize(n);
  effector_ms_.resize(g);
  trial_effector_ms_.resize(g);
  row_offset_.resize(g);
  far_.resize(g);
  sqrt_weight_.resize(g);
  sqrt_orientation_weight_.resize(g);
  axes_.resize(n);
  ancestor_.resize(n * g);
  moving_bones_.resize(n);
  dofs_.resize(3 * n);
  compliance_.resize(3 * n);
  row_begin_.resize(3 * n);
  row_end_.resize(3 * n);
  span_goal_begin_.resize(3 * n);
  span_goal_end_.resize(3 * n);
  free_.resize(3 * n);
  step_free_.resize(3 * n);
  jacobian_.resize(3 * n * m);
  jjt_.resize(m * m);
  pass_jjt_.resize(m * m);
  normal_.resize(m * m);
  residual_.resize(m);
  trial_residual_.resize(m);
  rhs_.resize(m);
  solution_.resize(m);
  gradient_.resize(3 * n);
  step_.resize(3 * n);
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
  if (angles.size != static_cast<std::size_t>(n))
    return Status::Invalid("%s: %zu angle triples for %d bones", name, angles.size, n);
  for (int i = 0; i < n; ++i)
    if (!IsFinite(angles[i]))
      return Status::Invalid("%s: start angles of bone %d '%s' are not finite", name, i, skeleton->name(i).c_str());
  if (!IsFinite(root_offset_ms)) return Status::Invalid("%s: root offset is not finite", name);
  for (std::size_t g = 0; g < goals.size; ++g) {
    const Status status = ValidateGoal(*skeleton, goals[g], static_cast<int>(g));
    if (!status.ok()) return status;
    if (goals[g].has_orientation && !TakesOrientation(kind))
      return Status::Invalid("%s: goal %zu has an orientation, which only the Jacobian solvers (dls, gauss-newton, "
                             "jacobian-transpose, gradient-descent, projected-gradient) take", name, g);
    if (kind == SolverKind::kTwoBone && skeleton->parent(goals[g].bone) < 0)
      return Status::Invalid("%s: goal %zu is on bone %d '%s', which has no parent to bend with", name, g,
                             goals[g].bone, skeleton->name(goals[g].bone).c_str());
  }
  return ValidateIkOptions(options);
}

SolveReport IkJob::Run() const {
  SolveReport report;
  report.input = Validate();
  if (!report.input.ok()) return report;
  ik_internal::IkState state(*this);
  switch (kind) {
    case SolverKind::kDls: return ik_internal::SolveDls(state);
    case SolverKind::kGaussNewton: return ik_internal::SolveGaussNewton(state);
    case SolverKind::kJacobianTranspose: return ik_internal::SolveJacobianTranspose(state);
    case SolverKind::kGradientDescent: return ik_internal::SolveGradientDescent(state);
    case SolverKind::kProjectedGradient: return ik_internal::SolveProjectedGradient(state);
    case SolverKind::kCcd: return ik_internal::SolveCcd(state);
    case SolverKind::kFabrik: return ik_internal::SolveFabrik(state);
    case SolverKind::kTwoBone: return ik_internal::SolveTwoBone(state);
    case SolverKind::kLookAt: return ik_internal::SolveLookAt(state);
    case SolverKind::kCount: break;
  }
  return report;
}

}  // namespace kin
