// Fixtures shared by the solver tests: problems on the test rigs,
// one solve through IkJob, limit checks, and the reachable-target sweep
// whose convergence rate each solver's tests assert.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kin/forward.h"
#include "kin/ik/ik_job.h"
#include "kin/limits.h"
#include "seeded_random.h"
#include "test_rigs.h"

namespace kin_test {

struct IkProblem {
  kin::Skeleton skeleton;
  std::vector<kin::Goal> goals;
  kin::IkWorkspace workspace;
  // Used by the jobs that keep DLS's factorisation (dls_kept_factor_test.cpp).
  kin::DlsCache dls_cache;
};

inline std::vector<glm::mat4> Forward(const kin::Skeleton& s, const std::vector<glm::vec3>& angles) {
  std::vector<glm::mat4> model(s.bone_count());
  kin::ForwardJob fk;
  fk.skeleton = &s;
  fk.angles = angles;
  fk.model_ms = model;
  EXPECT_TRUE(fk.Run().ok());
  return model;
}

inline glm::vec3 PointMs(const std::vector<glm::mat4>& model, const kin::Goal& g) {
  return glm::vec3(model[g.bone] * glm::vec4(g.point_bs, 1.0f));
}

inline float WorstDistance(const IkProblem& p, const std::vector<glm::vec3>& angles) {
  const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
  float worst = 0.0f;
  for (const kin::Goal& g : p.goals) worst = std::max(worst, glm::length(PointMs(model, g) - g.target_ms));
  return worst;
}

// Random angles inside each bone's limits.
inline std::vector<glm::vec3> RandomPoseWithinLimits(std::mt19937& rng, const kin::Skeleton& s) {
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  std::vector<glm::vec3> angles(s.bone_count());
  for (int j = 0; j < s.bone_count(); ++j)
    for (int k = 0; k < 3; ++k) angles[j][k] = glm::mix(s.min_angle(j)[k], s.max_angle(j)[k], u(rng));
  return angles;
}

// How far a standing figure's random poses turn its root on each slot
// (radians): the default character's hips have a free heading, and targets
// spun all round the figure would test the solvers' patience with the stiff
// hips rather than the limbs.
constexpr float kStandingRootRange = 0.35f;

// A random pose within the limits with the root within ±root_range of rest
// on each slot: a pose a person strikes standing in place.
inline std::vector<glm::vec3> RandomStandingPose(std::mt19937& rng, const kin::Skeleton& s, float root_range) {
  std::vector<glm::vec3> angles = RandomPoseWithinLimits(rng, s);
  for (int j = 0; j < s.bone_count(); ++j)
    if (s.parent(j) < 0) angles[j] = glm::clamp(angles[j], glm::vec3(-root_range), glm::vec3(root_range));
  return angles;
}

inline kin::IkOptions WithIterations(int max_iterations) {
  kin::IkOptions options = kin::DefaultIkOptions();
  options.max_iterations = max_iterations;
  return options;
}

// A job over the problem's skeleton, goals and workspace, solving `angles` in place.
inline kin::IkJob ProblemJob(kin::SolverKind kind, IkProblem& p, std::vector<glm::vec3>& angles,
                             const kin::IkOptions& options) {
  kin::IkJob job;
  job.kind = kind;
  job.skeleton = &p.skeleton;
  job.goals = p.goals;
  job.options = options;
  job.angles = angles;
  job.workspace = &p.workspace;
  return job;
}

inline kin::SolveReport SolveWith(kin::SolverKind kind, IkProblem& p, std::vector<glm::vec3>& angles,
                                  const kin::IkOptions& options, std::vector<float>* energy = nullptr) {
  kin::IkJob job = ProblemJob(kind, p, angles, options);
  if (energy) job.energy = *energy;
  return job.Run();
}

// The iterative solvers: those that escape stuck points (options.max_escapes).
inline bool Iterative(kin::SolverKind kind) {
  return (kin::GetSolverInfo(kind).settings & kin::SettingBit(kin::IkSetting::kMaxEscapes)) != 0;
}

// Two poses equal bit for bit.
inline bool SamePose(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(glm::vec3) * a.size()) == 0;
}

