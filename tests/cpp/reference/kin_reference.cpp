// Native reference for the WASM module: reads rigs, poses and goals as plain
// numbers on stdin, runs them through the same Rig façade the module wraps,
// and prints palettes, tips and solve results. tests/web/native-parity.test.ts
// writes the input and compares the module's answers with these.
//
// Input:  R, then per rig: n and n bones (see text_input.h);
//         P, per pose: rootx rooty rootz and 3n angles;
//         G, per goal: bone px py pz tx ty tz weight; then max_iterations
//         tolerance damping.
// Output: per pose, "fk" with 16n palette and 3n tip numbers, then "solve"
//         with status, iterations, error and the 3n solved angles.
#include <cstdio>
#include <string>
#include <vector>

#include "kin/rig.h"
#include "text_input.h"

namespace {

constexpr const char* kTool = "kin_reference";

template <typename T>
T Read() {
  return kin_tools::Read<T>(kTool);
}

void Print(const float* data, int count) {
  for (int i = 0; i < count; ++i) std::printf(" %.9g", data[i]);
}

}  // namespace

int main() {
  const int rigs = Read<int>();
  for (int r = 0; r < rigs; ++r) {
    const std::vector<kin::BoneDef> bones = kin_tools::ReadBones(kTool);
    const int n = static_cast<int>(bones.size());
    std::vector<std::vector<float>> poses(Read<int>());
    for (std::vector<float>& pose : poses) {
      pose.resize(3 + 3 * n);
      for (float& v : pose) v = Read<float>();
    }
    std::vector<kin::Goal> goals(Read<int>());
    for (kin::Goal& g : goals) {
      g.bone = Read<int>();
      for (int k = 0; k < 3; ++k) g.point_bs[k] = Read<float>();
      for (int k = 0; k < 3; ++k) g.target_ms[k] = Read<float>();
      g.weight = Read<float>();
    }
    kin::IkOptions options;
    options.max_iterations = Read<int>();
    options.tolerance = Read<float>();
    options.damping = Read<float>();

    kin::Rig rig;
    const kin::Status loaded = rig.Load(bones);
    const kin::Status solver = loaded.ok() ? rig.SetSolver(kin::SolverKind::kDls, options) : loaded;
    if (!solver.ok()) {
      std::fprintf(stderr, "kin_reference: rig %d: %s\n", r, solver.message);
      return 1;
    }
    const kin::Status goals_set = rig.SetGoals(goals);
    if (!goals_set.ok()) {
      std::fprintf(stderr, "kin_reference: rig %d: %s\n", r, goals_set.message);
      return 1;
    }
    for (const std::vector<float>& pose : poses) {
      rig.SetPose(kin::Span<const float>(pose.data() + 3, 3 * n), glm::vec3(pose[0], pose[1], pose[2]));
      std::printf("fk");
      Print(rig.palette_data(), 16 * n);
      Print(rig.tips_data(), 3 * n);
      std::printf("\n");
      const kin::SolveReport report = rig.Solve();
      std::printf("solve %d %d %.9g", static_cast<int>(report.status), report.iterations, report.error);
      Print(rig.pose_data(), 3 * n);
      std::printf("\n");
    }
  }
  return 0;
}
