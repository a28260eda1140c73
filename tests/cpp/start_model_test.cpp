// IkJob::start_model_ms: a solve handed the start pose's forward pass (as the
// Rig hands its own) returns exactly what it returns without it, and leaves
// in the workspace the forward pass of its answer for every bone, including
// those that move no goal (a trial places only the bones that move one).
// Matrices of the wrong count are refused; matrices of a start pose the
// limits move are not used.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ik_fixtures.h"

namespace {

using kin_test::Forward;
using kin_test::PointMs;

kin::IkJob DragJob(kin_test::IkProblem& p, std::vector<glm::vec3>& angles) {
  kin::IkJob job;
  job.kind = kin::SolverKind::kDls;
  job.skeleton = &p.skeleton;
  job.goals = p.goals;
  job.options = kin::DefaultIkOptions();
  job.options.max_iterations = 100;
  job.options.tolerance = 1e-5f;
  job.angles = angles;
  job.workspace = &p.workspace;
  return job;
}

// Every element equal, compared as floats (the same forward pass, not a close one).
void ExpectSameMatrices(const std::vector<glm::mat4>& expected, kin::Span<const glm::mat4> actual, const std::string& where) {
  ASSERT_GE(actual.size, expected.size()) << where;
  for (std::size_t j = 0; j < expected.size(); ++j)
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) EXPECT_EQ(actual[j][c][r], expected[j][c][r]) << where << " bone " << j;
}

TEST(StartModel, GivenOrNotTheSameAnswerAndTheWholePoseEvaluated_Seed5) {
  kin_test::IkProblem p = kin_test::HumanoidProblem();
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> nudge(-0.02f, 0.02f);
  int still_bones = 0;
  for (int j = 0; j < p.skeleton.bone_count(); ++j) {
    bool moves = false;
    for (const kin::Goal& g : p.goals)
      for (int b = g.bone; b >= 0; b = p.skeleton.parent(b)) moves = moves || b == j;
    still_bones += !moves;
  }
  ASSERT_GT(still_bones, 0) << "the fixture needs a bone that moves no goal";
  for (int t = 0; t < 20; ++t) {
    const std::string where = "trial " + std::to_string(t);
    const std::vector<glm::vec3> start = kin_test::RandomPoseWithinLimits(rng, p.skeleton);
    std::vector<glm::vec3> moved = start;
    for (int j = 0; j < p.skeleton.bone_count(); ++j)
      moved[j] = kin::ProjectJointLimits(p.skeleton, j, moved[j] + glm::vec3(nudge(rng), nudge(rng), nudge(rng)));
    const std::vector<glm::mat4> target_model = Forward(p.skeleton, moved);
    for (kin::Goal& g : p.goals) g.target_ms = PointMs(target_model, g);

    std::vector<glm::vec3> plain = start;
    const kin::SolveReport plain_report = DragJob(p, plain).Run();
    ASSERT_TRUE(plain_report.input.ok()) << where;
    ExpectSameMatrices(Forward(p.skeleton, plain), p.workspace.model_ms(), where + " (no start matrices)");

    std::vector<glm::vec3> given = start;
    const std::vector<glm::mat4> start_model = Forward(p.skeleton, start);
    kin::IkJob job = DragJob(p, given);
    job.start_model_ms = start_model;
    const kin::SolveReport given_report = job.Run();
    ASSERT_TRUE(given_report.input.ok()) << where;
    EXPECT_EQ(std::memcmp(given.data(), plain.data(), sizeof(glm::vec3) * given.size()), 0) << where;
    EXPECT_EQ(given_report.status, plain_report.status) << where;
    EXPECT_EQ(given_report.iterations, plain_report.iterations) << where;
    EXPECT_EQ(given_report.error, plain_report.error) << where;
    ExpectSameMatrices(Forward(p.skeleton, given), p.workspace.model_ms(), where + " (start matrices given)");
  }
}

TEST(StartModel, MatricesOfAPoseTheLimitsMoveAreNotUsed) {
  kin_test::IkProblem p = kin_test::HumanoidProblem();
  std::mt19937 rng(8);
  const std::vector<glm::mat4> target_model = Forward(p.skeleton, kin_test::RandomPoseWithinLimits(rng, p.skeleton));
  for (kin::Goal& g : p.goals) g.target_ms = PointMs(target_model, g);
  // A start beyond a limit of the first bone with a range: the solve starts
  // from its projection, whose forward pass differs from the one handed over.
  std::vector<glm::vec3> start(p.skeleton.bone_count(), glm::vec3(0.0f));
  int bone = 0;
  while (!(p.skeleton.max_angle(bone).x < 3.0f)) ++bone;
  start[bone].x = p.skeleton.max_angle(bone).x + 0.5f;
  const std::vector<glm::mat4> unprojected_model = Forward(p.skeleton, start);

  std::vector<glm::vec3> plain = start;
  const kin::SolveReport plain_report = DragJob(p, plain).Run();
  std::vector<glm::vec3> given = start;
  kin::IkJob job = DragJob(p, given);
  job.start_model_ms = unprojected_model;
  const kin::SolveReport given_report = job.Run();
  ASSERT_TRUE(given_report.input.ok());
  EXPECT_EQ(std::memcmp(given.data(), plain.data(), sizeof(glm::vec3) * given.size()), 0);
  EXPECT_EQ(given_report.iterations, plain_report.iterations);
  EXPECT_EQ(given_report.error, plain_report.error);
}

TEST(StartModel, AWrongCountIsRefusedNamingIt) {
  kin_test::IkProblem p = kin_test::HumanoidProblem();
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.0f));
  const std::vector<glm::vec3> before = angles;
  const std::vector<glm::mat4> short_model(p.skeleton.bone_count() - 1, glm::mat4(1.0f));
  kin::IkJob job = DragJob(p, angles);
  job.start_model_ms = short_model;
  const kin::SolveReport report = job.Run();
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find("start model matrices"), std::string::npos) << report.input.message;
  EXPECT_EQ(std::memcmp(angles.data(), before.data(), sizeof(glm::vec3) * angles.size()), 0);
}

}  // namespace
