// DLS keeps a converged solve's factorisation and damping for the next
// solve (dls.cpp): a drag's next frame, which starts from the pose the last
// one left, begins with chord steps on it and builds a Jacobian only when
// they fall short. Any other solve must not notice: another start pose,
// other goals, another solver in between or a traced solve each answer
// bit for bit as on a fresh workspace.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ik_fixtures.h"
#include "kin/ik/ik_trace.h"

namespace {

using kin_test::Forward;
using kin_test::IkProblem;
using kin_test::PointMs;

constexpr float kTolerance = 1e-5f;

kin::IkOptions FrameOptions() {
  kin::IkOptions options = kin::DefaultIkOptions();
  options.max_iterations = 100;
  options.tolerance = kTolerance;
  return options;
}

// One frame: a DLS solve from `angles`, handed their forward pass as the Rig
// hands its pose's (`start_model`), through the problem's DLS cache (sized
// here as the workspace is) unless `use_cache` is false.
kin::SolveReport SolveFrame(IkProblem& p, std::vector<glm::vec3>& angles, const std::vector<glm::mat4>& start_model,
                            kin::SolverKind kind = kin::SolverKind::kDls, kin::IkTrace* trace = nullptr,
                            const kin::IkOptions& options = FrameOptions(), bool use_cache = true) {
  kin::IkJob job = kin_test::ProblemJob(kind, p, angles, options);
  if (p.dls_cache.bone_capacity() != p.workspace.bone_capacity() || p.dls_cache.goal_capacity() != p.workspace.goal_capacity())
    p.dls_cache.Reserve(p.workspace.bone_capacity(), p.workspace.goal_capacity());
  job.start_model_ms = start_model;
  job.trace = trace;
  job.dls_cache = use_cache ? &p.dls_cache : nullptr;
  return job.Run();
}

std::vector<glm::mat4> ModelAfterSolve(const IkProblem& p) {
  const kin::Span<const glm::mat4> m = p.workspace.model_ms();
  return std::vector<glm::mat4>(m.begin(), m.end());
}

void AimAt(IkProblem& p, const std::vector<glm::vec3>& pose) {
  const std::vector<glm::mat4> model = Forward(p.skeleton, pose);
  for (kin::Goal& g : p.goals) g.target_ms = PointMs(model, g);
}

// A pose on the way from a to b, within the limits.
std::vector<glm::vec3> Between(const kin::Skeleton& s, const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b,
                               float t) {
  std::vector<glm::vec3> pose(a.size());
  for (std::size_t j = 0; j < a.size(); ++j) pose[j] = kin::ProjectJointLimits(s, static_cast<int>(j), glm::mix(a[j], b[j], t));
  return pose;
}

bool SameBits(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(glm::vec3) * a.size()) == 0;
}

TEST(DlsKeptFactor, ADragsFramesMostlyNeedNoJacobianAndAllConverge_Seed13) {
  IkProblem p = kin_test::HumanoidProblem();
  std::mt19937 rng(13);
  const std::vector<glm::vec3> from = kin_test::RandomPoseWithinLimits(rng, p.skeleton);
  const std::vector<glm::vec3> to = kin_test::RandomPoseWithinLimits(rng, p.skeleton);
  std::vector<glm::vec3> angles = from;
  std::vector<glm::mat4> model = Forward(p.skeleton, angles);
  const int frames = 120;
  int without_jacobian = 0;
  for (int f = 1; f <= frames; ++f) {
    AimAt(p, Between(p.skeleton, from, to, static_cast<float>(f) / frames));
    const kin::SolveReport report = SolveFrame(p, angles, model);
    ASSERT_TRUE(report.input.ok());
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << "frame " << f;
    EXPECT_LE(kin_test::WorstDistance(p, angles), 2.0f * kTolerance) << "frame " << f;
    kin_test::ExpectWithinLimits(p.skeleton, angles);
    // A factor kept with an age of one or more was built by an earlier solve:
    // this one converged on chord steps alone. (A frame whose damped step
    // clamps an angle keeps none: its factor is of fewer dofs.)
    without_jacobian += p.dls_cache.kept() && p.dls_cache.age() > 0;
    model = ModelAfterSolve(p);
  }
  // Measured: 35 of 120 frames (without the kept factor every frame builds
  // one). Here the limits often clamp a step, which keeps no factor.
  EXPECT_GE(without_jacobian, frames / 5);
}

