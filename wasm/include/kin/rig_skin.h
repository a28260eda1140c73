// CPU skinning of one mesh by a Rig's palette (ozz keeps its skinning job
// apart from the skeleton the same way): the bind-pose mesh and its
// influences, set and validated once, then skinned every frame by linear
// blend or dual quaternions over a const Rig& with no allocation; the
// capsule rule for the influences; the palette packed for a DQS shader.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "kin/rig.h"
#include "kin/skinning.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// How Skin() blends the bones. Values are the codes the Embind layer passes.
enum class SkinningMethod : int { kLinear = 0, kDualQuaternion = 1, kCount };

// "lbs", "dqs"; "???" for invalid values.
const char* SkinningMethodName(SkinningMethod method);

class RigSkin {
 public:
  // The mesh (bind-pose positions and normals, 4 or 8 joints and as many
  // weights per vertex, joints in `rig`'s bone order), validated here once so
  // that Skin() can run every frame. A refused mesh leaves the one it had.
  Status SetSkin(const Rig& rig, Span<const float> positions, Span<const float> normals,
                 Span<const std::uint16_t> joints, Span<const float> weights);
  int vertex_count() const { return static_cast<int>(positions_.size()); }
  bool has_normals() const { return !normals_.empty(); }
  int influences() const { return influences_; }

  // Skins with `rig`'s current palette into the skinned buffers: linear
  // blend, or dual quaternion with scale (kin/dqs.h). Allocates nothing.
  Status Skin(const Rig& rig, SkinningMethod method);
  // Recomputes the joints and weights in place by the capsule rule
  // (kin/capsule_weights.h): one radius per bone around its bind-pose
  // segment, origin to tip. Keeps the influence count (slots past the 4th get
  // weight 0). Refuses, changing nothing, without a skin, a radius count
  // other than the bone count, or a radius ≤ 0 or not finite. Allocates
  // nothing, so that a page can recompute on every step of a radius drag.
  Status SetCapsuleWeights(const Rig& rig, Span<const float> radii);

  // The palette packed for a DQS shader, on demand (the IK frame does not pay
  // for polar decompositions it may never use): PackDqsPalette's layout, 20
  // floats per bone (real x y z w, dual x y z w, the columns of S as x y z 0).
  // Skin(kDualQuaternion) packs it too. Errors name a bone whose palette
  // matrix is singular; the buffer is then left as it was. Sized on the first
  // call for a rig (no allocation after).
  Status PackDqsPalette(const Rig& rig);
  const float* dqs_palette_data() const { return dqs_palette_.data(); }
  int dqs_palette_size() const { return static_cast<int>(dqs_palette_.size()); }

  const std::uint16_t* joints_data() const { return joints_.data(); }
  const float* weights_data() const { return weights_.data(); }
  const float* skinned_positions_data() const { return reinterpret_cast<const float*>(skinned_positions_.data()); }
  const float* skinned_normals_data() const { return reinterpret_cast<const float*>(skinned_normals_.data()); }

 private:
  // The skin and the DQS palette are of the rig's skeleton as it was loaded.
  Status CheckRig(const Rig& rig) const;
  void SizePalette(const Rig& rig);

  std::uint32_t generation_ = 0;  // the rig's generation() the skin was set for
  std::vector<glm::vec3> positions_;
  std::vector<glm::vec3> normals_;
  int influences_ = kMinInfluences;
  std::vector<std::uint16_t> joints_;
  std::vector<float> weights_;
  std::vector<glm::vec3> bind_origins_ms_;  // per bone, for SetCapsuleWeights
  std::vector<glm::vec3> bind_tips_ms_;
  std::vector<glm::vec3> skinned_positions_;
  std::vector<glm::vec3> skinned_normals_;
  std::uint32_t palette_generation_ = 0;
  std::vector<float> dqs_palette_;  // 20 floats per bone; DqsJob's scratch
};

}  // namespace kin
