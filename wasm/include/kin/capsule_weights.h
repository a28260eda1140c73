// Skinning weights from capsules around the bones (Scotty3D's rule), for the
// skinning lesson: a vertex belongs to the bones whose capsule it lies in,
// the more the nearer their axis.
//
// Per vertex v and bone j: d_j is the distance from v to the bone's segment
// (origin_j to end_j, bind pose, model space; past an end it is the distance
// to that end point), and w_j = max(0, r_j − d_j) / r_j with r_j the bone's
// capsule radius. The 4 largest w_j are kept (ties: the lower bone index
// first) and normalised to sum to 1; with 4 or fewer non-zero that is the
// same as normalising over every bone. Output slots are in decreasing
// weight; a slot without a non-zero weight gets joint 0 and weight 0, as do
// the slots past the 4th when the output has 8 influences per vertex. A
// vertex in no capsule (every w_j zero) goes wholly to its nearest bone
// (smallest d_j; ties: the lower index), so that every vertex follows a bone.
#pragma once

#include <cstdint>

#include <glm/glm.hpp>

#include "kin/skinning.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// Bones a vertex keeps (the rest of the output slots are joint 0, weight 0).
constexpr int kCapsuleInfluences = 4;

struct CapsuleWeightsJob {
  Span<const glm::vec3> origins_ms;     // bone segment starts (bind pose), per bone
  Span<const glm::vec3> ends_ms;        // bone segment ends (bind-pose tips), per bone
  Span<const float> radii;              // capsule radius per bone, finite and > 0
  Span<const glm::vec3> positions_ms;   // bind-pose vertices
  int influences = kMinInfluences;      // output slots per vertex: 4 or 8
  Span<std::uint16_t> out_joints;       // `influences` per vertex
  Span<float> out_weights;              // `influences` per vertex

  // Names the first bad input: counts that do not match, a radius ≤ 0 or not
  // finite (by bone), a non-finite segment point or vertex (by index), more
  // bones than a joint index holds, no bones for a non-empty mesh.
  Status Validate() const;
  // Validates, then writes every vertex's joints and weights. No allocation.
  Status Run() const;
};

}  // namespace kin
