// The Rig: one object that owns a skeleton, its pose, its goals, the solve
// and the buffers every pose change refreshes (model matrices, tips,
// skinning palette, energy history), so that a drag frame is one call with
// no allocation. Features on top of it are their own objects over a Rig, as
// ozz keeps its jobs apart: CPU skinning (kin/rig_skin.h), clip sampling
// (kin/clip_sampler.h), springs (kin/rig_springs.h), teaching
// (kin/rig_teaching.h) and mirroring (kin/rig_mirror.h). Core code, plain
// C++: the Embind layer (wasm/bindings/) only converts JavaScript values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "kin/body_mass.h"
#include "kin/goal.h"
#include "kin/pose_prior.h"
#include "kin/ik/dls_cache.h"
#include "kin/ik/ik_job.h"
#include "kin/ik/ik_trace.h"
#include "kin/ik/solve_report.h"
#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

class Rig {
 public:
  // Replaces the skeleton (pose reset to zero angles, goals cleared). On
  // failure the previous rig is kept and the status names the bad bone.
  Status Load(Span<const BoneDef> bones);
  bool loaded() const { return skeleton_.bone_count() > 0; }
  const Skeleton& skeleton() const { return skeleton_; }
  int bone_count() const { return skeleton_.bone_count(); }

  // Pose. Angles are per bone by Euler slot (radians); they are projected
  // into the joint limits, as every pose the rig holds respects them.
  Status SetAngles(int bone, const glm::vec3& angles);
  Status SetPose(Span<const float> angles, const glm::vec3& root_offset_ms);
  Status SetRootOffset(const glm::vec3& root_offset_ms);
  const glm::vec3& angles(int bone) const { return angles_[bone]; }
  const glm::vec3& root_offset() const { return root_offset_ms_; }
  Span<const glm::vec3> pose() const { return Span<const glm::vec3>(angles_.data(), angles_.size()); }

  // For rotation gizmos: the angles (by slot) that give `bone` the model-space
  // rotation `rotation_ms` (of its bone-to-model matrix), its parents posed as
  // they are: E = (R_parent · R(rest_q) · F)⁻¹ · rotation_ms · F as Euler
  // angles nearest the bone's current ones, projected into its limits. The
  // pose is not changed. Scale is left out (R_parent is the parent's matrix
  // with normalized columns), which is exact for uniform scales.
  Status AnglesForModelRotation(int bone, const glm::quat& rotation_ms, glm::vec3* angles) const;

  // Goals: at most kMaxGoals (kin/goal.h); a refused set leaves the goals
  // as they were.
  Status SetGoals(Span<const Goal> goals);
  Status SetGoalTarget(int goal, const glm::vec3& target_ms);
  // Moves the pole of a goal that has one (a pole handle's drag).
  Status SetGoalPole(int goal, const glm::vec3& pole_ms);
  int goal_count() const { return static_cast<int>(goals_.size()); }
  const Goal& goal(int i) const { return goals_[i]; }

  // The solver and its options for Solve() (default: DLS, default options).
  // While the root moves (SetMoveRoot), only a solver that can move it is
  // taken; the error names the ones that can.
  Status SetSolver(SolverKind kind, const IkOptions& options);
  SolverKind solver() const { return solver_; }
  const IkOptions& solver_options() const { return options_; }

  // Whole-body posing: Solve() moves the root offset too (IkJob::move_root),
  // e.g. when a goal pulls on the hips. Off by default. Turning it on under a
  // solver that cannot move the root (the registry's root_translation) is
  // refused, naming the solvers that can.
  Status SetMoveRoot(bool move_root);
  bool move_root() const { return move_root_; }

