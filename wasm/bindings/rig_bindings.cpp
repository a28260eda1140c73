// The Embind class `Rig`: converts JavaScript values (js_parsers.h) into the
// core Rig's calls. Mutators return 0 on success or 1 with errorMessage()
// set. A drag frame's calls (move a target or a pole, solve) are plain WASM
// exports at the end of this file, and every number they take or give goes
// through the rig's exchange record (exchange_record.h).
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "bound_rig.h"
#include "js_parsers.h"
#include "js_values.h"
#include "kin/euler.h"
#include "rig_binding.h"

namespace kin {

using emscripten::val;

namespace {

// Rig bindings alive in this module: lets tests check that the TypeScript
// façade deletes every handle it creates, and lets feature bindings find
// their rig by address (a handful at once: a linear search).
std::vector<RigBinding*>& LiveRigList() {
  static std::vector<RigBinding*> rigs;
  return rigs;
}

int LiveRigs() { return static_cast<int>(LiveRigList().size()); }

val Floats(std::initializer_list<float> values) {
  val out = val::array();
  for (float v : values) out.call<void>("push", v);
  return out;
}

}  // namespace

RigBinding* FindRig(std::uintptr_t address) {
  for (RigBinding* rig : LiveRigList())
    if (reinterpret_cast<std::uintptr_t>(rig) == address) return rig;
  return nullptr;
}

const Rig& BoundRig(std::uintptr_t address) { return reinterpret_cast<const RigBinding*>(address)->core(); }

FeatureBinding::FeatureBinding(std::uintptr_t rig_address) : rig_(FindRig(rig_address)), rig_address_(rig_address) {}

RigBinding* FeatureBinding::rig() {
  // A rig deleted since is no longer in the live list.
  if (rig_ != nullptr && FindRig(reinterpret_cast<std::uintptr_t>(rig_)) == rig_) return rig_;
  char message[96];
  std::snprintf(message, sizeof(message), "no rig at address %lu (made for a deleted rig?)",
                static_cast<unsigned long>(rig_address_));
  error_ = message;
  rig_ = nullptr;
  return nullptr;
}

int FeatureBinding::Report(const Status& status) {
  if (status.ok()) return 0;
  error_ = status.message;
  return 1;
}

RigBinding::RigBinding() { LiveRigList().push_back(this); }

RigBinding::~RigBinding() {
  std::vector<RigBinding*>& rigs = LiveRigList();
  rigs.erase(std::remove(rigs.begin(), rigs.end(), this), rigs.end());
}

void RigBinding::RefreshRecord() {
  const glm::vec3& root = rig_.root_offset();
  for (int k = 0; k < 3; ++k) exchange_.floats[kRootOffset + k] = root[k];
  const std::size_t n = static_cast<std::size_t>(rig_.bone_count());
  Publish(kModel, rig_.model_data(), 16 * n);
  Publish(kPalette, rig_.palette_data(), 16 * n);
  Publish(kTips, rig_.tips_data(), 3 * n);
  Publish(kPose, rig_.pose_data(), 3 * n);
  Publish(kEnergy, rig_.energy_data(), static_cast<std::size_t>(rig_.energy_capacity()));
  Publish(kBind, rig_.skeleton().bind_pose().data, 16 * n);
  Publish(kPoseModel, rig_.pose_model_data(), 16 * n);
  Publish(kGoals, rig_.goals_data(), static_cast<std::size_t>(rig_.goal_count()) * kGoalRecordFloats);
  Publish(kBalance, rig_.balance_data(), static_cast<std::size_t>(rig_.balance_float_count()));
  Publish(kIkFrom, rig_.ik_from_data(), 3 * n);
}

int RigBinding::Solved(const SolveReport& report) {
  report_ = report;
  if (report_.status == SolveStatus::kInvalidInput) error_ = report_.input.message;
  // Counts are far below 2^24: exact as floats.
  float* r = exchange_.floats;
  r[kIterations] = static_cast<float>(report_.iterations);
  r[kError] = report_.error;
  r[kEnergyCount] = static_cast<float>(report_.energy_count);
  r[kSolveEnergy] = report_.energy;
  r[kWorstGoal] = static_cast<float>(report_.worst_goal);
  r[kShortGoal] = static_cast<float>(report_.short_goal);
  r[kShortfall] = report_.shortfall;
  RefreshRecord();
  return static_cast<int>(report_.status);
}

// Every mutator returns through here: the buffer slots follow any buffer the call moved.
int RigBinding::Report(const Status& status) {
  RefreshRecord();
  if (status.ok()) return 0;
  error_ = status.message;
  return 1;
}

int RigBinding::load(const val& desc) {
  std::vector<BoneDef> bones;
  const Status parsed = ParseFlatRig(desc, &bones);
  if (!parsed.ok()) return Report(parsed);
  return Report(rig_.Load(Span<const BoneDef>(bones.data(), bones.size())));
}

std::string RigBinding::boneName(int i) const { return InRange(i) ? rig_.skeleton().name(i) : std::string(); }
int RigBinding::boneParent(int i) const { return InRange(i) ? rig_.skeleton().parent(i) : -2; }
std::string RigBinding::boneOrder(int i) const { return InRange(i) ? EulerOrderName(rig_.skeleton().order(i)) : "???"; }

// [min0, min1, min2, max0, max1, max2] for bone i.
val RigBinding::boneLimits(int i) const {
  if (!InRange(i)) return val::array();
  const glm::vec3& lo = rig_.skeleton().min_angle(i);
  const glm::vec3& hi = rig_.skeleton().max_angle(i);
  return Floats({lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]});
}

