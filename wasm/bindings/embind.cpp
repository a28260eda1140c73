// The only Embind code: converts JavaScript values into the Rig façade's
// plain C++ calls. Mutators return 0 on success or 1 with errorMessage() set.
// A frame's calls (move a target or a pole, solve, pack the DQS palette, sample
// the clip or its ghost) are
// plain WASM exports at the end of this file, and every number they take or
// give goes through the rig's exchange record in WASM memory, as do the
// buffers' byte offsets (see web/src/rig/): Embind's generated glue boxes a
// float argument or result and, until V8 has optimised it, allocates an
// arguments object per call, so going through it would allocate every frame.
// contract() hands TypeScript what both languages must agree on (solver and
// option tables, enum orders, the exchange record's layout), read from the
// core's own tables.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "kin/animation/clip.h"
#include "kin/euler.h"
#include "kin/flat_rig.h"
#include "kin/ik/ik_job.h"
#include "kin/ik/ik_trace.h"
#include "kin/ik/solve_report.h"
#include "kin/ik/solver_registry.h"
#include "kin/mirror.h"
#include "kin/rig.h"
#include "kin/skinning.h"
#include "kin/springs/spring_chain.h"
#include "bound_rig.h"
#include "js_values.h"

namespace kin {
namespace {

using emscripten::val;

// A Float32Array holding a copy of `count` floats (the heap view it is made
// from goes stale when memory grows; the copy does not).
val CopyFloats(const float* data, std::size_t count) {
  return val::global("Float32Array").new_(val(emscripten::typed_memory_view(count, data)));
}
val CopyPoints(Span<const glm::vec3> points) {
  return CopyFloats(reinterpret_cast<const float*>(points.data), 3 * points.size);
}

// A traced solve as one plain object (web/src/rig/solve-trace.ts has its
// type): the report (status as its SolveStatus code), the active dofs (bone
// -1 for the root offset's axes, slot the axis), one object per entry, and
// whether anything was dropped.
val TraceToJs(const IkTrace& trace, int status_code, const SolveReport& report) {
  val out = val::object();
  val r = val::object();
  r.set("status", status_code);
  r.set("iterations", report.iterations);
  r.set("error", report.error);
  r.set("energyCount", report.energy_count);
  out.set("report", r);
  val dofs = val::array();
  for (int d = 0; d < trace.dof_count(); ++d) {
    val dof = val::object();
    dof.set("bone", trace.dof_bone(d));
    dof.set("slot", trace.dof_slot(d));
    dofs.call<void>("push", dof);
  }
  out.set("dofs", dofs);
  val fabrik_bones = val::array();
  for (int i = 0; i < trace.fabrik_bone_count(); ++i) fabrik_bones.call<void>("push", trace.fabrik_bone(i));
  val iterations = val::array();
  for (int e = 0; e < trace.entry_count(); ++e) {
    val it = val::object();
    it.set("angles", CopyPoints(trace.angles(e)));
    const glm::vec3& root = trace.root_offset(e);
    it.set("rootOffset", CopyFloats(&root.x, 3));
    it.set("energy", trace.energy(e));
    it.set("error", trace.error(e));
    it.set("stepScale", trace.step_scale(e));
    it.set("damping", trace.damping(e));
    it.set("points", CopyPoints(trace.points(e)));
    if (trace.has_jacobian(e)) {
      it.set("startAngles", CopyPoints(trace.start_angles(e)));
      const glm::vec3& start_root = trace.start_root_offset(e);
      it.set("startRootOffset", CopyFloats(&start_root.x, 3));
      it.set("startPoints", CopyPoints(trace.start_points(e)));
      it.set("jacobian", CopyPoints(trace.jacobian(e)));
      it.set("gradient", CopyFloats(trace.gradient(e).data, trace.gradient(e).size));
    }
    val trials = val::array();
    for (int t = 0; t < trace.trial_count(e); ++t) {
      val trial = val::object();
      trial.set("scale", trace.trial(e, t).scale);
      trial.set("energy", trace.trial(e, t).energy);
      trial.set("accepted", trace.trial(e, t).accepted);
      trial.set("points", CopyPoints(trace.trial_points(e, t)));
      trials.call<void>("push", trial);
    }
    it.set("trials", trials);
    if (trace.has_fabrik(e)) {
      it.set("fabrikBackward", CopyPoints(trace.fabrik_backward(e)));
      it.set("fabrikForward", CopyPoints(trace.fabrik_forward(e)));
      it.set("fabrikBones", fabrik_bones);
    }
    if (trace.final(e)) it.set("final", true);
    iterations.call<void>("push", it);
  }
  out.set("iterations", iterations);
  out.set("truncated", trace.truncated());
  return out;
}

// The exchange record of a rig binding: the numbers a drag frame passes to
// and from the core, and the byte offsets (and sizes) of the buffers the page
// reads; the outputs are refreshed after every call. TypeScript takes its layout from
// contract() (web/src/rig/exchange-record.ts).
enum FloatSlot : int {
  kTarget = 0,      // floats 0-2, in: the point setGoalTarget() moves a target to
  kIterations = 3,  // out: the last solve's report
  kError,
  kEnergyCount,
  kRootOffset,      // floats 6-8, out: the root offset (a solve that moves the root changes it)
  kPole = kRootOffset + 3,  // floats 9-11, in: the point setGoalPole() moves a pole to
  kTime = kPole + 3,        // in: the time (seconds) sampleClip() and sampleGhost() sample at
  kSpringStep,              // in: the milliseconds stepSprings() advances the spring chains by
  kFloatSlotCount
};
enum BufferSlot : int {
  kModel, kPalette, kTips, kPose, kEnergy, kBind, kDqsPalette, kDqsPaletteSize,
  kSkinnedPositions, kSkinnedNormals, kVertexCount, kGhostModel, kGhostPalette, kGhostTips, kGhostPose,
  kChannelSamples, kPoseModel, kSkinJoints, kSkinWeights, kSkinInfluences, kBufferSlotCount
};
struct ExchangeRecord {
  float floats[kFloatSlotCount] = {};
  std::uint32_t buffers[kBufferSlotCount] = {};
};

// The slots by the names contract() gives them.
struct NamedSlot {
  const char* name;
  int slot;
};
constexpr NamedSlot kFloatSlots[] = {
    {"target", kTarget}, {"iterations", kIterations}, {"error", kError}, {"energyCount", kEnergyCount},
    {"rootOffset", kRootOffset}, {"pole", kPole}, {"time", kTime}, {"springStep_ms", kSpringStep}};
constexpr NamedSlot kBufferSlots[] = {
    {"model", kModel}, {"palette", kPalette}, {"tips", kTips}, {"pose", kPose}, {"energy", kEnergy},
    {"bind", kBind}, {"dqsPalette", kDqsPalette}, {"dqsPaletteSize", kDqsPaletteSize},
    {"skinnedPositions", kSkinnedPositions}, {"skinnedNormals", kSkinnedNormals}, {"vertexCount", kVertexCount},
    {"ghostModel", kGhostModel}, {"ghostPalette", kGhostPalette}, {"ghostTips", kGhostTips}, {"ghostPose", kGhostPose},
    {"channelSamples", kChannelSamples}, {"poseModel", kPoseModel}, {"skinJoints", kSkinJoints},
    {"skinWeights", kSkinWeights}, {"skinInfluences", kSkinInfluences}};
static_assert(sizeof(kBufferSlots) / sizeof(kBufferSlots[0]) == kBufferSlotCount, "every buffer slot has a name");

// Rig objects alive in this module: lets tests check that the TypeScript
// façade deletes every handle it creates.
int g_live_rigs = 0;

int LiveRigs() { return g_live_rigs; }

class RigBinding {
 public:
  RigBinding() { ++g_live_rigs; }
  ~RigBinding() { --g_live_rigs; }
  RigBinding(const RigBinding&) = delete;
  RigBinding& operator=(const RigBinding&) = delete;

