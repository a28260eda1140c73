// Reading rigs and clips as whitespace-separated numbers from stdin, for the
// native tools that the TypeScript tests and benchmarks drive (kin_reference,
// kin_retarget_reference, bench/native; tests/web/native-input.ts writes
// them). One bone: parent order tx ty tz qx qy qz qw sx sy sz fx fy fz fw
// min0 min1 min2 max0 max1 max2 tipx tipy tipz stiffness.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "kin/animation/clip.h"
#include "kin/skeleton.h"
#include "kin/status.h"

namespace kin_tools {

// Reads one value or exits with a message naming the tool.
template <typename T>
T Read(const char* tool) {
  T v{};
  if (!(std::cin >> v)) {
    std::fprintf(stderr, "%s: input ended early or is not a number\n", tool);
    std::exit(2);
  }
  return v;
}

// Exits with the tool's name, what failed and the core's message.
[[noreturn]] inline void Fail(const char* tool, const char* what, const kin::Status& status) {
  std::fprintf(stderr, "%s: %s: %s\n", tool, what, status.message);
  std::exit(3);
}

// n, then n bones (named b0, b1, ...).
inline std::vector<kin::BoneDef> ReadBones(const char* tool) {
  const int n = Read<int>(tool);
  std::vector<kin::BoneDef> bones(n);
  for (int i = 0; i < n; ++i) {
    kin::BoneDef& b = bones[i];
    b.name = "b" + std::to_string(i);
    b.parent = Read<int>(tool);
    b.order = static_cast<kin::EulerOrder>(Read<int>(tool));
    for (int k = 0; k < 3; ++k) b.rest_t[k] = Read<float>(tool);
    for (int k = 0; k < 4; ++k) b.rest_q[k] = Read<float>(tool);  // glm::quat indexes x, y, z, w
    for (int k = 0; k < 3; ++k) b.rest_s[k] = Read<float>(tool);
    for (int k = 0; k < 4; ++k) b.frame[k] = Read<float>(tool);
    for (int k = 0; k < 3; ++k) b.min_angle[k] = Read<float>(tool);
    for (int k = 0; k < 3; ++k) b.max_angle[k] = Read<float>(tool);
    for (int k = 0; k < 3; ++k) b.tip_bs[k] = Read<float>(tool);
    b.stiffness = Read<float>(tool);
  }
  return bones;
}

// n names without white space, replacing ReadBones' b0, b1, …: for tools
// whose results depend on names (retargeting maps bones by role).
inline void ReadBoneNames(const char* tool, std::vector<kin::BoneDef>* bones) {
  for (kin::BoneDef& b : *bones) b.name = Read<std::string>(tool);
}

// A clip: duration C, then per channel "target bone slot K" (codes of
// kin::ChannelTarget) and K keys "time interpolation tension continuity
// bias v0 .. v(size−1)" (codes of kin::Interpolation). No tangents.
inline kin::ClipDef ReadClip(const char* tool) {
  kin::ClipDef def;
  def.duration = Read<float>(tool);
  const int channels = Read<int>(tool);
  for (int c = 0; c < channels; ++c) {
    kin::ChannelDef channel;
    channel.target = Read<int>(tool);
    channel.bone = Read<int>(tool);
    channel.slot = Read<int>(tool);
    channel.key_count = Read<int>(tool);
    channel.first_key = static_cast<int>(def.keys.size());
    const int size = kin::ChannelValueSize(static_cast<kin::ChannelTarget>(channel.target));
    for (int k = 0; k < channel.key_count; ++k) {
      kin::KeyDef key;
      key.time = Read<float>(tool);
      key.interpolation = Read<int>(tool);
      key.tension = Read<float>(tool);
      key.continuity = Read<float>(tool);
      key.bias = Read<float>(tool);
      key.value_offset = static_cast<int>(def.values.size());
      for (int i = 0; i < size; ++i) def.values.push_back(Read<float>(tool));
      def.keys.push_back(key);
    }
    def.channels.push_back(channel);
  }
  return def;
}

}  // namespace kin_tools
