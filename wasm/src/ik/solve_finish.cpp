// The ends of a solve that every solver shares (see solvers.h).
#include <algorithm>
#include <cstring>
#include <vector>

#include "solvers.h"

namespace kin {
namespace ik_internal {
namespace {

// The pose is the start pose, bit for bit: there is nothing to bring back.
bool AtStart(const IkState& s) {
  return std::memcmp(&s.root_ms, &s.job.root_offset_ms, sizeof(glm::vec3)) == 0 &&
         std::memcmp(s.job.angles.data, s.ws.start_angles_.data(), sizeof(glm::vec3) * s.n) == 0;
}

// The pose is the best pose kept (BestPose), bit for bit.
bool AtBest(const IkState& s) {
  return std::memcmp(&s.root_ms, &s.best_root_ms, sizeof(glm::vec3)) == 0 &&
         std::memcmp(s.job.angles.data, s.ws.best_angles_.data(), sizeof(glm::vec3) * s.n) == 0;
}

}  // namespace

SolveReport FinishIterative(IkState& s, Evaluation current, double best_energy, SolveStatus status, int iterations,
                            EnergyHistory& history) {
  const float tolerance = s.job.options.tolerance;
  const bool lowered = std::min(best_energy, current.energy) < s.start_energy * (1.0 - kNoiseFall);
  const bool back_to_start = current.error > tolerance && !lowered && !AtStart(s);
  const bool beats_best = current.energy < best_energy * (1.0 - kNoiseFall);
  const bool back_to_best = current.error > tolerance && lowered && !beats_best && !AtBest(s);
  if (back_to_start || back_to_best) {
    const std::vector<glm::vec3>& angles = back_to_start ? s.ws.start_angles_ : s.ws.best_angles_;
    std::copy(angles.begin(), angles.begin() + s.n, s.job.angles.begin());
    s.root_ms = back_to_start ? s.job.root_offset_ms : s.best_root_ms;
    current = s.EvaluateCurrent();
    // The history ends at the pose the solve returns, not at the one it left behind.
    history.Record(current);
  }
  if (s.job.trace) s.job.trace->Finish(s, current);
  SolveReport report;
  report.status = current.error <= tolerance ? SolveStatus::kConverged : status;
  report.iterations = iterations;
  report.error = current.error;
  report.energy = static_cast<float>(current.energy);
  report.worst_goal = current.worst_goal;
  report.energy_count = history.count();
  return report;
}

SolveReport OnePassReport(const IkState& s, const Evaluation& after, const EnergyHistory& history) {
  if (s.job.trace) s.job.trace->Finish(s, after);
  SolveReport report;
  report.status = after.error <= s.job.options.tolerance ? SolveStatus::kConverged : SolveStatus::kUnreachable;
  report.iterations = 1;
  report.error = after.error;
  report.energy = static_cast<float>(after.energy);
  report.worst_goal = after.worst_goal;
  report.energy_count = history.count();
  return report;
}

}  // namespace ik_internal
}  // namespace kin
