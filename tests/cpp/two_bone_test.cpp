#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kin/forward.h"
#include "kin/ik/ik_job.h"
#include "ik_fixtures.h"
#include "test_rigs.h"

namespace {

using kin_test::Forward;
using kin_test::PointMs;
using kin_test::ExpectWithinLimits;

constexpr float kUpper = 0.6f;  // the planar arm's bone lengths
constexpr float kLower = 0.4f;
constexpr float kReach = kUpper + kLower;

struct Problem {
  kin::Skeleton skeleton;
  std::vector<kin::Goal> goals;
  kin::IkWorkspace workspace;
  kin::IkOptions options;
};

glm::vec3 Origin(const std::vector<glm::mat4>& model, int bone) { return glm::vec3(model[bone][3]); }

kin::SolveReport Solve(Problem& p, std::vector<glm::vec3>& angles, std::vector<float>* energy = nullptr) {
  kin::IkJob job;
  job.kind = kin::SolverKind::kTwoBone;
  job.skeleton = &p.skeleton;
  job.goals = p.goals;
  job.options = p.options;
  job.angles = angles;
  if (energy) job.energy = *energy;
  job.workspace = &p.workspace;
  return job.Run();
}

// Distance of `point` from the line through `a` along `direction`.
float OffLine(const glm::vec3& point, const glm::vec3& a, const glm::vec3& direction) {
  return glm::length(glm::cross(point - a, glm::normalize(direction)));
}

// An upper arm from the origin along +Y and a forearm after it, ball joints
// with limits of ±π (any turn); `lower_min`/`lower_max` limit the forearm.
std::vector<kin::BoneDef> ArmBones(glm::vec3 lower_min = glm::vec3(-3.14159265f),
                                   glm::vec3 lower_max = glm::vec3(3.14159265f)) {
  std::vector<kin::BoneDef> bones(2);
  bones[0].name = "upper";
  bones[0].tip_bs = glm::vec3(0, kUpper, 0);
  bones[1].name = "lower";
  bones[1].parent = 0;
  bones[1].rest_t = glm::vec3(0, kUpper, 0);
  bones[1].tip_bs = glm::vec3(0, kLower, 0);
  bones[1].min_angle = lower_min;
  bones[1].max_angle = lower_max;
  return bones;
}

// The arm with its goal on the forearm's tip.
Problem Arm(const std::vector<kin::BoneDef>& bones) {
  Problem p;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  kin::Goal g;
  g.bone = 1;
  g.point_bs = p.skeleton.tip_bs(1);
  p.goals = {g};
  p.workspace.Reserve(2, 1);
  return p;
}

// The arm bent in the XY plane (about Z), as a start pose.
std::vector<glm::vec3> BentInPlane(float upper_z, float lower_z) {
  return {glm::vec3(0, 0, upper_z), glm::vec3(0, 0, lower_z)};
}

// A target in the XY plane at a distance in [lo, hi] · reach from the shoulder.
glm::vec3 PlanarTarget(std::mt19937& rng, float lo, float hi) {
  std::uniform_real_distribution<float> angle(-3.14159f, 3.14159f), fraction(lo, hi);
  const float a = angle(rng), d = fraction(rng) * kReach;
  return glm::vec3(d * std::cos(a), d * std::sin(a), 0.0f);
}

// The angle at B between B→A and B→C.
float MiddleAngle(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
  return std::atan2(glm::length(glm::cross(a - b, c - b)), glm::dot(a - b, c - b));
}

TEST(TwoBone, PlanarArmReachesTargetsExactly_Seed7) {
  Problem p = Arm(ArmBones());
  std::mt19937 rng(7);
  float worst = 0.0f;
  for (int t = 0; t < 200; ++t) {
    const glm::vec3 target = PlanarTarget(rng, 0.25f, 0.97f);
    p.goals[0].target_ms = target;
    std::vector<glm::vec3> angles = BentInPlane(0.4f, t % 2 ? 0.7f : -0.7f);
    std::vector<float> energy(4, -1.0f);
    const kin::SolveReport report = Solve(p, angles, &energy);
    const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
    const glm::vec3 a = Origin(model, 0), b = Origin(model, 1), c = PointMs(model, p.goals[0]);
    const float miss = glm::length(c - target);
    worst = std::max(worst, miss);
    EXPECT_LE(miss, 1e-5f) << "target " << t;
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << kin::SolveStatusName(report.status);
    EXPECT_NEAR(report.error, miss, 1e-6f);
    EXPECT_EQ(report.iterations, 1);
    ASSERT_EQ(report.energy_count, 2);
    EXPECT_NEAR(energy[1], 0.5f * miss * miss, 1e-9f);
    EXPECT_EQ(energy[2], -1.0f);  // nothing written past the count
    // Rigid bones.
    EXPECT_NEAR(glm::length(b - a), kUpper, 1e-6f);
    EXPECT_NEAR(glm::length(c - b), kLower, 1e-6f);
    // The law of cosines, computed here from the target alone.
    const float d = glm::length(target);
    const float expected = std::acos((kUpper * kUpper + kLower * kLower - d * d) / (2.0f * kUpper * kLower));
    EXPECT_NEAR(MiddleAngle(a, b, c), expected, 2e-5f) << "target " << t;
    // Without a pole the bend plane stays the XY plane it started in.
    EXPECT_NEAR(b.z, 0.0f, 1e-6f);
  }
  std::printf("two-bone planar arm: worst miss %.3g (reach %g)\n", worst, kReach);
}

// Poles on ±Z put the middle joint on that side of the line A→T, in the
// plane of A, T and the pole; the target is reached either way.
TEST(TwoBone, PoleChoosesTheSideOfTheBend_Seed11) {
  Problem p = Arm(ArmBones());
  std::mt19937 rng(11);
  for (int t = 0; t < 50; ++t) {
    const glm::vec3 target = PlanarTarget(rng, 0.3f, 0.95f);
    for (float side : {1.0f, -1.0f}) {
      p.goals[0].target_ms = target;
      p.goals[0].has_pole = true;
      p.goals[0].pole_ms = 0.5f * target + glm::vec3(0, 0, side);
      std::vector<glm::vec3> angles = BentInPlane(-0.3f, 0.9f);
      const kin::SolveReport report = Solve(p, angles);
      const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
      const glm::vec3 a = Origin(model, 0), b = Origin(model, 1), c = PointMs(model, p.goals[0]);
      EXPECT_EQ(report.status, kin::SolveStatus::kConverged);
      EXPECT_LE(glm::length(c - target), 1e-5f);
      const glm::vec3 n(0, 0, 1);  // the normal of the plane the target lies in
      EXPECT_GT(side * glm::dot(b - a, n), 0.05f) << "target " << t << " side " << side;
      // B lies in the plane spanned by A→T and the pole's offset.
      EXPECT_NEAR(glm::dot(b - a, glm::normalize(glm::cross(target, n))), 0.0f, 1e-5f);
    }
  }
}

// Twice the reach away: the limb ends straight, pointing at the target.
TEST(TwoBone, UnreachableTargetStraightensTheLimbTowardIt_Seed3) {
  Problem p = Arm(ArmBones());
  std::mt19937 rng(3);
  std::normal_distribution<float> n(0.0f, 1.0f);
  for (int t = 0; t < 20; ++t) {
    const glm::vec3 target = 2.0f * kReach * glm::normalize(glm::vec3(n(rng), n(rng), n(rng)));
    p.goals[0].target_ms = target;
    std::vector<glm::vec3> angles = BentInPlane(0.2f, 1.1f);
    const kin::SolveReport report = Solve(p, angles);
    const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
    const glm::vec3 a = Origin(model, 0), b = Origin(model, 1), c = PointMs(model, p.goals[0]);
    EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable) << kin::SolveStatusName(report.status);
    EXPECT_NEAR(glm::length(c - a), kReach, 1e-5f);
    EXPECT_LE(OffLine(c, a, target), 1e-5f);
    EXPECT_LE(OffLine(b, a, target), 1e-5f);
    EXPECT_GT(glm::dot(c - a, target), 0.0f);  // toward it, not away
    EXPECT_NEAR(report.error, kReach, 1e-5f);
  }
}

