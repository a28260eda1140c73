// The Embind class `Rig` (rig_bindings.cpp) as the feature bindings see it:
// they find a rig by the address JavaScript passes (a RigHandle's
// address()), act on its core Rig and publish their buffers in its exchange
// record. Each feature binding (skin, clip, springs, teaching, mirror) is its
// own Embind class, owned by its own TypeScript object, which the TypeScript
// Rig disposes before the rig.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "exchange_record.h"
#include "kin/clip_sampler.h"
#include "kin/ik/solve_report.h"
#include "kin/rig.h"

namespace kin {

class RigBinding;

// The live rig binding at `address`, or null (a deleted or never made one).
RigBinding* FindRig(std::uintptr_t address);

// What every feature binding shares: its rig, found once by address, and an
// error message; mutators return 0, or 1 with errorMessage() set.
class FeatureBinding {
 public:
  explicit FeatureBinding(std::uintptr_t rig_address);
  FeatureBinding(const FeatureBinding&) = delete;
  FeatureBinding& operator=(const FeatureBinding&) = delete;
  std::string errorMessage() const { return error_; }
  std::uintptr_t address() const { return reinterpret_cast<std::uintptr_t>(this); }

 protected:
  // 0, or 1 with the message kept; also refuses a feature made for no rig.
  int Report(const Status& status);
  // The rig, or null with errorMessage() naming the address it was made for.
  RigBinding* rig();

 private:
  RigBinding* rig_;
  std::uintptr_t rig_address_;
  std::string error_;
};

// Embind registers a member function only with the class's own member
// pointer type: each feature class registers the shared calls through these.
template <typename Binding>
std::uintptr_t FeatureAddress(const Binding& b) { return b.address(); }
template <typename Binding>
std::string FeatureError(const Binding& b) { return b.errorMessage(); }

class RigBinding {
 public:
  RigBinding();
  ~RigBinding();
  RigBinding(const RigBinding&) = delete;
  RigBinding& operator=(const RigBinding&) = delete;

  Rig& core() { return rig_; }
  const Rig& core() const { return rig_; }
  const ExchangeRecord& exchange() const { return exchange_; }
  float exchange_float(FloatSlot slot) const { return exchange_.floats[slot]; }
  // Where a buffer lies now (null, 0: none), for the page's views.
  void Publish(BufferSlot slot, const void* data, std::size_t count) {
    exchange_.buffers[2 * slot] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(data));
    exchange_.buffers[2 * slot + 1] = static_cast<std::uint32_t>(count);
  }
  // The rig's own slots and numbers after a call that may have moved them
  // (a feature's call that changed the pose too).
  void RefreshRecord();
  // A solve's report into the record; returns its SolveStatus code.
  int Solved(const SolveReport& report);
  const SolveReport& report() const { return report_; }
  // The clip sampler of this rig, for the retargeter (null: none made).
  const ClipSampler* clip() const { return clip_; }
  void AttachClip(const ClipSampler* clip) { clip_ = clip; }

  // The Embind surface (rig_bindings.cpp).
  int load(const emscripten::val& desc);
  int boneCount() const { return rig_.bone_count(); }
  std::string boneName(int i) const;
  int boneParent(int i) const;
  std::string boneOrder(int i) const;
  emscripten::val boneLimits(int i) const;
  emscripten::val boneFrame(int i) const;
  int setAngles(int bone, float a0, float a1, float a2);
  emscripten::val anglesForModelRotation(int bone, float x, float y, float z, float w);
  int setPose(const emscripten::val& angles, float rx, float ry, float rz);
  int setIkFrom(const emscripten::val& angles);
  int setRootOffset(float x, float y, float z);
  int setRestScales(const emscripten::val& scales);
  int setGoals(const emscripten::val& goals);
  int setGoalTarget(int goal);
  int setGoalPole(int goal);
  int goalCount() const { return rig_.goal_count(); }
  int setSolver(const std::string& kind, const emscripten::val& options);
  std::string solverName() const;
  int setMoveRoot(bool on) { return Report(rig_.SetMoveRoot(on)); }
  bool moveRoot() const { return rig_.move_root(); }
  int setKeepBalance(bool on) { return Report(rig_.SetKeepBalance(on)); }
  bool keepBalance() const { return rig_.keep_balance(); }
  int setKeepAboveFloor(bool on) { return Report(rig_.SetKeepAboveFloor(on)); }
  bool keepAboveFloor() const { return rig_.keep_above_floor(); }
  // angles: 3 per bone (an array or Float32Array); weight 0 turns the prior off.
  int setPosePrior(const emscripten::val& angles, float weight);
  float posePriorWeight() const { return rig_.pose_prior_weight(); }
  int solve() { return Solved(rig_.Solve()); }
  std::uintptr_t exchangePtr() const { return reinterpret_cast<std::uintptr_t>(&exchange_); }
  std::uintptr_t address() const { return reinterpret_cast<std::uintptr_t>(this); }
  std::string errorMessage() const { return error_; }
  void SetError(const char* message) { error_ = message; }

 private:
  bool InRange(int i) const { return i >= 0 && i < rig_.bone_count(); }
  int Report(const Status& status);

  Rig rig_;
  SolveReport report_;
  ExchangeRecord exchange_;
  std::string error_;
  const ClipSampler* clip_ = nullptr;
};

}  // namespace kin
