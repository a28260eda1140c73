#include "kin/rig_teaching.h"

#include "kin/ik/finite_difference.h"

namespace kin {

SolveReport TraceSolve(Rig& rig, int max_trials, IkTrace* trace) {
  SolveReport report;
  if (!rig.loaded()) {
    report.input = Status::Invalid("no skeleton loaded");
    return report;
  }
  if (max_trials < 0) {
    report.input = Status::Invalid("max trials %d is negative", max_trials);
    return report;
  }
  trace->Reserve(rig.bone_count(), rig.goal_count(), rig.solver_options().max_iterations, max_trials);
  return rig.Solve(trace);
}

Status FiniteDifferenceJacobian(const Rig& rig, float h, std::vector<float>* out, int* dof_count) {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  // A copy of the pose and a workspace of its own: the rig's stay as they are.
  std::vector<glm::vec3> angles(rig.pose().begin(), rig.pose().end());
  IkWorkspace workspace;
  workspace.Reserve(rig.bone_count(), rig.goal_count(), rig.has_pose_prior());
  out->assign(3 * static_cast<std::size_t>(rig.goal_count()) * (3 * rig.bone_count() + 3), 0.0f);
  IkJob job = rig.JobOver(angles, &workspace);
  glm::vec3 root_offset_ms = rig.root_offset();  // written by no one: the job only evaluates
  job.out_root_offset_ms = &root_offset_ms;
  const Status status = kin::FiniteDifferenceJacobian(job, h, Span<float>(out->data(), out->size()), dof_count);
  if (status.ok()) out->resize(3 * static_cast<std::size_t>(rig.goal_count()) * *dof_count);
  return status;
}

}  // namespace kin
