#include "kin/euler.h"

#include "kin/forward_generic.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kin {
namespace {

// Axis index per slot for each order, in the enum's order.
constexpr int kAxes[static_cast<int>(EulerOrder::kCount)][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
    {0, 1, 0}, {0, 2, 0}, {1, 0, 1}, {1, 2, 1}, {2, 0, 2}, {2, 1, 2},
};

constexpr const char* kNames[static_cast<int>(EulerOrder::kCount)] = {
    "XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX", "XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ",
};


glm::vec3 Unit(int axis) {
  glm::vec3 e(0.0f);
  e[axis] = 1.0f;
  return e;
}

// `angle` shifted by a multiple of 2π to lie nearest `near`.
float Nearest(float angle, float near) {
  const float two_pi = 6.28318530718f;
  return angle + two_pi * std::round((near - angle) / two_pi);
}

float Distance2(const glm::vec3& a, const glm::vec3& b) {
  const glm::vec3 d = a - b;
  return glm::dot(d, d);
}

}  // namespace

bool IsValidEulerOrder(int order) { return order >= 0 && order < static_cast<int>(EulerOrder::kCount); }

int EulerAxis(EulerOrder order, int slot) { return kAxes[static_cast<int>(order)][slot]; }

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
glm::vec3 EulerFromRotation(EulerOrder order, const glm::quat& q, const glm::vec3& hint) {
  const glm::mat3 m = glm::mat3_cast(glm::normalize(q));
  const int i = EulerAxis(order, 0), j = EulerAxis(order, 1), k3 = EulerAxis(order, 2);
  const glm::vec3 ei = Unit(i), ej = Unit(j);
  const glm::vec3 column_i = m[i];
  const glm::vec3 row_i(m[0][i], m[1][i], m[2][i]);
  glm::vec3 a, b;  // the two solutions
  const float lock = 1e-6f;
  if (i != k3) {
    const int k = k3;
    const glm::vec3 ek = Unit(k);
    const glm::vec3 row_k(m[0][k], m[1][k], m[2][k]);
    const float sigma = glm::dot(ek, glm::cross(ej, ei));
    const float rho = glm::dot(ej, glm::cross(ei, ek));
    const float kappa = glm::dot(ej, glm::cross(ek, ei));
    const float s1 = glm::clamp(sigma * row_k[i], -1.0f, 1.0f);
    const float t1 = std::asin(s1);
    if (std::sqrt(std::max(0.0f, 1.0f - s1 * s1)) < lock) {
      // Gimbal lock: only θ0 ± θ2 is defined; keep θ0 from the hint.
      const float t0 = hint[0];
      const glm::quat r2 = q * glm::angleAxis(-t0, ei) * glm::angleAxis(-t1, ej);  // = R_k(θ2)
      const float t2 = 2.0f * std::atan2(glm::dot(glm::vec3(r2.x, r2.y, r2.z), ek), r2.w);
      a = b = glm::vec3(t0, t1, t2);
    } else {
      const float t0 = std::atan2(-rho * row_k[j], row_k[k]);
      const float t2 = std::atan2(kappa * column_i[j], column_i[i]);
      a = glm::vec3(t0, t1, t2);
      b = glm::vec3(t0 + 3.14159265359f, 3.14159265359f - t1, t2 + 3.14159265359f);
    }
  } else {
    const glm::vec3 c = glm::cross(ej, ei);
    const glm::vec3 d = glm::cross(ei, c);
    const float c1 = glm::clamp(row_i[i], -1.0f, 1.0f);
    const float t1 = std::acos(c1);
    if (std::sin(t1) < lock) {
      const float t0 = hint[0];
      const glm::quat r2 = q * glm::angleAxis(-t0, ei) * glm::angleAxis(-t1, ej);  // = R_i(θ2)
      const float t2 = 2.0f * std::atan2(glm::dot(glm::vec3(r2.x, r2.y, r2.z), ei), r2.w);
      a = b = glm::vec3(t0, t1, t2);
    } else {
      const float t0 = std::atan2(glm::dot(row_i, d), -glm::dot(row_i, c));
      const float t2 = std::atan2(glm::dot(column_i, d), glm::dot(column_i, c));
      a = glm::vec3(t0, t1, t2);
      b = glm::vec3(t0 + 3.14159265359f, -t1, t2 + 3.14159265359f);
    }
  }
  for (int s = 0; s < 3; ++s) {
    a[s] = Nearest(a[s], hint[s]);
    b[s] = Nearest(b[s], hint[s]);
  }
  return Distance2(a, hint) <= Distance2(b, hint) ? a : b;
}

}  // namespace kin
