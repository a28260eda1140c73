// Spring chains: validation breaking one input at a time, rest, release from
// a displacement against the damped oscillator's closed-form bounds and the
// pendulum's equilibrium, no NaN over the parameter ranges (seeded), 30 vs
// 240 frames per second, the swing limit (the chain's, and each bone's own),
// the floor, carried descendants, settling, and an allocation-free step. Expected values are derived by hand from the
// physics (no earlier output of the core is used as a reference).
#include "kin/springs/spring_chain.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "kin/rig.h"
#include "kin/rig_springs.h"
#include "seeded_random.h"

namespace {

constexpr float kPi = 3.14159265358979f;

// A driven base (root) at the origin with a chain of `count` bones of length
// `length` along +X below it, and one leaf (not in the chain) after the last.
std::vector<kin::BoneDef> Tail(int count, float length) {
  std::vector<kin::BoneDef> bones;
  kin::BoneDef base = kin::DefaultBoneDef();
  base.name = "base";
  base.tip_bs = glm::vec3(0.2f, 0, 0);
  bones.push_back(base);
  for (int i = 0; i < count; ++i) {
    kin::BoneDef b = kin::DefaultBoneDef();
    b.name = "tail_" + std::to_string(i + 1);
    b.parent = i;
    b.rest_t = i == 0 ? glm::vec3(0.2f, 0, 0) : glm::vec3(length, 0, 0);
    b.tip_bs = glm::vec3(length, 0, 0);
    bones.push_back(b);
  }
  kin::BoneDef leaf = kin::DefaultBoneDef();
  leaf.name = "tassel";
  leaf.parent = count;
  leaf.rest_t = glm::vec3(length, 0, 0);
  leaf.rest_q = glm::angleAxis(0.4f, glm::vec3(0, 0, 1));
  leaf.tip_bs = glm::vec3(0.05f, 0, 0);
  bones.push_back(leaf);
  return bones;
}

kin::SpringChainDef TailChain(int count) {
  kin::SpringChainDef def = kin::DefaultSpringChainDef();
  def.name = "tail";
  for (int i = 1; i <= count; ++i) def.bones.push_back(i);
  return def;
}

kin::Skeleton Build(const std::vector<kin::BoneDef>& bones) {
  kin::Skeleton skeleton;
  EXPECT_TRUE(kin::Skeleton::Build(kin::Span<const kin::BoneDef>(bones.data(), bones.size()), &skeleton).ok());
  return skeleton;
}

// The rig of `bones` with the chains on it.
void LoadRig(kin::Rig& rig, kin::RigSprings& rig_springs, const std::vector<kin::BoneDef>& bones,
             const std::vector<kin::SpringChainDef>& chains) {
  EXPECT_TRUE(rig.Load(kin::Span<const kin::BoneDef>(bones.data(), bones.size())).ok());
  const kin::Status status = rig_springs.SetChains(rig, kin::Span<const kin::SpringChainDef>(chains.data(), chains.size()));
  EXPECT_TRUE(status.ok()) << status.message;
}

// A three-bone tail with `def` on it beside the same tail without springs
// (what the springs do is the difference between the two).
struct SprungAndDriven {
  SprungAndDriven(const kin::SpringChainDef& def, float length) {
    LoadRig(rig, rig_springs, Tail(3, length), {def});
    LoadRig(driven, driven_springs, Tail(3, length), {});
  }
  kin::Rig rig;
  kin::RigSprings rig_springs;
  kin::Rig driven;
  kin::RigSprings driven_springs;
};

std::string BuildError(const kin::Skeleton& skeleton, const std::vector<kin::SpringChainDef>& defs) {
  kin::SpringSystem system;
  const kin::Status status = kin::SpringSystem::Build(skeleton, kin::Span<const kin::SpringChainDef>(defs.data(), defs.size()), &system);
  return status.ok() ? std::string() : std::string(status.message);
}

glm::vec3 Origin(const kin::Rig& rig, int bone) { return glm::vec3(rig.model_ms()[bone][3]); }
glm::vec3 Tip(const kin::Rig& rig, int bone) { return glm::vec3(rig.tips_data()[3 * bone], rig.tips_data()[3 * bone + 1], rig.tips_data()[3 * bone + 2]); }

TEST(SpringChainValidation, AcceptsTheDefaultsAndNamesEachBrokenInput) {
  const kin::Skeleton skeleton = Build(Tail(3, 0.1f));
  EXPECT_EQ(BuildError(skeleton, {TailChain(3)}), "");

  struct Case {
    const char* what;
    void (*change)(std::vector<kin::SpringChainDef>&);
    const char* expected;
  };
  const Case cases[] = {
      {"no bones", [](std::vector<kin::SpringChainDef>& d) { d[0].bones.clear(); }, "spring chain 0 'tail' has no bones"},
      {"out of range", [](std::vector<kin::SpringChainDef>& d) { d[0].bones[1] = 9; }, "spring chain 0 'tail': bone 1 of the chain, index 9, is out of range [0, 5)"},
      {"negative index", [](std::vector<kin::SpringChainDef>& d) { d[0].bones[0] = -1; }, "index -1, is out of range"},
      {"not a chain", [](std::vector<kin::SpringChainDef>& d) { d[0].bones = {1, 3}; }, "spring chain 0 'tail' is not a chain: bone 3 'tail_3' is not a child of bone 1 'tail_1'"},
      {"zero frequency", [](std::vector<kin::SpringChainDef>& d) { d[0].frequency_hz = 0; }, "spring chain 0 'tail': frequency 0 Hz is not in (0, 20]"},
      {"NaN frequency", [](std::vector<kin::SpringChainDef>& d) { d[0].frequency_hz = NAN; }, "frequency nan Hz"},
      {"fast", [](std::vector<kin::SpringChainDef>& d) { d[0].frequency_hz = 21; }, "frequency 21 Hz"},
      {"negative damping", [](std::vector<kin::SpringChainDef>& d) { d[0].damping_ratio = -0.1f; }, "damping ratio -0.1 is not in [0, 10]"},
      {"infinite damping", [](std::vector<kin::SpringChainDef>& d) { d[0].damping_ratio = INFINITY; }, "damping ratio inf"},
      {"negative gravity", [](std::vector<kin::SpringChainDef>& d) { d[0].gravity = -9.81f; }, "gravity -9.81 is not in [0, 1000]"},
      {"NaN gravity", [](std::vector<kin::SpringChainDef>& d) { d[0].gravity = NAN; }, "gravity nan"},
      {"negative inertia", [](std::vector<kin::SpringChainDef>& d) { d[0].inertia = -1; }, "inertia -1 is not in [0, 4]"},
      {"zero swing", [](std::vector<kin::SpringChainDef>& d) { d[0].swing_max = 0; }, "swing limit 0 rad is not in (0, pi]"},
      {"swing past pi", [](std::vector<kin::SpringChainDef>& d) { d[0].swing_max = 4; }, "swing limit 4 rad"},
      {"shared bone", [](std::vector<kin::SpringChainDef>& d) {
         kin::SpringChainDef other = TailChain(0);
         other.name = "fringe";
         other.bones = {3};
         d.push_back(other);
       }, "spring chain 1 'fringe': bone 3 'tail_3' is already in spring chain 0 'tail'"},
  };
  for (const Case& c : cases) {
    std::vector<kin::SpringChainDef> defs = {TailChain(3)};
    c.change(defs);
    EXPECT_NE(BuildError(skeleton, defs).find(c.expected), std::string::npos) << c.what << ": " << BuildError(skeleton, defs);
  }

  // A bone whose tip is its origin has no direction to swing.
  std::vector<kin::BoneDef> stub = Tail(3, 0.1f);
  stub[2].tip_bs = glm::vec3(0.0f);
  EXPECT_NE(BuildError(Build(stub), {TailChain(3)}).find("bone 2 'tail_2' has no length"), std::string::npos);

  std::vector<kin::SpringChainDef> many(kin::kMaxSpringChains + 1);
  EXPECT_NE(BuildError(skeleton, many).find("65 spring chains is more than the 64 supported"), std::string::npos);
}

TEST(SpringChainValidation, TakesPerBoneSwingLimitsAndNamesTheChainAndBoneOfABrokenOne) {
  const kin::Skeleton skeleton = Build(Tail(3, 0.1f));
  kin::SpringChainDef def = TailChain(3);
  def.bone_swing_max = {0.2f, 0.5f, kPi};
  EXPECT_EQ(BuildError(skeleton, {def}), "");
  EXPECT_FLOAT_EQ(kin::SwingLimit(def, 1), 0.5f);
  def.bone_swing_max.clear();
  EXPECT_FLOAT_EQ(kin::SwingLimit(def, 1), def.swing_max) << "none given: the chain's";

  struct Case {
    const char* what;
    std::vector<float> limits;
    const char* expected;
  };
  const Case cases[] = {
      {"too few", {0.5f, 0.5f}, "spring chain 0 'tail': 2 per-bone swing limits for its 3 bones"},
      {"too many", {0.5f, 0.5f, 0.5f, 0.5f}, "spring chain 0 'tail': 4 per-bone swing limits for its 3 bones"},
      {"zero", {0.5f, 0.0f, 0.5f}, "spring chain 0 'tail': bone 2 'tail_2' (bone 1 of the chain): swing limit 0 rad is not in (0, pi]"},
      {"negative", {-0.5f, 0.5f, 0.5f}, "bone 1 'tail_1' (bone 0 of the chain): swing limit -0.5 rad is not in (0, pi]"},
      {"past pi", {0.5f, 0.5f, 3.2f}, "bone 3 'tail_3' (bone 2 of the chain): swing limit 3.2 rad"},
      {"NaN", {0.5f, NAN, 0.5f}, "bone 2 'tail_2' (bone 1 of the chain): swing limit nan rad"},
      {"infinite", {0.5f, 0.5f, INFINITY}, "bone 3 'tail_3' (bone 2 of the chain): swing limit inf rad"},
  };
  for (const Case& c : cases) {
    def.bone_swing_max = c.limits;
    const std::string error = BuildError(skeleton, {def});
    EXPECT_NE(error.find(c.expected), std::string::npos) << c.what << ": " << error;
  }
  // The chain's own limit is still checked when every bone has its own (it reads back as given).
  def.bone_swing_max = {0.5f, 0.5f, 0.5f};
  def.swing_max = 0.0f;
  EXPECT_NE(BuildError(skeleton, {def}).find("swing limit 0 rad is not in (0, pi]"), std::string::npos);
}

TEST(SpringChainValidation, StepTakesOnlyAFiniteDtInZeroToOneSecond) {
  kin::Rig rig;
  kin::RigSprings rig_springs;
  LoadRig(rig, rig_springs, Tail(3, 0.1f), {TailChain(3)});
  for (const float bad : {0.0f, -0.01f, 1.5f, NAN, INFINITY}) {
    const kin::Status status = rig_springs.Step(rig, bad);
    EXPECT_FALSE(status.ok()) << bad;
    EXPECT_NE(std::string(status.message).find("spring step dt"), std::string::npos) << status.message;
  }
  EXPECT_TRUE(rig_springs.Step(rig, 1.0f).ok());
  EXPECT_TRUE(rig_springs.Step(rig, 1.0f / 240.0f).ok());
  EXPECT_FALSE(rig_springs.SetEnabled(1, false).ok());
  EXPECT_NE(std::string(rig_springs.SetEnabled(-1, true).message).find("spring chain -1 is out of range [0, 1)"), std::string::npos);
}

TEST(SpringChain, AtRestWithoutGravityStaysOnTheDrivenPoseAtEveryFrameRate) {
  for (const float dt : {1.0f / 240.0f, 1.0f / 60.0f, 1.0f / 10.0f, 0.7f}) {
    kin::SpringChainDef def = TailChain(3);
    def.gravity = 0.0f;
    kin::Rig rig;
    kin::RigSprings rig_springs;
    LoadRig(rig, rig_springs, Tail(3, 0.1f), {def});
    ASSERT_TRUE(rig.SetAngles(0, glm::vec3(0.3f, -0.2f, 0.5f)).ok());
    ASSERT_TRUE(rig.SetRootOffset(glm::vec3(0.1f, 0.9f, -0.3f)).ok());
    ASSERT_TRUE(rig_springs.Reset(rig).ok());
    const std::vector<glm::mat4> driven(rig.model_ms().begin(), rig.model_ms().end());
    for (int frame = 0; frame < 300; ++frame) ASSERT_TRUE(rig_springs.Step(rig, dt).ok());
    for (int b = 0; b < rig.bone_count(); ++b)
      for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) EXPECT_NEAR(rig.model_ms()[b][c][r], driven[b][c][r], 1e-6f) << "dt " << dt << " bone " << b;
    EXPECT_TRUE(rig_springs.settled()) << dt;
  }
}

