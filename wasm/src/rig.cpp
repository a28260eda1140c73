#include "kin/rig.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "kin/euler.h"
#include "kin/forward.h"
#include "kin/forward_generic.h"
#include "kin/limits.h"
#include "math_checks.h"

namespace kin {

Status Rig::RequireLoaded() const {
  return loaded() ? Status::Ok() : Status::Invalid("no skeleton loaded");
}

Status Rig::Load(Span<const BoneDef> bones) {
  Skeleton skeleton;
  const Status status = Skeleton::Build(bones, &skeleton);
  if (!status.ok()) return status;
  skeleton_ = std::move(skeleton);
  const std::size_t n = static_cast<std::size_t>(skeleton_.bone_count());
  angles_.assign(n, glm::vec3(0.0f));
  for (std::size_t i = 0; i < n; ++i)  // zero may lie outside a limit
    angles_[i] = ProjectJointLimits(skeleton_, static_cast<int>(i), angles_[i]);
  root_offset_ms_ = glm::vec3(0.0f);
  staged_angles_.assign(n, glm::vec3(0.0f));
  set_angles_ = angles_;
  goals_.clear();
  goals_.reserve(kMaxGoals);
  prior_angles_.clear();  // a prior is of the skeleton it was set for
  pose_prior_ = PosePrior();
  model_ms_.assign(n, glm::mat4(1.0f));
  pose_model_ms_.assign(n, glm::mat4(1.0f));
  palette_.assign(n, glm::mat4(1.0f));
  tips_ms_.assign(n, glm::vec3(0.0f));
  energy_.assign(kMaxSolveIterations + 1, 0.0f);
  workspace_.Reserve(static_cast<int>(n), 0);
  dls_cache_.Reserve(static_cast<int>(n), 0);
  LoadBalance();
  ++generation_;
  Refresh();
  return Status::Ok();
}

Status Rig::Projected(int bone, const glm::vec3& angles, glm::vec3* out) const {
  const glm::vec3 projected = ProjectJointLimits(skeleton_, bone, angles);
  // Never stored unless finite: a NaN angle would refuse every later solve.
  if (!IsFinite(projected))
    return Status::Invalid("angles of bone %d '%s' are not finite within its limits", bone, skeleton_.name(bone).c_str());
  *out = projected;
  return Status::Ok();
}

Status Rig::SetAngles(int bone, const glm::vec3& angles) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (bone < 0 || bone >= bone_count())
    return Status::Invalid("bone index %d is out of range [0, %d)", bone, bone_count());
  if (!IsFinite(angles)) return Status::Invalid("angles of bone %d '%s' are not finite", bone, skeleton_.name(bone).c_str());
  status = Projected(bone, angles, &angles_[bone]);
  if (!status.ok()) return status;
  SetByHand();
  Refresh();
  return Status::Ok();
}

Status Rig::AnglesForModelRotation(int bone, const glm::quat& rotation_ms, glm::vec3* angles) const {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (bone < 0 || bone >= bone_count())
    return Status::Invalid("bone index %d is out of range [0, %d)", bone, bone_count());
  const float norm = glm::length(glm::vec4(rotation_ms.x, rotation_ms.y, rotation_ms.z, rotation_ms.w));
  if (!std::isfinite(norm) || norm < 1e-6f)
    return Status::Invalid("rotation of bone %d '%s' is not a finite, non-zero quaternion", bone, skeleton_.name(bone).c_str());
  const int parent = skeleton_.parent(bone);
  glm::quat parent_ms(1.0f, 0, 0, 0);
  if (parent >= 0) {
    const glm::mat3 m(model_ms_[parent]);
    parent_ms = glm::quat_cast(glm::mat3(glm::normalize(m[0]), glm::normalize(m[1]), glm::normalize(m[2])));
  }
  const glm::quat& frame = skeleton_.frame(bone);
  const glm::quat joint_fs = glm::inverse(parent_ms * skeleton_.rest_q(bone) * frame) * (rotation_ms / norm) * frame;
  const glm::vec3 euler = EulerFromRotation(skeleton_.order(bone), glm::normalize(joint_fs), angles_[bone]);
  *angles = ProjectJointLimits(skeleton_, bone, euler);
  return Status::Ok();
}

