#include "kin/ik/finite_difference.h"

#include <algorithm>
#include <cmath>

#include "ik_state.h"

namespace kin {

Status FiniteDifferenceJacobian(const IkJob& job, float h, Span<float> out, int* dof_count) {
  if (!(h > 0.0f) || !std::isfinite(h)) return Status::Invalid("finite-difference step %g is not a positive number", h);
  Status status = job.Validate();
  if (!status.ok()) return status;
  IkWorkspace& ws = *job.workspace;
  // The state projects its angles into the limits: give it a copy (in the
  // best-pose buffer, free outside a solve), so the job's pose is only read.
  std::copy(job.angles.begin(), job.angles.end(), ws.best_angles_.begin());
  IkJob at = job;
  at.angles = Span<glm::vec3>(ws.best_angles_.data(), job.angles.size);
  at.trace = nullptr;
  ik_internal::IkState s(at);
  const int goals = s.goal_count;
  if (out.size < static_cast<std::size_t>(3 * goals * s.dof_count))
    return Status::Invalid("finite differences need %d floats, got %zu", 3 * goals * s.dof_count, out.size);
  *dof_count = s.dof_count;
  Span<glm::vec3> angles(ws.trial_angles_.data(), job.angles.size);
  const Span<glm::mat4> model_ms(ws.trial_model_ms_.data(), ws.trial_model_ms_.size());
  const Span<glm::vec3> points_ms(ws.trial_effector_ms_.data(), ws.trial_effector_ms_.size());
  for (int c = 0; c < s.dof_count; ++c) {
    // The goal points with dof c moved by `delta`, into ws.effector_ms_ (side −) or the trial buffer (side +).
    const auto points_at = [&](float delta, Span<glm::vec3> into) {
      std::copy(at.angles.begin(), at.angles.end(), angles.begin());
      glm::vec3 root_ms = s.root_ms;
      (s.IsRoot(c) ? root_ms : angles[s.Bone(c)])[s.Slot(c)] += delta;
      s.Evaluate(angles, root_ms, model_ms, into, ws.trial_residual_.data(),
                 Span<int>(ws.trial_floor_points_.data(), ws.trial_floor_points_.size()));
    };
    points_at(-h, Span<glm::vec3>(ws.effector_ms_.data(), ws.effector_ms_.size()));
    points_at(h, points_ms);
    for (int g = 0; g < goals; ++g) {
      const glm::vec3 column = (points_ms[g] - ws.effector_ms_[g]) / (2.0f * h);
      for (int k = 0; k < 3; ++k) out[3 * (c * goals + g) + k] = column[k];
    }
  }
  return Status::Ok();
}

}  // namespace kin
