// Retargeting: a clip made for one skeleton (the source) turned into a clip
// for another (the target), through a bone map (kin/retarget/bone_map.h) and
// a reference pose of each skeleton in which the two match (both in T-pose,
// or both in A-pose: MatchReferencePose makes the target's from the source's).
//
// Rotation retargeting carries each mapped bone's world-space rotation delta
// from the source's reference onto the target's reference; IK retargeting
// then re-solves each limb on the target from its source's direction,
// normalised reach and pole, with the target's own limb lengths and limits.
// The hips (the target's root offset) move across the floor as far as the
// source's moved from its reference, and stand as high above the floor as
// the source's stand above its floor (the lowest its feet reach over the
// clip: mocap files often put their rest pose anywhere), both scaled by the
// ratio of hip heights (hips above the lowest foot point, reference poses).
// Every retarget measures how well it did (RetargetReport). Both skeletons'
// model spaces share their axes (+Y up, the same facing).
#pragma once

#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/animation/clip.h"
#include "kin/ik/ik_job.h"
#include "kin/retarget/bone_map.h"
#include "kin/retarget/bone_role.h"
#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// The "match rest pose" step: target_ref_angles (one per target bone, by
// slot) become the target's rest angles with each mapped target bone,
// parent-first, swung by the shortest arc (then kept in its limits) so that
// its direction (origin → tip, model space) is its source bone's in the
// source pose source_ref_angles. A T-pose target takes an A-pose source's
// arms, and so on. The root-most mapped bone (the hips) and bones without a
// tip keep their rest: their tips say nothing about posture.
Status MatchReferencePose(const Skeleton& source, Span<const glm::vec3> source_ref_angles, const Skeleton& target,
                          const BoneMap& map, Span<glm::vec3> target_ref_angles);

// The codes are the contract's order (contract retargetModes).
enum class RetargetMode : int { kRotation = 0, kIk, kCount };
// "rotation", "ik"; "???" for invalid values.
const char* RetargetModeName(RetargetMode mode);

// The limbs IK retargeting re-solves and the report measures (contract
// retargetLimbs): root joint → middle joint → effector.
//   arm: upper arm origin → lower arm origin → hand origin
//   leg: upper leg origin → lower leg origin → foot origin
//   head: neck origin → head origin (the neck chain, no middle joint)
enum class RetargetLimb : int { kArmL = 0, kArmR, kLegL, kLegR, kHead, kCount };
constexpr int kRetargetLimbCount = static_cast<int>(RetargetLimb::kCount);
// "arm_l", "arm_r", "leg_l", "leg_r", "head"; "???" for invalid values.
const char* RetargetLimbName(RetargetLimb limb);

// The highest frame rate, and the most frames, a retarget takes.
constexpr float kMaxRetargetFps = 1000.0f;
constexpr int kMaxRetargetFrames = 1 << 20;

// Frames a retarget of `clip` writes: at `fps` > 0, the times k / fps from 0
// to the duration, the duration itself the last; at fps 0, every distinct
// key time of the clip (0 and the duration included). For fps in
// [0, kMaxRetargetFps].
int RetargetFrameCount(const Clip& clip, float fps);

// What a retarget measured. Sized by Reserve; RetargetJob::Run fills it.
struct RetargetReport {
  void Reserve(int target_bones, int frames);

  int frames = 0;
  int bones = 0;
  // Per frame × target bone: the angle (radians) between the target bone's
  // world direction (origin → tip) and the expected one (its source's delta
  // applied to its reference direction); NaN for unmapped bones and bones
  // without a tip.
  std::vector<float> bone_angle_error_rad;
  // Per frame × limb: the distance of the target's effector from where the
  // source's direction and normalised reach put it, over the target's limb
  // length; NaN for a limb either skeleton lacks.
  std::vector<float> limb_error;
  // Per foot (left, right): the largest horizontal distance (target units) a
  // target foot moved from where it stood at the start of a source contact,
  // during the contact; and the frames in contact.
  float foot_slide[2] = {0.0f, 0.0f};
  int contact_frames[2] = {0, 0};
  // Means and maxima over the finite entries above.
  float mean_angle_rad = 0.0f;
  float max_angle_rad = 0.0f;
  float mean_limb_error = 0.0f;
  float max_limb_error = 0.0f;
  float max_foot_slide = 0.0f;
};

