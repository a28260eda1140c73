#include "kin/goal.h"

#include <cmath>
#include <cstdio>

#include "math_checks.h"

namespace kin {
namespace {

Status CheckGoalPosition(int index, const char* what, const glm::vec3& position) {
  if (IsValidPosition(position)) return Status::Ok();
  char named[64];
  std::snprintf(named, sizeof(named), "goal %d: %s", index, what);
  return CheckPosition(named, position);
}

}  // namespace

Status ValidateGoalCount(std::size_t count) {
  if (count > static_cast<std::size_t>(kMaxGoals))
    return Status::Invalid("%zu goals, over the %d a rig takes", count, kMaxGoals);
  return Status::Ok();
}

Status ValidateGoal(const Skeleton& skeleton, const Goal& goal, int index) {
  if (goal.bone < 0 || goal.bone >= skeleton.bone_count())
    return Status::Invalid("goal %d: bone index %d is out of range [0, %d)", index, goal.bone,
                           skeleton.bone_count());
  Status position = CheckGoalPosition(index, "point on the bone", goal.point_bs);
  if (!position.ok()) return position;
  position = CheckGoalPosition(index, "target", goal.target_ms);
  if (!position.ok()) return position;
  if (!IsFinite(goal.weight) || goal.weight <= 0.0f)
    return Status::Invalid("goal %d: weight %g must be finite and > 0", index, goal.weight);
  if (goal.has_orientation) {
    if (!IsFinite(goal.target_q_ms) || !IsUnit(goal.target_q_ms))
      return Status::Invalid("goal %d: target orientation is not a finite unit quaternion", index);
    if (!IsFinite(goal.orientation_weight) || goal.orientation_weight <= 0.0f)
      return Status::Invalid("goal %d: orientation weight %g must be finite and > 0", index, goal.orientation_weight);
  }
  if (goal.has_pole) {
    position = CheckGoalPosition(index, "pole", goal.pole_ms);
    if (!position.ok()) return position;
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
  if (goal.has_projection) {
    if (!IsFinite(goal.view_projection_ms))
      return Status::Invalid("goal %d: view-projection matrix is not finite", index);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r)
        if (!(std::fabs(goal.view_projection_ms[c][r]) <= kMaxViewProjectionEntry))
          return Status::Invalid("goal %d: view-projection entry (column %d, row %d) %g is beyond ±%g", index, c, r,
                                 static_cast<double>(goal.view_projection_ms[c][r]),
                                 static_cast<double>(kMaxViewProjectionEntry));
    for (int k = 0; k < 2; ++k) {
      const float side = goal.image_size_px[k];
      if (!(side >= 1.0f && side <= kMaxImageSizePx && side == std::floor(side)))
        return Status::Invalid("goal %d: image %s %g must be a whole number of pixels in [1, %g]", index,
                               k == 0 ? "width" : "height", side, kMaxImageSizePx);
    }
    if (!IsFinite(goal.target_px.x) || !IsFinite(goal.target_px.y))
      return Status::Invalid("goal %d: target pixel (%g, %g) is not finite", index, goal.target_px.x, goal.target_px.y);
  }
  return Status::Ok();
}

}  // namespace kin
