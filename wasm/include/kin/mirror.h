// Mirroring a pose across the model's sagittal plane X = 0 (the character
// faces +Z with Y up, its left side on +X): copy one side's pose onto the
// other, or flip the whole pose.
//
// Let M = diag(−1, 1, 1) be that mirror of model space, σ(j) the partner of
// bone j (a centre bone is its own), and N_j = B_σ(j)⁻¹ · M · B_j, which maps
// bone j's space onto its partner's. The rig is mirror-symmetric when every
// N_j is a reflection (orthogonal, det −1) and partners' parents are
// partners. The mirror image of a pose is then
//     P'_j = M · P_σ(j) · N_j   (= B_j at bind),
// so the local transforms are L'_j = N_parent⁻¹ · L_σ(j) · N_j, whose rest
// parts cancel, leaving the joint rotations Q = F · E(θ) · F⁻¹ (bone space)
//     Q'_j = N_j⁻¹ · Q_σ(j) · N_j = r_j⁻¹ · Q_σ(j) · r_j,   r_j = −N_j
// (conjugating by a reflection is conjugating by its negative, a rotation).
// The angles come back through EulerFromRotation in the bone's own joint
// frame and order, and are projected into its limits.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// Which side of the body a bone's name puts it on.
enum class BodySide : int { kCentre = 0, kLeft = 1, kRight = 2 };

// The side `name` names and the name of its partner on the other side:
// "hand_l" ↔ "hand_r", "Hand.L" ↔ "Hand.R", "L_hand" ↔ "R_hand",
// "Bip01 L Thigh" ↔ "Bip01 R Thigh", "mixamorig:LeftArm" ↔
// "mixamorig:RightArm", "arm_left" ↔ "arm_right". A one-letter side is a
// token between separators (_ . - space :) or the name's ends; a word side
// is "Left", "left" or "LEFT" not run into a longer word. For a name with no
// side it returns kCentre and clears *partner.
BodySide MirrorName(const std::string& name, std::string* partner);

// How the bones of a skeleton map onto each other under M.
struct MirrorMap {
  std::vector<int> partner;        // the bone on the other side; a centre bone is its own
  std::vector<BodySide> side;      // from the names
  std::vector<glm::quat> swap_q;   // r_j = −N_j as a unit quaternion (bone space)
};

// Pairs the bones by name and checks that the skeleton is mirror-symmetric:
// every sided bone has its partner, partners' parents are partners, and
// every bone's bind pose is its partner's mirror image (origins within
// 1e-3 of the model's size, N_j orthogonal within 1e-3). On failure *out is
// cleared and the status names the bone and the problem.
Status BuildMirrorMap(const Skeleton& skeleton, MirrorMap* out);

enum class MirrorMode : int {
  kLeftToRight = 0,  // right bones take their left partner's mirrored pose
  kRightToLeft,      // left bones take their right partner's mirrored pose
  kFlip,             // every bone takes its partner's mirrored pose (the whole pose mirrored)
  kCount
};

// "left-to-right", "right-to-left", "flip"; "???" for invalid values.
const char* MirrorModeName(MirrorMode mode);

// One mirror of a pose. With kLeftToRight / kRightToLeft the copied-from
// side keeps its angles and every centre bone is made symmetric (its
// rotation halfway to its own mirror image, e.g. a spine's lean and twist
// removed, its forward bend kept), as is the root offset: the result is
// mirror-symmetric. kFlip mirrors centre bones and the root offset too, so
// flipping twice gives the pose back (up to the limits' projection, which
// changes nothing on a symmetric rig whose limits mirror each other).
struct MirrorPoseJob {
  const Skeleton* skeleton = nullptr;
  const MirrorMap* map = nullptr;    // from BuildMirrorMap on this skeleton
  MirrorMode mode = MirrorMode::kFlip;
  Span<const glm::vec3> angles;      // the pose, one per bone (radians, by slot)
  glm::vec3 root_offset_ms{0.0f};    // model space
  Span<glm::vec3> out_angles;        // one per bone; must not overlap `angles`
  glm::vec3* out_root_offset_ms = nullptr;

  Status Validate() const;
  // Validates, then writes the mirrored pose. Does not allocate.
  Status Run() const;
};

}  // namespace kin
