// The TypeScript tests' and benchmarks' seeded generator (mulberry32,
// tests/web/seeded-random.ts) in C++, so that a C++ test can draw the very
// numbers the bench draws (fixtures_test.cpp pins it to the TypeScript
// output).
#pragma once

#include <cstdint>

namespace kin_test {

class SeededRandom {
 public:
  explicit SeededRandom(std::uint32_t seed) : state_(seed) {}

  // Uniform in [0, 1): a 32-bit integer over 2³², as seededRandom() returns.
  double Next() {
    state_ += 0x6d2b79f5u;
    std::uint32_t t = state_;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return static_cast<double>(t ^ (t >> 14)) / 4294967296.0;
  }

  // uniform(random, lo, hi) of seeded-random.ts.
  double Uniform(double lo, double hi) { return lo + (hi - lo) * Next(); }

 private:
  std::uint32_t state_;
};

}  // namespace kin_test