  int load(const val& desc) { return Report(LoadDesc(desc)); }

  int boneCount() const { return rig_.bone_count(); }
  std::string boneName(int i) const { return InRange(i) ? rig_.skeleton().name(i) : std::string(); }
  int boneParent(int i) const { return InRange(i) ? rig_.skeleton().parent(i) : -2; }
  std::string boneOrder(int i) const { return InRange(i) ? EulerOrderName(rig_.skeleton().order(i)) : "???"; }
  // [min0, min1, min2, max0, max1, max2] for bone i.
  val boneLimits(int i) const {
    val out = val::array();
    if (!InRange(i)) return out;
    for (int k = 0; k < 3; ++k) out.call<void>("push", rig_.skeleton().min_angle(i)[k]);
    for (int k = 0; k < 3; ++k) out.call<void>("push", rig_.skeleton().max_angle(i)[k]);
    return out;
  }

  // [x, y, z, w] of bone i's joint frame F (bone space); [] for a bad index.
  val boneFrame(int i) const {
    if (!InRange(i)) return val::array();
    const glm::quat& f = rig_.skeleton().frame(i);
    return Floats({f.x, f.y, f.z, f.w});
  }

  int setAngles(int bone, float a0, float a1, float a2) { return Report(rig_.SetAngles(bone, glm::vec3(a0, a1, a2))); }
  // [a0, a1, a2] of Rig::AnglesForModelRotation (rotation x y z w); [] with errorMessage() set on bad input.
  val anglesForModelRotation(int bone, float x, float y, float z, float w) {
    glm::vec3 angles;
    if (Report(rig_.AnglesForModelRotation(bone, glm::quat(w, x, y, z), &angles)) != 0) return val::array();
    return Floats({angles.x, angles.y, angles.z});
  }
  int setPose(const val& angles, float rx, float ry, float rz) {
    if (!IsArrayLike(angles)) return Report(Status::Invalid("pose angles must be an array of numbers"));
    const std::vector<float> a = Numbers(angles);
    return Report(rig_.SetPose(Span<const float>(a.data(), a.size()), glm::vec3(rx, ry, rz)));
  }
  int setRootOffset(float x, float y, float z) { return Report(rig_.SetRootOffset(glm::vec3(x, y, z))); }
  // mode: 0 left to right, 1 right to left, 2 flip (kin::MirrorMode).
  int mirror(int mode) { return Report(rig_.Mirror(static_cast<MirrorMode>(mode))); }
  // The partner bone of each bone, or null with errorMessage() saying why the rig does not mirror.
  val mirrorPartners() {
    const Status status = rig_.loaded() ? rig_.mirror_status() : Status::Invalid("no skeleton loaded");
    if (!status.ok()) {
      Report(status);
      return val::null();
    }
    val out = val::array();
    for (const int partner : rig_.mirror_partners()) out.call<void>("push", partner);
    return out;
  }

