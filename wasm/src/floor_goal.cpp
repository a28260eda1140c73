#include "kin/floor_goal.h"

#include <algorithm>

#include "math_checks.h"

namespace kin {

Status ValidateFloorGoal(const FloorGoal& floor) {
  if (!IsFinite(floor.weight) || floor.weight <= 0.0f)
    return Status::Invalid("floor: weight %g must be finite and > 0", floor.weight);
  return Status::Ok();
}

glm::vec3 FloorPoint(const Skeleton& skeleton, Span<const glm::mat4> model_ms, int point) {
  const int bone = FloorPointBone(point);
  if (point % 2 == 0) return glm::vec3(model_ms[bone][3]);
  return glm::vec3(model_ms[bone] * glm::vec4(skeleton.tip_bs(bone), 1.0f));
}

bool TurnMovesFloorPoint(const Skeleton& skeleton, int bone, int point) {
  const int of = FloorPointBone(point);
  if (bone == of) return point % 2 == 1;
  // Parent-first: an ancestor has a smaller index, met on the way up.
  for (int j = skeleton.parent(of); j >= bone; j = skeleton.parent(j))
    if (j == bone) return true;
  return false;
}

int DeepestBelowFloor(const Skeleton& skeleton, Span<const glm::mat4> model_ms, Span<int> points) {
  // Insertion into the few rows, deepest first: the points are many, the rows few.
  const int capacity = std::min(static_cast<int>(points.size), kFloorRows);
  float depth[kFloorRows];
  int count = 0;
  for (int p = 0; p < FloorPointCount(skeleton); ++p) {
    const float y = FloorPoint(skeleton, model_ms, p).y;
    if (!(y < 0.0f)) continue;
    if (count == capacity && -y <= depth[count - 1]) continue;
    int at = count < capacity ? count++ : count - 1;
    for (; at > 0 && depth[at - 1] < -y; --at) {
      depth[at] = depth[at - 1];
      points[at] = points[at - 1];
    }
    depth[at] = -y;
    points[at] = p;
  }
  // In point order: a point keeps its row while the set stays the same.
  std::sort(points.begin(), points.begin() + count);
  std::fill(points.begin() + count, points.end(), -1);  // rows past kFloorRows too
  return count;
}

}  // namespace kin
