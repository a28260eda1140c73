#include "kin/support_polygon.h"

#include <algorithm>

namespace kin {
namespace {

// Twice the signed area of (o, a, b) in the (x, z) plane: > 0 when b lies left of o→a.
float Cross(const glm::vec2& o, const glm::vec2& a, const glm::vec2& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

glm::vec2 NearestOnSegment(const glm::vec2& a, const glm::vec2& b, const glm::vec2& p) {
  const glm::vec2 ab = b - a;
  const float length2 = glm::dot(ab, ab);
  if (length2 == 0.0f) return a;
  return a + glm::clamp(glm::dot(p - a, ab) / length2, 0.0f, 1.0f) * ab;
}

}  // namespace

int ConvexHullXZ(Span<glm::vec2> points, Span<glm::vec2> hull) {
  const int n = static_cast<int>(points.size);
  std::sort(points.begin(), points.end(),
            [](const glm::vec2& a, const glm::vec2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  if (n == 0) return 0;
  int k = 0;
  for (int i = 0; i < n; ++i) {  // lower hull
    while (k >= 2 && Cross(hull[k - 2], hull[k - 1], points[i]) <= 0.0f) --k;
    hull[k++] = points[i];
  }
  for (int i = n - 2, lower = k + 1; i >= 0; --i) {  // upper hull
    while (k >= lower && Cross(hull[k - 2], hull[k - 1], points[i]) <= 0.0f) --k;
    hull[k++] = points[i];
  }
  // The last vertex repeats the first (for n ≥ 2); equal points leave one.
  const int count = k > 1 ? k - 1 : k;
  return count == 2 && hull[0] == hull[1] ? 1 : count;
}

glm::vec2 NearestPointInPolygon(Span<const glm::vec2> polygon, const glm::vec2& p) {
  const int n = static_cast<int>(polygon.size);
  if (n == 1) return polygon[0];
  bool inside = n >= 3;
  glm::vec2 nearest = polygon[0];
  float nearest2 = -1.0f;
  for (int i = 0; i < n; ++i) {
    const glm::vec2& a = polygon[i];
    const glm::vec2& b = polygon[(i + 1) % n];
    if (Cross(a, b, p) < 0.0f) inside = false;
    const glm::vec2 q = NearestOnSegment(a, b, p);
    const float d2 = glm::dot(p - q, p - q);
    if (nearest2 < 0.0f || d2 < nearest2) {
      nearest = q;
      nearest2 = d2;
    }
  }
  return inside ? p : nearest;
}

}  // namespace kin
