// One run of the retarget job (kin/retarget/retarget_job.h): what it sets
// up once and the per-frame steps, over the job's workspace (core-internal).
#pragma once

#include <limits>
#include <vector>

#include <glm/glm.hpp>

#include "../fk_loop.h"
#include "kin/animation/clip.h"
#include "kin/retarget/bone_role.h"
#include "kin/retarget/retarget_job.h"

namespace kin {
namespace retarget_internal {

constexpr int kFeet = 2;
constexpr int kFootBones = 4;  // foot and toes, both sides

struct LimbBones {
  RetargetLimb limb;
  BoneRole root, middle, end;  // middle kCount: the head (no middle joint)
};
constexpr LimbBones kLimbs[kRetargetLimbCount] = {
    {RetargetLimb::kArmL, BoneRole::kUpperArmL, BoneRole::kLowerArmL, BoneRole::kHandL},
    {RetargetLimb::kArmR, BoneRole::kUpperArmR, BoneRole::kLowerArmR, BoneRole::kHandR},
    {RetargetLimb::kLegL, BoneRole::kUpperLegL, BoneRole::kLowerLegL, BoneRole::kFootL},
    {RetargetLimb::kLegR, BoneRole::kUpperLegR, BoneRole::kLowerLegR, BoneRole::kFootR},
    {RetargetLimb::kHead, BoneRole::kNeck, BoneRole::kCount, BoneRole::kHead}};
constexpr int kLegOfFoot[kFeet] = {static_cast<int>(RetargetLimb::kLegL), static_cast<int>(RetargetLimb::kLegR)};

// Whether a run may solve the limb by two-bone IK: every limb in IK mode,
// the legs also for contact locks.
inline bool SolvesLimb(const RetargetJob& job, RetargetLimb limb) {
  const bool leg = limb == RetargetLimb::kLegL || limb == RetargetLimb::kLegR;
  return job.mode == RetargetMode::kIk || (leg && job.contact_locks);
}

// The smallest key time of `clip` later than `after` (by more than a
// microsecond: one frame), or its duration.
float NextKeyTime(const Clip& clip, float after);

inline glm::vec3 Origin(const glm::mat4& model_ms) { return glm::vec3(model_ms[3]); }

// The height of the lowest foot or toe point (origin or tip) of a pose;
// `feet` holds kFootBones bones, -1 for one the skeleton lacks.
float LowestFoot(const Skeleton& skeleton, Span<const glm::mat4> model_ms, const int* feet);

// A limb as both skeletons have it (bones -1 where one lacks it).
struct Limb {
  int target[3] = {-1, -1, -1};  // root, middle, end
  int source[3] = {-1, -1, -1};
  bool present = false;          // both skeletons have its root and end
  float source_length = 0.0f;    // along the joints, in the reference poses
  float target_length = 0.0f;
  glm::vec3 point_bs{0.0f};      // the end's origin in the target's middle bone (two-bone goal point)
};

// One RetargetJob::Run: Setup, Times, ScanSource, then Frame for each
// frame and Summarise.
class RetargetRun {
 public:
  explicit RetargetRun(const RetargetJob& job)
      : job_(job), ws_(*job.workspace), source_(*job.source), target_(*job.target), map_(job.map->source_of_target) {}

  // What every frame needs: roles and limbs, the reference poses' model
  // matrices, the hip height ratio, how unmapped bones follow their chain.
  Status Setup();
  // Frame times into job.times_s.
  void Times() const;
  // The source's feet over every frame: when they are in contact, and the
  // floor (the lowest they reach).
  void ScanSource();
  void Frame(int f);
  void Summarise() const;

 private:
  // The report's entries for frame f (goals_ms: per limb, where its end should be).
  void Measure(int f, const glm::vec3* goals_ms);
  void SampleSource(float time);
  void RotationPass(int f, Span<glm::vec3> angles);
  // Where the limb's end should be on the target (the source's direction
  // and normalised reach from the target's limb root) and its pole.
  glm::vec3 LimbGoal(const Limb& limb, glm::vec3* pole_ms, bool* has_pole) const;
  void RestoreEnd(int bone, Span<glm::vec3> angles);
  void Fk(int f, Span<const glm::vec3> angles) {
    ComputeModelMatrices(target_, angles, job_.root_offsets_ms[f], ws_.target_model_ms_);
  }

  const RetargetJob& job_;
  RetargetWorkspace& ws_;
  const Skeleton& source_;
  const Skeleton& target_;
  const std::vector<int>& map_;
  int source_hips_ = -1;
  int target_hips_ = -1;
  int source_feet_[kFootBones] = {-1, -1, -1, -1};
  float source_height_ = 0.0f;   // hips above the lowest foot point, reference pose
  float hip_ratio_ = 1.0f;       // target's height over the source's
  float source_floor_ = 0.0f;    // the lowest the source's feet reach over the clip
  Limb limbs_[kRetargetLimbCount];
  glm::vec3 lock_ms_[kFeet];     // where a locked target foot stays
  glm::vec3 held_ms_[kFeet];     // the lock minus the free goal, at the contact's last frame
  // When each foot's last contact ended (its last frame in contact, seconds).
  float released_s_[kFeet] = {-std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()};
  glm::vec3 anchor_ms_[kFeet];   // where the target foot stood at the contact's start
};

}  // namespace retarget_internal
}  // namespace kin