  int setGoals(const val& goals) {
    if (!goals.isArray()) return Report(Status::Invalid("goals must be an array"));
    const int count = goals["length"].as<int>();
    // Counted before anything is allocated for them.
    const Status counted = ValidateGoalCount(static_cast<std::size_t>(count));
    if (!counted.ok()) return Report(counted);
    std::vector<Goal> parsed(static_cast<std::size_t>(count));
    for (int g = 0; g < count; ++g) {
      bool has_point = false;
      const Status status = ParseGoal(goals[g], g, &parsed[g], &has_point);
      if (!status.ok()) return Report(status);
      // Without a point, a goal pulls on the bone's tip.
      if (!has_point && InRange(parsed[g].bone)) parsed[g].point_bs = rig_.skeleton().tip_bs(parsed[g].bone);
    }
    return Report(rig_.SetGoals(Span<const Goal>(parsed.data(), parsed.size())));
  }
  // Moves goal's target to the point in the exchange record's target slots.
  int setGoalTarget(int goal) {
    const float* t = exchange_.floats + kTarget;
    return Report(rig_.SetGoalTarget(goal, glm::vec3(t[0], t[1], t[2])));
  }
  // Moves goal's pole to the point in the exchange record's pole slots.
  int setGoalPole(int goal) {
    const float* p = exchange_.floats + kPole;
    return Report(rig_.SetGoalPole(goal, glm::vec3(p[0], p[1], p[2])));
  }
  int goalCount() const { return rig_.goal_count(); }

  // kind: a solver name ("dls", "ccd", ...); options: a plain object with any
  // of the IkOptions fields in camelCase. Unknown names are errors.
  int setSolver(const std::string& kind, const val& options) {
    SolverKind parsed;
    if (!ParseSolverKind(kind.c_str(), &parsed)) return Report(Status::Invalid("unknown solver '%s'", kind.c_str()));
    IkOptions o = DefaultIkOptions();
    const Status status = ParseOptions(options, &o);
    if (!status.ok()) return Report(status);
    return Report(rig_.SetSolver(parsed, o));
  }
  std::string solverName() const { return SolverKindName(rig_.solver()); }
  // Whole-body posing (Rig::SetMoveRoot): solves move the root offset too.
  int setMoveRoot(bool on) { return Report(rig_.SetMoveRoot(on)); }
  bool moveRoot() const { return rig_.move_root(); }

  // Returns the SolveStatus code; the numbers go to the exchange record.
  int solve() { return Solved(rig_.Solve()); }

  // Rig::TraceSolve for a lesson's step-through, with a trace sized for the
  // solver's max_iterations and `max_trials` trials per iteration: the plain
  // object of TraceToJs, or null with errorMessage() set. Allocates per call
  // (teaching, not a frame); the pose, buffers and report change as solve()
  // changes them.
  val traceSolve(int max_trials) {
    if (!rig_.loaded()) return Refused(Status::Invalid("no skeleton loaded"));
    if (max_trials < 0) return Refused(Status::Invalid("max trials %d is negative", max_trials));
    IkTrace trace;
    trace.Reserve(rig_.bone_count(), rig_.goal_count(), rig_.solver_options().max_iterations, max_trials);
    const int code = Solved(rig_.TraceSolve(trace));
    if (report_.status == SolveStatus::kInvalidInput) return val::null();
    return TraceToJs(trace, code, report_);
  }
  // Rig::FiniteDifferenceJacobian with step h: a Float32Array in the trace's
  // jacobian layout, or null with errorMessage() set.
  val finiteDifferenceJacobian(float h) {
    std::vector<float> out(3 * static_cast<std::size_t>(rig_.goal_count()) * (3 * rig_.bone_count() + 3));
    int dofs = 0;
    const Status status = rig_.FiniteDifferenceJacobian(h, Span<float>(out.data(), out.size()), &dofs);
    if (!status.ok()) return Refused(status);
    return CopyFloats(out.data(), 3 * static_cast<std::size_t>(rig_.goal_count()) * dofs);
  }

 private:
  int Solved(const SolveReport& report) {
    report_ = report;
    if (report_.status == SolveStatus::kInvalidInput) error_ = report_.input.message;
    // Counts are far below 2^24: exact as floats.
    float* r = exchange_.floats;
    r[kIterations] = static_cast<float>(report_.iterations);
    r[kError] = report_.error;
    r[kEnergyCount] = static_cast<float>(report_.energy_count);
    RefreshBufferSlots();
    return static_cast<int>(report_.status);
  }
  val Refused(const Status& status) {
    error_ = status.message;
    return val::null();
  }

 public:
  // Byte offset of the exchange record (fixed for the binding's life).
  std::uintptr_t exchangePtr() const { return Address(&exchange_); }
  // Byte offset of this binding: the argument of the frame exports below.
  std::uintptr_t address() const { return Address(this); }

