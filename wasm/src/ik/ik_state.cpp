// IkState's setup (residual rows, the bones that move each goal, the active
// dofs and their limits, the start pose clamped into them) and the factor it
// keeps in the job's DlsCache for the next solve's chord steps.
#include "ik_state.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "kin/limits.h"

namespace kin {
namespace ik_internal {
namespace {

// How reluctantly the root offset moves: as a joint of the first root's
// stiffness does when it swings a point at the skeleton's size. A translation
// by that size then costs in DLS's damping what a turn of one radian of that
// joint does, whatever the model's units.
double RootCompliance(const Skeleton& sk) {
  const double size = sk.bind_size();
  return size * size / sk.stiffness(0);
}

}  // namespace

IkState::IkState(const IkJob& job_)
    : job(job_), sk(*job_.skeleton), ws(*job_.workspace),
      dc(job_.dls_cache != nullptr ? *job_.dls_cache : job_.workspace->scratch_dls_), n(sk.bone_count()),
      goal_count(static_cast<int>(job_.goals.size)), pole_rows(IsLeastSquares(job_.kind)), root_ms(job_.root_offset_ms), trial_root_ms(job_.root_offset_ms),
      best_root_ms(job_.root_offset_ms) {
  for (int g = 0; g < goal_count; ++g) {
    ws.row_offset_[g] = m;
    m += Rows(job.goals[g]);
    ws.sqrt_weight_[g] = std::sqrt(static_cast<double>(job.goals[g].weight));
    ws.sqrt_orientation_weight_[g] = std::sqrt(static_cast<double>(job.goals[g].orientation_weight));
    ws.sqrt_pole_weight_[g] = std::sqrt(static_cast<double>(job.goals[g].pole_weight));
  }
  if (job.balance) {
    balance_row = m;
    m += kBalanceRows;
    SubtreeMasses(sk, job.balance->masses, Span<float>(ws.subtree_mass_.data(), static_cast<std::size_t>(n)));
  }
  if (job.floor) {
    floor_row = m;
    m += kFloorRows;
  }
  std::fill(ws.ancestor_.begin(), ws.ancestor_.begin() + n * goal_count, 0);
  for (int g = 0; g < goal_count; ++g)
    for (int j = job.goals[g].bone; j >= 0; j = sk.parent(j)) ws.ancestor_[j * goal_count + g] = 1;
  for (int j = 0; j < n; ++j) {
    int goal_begin = goal_count, goal_end = 0;  // the goals the bone moves (none: goal_end 0)
    for (int g = 0; g < goal_count; ++g) {
      if (!Moves(j, g)) continue;
      goal_begin = std::min(goal_begin, g);
      goal_end = g + 1;
    }
    const bool balance = MovesBalance(j);
    const bool floor = floor_row >= 0;  // every bone's tip is a floor point
    if (goal_end == 0 && !balance && !floor) {
      ws.still_bones_[still_count_++] = j;
      continue;
    }
    ws.moving_bones_[moving_count++] = j;
    // The balance and floor rows come last: a bone that moves them spans
    // every row after its first goal's (BuildJacobian zeroes the goals and
    // the balance it does not move).
    const int row_begin = goal_end > 0 ? ws.row_offset_[goal_begin] : balance ? balance_row : floor_row;
    const int row_end = balance || floor ? m : ws.row_offset_[goal_end - 1] + Rows(job.goals[goal_end - 1]);
    if ((balance || floor) && goal_end > 0) goal_end = goal_count;
    for (int k = 0; k < 3; ++k) {
      if (sk.min_angle(j)[k] >= sk.max_angle(j)[k]) continue;  // a locked slot
      ws.compliance_[dof_count] = 1.0 / sk.stiffness(j);
      ws.dof_min_[dof_count] = sk.min_angle(j)[k];
      ws.dof_max_[dof_count] = sk.max_angle(j)[k];
      ws.row_begin_[dof_count] = row_begin;
      ws.row_end_[dof_count] = row_end;
      ws.span_goal_begin_[dof_count] = goal_begin;
      ws.span_goal_end_[dof_count] = goal_end;
      ws.dofs_[dof_count++] = 3 * j + k;
    }
  }
  angle_dof_count = dof_count;
  if (job.prior && job.prior->weight > 0.0f) {
    // One row per angle dof, after every other row: each angle column spans
    // to the end, and so every goal from its first (BuildJacobian zeroes
    // those it does not move).
    prior_row = m;
    m += angle_dof_count;
    for (int c = 0; c < angle_dof_count; ++c) {
      ws.row_end_[c] = m;
      if (ws.span_goal_end_[c] > 0) ws.span_goal_end_[c] = goal_count;
    }
  }
  if (job.move_root) {
    const double compliance = RootCompliance(sk);
    for (int k = 0; k < 3; ++k) {
      ws.compliance_[dof_count] = compliance;
      ws.dof_min_[dof_count] = -kNoLimit;
      ws.dof_max_[dof_count] = kNoLimit;
      ws.row_begin_[dof_count] = 0;
      ws.row_end_[dof_count] = m;
      ws.span_goal_begin_[dof_count] = 0;
      ws.span_goal_end_[dof_count] = goal_count;
      ws.dofs_[dof_count++] = 3 * n + k;
    }
  }
  bool projected_as_given = true;
  for (int j = 0; j < n; ++j) {
    const glm::vec3 projected = ProjectJointLimits(sk, j, job.angles[j]);
    projected_as_given = projected_as_given && std::memcmp(&projected, &job.angles[j], sizeof(glm::vec3)) == 0;
    job.angles[j] = projected;
  }
  start_model_given_ = job.start_model_ms.size == static_cast<std::size_t>(n) && projected_as_given;
  std::copy(job.angles.begin(), job.angles.end(), ws.start_angles_.begin());
  // Read before EvaluateInput overwrites ws.model_ms_; any solve uses up the kept factor.
  factor_from_last_solve_ = job.trace == nullptr && job.dls_cache != nullptr && KeptFactorFits();
  factor_unclamped_ = factor_from_last_solve_;
  dc.kept_ = false;
}

bool IkState::KeptFactorFits() const {
  if (!dc.kept_ || !start_model_given_ || dc.kind_ != job.kind || dc.damping_ != job.options.damping || dc.rows_ != m ||
      dc.dof_count_ != dof_count)
    return false;
  for (int c = 0; c < dof_count; ++c)
    if (dc.dofs_[c] != ws.dofs_[c] || dc.row_begin_[c] != ws.row_begin_[c] || dc.row_end_[c] != ws.row_end_[c] ||
        dc.compliance_[c] != ws.compliance_[c])
      return false;
  for (int i = 0; i < moving_count; ++i) {
    const int j = ws.moving_bones_[i];
    if (std::memcmp(&dc.model_ms_[j], &job.start_model_ms[j], sizeof(glm::mat4)) != 0) return false;
  }
  return true;
}

void IkState::KeepFactor(double mu, double mu_floor, int age) {
  // Nothing to keep for a job without a cache of its own.
  dc.kept_ = factor_unclamped_ && job.dls_cache != nullptr;
  if (!dc.kept_) return;
  dc.mu_ = mu;
  dc.mu_floor_ = mu_floor;
  dc.age_ = age;
  dc.kind_ = job.kind;
  dc.damping_ = job.options.damping;
  dc.rows_ = m;
  dc.dof_count_ = dof_count;
  for (int c = 0; c < dof_count; ++c) {
    dc.dofs_[c] = ws.dofs_[c];
    dc.row_begin_[c] = ws.row_begin_[c];
    dc.row_end_[c] = ws.row_end_[c];
    dc.compliance_[c] = ws.compliance_[c];
  }
}

void IkState::KeepModel() {
  if (!dc.kept_) return;
  // The pose this solve left, as the caller's next start_model_ms will hold
  // it (its moving bones: the fit reads no others).
  for (int i = 0; i < moving_count; ++i) dc.model_ms_[ws.moving_bones_[i]] = ws.model_ms_[ws.moving_bones_[i]];
}

}  // namespace ik_internal
}  // namespace kin
