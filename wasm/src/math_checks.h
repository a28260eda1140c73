// Small numeric checks shared by the validators (core-internal header).
#pragma once

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace kin {

inline bool IsFinite(float v) { return std::isfinite(v); }
inline bool IsFinite(const glm::vec3& v) { return IsFinite(v.x) && IsFinite(v.y) && IsFinite(v.z); }
inline bool IsFinite(const glm::quat& q) {
  return IsFinite(q.x) && IsFinite(q.y) && IsFinite(q.z) && IsFinite(q.w);
}
inline bool IsFinite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (!IsFinite(m[c][r])) return false;
  return true;
}
// Quaternions from outside must be unit within float noise; we renormalise
// after accepting them, but a visibly wrong length means a wrong input.
inline bool IsUnit(const glm::quat& q) { return std::fabs(glm::length(q) - 1.0f) < 1e-3f; }

}  // namespace kin