// The drag's next frame, and the ways a solve can differ from it: each of
// the others must answer as a fresh workspace does.
class DlsKeptFactorUnused : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937 rng(17);
    const std::vector<glm::vec3> from = kin_test::RandomPoseWithinLimits(rng, p.skeleton);
    next_ = Between(p.skeleton, from, kin_test::RandomPoseWithinLimits(rng, p.skeleton), 0.02f);
    // A converged frame leaves a factor kept.
    AimAt(p, from);
    after_ = from;
    for (glm::vec3& a : after_) a += glm::vec3(0.01f);
    for (std::size_t j = 0; j < after_.size(); ++j) after_[j] = kin::ProjectJointLimits(p.skeleton, static_cast<int>(j), after_[j]);
    ASSERT_EQ(SolveFrame(p, after_, Forward(p.skeleton, after_)).status, kin::SolveStatus::kConverged);
    ASSERT_TRUE(p.dls_cache.kept());
    AimAt(p, next_);
  }

  // The same solve on a fresh workspace.
  std::vector<glm::vec3> FreshAnswer(const std::vector<glm::vec3>& start, const std::vector<kin::Goal>& goals,
                                     kin::IkTrace* trace = nullptr, const kin::IkOptions& options = FrameOptions()) {
    IkProblem fresh = kin_test::HumanoidProblem();
    fresh.goals = goals;
    std::vector<glm::vec3> angles = start;
    EXPECT_TRUE(SolveFrame(fresh, angles, Forward(fresh.skeleton, start), kin::SolverKind::kDls, trace, options).input.ok());
    return angles;
  }

  IkProblem p = kin_test::HumanoidProblem();
  std::vector<glm::vec3> after_;  // the pose the converged frame left
  std::vector<glm::vec3> next_;   // the pose the next targets come from
};

TEST_F(DlsKeptFactorUnused, TheNextFrameUsesIt) {
  // The control: from the pose the last frame left, the kept factor serves
  // (and answers differently from a fresh workspace, within the tolerance).
  std::vector<glm::vec3> angles = after_;
  ASSERT_EQ(SolveFrame(p, angles, ModelAfterSolve(p)).status, kin::SolveStatus::kConverged);
  EXPECT_LE(kin_test::WorstDistance(p, angles), 2.0f * kTolerance);
  EXPECT_FALSE(SameBits(angles, FreshAnswer(after_, p.goals)));
}

TEST_F(DlsKeptFactorUnused, AnotherStartPose) {
  std::vector<glm::vec3> start = after_;
  start[0].y += 1e-3f;
  std::vector<glm::vec3> angles = start;
  SolveFrame(p, angles, Forward(p.skeleton, start));
  EXPECT_TRUE(SameBits(angles, FreshAnswer(start, p.goals)));
}

TEST_F(DlsKeptFactorUnused, OtherGoals) {
  p.goals.pop_back();
  std::vector<glm::vec3> angles = after_;
  SolveFrame(p, angles, ModelAfterSolve(p));
  EXPECT_TRUE(SameBits(angles, FreshAnswer(after_, p.goals)));
}

TEST_F(DlsKeptFactorUnused, AnotherDamping) {
  // The damping option changed between frames (the solver panel): it acts at once.
  kin::IkOptions options = FrameOptions();
  options.damping *= 4.0f;
  std::vector<glm::vec3> angles = after_;
  SolveFrame(p, angles, ModelAfterSolve(p), kin::SolverKind::kDls, nullptr, options);
  EXPECT_TRUE(SameBits(angles, FreshAnswer(after_, p.goals, nullptr, options)));
}

TEST_F(DlsKeptFactorUnused, AnotherStiffness) {
  // The same skeleton but for one bone's stiffness, the pose's matrices the same.
  std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  bones[1].stiffness *= 3.0f;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  std::vector<glm::vec3> angles = after_;
  const std::vector<glm::mat4> model = ModelAfterSolve(p);
  ASSERT_EQ(std::memcmp(model.data(), Forward(p.skeleton, after_).data(), sizeof(glm::mat4) * model.size()), 0);
  SolveFrame(p, angles, model);
  IkProblem fresh = kin_test::HumanoidProblem();
  fresh.skeleton = p.skeleton;
  fresh.goals = p.goals;
  std::vector<glm::vec3> fresh_angles = after_;
  SolveFrame(fresh, fresh_angles, Forward(fresh.skeleton, after_));
  EXPECT_TRUE(SameBits(angles, fresh_angles));
}

