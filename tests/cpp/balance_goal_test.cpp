// The balance goal (kin/balance_goal.h): the centre of mass's Jacobian
// against finite differences, and the Jacobian solvers holding the centre
// over the feet while a hand reaches far forward.
#include "kin/balance_goal.h"

#include <gtest/gtest.h>

#include <vector>

#include "allocation_counter.h"
#include "kin/forward.h"
#include "kin/ik/ik_job.h"
#include "kin/support_polygon.h"
#include "test_rigs.h"

namespace {

using kin::SolverKind;

struct Body {
  kin::Skeleton skeleton;
  std::vector<kin::SegmentMass> masses;
  std::vector<glm::vec3> angles;
  glm::vec3 root_ms{0.0f};

  Body() {
    EXPECT_TRUE(kin::Skeleton::Build(kin_test::DefaultCharacter(), &skeleton).ok());
    masses.resize(skeleton.bone_count());
    kin::ComputeSegmentMasses(skeleton, masses);
    angles.assign(skeleton.bone_count(), glm::vec3(0.0f));
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
  glm::vec3 Com() const { return kin::CenterOfMass(masses, Model(angles)); }
  kin::Goal Pin(const char* name) const {
    kin::Goal g;
    g.bone = skeleton.FindBone(name);
    g.point_bs = skeleton.tip_bs(g.bone);
    g.target_ms = glm::vec3(Model(angles)[g.bone] * glm::vec4(g.point_bs, 1.0f));
    g.weight = 100.0f;
    return g;
  }
};

// The default character's feet, heel to toe tip, a little wider than its bones.
const std::vector<glm::vec2> kFeet = {{-0.15f, -0.05f}, {0.15f, -0.05f}, {0.15f, 0.2f}, {-0.15f, 0.2f}};

TEST(BalanceGoal, CentreOfMassJacobianMatchesFiniteDifferences) {
  Body body;
  // A pose away from rest on every joint, inside or outside its limits (FK does not clamp).
  for (int j = 0; j < body.skeleton.bone_count(); ++j)
    body.angles[j] = glm::vec3(0.3f * std::sin(1.7f * j), 0.25f * std::cos(0.9f * j), 0.2f * std::sin(2.3f * j + 1.0f));
  const std::vector<glm::mat4> model = body.Model(body.angles);
  const int n = body.skeleton.bone_count();
  std::vector<kin::JointAxes> axes(n);
  kin::ComputeJointAxes(body.skeleton, body.angles, model, axes);
  std::vector<float> subtree_mass(n);
  std::vector<glm::vec3> moment(n);
  kin::SubtreeMasses(body.skeleton, body.masses, subtree_mass);
  kin::SubtreeMoments(body.skeleton, body.masses, model, moment);
  EXPECT_NEAR(subtree_mass[0], 1.0f, 1e-6f);  // the hips carry the whole body
  const float h = 1e-3f;
  for (int j = 0; j < n; ++j) {
    for (int k = 0; k < 3; ++k) {
      std::vector<glm::vec3> plus = body.angles, minus = body.angles;
      plus[j][k] += h;
      minus[j][k] -= h;
      const glm::vec3 fd = (kin::CenterOfMass(body.masses, body.Model(plus)) -
                            kin::CenterOfMass(body.masses, body.Model(minus))) / (2.0f * h);
      const glm::vec3 analytic = kin::CenterOfMassColumn(axes[j], k, subtree_mass[j], moment[j]);
      for (int r = 0; r < 3; ++r)
        EXPECT_NEAR(analytic[r], fd[r], 2e-4f) << body.skeleton.name(j) << " slot " << k << " row " << r;
    }
  }
}

struct Reach {
  Body body;
  kin::IkWorkspace workspace;
  std::vector<kin::Goal> goals;
  kin::BalanceGoal balance;