// [x, y, z, w] of bone i's joint frame F (bone space); [] for a bad index.
val RigBinding::boneFrame(int i) const {
  if (!InRange(i)) return val::array();
  const glm::quat& f = rig_.skeleton().frame(i);
  return Floats({f.x, f.y, f.z, f.w});
}

int RigBinding::setAngles(int bone, float a0, float a1, float a2) { return Report(rig_.SetAngles(bone, glm::vec3(a0, a1, a2))); }

// [a0, a1, a2] of Rig::AnglesForModelRotation (rotation x y z w); [] with errorMessage() set on bad input.
val RigBinding::anglesForModelRotation(int bone, float x, float y, float z, float w) {
  glm::vec3 angles;
  if (Report(rig_.AnglesForModelRotation(bone, glm::quat(w, x, y, z), &angles)) != 0) return val::array();
  return Floats({angles.x, angles.y, angles.z});
}

int RigBinding::setPose(const val& angles, float rx, float ry, float rz) {
  std::vector<float> a;
  const Status parsed = ParseNumbers(angles, "pose angles", &a);
  if (!parsed.ok()) return Report(parsed);
  return Report(rig_.SetPose(Span<const float>(a.data(), a.size()), glm::vec3(rx, ry, rz)));
}

int RigBinding::setIkFrom(const val& angles) {
  std::vector<float> a;
  const Status parsed = ParseNumbers(angles, "IK's pose angles", &a);
  if (!parsed.ok()) return Report(parsed);
  return Report(rig_.SetIkFrom(Span<const float>(a.data(), a.size())));
}

int RigBinding::setPosePrior(const val& angles, float weight) {
  std::vector<float> a;
  const Status parsed = ParseNumbers(angles, "pose prior angles", &a);
  if (!parsed.ok()) return Report(parsed);
  return Report(rig_.SetPosePrior(Span<const float>(a.data(), a.size()), weight));
}

int RigBinding::setRootOffset(float x, float y, float z) { return Report(rig_.SetRootOffset(glm::vec3(x, y, z))); }

int RigBinding::setRestScales(const val& scales) {
  std::vector<float> s;
  const Status parsed = ParseNumbers(scales, "rest scales", &s);
  if (!parsed.ok()) return Report(parsed);
  return Report(rig_.SetRestScales(Span<const float>(s.data(), s.size())));
}

