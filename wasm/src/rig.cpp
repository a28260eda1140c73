#include "kin/rig.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kin/animation/sampling_job.h"
#include "kin/capsule_weights.h"
#include "kin/euler.h"
#include "kin/forward.h"
#include "kin/forward_generic.h"
#include "kin/ik/finite_difference.h"
#include "kin/limits.h"
#include "kin/skinning.h"
#include "math_checks.h"

namespace kin {

const char* SkinningMethodName(SkinningMethod method) {
  switch (method) {
    case SkinningMethod::kLinear: return "lbs";
    case SkinningMethod::kDualQuaternion: return "dqs";
    case SkinningMethod::kCount: break;
  }
  return "???";
}

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
  mirror_status_ = BuildMirrorMap(skeleton_, &mirror_map_);
  goals_.clear();
  goals_.reserve(kMaxGoals);
  model_ms_.assign(n, glm::mat4(1.0f));
  pose_model_ms_.assign(n, glm::mat4(1.0f));
  palette_.assign(n, glm::mat4(1.0f));
  tips_ms_.assign(n, glm::vec3(0.0f));
  energy_.assign(kMaxSolveIterations + 1, 0.0f);
  workspace_.Reserve(static_cast<int>(n), 0);
  dqs_palette_.assign(kDqsFloatsPerBone * n, 0.0f);
  skin_positions_.clear();
  skin_normals_.clear();
  skin_joints_.clear();
  skin_weights_.clear();
  skinned_positions_.clear();
  skinned_normals_.clear();
  bind_origins_ms_.resize(n);
  for (std::size_t i = 0; i < n; ++i) bind_origins_ms_[i] = glm::vec3(skeleton_.bind_ms(static_cast<int>(i))[3]);
  bind_tips_ms_.resize(n);
  BoneTips(skeleton_, skeleton_.bind_pose(), bind_tips_ms_);
  has_clip_ = false;
  clip_ = Clip();
  rest_animated_ = false;
  springs_ = SpringSystem();
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

Status Rig::Mirror(MirrorMode mode) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (!mirror_status_.ok()) return mirror_status_;
  MirrorPoseJob job;
  job.skeleton = &skeleton_;
  job.map = &mirror_map_;
  job.mode = mode;
  job.angles = Span<const glm::vec3>(angles_.data(), angles_.size());
  job.root_offset_ms = root_offset_ms_;
  job.out_angles = Span<glm::vec3>(staged_angles_.data(), staged_angles_.size());
  job.out_root_offset_ms = &root_offset_ms_;
  status = job.Run();
  if (!status.ok()) return status;
  // Copied, not swapped: the page holds views over angles_ (see pose_data()).
  std::copy(staged_angles_.begin(), staged_angles_.end(), angles_.begin());
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
  if (workspace_.goal_capacity() < count) workspace_.Reserve(bone_count(), count);
  goals_.assign(goals.begin(), goals.end());
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
  if (move_root_ && !GetSolverInfo(kind).root_translation) {
    char movers[128];
    SolverNamesWith(&SolverInfo::root_translation, movers, sizeof(movers));
    return Status::Invalid("%s cannot move the root, which is on; only %s can (turn moving the root off first)",
                           SolverKindName(kind), movers);
  }
  solver_ = kind;
  options_ = options;
  return Status::Ok();
}

Status Rig::SetMoveRoot(bool move_root) {
  if (move_root && !GetSolverInfo(solver_).root_translation) {
    char movers[128];
    SolverNamesWith(&SolverInfo::root_translation, movers, sizeof(movers));
    return Status::Invalid("%s cannot move the root; only %s can", SolverKindName(solver_), movers);
  }
  move_root_ = move_root;
  return Status::Ok();
}

IkJob Rig::MakeIkJob() {
  IkJob job;
  job.kind = solver_;
  job.skeleton = &skeleton_;
  job.goals = Span<const Goal>(goals_.data(), goals_.size());
  job.root_offset_ms = root_offset_ms_;
  job.move_root = move_root_;
  job.out_root_offset_ms = &root_offset_ms_;  // read into the job before the solve, written after it
  job.options = options_;
  job.angles = Span<glm::vec3>(angles_.data(), angles_.size());
  job.energy = Span<float>(energy_.data(), energy_.size());
  job.workspace = &workspace_;
  // Every change of the pose or the rest refreshes pose_model_ms_: the solve
  // need not place the start pose again.
  job.start_model_ms = Span<const glm::mat4>(pose_model_ms_.data(), pose_model_ms_.size());
  return job;
}