  Reach() {
    workspace.Reserve(body.skeleton.bone_count(), 3);
    goals = {body.Pin("foot_l"), body.Pin("foot_r"), kin::Goal{}};
    goals[2].bone = body.skeleton.FindBone("hand_l");
    goals[2].point_bs = body.skeleton.tip_bs(goals[2].bone);
    goals[2].target_ms = glm::vec3(0.2f, 1.1f, 1.5f);  // far in front, beyond the arm's reach
    balance.masses = body.masses;
    balance.support_xz = kFeet;
  }
  kin::IkJob Job(SolverKind kind, bool keep_balance, bool move_root = true) {
    kin::IkJob job;
    job.kind = kind;
    job.skeleton = &body.skeleton;
    job.goals = goals;
    job.balance = keep_balance ? &balance : nullptr;
    job.move_root = move_root;
    job.out_root_offset_ms = &body.root_ms;
    job.root_offset_ms = body.root_ms;
    job.angles = body.angles;
    job.workspace = &workspace;
    return job;
  }
  // The centre's distance outside the feet after solving.
  float MissAfter(SolverKind kind, bool keep_balance) {
    const kin::SolveReport report = Job(kind, keep_balance).Run();
    EXPECT_NE(report.status, kin::SolveStatus::kInvalidInput) << report.input.message;
    const glm::vec3 com = body.Com();
    const glm::vec2 xz(com.x, com.z);
    return glm::length(kin::NearestPointInPolygon(kFeet, xz) - xz);
  }
};

TEST(BalanceGoal, ReachingFarForwardTipsTheBodyWithoutIt) {
  Reach reach;
  EXPECT_GT(reach.MissAfter(SolverKind::kDls, false), 0.05f);
}

TEST(BalanceGoal, JacobianSolversHoldTheCentreOverTheFeet) {
  for (SolverKind kind : {SolverKind::kDls, SolverKind::kGaussNewton}) {
    Reach reach;
    // A soft goal (weight 100) against a hand pulled a metre short of its
    // target: it ends a few millimetres past the edge, not the 0.3 m without it.
    EXPECT_LT(reach.MissAfter(kind, true), 0.01f) << kin::SolverKindName(kind);
    // The hand still gets nearer than at rest.
    const glm::vec3 hand = glm::vec3(reach.body.Model(reach.body.angles)[reach.goals[2].bone] *
                                     glm::vec4(reach.goals[2].point_bs, 1.0f));
    EXPECT_GT(hand.z, 0.3f) << kin::SolverKindName(kind);
  }
}

TEST(BalanceGoal, ABalancedStartIsLeftAsWithout) {
  // The rest pose stands over its feet: the goal adds nothing, and a hand
  // goal within reach solves to the same pose as without it.
  Reach with, without;
  with.goals[2].target_ms = without.goals[2].target_ms = glm::vec3(0.75f, 1.3f, 0.2f);
  with.Job(SolverKind::kDls, true).Run();
  without.Job(SolverKind::kDls, false).Run();
  for (int j = 0; j < with.body.skeleton.bone_count(); ++j)
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(with.body.angles[j][k], without.body.angles[j][k], 1e-3f);
}

TEST(BalanceGoal, RefusedByGeometricSolversAndForBadInput) {
  Reach reach;
  const kin::Status ccd = reach.Job(SolverKind::kCcd, true, false).Validate();
  EXPECT_FALSE(ccd.ok());
  EXPECT_NE(std::string(ccd.message).find("cannot keep balance"), std::string::npos) << ccd.message;
  std::vector<kin::SegmentMass> short_masses(3);
  reach.balance.masses = short_masses;
  EXPECT_FALSE(reach.Job(SolverKind::kDls, true).Validate().ok());
  reach.balance.masses = reach.body.masses;
  reach.balance.support_xz = kin::Span<const glm::vec2>();
  EXPECT_FALSE(reach.Job(SolverKind::kDls, true).Validate().ok());
  reach.balance.support_xz = kFeet;
  reach.balance.weight = 0.0f;
  EXPECT_FALSE(reach.Job(SolverKind::kDls, true).Validate().ok());
}

TEST(BalanceGoal, SolvingAllocatesNothing) {
  Reach reach;
  kin_test::ExpectRunAllocatesNothing(reach.Job(SolverKind::kDls, true));
}

}  // namespace
