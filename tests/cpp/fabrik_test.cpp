// FABRIK on chains and on the branching humanoids: convergence on seeded
// reachable targets (the bench's own for the default character, and as many
// drawn the same way from a seed the bench does not use), drags that
// stay continuous and out of the body, a rigid skeleton (bone lengths and
// the shape of the hips and chest), goal points that are not bone tips,
// unreachable targets, limits, bones outside the goals' chains, invalid
// input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "ik_fixtures.h"

namespace {

using kin_test::IkProblem;
using kin_test::SolveWith;
using kin_test::WithIterations;

constexpr kin::SolverKind kFabrik = kin::SolverKind::kFabrik;

// Measured with this seed and 200 iterations: 100 of 100 on every chain
// (10, 6 and 5 iterations on average for 3, 10 and 32 bones). A few misses
// are allowed for float and platform noise.
TEST(Fabrik, ChainsConvergeOnReachableTargets_Seed5) {
  std::mt19937 rng(5);
  for (int count : {3, 10, 32}) {
    IkProblem p = kin_test::ChainProblem(count, 1.0472f);
    const kin_test::SweepResult result = kin_test::SolveReachableTargets(kFabrik, p, rng, 100, 200);
    EXPECT_GE(result.converged, 97) << "chain of " << count;
  }
}

// Measured with this seed and 200 iterations: 99 of 100 (19 iterations on
// average; the FABRIK before joint-limited passes in both directions
// reached 50, DLS reaches 100).
TEST(Fabrik, HumanoidReachesFourEffectors_Seed21) {
  IkProblem p = kin_test::HumanoidProblem();
  std::mt19937 rng(21);
  const kin_test::SweepResult result = kin_test::SolveReachableTargets(kFabrik, p, rng, 100, 200);
  EXPECT_GE(result.converged, 95) << "of 100";
}

// One effector at a time (measured: 100 of 100 for each hand and foot, 7–9
// iterations on average).
TEST(Fabrik, HumanoidReachesOneEffector_Seed22) {
  const IkProblem full = kin_test::HumanoidProblem();
  for (int goal = 0; goal < 4; ++goal) {
    IkProblem p = kin_test::HumanoidProblem();
    p.goals = {full.goals[goal]};
    std::mt19937 rng(22);
    const kin_test::SweepResult result = kin_test::SolveReachableTargets(kFabrik, p, rng, 100, 200);
    EXPECT_GE(result.converged, 97) << p.skeleton.name(p.goals[0].bone);
  }
}

// How many of `sets` FABRIK (default options, 64 iterations) solves on the
// default character's hands and feet, as the bench counts success (every
// goal within 1e-4 × reach), and how many it reports converged; each set
// solved from the rest pose (cold) or from the previous solution (warm).
// Checks on every solve that the limits hold and the report's error is the
// true one.
struct SweepCounts {
  int reached = 0;
  int converged = 0;
};

SweepCounts SolveTargetSets(IkProblem& p, const std::vector<std::vector<glm::vec3>>& sets, bool warm) {
  const float success = 1e-4f * kin_test::Reach(p);
  SweepCounts counts;
  std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.0f));
  for (const std::vector<glm::vec3>& targets : sets) {
    if (!warm) std::fill(angles.begin(), angles.end(), glm::vec3(0.0f));
    for (std::size_t g = 0; g < p.goals.size(); ++g) p.goals[g].target_ms = targets[g];
    const kin::SolveReport report = SolveWith(kFabrik, p, angles, kin::DefaultIkOptions());
    kin_test::ExpectWithinLimits(p.skeleton, angles);
    const float worst = kin_test::WorstDistance(p, angles);
    EXPECT_NEAR(report.error, worst, 1e-6f);
    counts.reached += worst < success;
    counts.converged += report.status == kin::SolveStatus::kConverged;
  }
  std::printf("[ fabrik ] humanoid %s: %d/%zu reached, %d converged\n", warm ? "warm" : "cold", counts.reached, sets.size(), counts.converged);
  return counts;
}

