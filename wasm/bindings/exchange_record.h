// A rig binding's exchange record in WASM memory: the numbers a frame passes
// to and from the core, and where every buffer the page reads lies. Its
// layout is declared here once and exported by contract() (the page reads
// views by slot name: web/src/rig/buffer-views.ts). Going through the record
// keeps a frame allocation-free: Embind's generated glue boxes a float
// argument or result and, until V8 has optimised it, allocates an arguments
// object per call.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kin/goal.h"

namespace kin {

enum FloatSlot : int {
  kTarget = 0,      // floats 0-2, in: the point setGoalTarget() moves a target to
  kIterations = 3,  // out: the last solve's report
  kError,
  kEnergyCount,
  kRootOffset,      // floats 6-8, out: the root offset (a solve that moves the root changes it)
  kPole = kRootOffset + 3,  // floats 9-11, in: the point setGoalPole() moves a pole to
  kTime = kPole + 3,        // in: the time (seconds) the clip sampler samples at
  kSpringStep,              // in: the milliseconds the springs advance by
  kSolveEnergy,             // out: the last solve's weighted energy at its end
  kWorstGoal,               // out: the goal with the last solve's largest miss (-1: none)
  kShortGoal,               // out: the goal of the last solve farthest beyond reach (-1: none)
  kShortfall,               // out: how far beyond reach it is, model units
  kFloatSlotCount
};

// Every buffer the page reads, each owned by the rig or one of its features.
enum BufferSlot : int {
  kModel, kPalette, kTips, kPose, kEnergy, kBind, kPoseModel, kGoals, kBalance, kIkFrom,  // the rig's
  kDqsPalette, kSkinnedPositions, kSkinnedNormals, kSkinJoints, kSkinWeights,  // the skinning's
  kGhostModel, kGhostPalette, kGhostTips, kGhostPose, kChannelSamples,  // the clip sampler's
  kBufferSlotCount
};

// A buffer's element type, as the page's typed array for it.
enum class BufferElement : int { kFloat32, kUint16 };

struct BufferSlotInfo {
  const char* name;
  BufferSlot slot;
  BufferElement element;
};

// The slots by the names contract() gives them.
constexpr BufferSlotInfo kBufferSlots[] = {
    {"model", kModel, BufferElement::kFloat32},
    {"palette", kPalette, BufferElement::kFloat32},
    {"tips", kTips, BufferElement::kFloat32},
    {"pose", kPose, BufferElement::kFloat32},
    {"energy", kEnergy, BufferElement::kFloat32},
    {"bind", kBind, BufferElement::kFloat32},
    {"poseModel", kPoseModel, BufferElement::kFloat32},
    {"goals", kGoals, BufferElement::kFloat32},
    {"balance", kBalance, BufferElement::kFloat32},
    {"ikFrom", kIkFrom, BufferElement::kFloat32},
    {"dqsPalette", kDqsPalette, BufferElement::kFloat32},
    {"skinnedPositions", kSkinnedPositions, BufferElement::kFloat32},
    {"skinnedNormals", kSkinnedNormals, BufferElement::kFloat32},
    {"skinJoints", kSkinJoints, BufferElement::kUint16},
    {"skinWeights", kSkinWeights, BufferElement::kFloat32},
    {"ghostModel", kGhostModel, BufferElement::kFloat32},
    {"ghostPalette", kGhostPalette, BufferElement::kFloat32},
    {"ghostTips", kGhostTips, BufferElement::kFloat32},
    {"ghostPose", kGhostPose, BufferElement::kFloat32},
    {"channelSamples", kChannelSamples, BufferElement::kFloat32},
};
static_assert(sizeof(kBufferSlots) / sizeof(kBufferSlots[0]) == kBufferSlotCount, "every buffer slot has a name");

// The goals buffer holds the core's Goal records as they are: this many
// floats each, the target (model space, 3 floats) at this float offset.
constexpr int kGoalRecordFloats = static_cast<int>(sizeof(Goal) / sizeof(float));
constexpr int kGoalTargetFloat = static_cast<int>(offsetof(Goal, target_ms) / sizeof(float));
static_assert(sizeof(Goal) % sizeof(float) == 0 && offsetof(Goal, target_ms) % sizeof(float) == 0,
              "a goal record is whole floats");

struct ExchangeRecord {
  float floats[kFloatSlotCount] = {};
  // Per buffer slot: its byte offset, then its length in elements (0: none).
  std::uint32_t buffers[2 * kBufferSlotCount] = {};
};

}  // namespace kin