// One horizontal bone of length L under gravity g settles where the spring's
// pull along the circle balances gravity: with the tip at angle φ below its
// goal, −k L sin φ + g cos φ = 0, so tan φ = g / (k L). Released at rest on
// its goal it is a damped oscillator around that angle (nearly linear for
// small φ): implicit Euler damps at least as much as the continuous system,
// whose overshoot past equilibrium is exp(−ζπ / √(1 − ζ²)) of the distance
// it started from (none for ζ ≥ 1).
TEST(SpringChain, ReleasedFromADisplacementConvergesWithinTheDampingRatiosOvershoot) {
  const float length = 0.5f;
  for (const float zeta : {0.05f, 0.2f, 0.5f, 0.8f, 1.0f, 2.0f}) {
    kin::SpringChainDef def = TailChain(1);
    def.frequency_hz = 3.0f;
    def.damping_ratio = zeta;
    const float k = std::pow(2.0f * kPi * def.frequency_hz, 2.0f);
    def.gravity = 0.02f * k * length;  // tan φ = 0.02
    const float expected = std::atan(0.02f);
    kin::Rig rig;
    kin::RigSprings rig_springs;
    LoadRig(rig, rig_springs, Tail(1, length), {def});
    float largest = 0.0f;
    float angle = 0.0f;
    for (int frame = 0; frame < 240 * 20; ++frame) {
      ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 240.0f).ok());
      const glm::vec3 d = Tip(rig, 1) - Origin(rig, 1);
      angle = std::atan2(-d.y, d.x);
      ASSERT_TRUE(std::isfinite(angle));
      largest = std::max(largest, angle);
    }
    EXPECT_NEAR(angle, expected, 1e-5f) << "zeta " << zeta;
    const float bound = zeta < 1.0f ? std::exp(-zeta * kPi / std::sqrt(1.0f - zeta * zeta)) : 0.0f;
    const float overshoot = (largest - expected) / expected;
    EXPECT_LE(overshoot, bound + 1e-3f) << "zeta " << zeta;
    // Implicit Euler at 240 Hz loses little: the overshoot is most of the bound (not overdamped into a creep).
    if (zeta <= 0.5f) EXPECT_GE(overshoot, 0.5f * bound) << "zeta " << zeta;
    EXPECT_TRUE(rig_springs.settled()) << "zeta " << zeta;
  }
}