  // positions (3/vertex), normals (3/vertex or empty), joints and weights
  // (4 or 8 per vertex, joints in rig bone order).
  int setSkin(const val& positions, const val& normals, const val& joints, const val& weights) {
    for (const val* v : {&positions, &normals, &joints, &weights})
      if (!IsArrayLike(*v)) return Report(Status::Invalid("skin positions, normals, joints and weights must be arrays of numbers"));
    // Counted before they are copied: an oversized skin is refused, not allocated.
    const Status counted = ValidateSkinVertexCount(positions["length"].as<double>() / 3.0);
    if (!counted.ok()) return Report(counted);
    const std::vector<float> p = Numbers(positions), n = Numbers(normals), w = Numbers(weights);
    const std::vector<float> j = Numbers(joints);
    std::vector<std::uint16_t> joint_indices(j.size());
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (!(j[i] >= 0.0f && j[i] < 65536.0f) || j[i] != static_cast<float>(static_cast<int>(j[i])))
        return Report(Status::Invalid("skin joint %g (number %zu) is not an index", j[i], i));
      joint_indices[i] = static_cast<std::uint16_t>(j[i]);
    }
    return Report(rig_.SetSkin(Span<const float>(p.data(), p.size()), Span<const float>(n.data(), n.size()),
                               Span<const std::uint16_t>(joint_indices.data(), joint_indices.size()),
                               Span<const float>(w.data(), w.size())));
  }
  // method: 0 linear blend, 1 dual quaternion (kin::SkinningMethod); an int,
  // not a name, so that a frame's call converts no string.
  int skin(int method) { return Report(rig_.Skin(static_cast<SkinningMethod>(method))); }
  // radii: one per bone (Rig::SetCapsuleWeights); the skin's joints and
  // weights change in place (buffer slots kSkinJoints, kSkinWeights).
  int setCapsuleWeights(const val& radii) {
    if (!IsArrayLike(radii)) return Report(Status::Invalid("capsule radii must be an array of numbers"));
    const std::vector<float> r = Numbers(radii);
    return Report(rig_.SetCapsuleWeights(Span<const float>(r.data(), r.size())));
  }
  // Packs the current palette for a DQS shader (buffer slot kDqsPalette).
  int packDqsPalette() { return Report(rig_.PackDqsPalette()); }

  // clip: { duration, targets, bones, slots, keyCounts (one per channel;
  // a channel's keys follow the previous channel's), times, interpolations,
  // tension, continuity, bias (one per key), values (each key's
  // ChannelValueSize numbers in key order), inTangents, outTangents (like
  // values, or absent) } with the codes of contract().channelTargets and
  // interpolations.
  int setClip(const val& clip) {
    ClipDef def;
    const Status parsed = ParseClip(clip, &def);
    if (!parsed.ok()) return Report(parsed);
    return Report(rig_.SetClip(def));
  }
  void clearClip() {
    rig_.ClearClip();
    RefreshBufferSlots();
  }
  bool hasClip() const { return rig_.has_clip(); }
  // Samples the clip at the exchange record's time into the pose (loop: a LoopMode code).
  int sampleClip(int loop) { return Report(rig_.SampleClip(exchange_.floats[kTime], static_cast<LoopMode>(loop))); }
  // The clip at the exchange record's time into the ghost buffers.
  int sampleGhost(int loop) { return Report(rig_.SampleGhost(exchange_.floats[kTime], static_cast<LoopMode>(loop))); }
  // One channel at `count` times from t0 to t1 into the channelSamples buffer.
  int sampleChannel(int channel, float t0, float t1, int count) {
    return Report(rig_.SampleChannel(channel, t0, t1, count));
  }
  // [x, y, z, w] of E(θ) of the bone's current angles; [] with errorMessage() set for a bad bone.
  val poseRotation(int bone) {
    glm::quat q;
    if (Report(rig_.PoseRotation(bone, &q)) != 0) return val::array();
    return Floats({q.x, q.y, q.z, q.w});
  }

  // chains: [{ name, bones (indices, parent-first), frequencyHz, dampingRatio,
  // gravity, inertia, swingMax, boneSwingMax (one per bone, or empty),
  // enabled }], any field but bones optional (kin::SpringChainDef's defaults).
  int setSpringChains(const val& chains) {
    if (!chains.isArray()) return Report(Status::Invalid("spring chains must be an array"));
    const int count = chains["length"].as<int>();
    std::vector<SpringChainDef> defs(static_cast<std::size_t>(std::max(count, 0)));
    for (int c = 0; c < count; ++c) {
      const Status status = ParseSpringChain(chains[c], c, &defs[c]);
      if (!status.ok()) return Report(status);
    }
    return Report(rig_.SetSpringChains(Span<const SpringChainDef>(defs.data(), defs.size())));
  }
  int setSpringEnabled(int chain, bool on) { return Report(rig_.SetSpringEnabled(chain, on)); }
  int resetSprings() { return Report(rig_.ResetSprings()); }
  int springChainCount() const { return rig_.springs().chain_count(); }
  // The chain as set (its enabled flag as now), in setSpringChains' shape; null for a bad index.
  val springChain(int chain) const {
    if (chain < 0 || chain >= rig_.springs().chain_count()) return val::null();
    const SpringChainDef& def = rig_.springs().def(chain);
    val out = val::object();
    out.set("name", def.name);
    val bones = val::array();
    for (const int b : def.bones) bones.call<void>("push", b);
    out.set("bones", bones);
    out.set("frequencyHz", ShortestDecimal(def.frequency_hz));
    out.set("dampingRatio", ShortestDecimal(def.damping_ratio));
    out.set("gravity", ShortestDecimal(def.gravity));
    out.set("inertia", ShortestDecimal(def.inertia));
    out.set("swingMax", ShortestDecimal(def.swing_max));
    val bone_swing_max = val::array();
    for (const float limit : def.bone_swing_max) bone_swing_max.call<void>("push", ShortestDecimal(limit));
    out.set("boneSwingMax", bone_swing_max);
    out.set("enabled", def.enabled);
    return out;
  }
  // Advances the spring chains by the exchange record's springStep_ms: FK of
  // the pose, springs, tips, palette. Milliseconds, so that the page's frame
  // passes whole numbers, which JavaScript stores without boxing.
  int stepSprings() { return Report(rig_.StepSprings(exchange_.floats[kSpringStep] / 1000.0f)); }
  bool springSettled() const { return rig_.spring_settled(); }

