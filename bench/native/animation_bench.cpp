// Native side of bench/animation.ts: reads a rig and a clip (the workload the
// TypeScript side also runs through the WASM module and three.js), plays the
// clip through Rig::SampleClip (sampling, FK, tips and palette in one call)
// and prints the time of every batch of frames, then the palette at each of
// the check times, which the TypeScript side compares with the WASM module's.
//
// Input (whitespace-separated):
//   a rig as in tests/cpp/reference/text_input.h;
//   the clip as in text_input.h (ReadClip);
//   frames dt max_batches budget_ms loop: per batch, `frames` calls at times
//   i·dt (i counting on across batches), after one untimed batch; measured
//   batches until their time reaches budget_ms or max_batches were run;
//   loop is a kin::LoopMode code;
//   N check times.
// Output: "batches B", a line of B microsecond times (each for `frames`
// calls), then per check time a line of 16·n palette floats and one of the
// 3·n angles.
// A clip the core rejects ends the tool with exit code 3 and the message.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "kin/rig.h"
#include "kin/clip_sampler.h"
#include "text_input.h"

namespace {

constexpr const char* kTool = "animation_bench";

template <typename T>
T Read() {
  return kin_tools::Read<T>(kTool);
}

[[noreturn]] void Fail(const char* what, const kin::Status& status) { kin_tools::Fail(kTool, what, status); }

}  // namespace

int main() {
  const std::vector<kin::BoneDef> bones = kin_tools::ReadBones(kTool);
  kin::Rig rig;
  kin::ClipSampler rig_clips;
  kin::Status status = rig.Load(bones);
  if (!status.ok()) Fail("rig", status);
  status = rig_clips.SetClip(rig, kin_tools::ReadClip(kTool));
  if (!status.ok()) Fail("clip", status);
  const int frames = Read<int>();
  const float dt = Read<float>();
  const int max_batches = Read<int>();
  const double budget_us = 1000.0 * Read<double>();
  const kin::LoopMode loop = static_cast<kin::LoopMode>(Read<int>());

  long frame = 0;
  const auto batch = [&]() {
    for (int f = 0; f < frames; ++f, ++frame) {
      const kin::Status sampled = rig_clips.Sample(rig, static_cast<float>(frame) * dt, loop);
      if (!sampled.ok()) Fail("sample", sampled);
    }
  };
  batch();  // warm-up
  std::vector<double> micros;
  double spent_us = 0.0;
  while (static_cast<int>(micros.size()) < max_batches && (micros.empty() || spent_us < budget_us)) {
    const auto start = std::chrono::steady_clock::now();
    batch();
    const auto stop = std::chrono::steady_clock::now();
    micros.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
    spent_us += micros.back();
  }
  std::printf("batches %zu\n", micros.size());
  for (std::size_t i = 0; i < micros.size(); ++i) std::printf(i == 0 ? "%.3f" : " %.3f", micros[i]);
  std::printf("\n");

  const int checks = Read<int>();
  for (int c = 0; c < checks; ++c) {
    const float time = Read<float>();
    status = rig_clips.Sample(rig, time, loop);
    if (!status.ok()) Fail("sample", status);
    const float* palette = rig.palette_data();
    for (int i = 0; i < 16 * rig.bone_count(); ++i) std::printf(i == 0 ? "%.9g" : " %.9g", palette[i]);
    std::printf("\n");
    const float* pose = rig.pose_data();
    for (int i = 0; i < 3 * rig.bone_count(); ++i) std::printf(i == 0 ? "%.9g" : " %.9g", pose[i]);
    std::printf("\n");
  }
  return 0;
}