// A smooth drive: the base swings about Y and Z and the root slides along X.
void Drive(kin::Rig& rig, float t) {
  ASSERT_TRUE(rig.SetAngles(0, glm::vec3(0.0f, 0.2f * std::sin(2.0f * kPi * 0.9f * t), 0.35f * std::sin(2.0f * kPi * 1.3f * t))).ok());
  ASSERT_TRUE(rig.SetRootOffset(glm::vec3(0.4f * std::sin(2.0f * kPi * 0.7f * t), 0.0f, 0.0f)).ok());
}

// Springs stepped at 30 and at 240 frames per second under the same smooth
// drive differ by less than kSpringFrameRateTolerance of how far the tips
// swing from their driven places. (Flailing drives, where a chain swings
// past its limits, are chaotic: there no two frame rates agree for long.)
TEST(SpringChain, ThirtyAndTwoHundredFortyFramesPerSecondAgreeWithinTheStatedTolerance) {
  const float length = 0.1f;
  kin::Rig fast;
  kin::RigSprings fast_springs;
  LoadRig(fast, fast_springs, Tail(3, length), {TailChain(3)});
  kin::Rig slow;
  kin::RigSprings slow_springs;
  LoadRig(slow, slow_springs, Tail(3, length), {TailChain(3)});
  kin::Rig still;
  kin::RigSprings still_springs;
  LoadRig(still, still_springs, Tail(3, length), {});
  float difference = 0.0f, swing = 0.0f;
  for (int frame = 1; frame <= 240 * 4; ++frame) {
    Drive(fast, frame / 240.0f);
    ASSERT_TRUE(fast_springs.Step(fast, 1.0f / 240.0f).ok());
    if (frame % 8 != 0) continue;
    Drive(slow, frame / 240.0f);
    ASSERT_TRUE(slow_springs.Step(slow, 1.0f / 30.0f).ok());
    Drive(still, frame / 240.0f);
    for (int b = 1; b <= 3; ++b) {
      difference = std::max(difference, glm::length(Tip(fast, b) - Tip(slow, b)));
      swing = std::max(swing, glm::length(Tip(fast, b) - Tip(still, b)));
    }
  }
  std::printf("30 vs 240 fps: largest tip difference %.4f, largest swing %.4f (ratio %.4f, tolerance %.3f)\n", difference,
              swing, difference / swing, kin::kSpringFrameRateTolerance);
  EXPECT_LE(difference, kin::kSpringFrameRateTolerance * swing);
  // The drive does swing the chain: several bone lengths of swing in all.
  EXPECT_GT(swing, 0.5f * length);
}