  // Keep balance (wasm/src/rig_balance.cpp): Solve() holds the centre of
  // mass over the support polygon of the planted feet (IkJob::balance). A
  // foot (bone role foot_l or foot_r) is planted when a goal holds it or a
  // bone below it (the toes) and its toe is on the floor (y = 0, within
  // kPlantedHeight of the skeleton's size); its sole is the heel (below the
  // ankle) and the toe tip, each widened by a foot's width to either side.
  // With no foot planted nothing is held. Off by default; refused, as moving
  // the root is, under a solver that cannot keep balance.
  Status SetKeepBalance(bool keep_balance);
  bool keep_balance() const { return keep_balance_; }
  // Keep above the floor: Solve() keeps every bone's joint origin and tip at
  // or above the floor y = 0 of model space (IkJob::floor, kin/floor_goal.h),
  // every bone's joints free to lift it. Off by default; refused, as moving
  // the root is, under a solver that cannot.
  Status SetKeepAboveFloor(bool keep_above_floor);
  bool keep_above_floor() const { return keep_above_floor_; }
  // A pose prior for Solve() (IkJob::prior, kin/pose_prior.h): the angles
  // (3 per bone, radians) are pulled toward `angles` with `weight` (≥ 0; 0
  // turns the prior off). Refused, as moving the root is, under a solver
  // that cannot take it; the first prior makes room for its rows in the
  // workspace.
  Status SetPosePrior(Span<const float> angles, float weight);
  bool has_pose_prior() const { return pose_prior_.weight > 0.0f; }
  float pose_prior_weight() const { return pose_prior_.weight; }
  // The model-space centre of mass of the current pose (kin/body_mass.h).
  glm::vec3 CenterOfMass() const;
  // The support polygon of the current pose and goals, (x, z) counter-
  // clockwise (kin/support_polygon.h); empty with no foot planted.
  Span<const glm::vec2> support_polygon() const {
    return Span<const glm::vec2>(support_xz_.data(), static_cast<std::size_t>(support_count_));
  }
  // For the page: the centre of mass (3 floats), then the support polygon's
  // vertices as (x, z) pairs, refreshed with every pose change and solve.
  const float* balance_data() const { return balance_.data(); }
  int balance_float_count() const { return 3 + 2 * support_count_; }

  // Runs the solver from the current pose (and root offset) and refreshes the
  // buffers; with SetMoveRoot(true) the root offset is solved for too. Each
  // joint turns at most its IK range (BoneDef::ik_range) from the pose last
  // set (not solved): a drag's frames all start from one such pose.
  // `trace` (optional, teaching: kin/rig_teaching.h) records every iteration
  // without changing the solve; the caller owns and sizes it, so that the rig
  // keeps no memory for a teaching feature.
  SolveReport Solve(IkTrace* trace = nullptr);
  // The pose IK's ranges lie about: the pose as last set, unless SetIkFrom
  // says otherwise (a solve worker's rig, whose pose is set for every
  // request, solves about the page's). Refused, changing nothing, unless 3
  // finite angles per bone.
  Span<const glm::vec3> ik_from() const { return Span<const glm::vec3>(set_angles_.data(), set_angles_.size()); }
  const float* ik_from_data() const { return reinterpret_cast<const float*>(set_angles_.data()); }
  Status SetIkFrom(Span<const float> angles);
  // The IK job of the current goals and solver settings over the caller's
  // angles (start: a copy of pose()) and workspace, without the rig's
  // kept factorisation: what the teaching jobs evaluate the solve with
  // (kin/rig_teaching.h).
  IkJob JobOver(Span<glm::vec3> angles, IkWorkspace* workspace) const;
  // The DLS factorisation kept from one solve to the next (a drag's next
  // frame starts from it); the rig owns it as its only user.
  const DlsCache& dls_cache() const { return dls_cache_; }

  // Bumped by every Load: objects built for one skeleton (a skin, a clip,
  // spring chains) refuse a rig loaded again since.
  std::uint32_t generation() const { return generation_; }

  // For the clip sampler (kin/clip_sampler.h): the sampled pose, projected
  // into the limits, with the animated translations and scales (empty spans:
  // the rest as built) into the skeleton (Skeleton::SetAnimatedRest), then
  // FK, tips and palette. Allocation-free; refused, changing nothing, on
  // sizes other than the bone count.
  Status SetSampledPose(Span<const glm::vec3> angles, const glm::vec3& root_offset_ms,
                        Span<const glm::vec3> translations, Span<const glm::vec3> scales);
  // Every bone back to its rest translation and scale as built, then FK.
  void ResetRest();
  // Proportions: 3 rest scale components per bone (Skeleton::
  // SetBuiltRestScales), then FK; the angles, root offset and goals stay
  // (the segment masses are fractions of the body's, placed along the bones
  // in bone space: they scale with them). Refused, changing nothing, on a wrong count or a
  // component out of range.
  Status SetRestScales(Span<const float> scales);
  // For the springs (kin/rig_springs.h): the model matrices set to the pose's
  // (pose_model_ms()) for the caller to change, then tips and palette from
  // them by EndModelEdit(); the angles are not touched. Allocation-free.
  Span<glm::mat4> BeginModelEdit();
  void EndModelEdit();
  // Model matrices, tips and palette from the pose alone (what the springs
  // added is dropped).
  void RefreshPose();
  // Spring-free buffers: the bone-to-model matrices of the pose alone,
  // model_ms() without what the springs added (what an export writes).
  const float* pose_model_data() const { return reinterpret_cast<const float*>(pose_model_ms_.data()); }

