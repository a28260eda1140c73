#include "kin/jacobian.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "dual.h"
#include "kin/forward.h"
#include "kin/forward_generic.h"
#include "test_rigs.h"

namespace {

// Central differences of the double-precision reference FK (h = 1e-6, so
// truncation and round-off are both below 1e-9); the analytic float columns
// must agree within 2e-5 on rigs about one unit across.
TEST(Jacobian, MatchesCentralDifferencesOfTheReference_Seed11) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 10;
    const std::vector<kin::BoneDef> bones = kin_test::RandomRig(rng, n, trial % 2 == 1);
    kin::Skeleton s;
    ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
    const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, n, 1.5f);
    std::vector<glm::mat4> model(n);
    kin::ForwardJob fk;
    fk.skeleton = &s;
    fk.angles = angles;
    fk.model_ms = model;
    ASSERT_TRUE(fk.Run().ok());
    std::vector<kin::JointAxes> axes(n);
    kin::ComputeJointAxes(s, angles, model, axes);

    std::vector<kin::Goal> goals(2);
    goals[0].bone = n - 1;
    goals[0].point_bs = bones[n - 1].tip_bs;
    goals[1].bone = static_cast<int>(rng() % n);
    goals[1].point_bs = glm::vec3(0.3f, -0.2f, 0.1f);
    std::vector<float> jac(6 * 3 * n);
    kin::DenseJacobian(s, axes, model, goals, jac);

    std::vector<glm::dvec3> dangles(angles.begin(), angles.end());
    const double h = 1e-6;
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < 3; ++k) {
        std::vector<glm::dvec3> plus = dangles, minus = dangles;
        plus[j][k] += h;
        minus[j][k] -= h;
        const auto mp = kin_test::ReferenceForward(bones, plus, glm::dvec3(0));
        const auto mm = kin_test::ReferenceForward(bones, minus, glm::dvec3(0));
        for (int g = 0; g < 2; ++g) {
          const glm::dvec4 p(glm::dvec3(goals[g].point_bs), 1.0);
          const glm::dvec3 fd = glm::dvec3(mp[goals[g].bone] * p - mm[goals[g].bone] * p) / (2.0 * h);
          for (int r = 0; r < 3; ++r)
            EXPECT_NEAR(jac[(3 * g + r) * 3 * n + 3 * j + k], fd[r], 2e-5)
                << "trial " << trial << " bone " << j << " slot " << k << " goal " << g;
        }
      }
    }
  }
}

// Forward-mode automatic differentiation: the production FK template run on
// dual numbers, with one angle seeded at a time, gives ∂x/∂θ exactly (to
// double rounding of the float rig data); the analytic float columns must
// agree within float precision.
TEST(Jacobian, MatchesDualNumberDifferentiationOfTheSameFk_Seed13) {
  using kin_test::Dual;
  std::mt19937 rng(13);
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 9;
    const std::vector<kin::BoneDef> bones = kin_test::RandomRig(rng, n, trial % 2 == 0);
    kin::Skeleton s;
    ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
    const std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, n, 1.5f);
    std::vector<glm::mat4> model(n);
    kin::ForwardJob fk;
    fk.skeleton = &s;
    fk.angles = angles;
    fk.model_ms = model;
    ASSERT_TRUE(fk.Run().ok());
    std::vector<kin::JointAxes> axes(n);
    kin::ComputeJointAxes(s, angles, model, axes);
    kin::Goal goal;
    goal.bone = n - 1;
    goal.point_bs = glm::vec3(0.2f, 0.5f, -0.3f);
    std::vector<float> jac(3 * 3 * n);
    kin::DenseJacobian(s, axes, model, std::vector<kin::Goal>{goal}, jac);

    std::vector<glm::vec<3, Dual>> dual_angles(n);
    std::vector<glm::mat<4, 4, Dual>> dual_model(n);
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < 3; ++k) {
        for (int b = 0; b < n; ++b)
          for (int c = 0; c < 3; ++c) dual_angles[b][c] = Dual(angles[b][c], b == j && c == k ? 1.0 : 0.0);
        kin::ComputeModelMatricesT<Dual>(s, dual_angles, glm::vec<3, Dual>(Dual(0.0)), dual_model);
        const glm::vec<4, Dual> x = dual_model[goal.bone] * glm::vec<4, Dual>(glm::vec<3, Dual>(goal.point_bs), Dual(1.0));
        for (int r = 0; r < 3; ++r)
          EXPECT_NEAR(jac[r * 3 * n + 3 * j + k], x[r].d, 2e-5) << "trial " << trial << " bone " << j << " slot " << k;
      }
    }
  }
}

TEST(Jacobian, ColumnIsAxisCrossLeverForAPlainHinge) {
  // One bone at the origin, turning about z (order ZYX, slot 0): the point
  // (2,0,0) moves along a_ws × (x − o) = Z × (2,0,0) = (0,2,0).
  std::vector<kin::BoneDef> bones(1);
  bones[0].name = "hinge";
  bones[0].order = kin::EulerOrder::kZYX;
  kin::Skeleton s;
  ASSERT_TRUE(kin::Skeleton::Build(bones, &s).ok());
  std::vector<glm::vec3> angles = {glm::vec3(0)};
  std::vector<glm::mat4> model = {glm::mat4(1.0f)};
  std::vector<kin::JointAxes> axes(1);
  kin::ComputeJointAxes(s, angles, model, axes);
  const glm::vec3 column = kin::JacobianColumn(axes[0], 0, glm::vec3(2, 0, 0));
  EXPECT_NEAR(column.x, 0.0f, 1e-7f);
  EXPECT_NEAR(column.y, 2.0f, 1e-7f);
  EXPECT_NEAR(column.z, 0.0f, 1e-7f);
}

}  // namespace
