#include "kin/goal.h"

#include "math_checks.h"

namespace kin {

Status ValidateGoal(const Skeleton& skeleton, const Goal& goal, int index) {
  if (goal.bone < 0 || goal.bone >= skeleton.bone_count())
    return Status::Invalid("goal %d: bone index %d is out of range [0, %d)", index, goal.bone,
                           skeleton.bone_count());
  if (!IsFinite(goal.point_bs)) return Status::Invalid("goal %d: point on the bone is not finite", index);
  if (!IsFinite(goal.target_ms)) return Status::Invalid("goal %d: target is not finite", index);
  if (!IsFinite(goal.weight) || goal.weight <= 0.0f)
    return Status::Invalid("goal %d: weight %g must be finite and > 0", index, goal.weight);
  if (goal.has_orientation) {
    if (!IsFinite(goal.target_q_ms) || !IsUnit(goal.target_q_ms))
      return Status::Invalid("goal %d: target orientation is not a finite unit quaternion", index);
    if (!IsFinite(goal.orientation_weight) || goal.orientation_weight <= 0.0f)
      return Status::Invalid("goal %d: orientation weight %g must be finite and > 0", index, goal.orientation_weight);
  }
  if (goal.has_pole) {
    if (!IsFinite(goal.pole_ms)) return Status::Invalid("goal %d: pole is not finite", index);
    if (!IsFinite(goal.pole_weight) || goal.pole_weight <= 0.0f)
      return Status::Invalid("goal %d: pole weight %g must be finite and > 0", index, goal.pole_weight);
    if (goal.pole_bone >= 0) {
      bool on_chain = false;
      for (int b = goal.bone; b >= 0 && !on_chain; b = skeleton.parent(b)) on_chain = b == goal.pole_bone;
      if (!on_chain)
        return Status::Invalid("goal %d: pole bone %d is not bone %d '%s' or one of its ancestors", index, goal.pole_bone,
                               goal.bone, skeleton.name(goal.bone).c_str());
    }
  }
  return Status::Ok();
}

}  // namespace kin
