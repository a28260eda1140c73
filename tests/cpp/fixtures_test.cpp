// The fixtures that stand in for the TypeScript side: the seeded generator
// gives seededRandom()'s numbers, and the bench's humanoid target sets drawn
// in C++ are the bench's own. Expected values were printed by the
// TypeScript code (tests/web/seeded-random.ts, bench/workloads.ts).
#include <gtest/gtest.h>

#include <vector>

#include "ik_fixtures.h"
#include "seeded_random.h"

namespace {

TEST(SeededRandom, GivesTheTypeScriptGeneratorsNumbers) {
  kin_test::SeededRandom one(1);
  for (double expected : {0.6270739405881613, 0.002735721180215478, 0.5274470399599522, 0.9810509674716741,
                          0.9683778982143849})
    EXPECT_DOUBLE_EQ(one.Next(), expected);
  kin_test::SeededRandom other(2024);
  for (double expected : {0.811762373894453, 0.7108214949257672, 0.6505258858669549, 0.6853262642398477,
                          0.5189407933503389})
    EXPECT_DOUBLE_EQ(other.Next(), expected);
  EXPECT_DOUBLE_EQ(kin_test::SeededRandom(1).Uniform(-2.0, 2.0), -2.0 + 4.0 * 0.6270739405881613);
}

// bench/workloads.ts printed its humanoid reach and target sets 0, 1 and
// 199 (rounded to 1e-7); the rig (DefaultCharacter), the order of the
// draws and the projection all have to match for these to.
TEST(BenchHumanoidTargets, AreTheBenchsOwn) {
  const kin_test::IkProblem p = kin_test::DefaultCharacterProblem();
  EXPECT_NEAR(kin_test::Reach(p), 1.2363862, 1e-6);
  const std::vector<std::vector<glm::vec3>> sets = kin_test::BenchHumanoidTargetSets(p, 200);
  ASSERT_EQ(sets.size(), 200u);
  const struct {
    int set;
    glm::vec3 targets[4];
  } printed[] = {
      {0, {{0.3675598f, 1.1007405f, 0.1539981f}, {-0.2765784f, 1.0545424f, 0.1771202f},
           {-0.3597841f, 0.4891636f, 0.5858678f}, {-0.0554339f, 0.4007772f, -0.7928045f}}},
      {1, {{0.5105776f, 1.0094683f, 0.0245634f}, {-0.6259215f, 1.7698088f, -0.1683707f},
           {-0.2659491f, 0.4351204f, -0.0432132f}, {0.5416073f, 0.7594543f, 0.7316176f}}},
      {199, {{0.1130653f, 1.4489942f, 0.2543247f}, {-0.6117065f, 0.8140943f, -0.2782835f},
             {0.3798083f, 0.4870894f, 0.7229162f}, {-0.183515f, 0.4333028f, -0.0411716f}}},
  };
  for (const auto& row : printed)
    for (int g = 0; g < 4; ++g)
      for (int k = 0; k < 3; ++k)
        EXPECT_NEAR(sets[row.set][g][k], row.targets[g][k], 2e-6) << "set " << row.set << " goal " << g;
}

}  // namespace
