// The best turn about one axis (core-internal): the angle φ that minimises
//   ½ Σ w |R_a(φ) u − v|²
// for point pairs (u, v) measured from a point on a unit axis a: CCD's step
// for one Euler slot, which turns every goal point below it about the
// slot's axis through the joint origin.
//
// Derivation: split u = u∥ + u⊥ along a. Rodrigues gives
//   R_a(φ) u = u∥ + cos φ · u⊥ + sin φ · (a × u⊥),
// and since |R_a(φ) u| = |u| and (a × u⊥)·v = a·(u⊥ × v⊥),
//   ½ Σ w |R_a(φ) u − v|² = const − (C cos φ + S sin φ),
//   C = Σ w u⊥·v⊥,   S = Σ w a·(u⊥ × v⊥).
// C cos φ + S sin φ = ρ cos(φ − φ*) with φ* = atan2(S, C): the sum is
// smallest at φ*, and along either arc from φ* + π toward φ* it only falls,
// so a turn cut short by a limit still lowers it.
//
// Hold(λ) adds λ (1 − cos φ), a pull toward no turn: C grows by λ. It keeps
// a slot still when the pairs hardly depend on it (points near its axis),
// where φ* would follow rounding, and does not move the fit's fixed points
// (a pose that needs no turn still needs none).
#pragma once

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

namespace kin {
namespace ik_internal {

class AxisFit {
 public:
  explicit AxisFit(const glm::vec3& axis) : axis_(axis) {}

  void Add(const glm::vec3& u, const glm::vec3& v, double weight) {
    const glm::vec3 u_perp = u - glm::dot(u, axis_) * axis_;
    const glm::vec3 v_perp = v - glm::dot(v, axis_) * axis_;
    cos_sum_ += weight * glm::dot(u_perp, v_perp);
    sin_sum_ += weight * glm::dot(axis_, glm::cross(u_perp, v_perp));
    size_sum_ += weight * glm::length(u_perp) * glm::length(v_perp);
    lever_sum_ += weight * glm::length(u) * glm::length(v);
  }

  // A pull toward no turn of `fraction` × Σ w |u||v| (see above).
  void Hold(double fraction) { cos_sum_ += fraction * lever_sum_; }

  // φ*; 0 when the pairs lie on the axis (to rounding), where no angle is
  // better than another and atan2 of rounding noise would turn at random.
  double Angle() const {
    const double noise = 1e-9 * size_sum_;
    if (cos_sum_ * cos_sum_ + sin_sum_ * sin_sum_ <= noise * noise) return 0.0;
    return std::atan2(sin_sum_, cos_sum_);
  }

  // C cos φ + S sin φ: turning by φ lowers the sum by Gain(φ) − Gain(0).
  double Gain(double phi) const { return cos_sum_ * std::cos(phi) + sin_sum_ * std::sin(phi); }

  // The angle for a slot at `from` limited to [lo, hi] (lo <= from <= hi):
  // `from` + relax · φ* by the better of the two ways round, clamped, or
  // `from` itself when neither lowers the sum. relax in (0, 1] shortens the
  // turn (it still lowers the sum, see above).
  //
  // With φ* in (−π, π], the turn relax · φ* ends at least as near φ* (mod
  // 2π) as the way round, relax · (φ* ∓ 2π), does, so when it needs no
  // clamp it is the answer, and no gain need be compared (most slots, most
  // sweeps: this saves two sin/cos pairs per slot).
  float LimitedAngle(float from, float lo, float hi, double relax) const {
    const double phi = Angle();
    const double direct = from + relax * phi;
    if (direct >= lo && direct <= hi) return static_cast<float>(direct);
    float best = from;
    double best_gain = Gain(0.0);
    for (const double way : {phi, phi - std::copysign(6.283185307179586, phi)}) {
      const float to = std::min(std::max(static_cast<float>(from + relax * way), lo), hi);
      const double gain = Gain(static_cast<double>(to) - from);
      if (gain > best_gain) {
        best_gain = gain;
        best = to;
      }
    }
    return best;
  }

 private:
  glm::vec3 axis_;
  double cos_sum_ = 0.0;
  double sin_sum_ = 0.0;
  double size_sum_ = 0.0;   // Σ w |u⊥||v⊥|, the scale the rounding test compares with
  double lever_sum_ = 0.0;  // Σ w |u||v|, the scale of Hold
};

}  // namespace ik_internal
}  // namespace kin
