#include "kin/pole.h"

namespace kin {
namespace {

// Lengths below this fraction of the limb's size are float noise: no
// direction (line, pole side) and no offset to differentiate.
constexpr double kNoise = 1e-7;

// The part of `v` perpendicular to the unit `u`.
glm::dvec3 Across(const glm::dvec3& v, const glm::dvec3& u) { return v - glm::dot(v, u) * u; }

}  // namespace

PoleResidual::PoleResidual(const glm::vec3& upper_ms, const glm::vec3& middle_ms, const glm::vec3& end_ms,
                           const glm::vec3& pole_ms) {
  const glm::dvec3 a(upper_ms);
  const glm::dvec3 span = glm::dvec3(end_ms) - a;
  middle_ = glm::dvec3(middle_ms) - a;
  pole_ = glm::dvec3(pole_ms) - a;
  upper_length_ = glm::length(middle_);
  const double size = upper_length_ + glm::length(glm::dvec3(end_ms) - glm::dvec3(middle_ms));
  line_length_ = glm::length(span);
  if (!(line_length_ > kNoise * size) || !(upper_length_ > kNoise * size)) return;
  line_ = span / line_length_;
  offset_ = Across(middle_, line_);
  pole_offset_ = Across(pole_, line_);
  pole_length_ = glm::length(pole_offset_);
  if (!(pole_length_ > kNoise * (size + glm::length(pole_)))) return;
  side_ = pole_offset_ / pole_length_;
  const double bend = glm::length(offset_);
  bent_ = bend >= kStraight * upper_length_;
  bend_scale_ = bent_ ? bend : kStraight * upper_length_;
  defined_ = true;
}

glm::dvec3 PoleResidual::Derivative(const glm::dvec3& d_upper, const glm::dvec3& d_middle,
                                    const glm::dvec3& d_end) const {
  if (!defined_) return glm::dvec3(0.0);
  // u = (c − a) / |c − a|
  const glm::dvec3 d_line = Across(d_end - d_upper, line_) / line_length_;
  // e = w − (w·u) u with w = b − a; p likewise with P − a (P fixed).
  const auto d_across = [&](const glm::dvec3& v, const glm::dvec3& d_v) {
    return d_v - (glm::dot(d_v, line_) + glm::dot(v, d_line)) * line_ - glm::dot(v, line_) * d_line;
  };
  const glm::dvec3 d_middle_rel = d_middle - d_upper;
  const glm::dvec3 d_offset = d_across(middle_, d_middle_rel);
  const glm::dvec3 d_side = Across(d_across(pole_, -d_upper), side_) / pole_length_;
  // e / |e| when bent, e / ε when nearly straight.
  const glm::dvec3 bend = offset_ / bend_scale_;
  const glm::dvec3 d_bend = bent_ ? Across(d_offset, bend) / bend_scale_ : d_offset / bend_scale_;
  const double d_upper_length = glm::dot(middle_, d_middle_rel) / upper_length_;
  return d_upper_length * (side_ - bend) + upper_length_ * (d_side - d_bend);
}

}  // namespace kin
