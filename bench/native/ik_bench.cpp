// Native side of the TypeScript benchmarks (bench/ik.ts, bench/humanoid-drag.ts):
// reads a rig, its goals, a solver with options and sequences of goal targets
// (the workload the TypeScript side generated and also runs through the WASM
// module), solves each target through the same Rig façade the module wraps,
// and prints the time of every solve with the pose it left behind.
//
// Input (whitespace-separated):
//   a rig as in tests/cpp/reference/text_input.h (n, then one line per bone);
//   G, then G goals: bone px py pz weight (point in bone space);
//   the solver name ("dls", "ccd", ...), then option pairs with the façade's
//   names (maxIterations, tolerance, damping, maxEscapes, step, lineSearch,
//   soften), ended by "end";
//   max_rounds budget_ms: per sequence, one warm-up round, then measured
//   rounds until their time reaches budget_ms or max_rounds were run;
//   S sequences, each: "warm" or "cold", F frames, the 3n start angles, and
//   per frame 3G target numbers. Cold frames start from zero angles, warm
//   frames from the previous frame's solution.
// Output, per sequence: "poses" and F lines from the warm-up round, each
// "<status> <iterations> <3n angles>"; then "rounds R" and R lines of F
// microsecond times.
// A solver that rejects the input ends the tool with exit code 3 and the
// façade's message on stderr.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kin/rig.h"
#include "text_input.h"

namespace {

constexpr const char* kTool = "ik_bench";

template <typename T>
T Read() {
  return kin_tools::Read<T>(kTool);
}

[[noreturn]] void Fail(const char* what, const kin::Status& status) { kin_tools::Fail(kTool, what, status); }

kin::IkOptions ReadOptions() {
  kin::IkOptions o = kin::DefaultIkOptions();
  for (std::string key = Read<std::string>(); key != "end"; key = Read<std::string>()) {
    if (key == "maxIterations") o.max_iterations = Read<int>();
    else if (key == "tolerance") o.tolerance = Read<float>();
    else if (key == "damping") o.damping = Read<float>();
    else if (key == "maxEscapes") o.max_escapes = Read<int>();
    else if (key == "step") o.step = Read<float>();
    else if (key == "lineSearch") o.line_search = Read<int>() != 0;
    else if (key == "soften") o.soften = Read<float>();
    else {
      std::fprintf(stderr, "%s: unknown solver option '%s'\n", kTool, key.c_str());
      std::exit(2);
    }
  }
  return o;
}

struct Sequence {
  bool warm = false;
  std::vector<float> start;
  std::vector<glm::vec3> targets_ms;  // frames × goals
};

// Solves every frame of `s` once; appends each solve's time to `micros` and,
// when `poses` is set, prints each frame's status, iterations and angles.
void RunRound(kin::Rig& rig, std::vector<kin::Goal>& goals, const Sequence& s, const std::vector<float>& zero,
              bool poses, std::vector<double>& micros) {
  const std::size_t g_count = goals.size();
  const std::size_t frames = s.targets_ms.size() / g_count;
  rig.SetPose(s.start, glm::vec3(0.0f));
  for (std::size_t f = 0; f < frames; ++f) {
    for (std::size_t g = 0; g < g_count; ++g) {
      const kin::Status set = rig.SetGoalTarget(static_cast<int>(g), s.targets_ms[f * g_count + g]);
      if (!set.ok()) Fail("target", set);
    }
    if (!s.warm) rig.SetPose(zero, glm::vec3(0.0f));
    const auto start = std::chrono::steady_clock::now();
    const kin::SolveReport report = rig.Solve();
    const auto stop = std::chrono::steady_clock::now();
    if (report.status == kin::SolveStatus::kInvalidInput) Fail("solve", report.input);
    micros.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
    if (!poses) continue;
    std::printf("%d %d", static_cast<int>(report.status), report.iterations);
    for (const glm::vec3& a : rig.pose()) std::printf(" %.9g %.9g %.9g", a.x, a.y, a.z);
    std::printf("\n");
  }
}

}  // namespace

int main() {
  const std::vector<kin::BoneDef> bones = kin_tools::ReadBones(kTool);
  const std::size_t n = bones.size();
  kin::Rig rig;
  const kin::Status loaded = rig.Load(bones);
  if (!loaded.ok()) Fail("rig", loaded);
  std::vector<kin::Goal> goals(Read<int>());
  for (kin::Goal& g : goals) {
    g.bone = Read<int>();
    for (int k = 0; k < 3; ++k) g.point_bs[k] = Read<float>();
    g.weight = Read<float>();
  }
  const kin::Status goals_set = rig.SetGoals(goals);
  if (!goals_set.ok()) Fail("goals", goals_set);
  kin::SolverKind kind;
  const std::string solver = Read<std::string>();
  if (!kin::ParseSolverKind(solver.c_str(), &kind)) {
    std::fprintf(stderr, "%s: unknown solver '%s'\n", kTool, solver.c_str());
    return 2;
  }
  const kin::Status solver_set = rig.SetSolver(kind, ReadOptions());
  if (!solver_set.ok()) Fail("solver", solver_set);
  const int max_rounds = Read<int>();
  const double budget_us = 1000.0 * Read<double>();

  std::vector<Sequence> sequences(Read<int>());
  for (Sequence& s : sequences) {
    s.warm = Read<std::string>() == "warm";
    const int frames = Read<int>();
    s.start.resize(3 * n);
    for (float& a : s.start) a = Read<float>();
    s.targets_ms.resize(static_cast<std::size_t>(frames) * goals.size());
    for (glm::vec3& t : s.targets_ms)
      for (int k = 0; k < 3; ++k) t[k] = Read<float>();
  }

  const std::vector<float> zero(3 * n, 0.0f);
  std::vector<double> micros;
  for (const Sequence& s : sequences) {
    // The warm-up round prints the poses (every round leaves the same ones);
    // the measured rounds are kept and printed after it.
    std::vector<double> warm_up;
    std::printf("poses\n");
    RunRound(rig, goals, s, zero, true, warm_up);
    micros.clear();
    int rounds = 0;
    double spent_us = 0.0;
    while (rounds < max_rounds && (rounds == 0 || spent_us < budget_us)) {
      const std::size_t first = micros.size();
      RunRound(rig, goals, s, zero, false, micros);
      for (std::size_t i = first; i < micros.size(); ++i) spent_us += micros[i];
      ++rounds;
    }
    std::printf("rounds %d\n", rounds);
    const std::size_t frames = micros.size() / static_cast<std::size_t>(rounds);
    for (int r = 0; r < rounds; ++r) {
      for (std::size_t f = 0; f < frames; ++f) std::printf(f == 0 ? "%.3f" : " %.3f", micros[r * frames + f]);
      std::printf("\n");
    }
  }
  return 0;
}
