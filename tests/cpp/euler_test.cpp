#include "kin/euler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

void ExpectNear(const glm::vec3& a, const glm::vec3& b, float tol = 1e-6f) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

const float kHalfPi = 1.57079632679f;

TEST(Euler, ParsesEveryOrderAndRejectsOthers) {
  for (int i = 0; i < static_cast<int>(kin::EulerOrder::kCount); ++i) {
    const auto order = static_cast<kin::EulerOrder>(i);
    kin::EulerOrder parsed;
    ASSERT_TRUE(kin::ParseEulerOrder(kin::EulerOrderName(order), &parsed));
    EXPECT_EQ(parsed, order);
  }
  kin::EulerOrder parsed;
  EXPECT_FALSE(kin::ParseEulerOrder("xyz", &parsed));
  EXPECT_FALSE(kin::ParseEulerOrder("XYY", &parsed));
  EXPECT_FALSE(kin::ParseEulerOrder("", &parsed));
  EXPECT_FALSE(kin::IsValidEulerOrder(12));
  EXPECT_FALSE(kin::IsValidEulerOrder(-1));
}

TEST(Euler, SlotZeroIsAppliedFirst) {
  // XYZ with (90°, 90°, 0): Rx(90°) takes +Y to +Z, then Ry(90°) takes +Z to +X.
  const glm::quat q = kin::EulerRotation(kin::EulerOrder::kXYZ, glm::vec3(kHalfPi, kHalfPi, 0.0f));
  ExpectNear(q * glm::vec3(0, 1, 0), glm::vec3(1, 0, 0));
  // ZYX with the same slots: Rz(90°) takes +Y to −X, then Ry(90°) takes −X to +Z.
  const glm::quat r = kin::EulerRotation(kin::EulerOrder::kZYX, glm::vec3(kHalfPi, kHalfPi, 0.0f));
  ExpectNear(r * glm::vec3(0, 1, 0), glm::vec3(0, 0, 1));
}

TEST(Euler, ProperOrderTwistBendTwist) {
  // XZX with (90°, 90°, 0): Rx(90°) fixes +X, then Rz(90°) takes +X to +Y.
  const glm::quat q = kin::EulerRotation(kin::EulerOrder::kXZX, glm::vec3(kHalfPi, kHalfPi, 0.0f));
  ExpectNear(q * glm::vec3(1, 0, 0), glm::vec3(0, 1, 0));
  // ...and +Y: Rx(90°) takes it to +Z, which Rz fixes.
  ExpectNear(q * glm::vec3(0, 1, 0), glm::vec3(0, 0, 1));
  // The last slot twists about x again: (0, 0, 90°) takes +Y to +Z.
  const glm::quat t = kin::EulerRotation(kin::EulerOrder::kXZX, glm::vec3(0, 0, kHalfPi));
  ExpectNear(t * glm::vec3(0, 1, 0), glm::vec3(0, 0, 1));
}

// Round trip through every order: the angles found rebuild the rotation, and
// from a hint at the true angles they are the true angles.
TEST(Euler, FromRotationRoundTripsEveryOrder_Seed3) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-3.0f, 3.0f);
  for (int o = 0; o < static_cast<int>(kin::EulerOrder::kCount); ++o) {
    const auto order = static_cast<kin::EulerOrder>(o);
    const bool proper = kin::EulerAxis(order, 0) == kin::EulerAxis(order, 2);
    for (int t = 0; t < 200; ++t) {
      glm::vec3 angles(u(rng), u(rng), u(rng));
      // Keep the middle angle off gimbal lock (±90° Tait–Bryan, 0/180° proper).
      angles[1] = proper ? glm::clamp(std::fabs(angles[1]), 0.05f, 3.09f) : glm::clamp(angles[1], -1.52f, 1.52f);
      const glm::quat q = kin::EulerRotation(order, angles);
      const glm::vec3 found = kin::EulerFromRotation(order, q, glm::vec3(0.0f));
      const glm::quat back = kin::EulerRotation(order, found);
      EXPECT_NEAR(std::fabs(glm::dot(q, back)), 1.0f, 1e-5f) << kin::EulerOrderName(order) << " trial " << t;
      const glm::vec3 exact = kin::EulerFromRotation(order, q, angles);
      ExpectNear(exact, angles, 2e-5f);
    }
  }
}

// Near (not at) gimbal lock the middle angle keeps full precision (an elbow
// bent close to 90° about its middle slot comes back as it went in) and the
// rotation is rebuilt exactly; slots 0 and 2 are individually ill-defined
// there (only their combination is), so they are not compared.
TEST(Euler, FromRotationIsPreciseNearTheLock) {
  for (float offset : {0.005f, 0.001f, 0.0002f}) {
    const glm::vec3 angles(0.3f, kHalfPi - offset, -0.2f);
    const glm::quat q = kin::EulerRotation(kin::EulerOrder::kXYZ, angles);
    const glm::vec3 found = kin::EulerFromRotation(kin::EulerOrder::kXYZ, q, angles);
    EXPECT_NEAR(found.y, angles.y, 2e-6f) << "offset " << offset;
    const glm::quat back = kin::EulerRotation(kin::EulerOrder::kXYZ, found);
    for (const glm::vec3& v : {glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)})
      ExpectNear(back * v, q * v, 1e-6f);
  }
}

TEST(Euler, FromRotationAtGimbalLockStillRebuildsTheRotation) {
  const glm::vec3 locked(0.4f, kHalfPi, -0.3f);
  const glm::quat q = kin::EulerRotation(kin::EulerOrder::kXYZ, locked);
  const glm::vec3 found = kin::EulerFromRotation(kin::EulerOrder::kXYZ, q, glm::vec3(0.1f, 0, 0));
  EXPECT_NEAR(found.x, 0.1f, 1e-6f);  // slot 0 kept from the hint
  EXPECT_NEAR(std::fabs(glm::dot(q, kin::EulerRotation(kin::EulerOrder::kXYZ, found))), 1.0f, 1e-5f);
}

TEST(Euler, AxisTable) {
  EXPECT_EQ(kin::EulerAxis(kin::EulerOrder::kYZX, 0), 1);
  EXPECT_EQ(kin::EulerAxis(kin::EulerOrder::kYZX, 1), 2);
  EXPECT_EQ(kin::EulerAxis(kin::EulerOrder::kYZX, 2), 0);
  EXPECT_EQ(kin::EulerAxis(kin::EulerOrder::kZXZ, 2), 2);
}

}  // namespace