SolveReport Rig::Solve() { return SolveWith(nullptr); }

SolveReport Rig::TraceSolve(IkTrace& trace) { return SolveWith(&trace); }

SolveReport Rig::SolveWith(IkTrace* trace) {
  SolveReport report;
  report.input = RequireLoaded();
  if (!report.input.ok()) return report;
  IkJob job = MakeIkJob();
  job.trace = trace;
  report = job.Run();
  if (report.status == SolveStatus::kInvalidInput) return report;
  // The solve's forward pass is the pose's. One loop for both copies:
  // Emscripten's memcpy would hand each whole copy to JavaScript.
  const Span<const glm::mat4> solved_ms = workspace_.model_ms();
  for (int i = 0; i < skeleton_.bone_count(); ++i) model_ms_[i] = pose_model_ms_[i] = solved_ms[i];
  RefreshFromModel();
  return report;
}

Status Rig::FiniteDifferenceJacobian(float h, Span<float> out, int* dof_count) {
  const Status loaded = RequireLoaded();
  if (!loaded.ok()) return loaded;
  return kin::FiniteDifferenceJacobian(MakeIkJob(), h, out, dof_count);
}

namespace {

// A skinning job over one mesh's buffers.
// LbsJob and DqsJob take the same inputs and outputs (DQS adds its scratch palette).
template <typename SkinJob>
SkinJob MakeSkinJob(Span<const glm::mat4> palette, const std::vector<glm::vec3>& positions,
                    const std::vector<glm::vec3>& normals, int influences, const std::vector<std::uint16_t>& joints,
                    const std::vector<float>& weights, std::vector<glm::vec3>& out_positions,
                    std::vector<glm::vec3>& out_normals) {
  SkinJob job;
  job.palette = palette;
  job.positions_ms = positions;
  job.normals_ms = normals;
  job.influences = influences;
  job.joints = joints;
  job.weights = weights;
  job.out_positions_ms = out_positions;
  job.out_normals_ms = out_normals;
  return job;
}

}  // namespace

Status Rig::SetSkin(Span<const float> positions, Span<const float> normals, Span<const std::uint16_t> joints,
                    Span<const float> weights) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (positions.size % 3 != 0) return Status::Invalid("skin positions: %zu numbers is not 3 per vertex", positions.size);
  const std::size_t v = positions.size / 3;
  status = ValidateSkinVertexCount(static_cast<double>(v));
  if (!status.ok()) return status;
  if (normals.size != 0 && normals.size != 3 * v)
    return Status::Invalid("skin normals: %zu numbers for %zu vertices (need 3 each)", normals.size, v);
  // Positions within the coordinate range, normals no longer than it: with the
  // skeleton's bounds, every skinned vertex and normal of every pose is finite.
  for (std::size_t i = 0; i < positions.size; ++i)
    if (!(std::fabs(positions[i]) <= kMaxCoordinate))
      return Status::Invalid("skin position of vertex %zu is %g, not within ±%g m", i / 3, static_cast<double>(positions[i]),
                             static_cast<double>(kMaxCoordinate));
  for (std::size_t i = 0; i < normals.size; ++i)
    if (!(std::fabs(normals[i]) <= kMaxCoordinate))
      return Status::Invalid("skin normal of vertex %zu is %g, not within ±%g", i / 3, static_cast<double>(normals[i]),
                             static_cast<double>(kMaxCoordinate));
  std::vector<glm::vec3> p(v), n(normals.size ? v : 0), out_p(v), out_n(normals.size ? v : 0);
  for (std::size_t i = 0; i < v; ++i) p[i] = glm::vec3(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  for (std::size_t i = 0; i < n.size(); ++i) n[i] = glm::vec3(normals[3 * i], normals[3 * i + 1], normals[3 * i + 2]);
  // 4 or 8 influences per vertex, told by the number of joints.
  const int influences = joints.size == kMaxInfluences * v && v != 0 ? kMaxInfluences : kMinInfluences;
  std::vector<std::uint16_t> j(joints.begin(), joints.end());
  std::vector<float> w(weights.begin(), weights.end());
  // Joints and weights are checked once here, so that Skin() can run every frame.
  status = MakeSkinJob<LbsJob>(palette(), p, n, influences, j, w, out_p, out_n).Validate();
  if (!status.ok()) return status;
  skin_influences_ = influences;
  skin_positions_ = std::move(p);
  skin_normals_ = std::move(n);
  skin_joints_ = std::move(j);
  skin_weights_ = std::move(w);
  skinned_positions_ = std::move(out_p);
  skinned_normals_ = std::move(out_n);
  return Status::Ok();
}