// The bench's "humanoid reachable" workload with FABRIK's default options
// (64 iterations): the default character, both hands and feet, the bench's
// 200 target sets (BenchHumanoidTargetSets: its generator and seed), each
// solved from the rest pose (cold) and from the previous solution (warm).
// Success as the bench counts it: every goal within 1e-4 × reach. Measured
// (the hand's tip at the middle finger's knuckle): 199 cold (195 converged to
// the 1e-5 tolerance) and 186 warm (181); the FABRIK before reached 47 % cold,
// DLS 100 %. Warm
// solves start where the last unrelated set left the body, and since the
// hips' heading is free (a turning walk needs it) that start can be turned
// well away from the next set: 198 warm (196) while the hips turned ±0.35.
TEST(Fabrik, ReachesTheBenchsHumanoidTargetSets_Seed1) {
  IkProblem p = kin_test::DefaultCharacterProblem();
  const std::vector<std::vector<glm::vec3>> sets = kin_test::BenchHumanoidTargetSets(p, 200);
  for (const bool warm : {false, true}) {
    SCOPED_TRACE(warm ? "warm" : "cold");
    const SweepCounts counts = SolveTargetSets(p, sets, warm);
    EXPECT_GE(counts.reached, warm ? 180 : 190) << "of 200 within the bench's success";
    EXPECT_GE(counts.converged, warm ? 170 : 190) << "of 200 converged";
  }
}

// The same rates on 200 sets the bench never draws (seed 2; the bench's IK
// workloads use seeds 1 and 1000 + chain length, its other benches 3, 4,
// 42, 7000+ and 8000+): drawn by the same generator from the same
// distribution, so a rate tuned to the bench's particular sets would show
// here. Measured: 198 of 200 cold (196 converged) and 178 warm (172), near
// the bench's sets (199 and 186).
TEST(Fabrik, ReachesHeldOutHumanoidTargetSets_Seed2) {
  constexpr std::uint32_t kHeldOutSeed = 2;
  static_assert(kHeldOutSeed != kin_test::kBenchHumanoidSeed, "held out: not the bench's seed");
  IkProblem p = kin_test::DefaultCharacterProblem();
  const std::vector<std::vector<glm::vec3>> sets = kin_test::BenchHumanoidTargetSets(p, 200, kHeldOutSeed);
  for (const bool warm : {false, true}) {
    SCOPED_TRACE(warm ? "warm" : "cold");
    const SweepCounts counts = SolveTargetSets(p, sets, warm);
    EXPECT_GE(counts.reached, warm ? 170 : 190) << "of 200 within the bench's success";
    EXPECT_GE(counts.converged, warm ? 165 : 190) << "of 200 converged";
  }
}

// The page's start pose (web/src/posing/start-pose.ts): elbows and knees a
// little bent, the rest at zero.
std::vector<glm::vec3> PageStartPose(const kin::Skeleton& s) {
  std::vector<glm::vec3> angles(s.bone_count(), glm::vec3(0.0f));
  angles[s.FindBone("forearm_l")] = glm::vec3(0.0f, -0.35f, 0.0f);
  angles[s.FindBone("forearm_r")] = glm::vec3(0.0f, 0.35f, 0.0f);
  for (const char* name : {"thigh_l", "thigh_r", "foot_l", "foot_r"}) angles[s.FindBone(name)] = glm::vec3(-0.08f, 0.0f, 0.0f);
  for (const char* name : {"shin_l", "shin_r"}) angles[s.FindBone(name)] = glm::vec3(0.16f, 0.0f, 0.0f);
  return angles;
}

