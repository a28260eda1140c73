// IkTrace: a traced solve is the untraced solve, bit for bit, for every
// solver; the trace's entries follow the energy history and end at the
// returned pose; its Jacobian columns are the analytic and the
// finite-difference ones; it truncates within its capacity and allocates
// nothing after Reserve.
#include "kin/rig_teaching.h"
#include "kin/ik/ik_trace.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "ik_fixtures.h"
#include "kin/ik/finite_difference.h"
#include "kin/jacobian.h"
#include "kin/rig.h"

namespace {

using kin::IkTrace;
using kin::SolverKind;

// Enough trials for a full backtracking line search (max_halvings + 1).
constexpr int kTrials = 32;

struct Case {
  std::string name;
  kin_test::IkProblem problem;
  std::vector<glm::vec3> start;
  bool move_root = false;
};

// The targets where a pose within the limits puts the goal points.
void TargetsFromPose(kin_test::IkProblem& p, float t) {
  std::vector<glm::vec3> posed(p.skeleton.bone_count());
  for (int j = 0; j < p.skeleton.bone_count(); ++j)
    posed[j] = glm::mix(p.skeleton.min_angle(j), p.skeleton.max_angle(j), glm::vec3(t, 1.0f - t, 0.5f * t + 0.2f));
  const std::vector<glm::mat4> model = kin_test::Forward(p.skeleton, posed);
  for (kin::Goal& g : p.goals) g.target_ms = kin_test::PointMs(model, g) + glm::vec3(0.01f, -0.02f, 0.015f);
}

kin_test::IkProblem HumanoidGoals(SolverKind kind) {
  kin_test::IkProblem p;
  EXPECT_TRUE(kin::Skeleton::Build(kin_test::Humanoid(), &p.skeleton).ok());
  std::vector<const char*> bones = {"hand_l", "hand_r", "foot_l", "foot_r"};
  if (kind == SolverKind::kTwoBone) bones = {"forearm_l", "forearm_r", "shin_l", "shin_r"};
  if (kind == SolverKind::kLookAt) bones = {"head"};
  for (const char* name : bones) {
    kin::Goal g;
    g.bone = p.skeleton.FindBone(name);
    g.point_bs = p.skeleton.tip_bs(g.bone);
    p.goals.push_back(g);
  }
  p.workspace.Reserve(p.skeleton.bone_count(), static_cast<int>(p.goals.size()));
  return p;
}

// A few rigs per solver: the humanoid from rest (a cold start, with escapes)
// and from a random pose, with the root moving where the solver can, and a
// limited chain for the solvers that take any goal set.
std::vector<Case> CasesFor(SolverKind kind) {
  std::vector<Case> cases;
  std::mt19937 rng(5);
  for (const bool random_start : {false, true}) {
    Case c{random_start ? "humanoid-random" : "humanoid-rest", HumanoidGoals(kind), {}, false};
    TargetsFromPose(c.problem, random_start ? 0.3f : 0.65f);
    c.start = random_start ? kin_test::RandomPoseWithinLimits(rng, c.problem.skeleton)
                           : std::vector<glm::vec3>(c.problem.skeleton.bone_count(), glm::vec3(0.0f));
    cases.push_back(std::move(c));
  }
  if (kin::GetSolverInfo(kind).root_translation) {
    Case c{"humanoid-move-root", HumanoidGoals(kind), {}, true};
    TargetsFromPose(c.problem, 0.5f);
    c.start.assign(c.problem.skeleton.bone_count(), glm::vec3(0.0f));
    cases.push_back(std::move(c));
  }
  if (!kin::GetSolverInfo(kind).own_goals) {
    Case c{"chain", kin_test::ChainProblem(6, 1.2f), {}, false};
    TargetsFromPose(c.problem, 0.8f);
    c.start = kin_test::RandomPoseWithinLimits(rng, c.problem.skeleton);
    cases.push_back(std::move(c));
  }
  return cases;
}

struct Solved {
  std::vector<glm::vec3> angles;
  glm::vec3 root_ms{0.0f};
  std::vector<float> energy;
  kin::SolveReport report;
};

Solved Solve(SolverKind kind, Case& c, const kin::IkOptions& options, IkTrace* trace) {
  Solved out{c.start, glm::vec3(0.0f), std::vector<float>(options.max_iterations + 2, -1.0f), {}};
  kin::IkJob job;
  job.kind = kind;
  job.skeleton = &c.problem.skeleton;
  job.goals = c.problem.goals;
  job.options = options;
  job.angles = out.angles;
  job.energy = out.energy;
  job.move_root = c.move_root;
  job.out_root_offset_ms = &out.root_ms;
  job.workspace = &c.problem.workspace;
  job.trace = trace;
  out.report = job.Run();
  return out;
}

void ExpectSameReport(const kin::SolveReport& a, const kin::SolveReport& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(std::memcmp(&a.error, &b.error, sizeof(float)), 0);
  EXPECT_EQ(a.energy_count, b.energy_count);
}

// The analytic point columns at an entry's start configuration, by
// kin::DenseJacobian (root dofs: their axis).
glm::vec3 DenseColumn(const kin::Skeleton& sk, const std::vector<kin::Goal>& goals, const IkTrace& trace, int e,
                      int d, int g) {
  std::vector<glm::vec3> angles(trace.start_angles(e).begin(), trace.start_angles(e).end());
  std::vector<glm::mat4> model(sk.bone_count());
  kin::ForwardJob fk;
  fk.skeleton = &sk;
  fk.angles = angles;
  fk.root_offset_ms = trace.start_root_offset(e);
  fk.model_ms = model;
  EXPECT_TRUE(fk.Run().ok());
  std::vector<kin::JointAxes> axes(sk.bone_count());
  kin::ComputeJointAxes(sk, angles, model, axes);
  const int columns = 3 * sk.bone_count();
  std::vector<float> dense(3 * goals.size() * columns);
  kin::DenseJacobian(sk, axes, model, goals, dense);
  glm::vec3 column(0.0f);
  if (trace.dof_bone(d) < 0) {
    column[trace.dof_slot(d)] = 1.0f;
    return column;
  }
  for (int r = 0; r < 3; ++r) column[r] = dense[(3 * g + r) * columns + 3 * trace.dof_bone(d) + trace.dof_slot(d)];
  return column;
}

float Scale(const glm::vec3& v) { return std::max(1.0f, glm::length(v)); }

class EverySolver : public testing::TestWithParam<int> {};

TEST_P(EverySolver, TracedSolveIsTheSolveAndRecordsIt) {
  const SolverKind kind = static_cast<SolverKind>(GetParam());
  const kin::IkOptions options = kin::DefaultIkOptions();
  for (Case& c : CasesFor(kind)) {
    SCOPED_TRACE(std::string(kin::SolverKindName(kind)) + " " + c.name);
    IkTrace trace;
    trace.Reserve(c.problem.skeleton.bone_count(), static_cast<int>(c.problem.goals.size()), options.max_iterations,
                  kTrials);
    const Solved plain = Solve(kind, c, options, nullptr);
    const Solved traced = Solve(kind, c, options, &trace);
    ASSERT_TRUE(plain.report.input.ok()) << plain.report.input.message;
    ExpectSameReport(plain.report, traced.report);
    EXPECT_EQ(std::memcmp(plain.angles.data(), traced.angles.data(), plain.angles.size() * sizeof(glm::vec3)), 0);
    EXPECT_EQ(std::memcmp(&plain.root_ms, &traced.root_ms, sizeof(glm::vec3)), 0);
    EXPECT_EQ(plain.energy, traced.energy);
    EXPECT_FALSE(trace.truncated());

    // Entries follow the history; the last one is the returned pose, final.
    ASSERT_GE(trace.entry_count(), plain.report.energy_count);
    EXPECT_LE(trace.entry_count(), plain.report.energy_count + 1);
    for (int e = 0; e < plain.report.energy_count; ++e) EXPECT_EQ(trace.energy(e), plain.energy[e]) << e;
    const int last = trace.entry_count() - 1;
    EXPECT_TRUE(trace.final(last));
    for (int e = 0; e < last; ++e) EXPECT_FALSE(trace.final(e)) << e;
    EXPECT_EQ(std::memcmp(trace.angles(last).data, traced.angles.data(), traced.angles.size() * sizeof(glm::vec3)), 0);
    EXPECT_EQ(trace.root_offset(last), traced.root_ms);
    EXPECT_EQ(trace.error(last), traced.report.error);

    const bool line_search = kind == SolverKind::kGaussNewton || kind == SolverKind::kJacobianTranspose ||
                             kind == SolverKind::kGradientDescent || kind == SolverKind::kProjectedGradient;
    const bool jacobian_solver = line_search || kind == SolverKind::kDls;
    int jacobians = 0, fabrik_passes = 0;
    for (int e = 0; e < trace.entry_count(); ++e) {
      if (!jacobian_solver) EXPECT_FALSE(trace.has_jacobian(e)) << e;
      if (kind != SolverKind::kFabrik) EXPECT_FALSE(trace.has_fabrik(e)) << e;
      fabrik_passes += trace.has_fabrik(e);
      // An accepted trial is the step the entry took.
      int accepted = 0;
      for (int t = 0; t < trace.trial_count(e); ++t)
        if (trace.trial(e, t).accepted) {
          ++accepted;
          EXPECT_EQ(trace.trial(e, t).scale, trace.step_scale(e)) << e;
        }
      EXPECT_LE(accepted, 1) << e;
      if (line_search && trace.has_jacobian(e)) EXPECT_EQ(accepted == 1, trace.step_scale(e) > 0.0f) << e;
      if (kind == SolverKind::kDls && trace.has_jacobian(e)) EXPECT_GT(trace.damping(e), 0.0f) << e;
      if (!trace.has_jacobian(e) || jacobians >= 4) continue;
      ++jacobians;  // the first few iterations: dense and finite-difference Jacobians cost O(dofs · FK)
      for (int d = 0; d < trace.dof_count(); ++d)
        for (int g = 0; g < trace.goal_count(); ++g) {
          const glm::vec3 ours = trace.jacobian(e)[d * trace.goal_count() + g];
          const glm::vec3 dense = DenseColumn(c.problem.skeleton, c.problem.goals, trace, e, d, g);
          EXPECT_LE(glm::length(ours - dense), 1e-5f * Scale(dense)) << "entry " << e << " dof " << d << " goal " << g;
        }
      // Finite differences at the same configuration.
      std::vector<glm::vec3> at(trace.start_angles(e).begin(), trace.start_angles(e).end());
      kin::IkJob job;
      job.kind = kind;
      job.skeleton = &c.problem.skeleton;
      job.goals = c.problem.goals;
      job.angles = at;
      job.root_offset_ms = trace.start_root_offset(e);
      job.move_root = c.move_root;
      glm::vec3 root_ms;
      job.out_root_offset_ms = &root_ms;
      job.workspace = &c.problem.workspace;
      std::vector<float> fd(3 * c.problem.goals.size() * (3 * c.problem.skeleton.bone_count() + 3));
      int dofs = 0;
      ASSERT_TRUE(kin::FiniteDifferenceJacobian(job, 1e-3f, fd, &dofs).ok());
      ASSERT_EQ(dofs, trace.dof_count());
      for (int i = 0; i < dofs * trace.goal_count(); ++i) {
        const glm::vec3 ours = trace.jacobian(e)[i];
        const glm::vec3 theirs(fd[3 * i], fd[3 * i + 1], fd[3 * i + 2]);
        EXPECT_LE(glm::length(ours - theirs), 1e-3f * Scale(ours)) << "entry " << e << " column " << i;
      }
    }
    if (jacobian_solver && traced.report.iterations > 0) EXPECT_GT(jacobians, 0);
    if (kind == SolverKind::kFabrik) EXPECT_EQ(fabrik_passes, traced.report.iterations);
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, EverySolver, testing::Range(0, static_cast<int>(SolverKind::kCount)),
                         [](const testing::TestParamInfo<int>& info) {
                           std::string name = kin::SolverKindName(static_cast<SolverKind>(info.param));
                           for (char& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

TEST(IkTrace, TruncatesWithinItsCapacityAndKeepsTheFinalPose) {
  for (const SolverKind kind : {SolverKind::kDls, SolverKind::kGradientDescent, SolverKind::kCcd, SolverKind::kFabrik}) {
    SCOPED_TRACE(kin::SolverKindName(kind));
    std::vector<Case> cases = CasesFor(kind);
    Case& c = cases[0];
    const kin::IkOptions options = kin_test::WithIterations(40);
    IkTrace trace;
    trace.Reserve(c.problem.skeleton.bone_count(), static_cast<int>(c.problem.goals.size()), 3, 1);
    const Solved plain = Solve(kind, c, options, nullptr);
    const Solved traced = Solve(kind, c, options, &trace);
    ExpectSameReport(plain.report, traced.report);
    EXPECT_EQ(plain.angles, traced.angles);
    ASSERT_GT(plain.report.energy_count, trace.entry_capacity());
    EXPECT_TRUE(trace.truncated());
    EXPECT_EQ(trace.entry_count(), trace.entry_capacity());
    const int last = trace.entry_count() - 1;
    EXPECT_TRUE(trace.final(last));
    EXPECT_EQ(std::vector<glm::vec3>(trace.angles(last).begin(), trace.angles(last).end()), traced.angles);
    for (int e = 0; e < trace.entry_count(); ++e) EXPECT_LE(trace.trial_count(e), 1);
  }
}

TEST(IkTrace, AJobRefusesATraceTooSmallForIt) {
  std::vector<Case> cases = CasesFor(SolverKind::kDls);
  IkTrace trace;
  trace.Reserve(3, 4, 10, 1);
  const Solved out = Solve(SolverKind::kDls, cases[0], kin::DefaultIkOptions(), &trace);
  EXPECT_EQ(out.report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(out.report.input.message).find("trace sized for 3 bones"), std::string::npos)
      << out.report.input.message;
  EXPECT_EQ(out.angles, cases[0].start);
}

TEST(IkTrace, ATracedSolveAllocatesNothingAfterReserve) {
  if (!kin_test::CountsAllocations()) GTEST_SKIP() << "AddressSanitizer owns malloc";
  for (int k = 0; k < static_cast<int>(SolverKind::kCount); ++k) {
    const SolverKind kind = static_cast<SolverKind>(k);
    std::vector<Case> cases = CasesFor(kind);
    Case& c = cases[0];
    const kin::IkOptions options = kin::DefaultIkOptions();
    IkTrace trace;
    trace.Reserve(c.problem.skeleton.bone_count(), static_cast<int>(c.problem.goals.size()), options.max_iterations,
                  kTrials);
    std::vector<glm::vec3> angles = c.start;
    std::vector<float> energy(options.max_iterations + 2);
    kin::IkJob job;
    job.kind = kind;
    job.skeleton = &c.problem.skeleton;
    job.goals = c.problem.goals;
    job.options = options;
    job.angles = angles;
    job.energy = energy;
    job.workspace = &c.problem.workspace;
    job.trace = &trace;
    const long before = kin_test::MallocCount();
    const kin::SolveReport report = job.Run();
    EXPECT_EQ(kin_test::MallocCount() - before, 0) << kin::SolverKindName(kind);
    EXPECT_TRUE(report.input.ok()) << report.input.message;
  }
}

// The façade: TraceSolve leaves what Solve leaves, and its finite
// differences match the trace's columns.
TEST(RigTraceSolve, MatchesSolveAndItsFiniteDifferences) {
  for (const SolverKind kind : {SolverKind::kDls, SolverKind::kGaussNewton, SolverKind::kFabrik}) {
    SCOPED_TRACE(kin::SolverKindName(kind));
    kin::Rig plain, traced;
    kin_test::IkProblem p = HumanoidGoals(kind);
    TargetsFromPose(p, 0.4f);
    for (kin::Rig* rig : {&plain, &traced}) {
      ASSERT_TRUE(rig->Load(kin_test::Humanoid()).ok());
      ASSERT_TRUE(rig->SetGoals(p.goals).ok());
      ASSERT_TRUE(rig->SetSolver(kind, kin::DefaultIkOptions()).ok());
    }
    IkTrace trace;
    const kin::SolveReport a = plain.Solve();
    const kin::SolveReport b = kin::TraceSolve(traced, kTrials, &trace);
    ExpectSameReport(a, b);
    const int n = plain.bone_count();
    EXPECT_EQ(std::memcmp(plain.pose_data(), traced.pose_data(), 3 * n * sizeof(float)), 0);
    EXPECT_EQ(std::memcmp(plain.palette_data(), traced.palette_data(), 16 * n * sizeof(float)), 0);
    EXPECT_EQ(std::memcmp(plain.energy_data(), traced.energy_data(), a.energy_count * sizeof(float)), 0);
    if (!trace.has_jacobian(1)) continue;  // FABRIK: no Jacobian
    // Differences at the configuration the first iteration started from.
    std::vector<float> start;
    for (const glm::vec3& angles : trace.start_angles(1)) start.insert(start.end(), {angles.x, angles.y, angles.z});
    ASSERT_TRUE(traced.SetPose(start, trace.start_root_offset(1)).ok());
    std::vector<float> fd;
    int dofs = 0;
    ASSERT_TRUE(kin::FiniteDifferenceJacobian(traced, 1e-3f, &fd, &dofs).ok());
    EXPECT_EQ(fd.size(), static_cast<std::size_t>(3 * dofs * traced.goal_count()));
    EXPECT_EQ(dofs, trace.dof_count());
    for (int i = 0; i < dofs * trace.goal_count(); ++i) {
      const glm::vec3 ours = trace.jacobian(1)[i];
      EXPECT_LE(glm::length(ours - glm::vec3(fd[3 * i], fd[3 * i + 1], fd[3 * i + 2])), 1e-3f * Scale(ours)) << i;
    }
  }
}

TEST(RigTraceSolve, RefusesABadStep) {
  kin::Rig rig;
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  std::vector<float> fd;
  int dofs = 0;
  EXPECT_FALSE(kin::FiniteDifferenceJacobian(rig, 0.0f, &fd, &dofs).ok());
  EXPECT_FALSE(kin::FiniteDifferenceJacobian(rig, 1e-3f, &fd, &dofs).ok());  // no goals
  IkTrace trace;
  EXPECT_NE(std::string(kin::TraceSolve(rig, -1, &trace).input.message).find("max trials -1 is negative"), std::string::npos);
}

}  // namespace
