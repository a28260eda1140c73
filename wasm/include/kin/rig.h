// The Rig façade: one object that owns a skeleton, its pose, its goals and
// every buffer the page reads (model matrices, tips, skinning palette, energy
// history), so that a drag frame is one call with no allocation. Core code,
// plain C++: the Embind layer (wasm/bindings/embind.cpp) only converts
// JavaScript values, and the native tests, reference tool and benchmarks use
// this same class.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "kin/animation/clip.h"
#include "kin/dqs.h"
#include "kin/goal.h"
#include "kin/ik/ik_job.h"
#include "kin/ik/ik_trace.h"
#include "kin/ik/solve_report.h"
#include "kin/mirror.h"
#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/springs/spring_chain.h"
#include "kin/status.h"

namespace kin {

// How Skin() blends the bones. Values are the codes the Embind layer passes.
enum class SkinningMethod : int { kLinear = 0, kDualQuaternion = 1, kCount };

// "lbs", "dqs"; "???" for invalid values.
const char* SkinningMethodName(SkinningMethod method);

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

  // Mirrors the pose across the model's X = 0 plane (kin/mirror.h). Fails,
  // changing nothing, on a rig that is not left–right symmetric, with
  // mirror_status()'s message.
  Status Mirror(MirrorMode mode);
  // Whether the rig mirrors, and if not, which bone stops it (set by Load).
  const Status& mirror_status() const { return mirror_status_; }
  // The bone on the other side of each bone (itself for a centre bone);
  // empty when mirror_status() is not ok.
  const std::vector<int>& mirror_partners() const { return mirror_map_.partner; }

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

  // Runs the solver from the current pose (and root offset) and refreshes the
  // buffers; with SetMoveRoot(true) the root offset is solved for too.
  SolveReport Solve();
  // Solve() that records every iteration into `trace` (kin/ik/ik_trace.h),
  // for a lesson's step-through: the same pose, buffers and report as
  // Solve(). The caller owns the trace and sizes it (IkTrace::Reserve, at
  // least this rig's bones and goals) so that the rig keeps no memory for a
  // teaching feature and the page picks how many iterations it keeps.
  SolveReport TraceSolve(IkTrace& trace);
  // Central differences of the goal points at the current pose with respect
  // to each active dof the solver would move (kin/ik/finite_difference.h):
  // 3 floats per goal per dof, in the trace's Jacobian layout, into `out`
  // (3 · goals · (3 · bones + 3) floats are always enough); `*dof_count`
  // gets the dofs. Teaching only; the pose is not changed.
  Status FiniteDifferenceJacobian(float h, Span<float> out, int* dof_count);

  // The mesh skinned on the CPU (bind-pose positions and normals, 4 or 8
  // joints and as many weights per vertex, joints in this rig's bone order).
  // Validated here, once, so that Skin() can run every frame.
  Status SetSkin(Span<const float> positions, Span<const float> normals, Span<const std::uint16_t> joints,
                 Span<const float> weights);
  int vertex_count() const { return static_cast<int>(skin_positions_.size()); }
  // Skins with the current palette into the skinned buffers: linear blend, or
  // dual quaternion with scale (kin/dqs.h). Allocates nothing.
  Status Skin(SkinningMethod method);
  // Recomputes the skin's joints and weights in place by the capsule rule
  // (kin/capsule_weights.h): one radius per bone around its bind-pose
  // segment, origin to tip; the skin's bind-pose positions. Keeps the skin's
  // influence count (slots past the 4th get weight 0). Refuses, changing
  // nothing, a rig without a skin, a radius count other than the bone count,
  // or a radius ≤ 0 or not finite. Allocates nothing, so that a page can
  // recompute on every step of a radius drag.
  Status SetCapsuleWeights(Span<const float> radii);
  int skin_influences() const { return skin_influences_; }
  const std::uint16_t* skin_joints_data() const { return skin_joints_.data(); }
  const float* skin_weights_data() const { return skin_weights_.data(); }
  const float* skinned_positions_data() const { return reinterpret_cast<const float*>(skinned_positions_.data()); }
  const float* skinned_normals_data() const { return reinterpret_cast<const float*>(skinned_normals_.data()); }

  // Animation. SetClip validates `def` against the skeleton (the error names
  // the channel and the key, kin/animation/clip.h) and replaces the clip;
  // it and ClearClip put every bone back to its built rest translation and
  // scale. Load() clears the clip.
  Status SetClip(const ClipDef& def);
  void ClearClip();
  bool has_clip() const { return has_clip_; }
  const Clip& clip() const { return clip_; }
  // Samples the clip at `time` into the pose in one call, allocation-free:
  // every channel (SamplingJob), the angles projected into the limits, the
  // root offset (0 without a root channel), the animated translations and
  // scales into the skeleton (Skeleton::SetAnimatedRest: FK and the solvers
  // see them), then FK, tips and palette. Unanimated bones take their rest.
  // An animated scale composes with the joint rotation as the model says,
  // T · R(rest_q) · S · F · E(θ) · F⁻¹: S before the joint rotation, where a
  // glTF node's TRS has it after its rotation. The two agree when the scale
  // is uniform; a rotation together with a non-uniform animated scale is
  // exact only then.
  Status SampleClip(float time, LoopMode loop);
  // Channel `channel` at `count` evenly spaced times from t0 to t1 inclusive
  // (t0 alone for count 1), held at the ends of its keys, not looped, not
  // projected into limits: ChannelValueSize(target) floats per sample (angles
  // unwrapped, rotations x y z w) into channel_samples_data(). For the curve
  // view; count ≤ kMaxChannelSamples.
  Status SampleChannel(int channel, float t0, float t1, int count);
  const float* channel_samples_data() const { return channel_samples_.data(); }
  // The clip at another time into the ghost buffers (onion skin): angles
  // (projected), model matrices, tips and palette as SampleClip would leave
  // them; the rig's own pose and buffers are untouched.
  Status SampleGhost(float time, LoopMode loop);
  const float* ghost_pose_data() const { return reinterpret_cast<const float*>(ghost_angles_.data()); }
  const float* ghost_model_data() const { return reinterpret_cast<const float*>(ghost_model_ms_.data()); }
  const float* ghost_tips_data() const { return reinterpret_cast<const float*>(ghost_tips_ms_.data()); }
  const float* ghost_palette_data() const { return reinterpret_cast<const float*>(ghost_palette_.data()); }
  // E(θ) of the bone's current angles as a unit quaternion (the value a
  // rotation channel keys), in the joint frame.
  Status PoseRotation(int bone, glm::quat* rotation) const;