// Bone b's direction (origin → tip) in its parent's space.
glm::vec3 LocalDirection(const kin::Rig& rig, int b) {
  const glm::mat4 parent_inverse = glm::inverse(rig.model_ms()[rig.skeleton().parent(b)]);
  return glm::normalize(glm::vec3(parent_inverse * glm::vec4(Tip(rig, b) - Origin(rig, b), 0.0f)));
}

// The angle between bone b's direction on the springs and its driven
// direction, each in its own parent's space: how far it swung from its goal.
float Swing(const kin::Rig& rig, const kin::Rig& driven, int b) {
  return std::acos(std::min(1.0f, glm::dot(LocalDirection(rig, b), LocalDirection(driven, b))));
}

// A violent drive at 60 frames per second: the base of both rigs flips between
// two far poses every 7 frames.
void Jerk(int frame, kin::Rig& rig, kin::Rig& driven) {
  const float t = frame / 60.0f;
  const float sign = (frame / 7) % 2 == 0 ? 1.0f : -1.0f;
  const glm::vec3 angles(0.0f, 0.0f, sign * 1.2f + 0.2f * std::sin(t));
  const glm::vec3 offset(sign * 0.5f, 0.0f, 0.0f);
  for (kin::Rig* r : {&rig, &driven}) {
    ASSERT_TRUE(r->SetAngles(0, angles).ok());
    ASSERT_TRUE(r->SetRootOffset(offset).ok());
  }
}

