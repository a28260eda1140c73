// The support polygon on the floor (y = 0): the convex hull of the points
// where the planted feet touch it, as (x, z) pairs, and the nearest point of
// that polygon to the centre of mass's floor projection (where the balance
// goal pulls it, kin/balance_goal.h).
#pragma once

#include <glm/glm.hpp>

#include "kin/span.h"

namespace kin {

// The convex hull of `points` (x, z), counter-clockwise in the (x, z) plane
// (each edge turns left: toward +z from +x), into `hull` (room for
// points.size + 1); returns its vertex count.
// Sorts `points` in place (Andrew's monotone chain); collinear points are
// dropped, so all points on one line give the segment's two ends, and one
// point (or several equal ones) a single vertex.
int ConvexHullXZ(Span<glm::vec2> points, Span<glm::vec2> hull);

// The point of the convex polygon `polygon` (a hull as ConvexHullXZ makes
// it: one vertex, a segment's two, or counter-clockwise ones) nearest `p`,
// in the (x, z) plane:
// `p` itself when inside.
glm::vec2 NearestPointInPolygon(Span<const glm::vec2> polygon, const glm::vec2& p);

}  // namespace kin
