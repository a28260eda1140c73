#include "trig_quadratic.h"

#include <cmath>

namespace kin {
namespace ik_internal {
namespace {

constexpr double kPi = 3.141592653589793;
constexpr int kSamples = 64;

double SampleTurn(int i) { return -kPi + 2.0 * kPi * i / kSamples; }

// cos φ, sin φ, cos 2φ, sin 2φ at the samples 0..kSamples, computed once:
// two-bone IK may sample several bend planes per limb in a drag frame.
struct SampleTrig {
  double c[kSamples + 1], s[kSamples + 1], c2[kSamples + 1], s2[kSamples + 1];
  SampleTrig() {
    for (int i = 0; i <= kSamples; ++i) {
      const double phi = SampleTurn(i);
      c[i] = std::cos(phi);
      s[i] = std::sin(phi);
      c2[i] = std::cos(2.0 * phi);
      s2[i] = std::sin(2.0 * phi);
    }
  }
};
const SampleTrig kSampleTrig;

double AtSample(const TrigQuadratic& f, int i) {
  const SampleTrig& t = kSampleTrig;
  return f.c0 + f.c1 * t.c[i] + f.s1 * t.s[i] + f.c2 * t.c2[i] + f.s2 * t.s2[i];
}

// The zero of `f` in [lo, hi], where its sign changes.
double Bisect(const TrigQuadratic& f, double lo, double hi) {
  const bool lo_negative = f(lo) < 0.0;
  for (int i = 0; i < 64 && hi - lo > 1e-15; ++i) {
    const double mid = 0.5 * (lo + hi);
    ((f(mid) < 0.0) == lo_negative ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// Where |f| is least in [lo, hi], by golden-section search (one minimum
// there: the extremum next to the least sample).
double GoldenLeastAbsolute(const TrigQuadratic& f, double lo, double hi) {
  const double golden = 0.6180339887498949;
  double x1 = hi - golden * (hi - lo), x2 = lo + golden * (hi - lo);
  double f1 = std::fabs(f(x1)), f2 = std::fabs(f(x2));
  for (int i = 0; i < 80 && hi - lo > 1e-12; ++i) {
    if (f1 < f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - golden * (hi - lo);
      f1 = std::fabs(f(x1));
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + golden * (hi - lo);
      f2 = std::fabs(f(x2));
    }
  }
  return 0.5 * (lo + hi);
}

}  // namespace

TrigQuadratic TrigQuadratic::SquaredLengthGap(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r,
                                              double length2) {
  // cos² = (1 + cos 2φ) / 2, sin² = (1 − cos 2φ) / 2, 2 sin cos = sin 2φ.
  TrigQuadratic f;
  f.c0 = glm::dot(p, p) + 0.5 * (glm::dot(q, q) + glm::dot(r, r)) - length2;
  f.c1 = 2.0 * glm::dot(p, q);
  f.s1 = 2.0 * glm::dot(p, r);
  f.c2 = 0.5 * (glm::dot(q, q) - glm::dot(r, r));
  f.s2 = glm::dot(q, r);
  f.size2 = glm::dot(p, p) + glm::dot(q, q) + glm::dot(r, r);
  return f;
}

double TrigQuadratic::operator()(double phi) const {
  return c0 + c1 * std::cos(phi) + s1 * std::sin(phi) + c2 * std::cos(2.0 * phi) + s2 * std::sin(2.0 * phi);
}

bool TrigQuadratic::Flat() const {
  return std::fabs(c1) + std::fabs(s1) + std::fabs(c2) + std::fabs(s2) <= 1e-12 * size2;
}

int Zeros(const TrigQuadratic& f, double zeros[4]) {
  int count = 0;
  bool negative = AtSample(f, 0) < 0.0;
  for (int i = 1; i <= kSamples && count < 4; ++i) {
    const bool next = AtSample(f, i) < 0.0;
    if (next != negative) zeros[count++] = Bisect(f, SampleTurn(i - 1), SampleTurn(i));
    negative = next;
  }
  return count;
}

double LeastAbsolute(const TrigQuadratic& f) {
  int least = 0;
  double least_value = std::fabs(AtSample(f, 0));
  for (int i = 1; i < kSamples; ++i) {
    const double value = std::fabs(AtSample(f, i));
    if (value < least_value) {
      least_value = value;
      least = i;
    }
  }
  const double step = 2.0 * kPi / kSamples;
  return std::remainder(GoldenLeastAbsolute(f, SampleTurn(least) - step, SampleTurn(least) + step), 2.0 * kPi);
}

}  // namespace ik_internal
}  // namespace kin