Status Rig::SetPose(Span<const float> angles, const glm::vec3& root_offset_ms) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  const std::size_t n = static_cast<std::size_t>(bone_count());
  if (angles.size != 3 * n)
    return Status::Invalid("pose has %zu angles, expected %zu (3 per bone)", angles.size, 3 * n);
  for (std::size_t i = 0; i < angles.size; ++i)
    if (!std::isfinite(angles[i]))
      return Status::Invalid("pose angle %zu (bone %zu '%s') is not finite", i, i / 3, skeleton_.name(static_cast<int>(i / 3)).c_str());
  status = CheckPosition("root offset", root_offset_ms);
  if (!status.ok()) return status;
  // Staged, so that a refused pose leaves the rig's as it was.
  for (std::size_t i = 0; i < n; ++i) {
    const int b = static_cast<int>(i);
    status = Projected(b, glm::vec3(angles[3 * i], angles[3 * i + 1], angles[3 * i + 2]), &staged_angles_[i]);
    if (!status.ok()) return status;
  }
  std::copy(staged_angles_.begin(), staged_angles_.end(), angles_.begin());
  SetByHand();
  root_offset_ms_ = root_offset_ms;
  Refresh();
  return Status::Ok();
}

Status Rig::SetRootOffset(const glm::vec3& root_offset_ms) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  status = CheckPosition("root offset", root_offset_ms);
  if (!status.ok()) return status;
  root_offset_ms_ = root_offset_ms;
  Refresh();
  return Status::Ok();
}

Status Rig::SetGoals(Span<const Goal> goals) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  // Counted first: the workspace grows with the square of the goal count.
  status = ValidateGoalCount(goals.size);
  if (!status.ok()) return status;
  for (std::size_t g = 0; g < goals.size; ++g) {
    status = ValidateGoal(skeleton_, goals[g], static_cast<int>(g));
    if (!status.ok()) return status;
  }
  // Grown before the goals change (goals_ has room for kMaxGoals since Load).
  const int count = static_cast<int>(goals.size);
  if (workspace_.goal_capacity() < count) {
    workspace_.Reserve(bone_count(), count, workspace_.prior_capacity());
    dls_cache_.Reserve(bone_count(), count, workspace_.prior_capacity());
  }
  goals_.assign(goals.begin(), goals.end());
  RefreshBalance();  // the goals tell which feet are planted
  return Status::Ok();
}

Status Rig::SetGoalTarget(int goal, const glm::vec3& target_ms) {
  if (goal < 0 || goal >= goal_count())
    return Status::Invalid("goal index %d is out of range [0, %d)", goal, goal_count());
  if (!IsValidPosition(target_ms)) {
    char what[48];
    std::snprintf(what, sizeof(what), "target of goal %d", goal);
    return CheckPosition(what, target_ms);
  }
  goals_[goal].target_ms = target_ms;
  return Status::Ok();
}

Status Rig::SetGoalPole(int goal, const glm::vec3& pole_ms) {
  if (goal < 0 || goal >= goal_count())
    return Status::Invalid("goal index %d is out of range [0, %d)", goal, goal_count());
  if (!goals_[goal].has_pole) return Status::Invalid("goal %d has no pole to move", goal);
  if (!IsValidPosition(pole_ms)) {
    char what[48];
    std::snprintf(what, sizeof(what), "pole of goal %d", goal);
    return CheckPosition(what, pole_ms);
  }
  goals_[goal].pole_ms = pole_ms;
  return Status::Ok();
}

Status Rig::SetSolver(SolverKind kind, const IkOptions& options) {
  if (!IsValidSolverKind(kind)) return Status::Invalid("solver %d is not one of the %d solvers", static_cast<int>(kind), static_cast<int>(SolverKind::kCount));
  Status status = ValidateIkOptions(options);
  if (!status.ok()) return status;
  if (options.max_iterations > kMaxSolveIterations)
    return Status::Invalid("max iterations %d is more than %d", options.max_iterations, kMaxSolveIterations);
  if (move_root_ && !GetSolverInfo(kind).root_translation)
    return SolverCannot(kind, &SolverInfo::root_translation, "move the root, which is on",
                        " (turn moving the root off first)");
  if (keep_balance_ && !GetSolverInfo(kind).balance)
    return SolverCannot(kind, &SolverInfo::balance, "keep balance, which is on", " (turn keeping balance off first)");
  if (keep_above_floor_ && !GetSolverInfo(kind).floor)
    return SolverCannot(kind, &SolverInfo::floor, "keep above the floor, which is on",
                        " (turn keeping above the floor off first)");
  if (has_pose_prior() && !GetSolverInfo(kind).prior)
    return SolverCannot(kind, &SolverInfo::prior, "pull toward a pose prior, which is on",
                        " (turn the pose prior off first)");
  solver_ = kind;
  options_ = options;
  return Status::Ok();
}

