// kin::RigMirror, the Rig's mirroring feature (kin/rig_mirror.h): it refuses
// what it cannot mirror first (no skeleton, not bound, another rig, a rig
// loaded again, a bad mode, a rig that is not symmetric, naming the bone),
// then mirrors the humanoid's pose in place as derived by hand (identity
// frames, order XYZ: M·Rx(a)·M = Rx(a), M·Ry(b)·M = Ry(−b), M·Rz(c)·M =
// Rz(−c), so a bone takes its partner's (a, −b, −c)), flips twice back to
// the pose, and allocates nothing.
#include "kin/rig_mirror.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "kin/rig.h"
#include "test_rigs.h"

namespace {

using kin::MirrorMode;

const glm::mat4 kMirror(glm::vec4(-1, 0, 0, 0), glm::vec4(0, 1, 0, 0), glm::vec4(0, 0, 1, 0), glm::vec4(0, 0, 0, 1));

void ExpectError(const kin::Status& status, const std::string& part) {
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find(part), std::string::npos) << status.message;
}

// The left side posed clear of every limit (so that the mirror is exact), and its bones' indices.
struct PosedHumanoid {
  kin::Rig rig;
  int upper_l, upper_r, forearm_l, forearm_r, spine;
  PosedHumanoid() {
    EXPECT_TRUE(rig.Load(kin_test::Humanoid()).ok());
    const kin::Skeleton& s = rig.skeleton();
    upper_l = s.FindBone("upper_arm_l");
    upper_r = s.FindBone("upper_arm_r");
    forearm_l = s.FindBone("forearm_l");
    forearm_r = s.FindBone("forearm_r");
    spine = s.FindBone("spine");
    EXPECT_TRUE(rig.SetAngles(upper_l, glm::vec3(0.2f, 0.3f, -0.4f)).ok());
    // The left elbow bends by −y in [−2.5, 0], the right one by +y in [0, 2.5].
    EXPECT_TRUE(rig.SetAngles(forearm_l, glm::vec3(0.1f, -1.0f, 0.0f)).ok());
    EXPECT_TRUE(rig.SetAngles(upper_r, glm::vec3(-0.5f, 0.6f, 0.7f)).ok());
    EXPECT_TRUE(rig.SetAngles(spine, glm::vec3(0.1f, 0.2f, 0.3f)).ok());
    EXPECT_TRUE(rig.SetRootOffset(glm::vec3(0.1f, -0.2f, 0.3f)).ok());
  }
};

void ExpectAngles(const glm::vec3& actual, const glm::vec3& expected, const char* bone) {
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(actual[k], expected[k], 1e-5f) << bone << " slot " << k;
}

TEST(RigMirror, RefusesWhatItCannotMirror) {
  kin::Rig unloaded;
  kin::RigMirror unbound;
  ExpectError(unbound.status(), "mirror: not bound to a rig");
  ExpectError(unbound.Mirror(unloaded, MirrorMode::kFlip), "no skeleton loaded");
  ExpectError(unbound.Bind(unloaded), "no skeleton loaded");
  EXPECT_TRUE(unbound.partners().empty());

  PosedHumanoid posed;
  ExpectError(kin::RigMirror().Mirror(posed.rig, MirrorMode::kFlip), "mirror: not bound to a rig");
  kin::Rig other;
  ASSERT_TRUE(other.Load(kin_test::Humanoid()).ok());
  ExpectError(kin::RigMirror(other).Mirror(posed.rig, MirrorMode::kFlip), "mirror: bound to another rig");

  kin::RigMirror mirror(posed.rig);
  ASSERT_TRUE(mirror.status().ok()) << mirror.status().message;
  const std::vector<glm::vec3> before(posed.rig.pose().begin(), posed.rig.pose().end());
  ExpectError(mirror.Mirror(posed.rig, static_cast<MirrorMode>(7)), "mirror: mode 7 is not one of the 3 modes");
  ExpectError(mirror.Mirror(posed.rig, static_cast<MirrorMode>(-1)), "mirror: mode -1 is not one of the 3 modes");
  // A NaN pose never reaches the rig, so a mirror after one mirrors the pose it kept.
  std::vector<float> nan_pose(3 * posed.rig.bone_count(), 0.0f);
  nan_pose[3 * posed.upper_l + 1] = NAN;
  ExpectError(posed.rig.SetPose(nan_pose, glm::vec3(0.0f)), "pose angle 19 (bone 6 'upper_arm_l') is not finite");
  for (int j = 0; j < posed.rig.bone_count(); ++j) EXPECT_EQ(posed.rig.angles(j), before[j]) << j;
  EXPECT_EQ(posed.rig.root_offset(), glm::vec3(0.1f, -0.2f, 0.3f));
}

TEST(RigMirror, LeftToRightGivesTheRightArmTheLeftOnesAnglesAsDerivedByHand) {
  PosedHumanoid posed;
  kin::Rig& rig = posed.rig;
  kin::RigMirror mirror(rig);
  ASSERT_TRUE(mirror.status().ok()) << mirror.status().message;
  EXPECT_EQ(mirror.partners()[posed.upper_l], posed.upper_r);
  EXPECT_EQ(mirror.partners()[posed.spine], posed.spine);
  const float* pose = rig.pose_data();
  ASSERT_TRUE(mirror.Mirror(rig, MirrorMode::kLeftToRight).ok());
  EXPECT_EQ(rig.pose_data(), pose);  // views over the pose stay valid
  ExpectAngles(rig.angles(posed.upper_l), glm::vec3(0.2f, 0.3f, -0.4f), "upper_arm_l");
  ExpectAngles(rig.angles(posed.upper_r), glm::vec3(0.2f, -0.3f, 0.4f), "upper_arm_r");
  ExpectAngles(rig.angles(posed.forearm_r), glm::vec3(0.1f, 1.0f, 0.0f), "forearm_r");
  // A centre bone made symmetric: its lean and twist gone, about X only.
  EXPECT_NEAR(rig.angles(posed.spine).y, 0.0f, 1e-5f);
  EXPECT_NEAR(rig.angles(posed.spine).z, 0.0f, 1e-5f);
  EXPECT_EQ(rig.root_offset(), glm::vec3(0.0f, -0.2f, 0.3f));
  // The buffers follow: the right upper arm's palette is the left one's mirror image.
  const glm::mat4 expected = kMirror * rig.palette()[posed.upper_l] * kMirror;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(rig.palette()[posed.upper_r][c][r], expected[c][r], 1e-6f);
}