TEST(SpringChain, KeepsLengthsAndTheSwingLimitAndCarriesDescendantsUnderAViolentDrive) {
  const float length = 0.1f;
  kin::SpringChainDef def = TailChain(3);
  def.swing_max = 0.3f;
  def.inertia = 3.0f;
  def.damping_ratio = 0.05f;
  SprungAndDriven pair(def, length);
  kin::Rig& rig = pair.rig;
  kin::RigSprings& rig_springs = pair.rig_springs;
  kin::Rig& driven = pair.driven;
  float largest_swing = 0.0f;
  for (int frame = 1; frame <= 600; ++frame) {
    Jerk(frame, rig, driven);
    ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 60.0f).ok());
    for (int b = 1; b <= 3; ++b) {
      EXPECT_NEAR(glm::length(Tip(rig, b) - Origin(rig, b)), length, 1e-5f) << "frame " << frame << " bone " << b;
      largest_swing = std::max(largest_swing, Swing(rig, driven, b));
      // Each bone starts at its parent's tip, as in the skeleton.
      EXPECT_LT(glm::length(Origin(rig, b) - Tip(rig, b - 1)), 1e-5f);
    }
    // The leaf after the chain keeps its place relative to the last chain bone.
    const glm::mat4 relative = glm::inverse(rig.model_ms()[3]) * rig.model_ms()[4];
    const glm::mat4 expected = glm::inverse(driven.model_ms()[3]) * driven.model_ms()[4];
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) ASSERT_NEAR(relative[c][r], expected[c][r], 1e-4f) << "frame " << frame;
    // The springs never touch the pose, and the pose's own matrices stay FK's.
    ASSERT_EQ(rig.angles(1), glm::vec3(0.0f));
    const float* driven_model = driven.model_data();
    for (int k = 0; k < 16 * rig.bone_count(); ++k) ASSERT_EQ(rig.pose_model_data()[k], driven_model[k]) << "frame " << frame;
  }
  EXPECT_LE(largest_swing, def.swing_max + 1e-4f);
  EXPECT_GT(largest_swing, def.swing_max - 0.01f) << "the drive should reach the limit";
}