Status Rig::SetPosePrior(Span<const float> angles, float weight) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  const std::size_t n = static_cast<std::size_t>(bone_count());
  if (angles.size != 3 * n) return Status::Invalid("pose prior: %zu angles for %zu bones (3 each)", angles.size, n);
  if (weight > 0.0f && !GetSolverInfo(solver_).prior)
    return SolverCannot(solver_, &SolverInfo::prior, "pull toward a pose prior", "");
  // Staged, so that a refused prior leaves the one there was.
  for (std::size_t i = 0; i < n; ++i) staged_angles_[i] = glm::vec3(angles[3 * i], angles[3 * i + 1], angles[3 * i + 2]);
  PosePrior staged;
  staged.angles = Span<const glm::vec3>(staged_angles_.data(), n);
  staged.weight = weight;
  status = ValidatePosePrior(skeleton_, staged);
  if (!status.ok()) return status;
  if (weight > 0.0f && !workspace_.prior_capacity()) {
    workspace_.Reserve(bone_count(), workspace_.goal_capacity(), true);
    dls_cache_.Reserve(bone_count(), dls_cache_.goal_capacity(), true);
  }
  prior_angles_.assign(staged_angles_.begin(), staged_angles_.end());
  pose_prior_.angles = Span<const glm::vec3>(prior_angles_.data(), prior_angles_.size());
  pose_prior_.weight = weight;
  return Status::Ok();
}

Status Rig::SetMoveRoot(bool move_root) {
  if (move_root && !GetSolverInfo(solver_).root_translation)
    return SolverCannot(solver_, &SolverInfo::root_translation, "move the root", "");
  move_root_ = move_root;
  return Status::Ok();
}

Status Rig::SetKeepAboveFloor(bool keep_above_floor) {
  if (keep_above_floor && !GetSolverInfo(solver_).floor)
    return SolverCannot(solver_, &SolverInfo::floor, "keep above the floor", "");
  keep_above_floor_ = keep_above_floor;
  return Status::Ok();
}

Status SolverCannot(SolverKind kind, bool SolverInfo::*feature, const char* what, const char* then) {
  char those[128];
  SolverNamesWith(feature, those, sizeof(those));
  return Status::Invalid("%s cannot %s; only %s can%s", SolverKindName(kind), what, those, then);
}

IkJob Rig::MakeIkJob() {
  IkJob job = JobOver(Span<glm::vec3>(angles_.data(), angles_.size()), &workspace_);
  job.out_root_offset_ms = &root_offset_ms_;  // read into the job before the solve, written after it
  job.energy = Span<float>(energy_.data(), energy_.size());
  job.dls_cache = &dls_cache_;
  // Every change of the pose or the rest refreshes pose_model_ms_: the solve
  // need not place the start pose again.
  job.start_model_ms = Span<const glm::mat4>(pose_model_ms_.data(), pose_model_ms_.size());
  // The polygon of the pose the solve starts from: the planted feet are held there by their goals.
  if (keep_balance_ && support_count_ > 0) {
    balance_goal_.masses = Span<const SegmentMass>(masses_.data(), masses_.size());
    balance_goal_.support_xz = support_polygon();
    job.balance = &balance_goal_;
  }
  return job;
}

IkJob Rig::JobOver(Span<glm::vec3> angles, IkWorkspace* workspace) const {
  IkJob job;
  job.kind = solver_;
  job.skeleton = &skeleton_;
  job.goals = Span<const Goal>(goals_.data(), goals_.size());
  job.root_offset_ms = root_offset_ms_;
  job.move_root = move_root_;
  if (keep_above_floor_) job.floor = &floor_goal_;
  if (has_pose_prior()) job.prior = &pose_prior_;
  job.options = options_;
  job.angles = angles;
  job.workspace = workspace;
  return job;
}