// Every slot within [min, max]; slots with min == max exactly there.
inline void ExpectWithinLimits(const kin::Skeleton& s, const std::vector<glm::vec3>& angles) {
  for (int j = 0; j < s.bone_count(); ++j)
    for (int k = 0; k < 3; ++k) {
      EXPECT_GE(angles[j][k], s.min_angle(j)[k]) << s.name(j) << " slot " << k;
      EXPECT_LE(angles[j][k], s.max_angle(j)[k]) << s.name(j) << " slot " << k;
      if (s.min_angle(j)[k] == s.max_angle(j)[k]) EXPECT_EQ(angles[j][k], s.min_angle(j)[k]) << s.name(j);
    }
}

// Goals on the tips of a rig's hands and feet (bones hand_l, hand_r, foot_l, foot_r).
inline IkProblem LimbEndsProblem(const std::vector<kin::BoneDef>& bones) {
  IkProblem p;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  for (const char* name : {"hand_l", "hand_r", "foot_l", "foot_r"}) {
    kin::Goal g;
    g.bone = p.skeleton.FindBone(name);
    g.point_bs = p.skeleton.tip_bs(g.bone);
    p.goals.push_back(g);
  }
  p.workspace.Reserve(p.skeleton.bone_count(), 4);
  return p;
}

// Goals on the tips of the humanoid's hands and feet.
inline IkProblem HumanoidProblem() { return LimbEndsProblem(Humanoid()); }

// The default character with the bench's humanoid goals (bench/workloads.ts,
// HUMANOID_GOALS): the tips of both hands and both feet. Its limits are IK's
// about the rest pose (Skeleton::LimitIkTurns), as the Rig narrows them for
// the bench's solves, every one from a pose set at rest: the hips tilt ±0.35.
inline IkProblem DefaultCharacterProblem() {
  IkProblem p = LimbEndsProblem(DefaultCharacter());
  const std::vector<glm::vec3> rest(p.skeleton.bone_count(), glm::vec3(0.0f));
  p.skeleton.LimitIkTurns(rest, rest);
  return p;
}

// The bench's reach (bench/workloads.ts, reachOf): the longest path from a
// root to a goal point, every bone stretched straight.
inline float Reach(const IkProblem& p) {
  float reach = 0.0f;
  for (const kin::Goal& g : p.goals) {
    float length = glm::length(g.point_bs);
    for (int j = g.bone; p.skeleton.parent(j) >= 0; j = p.skeleton.parent(j)) length += glm::length(p.skeleton.rest_t(j));
    reach = std::max(reach, length);
  }
  return reach;
}

// The bench's humanoid target sets (bench/workloads.ts, humanoidWorkloads),
// drawn the same way from the same seed: per set, every bone's three angles
// uniform within its limits, the root's within ±kStandingRootRange of rest
// (bones in order, each slot in order) from
// seededRandom(1), projected into the limits as Rig.setPose does, and the
// goal points of that pose. Targets set by set, goal by goal. Another
// `seed` draws sets the bench never sees, the same way (a held-out check
// that a rate measured on the bench's sets is not tuned to them).
constexpr std::uint32_t kBenchHumanoidSeed = 1;
inline std::vector<std::vector<glm::vec3>> BenchHumanoidTargetSets(const IkProblem& p, int count,
                                                                   std::uint32_t seed = kBenchHumanoidSeed) {
  SeededRandom random(seed);
  const kin::Skeleton& s = p.skeleton;
  std::vector<std::vector<glm::vec3>> sets;
  for (int t = 0; t < count; ++t) {
    std::vector<glm::vec3> angles(s.bone_count());
    for (int j = 0; j < s.bone_count(); ++j) {
      for (int k = 0; k < 3; ++k) {
        const bool root = s.parent(j) < 0;
        const float lo = root ? std::max(s.min_angle(j)[k], -kStandingRootRange) : s.min_angle(j)[k];
        const float hi = root ? std::min(s.max_angle(j)[k], kStandingRootRange) : s.max_angle(j)[k];
        angles[j][k] = static_cast<float>(random.Uniform(lo, hi));
      }
      angles[j] = kin::ProjectJointLimits(s, j, angles[j]);
    }
    const std::vector<glm::mat4> model = Forward(s, angles);
    std::vector<glm::vec3> targets;
    for (const kin::Goal& g : p.goals) targets.push_back(PointMs(model, g));
    sets.push_back(targets);
  }
  return sets;
}