  std::string errorMessage() const { return error_; }
  const Rig& rig() const { return rig_; }

  int energyCapacity() const { return rig_.energy_capacity(); }

 private:
  static std::uintptr_t Address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }
  static val Floats(std::initializer_list<float> values) {
    val out = val::array();
    for (float v : values) out.call<void>("push", v);
    return out;
  }
  bool InRange(int i) const { return i >= 0 && i < rig_.bone_count(); }

  // Every mutator returns through here: the buffer slots follow any buffer
  // the call moved.
  int Report(const Status& status) {
    RefreshBufferSlots();
    if (status.ok()) return 0;
    error_ = status.message;
    return 1;
  }

  static Status ParseVec3(const val& v, const char* what, glm::vec3* out) {
    if (!IsArrayLike(v) || v["length"].as<int>() != 3) return Status::Invalid("%s must be 3 numbers", what);
    const std::vector<float> n = Numbers(v);
    *out = glm::vec3(n[0], n[1], n[2]);
    return Status::Ok();
  }

  // Any IkOptions field by its key in the option table (kin/ik/solver_registry.h).
  static Status ParseOptions(const val& options, IkOptions* o) {
    if (options.isUndefined() || options.isNull()) return Status::Ok();
    if (options.typeOf().as<std::string>() != "object") return Status::Invalid("solver options must be an object");
    const val keys = val::global("Object").call<val>("keys", options);
    for (int i = 0; i < keys["length"].as<int>(); ++i) {
      const std::string key = keys[i].as<std::string>();
      const IkOptionInfo* info = FindIkOption(key.c_str());
      if (info == nullptr) return Status::Invalid("unknown solver option '%s'", key.c_str());
      const val v = options[key];
      const std::string type = v.typeOf().as<std::string>();
      switch (info->type) {
        case IkOptionType::kInteger:
          if (type != "number") return Status::Invalid("solver option '%s' has the wrong type", info->key);
          // A fractional count would be truncated silently otherwise.
          if (v.as<double>() != static_cast<double>(v.as<int>()))
            return Status::Invalid("solver option '%s' must be an integer", info->key);
          o->*info->integer = v.as<int>();
          break;
        case IkOptionType::kNumber:
          if (type != "number") return Status::Invalid("solver option '%s' has the wrong type", info->key);
          o->*info->number = v.as<float>();
          break;
        case IkOptionType::kBoolean:
          if (type != "boolean") return Status::Invalid("solver option '%s' has the wrong type", info->key);
          o->*info->boolean = v.as<bool>();
          break;
        case IkOptionType::kVec3: {
          const Status status = ParseVec3(v, info->key, &(o->*info->vector));
          if (!status.ok()) return status;
          break;
        }
      }
    }
    return Status::Ok();
  }

  static Status ParseGoal(const val& v, int g, Goal* out, bool* has_point) {
    if (v.typeOf().as<std::string>() != "object" || v.isNull())
      return Status::Invalid("goal %d is not an object", g);
    if (v["bone"].typeOf().as<std::string>() != "number")
      return Status::Invalid("goal %d: bone must be a number", g);
    const double bone = v["bone"].as<double>();
    if (bone != static_cast<double>(static_cast<int>(bone)))
      return Status::Invalid("goal %d: bone index %g is not an integer", g, bone);
    out->bone = static_cast<int>(bone);
    const val target = v["target"];
    if (!IsArrayLike(target) || target["length"].as<int>() != 3)
      return Status::Invalid("goal %d: target must be 3 numbers", g);
    const std::vector<float> t = Numbers(target);
    out->target_ms = glm::vec3(t[0], t[1], t[2]);
    const val point = v["point"];
    *has_point = !point.isUndefined();
    if (*has_point) {
      if (!IsArrayLike(point) || point["length"].as<int>() != 3)
        return Status::Invalid("goal %d: point must be 3 numbers", g);
      const std::vector<float> p = Numbers(point);
      out->point_bs = glm::vec3(p[0], p[1], p[2]);
    }
    out->weight = v["weight"].isUndefined() ? 1.0f : v["weight"].as<float>();
    const val orientation = v["orientation"];
    if (!orientation.isUndefined()) {
      if (!IsArrayLike(orientation) || orientation["length"].as<int>() != 4)
        return Status::Invalid("goal %d: orientation must be 4 numbers (x, y, z, w)", g);
      const std::vector<float> q = Numbers(orientation);
      out->has_orientation = true;
      out->target_q_ms = glm::quat(q[3], q[0], q[1], q[2]);
      out->orientation_weight = v["orientationWeight"].isUndefined() ? 1.0f : v["orientationWeight"].as<float>();
    }
    const val pole = v["pole"];
    if (!pole.isUndefined()) {
      out->has_pole = true;
      const Status status = ParseVec3(pole, "pole", &out->pole_ms);
      if (!status.ok()) return Status::Invalid("goal %d: pole must be 3 numbers", g);
      out->pole_weight = v["poleWeight"].isUndefined() ? 1.0f : v["poleWeight"].as<float>();
      const val pole_bone = v["poleBone"];
      if (!pole_bone.isUndefined()) {
        const double b = pole_bone.as<double>();
        if (b != static_cast<double>(static_cast<int>(b))) return Status::Invalid("goal %d: pole bone %g is not an index", g, b);
        out->pole_bone = static_cast<int>(b);
      }
    }
    return Status::Ok();
  }

