// contract(): what TypeScript must agree on with the core, read from the
// core's own tables (web/src/rig/contract.ts reads it once per module; the
// build writes it into web/src/wasm/generated/contract.ts).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "exchange_record.h"
#include "js_values.h"
#include "kin/animation/clip.h"
#include "kin/clip_sampler.h"
#include "kin/ik/solve_report.h"
#include "kin/ik/solver_registry.h"
#include "kin/mirror.h"
#include "kin/rig.h"
#include "kin/rig_skin.h"
#include "kin/shape_fields.h"
#include "kin/skeleton.h"

namespace kin {
namespace {

using emscripten::val;

struct NamedSlot {
  const char* name;
  int slot;
};
constexpr NamedSlot kFloatSlots[] = {
    {"target", kTarget}, {"iterations", kIterations}, {"error", kError}, {"energyCount", kEnergyCount},
    {"rootOffset", kRootOffset}, {"pole", kPole}, {"time", kTime}, {"springStepMillis", kSpringStep},
    {"energy", kSolveEnergy}, {"worstGoal", kWorstGoal}, {"shortGoal", kShortGoal}, {"shortfall", kShortfall}};

val Strings(const char* (*name)(int), int count) {
  val out = val::array();
  for (int i = 0; i < count; ++i) out.call<void>("push", std::string(name(i)));
  return out;
}

val FloatSlots() {
  val out = val::object();
  for (const NamedSlot& s : kFloatSlots) out.set(s.name, s.slot);
  return out;
}

// Each buffer slot by name: its index (the record holds its byte offset at
// 2·index, its length at 2·index + 1) and the typed array it is read as.
val BufferSlots() {
  static const char* const kElements[] = {"float32", "uint16"};
  val out = val::object();
  for (const BufferSlotInfo& s : kBufferSlots) {
    val slot = val::object();
    slot.set("index", static_cast<int>(s.slot));
    slot.set("type", std::string(kElements[static_cast<int>(s.element)]));
    out.set(s.name, slot);
  }
  return out;
}

// Each shape the page hands the core, by name: its fields by key, each
// with its kind and whether it may be left out (kin/shape_fields.h).
val Shapes() {
  val out = val::object();
  for (int s = 0; s < static_cast<int>(Shape::kCount); ++s) {
    val fields = val::object();
    for (const ShapeField& f : ShapeFields(static_cast<Shape>(s))) {
      val field = val::object();
      field.set("kind", std::string(FieldKindName(f.kind)));
      field.set("optional", f.optional);
      fields.set(f.key, field);
    }
    out.set(ShapeName(static_cast<Shape>(s)), fields);
  }
  return out;
}

val OptionEntry(const IkOptionInfo& o, const IkOptions& defaults) {
  static const char* const kTypes[] = {"integer", "number", "boolean", "vec3"};
  val entry = val::object();
  entry.set("type", std::string(kTypes[static_cast<int>(o.type)]));
  switch (o.type) {
    case IkOptionType::kInteger: entry.set("default", defaults.*o.integer); break;
    case IkOptionType::kNumber: entry.set("default", ShortestDecimal(defaults.*o.number)); break;
    case IkOptionType::kBoolean: entry.set("default", defaults.*o.boolean); break;
    case IkOptionType::kVec3: {
      const glm::vec3& v = defaults.*o.vector;
      val out = val::array();
      for (int k = 0; k < 3; ++k) out.call<void>("push", ShortestDecimal(v[k]));
      entry.set("default", out);
      break;
    }
  }
  if (o.type == IkOptionType::kInteger || o.type == IkOptionType::kNumber) {
    double max = o.max;
    // setSolver goes through the Rig, whose energy history holds at most
    // kMaxSolveIterations iterations.
    if (o.setting == IkSetting::kMaxIterations) max = std::min(max, static_cast<double>(kMaxSolveIterations));
    entry.set("min", o.min);
    entry.set("minInclusive", o.min_inclusive);
    // No upper bound: no `max` (the contract stays plain JSON).
    if (!std::isinf(max)) {
      entry.set("max", max);
      entry.set("maxInclusive", o.max_inclusive);
    }
  }
  return entry;
}

// What TypeScript must agree on with the core, read once per module
// (web/src/rig/contract.ts): the solvers in SolverKind order with what they
// take and read, the options' defaults and ranges by the keys setSolver
// takes, the names of the statuses, skinning methods and mirror modes in
// the order of their codes, the bounds on requests (samples, goals,
// coordinates), the exchange record's layout and the fields of the shapes
// the parsers read (goals, spring chains, flat clips).
val Contract() {
  val solvers = val::array();
  for (int k = 0; k < static_cast<int>(SolverKind::kCount); ++k) {
    const SolverInfo& info = GetSolverInfo(static_cast<SolverKind>(k));
    val solver = val::object();
    solver.set("name", std::string(info.name));
    solver.set("orientation", info.orientation);
    solver.set("poles", info.poles);
    solver.set("ownGoals", info.own_goals);
    solver.set("rootTranslation", info.root_translation);
    solver.set("balance", info.balance);
    solver.set("floor", info.floor);
    solver.set("projection", info.projection);
    solver.set("prior", info.prior);
    val settings = val::array();
    for (const IkOptionInfo& o : IkOptionTable())
      if (info.settings & SettingBit(o.setting)) settings.call<void>("push", std::string(o.key));
    solver.set("settings", settings);
    solvers.call<void>("push", solver);
  }
  val options = val::object();
  const IkOptions defaults = DefaultIkOptions();
  for (const IkOptionInfo& o : IkOptionTable()) options.set(o.key, OptionEntry(o, defaults));

  val exchange = val::object();
  exchange.set("floats", FloatSlots());
  exchange.set("floatCount", static_cast<int>(kFloatSlotCount));
  exchange.set("buffers", BufferSlots());
  exchange.set("bufferCount", static_cast<int>(kBufferSlotCount));
  exchange.set("bufferByteOffset", static_cast<int>(offsetof(ExchangeRecord, buffers)));

  val contract = val::object();
  contract.set("solvers", solvers);
  contract.set("options", options);
  contract.set("solveStatus", Strings([](int i) { return SolveStatusName(static_cast<SolveStatus>(i)); }, kSolveStatusCount));
  contract.set("skinningMethods", Strings([](int i) { return SkinningMethodName(static_cast<SkinningMethod>(i)); },
                                          static_cast<int>(SkinningMethod::kCount)));
  contract.set("mirrorModes", Strings([](int i) { return MirrorModeName(static_cast<MirrorMode>(i)); },
                                      static_cast<int>(MirrorMode::kCount)));
  contract.set("interpolations", Strings([](int i) { return InterpolationName(static_cast<Interpolation>(i)); },
                                         static_cast<int>(Interpolation::kCount)));
  contract.set("channelTargets", Strings([](int i) { return ChannelTargetName(static_cast<ChannelTarget>(i)); },
                                         static_cast<int>(ChannelTarget::kCount)));
  val value_sizes = val::array();
  for (int i = 0; i < static_cast<int>(ChannelTarget::kCount); ++i)
    value_sizes.call<void>("push", ChannelValueSize(static_cast<ChannelTarget>(i)));
  contract.set("channelValueSizes", value_sizes);
  contract.set("loopModes", Strings([](int i) { return LoopModeName(static_cast<LoopMode>(i)); },
                                    static_cast<int>(LoopMode::kCount)));
  contract.set("maxChannelSamples", kMaxChannelSamples);
  contract.set("maxBones", kMaxBones);
  contract.set("maxBoneNameBytes", kMaxBoneNameBytes);
  contract.set("maxGoals", kMaxGoals);
  contract.set("maxCoordinate", kMaxCoordinate);
  contract.set("tcbLimit", kTcbLimit);
  contract.set("exchange", exchange);
  val goal_record = val::object();
  goal_record.set("floats", kGoalRecordFloats);
  goal_record.set("target", kGoalTargetFloat);
  contract.set("goalRecord", goal_record);
  contract.set("shapes", Shapes());
  return contract;
}

}  // namespace
}  // namespace kin

EMSCRIPTEN_BINDINGS(kin_contract) { emscripten::function("contract", &kin::Contract); }