// Soft reach eases a nearly full reach short of the target, along A→T, by
// the curve documented in two_bone.cpp; off, the same target is reached.
TEST(TwoBone, SoftenEasesTheReachNearFullExtension) {
  Problem p = Arm(ArmBones());
  const glm::vec3 direction = glm::normalize(glm::vec3(0.6f, 0.3f, -0.2f));
  p.goals[0].target_ms = 0.99f * kReach * direction;
  for (float soften : {0.9f, 0.0f}) {
    p.options.soften = soften;
    std::vector<glm::vec3> angles = BentInPlane(0.2f, 0.8f);
    const kin::SolveReport report = Solve(p, angles);
    const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
    const glm::vec3 a = Origin(model, 0), c = PointMs(model, p.goals[0]);
    if (soften > 0.0f) {
      const float start = soften * kReach, span = kReach - start;
      const float eased = start + span * (1.0f - std::exp(-(0.99f * kReach - start) / span));
      EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable);
      EXPECT_NEAR(glm::length(c - a), eased, 1e-5f);
      EXPECT_GT(glm::length(c - p.goals[0].target_ms), 0.02f);
      EXPECT_LE(OffLine(c, a, direction), 1e-5f);
      EXPECT_GT(glm::dot(c - a, direction), 0.0f);
    } else {
      EXPECT_EQ(report.status, kin::SolveStatus::kConverged);
      EXPECT_LE(glm::length(c - p.goals[0].target_ms), 1e-5f);
    }
  }
  // Below the soft start nothing is eased.
  p.options.soften = 0.9f;
  p.goals[0].target_ms = 0.85f * kReach * direction;
  std::vector<glm::vec3> angles = BentInPlane(0.2f, 0.8f);
  EXPECT_EQ(Solve(p, angles).status, kin::SolveStatus::kConverged);
}