// Scratch for RetargetJob, reserved up front so that Run allocates nothing.
class RetargetWorkspace {
 public:
  void Reserve(int source_bones, int target_bones, int frames);
  int source_capacity() const { return source_capacity_; }
  int target_capacity() const { return target_capacity_; }
  int frame_capacity() const { return frame_capacity_; }

  int source_capacity_ = 0;
  int target_capacity_ = 0;
  int frame_capacity_ = 0;
  // Source, per bone: a frame's sample and model matrices; the reference's.
  std::vector<glm::vec3> source_angles_;
  std::vector<glm::vec3> source_t_;
  std::vector<glm::vec3> source_s_;
  std::vector<glm::mat4> source_model_ms_;
  std::vector<glm::mat4> source_ref_model_ms_;
  // Target, per bone: model matrices of the frame being built and of the
  // reference; the world rotation rotation retargeting asks for; the
  // expected world direction (report); how an unmapped bone follows the
  // chain it sits in (the mapped bones above and below it, and its fraction).
  std::vector<glm::mat4> target_model_ms_;
  std::vector<glm::mat4> target_ref_model_ms_;
  std::vector<glm::quat> target_rotation_ms_;
  std::vector<glm::quat> delta_ms_;
  std::vector<int> chain_above_;
  std::vector<int> chain_below_;
  std::vector<float> chain_fraction_;
  // Per frame × foot: the source foot's position, and whether it is in contact.
  std::vector<glm::vec3> source_foot_ms_;
  std::vector<char> contact_;
  IkWorkspace ik_;                         // the limbs' two-bone solves
};

struct RetargetJob {
  const Skeleton* source = nullptr;
  const Clip* source_clip = nullptr;       // built for source
  Span<const glm::vec3> source_ref_angles; // per source bone: its reference pose (radians, by slot)
  const Skeleton* target = nullptr;
  Span<const glm::vec3> target_ref_angles; // per target bone: its reference pose, matching the source's
  const BoneMap* map = nullptr;            // valid (ValidateBoneMap)
  RetargetMode mode = RetargetMode::kRotation;
  // A source foot that stands still (slower than 0.1 leg lengths/s, its
  // ankle within 5 % of the leg length of the lowest either ankle reaches
  // over the clip) keeps the target foot where it was at the contact's
  // first frame (the leg re-solved by IK, in either mode); after the
  // contact, the offset the lock held fades out over 0.15 s (smoothstep)
  // instead of the foot jumping back. The report measures the slide during
  // contacts either way.
  bool contact_locks = false;
  // > 0: frames at this rate from 0 to the duration inclusive; 0: at the
  // source clip's key times (RetargetFrameCount).
  float fps = 0.0f;
  RetargetWorkspace* workspace = nullptr;  // reserved for both skeletons and the frames
  // Out, sized RetargetFrameCount(source_clip, fps) frames:
  Span<float> times_s;                     // per frame, seconds
  Span<glm::vec3> angles;                  // frames × target bones (radians, by slot), within limits
  Span<glm::vec3> root_offsets_ms;         // per frame, the target's root offset (model space)
  RetargetReport* report = nullptr;        // reserved for the target and the frames

  // Checks the inputs: the map (ValidateBoneMap), sizes, and for IK (or
  // contact locks: the legs) limbs the two-bone solver can bend.
  Status Validate() const;
  // Validates, checks the reference poses (hips above the feet, limbs with
  // a length; the message names the bones), then retargets every frame.
  // Writes nothing on invalid input. Does not allocate.
  Status Run() const;
};

}  // namespace kin
