#include "kin/euler.h"

#include "kin/forward_generic.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kin {
namespace {

constexpr const char* kNames[static_cast<int>(EulerOrder::kCount)] = {
    "XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX", "XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ",
};


glm::dvec3 Unit(int axis) {
  glm::dvec3 e(0.0);
  e[axis] = 1.0;
  return e;
}

// `angle` shifted by a multiple of 2π to lie nearest `near`.
double Nearest(double angle, double near) {
  const double two_pi = 6.283185307179586;
  return angle + two_pi * std::round((near - angle) / two_pi);
}

}  // namespace

bool IsValidEulerOrder(int order) { return order >= 0 && order < static_cast<int>(EulerOrder::kCount); }

bool ParseEulerOrder(const char* text, EulerOrder* order) {
  for (int i = 0; i < static_cast<int>(EulerOrder::kCount); ++i) {
    if (std::strcmp(text, kNames[i]) == 0) {
      *order = static_cast<EulerOrder>(i);
      return true;
    }
  }
  return false;
}

const char* EulerOrderName(EulerOrder order) {
  return IsValidEulerOrder(static_cast<int>(order)) ? kNames[static_cast<int>(order)] : "???";
}

glm::quat EulerRotation(EulerOrder order, const glm::vec3& angles) { return EulerRotationT(order, angles); }

// Derivation (M = R_a2(θ2) R_a1(θ1) R_a0(θ0), e_x the unit axes, M[r][c] the
// row-r column-c entry; rotations about an axis fix it):
// Tait–Bryan (i, j, k distinct): M[k][i] = e_k·R_j(θ1)e_i = sin θ1 · σ with
// σ = e_k·(e_j × e_i); row k gives θ0 from (−ρ M[k][j], M[k][k]) with
// ρ = e_j·(e_i × e_k); column i gives θ2 from (κ M[j][i], M[i][i]) with
// κ = e_j·(e_k × e_i). Proper (i, j, i), c = e_j × e_i: M[i][i] = cos θ1;
// row i gives θ0 from (row·(e_i × c), −row·c); column i gives θ2 from
// (col·(e_i × c), col·c).
glm::vec3 EulerFromRotation(EulerOrder order, const glm::quat& q_float, const glm::vec3& hint_float) {
  // In double: near gimbal lock slots 0 and 2 come from small matrix entries,
  // whose float rounding would show up in the rebuilt rotation.
  const glm::dquat q = glm::normalize(glm::dquat(q_float));
  const glm::dvec3 hint(hint_float);
  const glm::dmat3 m = glm::mat3_cast(q);
  const int i = EulerAxis(order, 0), j = EulerAxis(order, 1), k3 = EulerAxis(order, 2);
  const glm::dvec3 ei = Unit(i), ej = Unit(j);
  const glm::dvec3 column_i = m[i];
  const glm::dvec3 row_i(m[0][i], m[1][i], m[2][i]);
  const double pi = 3.14159265358979323846;
  glm::dvec3 a, b;  // the two solutions
  const double lock = 1e-9;
  if (i != k3) {
    const int k = k3;
    const glm::dvec3 ek = Unit(k);
    const glm::dvec3 row_k(m[0][k], m[1][k], m[2][k]);
    const double sigma = glm::dot(ek, glm::cross(ej, ei));
    const double rho = glm::dot(ej, glm::cross(ei, ek));
    const double kappa = glm::dot(ej, glm::cross(ek, ei));
    // atan2 of sin and cos (from the other two entries of row k) keeps full
    // precision near ±π/2, where asin loses it.
    const double s1 = sigma * row_k[i];
    const double c1 = std::hypot(row_k[j], row_k[k]);
    const double t1 = std::atan2(s1, c1);
    if (c1 < lock) {
      // Gimbal lock: only θ0 ± θ2 is defined; keep θ0 from the hint.
      const double t0 = hint[0];
      const glm::dquat r2 = q * glm::angleAxis(-t0, ei) * glm::angleAxis(-t1, ej);  // = R_k(θ2)
      const double t2 = 2.0 * std::atan2(glm::dot(glm::dvec3(r2.x, r2.y, r2.z), ek), r2.w);
      a = b = glm::dvec3(t0, t1, t2);
    } else {
      const double t0 = std::atan2(-rho * row_k[j], row_k[k]);
      const double t2 = std::atan2(kappa * column_i[j], column_i[i]);
      a = glm::dvec3(t0, t1, t2);
      b = glm::dvec3(t0 + pi, pi - t1, t2 + pi);
    }
  } else {
    const glm::dvec3 c = glm::cross(ej, ei);
    const glm::dvec3 d = glm::cross(ei, c);
    // As above: atan2 keeps precision near 0 and π, where acos loses it.
    const double s1 = std::hypot(glm::dot(row_i, c), glm::dot(row_i, d));
    const double t1 = std::atan2(s1, row_i[i]);
    if (s1 < lock) {
      const double t0 = hint[0];
      const glm::dquat r2 = q * glm::angleAxis(-t0, ei) * glm::angleAxis(-t1, ej);  // = R_i(θ2)
      const double t2 = 2.0 * std::atan2(glm::dot(glm::dvec3(r2.x, r2.y, r2.z), ei), r2.w);
      a = b = glm::dvec3(t0, t1, t2);
    } else {
      const double t0 = std::atan2(glm::dot(row_i, d), -glm::dot(row_i, c));
      const double t2 = std::atan2(glm::dot(column_i, d), glm::dot(column_i, c));
      a = glm::dvec3(t0, t1, t2);
      b = glm::dvec3(t0 + pi, -t1, t2 + pi);
    }
  }
  for (int s = 0; s < 3; ++s) {
    a[s] = Nearest(a[s], hint[s]);
    b[s] = Nearest(b[s], hint[s]);
  }
  return glm::vec3(glm::dot(a - hint, a - hint) <= glm::dot(b - hint, b - hint) ? a : b);
}

}  // namespace kin
