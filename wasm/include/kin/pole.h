// A pole as a residual that the Jacobian solvers drive to zero together with
// the position goal it rides on. The goal sits on a limb's lower bone
// (forearm, shin): its parent's origin is the upper joint a (shoulder, hip),
// its own origin the middle joint b (elbow, knee), its point the end c
// (wrist, ankle). With u the unit direction of the line a→c,
//   e = (b − a) − ((b − a)·u) u      the middle joint's offset from the line,
//   p = (P − a) − ((P − a)·u) u      the pole's, d = p / |p|,
// the residual is
//   r = s · (d − e / max(|e|, ε)),   s = |b − a|, ε = kStraight · s:
// the direction the middle joint bends in, turned onto the pole's side. It
// is zero exactly when the joint bends toward the pole. The position goal
// fixes a, c and how far the limb bends (its shape), not how far the joint
// has swung about the line a→c, so the two can be met together and the pole
// costs the position goal nothing. For a bent limb (|e| ≥ ε)
// ½ |r|² = s² (1 − cos φ) for a swing φ away from the pole: it depends on the
// swing alone (s is the upper bone's length, rigid), so straightening the
// limb gains nothing, as it would with the offset itself (|e| d − e). A
// nearly straight limb (|e| < ε) has no reliable bend direction; there the
// residual fades linearly to s · d at a straight limb, continuous, and no
// better than bending toward the pole, so a straight limb (a hinge on its
// limit) does not hide from the pole either.
//
// The derivative follows by the chain rule from how an unknown moves the
// three points (for a joint above a point, a × (x − o); for the root offset,
// the identity): see Derivative(). Where the line a→c or the pole's offset
// from it vanishes there is no side to bend toward, and the residual and
// its derivative are zero.
#pragma once

#include <glm/glm.hpp>

namespace kin {

class PoleResidual {
 public:
  PoleResidual() = default;
  // The limb's upper joint, middle joint and end, and the pole (model space).
  PoleResidual(const glm::vec3& upper_ms, const glm::vec3& middle_ms, const glm::vec3& end_ms,
               const glm::vec3& pole_ms);

  // A limb bent less than this fraction of its upper bone's length off the
  // line a→c counts as straight (ε above).
  static constexpr double kStraight = 0.05;

  // r = s · (d − e / max(|e|, ε)).
  glm::dvec3 value() const { return defined_ ? upper_length_ * (side_ - offset_ / bend_scale_) : glm::dvec3(0.0); }

  // dr for one unknown that moves the upper joint by d_upper, the middle
  // joint by d_middle and the end by d_end.
  glm::dvec3 Derivative(const glm::dvec3& d_upper, const glm::dvec3& d_middle, const glm::dvec3& d_end) const;

 private:
  bool defined_ = false;
  glm::dvec3 line_{0.0};        // u
  double line_length_ = 0.0;    // |c − a|
  glm::dvec3 middle_{0.0};      // b − a
  double upper_length_ = 0.0;   // s = |b − a|
  glm::dvec3 pole_{0.0};        // P − a
  glm::dvec3 offset_{0.0};      // e
  double bend_scale_ = 0.0;     // max(|e|, ε)
  bool bent_ = false;           // |e| ≥ ε
  glm::dvec3 pole_offset_{0.0}; // p
  double pole_length_ = 0.0;    // |p|
  glm::dvec3 side_{0.0};        // d
};

}  // namespace kin
