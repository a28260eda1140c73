// The skeleton: flat arrays in parent-first order (parent[i] < i, roots -1),
// validated once when built so that every job after can trust it.
//
// A bone's local transform (relative to its parent, or to the model for a
// root) is  T(rest_t + root offset) · R(rest_q) · S(rest_s) · F · E(θ) · F⁻¹,
// with F the joint frame (columns: the bone's rotation axes) and E(θ) the
// Euler rotation in the bone's order (see euler.h).
#pragma once

#include <limits>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/euler.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

// Description of one bone, the input to Skeleton::Build.
struct BoneDef {
  std::string name;
  int parent = -1;                      // index of the parent, -1 for a root
  glm::vec3 rest_t{0.0f};               // rest translation, parent space
  glm::quat rest_q{1.0f, 0, 0, 0};      // rest rotation, parent space (w,x,y,z)
  glm::vec3 rest_s{1.0f};               // rest scale
  glm::quat frame{1.0f, 0, 0, 0};       // joint frame F, bone space
  EulerOrder order = EulerOrder::kXYZ;
  glm::vec3 min_angle{-3.14159265f};    // per-slot lower limit (radians)
  glm::vec3 max_angle{3.14159265f};     // per-slot upper limit (radians)
  glm::vec3 tip_bs{0.0f};               // bone end (children / end effector), bone space
  float stiffness = 1.0f;               // > 0: how reluctantly IK turns this joint
  // How far IK may turn the joint on each slot (radians, > 0) from the pose
  // it was given, within its limits (Skeleton::LimitIkTurns): a root that
  // poses lying down yet that IK tilts no further than a pelvis does, so
  // that a pull bends the limbs rather than tip the body. Infinite: the
  // limits alone.
  glm::vec3 ik_range{std::numeric_limits<float>::infinity()};
  // Swing-twist limit of a ball joint, on top of the per-slot limits: the
  // bone's axis (toward its tip) may swing at most swing_max away from rest,
  // and twist about itself within [twist_min, twist_max]. swing_max ≥ π and
  // the full twist range mean no such limit.
  float swing_max = 3.14159265f;
  float twist_min = -3.14159265f;
  float twist_max = 3.14159265f;
  bool has_inverse_bind = false;        // true: use inverse_bind, else B⁻¹
  glm::mat4 inverse_bind{1.0f};         // model space -> bone space at bind
};

// Returns a BoneDef with the defaults above (Box2D-style definition factory).
BoneDef DefaultBoneDef();

class Skeleton {
 public:
  // Validates `bones` and builds the skeleton into *out. On failure *out is
  // left unchanged and the status names the bone and the problem.
  static Status Build(Span<const BoneDef> bones, Skeleton* out);

  int bone_count() const { return static_cast<int>(parent_.size()); }
  int parent(int i) const { return parent_[i]; }
  const std::string& name(int i) const { return name_[i]; }
  // Index of the bone called `name`, or -1.
  int FindBone(const std::string& name) const;

  // The rest translation and scale the forward loop and the solvers use: as
  // built, unless an animation replaced them (SetAnimatedRest).
  const glm::vec3& rest_t(int i) const { return rest_t_[i]; }
  const glm::quat& rest_q(int i) const { return rest_q_[i]; }
  const glm::vec3& rest_s(int i) const { return rest_s_[i]; }
  // The rest translation and scale as built (the bind pose's, unless
  // proportions replaced the scales: SetBuiltRestScales).
  const glm::vec3& built_rest_t(int i) const { return built_rest_t_[i]; }
  const glm::vec3& built_rest_s(int i) const { return built_rest_s_[i]; }

  // Animated translation and scale: replaces every bone's rest translation
  // (parent space) and scale, one each per bone, and recomputes what depends
  // on them (rest_linear, rest_frame, similarity_chain, chain_scale), so that
  // forward kinematics and every solver see them. The bind pose and inverse
  // binds stay as built. No validation (the caller's values are finite; a
  // zero scale makes a singular bone) and no allocation. ResetRest() returns
  // to the built values.
  void SetAnimatedRest(Span<const glm::vec3> translations, Span<const glm::vec3> scales);
  void ResetRest();
  // Proportions: replaces every bone's rest scale as built (what ResetRest
  // and the clip sampler go back to) and the current one, one per bone
  // (parent space). The bind pose and inverse binds stay as built, so the
  // skin grows and shrinks with its bones. Refused, changing nothing, unless
  // there is one per bone, each component finite and within
  // [kMinRestScale, kMaxChainScale], and every pose stays within the reach
  // bound (as Build checks).
  Status SetBuiltRestScales(Span<const glm::vec3> scales);

