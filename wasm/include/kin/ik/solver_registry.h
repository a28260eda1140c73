// The solver registry: per solver kind its name, which goal features it
// takes and which options it reads; per option its JavaScript key, default
// and valid range. IkJob validates and dispatches from it, the Rig checks its
// settings against it, and the WASM module hands it to TypeScript as its
// contract (wasm/bindings/contract_bindings.cpp), so no list of solvers or options is
// written twice.
//
// SolverKind's order is part of the page's share-link format (a link stores a
// solver as its index): new solvers go at the end, none is ever reordered.
#pragma once

#include <cstddef>

#include <glm/glm.hpp>

#include "kin/span.h"
#include "kin/status.h"

namespace kin {

enum class SolverKind : int {
  kDls = 0,             // damped least squares / Levenberg–Marquardt
  kGaussNewton,         // pseudo-inverse step with line search
  kJacobianTranspose,   // Jᵀe with the optimal step length
  kGradientDescent,     // fixed step, or backtracking line search
  kProjectedGradient,   // gradient descent projected onto the limits
  kCcd,                 // cyclic coordinate descent over the angles
  kFabrik,              // forward and backward reaching, multi-effector
  kTwoBone,             // analytic, law of cosines, with pole
  kLookAt,              // aim a bone axis at the target
  kCount
};

inline bool IsValidSolverKind(SolverKind kind) {
  return static_cast<int>(kind) >= 0 && kind < SolverKind::kCount;
}

// Solver settings. The member initializers are the defaults (DefaultIkOptions);
// the valid ranges are in IkOptionTable().
struct IkOptions {
  int max_iterations = 64;
  float tolerance = 1e-5f;        // converged when every goal is this close (model units)
  float damping = 1e-3f;          // DLS: τ in μ₀ = τ · max diag(J K⁻¹ Jᵀ)
  int max_escapes = 3;            // nudges out of limit traps and saddles (all iterative solvers)
  float step = 0.5f;              // gradient descent: fixed step, or the first step tried
  bool line_search = true;        // gradient descent / Gauss–Newton: backtrack until E decreases
  float soften = 0.0f;            // two-bone: start easing the reach at this fraction (0 = off)
  glm::vec3 aim_axis_bs{0.0f, 1.0f, 0.0f};  // look-at: the bone axis that points at the target
  glm::vec3 up_axis_bs{0.0f, 0.0f, 1.0f};   // look-at: the bone axis that turns toward the pole
  // DLS, CCD, FABRIK: a goal beyond reach is first met by stretching toward it,
  // and the solve stops at the least miss any pose has (ik/stretch.h). Off, every
  // step is the method's own (the step-through lessons show it so).
  bool stretch = true;
};

IkOptions DefaultIkOptions();

// The IkOptions fields, in IkOptionTable() order.
enum class IkSetting : int {
  kMaxIterations = 0, kTolerance, kDamping, kMaxEscapes, kStep, kLineSearch, kSoften, kAimAxis, kUpAxis, kStretch, kCount
};
// A set of settings: bit (1 << setting) per setting.
using IkSettingSet = unsigned;
constexpr IkSettingSet SettingBit(IkSetting setting) { return 1u << static_cast<int>(setting); }

struct SolverInfo {
  SolverKind kind;
  const char* name;        // "dls", "gauss-newton", ...
  bool orientation;        // takes orientation goals
  bool poles;              // takes poles
  // Poses with goals of its own shape (two-bone: a limb's lower bone per
  // goal; look-at: the bone that aims) rather than any goal set.
  bool own_goals;
  // Solves for the root offset too when the job asks (IkJob::move_root):
  // whole-body posing, e.g. hips lowered between pinned feet.
  bool root_translation;
  // Takes the balance goal (IkJob::balance): the Jacobian solvers, whose
  // residual rows it joins.
  bool balance;
  // Takes the floor goal (IkJob::floor): the Jacobian solvers, as balance.
  bool floor;
  // Takes projected goals (Goal::has_projection, rows in image space) and
  // the pose prior (IkJob::prior): the Jacobian solvers, as balance.
  bool projection;
  bool prior;
  IkSettingSet settings;   // the IkOptions fields it reads
};

// The registry entry of a valid kind.
const SolverInfo& GetSolverInfo(SolverKind kind);
const char* SolverKindName(SolverKind kind);  // "???" for an invalid kind
bool ParseSolverKind(const char* name, SolverKind* kind);

// The names of the solvers that have `feature` ("dls, gauss-newton"), for
// messages; truncated to `size`.
void SolverNamesWith(bool SolverInfo::*feature, char* out, std::size_t size);

enum class IkOptionType { kInteger, kNumber, kBoolean, kVec3 };

struct IkOptionInfo {
  IkSetting setting;
  const char* key;    // camelCase, as JavaScript passes it ("maxIterations")
  const char* field;  // the IkOptions member ("max_iterations"), for messages
  IkOptionType type;
  // The member, by type (the others null).
  int IkOptions::*integer;
  float IkOptions::*number;
  bool IkOptions::*boolean;
  glm::vec3 IkOptions::*vector;
  // Valid values of an integer or number: finite, above min and below max
  // (each bound included or not); max is +∞ when there is no upper bound.
  double min, max;
  bool min_inclusive, max_inclusive;
};

// Every IkOptions field, in IkSetting order.
Span<const IkOptionInfo> IkOptionTable();
const IkOptionInfo& GetIkOptionInfo(IkSetting setting);
// The option JavaScript calls `key`, or null.
const IkOptionInfo* FindIkOption(const char* key);

// Checks every option; the message names the bad one.
Status ValidateIkOptions(const IkOptions& options);

}  // namespace kin
