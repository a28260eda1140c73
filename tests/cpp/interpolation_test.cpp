// Every interpolation against hand-derived values (the derivation beside each
// number), the end rule, TCB's parameters one at a time, slerp, and the
// quaternion spline's C¹ continuity by finite differences.
#include "kin/animation/interpolation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "clip_fixtures.h"

namespace {

using kin::Interpolation;
using kin_test::TrackData;

constexpr Interpolation kStep = Interpolation::kStep;
constexpr Interpolation kLinear = Interpolation::kLinear;
constexpr Interpolation kCr = Interpolation::kCatmullRom;
constexpr Interpolation kTcb = Interpolation::kTcb;
constexpr Interpolation kCubic = Interpolation::kCubicSpline;

// Hermite basis at s = ½: h00 = h01 = ½, h10 = ⅛, h11 = −⅛; at s = ¼:
// h00 = 2/64 − 3/16 + 1 = 0.84375, h10 = 1/64 − 2/16 + 1/4 = 0.140625,
// h01 = 0.15625, h11 = 1/64 − 1/16 = −0.046875.

// Keys 0 @ 0 s, 1 @ 1 s, 0 @ 3 s, 2 @ 4 s: uneven spacing (1, 2, 1).
TrackData UnevenTrack(Interpolation interpolation) {
  return TrackData(1, {{0, {0}, interpolation}, {1, {1}, interpolation}, {3, {0}, interpolation}, {4, {2}, interpolation}});
}

TEST(Interpolation, CatmullRomPassesThroughTheKnots) {
  const TrackData track = UnevenTrack(kCr);
  EXPECT_EQ(track.At(0), 0.0f);
  EXPECT_NEAR(track.At(1), 1.0f, 1e-6f);
  EXPECT_NEAR(track.At(3), 0.0f, 1e-6f);
  EXPECT_EQ(track.At(4), 2.0f);
  // Held outside the keys.
  EXPECT_EQ(track.At(-1), 0.0f);
  EXPECT_EQ(track.At(9), 2.0f);
}

TEST(Interpolation, CatmullRomAtMidpointsWithUnevenSpacing) {
  const TrackData track = UnevenTrack(kCr);
  // Tangents (per second): m0 = (1 − 0)/(1 − 0) = 1 (mirrored end: the chord
  // slope), m1 = (0 − 0)/(3 − 0) = 0, m2 = (2 − 1)/(4 − 1) = 1/3,
  // m3 = (2 − 0)/(4 − 3) = 2 (mirrored end).
  // [0, 1], h = 1, s = ½: ½·0 + ⅛·1·1 + ½·1 − ⅛·1·0 = 0.625.
  EXPECT_NEAR(track.At(0.5f), 0.625f, 1e-6f);
  // [1, 3], h = 2, s = ½: ½·1 + ⅛·2·0 + ½·0 − ⅛·2·(1/3) = 0.5 − 1/12 = 0.4166667.
  EXPECT_NEAR(track.At(2.0f), 0.5f - 1.0f / 12.0f, 1e-6f);
  // [3, 4], h = 1, s = ½: ½·0 + ⅛·(1/3) + ½·2 − ⅛·2 = 1/24 + 0.75 = 0.7916667.
  EXPECT_NEAR(track.At(3.5f), 1.0f / 24.0f + 0.75f, 1e-6f);
}

TEST(Interpolation, CatmullRomMirrorsAMissingEndKnot) {
  // The end rule says p_{−1} = 2p_0 − p_1 at t_{−1} = 2t_0 − t_1: with that
  // knot written out (−1 @ −1 s), the first interval must be the same.
  const TrackData mirrored = UnevenTrack(kCr);
  const TrackData explicit_knot(1, {{-1, {-1}, kCr}, {0, {0}, kCr}, {1, {1}, kCr}, {3, {0}, kCr}, {4, {2}, kCr}});
  // And at the end: 2·2 − 0 = 4 @ 2·4 − 3 = 5 s.
  const TrackData explicit_end(1, {{0, {0}, kCr}, {1, {1}, kCr}, {3, {0}, kCr}, {4, {2}, kCr}, {5, {4}, kCr}});
  for (float t = 0.0f; t <= 1.0f; t += 0.125f) EXPECT_NEAR(mirrored.At(t), explicit_knot.At(t), 1e-6f) << t;
  for (float t = 3.0f; t <= 4.0f; t += 0.125f) EXPECT_NEAR(mirrored.At(t), explicit_end.At(t), 1e-6f) << t;
}

TEST(Interpolation, TcbWithZeroParametersIsCatmullRomExactly) {
  const TrackData cr = UnevenTrack(kCr);
  const TrackData tcb = UnevenTrack(kTcb);
  for (float t = -0.5f; t <= 4.5f; t += 0.0625f) EXPECT_EQ(cr.At(t), tcb.At(t)) << t;
}

TEST(Interpolation, TcbTensionScalesTheTangents) {
  // Tension ½ on keys 1 and 2 halves their tangents: m1 = 0, m2 = ½·(1/3) = 1/6.
  // [1, 3], h = 2, s = ½: ½·1 − ⅛·2·(1/6) = 0.5 − 1/24 = 0.4583333 (Catmull-Rom: 0.4166667).
  const TrackData track(1, {{0, {0}, kTcb}, {1, {1}, kTcb, 0.5f}, {3, {0}, kTcb, 0.5f}, {4, {2}, kTcb}});
  EXPECT_NEAR(track.At(2.0f), 0.5f - 1.0f / 24.0f, 1e-6f);
}

TEST(Interpolation, TcbContinuitySplitsTheTangents) {
  // Continuity ½ on key 2 (0 @ 3 s; d⁻ = 0 − 1 = −1, d⁺ = 2 − 0 = 2, span 4 − 1 = 3):
  //   incoming = (C d⁻ + D d⁺)·2/3 with C = (1−c)/2 = ¼, D = (1+c)/2 = ¾: (−¼ + 1.5)·⅔ = 5/6;
  //   outgoing = (A d⁻ + B d⁺)·2/3 with A = ¾, B = ¼: (−¾ + ½)·⅔ = −1/6.
  // [1, 3], h = 2, s = ½, m1 = 0: ½·1 − ⅛·2·(5/6) = 0.5 − 5/24 = 0.2916667.
  // [3, 4], h = 1, s = ½, end key mirrored m3 = 2: ⅛·(−1/6) + ½·2 − ⅛·2 = 0.75 − 1/48 = 0.7291667.
  const TrackData track(1, {{0, {0}, kTcb}, {1, {1}, kTcb}, {3, {0}, kTcb, 0.0f, 0.5f}, {4, {2}, kTcb}});
  EXPECT_NEAR(track.At(2.0f), 0.5f - 5.0f / 24.0f, 1e-6f);
  EXPECT_NEAR(track.At(3.5f), 0.75f - 1.0f / 48.0f, 1e-6f);
}

TEST(Interpolation, TcbBiasLeansTowardThePreviousKey) {
  // Bias ½ on key 1 (1 @ 1 s; d⁻ = 1, d⁺ = −1, span 3): outgoing =
  // (A d⁻ + B d⁺)·2/3 with A = (1+b)/2 = ¾, B = (1−b)/2 = ¼: (¾ − ¼)·⅔ = 1/3.
  // [1, 3], h = 2, at s = ¼ (t = 1.5) with m2 = 1/3:
  //   0.84375·1 + 0.140625·2·(1/3) + 0.15625·0 − 0.046875·2·(1/3) = 0.84375 + 0.09375 − 0.03125 = 0.90625
  // (Catmull-Rom, m1 = 0: 0.8125).
  const TrackData track(1, {{0, {0}, kTcb}, {1, {1}, kTcb, 0.0f, 0.0f, 0.5f}, {3, {0}, kTcb}, {4, {2}, kTcb}});
  EXPECT_NEAR(track.At(1.5f), 0.90625f, 1e-6f);
  EXPECT_NEAR(UnevenTrack(kCr).At(1.5f), 0.8125f, 1e-6f);
}

TEST(Interpolation, StepHoldsAndLinearBlends) {
  const TrackData step = UnevenTrack(kStep);
  EXPECT_EQ(step.At(0.99f), 0.0f);
  EXPECT_EQ(step.At(1.0f), 1.0f);
  EXPECT_EQ(step.At(2.9f), 1.0f);
  EXPECT_EQ(step.At(3.5f), 0.0f);
  const TrackData linear = UnevenTrack(kLinear);
  EXPECT_NEAR(linear.At(1.5f), 0.75f, 1e-7f);  // a quarter of the way from 1 to 0
  EXPECT_NEAR(linear.At(3.25f), 0.5f, 1e-7f);  // a quarter of the way from 0 to 2
}

TEST(Interpolation, MixedKeysEachGovernTheirOwnSegment) {
  // A step key then a linear key: the first segment holds, the second blends.
  const TrackData track(1, {{0, {1}, kStep}, {1, {3}, kLinear}, {2, {5}, kLinear}});
  EXPECT_EQ(track.At(0.5f), 1.0f);
  EXPECT_NEAR(track.At(1.5f), 4.0f, 1e-6f);
}

TEST(Interpolation, CubicSplineIsGltfsHermite) {
  // glTF: p = h00·v0 + h10·t_d·b0 + h01·v1 + h11·t_d·a1 with b0 = 1.5 (out),
  // a1 = −0.5 (in), t_d = 3 − 1 = 2, at t = 1.5 (s = ¼):
  // 0.84375·2 + 0.140625·3 + 0.15625·5 − 0.046875·(−1) = 1.6875 + 0.421875 + 0.78125 + 0.046875 = 2.9375.
  const TrackData track(1, {{1, {2}, kCubic, 0, 0, 0, {9.0f}, {1.5f}}, {3, {5}, kCubic, 0, 0, 0, {-0.5f}, {9.0f}}});
  EXPECT_NEAR(track.At(1.5f), 2.9375f, 1e-6f);
}

TEST(Interpolation, VectorsAreComponentWise) {
  const TrackData track(3, {{0, {0, 1, 2}, kCr}, {1, {1, 1, 0}, kCr}, {3, {0, 5, 1}, kCr}, {4, {2, 0, 0}, kCr}});
  float out[3];
  kin::SampleTrack(track.track(), 0.5f, out);
  EXPECT_NEAR(out[0], 0.625f, 1e-6f);  // the x keys are UnevenTrack's
  // y on [0, 1]: m0 = (1 − 1)/1 = 0, m1 = (5 − 1)/3 = 4/3: ½ + ½ − ⅛·(4/3) = 1 − 1/6.
  EXPECT_NEAR(out[1], 1.0f - 1.0f / 6.0f, 1e-6f);
}

glm::quat AboutAxis(const glm::vec3& axis, float angle) { return glm::angleAxis(angle, glm::normalize(axis)); }

// Angle (rad) of the rotation a⁻¹ b.
float AngleBetween(const glm::quat& a, const glm::quat& b) { return glm::length(kin::QuatLog(glm::conjugate(a) * b)); }

using QuatKeys = std::vector<std::pair<float, glm::quat>>;

TrackData QuatTrack(Interpolation interpolation, const QuatKeys& keys) {
  TrackData data(4, {});
  for (const auto& [time, q] : keys) {
    data.times.push_back(time);
    data.interpolation.push_back(static_cast<std::uint8_t>(interpolation));
    data.tension.push_back(0.0f);
    data.continuity.push_back(0.0f);
    data.bias.push_back(0.0f);
    for (float v : {q.x, q.y, q.z, q.w}) {
      data.values.push_back(v);
      data.in_tangents.push_back(0.0f);
      data.out_tangents.push_back(0.0f);
    }
  }
  return data;
}

TEST(Interpolation, SlerpTurnsAtConstantSpeedAlongTheShorterArc) {
  // 170° and −170° about z (given as the negated quaternion too): the short
  // way is 20° through 180°, at 1° per 0.05 of s.
  const glm::quat a = AboutAxis({0, 0, 1}, glm::radians(170.0f));
  const glm::quat b = -AboutAxis({0, 0, 1}, glm::radians(-170.0f));
  const TrackData track = QuatTrack(kLinear, {{0.0f, a}, {2.0f, b}});
  glm::quat previous = a;
  for (int i = 1; i <= 20; ++i) {
    const glm::quat q = kin::SampleRotationTrack(track.track(), 0.1f * i);
    EXPECT_NEAR(AngleBetween(previous, q), glm::radians(1.0f), 1e-5f) << i;
    EXPECT_NEAR(AngleBetween(a, q), glm::radians(1.0f * i), 1e-5f) << i;
    previous = q;
  }
  // Halfway: 180° about z.
  EXPECT_NEAR(AngleBetween(kin::SampleRotationTrack(track.track(), 1.0f), AboutAxis({0, 0, 1}, glm::radians(180.0f))), 0.0f, 1e-5f);
}

TEST(Interpolation, QuaternionSplineAboutOneAxisIsTheScalarCatmullRom) {
  // Rotations about one axis commute, so the cumulative Hermite in log space
  // is the scalar Catmull-Rom of the angle: UnevenTrack's keys as angles
  // about (1, 2, 2)/3 give its hand-derived values (0.625 at 0.5 s,
  // 0.4166667 at 2 s, 0.7916667 at 3.5 s) as angles.
  const glm::vec3 axis(1.0f / 3.0f, 2.0f / 3.0f, 2.0f / 3.0f);
  const TrackData track = QuatTrack(kCr, {{0.0f, AboutAxis(axis, 0.0f)}, {1.0f, AboutAxis(axis, 1.0f)},
                                          {3.0f, AboutAxis(axis, 0.0f)}, {4.0f, AboutAxis(axis, 2.0f)}});
  const std::pair<float, float> expected[] = {{0.5f, 0.625f}, {2.0f, 0.5f - 1.0f / 12.0f}, {3.5f, 1.0f / 24.0f + 0.75f}};
  for (const auto& [time, angle] : expected) {
    const glm::vec3 r = kin::QuatLog(kin::SampleRotationTrack(track.track(), time));
    EXPECT_NEAR(glm::dot(r, axis), angle, 2e-6f) << time;
    EXPECT_NEAR(glm::length(r - glm::dot(r, axis) * axis), 0.0f, 2e-6f) << time;
  }
}

// Body angular velocity (rad/s) at `t` from the left and from the right:
// one-sided differences over [t − ε, t] and [t − 2ε, t − ε] (velocities at
// t − ε/2 and t − 3ε/2) extrapolated linearly to t, so their error is O(ε²)
// (likewise on the right).
void OneSidedVelocities(const TrackData& track, float t, float eps, glm::vec3* before, glm::vec3* after) {
  const auto velocity = [&track](float a, float b) {
    return kin::QuatLog(glm::conjugate(kin::SampleRotationTrack(track.track(), a)) * kin::SampleRotationTrack(track.track(), b)) / (b - a);
  };
  const glm::vec3 left1 = velocity(t - eps, t), left2 = velocity(t - 2.0f * eps, t - eps);
  const glm::vec3 right1 = velocity(t, t + eps), right2 = velocity(t + eps, t + 2.0f * eps);
  *before = left1 + 0.5f * (left1 - left2);
  *after = right1 - 0.5f * (right2 - right1);
}

TEST(Interpolation, QuaternionSplineIsC1AtKnotsWithUnevenSpacing) {
  // Turns about different axes at key spacings 0.5, 1.5, 0.3, 0.7 s.
  const QuatKeys keys = {
      {0.0f, AboutAxis({0, 0, 1}, 0.0f)},
      {0.5f, AboutAxis({1, 0, 0}, 0.9f)},
      {2.0f, AboutAxis({0, 1, 1}, 1.7f)},
      {2.3f, AboutAxis({1, -1, 0}, -0.6f)},
      {3.0f, AboutAxis({0, 0, 1}, 2.2f)},
  };
  const TrackData spline = QuatTrack(kCr, keys);
  const TrackData tcb = QuatTrack(kTcb, keys);
  const TrackData slerp = QuatTrack(kLinear, keys);
  const float eps = 1e-3f;
  for (int k = 1; k <= 3; ++k) {
    const float knot = keys[k].first;
    glm::vec3 before, after;
    OneSidedVelocities(spline, knot, eps, &before, &after);
    // The estimates differ by O(ε²) (≈ 2e-4 here); a kink would differ by O(|ω|) ≈ 1 rad/s.
    EXPECT_LT(glm::length(after - before), 2e-3f) << knot << " |w| " << glm::length(after);
    EXPECT_GT(glm::length(after), 0.3f) << knot;
    // The spline passes through the key.
    EXPECT_NEAR(AngleBetween(kin::SampleRotationTrack(spline.track(), knot), keys[k].second), 0.0f, 1e-5f) << knot;
    // TCB with zero parameters is the same curve.
    for (float dt : {-0.2f, -0.05f, 0.05f, 0.2f})
      EXPECT_EQ(kin::SampleRotationTrack(spline.track(), knot + dt), kin::SampleRotationTrack(tcb.track(), knot + dt));
    // The test tells a kink: slerp's velocity jumps at the knot.
    OneSidedVelocities(slerp, knot, eps, &before, &after);
    EXPECT_GT(glm::length(after - before), 0.2f) << knot;
  }
}

TEST(Interpolation, QuaternionStepAndCubicSpline) {
  const glm::quat a = AboutAxis({0, 0, 1}, 0.4f), b = AboutAxis({0, 1, 0}, 1.0f);
  const TrackData step = QuatTrack(kStep, {{0.0f, a}, {1.0f, b}});
  EXPECT_EQ(kin::SampleRotationTrack(step.track(), 0.7f), a);
  EXPECT_EQ(kin::SampleRotationTrack(step.track(), 1.0f), b);
  // Zero tangents, s = ½: each component is ½a + ½b, then normalised (glTF).
  const TrackData cubic = QuatTrack(kCubic, {{0.0f, a}, {1.0f, b}});
  const glm::quat q = kin::SampleRotationTrack(cubic.track(), 0.5f);
  const glm::quat expected = glm::normalize(glm::quat(0.5f * (a.w + b.w), 0.5f * (a.x + b.x), 0.5f * (a.y + b.y), 0.5f * (a.z + b.z)));
  EXPECT_NEAR(glm::dot(q, expected), 1.0f, 1e-6f);
}

// A cubic segment's shape depends on the ratios of its key spacings only,
// so keys a few denormals apart (1, 3, 4 smallest floats: UnevenTrack's
// spacing) must give UnevenTrack's values, not a slope per second that
// overflows to infinity and turns into NaN (a clip the fuzzer built).
TEST(Interpolation, KeysADenormalApartInterpolateAsTheirRatiosSay) {
  const float tick = std::numeric_limits<float>::denorm_min();
  const TrackData scalar(1, {{0, {0}, kCr}, {tick, {1}, kCr}, {3 * tick, {0}, kCr}, {4 * tick, {2}, kCr}});
  // [1, 3] ticks at 2 ticks: s = ½, so 0.5 − 1/12 as at 2 s in UnevenTrack.
  EXPECT_NEAR(scalar.At(2 * tick), 0.5f - 1.0f / 12.0f, 1e-6f);
  const glm::vec3 axis(1.0f / 3.0f, 2.0f / 3.0f, 2.0f / 3.0f);
  for (const Interpolation kind : {kCr, kTcb}) {
    const TrackData turns = QuatTrack(kind, {{0.0f, AboutAxis(axis, 0.0f)}, {tick, AboutAxis(axis, 1.0f)},
                                             {3 * tick, AboutAxis(axis, 0.0f)}, {4 * tick, AboutAxis(axis, 2.0f)}});
    const glm::vec3 r = kin::QuatLog(kin::SampleRotationTrack(turns.track(), 2 * tick));
    EXPECT_NEAR(glm::dot(r, axis), 0.5f - 1.0f / 12.0f, 2e-6f);
  }
}

TEST(Interpolation, LogAndExpAreInverse) {
  const glm::vec3 r(0.3f, -1.1f, 2.0f);
  const glm::vec3 back = kin::QuatLog(kin::QuatExp(r));
  EXPECT_NEAR(glm::length(back - r), 0.0f, 1e-5f);
  // The shorter arc: −q gives the same rotation vector.
  EXPECT_NEAR(glm::length(kin::QuatLog(-kin::QuatExp(r)) - r), 0.0f, 1e-5f);
}

TEST(Interpolation, FindSegment) {
  const std::vector<float> times = {0.0f, 1.0f, 3.0f};
  EXPECT_EQ(kin::FindSegment(times, -1.0f), 0);
  EXPECT_EQ(kin::FindSegment(times, 0.999f), 0);
  EXPECT_EQ(kin::FindSegment(times, 1.0f), 1);
  EXPECT_EQ(kin::FindSegment(times, 5.0f), 1);
  EXPECT_EQ(kin::FindSegment(std::vector<float>{2.0f}, 5.0f), -1);
}

}  // namespace
