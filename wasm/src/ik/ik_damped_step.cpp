// IkState's steps: the normal matrix J K⁻¹ Jᵀ, the damped step with an
// active set for the limits, the chord step on its factor, and the trial
// configuration a step makes.
#include "ik_state.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "cholesky.h"

namespace kin {
namespace ik_internal {
namespace {

// Passes of the active-set loop: each may move more angles onto their limits.
constexpr int kActiveSetPasses = 4;

}  // namespace

void IkState::AddOuter(double* a, int c, double sign) const {
  const double* col = Column(c);
  const double scale = sign * ws.compliance_[c];
  const int begin = RowBegin(c);
  if (RowEnd(c) - begin == 3) {
    // Most columns (a limb's bones) move one point goal: a 3×3 block, unrolled.
    const double c0 = col[begin], c1 = col[begin + 1], c2 = col[begin + 2];
    double* a0 = a + begin * m + begin;
    double* a1 = a0 + m;
    double* a2 = a1 + m;
    a0[0] += scale * c0 * c0;
    a1[0] += scale * c1 * c0;
    a1[1] += scale * c1 * c1;
    a2[0] += scale * c2 * c0;
    a2[1] += scale * c2 * c1;
    a2[2] += scale * c2 * c2;
    return;
  }
  for (int r1 = begin; r1 < RowEnd(c); ++r1) {
    if (col[r1] == 0.0) continue;
    const double scaled = scale * col[r1];
    for (int r2 = begin; r2 <= r1; ++r2) a[r1 * m + r2] += scaled * col[r2];
  }
}

void IkState::BuildNormal() {
  std::fill(ws.jjt_.begin(), ws.jjt_.begin() + m * m, 0.0);
  for (int c = 0; c < dof_count; ++c)
    if (ws.free_[c]) AddOuter(ws.jjt_.data(), c, 1.0);
}

double IkState::NormalDiagonalMax() const {
  double diag_max = 0.0;
  for (int r = 0; r < m; ++r) diag_max = std::max(diag_max, ws.jjt_[r * m + r]);
  return diag_max;
}

bool IkState::ComputeDampedStep(double mu) {
  factor_unclamped_ = false;
  std::copy(ws.free_.begin(), ws.free_.begin() + dof_count, dc.step_free_.begin());
  std::fill(ws.step_.begin(), ws.step_.begin() + dof_count, 0.0);
  std::copy(ws.residual_.begin(), ws.residual_.begin() + m, ws.rhs_.begin());
  // ws.pass_jjt_ is made on the first clamp: most steps clamp nothing.
  bool downdated = false;
  for (int pass = 0; pass < kActiveSetPasses; ++pass) {
    // The lower triangle, row by row: all the factorisation reads, and
    // copies small enough that Emscripten's memcpy keeps them in WASM.
    const std::vector<double>& normal = downdated ? ws.pass_jjt_ : ws.jjt_;
    for (int r = 0; r < m; ++r) {
      std::copy(normal.begin() + r * m, normal.begin() + r * m + r + 1, dc.normal_.begin() + r * m);
      dc.normal_[r * m + r] += mu;
    }
    if (!CholeskyFactor(dc.normal_.data(), m)) return false;
    std::copy(ws.rhs_.begin(), ws.rhs_.begin() + m, ws.solution_.begin());
    CholeskySolve(dc.normal_.data(), m, ws.solution_.data());

    // Angles whose step crosses a limit go onto it and leave the free set;
    // their motion is taken out of the residual the others solve for.
    bool clamped = false;
    for (int c = 0; c < dof_count; ++c) {
      if (!dc.step_free_[c]) continue;
      const double* col = Column(c);
      double h = 0.0;
      for (int r = RowBegin(c); r < RowEnd(c); ++r) h += col[r] * ws.solution_[r];
      h *= ws.compliance_[c];
      ws.step_[c] = h;
      const double to = Value(c) + h;
      if (to > Max(c) || to < Min(c)) {
        ws.step_[c] = (to > Max(c) ? Max(c) : Min(c)) - static_cast<double>(Value(c));
        dc.step_free_[c] = 0;
        for (int r = RowBegin(c); r < RowEnd(c); ++r) ws.rhs_[r] -= col[r] * ws.step_[c];
        if (!downdated) std::copy(ws.jjt_.begin(), ws.jjt_.begin() + m * m, ws.pass_jjt_.begin());
        downdated = true;
        AddOuter(ws.pass_jjt_.data(), c, -1.0);  // a rank-1 downdate, not a rebuild
        clamped = true;
      }
    }
    if (!clamped) {
      factor_unclamped_ = pass == 0;
      break;
    }
  }
  Predict();
  return true;
}

bool IkState::ComputeChordStep() {
  if (!factor_unclamped_) return false;
  std::copy(ws.residual_.begin(), ws.residual_.begin() + m, ws.solution_.begin());
  CholeskySolve(dc.normal_.data(), m, ws.solution_.data());
  for (int c = 0; c < dof_count; ++c) {
    ws.step_[c] = 0.0;
    if (!dc.step_free_[c]) continue;
    const double* col = Column(c);
    double h = 0.0;
    for (int r = RowBegin(c); r < RowEnd(c); ++r) h += col[r] * ws.solution_[r];
    h *= ws.compliance_[c];
    const double to = Value(c) + h;
    if (to > Max(c) || to < Min(c)) return false;
    ws.step_[c] = h;
  }
  Predict();
  return true;
}

void IkState::Predict() {
  std::fill(ws.predicted_.begin(), ws.predicted_.begin() + m, 0.0);
  for (int c = 0; c < dof_count; ++c) {
    if (ws.step_[c] == 0.0) continue;
    const double* col = Column(c);
    for (int r = RowBegin(c); r < RowEnd(c); ++r) ws.predicted_[r] += col[r] * ws.step_[c];
  }
}

double IkState::MakeTrial(double scale) {
  for (int j = 0; j < n; ++j) ws.trial_angles_[j] = job.angles[j];
  trial_root_ms = root_ms;
  double step_max = 0.0;
  for (int c = 0; c < dof_count; ++c) {
    const float to = std::min(std::max(static_cast<float>(Value(c) + scale * ws.step_[c]), Min(c)), Max(c));
    (IsRoot(c) ? trial_root_ms : ws.trial_angles_[Bone(c)])[Slot(c)] = to;
    step_max = std::max(step_max, std::fabs(static_cast<double>(to) - Value(c)));
  }
  // Swing-twist cones are not boxes: project those joints as a whole.
  ProjectSwingTwist(ws.trial_angles_);
  return step_max;
}

double IkState::PredictedDecrease() const {
  double decrease = 0.0;
  for (int r = 0; r < m; ++r)
    decrease += ws.residual_[r] * ws.predicted_[r] - 0.5 * ws.predicted_[r] * ws.predicted_[r];
  return decrease;
}

}  // namespace ik_internal
}  // namespace kin