// One goal on the tip of a Chain(count, limit).
inline IkProblem ChainProblem(int count, float limit) {
  IkProblem p;
  EXPECT_TRUE(kin::Skeleton::Build(Chain(count, limit), &p.skeleton).ok());
  kin::Goal g;
  g.bone = count - 1;
  g.point_bs = p.skeleton.tip_bs(count - 1);
  p.goals = {g};
  p.workspace.Reserve(count, 1);
  return p;
}

struct SweepResult {
  int converged = 0;
  int iterations = 0;  // summed over the converged solves
};

// `trials` solves from the rest pose toward the goal points of random poses
// within the limits (reachable by construction). Checks on every solve that
// the limits hold, that the report's error is the true one, that nothing
// is NaN, and that a converged report is within tolerance.
inline SweepResult SolveReachableTargets(kin::SolverKind kind, IkProblem& p, std::mt19937& rng, int trials,
                                         int max_iterations) {
  SweepResult result;
  for (int t = 0; t < trials; ++t) {
    const std::vector<glm::mat4> target_model = Forward(p.skeleton, RandomPoseWithinLimits(rng, p.skeleton));
    for (kin::Goal& g : p.goals) g.target_ms = PointMs(target_model, g);
    std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
    const kin::SolveReport report = SolveWith(kind, p, angles, WithIterations(max_iterations));
    ExpectWithinLimits(p.skeleton, angles);
    const float worst = WorstDistance(p, angles);
    EXPECT_FALSE(std::isnan(report.error));
    EXPECT_NEAR(report.error, worst, 1e-6f);
    if (report.status == kin::SolveStatus::kConverged) {
      ++result.converged;
      result.iterations += report.iterations;
      EXPECT_LE(worst, kin::DefaultIkOptions().tolerance);
    }
  }
  return result;
}

// Breaks one input at a time: each solve returns kInvalidInput with a
// message naming the input, and leaves the pose bitwise unchanged (a NaN in
// the start pose comes back as the same NaN).
inline void ExpectRejectsEachBadInput(kin::SolverKind kind) {
  struct Bad {
    const char* what;
    void (*breaks)(IkProblem&, std::vector<glm::vec3>&);
    const char* message;
  };
  const Bad cases[] = {
      {"nan target", [](IkProblem& p, std::vector<glm::vec3>&) { p.goals[2].target_ms.y = std::nanf(""); },
       "goal 2: target is not finite"},
      {"bad bone", [](IkProblem& p, std::vector<glm::vec3>&) { p.goals[1].bone = 40; }, "goal 1: bone index 40"},
      {"zero goals", [](IkProblem& p, std::vector<glm::vec3>&) { p.goals.clear(); }, "no goals"},
      {"orientation goal", [](IkProblem& p, std::vector<glm::vec3>&) { p.goals[0].has_orientation = true; },
       "goal 0 has an orientation"},
      {"nan start pose", [](IkProblem&, std::vector<glm::vec3>& a) { a[5].y = std::nanf(""); },
       "bone 5 'clavicle_l' are not finite"},
  };
  for (const Bad& bad : cases) {
    SCOPED_TRACE(bad.what);
    IkProblem p = HumanoidProblem();
    for (kin::Goal& g : p.goals) g.target_ms = glm::vec3(0.1f, 1.0f, 0.2f);
    std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.1f, -0.05f, 0.02f));
    bad.breaks(p, angles);
    const std::vector<glm::vec3> before = angles;
    const kin::SolveReport report = SolveWith(kind, p, angles, WithIterations(50));
    EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
    EXPECT_NE(std::string(report.input.message).find(bad.message), std::string::npos) << report.input.message;
    EXPECT_EQ(std::memcmp(angles.data(), before.data(), sizeof(glm::vec3) * angles.size()), 0);
  }
}

}  // namespace kin_test
