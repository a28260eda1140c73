// Dense Cholesky solve of a small symmetric positive definite system, in
// place, for the solvers' normal equations (core-internal header).
#pragma once

#include <cmath>

namespace kin {

// Factors the n×n row-major matrix `a` (lower triangle used) into L·Lᵀ in
// place. Returns false if it is not positive definite.
inline bool CholeskyFactor(double* a, int n) {
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0.0)) return false;
    const double l = std::sqrt(d);
    a[j * n + j] = l;
    for (int i = j + 1; i < n; ++i) {
      double v = a[i * n + j];
      for (int k = 0; k < j; ++k) v -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = v / l;
    }
  }
  return true;
}

// Solves L·Lᵀ x = b with the factor from CholeskyFactor; b is overwritten by x.
inline void CholeskySolve(const double* l, int n, double* b) {
  for (int i = 0; i < n; ++i) {
    double v = b[i];
    for (int k = 0; k < i; ++k) v -= l[i * n + k] * b[k];
    b[i] = v / l[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    double v = b[i];
    for (int k = i + 1; k < n; ++k) v -= l[k * n + i] * b[k];
    b[i] = v / l[i * n + i];
  }
}

}  // namespace kin
