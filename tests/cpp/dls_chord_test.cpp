// DLS's chord steps in a drag (dls.cpp): a solve that starts near its goals
// follows a well-predicted damped step with steps that reuse its Jacobian
// and factorisation. Seen through the trace: iterations without a
// Jacobian of their own, each lowering E, and the frame still converging.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ik_fixtures.h"
#include "kin/ik/ik_trace.h"

namespace {

using kin_test::Forward;
using kin_test::PointMs;

TEST(DlsChord, ADragFrameTakesChordStepsAndConverges_Seed11) {
  kin_test::IkProblem p = kin_test::HumanoidProblem();
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> nudge(-0.01f, 0.01f);
  kin::IkOptions options = kin::DefaultIkOptions();
  options.max_iterations = 100;
  options.tolerance = 1e-5f;
  kin::IkTrace trace;
  trace.Reserve(p.skeleton.bone_count(), static_cast<int>(p.goals.size()), options.max_iterations, 8);
  const int trials = 50;
  int converged = 0, with_chord = 0, jacobians = 0;
  for (int t = 0; t < trials; ++t) {
    // A pose within the limits, and targets from the same pose turned by at
    // most 0.01 rad per slot (projected into the limits): reachable, a few mm
    // away, as a drag's next frame is.
    std::vector<glm::vec3> angles = kin_test::RandomPoseWithinLimits(rng, p.skeleton);
    std::vector<glm::vec3> moved = angles;
    for (int j = 0; j < p.skeleton.bone_count(); ++j)
      moved[j] = kin::ProjectJointLimits(p.skeleton, j, moved[j] + glm::vec3(nudge(rng), nudge(rng), nudge(rng)));
    const std::vector<glm::mat4> target_model = Forward(p.skeleton, moved);
    for (kin::Goal& g : p.goals) g.target_ms = PointMs(target_model, g);

    kin::IkJob job;
    job.kind = kin::SolverKind::kDls;
    job.skeleton = &p.skeleton;
    job.goals = p.goals;
    job.options = options;
    job.angles = angles;
    job.workspace = &p.workspace;
    job.trace = &trace;
    const kin::SolveReport report = job.Run();
    ASSERT_TRUE(report.input.ok());
    kin_test::ExpectWithinLimits(p.skeleton, angles);
    EXPECT_LE(report.error, options.tolerance) << "trial " << t;
    converged += report.status == kin::SolveStatus::kConverged;

    // An iteration entry without a Jacobian is a chord step (the last entry,
    // final, is the last iteration's when the solve returns that pose); a
    // kept one lowered E.
    bool chord = false;
    for (int e = 1; e < trace.entry_count(); ++e) {
      jacobians += trace.has_jacobian(e);
      if (trace.has_jacobian(e) || trace.trial_count(e) == 0) continue;
      chord = true;
      EXPECT_EQ(trace.trial_count(e), 1) << "trial " << t << " entry " << e;
      if (trace.trial(e, 0).accepted) EXPECT_LT(trace.energy(e), trace.energy(e - 1)) << "trial " << t << " entry " << e;
    }
    with_chord += chord;
  }
  EXPECT_EQ(converged, trials);
  // Measured: 47 of 50 frames with chord steps and one Jacobian each (without
  // chord steps each frame takes two damped steps, two Jacobians).
  EXPECT_GE(with_chord, trials * 9 / 10);
  EXPECT_LE(jacobians, trials + trials / 10);
}

}  // namespace