  // Buffers, refreshed by every pose change and solve.
  const float* model_data() const { return reinterpret_cast<const float*>(model_ms_.data()); }
  const float* palette_data() const { return reinterpret_cast<const float*>(palette_.data()); }
  const float* tips_data() const { return reinterpret_cast<const float*>(tips_ms_.data()); }
  const float* pose_data() const { return reinterpret_cast<const float*>(angles_.data()); }
  const float* energy_data() const { return energy_.data(); }
  int energy_capacity() const { return static_cast<int>(energy_.size()); }
  Span<const glm::mat4> model_ms() const { return Span<const glm::mat4>(model_ms_.data(), model_ms_.size()); }
  Span<const glm::mat4> palette() const { return Span<const glm::mat4>(palette_.data(), palette_.size()); }
  Span<const glm::mat4> pose_model_ms() const { return Span<const glm::mat4>(pose_model_ms_.data(), pose_model_ms_.size()); }
  // The goals as records (kin::Goal) for the page's goals buffer.
  const Goal* goals_data() const { return goals_.data(); }

 private:
  Status RequireLoaded() const;
  // `angles` projected into the bone's limits into *out, or an error (and
  // *out unchanged) when the projection is not finite.
  Status Projected(int bone, const glm::vec3& angles, glm::vec3* out) const;
  // The IK job of the current pose, goals and solver settings.
  IkJob MakeIkJob();
  Status CheckPoseSize(Span<const glm::vec3> values, const char* what) const;
  // The pose was set, not solved: IK's ranges lie about it from now on.
  void SetByHand();
  // Model matrices, tips and palette of the current pose.
  void Refresh();
  // Tips and palette from the model matrices in model_ms_.
  void RefreshFromModel();
  // Segment masses and the feet's bones of a newly loaded skeleton.
  void LoadBalance();
  // The support polygon and the centre of mass from model_ms_ and the goals.
  void RefreshBalance();
  // The foot of side `side` (0 left, 1 right) is planted; its sole points into `points`, returns how many.
  bool Planted(int side) const;
  int SolePoints(int side, glm::vec2* points) const;

  Skeleton skeleton_;
  std::vector<glm::vec3> angles_;
  std::vector<glm::vec3> staged_angles_;  // a new pose (SetPose, SetSampledPose) before it replaces angles_
  std::vector<glm::vec3> set_angles_;     // the pose as last set, not solved (SetByHand, SetIkFrom): where IK's ranges lie
  glm::vec3 root_offset_ms_{0.0f};
  std::vector<Goal> goals_;
  SolverKind solver_ = SolverKind::kDls;
  IkOptions options_;
  bool move_root_ = false;
  bool keep_balance_ = false;
  bool keep_above_floor_ = false;
  FloorGoal floor_goal_;
  std::vector<glm::vec3> prior_angles_;  // the pose prior's angles (pose_prior_.angles views them)
  PosePrior pose_prior_;
  std::vector<SegmentMass> masses_;
  int foot_bone_[2] = {-1, -1};  // left, right (-1: none)
  int toe_bone_[2] = {-1, -1};   // the bone whose tip is the toe tip: the toes, else the foot
  std::vector<glm::vec2> support_xz_;  // kMaxSupportVertices; support_count_ of them in use
  int support_count_ = 0;
  std::vector<float> balance_;  // balance_data()
  BalanceGoal balance_goal_;
  IkWorkspace workspace_;
  std::vector<glm::mat4> model_ms_;
  std::vector<glm::mat4> pose_model_ms_;  // model_ms_ before the springs
  std::vector<glm::mat4> palette_;
  std::vector<glm::vec3> tips_ms_;
  std::vector<float> energy_;
  DlsCache dls_cache_;
  std::uint32_t generation_ = 0;
};

// The refusal of a setting that solver `kind` lacks (SolverInfo `feature`):
// "<kind> cannot <what>; only <the solvers with it> can<then>".
Status SolverCannot(SolverKind kind, bool SolverInfo::*feature, const char* what, const char* then);

// A planted foot's toe is at most this fraction of the skeleton's size above the floor.
constexpr float kPlantedHeight = 0.05f;

// The energy history holds this many iterations (+1 for the start).
constexpr int kMaxSolveIterations = 20000;

}  // namespace kin
