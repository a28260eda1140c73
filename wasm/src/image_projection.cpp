#include "kin/image_projection.h"

#include <cmath>

namespace kin {
namespace {

// Row i of VP: its first three entries (glm is column-major: m[column][row]).
glm::dvec3 Row3(const glm::dmat4& m, int i) { return glm::dvec3(m[0][i], m[1][i], m[2][i]); }

}  // namespace

ImageProjection ProjectToImage(const glm::mat4& view_projection_ms, const glm::vec2& image_size_px,
                               const glm::vec3& point_ms) {
  ImageProjection out;
  const glm::dmat4 vp(view_projection_ms);
  const glm::dvec4 clip = vp * glm::dvec4(glm::dvec3(point_ms), 1.0);
  if (!(clip.w > kMinClipW)) return out;
  out.in_front = true;
  const double w = clip.w;
  const double half_width = 0.5 * image_size_px.x, half_height = 0.5 * image_size_px.y;
  out.px = glm::dvec2((clip.x / w + 1.0) * half_width, (1.0 - clip.y / w) * half_height);
  const glm::dvec3 r3 = Row3(vp, 3);
  out.d_px[0] = half_width * (Row3(vp, 0) * w - clip.x * r3) / (w * w);
  out.d_px[1] = -half_height * (Row3(vp, 1) * w - clip.y * r3) / (w * w);
  return out;
}

double DistanceFromTargetRay(const Goal& goal, const glm::vec3& point_ms) {
  const glm::dmat4 vp(goal.view_projection_ms);
  if (std::fabs(glm::determinant(vp)) < 1e-300) return 0.0;
  const glm::dmat4 inverse = glm::inverse(vp);
  const glm::dvec2 ndc(2.0 * goal.target_px.x / goal.image_size_px.x - 1.0,
                       1.0 - 2.0 * goal.target_px.y / goal.image_size_px.y);
  const glm::dvec4 near = inverse * glm::dvec4(ndc, -1.0, 1.0);
  const glm::dvec4 far = inverse * glm::dvec4(ndc, 1.0, 1.0);
  if (std::fabs(near.w) < 1e-300 || std::fabs(far.w) < 1e-300) return 0.0;
  const glm::dvec3 a = glm::dvec3(near) / near.w, b = glm::dvec3(far) / far.w;
  const glm::dvec3 along = b - a;
  const double length = glm::length(along);
  if (!(length > 0.0) || !std::isfinite(length)) return 0.0;
  return glm::length(glm::cross(glm::dvec3(point_ms) - a, along / length));
}

}  // namespace kin
