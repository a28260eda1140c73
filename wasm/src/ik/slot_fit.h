// Turning a bone through the Euler slots of one joint, each slot to its best
// angle within the limits (core-internal; FABRIK's two passes).
//
// A joint's rotation E(θ) = R2 · R1 · R0 sits between a parent side and a
// child side: child rotation = parent rotation · G · E(θ) · F⁻¹, with
// G = rest_q · F. Holding one side, a change of one slot angle turns the
// other side about a fixed model-space axis:
//  - the bone's own joint, parent side held (A = parent rotation · G): slot
//    s turns the bone about A · R2 ⋯ R(s+1) · e_s, by +Δθ;
//  - its child's joint, child side held (B = child rotation · F): slot s
//    turns the bone, the joint's parent, about B · R0⁻¹ ⋯ R(s−1)⁻¹ · e_s, by
//    −Δθ (the reverse constraint of a backward pass: the bone moves so that
//    the child it has reached keeps a joint within its limits).
// The axes come from the angles as they are at each slot, so the slots may
// be visited in any order.
//
// Rotations here are the bones' model rotations with scale taken out: under
// non-uniform rest scale the turns are approximate (the solver reports the
// error it reaches).
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "axis_fit.h"
#include "kin/limits.h"
#include "kin/skeleton.h"

namespace kin {
namespace ik_internal {

class JointSlots {
 public:
  // `bone`'s own joint with its parent side held: `parent_ms` is the parent's
  // model rotation (identity for a root).
  static JointSlots Own(const Skeleton& skeleton, int bone, const glm::quat& parent_ms) {
    const glm::quat frame = skeleton.frame(bone);
    return JointSlots(skeleton, bone, parent_ms * skeleton.rest_q(bone) * frame, glm::conjugate(frame), false);
  }
  // The joint of `child` with the child side held at model rotation
  // `child_ms`: the slots turn the child's parent.
  static JointSlots OfChild(const Skeleton& skeleton, int child, const glm::quat& child_ms) {
    const glm::quat frame = skeleton.frame(child);
    return JointSlots(skeleton, child, child_ms * frame, glm::conjugate(skeleton.rest_q(child) * frame), true);
  }

  // The bone whose limits bound these slots (the joint's child).
  int limited_bone() const { return limited_bone_; }

  // Unit model-space axis about which the turned bone turns by +Δ when slot
  // `slot` grows by Δ, at `angles`.
  glm::vec3 Axis(const glm::vec3& angles, int slot) const {
    glm::quat q = held_;
    if (reversed_) {
      for (int i = 0; i < slot; ++i) q = q * SlotRotation(i, -angles[i]);
      return -(q * UnitAxis(slot));
    }
    for (int i = 2; i > slot; --i) q = q * SlotRotation(i, angles[i]);
    return q * UnitAxis(slot);
  }

  // The turned bone's model rotation for the joint at `angles`.
  glm::quat BoneRotation(const glm::vec3& angles) const {
    const glm::quat joint = EulerRotation(order_, angles);
    return glm::normalize(held_ * (reversed_ ? glm::conjugate(joint) : joint) * tail_);
  }

 private:
  JointSlots(const Skeleton& skeleton, int bone, const glm::quat& held, const glm::quat& tail, bool reversed)
      : order_(skeleton.order(bone)), limited_bone_(bone), held_(held), tail_(tail), reversed_(reversed) {}

  glm::vec3 UnitAxis(int slot) const {
    glm::vec3 e(0.0f);
    e[EulerAxis(order_, slot)] = 1.0f;
    return e;
  }
  glm::quat SlotRotation(int slot, float angle) const { return glm::angleAxis(angle, UnitAxis(slot)); }

  EulerOrder order_;
  int limited_bone_;
  glm::quat held_;  // A (own joint) or B (child's joint)
  glm::quat tail_;  // F⁻¹ (own joint) or G⁻¹ (child's joint)
  bool reversed_;
};

// Moves `angles` of `slots` one slot at a time (0, 1, 2), each to the angle
// within its limits that best carries the turned bone's points onto their
// aims about `pivot_ms` (AxisFit, held by `hold`), then into the bone's
// swing-twist cone if it has one. pairs(visit) calls visit(x_ms, aim_ms, w)
// for every carried point; carry(turn_ms) must turn them about the pivot.
template <class Pairs, class Carry>
glm::vec3 FitSlots(const Skeleton& skeleton, const JointSlots& slots, glm::vec3 angles, const glm::vec3& pivot_ms,
                   double hold, Pairs pairs, Carry carry) {
  const int bone = slots.limited_bone();
  for (int slot = 0; slot < 3; ++slot) {
    const float lo = skeleton.min_angle(bone)[slot], hi = skeleton.max_angle(bone)[slot];
    if (lo >= hi) continue;
    const glm::vec3 axis = slots.Axis(angles, slot);
    AxisFit fit(axis);
    pairs([&](const glm::vec3& x_ms, const glm::vec3& aim_ms, double weight) {
      fit.Add(x_ms - pivot_ms, aim_ms - pivot_ms, weight);
    });
    fit.Hold(hold);
    const float to = fit.LimitedAngle(angles[slot], lo, hi, 1.0);
    if (to == angles[slot]) continue;
    carry(glm::angleAxis(to - angles[slot], axis));
    angles[slot] = to;
  }
  if (skeleton.has_swing_twist(bone)) {
    const glm::vec3 projected = ProjectJointLimits(skeleton, bone, angles);
    if (projected != angles) {
      carry(slots.BoneRotation(projected) * glm::conjugate(slots.BoneRotation(angles)));
      angles = projected;
    }
  }
  return angles;
}

}  // namespace ik_internal
}  // namespace kin