  // IK's limits: narrows each slot's limits to [from − ik_range, from +
  // ik_range] (widened to keep `start`, so that a solve never snaps its start
  // pose), one angle triple per bone each; ResetLimits() returns to the built
  // ones. The Rig narrows them for a solve only: posing by hand keeps the
  // whole range. No validation (the caller's spans are the bone count) and no
  // allocation.
  void LimitIkTurns(Span<const glm::vec3> from, Span<const glm::vec3> start);
  void ResetLimits();
  const glm::vec3& ik_range(int i) const { return ik_range_[i]; }
  const glm::quat& frame(int i) const { return frame_[i]; }
  EulerOrder order(int i) const { return order_[i]; }
  const glm::vec3& min_angle(int i) const { return min_angle_[i]; }
  const glm::vec3& max_angle(int i) const { return max_angle_[i]; }
  const glm::vec3& tip_bs(int i) const { return tip_bs_[i]; }
  float stiffness(int i) const { return stiffness_[i]; }
  bool has_swing_twist(int i) const { return has_swing_twist_[i] != 0; }
  float swing_max(int i) const { return swing_max_[i]; }
  float twist_min(int i) const { return twist_min_[i]; }
  float twist_max(int i) const { return twist_max_[i]; }
  // Constant products the hot loops reuse: R(rest_q)·S(rest_s), and the same
  // times the joint frame F (the rest part of a joint's axes).
  const glm::mat3& rest_linear(int i) const { return rest_linear_[i]; }
  const glm::mat3& rest_frame(int i) const { return rest_frame_[i]; }
  bool frame_is_identity(int i) const { return frame_is_identity_[i] != 0; }
  // True when every rest scale from the root down to bone i is uniform and
  // positive, so that its joint frames in model space are rotations times a
  // uniform scale (the Jacobian's fast path); chain_scale is that scale.
  bool similarity_chain(int i) const { return similarity_chain_[i] != 0; }
  float chain_scale(int i) const { return chain_scale_[i]; }
  // Bind pose B_j (bone -> model, all angles zero, no root offset).
  const glm::mat4& bind_ms(int i) const { return bind_ms_[i]; }
  // The skinning inverse bind: the asset's own, or B_j⁻¹.
  const glm::mat4& inverse_bind(int i) const { return inverse_bind_[i]; }
  // The skeleton's size: the largest distance of a bind-pose joint or tip
  // from the first root (1, model units, for a point-sized rig). The solvers'
  // unit of length where a goal or the root offset has none of its own.
  float bind_size() const { return bind_size_; }

  Span<const int> parents() const { return Span<const int>(parent_.data(), parent_.size()); }
  Span<const glm::mat4> bind_pose() const {
    return Span<const glm::mat4>(bind_ms_.data(), bind_ms_.size());
  }

 private:
  // rest_linear, rest_frame, similarity_chain and chain_scale of bone i from
  // its rest rotation and scale (its parent's done first).
  void UpdateRestCaches(int i);

  std::vector<int> parent_;
  std::vector<std::string> name_;
  std::vector<glm::vec3> rest_t_;
  std::vector<glm::quat> rest_q_;
  std::vector<glm::vec3> rest_s_;
  std::vector<glm::vec3> built_rest_t_;
  std::vector<glm::vec3> built_rest_s_;
  std::vector<glm::quat> frame_;
  std::vector<EulerOrder> order_;
  std::vector<glm::vec3> min_angle_;
  std::vector<glm::vec3> max_angle_;
  std::vector<glm::vec3> built_min_angle_;
  std::vector<glm::vec3> built_max_angle_;
  std::vector<glm::vec3> ik_range_;
  std::vector<glm::vec3> tip_bs_;
  std::vector<float> stiffness_;
  std::vector<glm::mat3> rest_linear_;
  std::vector<glm::mat3> rest_frame_;
  std::vector<char> frame_is_identity_;
  std::vector<char> similarity_chain_;
  std::vector<float> chain_scale_;
  std::vector<char> has_swing_twist_;
  std::vector<float> swing_max_;
  std::vector<float> twist_min_;
  std::vector<float> twist_max_;
  float bind_size_ = 1.0f;
  std::vector<glm::mat4> bind_ms_;
  std::vector<glm::mat4> inverse_bind_;
};

// Largest skeleton accepted (keeps the bone texture and indices in range).
constexpr int kMaxBones = 4096;

// Longest bone name accepted, in UTF-8 bytes: far beyond any rig's names,
// and short enough that a message naming the bone still says what is wrong.
constexpr int kMaxBoneNameBytes = 128;

// Bone `index`'s name is not empty and at most kMaxBoneNameBytes long; the
// error shows only the name's start. Every reader of bone names checks it
// first, before any other message quotes the name.
Status CheckBoneName(int index, const std::string& name);

// Metres from the origin (in any space) for every position taken from
// outside: rest translations, tips, goal points, targets and poles, root
// offsets. Far beyond any scene, and it keeps squared lengths and the
// products the solvers form far from float overflow (|tip|² of a bigger
// finite tip can overflow and turn a swing-twist axis into NaN). The share
// link's coordinate range is the same.
constexpr float kMaxCoordinate = 1e5f;

// Largest product of rest scales along a chain (each bone's largest axis):
// with kMaxCoordinate, it bounds every model matrix of every pose.
constexpr float kMaxChainScale = 1e5f;

// Smallest rest scale component proportions may set: far below any body's,
// and it keeps the palette and the DQS polar decomposition well conditioned.
constexpr float kMinRestScale = 1e-3f;

// Largest entry of an inverse bind matrix given with a skeleton (a file's
// own): with the two above it keeps every palette entry finite. A model in
// millimetres scaled to metres has entries of a few thousand.
constexpr float kMaxInverseBindEntry = 1e6f;

}  // namespace kin
