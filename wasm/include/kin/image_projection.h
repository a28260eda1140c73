// A model-space point projected into an image through a view-projection
// matrix, with the derivative the projected goal's Jacobian rows take
// (kin/goal.h, Goal::has_projection).
//
//   clip = VP · [x, 1],  ndc = clip.xy / clip.w,
//   px = ((ndc.x + 1) / 2 · width, (1 − ndc.y) / 2 · height)
// — x right, y down, the origin at the image's top-left corner (the pixel
// convention of OpenPose's keypoints and of canvas images), the NDC of
// OpenGL / three.js (x, y in [−1, 1], y up). With rᵢ the first three
// entries of VP's row i and w = clip.w,
//   ∂ndc.x/∂x = (r₀ w − clip.x r₃) / w²,  ∂ndc.y/∂x likewise with r₁,
//   ∂px/∂x = (width / 2 · ∂ndc.x/∂x, −height / 2 · ∂ndc.y/∂x).
//
// A point with w ≤ kMinClipW is at or behind the camera's eye, where the
// division blows up: it is not `in_front`, and the projected goal then holds
// a constant miss (BehindMissPx) with zero derivative rather than dividing.
#pragma once

#include <glm/glm.hpp>

#include "kin/goal.h"

namespace kin {

// The smallest clip w (for a perspective camera: the depth in front of the
// eye, in model units) a projected point may have.
constexpr double kMinClipW = 1e-6;

struct ImageProjection {
  bool in_front = false;   // clip w > kMinClipW; the rest is zero otherwise
  glm::dvec2 px{0.0};      // the point in pixels
  glm::dvec3 d_px[2];      // ∂px.x/∂x and ∂px.y/∂x (rows of the 2×3 Jacobian)
};

ImageProjection ProjectToImage(const glm::mat4& view_projection_ms, const glm::vec2& image_size_px,
                               const glm::vec3& point_ms);

// The miss in pixels, per row, a projected goal holds while its point is
// behind the camera: width + height, more than any miss of a point in the
// image, so that no step is rewarded for moving a point behind the eye.
inline double BehindMissPx(const Goal& goal) {
  return static_cast<double>(goal.image_size_px.x) + static_cast<double>(goal.image_size_px.y);
}

// The distance (model units) of a point from the camera ray through a
// projected goal's target pixel: how far the point is from any place that
// meets the goal. 0 when the matrix cannot be inverted.
double DistanceFromTargetRay(const Goal& goal, const glm::vec3& point_ms);

}  // namespace kin