Status Rig::SetCapsuleWeights(Span<const float> radii) {
  const Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (skin_positions_.empty()) return Status::Invalid("capsule weights: the rig has no skin (setSkin first)");
  if (radii.size != static_cast<std::size_t>(bone_count()))
    return Status::Invalid("capsule weights: %zu radii for %d bones (one per bone)", radii.size, bone_count());
  CapsuleWeightsJob job;
  job.origins_ms = bind_origins_ms_;
  job.ends_ms = bind_tips_ms_;
  job.radii = radii;
  job.positions_ms = skin_positions_;
  job.influences = skin_influences_;
  job.out_joints = skin_joints_;
  job.out_weights = skin_weights_;
  // Run validates everything before it writes: on bad input the skin stays.
  return job.Run();
}

Status Rig::Skin(SkinningMethod method) {
  switch (method) {
    case SkinningMethod::kLinear:
      return MakeSkinJob<LbsJob>(palette(), skin_positions_, skin_normals_, skin_influences_, skin_joints_,
                                 skin_weights_, skinned_positions_, skinned_normals_)
          .Run();
    case SkinningMethod::kDualQuaternion: {
      DqsJob job = MakeSkinJob<DqsJob>(palette(), skin_positions_, skin_normals_, skin_influences_, skin_joints_,
                                       skin_weights_, skinned_positions_, skinned_normals_);
      job.scratch_bones = dqs_palette_;
      return job.Run();
    }
    case SkinningMethod::kCount:
      break;
  }
  return Status::Invalid("skinning method %d is not one of the %d methods", static_cast<int>(method),
                         static_cast<int>(SkinningMethod::kCount));
}

Status Rig::PackDqsPalette() {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  return kin::PackDqsPalette(palette(), dqs_palette_);
}

Status Rig::SetClip(const ClipDef& def) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  Clip clip;
  status = Clip::Build(skeleton_, def, &clip);
  if (!status.ok()) return status;
  clip_ = std::move(clip);
  has_clip_ = true;
  const std::size_t n = static_cast<std::size_t>(bone_count());
  sampled_t_.assign(n, glm::vec3(0.0f));
  sampled_s_.assign(n, glm::vec3(1.0f));
  ghost_angles_.assign(n, glm::vec3(0.0f));
  ghost_t_.assign(n, glm::vec3(0.0f));
  ghost_s_.assign(n, glm::vec3(1.0f));
  ghost_model_ms_.assign(n, glm::mat4(1.0f));
  ghost_tips_ms_.assign(n, glm::vec3(0.0f));
  ghost_palette_.assign(n, glm::mat4(1.0f));
  channel_samples_.assign(4 * static_cast<std::size_t>(kMaxChannelSamples), 0.0f);
  skeleton_.ResetRest();
  rest_animated_ = false;
  Refresh();
  return Status::Ok();
}

void Rig::ClearClip() {
  has_clip_ = false;
  clip_ = Clip();
  if (!loaded()) return;
  skeleton_.ResetRest();
  rest_animated_ = false;
  Refresh();
}

namespace {

// The sampling job over one set of output buffers.
SamplingJob MakeSamplingJob(const Skeleton& skeleton, const Clip& clip, float time, LoopMode loop,
                            std::vector<glm::vec3>& angles, glm::vec3* root_offset_ms, std::vector<glm::vec3>& translations,
                            std::vector<glm::vec3>& scales) {
  SamplingJob job;
  job.skeleton = &skeleton;
  job.clip = &clip;
  job.time = time;
  job.loop = loop;
  job.angles = angles;
  job.root_offset_ms = root_offset_ms;
  job.translations = translations;
  job.scales = scales;
  return job;
}

}  // namespace

Status Rig::SampleClip(float time, LoopMode loop) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (!has_clip_) return Status::Invalid("no clip set (setClip first)");
  status = MakeSamplingJob(skeleton_, clip_, time, loop, angles_, &root_offset_ms_, sampled_t_, sampled_s_).Run();
  if (!status.ok()) return status;
  if (clip_.animates_rest()) {
    skeleton_.SetAnimatedRest(sampled_t_, sampled_s_);
    rest_animated_ = true;
  }
  for (int i = 0; i < bone_count(); ++i) angles_[i] = ProjectJointLimits(skeleton_, i, angles_[i]);
  Refresh();
  return Status::Ok();
}