// A hinge (Z only) that may bend 0.5 cannot give the 1.5 the target needs:
// it ends on its limit, and the upper bone still points the limb at T.
TEST(TwoBone, HingeLimitHoldsTheMiddleJoint) {
  Problem p = Arm(ArmBones(glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 0.5f)));
  const float interior = 3.14159265f - 1.5f;
  const float d = std::sqrt(kUpper * kUpper + kLower * kLower - 2.0f * kUpper * kLower * std::cos(interior));
  const glm::vec3 target = d * glm::normalize(glm::vec3(0.5f, 0.8f, 0.0f));
  p.goals[0].target_ms = target;
  std::vector<glm::vec3> angles = BentInPlane(0.0f, 0.0f);
  const kin::SolveReport report = Solve(p, angles);
  ExpectWithinLimits(p.skeleton, angles);
  EXPECT_EQ(angles[1].z, 0.5f);
  EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable);
  const std::vector<glm::mat4> model = Forward(p.skeleton, angles);
  const glm::vec3 a = Origin(model, 0), c = PointMs(model, p.goals[0]);
  EXPECT_LE(OffLine(c, a, target), 1e-5f);
  EXPECT_NEAR(report.error, glm::length(c - a) - d, 1e-5f);
}

// A hinge (Z) whose plane of motion does not hold the shoulder: the lower
// bone starts 0.2 off the upper bone's line along the hinge axis, so no
// turn about the triangle's normal is open to it. Bending about its own
// axis still lands on every target it can reach (the tips of random poses).
TEST(TwoBone, HingeOffTheTrianglePlaneLandsExactly_Seed23) {
  std::vector<kin::BoneDef> bones = ArmBones(glm::vec3(0.0f, 0.0f, -2.5f), glm::vec3(0.0f, 0.0f, 2.5f));
  bones[1].rest_t.z = 0.2f;
  Problem p = Arm(bones);
  std::mt19937 rng(23);
  std::uniform_real_distribution<float> u(-1.2f, 1.2f), bend(0.3f, 2.3f);
  for (int t = 0; t < 50; ++t) {
    const std::vector<glm::vec3> wanted = {glm::vec3(u(rng), u(rng), u(rng)), glm::vec3(0, 0, t % 2 ? bend(rng) : -bend(rng))};
    p.goals[0].target_ms = PointMs(Forward(p.skeleton, wanted), p.goals[0]);
    std::vector<glm::vec3> angles = BentInPlane(0.1f, t % 2 ? 0.5f : -0.5f);
    const kin::SolveReport report = Solve(p, angles);
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << "target " << t << " error " << report.error;
    EXPECT_LE(glm::length(PointMs(Forward(p.skeleton, angles), p.goals[0]) - p.goals[0].target_ms), 1e-5f);
    ExpectWithinLimits(p.skeleton, angles);
  }
}

