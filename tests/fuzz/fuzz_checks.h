// What must hold after the core accepted an input: every number it exposes
// is finite and every pose is within its joint limits. A broken promise
// aborts with a message, which is how libFuzzer notices it.
#pragma once

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "kin/rig.h"

namespace kin_fuzz {

[[noreturn]] inline void Fail(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::fprintf(stderr, "fuzz invariant broken: ");
  std::vfprintf(stderr, format, args);
  std::fprintf(stderr, "\n");
  va_end(args);
  std::abort();
}

inline void RequireFinite(const float* values, int count, const char* what) {
  for (int i = 0; i < count; ++i)
    if (!std::isfinite(values[i])) Fail("%s[%d] = %g", what, i, static_cast<double>(values[i]));
}

// Limits are stored as floats; a solver may land on one within rounding.
constexpr float kLimitSlack = 1e-4f;

inline void RequirePoseWithinLimits(const kin::Rig& rig, const char* after) {
  const kin::Skeleton& skeleton = rig.skeleton();
  for (int bone = 0; bone < rig.bone_count(); ++bone) {
    const glm::vec3& angles = rig.angles(bone);
    for (int slot = 0; slot < 3; ++slot) {
      const float lo = skeleton.min_angle(bone)[slot];
      const float hi = skeleton.max_angle(bone)[slot];
      if (!(angles[slot] >= lo - kLimitSlack && angles[slot] <= hi + kLimitSlack))
        Fail("after %s: bone %d slot %d angle %g outside [%g, %g]", after, bone, slot, static_cast<double>(angles[slot]),
             static_cast<double>(lo), static_cast<double>(hi));
    }
  }
  RequireFinite(&rig.root_offset()[0], 3, "root offset");
}

// The buffers the page reads every frame: model matrices, palette, tips.
inline void RequireOutputsFinite(const kin::Rig& rig) {
  const int n = rig.bone_count();
  RequireFinite(rig.model_data(), 16 * n, "model matrices");
  RequireFinite(rig.palette_data(), 16 * n, "palette");
  RequireFinite(rig.tips_data(), 3 * n, "tips");
}

}  // namespace kin_fuzz