SolveReport Rig::Solve(IkTrace* trace) {
  SolveReport report;
  report.input = RequireLoaded();
  if (!report.input.ok()) return report;
  IkJob job = MakeIkJob();
  job.trace = trace;
  skeleton_.LimitIkTurns(set_angles_, angles_);
  report = job.Run();
  skeleton_.ResetLimits();  // posing by hand has the whole range
  if (report.status == SolveStatus::kInvalidInput) return report;
  // The solve's forward pass is the pose's. One loop for both copies:
  // Emscripten's memcpy would hand each whole copy to JavaScript.
  const Span<const glm::mat4> solved_ms = workspace_.model_ms();
  for (int i = 0; i < skeleton_.bone_count(); ++i) model_ms_[i] = pose_model_ms_[i] = solved_ms[i];
  RefreshFromModel();
  return report;
}

Status Rig::SetIkFrom(Span<const float> angles) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  const std::size_t n = static_cast<std::size_t>(bone_count());
  if (angles.size != 3 * n) return Status::Invalid("IK's pose has %zu angles, expected %zu (3 per bone)", angles.size, 3 * n);
  for (std::size_t i = 0; i < angles.size; ++i)
    if (!std::isfinite(angles[i])) return Status::Invalid("IK's pose angle %zu is not finite", i);
  for (std::size_t i = 0; i < n; ++i) set_angles_[i] = glm::vec3(angles[3 * i], angles[3 * i + 1], angles[3 * i + 2]);
  return Status::Ok();
}

Status Rig::CheckPoseSize(Span<const glm::vec3> values, const char* what) const {
  if (values.size != static_cast<std::size_t>(bone_count()))
    return Status::Invalid("%s: %zu values for %d bones (one per bone)", what, values.size, bone_count());
  return Status::Ok();
}

Status Rig::SetSampledPose(Span<const glm::vec3> angles, const glm::vec3& root_offset_ms,
                           Span<const glm::vec3> translations, Span<const glm::vec3> scales) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  status = CheckPoseSize(angles, "sampled angles");
  if (!status.ok()) return status;
  const bool animated = translations.size != 0 || scales.size != 0;
  if (animated) {
    status = CheckPoseSize(translations, "sampled translations");
    if (status.ok()) status = CheckPoseSize(scales, "sampled scales");
    if (!status.ok()) return status;
  }
  status = CheckPosition("root offset", root_offset_ms);
  if (!status.ok()) return status;
  for (int i = 0; i < bone_count(); ++i) {
    status = Projected(i, angles[i], &staged_angles_[i]);
    if (!status.ok()) return status;
  }
  std::copy(staged_angles_.begin(), staged_angles_.end(), angles_.begin());
  SetByHand();
  root_offset_ms_ = root_offset_ms;
  if (animated) skeleton_.SetAnimatedRest(translations, scales);
  Refresh();
  return Status::Ok();
}

void Rig::ResetRest() {
  if (!loaded()) return;
  skeleton_.ResetRest();
  Refresh();
}

Status Rig::SetRestScales(Span<const float> scales) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  const std::size_t n = static_cast<std::size_t>(bone_count());
  if (scales.size != 3 * n) return Status::Invalid("%zu rest scale components, expected %zu (3 per bone)", scales.size, 3 * n);
  std::vector<glm::vec3> per_bone(n);
  for (std::size_t i = 0; i < n; ++i) per_bone[i] = glm::vec3(scales[3 * i], scales[3 * i + 1], scales[3 * i + 2]);
  status = skeleton_.SetBuiltRestScales(Span<const glm::vec3>(per_bone.data(), n));
  if (!status.ok()) return status;
  Refresh();
  return Status::Ok();
}

Span<glm::mat4> Rig::BeginModelEdit() {
  std::copy(pose_model_ms_.begin(), pose_model_ms_.end(), model_ms_.begin());
  return Span<glm::mat4>(model_ms_.data(), model_ms_.size());
}

void Rig::EndModelEdit() { RefreshFromModel(); }

void Rig::RefreshPose() {
  if (loaded()) Refresh();
}

void Rig::SetByHand() { std::copy(angles_.begin(), angles_.end(), set_angles_.begin()); }

void Rig::Refresh() {
  // Every pose the rig holds was validated on the way in: no second check.
  ComputeModelMatricesT<float>(skeleton_, angles_, root_offset_ms_, model_ms_);
  std::copy(model_ms_.begin(), model_ms_.end(), pose_model_ms_.begin());
  RefreshFromModel();
}

void Rig::RefreshFromModel() {
  BoneTips(skeleton_, model_ms_, tips_ms_);
  SkinningPalette(skeleton_, model_ms_, palette_);
  RefreshBalance();
}

}  // namespace kin
