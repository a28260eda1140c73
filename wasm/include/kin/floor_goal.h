// The floor goal of the Jacobian solvers: keep every bone's joint origin and
// tip at or above the floor, y = 0 in model space (the character's floor).
//
// Its points are the origin and the tip of every bone (FloorPoint). A point
// below the floor has the residual of a goal whose target is the floor right
// above it: its depth, a row whose Jacobian is the point Jacobian's Y row;
// a point on or above the floor has none. A one-sided goal, as the balance
// goal is (kin/balance_goal.h): a pose clear of the floor solves exactly as
// without it, and ½ weight · depth² is C¹ where a point crosses the floor.
//
// A fixed number of rows (kFloorRows) holds the deepest points of each
// configuration: the residual keeps its size, and a body lying on the floor
// still has few points far below it, since the rows push the deepest up
// first and every point left out is shallower than those in.
#pragma once

#include <glm/glm.hpp>

#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

struct FloorGoal {
  // > 0; E += ½ weight · depth² per point below the floor. Ten pins' weight:
  // a goal of weight 1 dragged half a metre into the floor leaves about
  // 1/weight of that as depth, half a millimetre (a pin's 100 leaves 5 mm).
  float weight = 1000.0f;
};

// The floor's residual rows: the deepest points below it, at most this many.
constexpr int kFloorRows = 16;

Status ValidateFloorGoal(const FloorGoal& floor);

// Two points per bone: point 2j is bone j's joint origin, 2j + 1 its tip.
inline int FloorPointCount(const Skeleton& skeleton) { return 2 * skeleton.bone_count(); }
inline int FloorPointBone(int point) { return point / 2; }
glm::vec3 FloorPoint(const Skeleton& skeleton, Span<const glm::mat4> model_ms, int point);

// Whether turning bone `bone` moves `point`: the bone is above the point's
// bone, or is it and the point is its tip (a joint does not move its origin).
bool TurnMovesFloorPoint(const Skeleton& skeleton, int bone, int point);

// The deepest points below the floor (y < 0) of the pose of `model_ms`, at
// most points.size (and kFloorRows) of them, into `points` in increasing order, the rest of
// `points` set to -1; returns how many.
int DeepestBelowFloor(const Skeleton& skeleton, Span<const glm::mat4> model_ms, Span<int> points);

}  // namespace kin