// Both arms and both legs at once. Targets are the wrist and ankle (forearm
// and shin tips) of a pose that differs from the start only in the limbs,
// with elbows and knees bent within their hinge limits; poles sit at that
// pose's elbows and knees. Hinges bend about their own axes, so every limb
// lands exactly.
TEST(TwoBone, HumanoidArmsAndLegsAtOnce_Seed29) {
  Problem p;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Humanoid(), &p.skeleton).ok());
  const kin::Skeleton& s = p.skeleton;
  const char* lowers[] = {"forearm_l", "forearm_r", "shin_l", "shin_r"};
  for (const char* name : lowers) {
    kin::Goal g;
    g.bone = s.FindBone(name);
    g.point_bs = s.tip_bs(g.bone);
    g.has_pole = true;
    p.goals.push_back(g);
  }
  p.workspace.Reserve(s.bone_count(), 4);
  std::mt19937 rng(29);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  auto within_limits = [&](int j, float margin) {
    glm::vec3 a;
    for (int k = 0; k < 3; ++k) {
      const float lo = s.min_angle(j)[k], hi = s.max_angle(j)[k];
      a[k] = lo == hi ? lo : glm::mix(lo + margin, hi - margin, u(rng));
    }
    return a;
  };
  float worst = 0.0f;
  for (int t = 0; t < 100; ++t) {
    std::vector<glm::vec3> start(s.bone_count());
    for (int j = 0; j < s.bone_count(); ++j) start[j] = t % 2 ? glm::vec3(0) : within_limits(j, 0.0f);
    std::vector<glm::vec3> wanted = start;
    for (const kin::Goal& g : p.goals) {
      wanted[s.parent(g.bone)] = within_limits(s.parent(g.bone), 0.05f);
      wanted[g.bone] = within_limits(g.bone, 0.2f);  // bent by at least 0.2
    }
    const std::vector<glm::mat4> wanted_model = Forward(s, wanted);
    for (kin::Goal& g : p.goals) {
      g.target_ms = PointMs(wanted_model, g);
      g.pole_ms = Origin(wanted_model, g.bone);
    }
    std::vector<glm::vec3> angles = start;
    std::vector<float> energy(2);
    const kin::SolveReport report = Solve(p, angles, &energy);
    ExpectWithinLimits(s, angles);
    const std::vector<glm::mat4> model = Forward(s, angles);
    for (const kin::Goal& g : p.goals) {
      const float miss = glm::length(PointMs(model, g) - g.target_ms);
      worst = std::max(worst, miss);
      EXPECT_LE(miss, 1e-5f) << "trial " << t << " " << s.name(g.bone);
    }
    EXPECT_EQ(report.status, kin::SolveStatus::kConverged) << "trial " << t << " error " << report.error;
    EXPECT_LE(energy[1], energy[0]);
    // Only the limbs turn.
    for (int j = 0; j < s.bone_count(); ++j) {
      bool limb = false;
      for (const kin::Goal& g : p.goals) limb = limb || j == g.bone || j == s.parent(g.bone);
      if (!limb) EXPECT_EQ(angles[j], start[j]) << s.name(j);
    }
  }
  std::printf("two-bone humanoid: worst miss %.3g\n", worst);
}

// A shoulder, an upper arm and a forearm, each with the rest scale
// (1, 3, 0.2): every joint frame is non-uniformly scaled, so that a turn of
// the lower bone moves its tip on an ellipse and a turn of the upper bone
// does not keep the limb's reach in model space.
Problem NonUniformArm() {
  std::vector<kin::BoneDef> bones(3);
  const char* names[] = {"shoulder", "upper", "lower"};
  for (int i = 0; i < 3; ++i) {
    bones[i].name = names[i];
    bones[i].parent = i - 1;
    bones[i].rest_t = i == 0 ? glm::vec3(0.0f) : glm::vec3(0.0f, 0.5f, 0.0f);
    bones[i].rest_s = glm::vec3(1.0f, 3.0f, 0.2f);
    bones[i].tip_bs = glm::vec3(0.0f, 0.5f, 0.0f);
  }
  Problem p;
  EXPECT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
  kin::Goal g;
  g.bone = 2;
  g.point_bs = p.skeleton.tip_bs(2);
  g.has_pole = true;
  p.goals = {g};
  p.workspace.Reserve(3, 1);
  return p;
}

