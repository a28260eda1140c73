// FABRIK's pieces from inside the core (wasm/src/ik): the joint slots both
// passes turn bones through, checked against forward kinematics, and the
// backward pass, whose every joint must be within its limits as well as
// the forward pass's (the solves only show the latter).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "../../wasm/src/ik/fabrik_passes.h"
#include "../../wasm/src/ik/fabrik_tree.h"
#include "../../wasm/src/ik/slot_fit.h"
#include "ik_fixtures.h"

namespace {

// The rotation of a model matrix whose linear part is a rotation times a
// uniform scale.
glm::quat RotationOf(const glm::mat4& model_ms) {
  const glm::mat3 m(model_ms);
  return glm::normalize(glm::quat_cast(glm::mat3(glm::normalize(m[0]), glm::normalize(m[1]), glm::normalize(m[2]))));
}

void ExpectSameRotation(const glm::quat& a, const glm::quat& b, const char* what) {
  EXPECT_GT(std::fabs(glm::dot(a, b)), 1.0f - 1e-6f) << what;
}

// Whether the joint of `child` between model rotations parent_ms and
// child_ms is one its limits allow: of the two Euler triples of a rotation
// (and their 2π shifts), the one nearest the middle of the limits lies
// within them (to 1e-4 rad).
bool JointWithinLimits(const kin::Skeleton& s, int child, const glm::quat& parent_ms, const glm::quat& child_ms) {
  const glm::quat frame = s.frame(child);
  const glm::quat joint = glm::conjugate(s.rest_q(child) * frame) * glm::conjugate(parent_ms) * child_ms * frame;
  const glm::vec3 middle = 0.5f * (s.min_angle(child) + s.max_angle(child));
  const glm::vec3 angles = kin::EulerFromRotation(s.order(child), joint, middle);
  for (int k = 0; k < 3; ++k)
    if (angles[k] < s.min_angle(child)[k] - 1e-4f || angles[k] > s.max_angle(child)[k] + 1e-4f) return false;
  return true;
}

// On random rigs (all twelve orders, rest rotations, frames, uniform
// scales): a bone's own slots held at its parent's rotation, and its child's
// slots held at the child's, give the rotations forward kinematics gives;
// and growing one slot by δ turns the turned bone by δ about that slot's
// axis, from either side.
TEST(JointSlots, AgreeWithForwardKinematics_Seed3) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    kin::Skeleton s;
    ASSERT_TRUE(kin::Skeleton::Build(kin_test::RandomRig(rng, 8, false), &s).ok());
    std::vector<glm::vec3> angles = kin_test::RandomAngles(rng, s.bone_count(), 1.5f);
    const std::vector<glm::mat4> model = kin_test::Forward(s, angles);
    for (int j = 1; j < s.bone_count(); ++j) {
      const int p = s.parent(j);
      const kin::ik_internal::JointSlots own = kin::ik_internal::JointSlots::Own(s, j, RotationOf(model[p]));
      const kin::ik_internal::JointSlots child = kin::ik_internal::JointSlots::OfChild(s, j, RotationOf(model[j]));
      ExpectSameRotation(own.BoneRotation(angles[j]), RotationOf(model[j]), "own joint: the bone");
      ExpectSameRotation(child.BoneRotation(angles[j]), RotationOf(model[p]), "child's joint: the parent");
      for (int slot = 0; slot < 3; ++slot) {
        glm::vec3 grown = angles[j];
        grown[slot] += 0.3f;
        for (const auto* slots : {&own, &child})
          ExpectSameRotation(slots->BoneRotation(grown),
                             glm::angleAxis(0.3f, slots->Axis(angles[j], slot)) * slots->BoneRotation(angles[j]),
                             "a slot turns about its axis");
      }
    }
  }
}

// The backward pass from random poses toward random reachable targets on
// the default character: every bone that only reaches for one thing (a
// hand or foot for its goal, a forearm for its hand, ...) ends rigid and
// within the limits — its goal point on the target, its end on its child's
// backward origin, its child's joint within the child's limits, and a
// goal's bone within its own limits from where its parent stands.
TEST(FabrikBackwardPass, KeepsEveryJointWithinItsLimits_Seed8) {
  kin_test::IkProblem p = kin_test::DefaultCharacterProblem();
  const kin::Skeleton& s = p.skeleton;
  std::mt19937 rng(8);
  for (int trial = 0; trial < 20; ++trial) {
    const std::vector<glm::mat4> target_model = kin_test::Forward(s, kin_test::RandomPoseWithinLimits(rng, s));
    for (kin::Goal& g : p.goals) g.target_ms = kin_test::PointMs(target_model, g);
    std::vector<glm::vec3> angles = kin_test::RandomPoseWithinLimits(rng, s);
    kin::IkJob job;
    job.kind = kin::SolverKind::kFabrik;
    job.skeleton = &s;
    job.goals = p.goals;
    job.angles = angles;
    job.workspace = &p.workspace;
    ASSERT_TRUE(job.Validate().ok());
    kin::ik_internal::IkState state(job);
    state.EvaluateCurrent();
    kin::ik_internal::BuildFabrikTree(state);
    kin::ik_internal::BackwardPass(state);
    const kin::IkWorkspace& ws = p.workspace;
    const std::vector<glm::mat4> model = kin_test::Forward(s, angles);
    for (int j = 0; j < s.bone_count(); ++j) {
      if (ws.branch_weight_[j] == 0.0f || s.parent(j) < 0) continue;
      int requests = 0, child = -1, goal = -1;
      for (int k = 0; k < s.bone_count(); ++k)
        if (s.parent(k) == j && ws.branch_weight_[k] > 0.0f) ++requests, child = k;
      for (int g = 0; g < 4; ++g)
        if (p.goals[g].bone == j) ++requests, goal = g;
      if (requests != 1) continue;  // a sub-base takes the mean of its requests
      const glm::vec3& origin = ws.points_ms_[j];
      const glm::quat& rotation = ws.rotations_ms_[j];
      if (goal >= 0) {
        EXPECT_LT(glm::length(origin + rotation * p.goals[goal].point_bs - p.goals[goal].target_ms), 1e-5f) << s.name(j);
        EXPECT_TRUE(JointWithinLimits(s, j, RotationOf(model[s.parent(j)]), rotation)) << s.name(j) << ", trial " << trial;
      } else {
        EXPECT_LT(glm::length(origin + rotation * s.rest_t(child) - ws.points_ms_[child]), 1e-5f) << s.name(j);
        EXPECT_TRUE(JointWithinLimits(s, child, rotation, ws.rotations_ms_[child])) << s.name(child) << ", trial " << trial;
      }
    }
  }
}

}  // namespace
