#include "kin/support_polygon.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

std::vector<glm::vec2> Hull(std::vector<glm::vec2> points) {
  std::vector<glm::vec2> hull(points.size() + 1);
  hull.resize(kin::ConvexHullXZ(points, hull));
  return hull;
}

TEST(SupportPolygon, HullDropsInnerAndCollinearPointsCounterClockwise) {
  const std::vector<glm::vec2> hull = Hull({{0, 0}, {2, 0}, {1, 0}, {2, 2}, {1, 1}, {0, 2}});
  ASSERT_EQ(hull.size(), 4u);
  EXPECT_EQ(hull[0], glm::vec2(0, 0));
  EXPECT_EQ(hull[1], glm::vec2(2, 0));
  EXPECT_EQ(hull[2], glm::vec2(2, 2));
  EXPECT_EQ(hull[3], glm::vec2(0, 2));
}

TEST(SupportPolygon, DegenerateHullsAreASegmentOrAPoint) {
  EXPECT_EQ(Hull({{0, 0}, {1, 1}, {2, 2}}), (std::vector<glm::vec2>{{0, 0}, {2, 2}}));
  EXPECT_EQ(Hull({{1, 1}, {1, 1}}), (std::vector<glm::vec2>{{1, 1}}));
  EXPECT_EQ(Hull({{3, 4}}), (std::vector<glm::vec2>{{3, 4}}));
}

TEST(SupportPolygon, NearestPointIsThePointInsideAndOnTheBoundaryOutside) {
  const std::vector<glm::vec2> square = Hull({{0, 0}, {2, 0}, {2, 2}, {0, 2}});
  EXPECT_EQ(kin::NearestPointInPolygon(square, {1, 1.5f}), glm::vec2(1, 1.5f));
  EXPECT_EQ(kin::NearestPointInPolygon(square, {3, 1}), glm::vec2(2, 1));   // beyond an edge
  EXPECT_EQ(kin::NearestPointInPolygon(square, {3, -1}), glm::vec2(2, 0));  // beyond a corner
  const std::vector<glm::vec2> segment = {{0, 0}, {2, 0}};
  EXPECT_EQ(kin::NearestPointInPolygon(segment, {1, 1}), glm::vec2(1, 0));
  EXPECT_EQ(kin::NearestPointInPolygon(std::vector<glm::vec2>{{5, 5}}, {1, 1}), glm::vec2(5, 5));
}

}  // namespace