// Each bone keeps to its own limit, not the chain's swing_max (1.2, larger
// than all of them), and the drive pushes each one up to it: neither the
// smallest limit nor the largest is applied to the whole chain.
TEST(SpringChain, KeepsEachBoneWithinItsOwnSwingLimitUnderAViolentDrive) {
  kin::SpringChainDef def = TailChain(3);
  def.bone_swing_max = {0.15f, 0.4f, 0.8f};
  def.inertia = 3.0f;
  def.damping_ratio = 0.05f;
  SprungAndDriven pair(def, 0.1f);
  kin::Rig& rig = pair.rig;
  kin::RigSprings& rig_springs = pair.rig_springs;
  kin::Rig& driven = pair.driven;
  float largest[3] = {0.0f, 0.0f, 0.0f};
  for (int frame = 1; frame <= 600; ++frame) {
    Jerk(frame, rig, driven);
    ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 60.0f).ok());
    for (int i = 0; i < 3; ++i) largest[i] = std::max(largest[i], Swing(rig, driven, i + 1));
  }
  for (int i = 0; i < 3; ++i) {
    std::printf("bone %d: largest swing %.4f rad, its limit %.4f\n", i + 1, largest[i], def.bone_swing_max[i]);
    EXPECT_LE(largest[i], def.bone_swing_max[i] + 1e-4f) << "bone " << i + 1;
    EXPECT_GT(largest[i], def.bone_swing_max[i] - 0.01f) << "the drive should reach bone " << i + 1 << "'s limit";
  }
}

