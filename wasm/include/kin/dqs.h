// CPU dual quaternion skinning with scale: the reference for the DQS shader,
// and the per-bone data that shader reads.
//
// "DQS with scale" (Kavan et al. 2008, the part on scale and shear): each palette
// matrix M_j = [A_j | t_j] is split by a polar decomposition A_j = R_j · S_j
// into a rotation R_j and a symmetric scale/shear S_j. A vertex v with weights
// w_j is then skinned as
//   v' = DLB(w, (R_j, t_j)) applied to (Σ_j w_j · S_j) · v,
// i.e. the scale parts blend linearly and go first, the rigid parts blend as
// dual quaternions (DLB: weighted sum, each rotation flipped into the
// hemisphere of the largest weight's, normalised by the real part's length;
// identity if that is zero) and go second. With one influence this is
// R·S·v + t = M·v: exactly LBS.
// Normals: n' = normalize(R_blend · (Σ w_j S_j)⁻ᵀ · n), which for one
// influence is LBS's (R·S)⁻ᵀ · n.
//
// A mirroring palette matrix (det A < 0) keeps a proper rotation R and folds
// the reflection into S (S = −(polar scale of −A)), so R·S = A still holds.
// The bottom row of each palette matrix is taken as (0, 0, 0, 1).
#pragma once

#include <cstdint>

#include <glm/glm.hpp>

#include "kin/dual_quaternion.h"
#include "kin/skinning.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// One palette matrix split for DQS: M = [R·S | t].
struct DqsBone {
  DualQuat rigid;                   // (R, t)
  glm::mat3 scale = glm::mat3(1.0f);  // S, symmetric
};

// False when the matrix is not finite or its 3×3 part is singular.
bool DecomposePaletteMatrix(const glm::mat4& palette_matrix, DqsBone* out);

// Floats per bone of a packed DQS palette.
constexpr int kDqsFloatsPerBone = 20;

// Per-bone DQS data, as the GPU reads it and the CPU kernel too: per bone
// 20 floats, five RGBA texels: the real part x y z w, the dual part x y z w,
// then the three columns of S, each as x y z 0. `out` holds 20 per bone of
// `palette`. Errors name the bone; `out` is untouched on error.
Status PackDqsPalette(Span<const glm::mat4> palette, Span<float> out);

struct DqsJob {
  Span<const glm::mat4> palette;        // P_j · inverse bind, per bone
  Span<const glm::vec3> positions_ms;   // bind-pose vertices
  Span<const glm::vec3> normals_ms;     // optional (size 0 or vertex count)
  int influences = kMinInfluences;      // joints and weights per vertex: 4 or 8 (kin/skinning.h)
  Span<const std::uint16_t> joints;     // `influences` per vertex
  Span<const float> weights;            // `influences` per vertex, expected to sum to 1
  Span<float> scratch_bones;            // 20 per bone; Run packs the palette into it (PackDqsPalette)
  Span<glm::vec3> out_positions_ms;
  Span<glm::vec3> out_normals_ms;       // required when normals are given
  SkinningKernel kernel = SkinningKernel::kSimd;

  Status Validate() const;
  Status Run() const;
};

}  // namespace kin