// A drag of the right hand's target from `start`, in moves of at most 1 cm,
// through 16 seeded waypoints: alternately in front of the chest and beside
// or behind the right shoulder, all within 0.62 of the shoulder (the arm
// reaches 0.72), so that every frame has a pose within the limits that
// does not need the torso at its own limits.
std::vector<glm::vec3> RightHandDrag(std::uint32_t seed, const glm::vec3& start) {
  kin_test::SeededRandom random(seed);
  auto in = [&](float lo, float hi) { return static_cast<float>(random.Uniform(lo, hi)); };
  const glm::vec3 shoulder(-0.18f, 1.4f, 0.0f);
  std::vector<glm::vec3> path;
  glm::vec3 from = start;
  for (int w = 0; w < 16; ++w) {
    glm::vec3 to;
    do {
      to = w % 2 == 0 ? glm::vec3(in(-0.55f, 0.25f), in(0.95f, 1.65f), in(0.15f, 0.5f))
                      : glm::vec3(in(-0.8f, -0.45f), in(0.9f, 1.6f), in(-0.25f, 0.25f));
    } while (glm::length(to - shoulder) > 0.62f);
    const int steps = static_cast<int>(std::ceil(glm::length(to - from) / 0.01f));
    for (int k = 1; k <= steps; ++k) path.push_back(glm::mix(from, to, static_cast<float>(k) / steps));
    from = to;
  }
  return path;
}

// Distance from point x to the segment [a, b].
float DistanceToSegment(const glm::vec3& x, const glm::vec3& a, const glm::vec3& b) {
  const glm::vec3 ab = b - a;
  const float t = glm::clamp(glm::dot(x - a, ab) / glm::dot(ab, ab), 0.0f, 1.0f);
  return glm::length(x - (a + t * ab));
}

// The least distance between the right arm's bones (shoulder–elbow–wrist)
// and the torso's axis (hips–spine–chest–neck origins), sampled along the arm.
float ArmToTorso(const kin::Skeleton& s, const std::vector<glm::mat4>& model) {
  auto at = [&](const char* name) { return glm::vec3(model[s.FindBone(name)][3]); };
  const glm::vec3 arm[] = {at("upper_arm_r"), at("forearm_r"), at("hand_r")};
  const glm::vec3 torso[] = {at("hips"), at("spine"), at("chest"), at("neck")};
  float nearest = INFINITY;
  for (int a = 0; a < 2; ++a)
    for (int i = 0; i <= 20; ++i) {
      const glm::vec3 x = glm::mix(arm[a], arm[a + 1], i / 20.0f);
      for (int t = 0; t < 3; ++t) nearest = std::min(nearest, DistanceToSegment(x, torso[t], torso[t + 1]));
    }
  return nearest;
}

// The page's drag on the default character, FABRIK's default options: the
// right hand's target dragged in front of and around the body, the other
// three goals held, each frame solved from the last. Every frame must end
// within the tolerance and the limits; no joint may turn more than 0.25 rad
// for the ≤ 1 cm move (a flip of the arm behind the back turns the upper
// arm 2–3 rad in one frame); and the upper arm and forearm must stay 0.1
// from the torso's axis (the torso is 0.11 deep there: nearer, the arm runs
// through it). Measured on these three paths (1029, 1205 and 1043 frames):
// every frame converged, joints turning at most 0.089 rad a frame, the arm
// at least 0.173 from the axis (DLS: 0.043 rad and 0.176). The FABRIK
// before ended 50–56 % of the frames at its iteration limit, up to 116 mm
// short, flipped the upper arm by 3.1 rad and passed the arm 0.05–0.07 from
// the axis.
TEST(Fabrik, DragStaysContinuousAndOutOfTheBody_Seeds1To3) {
  IkProblem p = kin_test::DefaultCharacterProblem();
  const kin::Skeleton& s = p.skeleton;
  const int hand = 1;  // hand_r
  ASSERT_EQ(s.name(p.goals[hand].bone), "hand_r");
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    std::vector<glm::vec3> angles = PageStartPose(s);
    const std::vector<glm::mat4> start = kin_test::Forward(s, angles);
    for (kin::Goal& g : p.goals) g.target_ms = kin_test::PointMs(start, g);
    int frame = 0;
    for (const glm::vec3& target : RightHandDrag(seed, p.goals[hand].target_ms)) {
      p.goals[hand].target_ms = target;
      const std::vector<glm::vec3> before = angles;
      const kin::SolveReport report = SolveWith(kFabrik, p, angles, kin::DefaultIkOptions());
      ASSERT_EQ(report.status, kin::SolveStatus::kConverged) << "frame " << frame << ": error " << report.error;
      kin_test::ExpectWithinLimits(s, angles);
      for (int j = 0; j < s.bone_count(); ++j) {
        const glm::quat turn = kin::EulerRotation(s.order(j), angles[j]) *
                               glm::conjugate(kin::EulerRotation(s.order(j), before[j]));
        const float angle = 2.0f * std::acos(std::min(1.0f, std::fabs(turn.w)));
        ASSERT_LE(angle, 0.25f) << s.name(j) << " at frame " << frame;
      }
      ASSERT_GE(ArmToTorso(s, kin_test::Forward(s, angles)), 0.1f) << "frame " << frame;
      ++frame;
    }
    EXPECT_GT(frame, 900);
  }
}