// Gravity far stronger than the spring (a free bone would hang at atan 5 =
// 79° below its goal) presses each bone of a level chain against its limit:
// it rests there, at exactly its limit from its goal, and counts as settled
// (the constraints leave it no velocity once nothing moves).
TEST(SpringChain, RestsAndSettlesAgainstItsSwingLimits) {
  const float length = 0.1f;
  kin::SpringChainDef chain_wide = TailChain(3);
  chain_wide.swing_max = 0.3f;
  kin::SpringChainDef per_bone = TailChain(3);
  per_bone.bone_swing_max = {0.1f, 0.2f, 0.3f};
  for (kin::SpringChainDef def : {chain_wide, per_bone}) {
    def.gravity = 5.0f * std::pow(2.0f * kPi * def.frequency_hz, 2.0f) * length;
    SprungAndDriven pair(def, length);
    kin::Rig& rig = pair.rig;
    kin::RigSprings& rig_springs = pair.rig_springs;
    kin::Rig& driven = pair.driven;
    int frames = 0;
    while (!rig_springs.settled() && frames < 60 * 10) {
      ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 60.0f).ok());
      ++frames;
    }
    EXPECT_TRUE(rig_springs.settled()) << def.bone_swing_max.size() << " per-bone limits";
    for (int i = 0; i < 3; ++i)
      EXPECT_NEAR(Swing(rig, driven, i + 1), kin::SwingLimit(def, i), 1e-4f) << "bone " << i + 1;
  }
}

// A tail 5 cm above the floor under gravity five times its spring, free to
// swing a half turn: it would hang 25 cm below its base. With the floor on,
// every tip rests at or above y = 0, each bone keeps its length, the last
// lies on the floor and the chain settles; with it off, the tail goes through.
TEST(SpringChain, RestsOnTheFloorWhenAskedAndHangsThroughItOtherwise) {
  const float length = 0.1f;
  for (const bool floor : {true, false}) {
    kin::SpringChainDef def = TailChain(3);
    def.swing_max = kPi;
    def.gravity = 5.0f * std::pow(2.0f * kPi * def.frequency_hz, 2.0f) * length;
    def.floor = floor;
    kin::Rig rig;
    kin::RigSprings rig_springs;
    LoadRig(rig, rig_springs, Tail(3, length), {def});
    ASSERT_TRUE(rig.SetRootOffset(glm::vec3(0.0f, 0.05f, 0.0f)).ok());
    float lowest = 1.0f;
    for (int frame = 0; frame < 60 * 10 && !(frame > 0 && rig_springs.settled()); ++frame) {
      ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 60.0f).ok());
      for (int b = 1; b <= 3; ++b) lowest = std::min(lowest, Tip(rig, b).y);
    }
    if (floor) {
      EXPECT_GE(lowest, -1e-5f);
      EXPECT_TRUE(rig_springs.settled());
      for (int b = 1; b <= 3; ++b) EXPECT_NEAR(glm::distance(Tip(rig, b), Origin(rig, b)), length, 1e-5f) << "bone " << b;
      EXPECT_NEAR(Tip(rig, 3).y, 0.0f, 1e-4f);
    } else {
      EXPECT_LT(lowest, -0.1f);
    }
  }
}

TEST(SpringChain, NeverProducesNaNForAnyDtInItsRangeAndParametersInTheirsSeed1313) {
  kin_test::SeededRandom random(1313);
  for (int trial = 0; trial < 60; ++trial) {
    kin::SpringChainDef def = TailChain(3);
    def.frequency_hz = static_cast<float>(random.Uniform(0.01, kin::kMaxSpringFrequency_hz));
    def.damping_ratio = static_cast<float>(random.Uniform(0.0, kin::kMaxSpringDampingRatio));
    def.gravity = static_cast<float>(random.Uniform(0.0, kin::kMaxSpringGravity));
    def.inertia = static_cast<float>(random.Uniform(0.0, kin::kMaxSpringInertia));
    def.swing_max = static_cast<float>(random.Uniform(0.05, kPi));
    if (trial % 4 == 0) def.damping_ratio = 0.0f;
    kin::Rig rig;
    kin::RigSprings rig_springs;
    LoadRig(rig, rig_springs, Tail(3, 0.1f), {def});
    for (int frame = 0; frame < 200; ++frame) {
      const float dt = static_cast<float>(random.Uniform(1.0 / 240.0, 0.1));
      ASSERT_TRUE(rig.SetAngles(0, glm::vec3(random.Uniform(-3, 3), random.Uniform(-3, 3), random.Uniform(-3, 3))).ok());
      ASSERT_TRUE(rig.SetRootOffset(glm::vec3(random.Uniform(-5, 5), random.Uniform(-5, 5), random.Uniform(-5, 5))).ok());
      ASSERT_TRUE(rig_springs.Step(rig, dt).ok());
      for (int b = 0; b < rig.bone_count(); ++b)
        for (int c = 0; c < 4; ++c)
          for (int r = 0; r < 4; ++r)
            ASSERT_TRUE(std::isfinite(rig.model_ms()[b][c][r])) << "trial " << trial << " frame " << frame << " f " << def.frequency_hz
                                                                << " zeta " << def.damping_ratio << " dt " << dt;
      for (int b = 1; b <= 3; ++b) ASSERT_NEAR(glm::length(Tip(rig, b) - Origin(rig, b)), 0.1f, 1e-4f);
    }
  }
}