TEST(RigMirror, RightToLeftAndFlipAsDerivedByHandAndFlippingTwiceRestores) {
  PosedHumanoid posed;
  kin::Rig& rig = posed.rig;
  kin::RigMirror mirror(rig);
  const std::vector<glm::vec3> before(rig.pose().begin(), rig.pose().end());
  ASSERT_TRUE(mirror.Mirror(rig, MirrorMode::kFlip).ok());
  for (int j = 0; j < rig.bone_count(); ++j) {
    const glm::vec3& source = before[mirror.partners()[j]];
    ExpectAngles(rig.angles(j), glm::vec3(source.x, -source.y, -source.z), rig.skeleton().name(j).c_str());
  }
  EXPECT_EQ(rig.root_offset(), glm::vec3(-0.1f, -0.2f, 0.3f));
  ASSERT_TRUE(mirror.Mirror(rig, MirrorMode::kFlip).ok());
  for (int j = 0; j < rig.bone_count(); ++j) ExpectAngles(rig.angles(j), before[j], rig.skeleton().name(j).c_str());
  EXPECT_EQ(rig.root_offset(), glm::vec3(0.1f, -0.2f, 0.3f));

  ASSERT_TRUE(mirror.Mirror(rig, MirrorMode::kRightToLeft).ok());
  ExpectAngles(rig.angles(posed.upper_r), glm::vec3(-0.5f, 0.6f, 0.7f), "upper_arm_r");
  ExpectAngles(rig.angles(posed.upper_l), glm::vec3(-0.5f, -0.6f, -0.7f), "upper_arm_l");
  ExpectAngles(rig.angles(posed.forearm_l), glm::vec3(0.0f), "forearm_l");  // the right elbow was straight
}

TEST(RigMirror, AnAsymmetricRigNamesTheBoneAndKeepsItsPose) {
  kin::Rig rig;
  std::vector<kin::BoneDef> pawed = kin_test::Humanoid();
  for (kin::BoneDef& b : pawed)
    if (b.name == "foot_r") b.name = "paw_r";
  ASSERT_TRUE(rig.Load(pawed).ok());
  const int upper = rig.skeleton().FindBone("upper_arm_l");
  ASSERT_TRUE(rig.SetAngles(upper, glm::vec3(0.2f, 0.3f, -0.4f)).ok());
  kin::RigMirror mirror;
  ExpectError(mirror.Bind(rig), "mirror: bone 15 'foot_l' is on the left but there is no bone 'foot_r'");
  ExpectError(mirror.Mirror(rig, MirrorMode::kFlip), "'foot_l' is on the left but there is no bone 'foot_r'");
  EXPECT_EQ(rig.angles(upper), glm::vec3(0.2f, 0.3f, -0.4f));
  EXPECT_TRUE(mirror.partners().empty());

  std::vector<kin::BoneDef> shifted = kin_test::Humanoid();
  for (kin::BoneDef& b : shifted)
    if (b.name == "thigh_r") b.rest_t.x = -0.12f;
  ASSERT_TRUE(rig.Load(shifted).ok());
  ExpectError(mirror.Bind(rig), "bones 'thigh_l' and 'thigh_r' are not mirror images at bind");
}

TEST(RigMirror, RefusesARigLoadedAgainUntilBoundAgain) {
  PosedHumanoid posed;
  kin::Rig& rig = posed.rig;
  kin::RigMirror mirror(rig);
  ASSERT_TRUE(rig.Load(kin_test::Humanoid()).ok());
  ASSERT_TRUE(rig.SetAngles(posed.upper_l, glm::vec3(0.2f, 0.3f, -0.4f)).ok());
  ExpectError(mirror.Mirror(rig, MirrorMode::kLeftToRight), "the bones were paired before the rig was loaded again");
  EXPECT_EQ(rig.angles(posed.upper_r), glm::vec3(0.0f));
  ASSERT_TRUE(mirror.Bind(rig).ok());
  ASSERT_TRUE(mirror.Mirror(rig, MirrorMode::kLeftToRight).ok());
  ExpectAngles(rig.angles(posed.upper_r), glm::vec3(0.2f, -0.3f, 0.4f), "upper_arm_r");
}

TEST(RigMirror, MirroringAllocatesNothing) {
  if (!kin_test::CountsAllocations()) GTEST_SKIP() << "AddressSanitizer owns malloc";
  PosedHumanoid posed;
  kin::RigMirror mirror(posed.rig);
  const long before = kin_test::MallocCount();
  for (int i = 0; i < 100; ++i) {
    ASSERT_TRUE(mirror.Mirror(posed.rig, static_cast<MirrorMode>(i % 3)).ok());
    ASSERT_FALSE(mirror.Mirror(posed.rig, MirrorMode::kCount).ok());
  }
  EXPECT_EQ(kin_test::MallocCount() - before, 0);
}

}  // namespace
