#include "kin/animation/interpolation.h"

#include <algorithm>
#include <cmath>

namespace kin {
namespace {

// The differences on either side of key k and the time they span,
// t_{k+1} − t_{k−1}, with a missing end knot mirrored (interpolation.h).
// `difference(j)` is the difference from key j to key j + 1.
template <typename V, typename Difference>
void Neighbours(Span<const float> times, int k, const Difference& difference, V* previous, V* next, double* span) {
  const int n = static_cast<int>(times.size);
  const auto gap = [&times](int a, int b) { return static_cast<double>(times[b]) - static_cast<double>(times[a]); };
  if (k == 0) {
    *next = *previous = difference(0);
    *span = 2.0 * gap(0, 1);
  } else if (k == n - 1) {
    *previous = *next = difference(n - 2);
    *span = 2.0 * gap(n - 2, n - 1);
  } else {
    *previous = difference(k - 1);
    *next = difference(k);
    *span = gap(k - 1, k + 1);
  }
}

// Key k's outgoing (start of its segment) and incoming (end of the segment
// before it) slopes for Kochanek–Bartels weights `w`, per unit of s on a
// segment `h` seconds long. The ratio h / span is at most 2 whatever the
// key spacing, where a slope per second overflows for keys a denormal apart.
template <typename V, typename Difference>
void KeySlopes(Span<const float> times, int k, const TcbWeights& w, const Difference& difference, float h, V* out,
               V* in) {
  V previous, next;
  double span;
  Neighbours(times, k, difference, &previous, &next, &span);
  const float scale = static_cast<float>(2.0 * static_cast<double>(h) / span);
  if (out != nullptr) *out = (w.out_previous * previous + w.out_next * next) * scale;
  if (in != nullptr) *in = (w.in_previous * previous + w.in_next * next) * scale;
}

// The weights a segment of key k uses at its start (key k) and end (key k+1).
void SegmentWeights(const KeyTrack& track, int k, TcbWeights* start, TcbWeights* end) {
  if (static_cast<Interpolation>(track.interpolation[k]) == Interpolation::kTcb) {
    *start = TcbWeightsFor(track.tension[k], track.continuity[k], track.bias[k]);
    *end = TcbWeightsFor(track.tension[k + 1], track.continuity[k + 1], track.bias[k + 1]);
  } else {
    *start = *end = TcbWeightsFor(0.0f, 0.0f, 0.0f);
  }
}

glm::quat KeyQuat(const KeyTrack& track, int k) {
  const float* v = &track.values[4 * static_cast<std::size_t>(k)];
  return glm::quat(v[3], v[0], v[1], v[2]);
}

void CopyKey(const KeyTrack& track, int k, float* out) {
  const std::size_t at = static_cast<std::size_t>(track.size) * static_cast<std::size_t>(k);
  for (int c = 0; c < track.size; ++c) out[c] = track.values[at + c];
}

// The Hermite end derivatives (with respect to s, so times h) of component c
// of key k's cubic segment (cubic-spline, catmull-rom or tcb).
void SegmentDerivatives(const KeyTrack& track, int k, int c, float h, float* m0, float* m1) {
  const std::size_t size = static_cast<std::size_t>(track.size);
  if (static_cast<Interpolation>(track.interpolation[k]) == Interpolation::kCubicSpline) {
    *m0 = h * track.out_tangents[size * k + c];
    *m1 = h * track.in_tangents[size * (k + 1) + c];
    return;
  }
  TcbWeights start, end;
  SegmentWeights(track, k, &start, &end);
  const auto difference = [&track, size, c](int j) {
    return track.values[size * (j + 1) + c] - track.values[size * j + c];
  };
  KeySlopes<float>(track.times, k, start, difference, h, m0, nullptr);
  KeySlopes<float>(track.times, k + 1, end, difference, h, nullptr, m1);
}

// Component-wise segment value (everything but step, which the callers do).
float SegmentComponent(const KeyTrack& track, int k, int c, float s, float h) {
  const std::size_t size = static_cast<std::size_t>(track.size);
  const float p0 = track.values[size * k + c];
  const float p1 = track.values[size * (k + 1) + c];
  if (static_cast<Interpolation>(track.interpolation[k]) == Interpolation::kLinear) return (1.0f - s) * p0 + s * p1;
  float m0 = 0.0f, m1 = 0.0f;
  SegmentDerivatives(track, k, c, h, &m0, &m1);
  return Hermite(p0, m0, p1, m1, s);
}

}  // namespace

const char* InterpolationName(Interpolation interpolation) {
  switch (interpolation) {
    case Interpolation::kStep: return "step";
    case Interpolation::kLinear: return "linear";
    case Interpolation::kCatmullRom: return "catmull-rom";
    case Interpolation::kTcb: return "tcb";
    case Interpolation::kCubicSpline: return "cubic-spline";
    case Interpolation::kCount: break;
  }
  return "???";
}

TcbWeights TcbWeightsFor(float tension, float continuity, float bias) {
  const float t = 1.0f - tension;
  TcbWeights w;
  w.out_previous = 0.5f * t * (1.0f + continuity) * (1.0f + bias);
  w.out_next = 0.5f * t * (1.0f - continuity) * (1.0f - bias);
  w.in_previous = 0.5f * t * (1.0f - continuity) * (1.0f + bias);
  w.in_next = 0.5f * t * (1.0f + continuity) * (1.0f - bias);
  return w;
}

float Hermite(float p0, float m0, float p1, float m1, float s) {
  const float s2 = s * s, s3 = s2 * s;
  return (2.0f * s3 - 3.0f * s2 + 1.0f) * p0 + (s3 - 2.0f * s2 + s) * m0 + (3.0f * s2 - 2.0f * s3) * p1 +
         (s3 - s2) * m1;
}

int FindSegment(Span<const float> times, float time) {
  const int n = static_cast<int>(times.size);
  if (n < 2) return -1;
  // First key after `time`, minus one: the key that starts its segment.
  const int after = static_cast<int>(std::upper_bound(times.begin(), times.end(), time) - times.begin());
  return std::min(std::max(after - 1, 0), n - 2);
}

void SampleTrack(const KeyTrack& track, float time, float* out) {
  const int n = track.key_count();
  if (n == 1 || time <= track.times[0]) return CopyKey(track, 0, out);
  if (time >= track.times[n - 1]) return CopyKey(track, n - 1, out);
  const int k = FindSegment(track.times, time);
  if (static_cast<Interpolation>(track.interpolation[k]) == Interpolation::kStep) return CopyKey(track, k, out);
  const float h = track.times[k + 1] - track.times[k];
  const float s = (time - track.times[k]) / h;
  for (int c = 0; c < track.size; ++c) out[c] = SegmentComponent(track, k, c, s, h);
}

double TrackComponentBound(const KeyTrack& track, int c) {
  const std::size_t size = static_cast<std::size_t>(track.size);
  const int n = track.key_count();
  double bound = 0.0;
  for (int k = 0; k < n; ++k) bound = std::max(bound, std::fabs(static_cast<double>(track.values[size * k + c])));
  for (int k = 0; k + 1 < n; ++k) {
    const Interpolation kind = static_cast<Interpolation>(track.interpolation[k]);
    if (kind == Interpolation::kStep || kind == Interpolation::kLinear) continue;  // within the keys
    // The Hermite's position weights are ≥ 0 and add up to 1; its derivative
    // weights s(1−s)² and s²(1−s) are at most 4/27 on [0, 1].
    float m0 = 0.0f, m1 = 0.0f;
    SegmentDerivatives(track, k, c, track.times[k + 1] - track.times[k], &m0, &m1);
    const double ends = std::max(std::fabs(static_cast<double>(track.values[size * k + c])),
                                 std::fabs(static_cast<double>(track.values[size * (k + 1) + c])));
    bound = std::max(bound, ends + 4.0 / 27.0 * (std::fabs(static_cast<double>(m0)) + std::fabs(static_cast<double>(m1))));
  }
  return bound;
}

glm::vec3 QuatLog(const glm::quat& q_in) {
  const glm::quat q = q_in.w < 0.0f ? -q_in : q_in;  // the shorter arc
  const glm::vec3 v(q.x, q.y, q.z);
  const float sine = glm::length(v);
  if (sine < 1e-12f) return 2.0f * v;
  return v * (2.0f * std::atan2(sine, q.w) / sine);
}

glm::quat QuatExp(const glm::vec3& r) {
  const float angle = glm::length(r);
  if (angle < 1e-12f) return glm::normalize(glm::quat(1.0f, 0.5f * r.x, 0.5f * r.y, 0.5f * r.z));
  const glm::vec3 v = r * (std::sin(0.5f * angle) / angle);
  return glm::quat(std::cos(0.5f * angle), v.x, v.y, v.z);
}

glm::quat SlerpShortest(const glm::quat& a, const glm::quat& b_in, float s) {
  const glm::quat b = glm::dot(a, b_in) < 0.0f ? -b_in : b_in;
  // a · exp(s · log(a⁻¹ b)): the arc at constant angular speed.
  return glm::normalize(a * QuatExp(s * QuatLog(glm::conjugate(a) * b)));
}

glm::quat SampleRotationTrack(const KeyTrack& track, float time) {
  const int n = track.key_count();
  if (n == 1 || time <= track.times[0]) return KeyQuat(track, 0);
  if (time >= track.times[n - 1]) return KeyQuat(track, n - 1);
  const int k = FindSegment(track.times, time);
  const glm::quat q0 = KeyQuat(track, k), q1 = KeyQuat(track, k + 1);
  const float h = track.times[k + 1] - track.times[k];
  const float s = (time - track.times[k]) / h;
  switch (static_cast<Interpolation>(track.interpolation[k])) {
    case Interpolation::kStep: return q0;
    case Interpolation::kLinear: return SlerpShortest(q0, q1, s);
    case Interpolation::kCubicSpline: {
      float v[4];
      for (int c = 0; c < 4; ++c) v[c] = SegmentComponent(track, k, c, s, h);
      return glm::normalize(glm::quat(v[3], v[0], v[1], v[2]));
    }
    default: break;  // catmull-rom and tcb: the cumulative Hermite
  }
  TcbWeights start, end;
  SegmentWeights(track, k, &start, &end);
  const auto difference = [&track](int j) { return QuatLog(glm::conjugate(KeyQuat(track, j)) * KeyQuat(track, j + 1)); };
  glm::vec3 w0(0.0f), w1(0.0f);
  KeySlopes<glm::vec3>(track.times, k, start, difference, h, &w0, nullptr);
  KeySlopes<glm::vec3>(track.times, k + 1, end, difference, h, nullptr, &w1);
  const glm::vec3 omega1 = w0 / 3.0f;
  const glm::vec3 omega3 = w1 / 3.0f;
  const glm::vec3 omega2 = QuatLog(QuatExp(-omega1) * glm::conjugate(q0) * q1 * QuatExp(-omega3));
  const float u = 1.0f - s;
  const float beta1 = 1.0f - u * u * u;
  const float beta2 = s * s * (3.0f - 2.0f * s);
  const float beta3 = s * s * s;
  return glm::normalize(q0 * QuatExp(beta1 * omega1) * QuatExp(beta2 * omega2) * QuatExp(beta3 * omega3));
}

}  // namespace kin