int RigBinding::setGoals(const val& goals) {
  std::vector<Goal> parsed;
  const Status status = ParseGoals(goals, rig_.skeleton(), &parsed);
  if (!status.ok()) return Report(status);
  return Report(rig_.SetGoals(Span<const Goal>(parsed.data(), parsed.size())));
}

// Moves goal's target to the point in the exchange record's target slots.
int RigBinding::setGoalTarget(int goal) {
  const float* t = exchange_.floats + kTarget;
  return Report(rig_.SetGoalTarget(goal, glm::vec3(t[0], t[1], t[2])));
}

// Moves goal's pole to the point in the exchange record's pole slots.
int RigBinding::setGoalPole(int goal) {
  const float* p = exchange_.floats + kPole;
  return Report(rig_.SetGoalPole(goal, glm::vec3(p[0], p[1], p[2])));
}

// kind: a solver name ("dls", "ccd", ...); options: a plain object with any
// of the IkOptions fields in camelCase. Unknown names are errors.
int RigBinding::setSolver(const std::string& kind, const val& options) {
  SolverKind parsed;
  if (!ParseSolverKind(kind.c_str(), &parsed)) return Report(Status::Invalid("unknown solver '%s'", kind.c_str()));
  IkOptions o = DefaultIkOptions();
  const Status status = ParseOptions(options, &o);
  if (!status.ok()) return Report(status);
  return Report(rig_.SetSolver(parsed, o));
}

std::string RigBinding::solverName() const { return SolverKindName(rig_.solver()); }

}  // namespace kin

// A drag frame's calls, as plain exports (see the top of this file). `rig`
// is a binding's address().
extern "C" {
EMSCRIPTEN_KEEPALIVE int kin_rig_set_goal_target(kin::RigBinding* rig, int goal) { return rig->setGoalTarget(goal); }
EMSCRIPTEN_KEEPALIVE int kin_rig_set_goal_pole(kin::RigBinding* rig, int goal) { return rig->setGoalPole(goal); }
EMSCRIPTEN_KEEPALIVE int kin_rig_solve(kin::RigBinding* rig) { return rig->solve(); }
}

EMSCRIPTEN_BINDINGS(kin_rig) {
  using kin::RigBinding;
  emscripten::function("liveRigs", &kin::LiveRigs);
  emscripten::class_<RigBinding>("Rig")
      .constructor<>()
      .function("load", &RigBinding::load)
      .function("boneCount", &RigBinding::boneCount)
      .function("boneName", &RigBinding::boneName)
      .function("boneParent", &RigBinding::boneParent)
      .function("boneOrder", &RigBinding::boneOrder)
      .function("boneLimits", &RigBinding::boneLimits)
      .function("boneFrame", &RigBinding::boneFrame)
      .function("setAngles", &RigBinding::setAngles)
      .function("anglesForModelRotation", &RigBinding::anglesForModelRotation)
      .function("setPose", &RigBinding::setPose)
      .function("setIkFrom", &RigBinding::setIkFrom)
      .function("setRootOffset", &RigBinding::setRootOffset)
      .function("setRestScales", &RigBinding::setRestScales)
      .function("setGoals", &RigBinding::setGoals)
      .function("goalCount", &RigBinding::goalCount)
      .function("setSolver", &RigBinding::setSolver)
      .function("solverName", &RigBinding::solverName)
      .function("exchangePtr", &RigBinding::exchangePtr)
      .function("address", &RigBinding::address)
      .function("errorMessage", &RigBinding::errorMessage)
      .function("setMoveRoot", &RigBinding::setMoveRoot)
      .function("moveRoot", &RigBinding::moveRoot)
      .function("setKeepBalance", &RigBinding::setKeepBalance)
      .function("keepBalance", &RigBinding::keepBalance)
      .function("setKeepAboveFloor", &RigBinding::setKeepAboveFloor)
      .function("keepAboveFloor", &RigBinding::keepAboveFloor)
      .function("setPosePrior", &RigBinding::setPosePrior)
      .function("posePriorWeight", &RigBinding::posePriorWeight);
}
