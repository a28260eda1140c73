// A trigonometric polynomial of degree 2 in a turn φ (core-internal):
//   f(φ) = c0 + c1 cos φ + s1 sin φ + c2 cos 2φ + s2 sin 2φ,
// such as |P + cos φ · Q + sin φ · R|² − r², the squared distance from the
// origin of a point turning on an ellipse (a circle under a linear map) less
// a constant: two-bone IK's reach under non-uniform scale (two_bone.cpp).
// It has at most four zeros in a turn; unlike degree 1 (the law of cosines)
// they have no handy closed form, so they are sampled and bisected.
#pragma once

#include <glm/glm.hpp>

namespace kin {
namespace ik_internal {

struct TrigQuadratic {
  double c0 = 0.0, c1 = 0.0, s1 = 0.0, c2 = 0.0, s2 = 0.0;
  double size2 = 0.0;  // the scale of the terms, for Flat()

  // |P + cos φ · Q + sin φ · R|² − length2.
  static TrigQuadratic SquaredLengthGap(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r,
                                        double length2);
  double operator()(double phi) const;
  // Whether f changes with φ by less than rounding.
  bool Flat() const;
};

// The zeros of `f` in [−π, π], into zeros[0..3]; returns how many. f is
// sampled 64 times a turn and each sign change bisected: a pair of zeros
// closer than a sample step (a near tangency) may be missed, where
// LeastAbsolute then stands in for them.
int Zeros(const TrigQuadratic& f, double zeros[4]);

// The φ in [−π, π] where |f| is least.
double LeastAbsolute(const TrigQuadratic& f);

}  // namespace ik_internal
}  // namespace kin
