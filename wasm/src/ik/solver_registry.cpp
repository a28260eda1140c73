// The solver and option tables (see kin/ik/solver_registry.h), and the
// dispatch IkJob::Run takes from the solver table.
#include "kin/ik/solver_registry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <limits>

#include "../math_checks.h"
#include "solvers.h"

namespace kin {
namespace {

constexpr IkSettingSet Settings(std::initializer_list<IkSetting> settings) {
  IkSettingSet set = 0;
  for (const IkSetting s : settings) set |= SettingBit(s);
  return set;
}

// What every iterative solver reads: its budget, its goal and the escapes
// (one rule for all, solvers.h's Escapes).
constexpr IkSettingSet kIterative =
    Settings({IkSetting::kMaxIterations, IkSetting::kTolerance, IkSetting::kMaxEscapes});

struct SolverEntry {
  SolverInfo info;
  ik_internal::SolveFunction solve;
  // Minimises E = ½ |r|² over every residual row with the Jacobian, so a
  // pole becomes rows of r (ik_state.h); two-bone and look-at place poles
  // geometrically.
  bool least_squares;
};

// In SolverKind order (checked below). Per solver: kind, name, takes
// orientation goals, takes poles, poses with its own goals, moves the root,
// takes the balance goal, takes the floor goal, takes projected goals, takes the pose prior,
// the settings it reads; then
// its solve function and whether it is a least-squares solver. The Jacobian solvers move the root as three more columns
// of J and take poles as three more rows; the geometric ones turn joints only.
constexpr SolverEntry kSolvers[] = {
    {{SolverKind::kDls, "dls", true, true, false, true, true, true, true, true,
      kIterative | Settings({IkSetting::kDamping, IkSetting::kStretch})},
     ik_internal::SolveDls, true},
    {{SolverKind::kGaussNewton, "gauss-newton", true, true, false, true, true, true, true, true,
      kIterative | SettingBit(IkSetting::kLineSearch)},
     ik_internal::SolveGaussNewton, true},
    {{SolverKind::kJacobianTranspose, "jacobian-transpose", true, true, false, true, true, true, true, true, kIterative},
     ik_internal::SolveJacobianTranspose, true},
    {{SolverKind::kGradientDescent, "gradient-descent", true, true, false, true, true, true, true, true,
      kIterative | Settings({IkSetting::kStep, IkSetting::kLineSearch})},
     ik_internal::SolveGradientDescent, true},
    // Projected gradient always backtracks along the projection arc: it reads step, not line_search.
    {{SolverKind::kProjectedGradient, "projected-gradient", true, true, false, true, true, true, true, true,
      kIterative | SettingBit(IkSetting::kStep)},
     ik_internal::SolveProjectedGradient, true},
    {{SolverKind::kCcd, "ccd", false, false, false, false, false, false, false, false, kIterative | SettingBit(IkSetting::kStretch)},
     ik_internal::SolveCcd, false},
    {{SolverKind::kFabrik, "fabrik", false, false, false, false, false, false, false, false, kIterative | SettingBit(IkSetting::kStretch)},
     ik_internal::SolveFabrik, false},
    {{SolverKind::kTwoBone, "two-bone", false, true, true, false, false, false, false, false,
      Settings({IkSetting::kTolerance, IkSetting::kSoften})},
     ik_internal::SolveTwoBone, false},
    {{SolverKind::kLookAt, "look-at", false, true, true, false, false, false, false, false,
      Settings({IkSetting::kTolerance, IkSetting::kAimAxis, IkSetting::kUpAxis})},
     ik_internal::SolveLookAt, false},
};

constexpr bool SolversInKindOrder() {
  if (sizeof(kSolvers) / sizeof(kSolvers[0]) != static_cast<std::size_t>(SolverKind::kCount)) return false;
  for (int k = 0; k < static_cast<int>(SolverKind::kCount); ++k)
    if (kSolvers[k].info.kind != static_cast<SolverKind>(k)) return false;
  return true;
}
static_assert(SolversInKindOrder(), "kSolvers must list every SolverKind, in order");

constexpr double kNoMax = std::numeric_limits<double>::infinity();

constexpr IkOptionInfo Integer(IkSetting setting, const char* key, const char* field, int IkOptions::*member,
                               double min, double max) {
  return {setting, key, field, IkOptionType::kInteger, member, nullptr, nullptr, nullptr, min, max, true, true};
}
constexpr IkOptionInfo Number(IkSetting setting, const char* key, const char* field, float IkOptions::*member,
                              double min, bool min_inclusive, double max, bool max_inclusive) {
  return {setting, key, field, IkOptionType::kNumber, nullptr, member, nullptr, nullptr,
          min, max, min_inclusive, max_inclusive};
}
constexpr IkOptionInfo Boolean(IkSetting setting, const char* key, const char* field, bool IkOptions::*member) {
  return {setting, key, field, IkOptionType::kBoolean, nullptr, nullptr, member, nullptr, 0.0, 0.0, true, true};
}
constexpr IkOptionInfo Vector(IkSetting setting, const char* key, const char* field, glm::vec3 IkOptions::*member) {
  return {setting, key, field, IkOptionType::kVec3, nullptr, nullptr, nullptr, member, 0.0, 0.0, true, true};
}

// In IkSetting order (checked below).
constexpr IkOptionInfo kOptions[] = {
    Integer(IkSetting::kMaxIterations, "maxIterations", "max_iterations", &IkOptions::max_iterations, 1, 100000),
    Number(IkSetting::kTolerance, "tolerance", "tolerance", &IkOptions::tolerance, 0.0, false, kNoMax, false),
    Number(IkSetting::kDamping, "damping", "damping", &IkOptions::damping, 0.0, false, kNoMax, false),
    Integer(IkSetting::kMaxEscapes, "maxEscapes", "max_escapes", &IkOptions::max_escapes, 0, 100),
    Number(IkSetting::kStep, "step", "step", &IkOptions::step, 0.0, false, kNoMax, false),
    Boolean(IkSetting::kLineSearch, "lineSearch", "line_search", &IkOptions::line_search),
    Number(IkSetting::kSoften, "soften", "soften", &IkOptions::soften, 0.0, true, 1.0, false),
    // Both axes are checked together (not parallel) in ValidateIkOptions.
    Vector(IkSetting::kAimAxis, "aimAxis", "aim_axis", &IkOptions::aim_axis_bs),
    Vector(IkSetting::kUpAxis, "upAxis", "up_axis", &IkOptions::up_axis_bs),
    Boolean(IkSetting::kStretch, "stretch", "stretch", &IkOptions::stretch),
};

constexpr bool OptionsInSettingOrder() {
  if (sizeof(kOptions) / sizeof(kOptions[0]) != static_cast<std::size_t>(IkSetting::kCount)) return false;
  for (int k = 0; k < static_cast<int>(IkSetting::kCount); ++k)
    if (kOptions[k].setting != static_cast<IkSetting>(k)) return false;
  return true;
}
static_assert(OptionsInSettingOrder(), "kOptions must list every IkSetting, in order");

bool InRange(const IkOptionInfo& o, double v) {
  if (!std::isfinite(v)) return false;
  const bool above = o.min_inclusive ? v >= o.min : v > o.min;
  const bool below = o.max_inclusive ? v <= o.max : v < o.max;
  return above && below;
}

// "must be in [0, 1)" or, without an upper bound, "must be finite and > 0".
Status OutOfRange(const IkOptionInfo& o, double v) {
  char value[32];
  if (o.type == IkOptionType::kInteger) std::snprintf(value, sizeof(value), "%d", static_cast<int>(v));
  else std::snprintf(value, sizeof(value), "%g", v);
  if (std::isinf(o.max))
    return Status::Invalid("ik: %s %s must be finite and %s %g", o.field, value, o.min_inclusive ? ">=" : ">", o.min);
  return Status::Invalid("ik: %s %s must be in %c%g, %g%c", o.field, value, o.min_inclusive ? '[' : '(', o.min, o.max,
                         o.max_inclusive ? ']' : ')');
}

}  // namespace

namespace ik_internal {

SolveFunction GetSolveFunction(SolverKind kind) { return kSolvers[static_cast<int>(kind)].solve; }

bool IsLeastSquares(SolverKind kind) { return kSolvers[static_cast<int>(kind)].least_squares; }

}  // namespace ik_internal

IkOptions DefaultIkOptions() { return IkOptions(); }

const SolverInfo& GetSolverInfo(SolverKind kind) { return kSolvers[static_cast<int>(kind)].info; }

const char* SolverKindName(SolverKind kind) { return IsValidSolverKind(kind) ? GetSolverInfo(kind).name : "???"; }

bool ParseSolverKind(const char* name, SolverKind* kind) {
  for (const SolverEntry& entry : kSolvers) {
    if (std::strcmp(name, entry.info.name) == 0) {
      *kind = entry.info.kind;
      return true;
    }
  }
  return false;
}

void SolverNamesWith(bool SolverInfo::*feature, char* out, std::size_t size) {
  std::size_t used = 0;
  out[0] = '\0';
  for (const SolverEntry& entry : kSolvers) {
    if (!(entry.info.*feature) || used + 1 >= size) continue;
    const int written = std::snprintf(out + used, size - used, "%s%s", used ? ", " : "", entry.info.name);
    if (written > 0) used = std::min(size - 1, used + static_cast<std::size_t>(written));
  }
}

Span<const IkOptionInfo> IkOptionTable() {
  return Span<const IkOptionInfo>(kOptions, sizeof(kOptions) / sizeof(kOptions[0]));
}

const IkOptionInfo& GetIkOptionInfo(IkSetting setting) { return kOptions[static_cast<int>(setting)]; }

const IkOptionInfo* FindIkOption(const char* key) {
  for (const IkOptionInfo& o : kOptions)
    if (std::strcmp(key, o.key) == 0) return &o;
  return nullptr;
}

Status ValidateIkOptions(const IkOptions& options) {
  for (const IkOptionInfo& o : kOptions) {
    double v = 0.0;
    if (o.type == IkOptionType::kInteger) v = options.*o.integer;
    else if (o.type == IkOptionType::kNumber) v = options.*o.number;
    else continue;
    if (!InRange(o, v)) return OutOfRange(o, v);
  }
  const glm::vec3& aim = options.aim_axis_bs;
  const glm::vec3& up = options.up_axis_bs;
  if (!IsFinite(aim) || glm::length(aim) < 1e-6f) return Status::Invalid("ik: aim axis must be a finite non-zero vector");
  if (!IsFinite(up) || glm::length(glm::cross(aim, up)) < 1e-6f * glm::length(aim) * glm::length(up))
    return Status::Invalid("ik: up axis must be finite and not parallel to the aim axis");
  return Status::Ok();
}

}  // namespace kin
