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
  return Status::Ok();
}

}  // namespace kin
