// Native side of bench/skinning.ts: reads a palette and a skinned mesh (the
// workload the TypeScript side also runs through the WASM module and
// three.js), skins it with the LBS and DQS jobs (positions and normals) in
// each kernel build, and prints the time of every call and the last result,
// which the TypeScript side checks against the WASM module's.
//
// Input (whitespace-separated): B, then 16·B palette floats (column-major,
// per bone); V, then per vertex px py pz nx ny nz j0 j1 j2 j3 w0 w1 w2 w3;
// then max_rounds budget_ms: per method and kernel one warm-up call, then
// measured calls until their time reaches budget_ms or max_rounds were run.
// Output, per method and kernel: "<method> <kernel> <calls>", a line of that
// many microsecond times, then a line of 3·V positions and one of 3·V
// normals. A job that rejects the input ends the tool with exit code 3.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "skinning_jobs.h"
#include "text_input.h"

namespace {

constexpr const char* kTool = "skinning_bench";

template <typename T>
T Read() {
  return kin_tools::Read<T>(kTool);
}

struct Workload {
  std::vector<glm::mat4> palette;
  kin_test::SkinMesh mesh;
};

Workload ReadWorkload() {
  Workload w;
  w.palette.resize(Read<std::size_t>());
  for (glm::mat4& p : w.palette)
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) p[c][r] = Read<float>();
  kin_test::SkinMesh& m = w.mesh;
  const std::size_t v = Read<std::size_t>();
  m.positions.resize(v);
  m.normals.resize(v);
  m.joints.resize(4 * v);
  m.weights.resize(4 * v);
  for (std::size_t i = 0; i < v; ++i) {
    for (int k = 0; k < 3; ++k) m.positions[i][k] = Read<float>();
    for (int k = 0; k < 3; ++k) m.normals[i][k] = Read<float>();
    for (int k = 0; k < 4; ++k) m.joints[4 * i + k] = static_cast<std::uint16_t>(Read<int>());
    for (int k = 0; k < 4; ++k) m.weights[4 * i + k] = Read<float>();
  }
  return w;
}

void PrintFloats(const std::vector<glm::vec3>& values) {
  for (std::size_t i = 0; i < values.size(); ++i)
    std::printf(i == 0 ? "%.9g %.9g %.9g" : " %.9g %.9g %.9g", values[i].x, values[i].y, values[i].z);
  std::printf("\n");
}

// Times `job.Run()` (one warm-up call, then measured ones) and prints the
// report with what the job wrote into `out`.
template <typename Job>
void Measure(const char* method, const char* kernel, const Job& job, int max_rounds, double budget_us,
             const kin_test::SkinResult& out) {
  const kin::Status warm_up = job.Run();
  if (!warm_up.ok()) {
    std::fprintf(stderr, "%s: %s: %s\n", kTool, method, warm_up.message);
    std::exit(3);
  }
  std::vector<double> micros;
  double spent_us = 0.0;
  while (static_cast<int>(micros.size()) < max_rounds && (micros.empty() || spent_us < budget_us)) {
    const auto start = std::chrono::steady_clock::now();
    job.Run();
    const auto stop = std::chrono::steady_clock::now();
    micros.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
    spent_us += micros.back();
  }
  std::printf("%s %s %zu\n", method, kernel, micros.size());
  for (std::size_t i = 0; i < micros.size(); ++i) std::printf(i == 0 ? "%.3f" : " %.3f", micros[i]);
  std::printf("\n");
  PrintFloats(out.positions);
  PrintFloats(out.normals);
}

}  // namespace

int main() {
  const Workload w = ReadWorkload();
  const int max_rounds = Read<int>();
  const double budget_us = 1000.0 * Read<double>();
  kin_test::SkinResult out = kin_test::OutputsFor(w.mesh);
  std::vector<float> scratch;

  const std::pair<kin::SkinningKernel, const char*> kernels[] = {{kin::SkinningKernel::kSimd, "simd"},
                                                                 {kin::SkinningKernel::kPortable, "portable"}};
  for (const auto& [kernel, kernel_name] : kernels) {
    Measure("lbs", kernel_name, kin_test::LbsJobFor(w.palette, w.mesh, out, kernel), max_rounds, budget_us, out);
    Measure("dqs", kernel_name, kin_test::DqsJobFor(w.palette, w.mesh, scratch, out, kernel), max_rounds, budget_us,
            out);
  }
  return 0;
}
