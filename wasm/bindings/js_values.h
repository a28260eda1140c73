// Conversions between JavaScript values and the core's numbers that every
// binding file shares.
#pragma once

#include <emscripten/val.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace kin {

// Numbers of a JS array or typed array; a non-number becomes NaN, which the
// core's validation then names.
inline std::vector<float> Numbers(const emscripten::val& v) {
  return emscripten::convertJSArrayToNumberVector<float>(v);
}

inline bool IsArrayLike(const emscripten::val& v) {
  return v.isArray() || (v.typeOf().as<std::string>() == "object" && !v.isNull() &&
                         v["length"].typeOf().as<std::string>() == "number");
}

// The shortest decimal that reads back as `v` in float: a default such as
// 1e-5f reaches JavaScript as 1e-5, not as the double 9.99999974e-6.
inline double ShortestDecimal(float v) {
  char text[32];
  for (int digits = 1; digits < 9; ++digits) {
    std::snprintf(text, sizeof(text), "%.*g", digits, static_cast<double>(v));
    if (std::strtof(text, nullptr) == v) return std::strtod(text, nullptr);
  }
  return static_cast<double>(v);
}

}  // namespace kin
