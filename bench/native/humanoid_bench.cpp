// Native side of bench/humanoid-drag.ts: reads a rig and sequences of goal
// targets (the workload the TypeScript bench generated and also runs through
// the WASM module), solves each through the same Rig façade, and prints the
// time of every solve in microseconds with its status and final error.
//
// Input: a rig as for tests/cpp/reference/kin_reference.cpp (n, then one line
// per bone, ending in its stiffness), then G goals (bone px py pz weight), then S sequences, each:
// "warm" or "cold", F frames, the 3n angles of the start pose, and per frame
// 3G target numbers.
// Output: one line per frame: "<micros> <status> <error>".
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "rig.h"
#include "text_input.h"

namespace {

constexpr const char* kTool = "humanoid_bench";

template <typename T>
T Read() {
  return kin_tools::Read<T>(kTool);
}

}  // namespace

int main() {
  const std::vector<kin::BoneDef> bones = kin_tools::ReadBones(kTool);
  const int n = static_cast<int>(bones.size());
  kin::Rig rig;
  if (!rig.Load(bones).ok()) return 1;
  std::vector<kin::Goal> goals(Read<int>());
  for (kin::Goal& g : goals) {
    g.bone = Read<int>();
    for (int k = 0; k < 3; ++k) g.point_bs[k] = Read<float>();
    g.weight = Read<float>();
  }
  const std::vector<float> zero(3 * static_cast<std::size_t>(n), 0.0f);
  const int sequences = Read<int>();
  for (int s = 0; s < sequences; ++s) {
    const bool warm = Read<std::string>() == "warm";
    const int frames = Read<int>();
    std::vector<float> start(3 * static_cast<std::size_t>(n));
    for (float& a : start) a = Read<float>();
    rig.SetPose(start, glm::vec3(0.0f));
    for (int f = 0; f < frames; ++f) {
      for (kin::Goal& g : goals)
        for (int k = 0; k < 3; ++k) g.target_ms[k] = Read<float>();
      if (!warm) rig.SetPose(zero, glm::vec3(0.0f));
      if (!rig.SetGoals(goals).ok()) return 1;
      const auto start = std::chrono::steady_clock::now();
      const kin::SolveReport report = rig.Solve();
      const auto stop = std::chrono::steady_clock::now();
      std::printf("%.3f %d %.9g\n", std::chrono::duration<double, std::micro>(stop - start).count(),
                  static_cast<int>(report.status), report.error);
    }
  }
  return 0;
}