// Origins of every bone, model space, in double precision.
std::vector<glm::dvec3> Origins(const std::vector<kin::BoneDef>& bones, const std::vector<glm::vec3>& angles) {
  std::vector<glm::dvec3> angles_d(angles.begin(), angles.end());
  const std::vector<glm::dmat4> model = kin_test::ReferenceForward(bones, angles_d, glm::dvec3(0.0));
  std::vector<glm::dvec3> origins;
  for (const glm::dmat4& m : model) origins.push_back(glm::dvec3(m[3]));
  return origins;
}

// The pose is angles + FK, so the skeleton stays rigid: every bone keeps its
// distance to its parent, and the children of the hips (spine, thighs) and
// of the chest (neck, clavicles) keep their distances to one another. (A
// FABRIK that moves joint positions and reads rotations back bends these:
// THREE.IK's deforms the hips by centimetres.) Checked after solves that
// move the whole body, including unreachable targets that stretch it, with
// the double-precision reference FK of the solved angles (float FK alone
// rounds these 0.1-long offsets by about 2e-6 of their length).
TEST(Fabrik, KeepsTheSkeletonRigid_Seed9) {
  const std::vector<kin::BoneDef> bones = kin_test::Humanoid();
  IkProblem p = kin_test::HumanoidProblem();
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  const std::vector<glm::dvec3> rest = Origins(bones, std::vector<glm::vec3>(bones.size(), glm::vec3(0)));
  auto distance = [](const std::vector<glm::dvec3>& o, int a, int b) { return glm::length(o[a] - o[b]); };
  std::vector<std::pair<int, int>> pairs;
  for (int j = 1; j < p.skeleton.bone_count(); ++j) pairs.push_back({j, p.skeleton.parent(j)});
  for (const char* branch : {"hips", "chest"}) {
    std::vector<int> children;
    for (int j = 0; j < p.skeleton.bone_count(); ++j)
      if (p.skeleton.parent(j) == p.skeleton.FindBone(branch)) children.push_back(j);
    ASSERT_EQ(children.size(), 3u) << branch;
    for (std::size_t a = 0; a < children.size(); ++a)
      for (std::size_t b = a + 1; b < children.size(); ++b) pairs.push_back({children[a], children[b]});
  }
  float moved = 0.0f;
  for (int t = 0; t < 20; ++t) {
    const float reach = t % 2 ? 1.0f : 3.0f;  // odd trials: unreachable targets
    for (kin::Goal& g : p.goals) g.target_ms = glm::vec3(reach * u(rng), 1.0f + reach * u(rng), reach * u(rng));
    std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0));
    const kin::SolveReport report = SolveWith(kFabrik, p, angles, WithIterations(100));
    ASSERT_NE(report.status, kin::SolveStatus::kInvalidInput);
    kin_test::ExpectWithinLimits(p.skeleton, angles);
    const std::vector<glm::dvec3> posed = Origins(bones, angles);
    for (const auto& [a, b] : pairs)
      EXPECT_NEAR(distance(posed, a, b), distance(rest, a, b), 1e-6 * distance(rest, a, b))
          << p.skeleton.name(a) << " – " << p.skeleton.name(b) << ", trial " << t;
    for (int j = 0; j < p.skeleton.bone_count(); ++j) moved = std::max(moved, glm::length(angles[j]));
  }
  EXPECT_GT(moved, 1.0f) << "the solves turned the joints";
}