Status Rig::SampleChannel(int channel, float t0, float t1, int count) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (!has_clip_) return Status::Invalid("no clip set (setClip first)");
  if (channel < 0 || channel >= clip_.channel_count())
    return Status::Invalid("channel %d is out of range [0, %d)", channel, clip_.channel_count());
  if (!std::isfinite(t0) || !std::isfinite(t1)) return Status::Invalid("sample times %g to %g are not finite", t0, t1);
  if (count < 1 || count > kMaxChannelSamples)
    return Status::Invalid("sample count %d is outside [1, %d]", count, kMaxChannelSamples);
  const int size = ChannelValueSize(clip_.channel(channel).target);
  const float step = count > 1 ? (t1 - t0) / static_cast<float>(count - 1) : 0.0f;
  for (int i = 0; i < count; ++i) {
    // The last sample at t1 exactly, whatever the rounding of the steps.
    const float t = i == count - 1 && count > 1 ? t1 : t0 + step * static_cast<float>(i);
    kin::SampleChannel(clip_, channel, t, &channel_samples_[static_cast<std::size_t>(size) * i]);
  }
  return Status::Ok();
}

Status Rig::SampleGhost(float time, LoopMode loop) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (!has_clip_) return Status::Invalid("no clip set (setClip first)");
  glm::vec3 root_offset_ms(0.0f);
  status = MakeSamplingJob(skeleton_, clip_, time, loop, ghost_angles_, &root_offset_ms, ghost_t_, ghost_s_).Run();
  if (!status.ok()) return status;
  for (int i = 0; i < bone_count(); ++i) ghost_angles_[i] = ProjectJointLimits(skeleton_, i, ghost_angles_[i]);
  // The ghost's rest for its FK, then the rig's own back.
  if (clip_.animates_rest()) skeleton_.SetAnimatedRest(ghost_t_, ghost_s_);
  ComputeModelMatricesT<float>(skeleton_, ghost_angles_, root_offset_ms, ghost_model_ms_);
  if (clip_.animates_rest()) {
    if (rest_animated_) {
      skeleton_.SetAnimatedRest(sampled_t_, sampled_s_);
    } else {
      skeleton_.ResetRest();
    }
  }
  BoneTips(skeleton_, ghost_model_ms_, ghost_tips_ms_);
  SkinningPalette(skeleton_, ghost_model_ms_, ghost_palette_);
  return Status::Ok();
}

Status Rig::SetSpringChains(Span<const SpringChainDef> defs) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  SpringSystem springs;
  status = SpringSystem::Build(skeleton_, defs, &springs);
  if (!status.ok()) return status;
  springs_ = std::move(springs);
  Refresh();
  springs_.Reset(model_ms());
  return Status::Ok();
}

Status Rig::SetSpringEnabled(int chain, bool on) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  return springs_.SetEnabled(chain, on);
}

Status Rig::ResetSprings() {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  Refresh();
  springs_.Reset(model_ms());
  return Status::Ok();
}

Status Rig::StepSprings(float dt_s) {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  status = SpringSystem::ValidateStep(dt_s);
  if (!status.ok()) return status;
  // The buffers may hold the last step's chains: drive from the pose itself.
  std::copy(pose_model_ms_.begin(), pose_model_ms_.end(), model_ms_.begin());
  status = springs_.Step(dt_s, Span<glm::mat4>(model_ms_.data(), model_ms_.size()));
  RefreshFromModel();
  return status;
}

Status Rig::PoseRotation(int bone, glm::quat* rotation) const {
  Status status = RequireLoaded();
  if (!status.ok()) return status;
  if (bone < 0 || bone >= bone_count())
    return Status::Invalid("bone index %d is out of range [0, %d)", bone, bone_count());
  *rotation = EulerRotation(skeleton_.order(bone), angles_[bone]);
  return Status::Ok();
}

void Rig::Refresh() {
  // Every pose the rig holds was validated on the way in: no second check.
  ComputeModelMatricesT<float>(skeleton_, angles_, root_offset_ms_, model_ms_);
  std::copy(model_ms_.begin(), model_ms_.end(), pose_model_ms_.begin());
  RefreshFromModel();
}

void Rig::RefreshFromModel() {
  BoneTips(skeleton_, model_ms_, tips_ms_);
  SkinningPalette(skeleton_, model_ms_, palette_);
}

}  // namespace kin