  // Spring chains (kin/springs/spring_chain.h): secondary motion on top of
  // the pose. They change the model matrices, tips and palette, never the
  // angles: keys, links and exports stay the animator's. Every other pose
  // change refreshes the buffers from the pose alone; StepSprings puts the
  // chains back on. SetSpringChains validates against the skeleton (the
  // message names the chain and the bone) and starts the chains at rest on
  // the current pose; Load() removes them.
  Status SetSpringChains(Span<const SpringChainDef> defs);
  // Chains are numbered as SetSpringChains got them.
  Status SetSpringEnabled(int chain, bool on);
  // Every chain at rest on the current pose (buffers from the pose alone).
  Status ResetSprings();
  // FK of the pose, the springs advanced by dt_s (SpringSystem::Step), then
  // tips and palette. Allocation-free.
  Status StepSprings(float dt_s);
  bool spring_settled() const { return springs_.Settled(); }
  const SpringSystem& springs() const { return springs_; }
  // The bone-to-model matrices of the pose alone: model_ms() without what the
  // springs added (what an export of the pose writes).
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

  // The palette packed for a DQS shader, on demand (the IK frame does not pay
  // for polar decompositions it may never use): PackDqsPalette's layout, 20
  // floats per bone (real x y z w, dual x y z w, the columns of S as x y z 0).
  // Skin(kDualQuaternion) packs it too. Errors name a bone whose palette
  // matrix is singular; the buffer is then left as it was.
  Status PackDqsPalette();
  const float* dqs_palette_data() const { return dqs_palette_.data(); }
  int dqs_palette_size() const { return static_cast<int>(dqs_palette_.size()); }

 private:
  Status RequireLoaded() const;
  // `angles` projected into the bone's limits into *out, or an error (and
  // *out unchanged) when the projection is not finite.
  Status Projected(int bone, const glm::vec3& angles, glm::vec3* out) const;
  // The IK job of the current pose, goals and solver settings.
  IkJob MakeIkJob();
  SolveReport SolveWith(IkTrace* trace);
  // Model matrices, tips and palette of the current pose.
  void Refresh();
  // Tips and palette from the model matrices in model_ms_.
  void RefreshFromModel();

  Skeleton skeleton_;
  std::vector<glm::vec3> angles_;
  std::vector<glm::vec3> staged_angles_;  // a new pose (SetPose, Mirror) before it replaces angles_
  glm::vec3 root_offset_ms_{0.0f};
  std::vector<Goal> goals_;
  MirrorMap mirror_map_;
  Status mirror_status_;
  SolverKind solver_ = SolverKind::kDls;
  IkOptions options_;
  bool move_root_ = false;
  IkWorkspace workspace_;
  std::vector<glm::mat4> model_ms_;
  std::vector<glm::mat4> pose_model_ms_;  // model_ms_ before the springs
  std::vector<glm::mat4> palette_;
  std::vector<glm::vec3> tips_ms_;
  std::vector<float> energy_;
  std::vector<glm::vec3> skin_positions_;
  std::vector<glm::vec3> skin_normals_;
  int skin_influences_ = kMinInfluences;
  std::vector<std::uint16_t> skin_joints_;
  std::vector<glm::vec3> bind_origins_ms_;  // per bone, for SetCapsuleWeights
  std::vector<glm::vec3> bind_tips_ms_;
  std::vector<float> skin_weights_;
  std::vector<glm::vec3> skinned_positions_;
  std::vector<glm::vec3> skinned_normals_;
  std::vector<float> dqs_palette_;   // 20 floats per bone, see PackDqsPalette(); DqsJob's scratch
  Clip clip_;
  bool has_clip_ = false;
  // Whether the skeleton's rest holds sampled_t_ / sampled_s_ (else as built).
  bool rest_animated_ = false;
  std::vector<glm::vec3> sampled_t_;   // SampleClip's translations (parent space) and scales, per bone
  std::vector<glm::vec3> sampled_s_;
  std::vector<float> channel_samples_;  // SampleChannel's output, kMaxChannelSamples · 4 floats
  std::vector<glm::vec3> ghost_angles_;
  std::vector<glm::vec3> ghost_t_;
  std::vector<glm::vec3> ghost_s_;
  std::vector<glm::mat4> ghost_model_ms_;
  std::vector<glm::vec3> ghost_tips_ms_;
  std::vector<glm::mat4> ghost_palette_;
  SpringSystem springs_;
};

// The most samples one SampleChannel call takes.
constexpr int kMaxChannelSamples = 2048;

// The energy history holds this many iterations (+1 for the start).
constexpr int kMaxSolveIterations = 20000;

}  // namespace kin