TEST_F(DlsKeptFactorUnused, AnotherSolverInBetween) {
  // CCD from the kept pose toward the same targets it already meets, then DLS
  // from where CCD left it: CCD's solve used the factor up.
  std::vector<glm::vec3> targets_pose = after_;
  AimAt(p, targets_pose);
  std::vector<glm::vec3> angles = after_;
  SolveFrame(p, angles, ModelAfterSolve(p), kin::SolverKind::kCcd);
  AimAt(p, next_);
  const std::vector<glm::vec3> start = angles;
  SolveFrame(p, angles, ModelAfterSolve(p));
  EXPECT_TRUE(SameBits(angles, FreshAnswer(start, p.goals)));
}

TEST_F(DlsKeptFactorUnused, ATracedSolve) {
  kin::IkTrace trace, fresh_trace;
  trace.Reserve(p.skeleton.bone_count(), static_cast<int>(p.goals.size()), 100, 8);
  fresh_trace.Reserve(p.skeleton.bone_count(), static_cast<int>(p.goals.size()), 100, 8);
  std::vector<glm::vec3> angles = after_;
  SolveFrame(p, angles, ModelAfterSolve(p), kin::SolverKind::kDls, &trace);
  EXPECT_TRUE(SameBits(angles, FreshAnswer(after_, p.goals, &fresh_trace)));
  ASSERT_EQ(trace.entry_count(), fresh_trace.entry_count());
  // A lesson's first iteration builds its own Jacobian.
  ASSERT_GT(trace.entry_count(), 1);
  EXPECT_TRUE(trace.has_jacobian(1));
}

TEST(DlsKeptFactor, ADragToFullReachAndBackConvergesEveryFrame) {
  // The chain straightens toward its full reach (a singular pose: the kept
  // damping must climb back quickly) and bends again, a frame at a time.
  IkProblem p = kin_test::ChainProblem(3, 3.14f);
  std::vector<glm::vec3> angles = {glm::vec3(0.0f, 0.0f, 0.6f), glm::vec3(0.0f, 0.0f, -0.9f), glm::vec3(0.0f, 0.0f, 0.5f)};
  std::vector<glm::mat4> model = Forward(p.skeleton, angles);
  const glm::vec3 start_ms = PointMs(model, p.goals[0]);
  const glm::vec3 far_ms = 0.9995f * glm::normalize(start_ms);
  const int frames = 80;
  int most_iterations = 0;
  for (int f = 1; f <= frames; ++f) {
    const float t = f <= frames / 2 ? 2.0f * f / frames : 2.0f - 2.0f * f / frames;
    p.goals[0].target_ms = glm::mix(start_ms, far_ms, t);
    const kin::SolveReport report = SolveFrame(p, angles, model);
    ASSERT_TRUE(report.input.ok());
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << "frame " << f;
    most_iterations = std::max(most_iterations, report.iterations);
    model = ModelAfterSolve(p);
  }
  // Measured: at most 3 iterations in a frame.
  EXPECT_LE(most_iterations, 6);
}

}  // namespace

// The cache is the only memory of the last solve: without one, or with its
// factor dropped, the next frame answers bit for bit as on a fresh workspace.
TEST_F(DlsKeptFactorUnused, NoCacheKeepsNothing) {
  std::vector<glm::vec3> angles = after_;
  ASSERT_TRUE(SolveFrame(p, angles, ModelAfterSolve(p), kin::SolverKind::kDls, nullptr, FrameOptions(), false).input.ok());
  EXPECT_TRUE(SameBits(angles, FreshAnswer(after_, p.goals)));
}

TEST_F(DlsKeptFactorUnused, AnInvalidatedCache) {
  p.dls_cache.Invalidate();
  EXPECT_FALSE(p.dls_cache.kept());
  std::vector<glm::vec3> angles = after_;
  ASSERT_TRUE(SolveFrame(p, angles, ModelAfterSolve(p)).input.ok());
  EXPECT_TRUE(SameBits(angles, FreshAnswer(after_, p.goals)));
}

TEST(DlsCache, ACacheTooSmallForTheJobIsRefused) {
  IkProblem p = kin_test::HumanoidProblem();
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.0f));
  kin::IkJob job = kin_test::ProblemJob(kin::SolverKind::kDls, p, angles, FrameOptions());
  p.dls_cache.Reserve(p.skeleton.bone_count(), 0);
  job.dls_cache = &p.dls_cache;
  const kin::SolveReport report = job.Run();
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find("DLS cache sized"), std::string::npos) << report.input.message;
}