// Goal points that are not bone tips: the middle of a forearm (its hand
// then moves no goal), a point off the axis of the other hand, the heels.
// Targets from random poses. Measured: 99 of 100 (the FABRIK before: 26;
// DLS 100, CCD 67): such goals are solved as end points of their bones.
TEST(Fabrik, ReachesGoalPointsThatAreNotTips_Seed13) {
  IkProblem p = kin_test::HumanoidProblem();
  p.goals[0].bone = p.skeleton.FindBone("forearm_l");
  p.goals[0].point_bs = glm::vec3(0.13f, 0.0f, 0.03f);
  p.goals[1].point_bs = glm::vec3(-0.1f, 0.04f, 0.05f);
  p.goals[2].point_bs = glm::vec3(0.0f, -0.05f, -0.03f);
  p.goals[3].point_bs = glm::vec3(0.0f, -0.05f, -0.03f);
  std::mt19937 rng(13);
  const kin_test::SweepResult result = kin_test::SolveReachableTargets(kFabrik, p, rng, 100, 200);
  EXPECT_GE(result.converged, 95) << "of 100";
}

// A goal point between two goals of the same chain: a sub-base that is not
// a branch point (the forearm carries a goal and the hand's chain).
// Measured: 50 of 50.
TEST(Fabrik, ReachesAGoalOnABoneWithAChildGoal_Seed14) {
  IkProblem p = kin_test::ChainProblem(10, 1.0472f);
  kin::Goal middle;
  middle.bone = 4;
  middle.point_bs = glm::vec3(0.02f, 0.05f, 0.0f);
  p.goals.push_back(middle);
  p.workspace.Reserve(10, 2);
  std::mt19937 rng(14);
  const kin_test::SweepResult result = kin_test::SolveReachableTargets(kFabrik, p, rng, 50, 200);
  EXPECT_GE(result.converged, 48) << "of 50";
}

// A straight chain of length 1 from the origin and a target 1.5 away: the
// best it can do is point at it, 0.5 short.
TEST(Fabrik, UnreachableTargetEndsAtTheClosestReachablePoint) {
  IkProblem p = kin_test::ChainProblem(10, 3.1f);
  p.goals[0].target_ms = 1.5f * glm::normalize(glm::vec3(0.3f, 0.5f, 2.9f));
  std::vector<glm::vec3> angles(10, glm::vec3(0));
  std::vector<float> energy(201);
  const kin::SolveReport report = SolveWith(kFabrik, p, angles, WithIterations(200), &energy);
  EXPECT_EQ(report.status, kin::SolveStatus::kUnreachable) << kin::SolveStatusName(report.status);
  EXPECT_FALSE(std::isnan(report.error));
  EXPECT_NEAR(report.error, 0.5f, 0.005f);
  EXPECT_NEAR(kin_test::WorstDistance(p, angles), report.error, 1e-6f);
  ASSERT_GE(report.energy_count, 2);
  EXPECT_NEAR(*std::min_element(energy.begin(), energy.begin() + report.energy_count),
              0.5f * report.error * report.error, 1e-5f);
}