  static Status ParseSpringChain(const val& v, int c, SpringChainDef* def) {
    if (v.typeOf().as<std::string>() != "object" || v.isNull()) return Status::Invalid("spring chain %d is not an object", c);
    const val name = v["name"];
    if (!name.isUndefined()) {
      if (!name.isString()) return Status::Invalid("spring chain %d: name must be a string", c);
      def->name = name.as<std::string>();
    }
    const val bones = v["bones"];
    if (!IsArrayLike(bones)) return Status::Invalid("spring chain %d '%.60s': bones must be an array of indices", c, def->name.c_str());
    for (const float b : Numbers(bones)) {
      if (b != static_cast<float>(static_cast<int>(b)))
        return Status::Invalid("spring chain %d '%.60s': bone %g is not an index", c, def->name.c_str(), b);
      def->bones.push_back(static_cast<int>(b));
    }
    struct Field { const char* key; float* value; };
    const Field fields[] = {{"frequencyHz", &def->frequency_hz}, {"dampingRatio", &def->damping_ratio},
                            {"gravity", &def->gravity}, {"inertia", &def->inertia}, {"swingMax", &def->swing_max}};
    for (const Field& f : fields) {
      const val field = v[f.key];
      if (field.isUndefined()) continue;
      if (field.typeOf().as<std::string>() != "number")
        return Status::Invalid("spring chain %d '%.60s': %s must be a number", c, def->name.c_str(), f.key);
      *f.value = field.as<float>();
    }
    const val bone_swing_max = v["boneSwingMax"];
    if (!bone_swing_max.isUndefined()) {
      if (!IsArrayLike(bone_swing_max))
        return Status::Invalid("spring chain %d '%.60s': boneSwingMax must be an array of numbers", c, def->name.c_str());
      // An entry that is not a number (a string, null) becomes NaN rather than
      // Number()'s guess, and the core refuses it naming the bone.
      const int count = bone_swing_max["length"].as<int>();
      for (int i = 0; i < count; ++i) {
        const val limit = bone_swing_max[i];
        def->bone_swing_max.push_back(limit.typeOf().as<std::string>() == "number" ? limit.as<float>() : NAN);
      }
    }
    const val enabled = v["enabled"];
    if (!enabled.isUndefined()) {
      if (enabled.typeOf().as<std::string>() != "boolean")
        return Status::Invalid("spring chain %d '%.60s': enabled must be a boolean", c, def->name.c_str());
      def->enabled = enabled.as<bool>();
    }
    return Status::Ok();
  }