TEST(SpringChain, SettlesAfterTheDriverStopsAndWakesWhenItMoves) {
  kin::Rig rig;
  kin::RigSprings rig_springs;
  LoadRig(rig, rig_springs, Tail(3, 0.1f), {TailChain(3)});
  EXPECT_FALSE(rig_springs.settled()) << "gravity pulls a chain reset straight";
  for (int frame = 1; frame <= 60; ++frame) {
    Drive(rig, frame / 60.0f);
    ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 60.0f).ok());
  }
  EXPECT_FALSE(rig_springs.settled());
  int frames = 0;
  while (!rig_springs.settled() && frames < 60 * 30) {
    ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 60.0f).ok());
    ++frames;
  }
  // 2 Hz at ζ 0.5 decays by e per 1 / (ζ ω) = 0.16 s: from swinging to 1e-3 lengths/s in a few seconds.
  EXPECT_LT(frames, 60 * 6);
  EXPECT_GT(frames, 30);
  Drive(rig, 0.3f);
  ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 60.0f).ok());
  EXPECT_FALSE(rig_springs.settled());
  // A chain turned off is left as driven, and counts as settled.
  ASSERT_TRUE(rig_springs.SetEnabled(0, false).ok());
  EXPECT_TRUE(rig_springs.settled());
  Drive(rig, 0.6f);
  ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 60.0f).ok());
  kin::Rig driven;
  kin::RigSprings driven_springs;
  LoadRig(driven, driven_springs, Tail(3, 0.1f), {});
  Drive(driven, 0.6f);
  for (int b = 0; b < rig.bone_count(); ++b) EXPECT_LT(glm::length(Tip(rig, b) - Tip(driven, b)), 1e-6f);
  // Turned on again, it starts from the driven pose: no jump to where it was.
  ASSERT_TRUE(rig_springs.SetEnabled(0, true).ok());
  ASSERT_TRUE(rig_springs.Step(rig, 1.0f / 240.0f).ok());
  for (int b = 0; b < rig.bone_count(); ++b) EXPECT_LT(glm::length(Tip(rig, b) - Tip(driven, b)), 1e-3f);
}

TEST(SpringChain, StepDoesNotAllocate) {
  if (!kin_test::CountsAllocations()) GTEST_SKIP() << "AddressSanitizer owns malloc";
  kin::SpringChainDef def = TailChain(3);
  def.bone_swing_max = {0.3f, 0.6f, 0.9f};
  kin::Rig rig;
  kin::RigSprings rig_springs;
  LoadRig(rig, rig_springs, Tail(3, 0.1f), {def});
  Drive(rig, 0.1f);
  const long before = kin_test::MallocCount();
  for (int frame = 1; frame <= 100; ++frame) {
    ASSERT_TRUE(rig.SetAngles(0, glm::vec3(0.0f, 0.0f, 0.01f * frame)).ok());
    ASSERT_TRUE(rig_springs.Step(rig, frame % 2 ? 1.0f / 30.0f : 0.25f).ok());
  }
  EXPECT_EQ(kin_test::MallocCount() - before, 0);
}

}  // namespace
