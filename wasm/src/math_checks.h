// Small numeric checks shared by the validators (core-internal header).
#pragma once

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/skeleton.h"
#include "kin/status.h"

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
// Whether `position` can be a position from outside: finite and within
// ±kMaxCoordinate. Callers that build CheckPosition's name with snprintf test
// this first: every solve validates its goals, and formatting their names
// cost a drag frame 6 % of its instructions.
inline bool IsValidPosition(const glm::vec3& position) {
  return IsFinite(position) && std::fabs(position.x) <= kMaxCoordinate && std::fabs(position.y) <= kMaxCoordinate &&
         std::fabs(position.z) <= kMaxCoordinate;
}
// Ok, or why `position` cannot be a position from outside: not finite, or
// beyond ±kMaxCoordinate. `what` names it ("goal 2: target").
inline Status CheckPosition(const char* what, const glm::vec3& position) {
  if (!IsFinite(position)) return Status::Invalid("%s is not finite", what);
  for (int a = 0; a < 3; ++a)
    if (std::fabs(position[a]) > kMaxCoordinate)
      return Status::Invalid("%s is beyond ±%g m (%g on axis %d)", what, kMaxCoordinate, position[a], a);
  return Status::Ok();
}
// Quaternions from outside must be unit within float noise; we renormalise
// after accepting them, but a visibly wrong length means a wrong input.
inline bool IsUnit(const glm::quat& q) { return std::fabs(glm::length(q) - 1.0f) < 1e-3f; }

}  // namespace kin