// Bones that move no goal keep their angles exactly (here the legs, neck and
// head while the hands are solved).
TEST(Fabrik, BonesOutsideTheGoalsChainsKeepTheirAngles) {
  IkProblem p = kin_test::HumanoidProblem();
  p.goals.resize(2);  // the hands
  p.goals[0].target_ms = glm::vec3(0.5f, 1.3f, 0.3f);
  p.goals[1].target_ms = glm::vec3(-0.4f, 1.0f, 0.35f);
  std::mt19937 rng(4);
  std::vector<glm::vec3> angles = kin_test::RandomPoseWithinLimits(rng, p.skeleton);
  const std::vector<glm::vec3> before = angles;
  SolveWith(kFabrik, p, angles, WithIterations(200));
  for (const char* name : {"neck", "head", "thigh_l", "shin_l", "foot_l", "thigh_r", "shin_r", "foot_r"}) {
    const int j = p.skeleton.FindBone(name);
    EXPECT_EQ(std::memcmp(&angles[j], &before[j], sizeof(glm::vec3)), 0) << name;
  }
  EXPECT_NE(std::memcmp(&angles[p.skeleton.FindBone("upper_arm_l")], &before[p.skeleton.FindBone("upper_arm_l")],
                        sizeof(glm::vec3)),
            0);
}

// Any rig: random trees with all twelve Euler orders, rest rotations,
// joint frames, non-uniform rest scales (where the turns are approximate)
// and swing-twist cones on some bones, two goals on random bones, random
// targets and starts. Every solve ends finite, within the limits and cones,
// with the report telling the error the pose really has.
TEST(Fabrik, OnRandomRigsEndsFiniteWithinLimitsAndReportsTheTruth_Seed12) {
  std::mt19937 rng(12);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<kin::BoneDef> bones = kin_test::RandomRig(rng, 4 + trial % 9, trial % 2 == 1);
    for (std::size_t j = 0; j < bones.size(); j += 3) {
      bones[j].swing_max = 0.8f;
      bones[j].twist_min = -0.5f;
      bones[j].twist_max = 0.5f;
    }
    IkProblem p;
    ASSERT_TRUE(kin::Skeleton::Build(bones, &p.skeleton).ok());
    const int n = p.skeleton.bone_count();
    p.goals.resize(2);
    for (kin::Goal& g : p.goals) {
      g.bone = static_cast<int>(rng() % static_cast<unsigned>(n));
      g.point_bs = p.skeleton.tip_bs(g.bone);
      g.target_ms = glm::vec3(u(rng), u(rng), u(rng));
    }
    p.workspace.Reserve(n, 2);
    std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, n, 2.0f);
    std::vector<float> energy(101);
    const kin::SolveReport report = SolveWith(kFabrik, p, angles, WithIterations(100), &energy);
    SCOPED_TRACE(testing::Message() << "trial " << trial);
    ASSERT_NE(report.status, kin::SolveStatus::kInvalidInput) << report.input.message;
    for (const glm::vec3& a : angles) ASSERT_TRUE(std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z));
    kin_test::ExpectWithinLimits(p.skeleton, angles);
    for (int j = 0; j < n; ++j) {
      const glm::vec3 projected = kin::ProjectJointLimits(p.skeleton, j, angles[j]);
      EXPECT_LT(glm::length(projected - angles[j]), 1e-5f) << "bone " << j << " outside its cone";
    }
    EXPECT_NEAR(report.error, kin_test::WorstDistance(p, angles), 1e-5f * (1.0f + report.error));
    for (int i = 0; i < report.energy_count; ++i) EXPECT_TRUE(std::isfinite(energy[i])) << "energy " << i;
  }
}

TEST(Fabrik, InvalidInputLeavesThePoseBitwiseUnchanged) { kin_test::ExpectRejectsEachBadInput(kFabrik); }

}  // namespace
