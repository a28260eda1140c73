// Keyframe interpolation over one channel's keys: step, linear, Catmull-Rom
// on non-uniform times, Kochanek–Bartels (TCB) and glTF's cubic spline, for
// values of 1 to 4 numbers (component-wise), and for unit quaternions step,
// slerp and a C¹ quaternion spline. A key's interpolation governs the segment
// from it to the next key (the last key's is unused).
//
// Tangents (all slopes are per second):
// - Catmull-Rom at key k: m_k = (p_{k+1} − p_{k−1}) / (t_{k+1} − t_{k−1}),
//   used in the cubic Hermite on [t_k, t_{k+1}] times the interval length
//   h = t_{k+1} − t_k.
// - End rule: a missing end knot is mirrored, p_{−1} = 2p_0 − p_1 at
//   t_{−1} = 2t_0 − t_1 (likewise p_{n} = 2p_{n−1} − p_{n−2} at
//   t_n = 2t_{n−1} − t_{n−2}), so the end tangent is the chord slope of the
//   end interval: m_0 = (p_1 − p_0) / (t_1 − t_0). One key: a constant.
// - Kochanek–Bartels at key k with tension t, continuity c, bias b, from the
//   differences d⁻ = p_k − p_{k−1} and d⁺ = p_{k+1} − p_k:
//     outgoing (start of [t_k, t_{k+1}]) = (A d⁻ + B d⁺) · 2 / (t_{k+1} − t_{k−1}),
//     incoming (end of [t_{k−1}, t_k])    = (C d⁻ + D d⁺) · 2 / (t_{k+1} − t_{k−1}),
//     A = (1−t)(1+c)(1+b)/2, B = (1−t)(1−c)(1−b)/2,
//     C = (1−t)(1−c)(1+b)/2, D = (1−t)(1+c)(1−b)/2.
//   Kochanek and Bartels' tangents for unit spacing (A d⁻ + B d⁺) times their
//   interval-length adjustment 2h_k / (h_{k−1} + h_k), divided by h_k to make
//   a slope. With t = c = b = 0 this is m_k above; Catmull-Rom is computed by
//   this very formula with zero parameters, so TCB 0/0/0 equals it exactly.
//   A tcb segment reads key k's parameters for its start tangent and key
//   k+1's for its end tangent; end knots are mirrored as above.
// - Cubic spline (glTF CUBICSPLINE): the Hermite from p_k with h · (key k's
//   out-tangent) to p_{k+1} with h · (key k+1's in-tangent).
//
// Quaternion channels:
// - linear: slerp along the shorter arc (constant angular speed);
// - catmull-rom / tcb: the cumulative cubic Hermite of Kim, Kim and Shin
//   (SIGGRAPH 1995) in the rotation-vector (log) space,
//     q(s) = q_k · exp(ω₁ β₁(s)) · exp(ω₂ β₂(s)) · exp(ω₃ β₃(s)),
//     β₁ = 1 − (1−s)³, β₂ = 3s² − 2s³, β₃ = s³,
//     ω₁ = h·w_out,k / 3, ω₃ = h·w_in,k+1 / 3, ω₂ = log(exp(−ω₁) q_k⁻¹ q_{k+1} exp(−ω₃)),
//   whose body angular velocity is w_out,k at q_k and w_in,k+1 at q_{k+1};
//   w is the same Catmull-Rom / TCB formula applied to the log differences
//   d⁻ = log(q_{k−1}⁻¹ q_k), d⁺ = log(q_k⁻¹ q_{k+1}) (shorter arc, rotation
//   vectors angle·axis), so the curve is C¹ in time at every key even with
//   uneven spacing (for TCB: where c = 0), and the mirrored end rule reads
//   d⁻ = d⁺ at the first key and d⁺ = d⁻ at the last.
// - cubic-spline: glTF's component-wise Hermite of x y z w, then normalised.
#pragma once

#include <cstdint>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/span.h"

namespace kin {

// How a key's segment is interpolated. The codes are the contract's order
// (contract().interpolations) and the flat clip's.
enum class Interpolation : int { kStep = 0, kLinear, kCatmullRom, kTcb, kCubicSpline, kCount };

// "step", "linear", "catmull-rom", "tcb", "cubic-spline"; "???" for invalid values.
const char* InterpolationName(Interpolation interpolation);

// One channel's keys as the interpolators read them: key k's values are
// values[size·k .. size·k + size), and so are its tangents (used by
// cubic-spline segments only; may be empty when no key is cubic-spline).
// Times strictly increase.
struct KeyTrack {
  int size = 1;                          // numbers per value: 1..4 (4: a quaternion x y z w)
  Span<const float> times;               // seconds, one per key
  Span<const std::uint8_t> interpolation;  // Interpolation codes, one per key
  Span<const float> tension;             // one per key
  Span<const float> continuity;          // one per key
  Span<const float> bias;                // one per key
  Span<const float> values;              // size per key
  Span<const float> in_tangents;         // size per key, value units per second
  Span<const float> out_tangents;        // size per key, value units per second

  int key_count() const { return static_cast<int>(times.size); }
};

// Kochanek–Bartels tangent weights of one key (see the top of this file).
struct TcbWeights {
  float out_previous, out_next;  // A, B
  float in_previous, in_next;    // C, D
};
TcbWeights TcbWeightsFor(float tension, float continuity, float bias);

// Cubic Hermite at s in [0, 1] between p0 and p1 with end derivatives (with
// respect to s) m0 and m1.
float Hermite(float p0, float m0, float p1, float m1, float s);

// The segment that holds `time`: the largest k with times[k] ≤ time, clamped
// to [0, key_count − 2] (−1 for fewer than 2 keys). Binary search.
int FindSegment(Span<const float> times, float time);

// The track's value at `time` (held at the ends outside the keys) into
// out[0 .. size), component-wise. For size-4 rotation tracks use
// SampleRotationTrack instead.
void SampleTrack(const KeyTrack& track, float time, float* out);

// An upper bound of |component c| of the track's values at any time: keys
// and the overshoot of its cubic segments (NaN or Inf when they overflow).
double TrackComponentBound(const KeyTrack& track, int c);
// A quaternion track (size 4, unit keys) at `time`, held at the ends.
glm::quat SampleRotationTrack(const KeyTrack& track, float time);

// Rotation vector (angle · axis, angle ≤ π) of a unit quaternion, and back.
glm::vec3 QuatLog(const glm::quat& q);
glm::quat QuatExp(const glm::vec3& rotation_vector);

// Slerp from a to b along the shorter arc, s in [0, 1].
glm::quat SlerpShortest(const glm::quat& a, const glm::quat& b, float s);

}  // namespace kin