// 200 random starts, poles and targets: reachable ones (where the limb's
// end is at some other pose of the two bones) are reached, and no solve ends
// farther from its target than it started (out of reach: three times as far
// from the upper bone as a reachable one).
TEST(TwoBone, NonUniformScaleReachesAndNeverEndsFarther_Seed41) {
  Problem p = NonUniformArm();
  std::mt19937 rng(41);
  std::uniform_real_distribution<float> angle(-1.5f, 1.5f), coordinate(-2.0f, 2.0f);
  // Drawn in order (the order a constructor's arguments are evaluated in is not).
  const auto draw = [&](std::uniform_real_distribution<float>& d) {
    glm::vec3 v;
    for (int k = 0; k < 3; ++k) v[k] = d(rng);
    return v;
  };
  const auto random_angles = [&] { return draw(angle); };
  int reached = 0, reachable = 0;
  for (int t = 0; t < 200; ++t) {
    std::vector<glm::vec3> start = {random_angles(), random_angles(), random_angles()};
    std::vector<glm::vec3> other = {start[0], random_angles(), random_angles()};
    const std::vector<glm::mat4> other_model = Forward(p.skeleton, other);
    const glm::vec3 a = Origin(other_model, 1), end = PointMs(other_model, p.goals[0]);
    const bool in_reach = t % 2 == 0;
    p.goals[0].target_ms = in_reach ? end : a + 3.0f * (end - a);
    p.goals[0].pole_ms = draw(coordinate);
    const float start_error = glm::length(PointMs(Forward(p.skeleton, start), p.goals[0]) - p.goals[0].target_ms);
    std::vector<glm::vec3> angles = start;
    const kin::SolveReport report = Solve(p, angles);
    const float error = glm::length(PointMs(Forward(p.skeleton, angles), p.goals[0]) - p.goals[0].target_ms);
    EXPECT_LE(error, start_error + 1e-9f) << "trial " << t << (in_reach ? " (in reach)" : " (out of reach)");
    EXPECT_NEAR(report.error, error, 1e-6f) << "trial " << t;
    ExpectWithinLimits(p.skeleton, angles);
    if (!in_reach) continue;
    ++reachable;
    if (error <= 1e-4f) ++reached;
    EXPECT_LE(error, 1e-4f) << "trial " << t << " started " << start_error << " away";
  }
  std::printf("two-bone non-uniform scale: %d of %d reachable targets reached\n", reached, reachable);
}

struct BadSolve {
  const char* what;
  void (*breaks)(Problem&, std::vector<glm::vec3>&);
  const char* message;
};

class TwoBoneValidation : public testing::TestWithParam<BadSolve> {};

TEST_P(TwoBoneValidation, ReturnsInvalidInputAndLeavesThePoseUnchanged) {
  Problem p = Arm(ArmBones());
  p.goals[0].target_ms = glm::vec3(0.3f, 0.5f, 0.1f);
  p.goals[0].has_pole = true;
  p.goals[0].pole_ms = glm::vec3(0.0f, 0.0f, 1.0f);
  std::vector<glm::vec3> angles = BentInPlane(0.1f, 0.4f);
  GetParam().breaks(p, angles);
  const std::vector<glm::vec3> before = angles;
  const kin::SolveReport report = Solve(p, angles);
  EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
  EXPECT_NE(std::string(report.input.message).find(GetParam().message), std::string::npos) << report.input.message;
  EXPECT_EQ(std::memcmp(angles.data(), before.data(), sizeof(glm::vec3) * angles.size()), 0);
}

INSTANTIATE_TEST_SUITE_P(
    EachBadInput, TwoBoneValidation,
    testing::Values(
        BadSolve{"nan_target", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].target_ms.x = std::nanf(""); }, "goal 0: target is not finite"},
        BadSolve{"nan_pole", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].pole_ms.z = std::nanf(""); }, "goal 0: pole is not finite"},
        BadSolve{"bad_bone", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].bone = 2; }, "goal 0: bone index 2 is out of range"},
        BadSolve{"zero_goals", [](Problem& p, std::vector<glm::vec3>&) { p.goals.clear(); }, "two-bone: no goals"},
        BadSolve{"root_bone", [](Problem& p, std::vector<glm::vec3>&) { p.goals[0].bone = 0; }, "two-bone: goal 0 is on bone 0 'upper', which has no parent"},
        BadSolve{"soften_one", [](Problem& p, std::vector<glm::vec3>&) { p.options.soften = 1.0f; }, "soften 1 must be in [0, 1)"}),
    [](const testing::TestParamInfo<BadSolve>& info) { return std::string(info.param.what); });

}  // namespace