  static Status ParseClip(const val& clip, ClipDef* def) {
    if (clip.typeOf().as<std::string>() != "object" || clip.isNull()) return Status::Invalid("clip: not an object");
    if (clip["duration"].typeOf().as<std::string>() != "number") return Status::Invalid("clip: duration must be a number");
    def->duration = clip["duration"].as<float>();
    struct Field { const char* key; bool optional; std::vector<float> values; };
    Field fields[] = {{"targets", false, {}},  {"bones", false, {}},      {"slots", false, {}},
                      {"keyCounts", false, {}}, {"times", false, {}},     {"interpolations", false, {}},
                      {"tension", false, {}},   {"continuity", false, {}}, {"bias", false, {}},
                      {"values", false, {}},    {"inTangents", true, {}},  {"outTangents", true, {}}};
    for (Field& f : fields) {
      const val v = clip[f.key];
      if (f.optional && (v.isUndefined() || v.isNull())) continue;
      if (!IsArrayLike(v)) return Status::Invalid("clip: %s must be an array of numbers", f.key);
      f.values = Numbers(v);
    }
    const std::vector<float>& targets = fields[0].values;
    const std::size_t channels = targets.size();
    for (int f = 1; f < 4; ++f)
      if (fields[f].values.size() != channels)
        return Status::Invalid("clip: %s has %zu entries for %zu channels", fields[f].key, fields[f].values.size(), channels);
    const std::size_t keys = fields[4].values.size();
    for (int f = 5; f < 9; ++f)
      if (fields[f].values.size() != keys)
        return Status::Invalid("clip: %s has %zu entries for %zu keys", fields[f].key, fields[f].values.size(), keys);
    if (keys > static_cast<std::size_t>(kMaxClipKeys) || channels > static_cast<std::size_t>(kMaxClipChannels))
      return Status::Invalid("clip: %zu channels and %zu keys is more than the %d and %d supported", channels, keys,
                             kMaxClipChannels, kMaxClipKeys);
    // Integers as the core takes them; a fraction or NaN becomes an out-of-range code that Build names.
    const auto code = [](float v) { return v == std::floor(v) && std::fabs(v) < 1e9f ? static_cast<int>(v) : -1; };
    std::size_t first_key = 0, value_offset = 0;
    for (std::size_t c = 0; c < channels; ++c) {
      ChannelDef channel;
      channel.target = code(targets[c]);
      channel.bone = code(fields[1].values[c]);
      channel.slot = code(fields[2].values[c]);
      channel.key_count = code(fields[3].values[c]);
      if (channel.key_count < 0 || static_cast<std::size_t>(channel.key_count) > keys - first_key)
        return Status::Invalid("clip: channel %zu: key count %g does not fit the %zu keys left", c, fields[3].values[c],
                               keys - first_key);
      channel.first_key = static_cast<int>(first_key);
      const int size = ChannelValueSize(static_cast<ChannelTarget>(channel.target));
      for (int k = 0; k < channel.key_count; ++k) {
        const std::size_t i = first_key + k;
        KeyDef key;
        key.time = fields[4].values[i];
        key.interpolation = code(fields[5].values[i]);
        key.tension = fields[6].values[i];
        key.continuity = fields[7].values[i];
        key.bias = fields[8].values[i];
        key.value_offset = static_cast<int>(value_offset);
        value_offset += static_cast<std::size_t>(size);
        def->keys.push_back(key);
      }
      first_key += static_cast<std::size_t>(channel.key_count);
      def->channels.push_back(channel);
    }
    if (first_key != keys) return Status::Invalid("clip: the key counts add up to %zu keys, times has %zu", first_key, keys);
    def->values = std::move(fields[9].values);
    if (def->values.size() != value_offset)
      return Status::Invalid("clip: values has %zu numbers, the channels' keys need %zu", def->values.size(), value_offset);
    def->in_tangents = std::move(fields[10].values);
    def->out_tangents = std::move(fields[11].values);
    return Status::Ok();
  }

  // desc: { names: string[], parents, restT (3/bone), restQ (4/bone, x y z w),
  //         restS (3/bone), frames (4/bone), orders (string[]), minAngles,
  //         maxAngles, tips (3/bone), inverseBinds (16/bone, optional),
  //         stiffness, swingMax, twistMin, twistMax (1/bone, optional) }
  // Copies the description out of JavaScript (each array's length checked
  // before it is copied) for the core's conversion (kin/flat_rig.h).
  Status LoadDesc(const val& desc) {
    if (desc.typeOf().as<std::string>() != "object" || desc.isNull()) return Status::Invalid("rig description is not an object");
    const val names = desc["names"];
    if (!names.isArray()) return Status::Invalid("names must be an array of strings");
    const int n = names["length"].as<int>();
    if (n < 1) return Status::Invalid("a rig needs at least one bone");
    if (n > kMaxBones) return Status::Invalid("%d bones is more than the %d supported", n, kMaxBones);

    FlatRigDesc flat;
    for (int f = 0; f < static_cast<int>(FlatField::kCount); ++f) {
      const FlatFieldInfo& info = FlatFieldInfoOf(static_cast<FlatField>(f));
      const val v = desc[info.key];
      if (info.optional && (v.isUndefined() || v.isNull())) continue;
      if (!IsArrayLike(v)) return Status::Invalid("%s must be an array of numbers", info.key);
      const Status length = CheckFlatFieldLength(static_cast<FlatField>(f), n, v["length"].as<double>());
      if (!length.ok()) return length;
      flat.fields[f] = Numbers(v);
    }
    const val orders = desc["orders"];
    if (!orders.isArray() || orders["length"].as<int>() != n)
      return Status::Invalid("orders must be an array of %d Euler order names", n);
    for (int i = 0; i < n; ++i) {
      if (!names[i].isString()) return Status::Invalid("name of bone %d is not a string", i);
      flat.names.push_back(names[i].as<std::string>());
      flat.orders.push_back(orders[i].isString() ? orders[i].as<std::string>() : std::string());
    }
    std::vector<BoneDef> bones;
    const Status converted = BonesFromFlatRig(flat, &bones);
    if (!converted.ok()) return converted;
    return rig_.Load(Span<const BoneDef>(bones.data(), bones.size()));
  }

  Rig rig_;
  SolveReport report_;
  void RefreshBufferSlots() {
    const glm::vec3& root = rig_.root_offset();
    for (int k = 0; k < 3; ++k) exchange_.floats[kRootOffset + k] = root[k];
    std::uint32_t* b = exchange_.buffers;
    b[kModel] = Address(rig_.model_data());
    b[kPalette] = Address(rig_.palette_data());
    b[kTips] = Address(rig_.tips_data());
    b[kPose] = Address(rig_.pose_data());
    b[kEnergy] = Address(rig_.energy_data());
    b[kBind] = Address(rig_.skeleton().bind_pose().data);
    b[kDqsPalette] = Address(rig_.dqs_palette_data());
    b[kDqsPaletteSize] = static_cast<std::uint32_t>(rig_.dqs_palette_size());
    b[kSkinnedPositions] = Address(rig_.skinned_positions_data());
    b[kSkinnedNormals] = Address(rig_.skinned_normals_data());
    b[kVertexCount] = static_cast<std::uint32_t>(rig_.vertex_count());
    b[kGhostModel] = Address(rig_.ghost_model_data());
    b[kGhostPalette] = Address(rig_.ghost_palette_data());
    b[kGhostTips] = Address(rig_.ghost_tips_data());
    b[kGhostPose] = Address(rig_.ghost_pose_data());
    b[kChannelSamples] = Address(rig_.channel_samples_data());
    b[kPoseModel] = Address(rig_.pose_model_data());
    b[kSkinJoints] = Address(rig_.skin_joints_data());
    b[kSkinWeights] = Address(rig_.skin_weights_data());
    b[kSkinInfluences] = static_cast<std::uint32_t>(rig_.skin_influences());
  }

