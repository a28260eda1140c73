// The floor goal (kin/floor_goal.h): its points and their Jacobian rows
// against finite differences, the Jacobian solvers lifting a body sunk into
// the floor out of it, and solves clear of the floor left as without it.
#include "kin/floor_goal.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "allocation_counter.h"
#include "kin/forward.h"
#include "kin/ik/ik_job.h"
#include "kin/jacobian.h"
#include "test_rigs.h"

namespace {

using kin::SolverKind;

struct Body {
  kin::Skeleton skeleton;
  std::vector<glm::vec3> angles;
  glm::vec3 root_ms{0.0f};
  kin::IkWorkspace workspace;
  std::vector<kin::Goal> goals;
  kin::FloorGoal floor;

  // The rest pose `sink` below the floor. The page's goals where they are:
  // both hands, the hips (a root target) and, standing, both feet pinned.
  explicit Body(float sink = 0.0f) {
    EXPECT_TRUE(kin::Skeleton::Build(kin_test::DefaultCharacter(), &skeleton).ok());
    angles.assign(skeleton.bone_count(), glm::vec3(0.0f));
    root_ms.y = -sink;
    workspace.Reserve(skeleton.bone_count(), 5);
    for (const char* hand : {"hand_l", "hand_r"}) goals.push_back(At(hand, 1.0f));
    goals.push_back(At("hips", 1.0f));
    if (sink == 0.0f)
      for (const char* pin : {"foot_l", "foot_r"}) goals.push_back(At(pin, 100.0f));
  }
  std::vector<glm::mat4> Model(const std::vector<glm::vec3>& at) const {
    std::vector<glm::mat4> model(skeleton.bone_count());
    kin::ForwardJob fk;
    fk.skeleton = &skeleton;
    fk.angles = at;
    fk.root_offset_ms = root_ms;
    fk.model_ms = model;
    EXPECT_TRUE(fk.Run().ok());
    return model;
  }
  kin::Goal At(const char* name, float weight) const {
    kin::Goal g;
    g.bone = skeleton.FindBone(name);
    g.point_bs = skeleton.tip_bs(g.bone);
    g.target_ms = glm::vec3(Model(angles)[g.bone] * glm::vec4(g.point_bs, 1.0f));
    g.weight = weight;
    return g;
  }
  kin::IkJob Job(SolverKind kind, bool keep_above_floor) {
    kin::IkJob job;
    job.kind = kind;
    job.skeleton = &skeleton;
    job.goals = goals;
    job.floor = keep_above_floor ? &floor : nullptr;
    job.move_root = true;
    job.out_root_offset_ms = &root_ms;
    job.root_offset_ms = root_ms;
    job.angles = angles;
    job.workspace = &workspace;
    return job;
  }
  // The lowest bone origin or tip of the pose, model y.
  float Lowest() const {
    const std::vector<glm::mat4> model = Model(angles);
    float lowest = 1e9f;
    for (int p = 0; p < kin::FloorPointCount(skeleton); ++p) lowest = std::min(lowest, kin::FloorPoint(skeleton, model, p).y);
    return lowest;
  }
};

TEST(FloorGoal, PointRowsMatchFiniteDifferences) {
  Body body;
  // A pose away from rest on every joint, lowered so that some points are below the floor.
  for (int j = 0; j < body.skeleton.bone_count(); ++j)
    body.angles[j] = glm::vec3(0.3f * std::sin(1.7f * j), 0.25f * std::cos(0.9f * j), 0.2f * std::sin(2.3f * j + 1.0f));
  body.root_ms.y = -0.6f;
  const std::vector<glm::mat4> model = body.Model(body.angles);
  const int n = body.skeleton.bone_count();
  std::vector<kin::JointAxes> axes(n);
  kin::ComputeJointAxes(body.skeleton, body.angles, model, axes);
  const float h = 1e-3f;
  for (int j = 0; j < n; ++j) {
    for (int k = 0; k < 3; ++k) {
      std::vector<glm::vec3> plus = body.angles, minus = body.angles;
      plus[j][k] += h;
      minus[j][k] -= h;
      const std::vector<glm::mat4> model_plus = body.Model(plus), model_minus = body.Model(minus);
      for (int p = 0; p < kin::FloorPointCount(body.skeleton); ++p) {
        const float fd = (kin::FloorPoint(body.skeleton, model_plus, p).y - kin::FloorPoint(body.skeleton, model_minus, p).y) / (2.0f * h);
        const glm::vec3 point_ms = kin::FloorPoint(body.skeleton, model, p);
        const float analytic = kin::TurnMovesFloorPoint(body.skeleton, j, p) ? kin::JacobianColumn(axes[j], k, point_ms).y : 0.0f;
        EXPECT_NEAR(analytic, fd, 2e-4f) << body.skeleton.name(j) << " slot " << k << " point " << p;
      }
    }
  }
}

TEST(FloorGoal, DeepestBelowFloorKeepsTheDeepestInPointOrder) {
  Body body;
  body.root_ms.y = -0.5f;  // the legs below the floor
  const std::vector<glm::mat4> model = body.Model(body.angles);
  int points[4];
  ASSERT_EQ(kin::DeepestBelowFloor(body.skeleton, model, kin::Span<int>(points, 4)), 4);
  EXPECT_TRUE(std::is_sorted(points, points + 4));
  float shallowest_in = -1e9f;
  for (int p : points) shallowest_in = std::max(shallowest_in, kin::FloorPoint(body.skeleton, model, p).y);
  for (int p = 0; p < kin::FloorPointCount(body.skeleton); ++p)
    if (std::find(points, points + 4, p) == points + 4) EXPECT_GE(kin::FloorPoint(body.skeleton, model, p).y, shallowest_in);
  body.root_ms.y = 0.5f;  // all above
  EXPECT_EQ(kin::DeepestBelowFloor(body.skeleton, body.Model(body.angles), kin::Span<int>(points, 4)), 0);
  EXPECT_EQ(points[0], -1);
}

TEST(FloorGoal, ABodySunkIntoTheFloorLiftsItsLegsOut) {
  for (SolverKind kind : {SolverKind::kDls, SolverKind::kGaussNewton}) {
    for (bool keep : {false, true}) {
      // Sunk 0.5 m, the hands and hips held where they are now and the feet
      // free: the knees and feet are below the floor, and only the floor
      // lifts them (the legs fold or swing up, as when sitting).
      Body body(0.5f);
      const kin::SolveReport report = body.Job(kind, keep).Run();
      EXPECT_NE(report.status, kin::SolveStatus::kInvalidInput) << report.input.message;
      if (keep) EXPECT_GE(body.Lowest(), -1e-3f) << kin::SolverKindName(kind);
      else EXPECT_LT(body.Lowest(), -0.4f) << kin::SolverKindName(kind);
    }
  }
}

TEST(FloorGoal, ASolveClearOfTheFloorIsLeftAsWithout) {
  Body with, without;
  for (Body* body : {&with, &without}) {
    body->goals[2].target_ms.y -= 0.1f;  // a little crouch
    body->goals[0].target_ms += glm::vec3(0.1f, 0.2f, 0.2f);
  }
  const kin::SolveReport a = with.Job(SolverKind::kDls, true).Run();
  const kin::SolveReport b = without.Job(SolverKind::kDls, false).Run();
  EXPECT_GT(with.Lowest(), -1e-6f);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.iterations, b.iterations);
  for (int j = 0; j < with.skeleton.bone_count(); ++j)
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(with.angles[j][k], without.angles[j][k], 1e-6f) << with.skeleton.name(j);
}

TEST(FloorGoal, RefusedByGeometricSolversAndForBadInput) {
  Body body;
  kin::IkJob ccd = body.Job(SolverKind::kCcd, true);
  ccd.move_root = false;
  const kin::Status status = ccd.Validate();
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("cannot keep above the floor"), std::string::npos) << status.message;
  body.floor.weight = 0.0f;
  EXPECT_FALSE(body.Job(SolverKind::kDls, true).Validate().ok());
}

TEST(FloorGoal, SolvingAllocatesNothing) {
  Body body;
  kin_test::ExpectRunAllocatesNothing(body.Job(SolverKind::kDls, true));
}

}  // namespace