  ExchangeRecord exchange_;
  std::string error_;
};

val Strings(const char* (*name)(int), int count) {
  val out = val::array();
  for (int i = 0; i < count; ++i) out.call<void>("push", std::string(name(i)));
  return out;
}

val SlotObject(const NamedSlot* slots, std::size_t count) {
  val out = val::object();
  for (std::size_t i = 0; i < count; ++i) out.set(slots[i].name, slots[i].slot);
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
// coordinates) and the exchange record's layout.
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
  exchange.set("floats", SlotObject(kFloatSlots, sizeof(kFloatSlots) / sizeof(kFloatSlots[0])));
  exchange.set("floatCount", static_cast<int>(kFloatSlotCount));
  exchange.set("buffers", SlotObject(kBufferSlots, sizeof(kBufferSlots) / sizeof(kBufferSlots[0])));
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
  contract.set("maxGoals", kMaxGoals);
  contract.set("maxCoordinate", kMaxCoordinate);
  contract.set("tcbLimit", kTcbLimit);
  contract.set("exchange", exchange);
  return contract;
}

}  // namespace

const Rig& BoundRig(std::uintptr_t address) { return reinterpret_cast<const RigBinding*>(address)->rig(); }

}  // namespace kin

// A drag frame's calls, as plain exports (see the top of this file). `rig`
// is a binding's address().
extern "C" {
EMSCRIPTEN_KEEPALIVE int kin_rig_set_goal_target(kin::RigBinding* rig, int goal) { return rig->setGoalTarget(goal); }
EMSCRIPTEN_KEEPALIVE int kin_rig_set_goal_pole(kin::RigBinding* rig, int goal) { return rig->setGoalPole(goal); }
EMSCRIPTEN_KEEPALIVE int kin_rig_solve(kin::RigBinding* rig) { return rig->solve(); }
EMSCRIPTEN_KEEPALIVE int kin_rig_pack_dqs_palette(kin::RigBinding* rig) { return rig->packDqsPalette(); }
EMSCRIPTEN_KEEPALIVE int kin_rig_sample_clip(kin::RigBinding* rig, int loop) { return rig->sampleClip(loop); }
EMSCRIPTEN_KEEPALIVE int kin_rig_sample_ghost(kin::RigBinding* rig, int loop) { return rig->sampleGhost(loop); }
EMSCRIPTEN_KEEPALIVE int kin_rig_step_springs(kin::RigBinding* rig) { return rig->stepSprings(); }
EMSCRIPTEN_KEEPALIVE int kin_rig_spring_settled(kin::RigBinding* rig) { return rig->springSettled() ? 1 : 0; }
}

EMSCRIPTEN_BINDINGS(kin_module) {
  using kin::RigBinding;
  emscripten::function("liveRigs", &kin::LiveRigs);
  emscripten::function("contract", &kin::Contract);
  // Whether the skinning kernels run on WASM SIMD (the module was built with -msimd128).
  emscripten::function("hasSimdSkinning", &kin::HasSimdSkinning);
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
      .function("setRootOffset", &RigBinding::setRootOffset)
      .function("mirror", &RigBinding::mirror)
      .function("mirrorPartners", &RigBinding::mirrorPartners)
      .function("setGoals", &RigBinding::setGoals)
      .function("goalCount", &RigBinding::goalCount)
      .function("setSolver", &RigBinding::setSolver)
      .function("solverName", &RigBinding::solverName)
      .function("exchangePtr", &RigBinding::exchangePtr)
      .function("address", &RigBinding::address)
      .function("errorMessage", &RigBinding::errorMessage)
      .function("setSkin", &RigBinding::setSkin)
      .function("skin", &RigBinding::skin)
      .function("setCapsuleWeights", &RigBinding::setCapsuleWeights)
      .function("energyCapacity", &RigBinding::energyCapacity)
      .function("setMoveRoot", &RigBinding::setMoveRoot)
      .function("moveRoot", &RigBinding::moveRoot)
      .function("setClip", &RigBinding::setClip)
      .function("clearClip", &RigBinding::clearClip)
      .function("hasClip", &RigBinding::hasClip)
      .function("sampleChannel", &RigBinding::sampleChannel)
      .function("poseRotation", &RigBinding::poseRotation)
      .function("setSpringChains", &RigBinding::setSpringChains)
      .function("setSpringEnabled", &RigBinding::setSpringEnabled)
      .function("resetSprings", &RigBinding::resetSprings)
      .function("springChainCount", &RigBinding::springChainCount)
      .function("springChain", &RigBinding::springChain)
      .function("traceSolve", &RigBinding::traceSolve)
      .function("finiteDifferenceJacobian", &RigBinding::finiteDifferenceJacobian);
}
