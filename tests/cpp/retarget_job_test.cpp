// The retarget job (kin/retarget/retarget_job.h): validation breaking one
// input at a time, then behaviour checked against independent references:
// the double-precision FK of test_rigs.h run on the source clip's own
// angles (the motion functions below) and on the job's output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "kin/animation/clip.h"
#include "kin/retarget/bone_map.h"
#include "kin/retarget/retarget_job.h"
#include "retarget_fixtures.h"

namespace {

using kin_test::HumanoidSpec;
using kin_test::Motion;
using kin_test::OriginOf;
using kin_test::RotationOf;

constexpr float kPi = 3.14159265f;

// Everything one retarget needs, built from bone definitions and a motion.
struct Retargeted {
  std::vector<kin::BoneDef> source_bones, target_bones;
  kin::Skeleton source, target;
  kin::Clip clip;
  kin::BoneMap map;
  std::vector<glm::vec3> source_ref, target_ref;
  kin::RetargetWorkspace workspace;
  kin::RetargetReport report;
  std::vector<float> times;
  std::vector<glm::vec3> angles, roots;
  int frames = 0;

  Retargeted(std::vector<kin::BoneDef> source_defs, std::vector<kin::BoneDef> target_defs, int frame_count, float fps,
        const Motion& motion)
      : source_bones(std::move(source_defs)), target_bones(std::move(target_defs)) {
    EXPECT_TRUE(kin::Skeleton::Build(source_bones, &source).ok());
    EXPECT_TRUE(kin::Skeleton::Build(target_bones, &target).ok());
    const kin::Status built = kin::Clip::Build(source, kin_test::SampledClip(source.bone_count(), frame_count, fps, motion), &clip);
    EXPECT_TRUE(built.ok()) << built.message;
    EXPECT_TRUE(kin::AutoMap(source, target, &map).ok());
    source_ref.assign(source.bone_count(), glm::vec3(0.0f));
    target_ref.assign(target.bone_count(), glm::vec3(0.0f));
    frames = kin::RetargetFrameCount(clip, 0.0f);
    workspace.Reserve(source.bone_count(), target.bone_count(), frames);
    report.Reserve(target.bone_count(), frames);
    times.assign(frames, 0.0f);
    angles.assign(static_cast<std::size_t>(frames) * target.bone_count(), glm::vec3(0.0f));
    roots.assign(frames, glm::vec3(0.0f));
  }

  kin::RetargetJob Job(kin::RetargetMode mode, bool contact_locks = false) {
    kin::RetargetJob job;
    job.source = &source;
    job.source_clip = &clip;
    job.source_ref_angles = source_ref;
    job.target = &target;
    job.target_ref_angles = target_ref;
    job.map = &map;
    job.mode = mode;
    job.contact_locks = contact_locks;
    job.fps = 0.0f;
    job.workspace = &workspace;
    job.times_s = times;
    job.angles = angles;
    job.root_offsets_ms = roots;
    job.report = &report;
    return job;
  }

  // Model matrices of the target at frame f (independent FK).
  std::vector<glm::dmat4> TargetFk(int f) const {
    const int n = target.bone_count();
    const std::vector<glm::vec3> a(angles.begin() + static_cast<std::ptrdiff_t>(f) * n, angles.begin() + static_cast<std::ptrdiff_t>(f + 1) * n);
    return kin_test::ReferenceForward(target_bones, kin_test::ToDouble(a), glm::dvec3(roots[f]));
  }
};

// Source model matrices of the motion at time t (independent FK of the angles the clip keys).
std::vector<glm::dmat4> SourceFk(const std::vector<kin::BoneDef>& bones, const Motion& motion, float t) {
  std::vector<glm::vec3> angles(bones.size(), glm::vec3(0.0f));
  glm::vec3 root(0.0f);
  motion(t, angles, root);
  return kin_test::ReferenceForward(bones, kin_test::ToDouble(angles), glm::dvec3(root));
}

// Sum of the segment lengths from `root`'s origin down to `end`'s at rest.
double RestLength(const std::vector<kin::BoneDef>& bones, int root, int end) {
  const std::vector<glm::dmat4> rest = kin_test::ReferenceForward(bones, std::vector<glm::dvec3>(bones.size()), glm::dvec3(0.0));
  double length = 0.0;
  for (int b = end; b != root; b = bones[b].parent) length += glm::length(OriginOf(rest[b]) - OriginOf(rest[bones[b].parent]));
  return length;
}

// A smooth motion of every bone (slots by seeded phases), amplitude scaled by
// an envelope that is 0 at t = 0 (the rest pose: the clip's first frame) and
// a root that rises with the envelope faster than any rotation can lower a
// foot, so that the source's floor is its rest pose's.
Motion Wiggle(int bone_count, float amplitude, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> phase(0.0f, 2.0f * kPi);
  std::vector<glm::vec3> phases(bone_count);
  for (glm::vec3& p : phases) p = glm::vec3(phase(rng), phase(rng), phase(rng));
  return [=](float t, std::vector<glm::vec3>& angles, glm::vec3& root) {
    const float envelope = 0.5f * (1.0f - std::cos(2.0f * kPi * t));
    for (int b = 0; b < bone_count; ++b)
      for (int k = 0; k < 3; ++k) angles[b][k] = amplitude * envelope * std::sin(3.0f * t + phases[b][k]);
    root = glm::vec3(0.3f * t, 3.0f * envelope, -0.2f * t);
  };
}

TEST(RetargetFrameCount, RateAndKeyTimes) {
  kin::Skeleton skeleton;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Humanoid(HumanoidSpec()), &skeleton).ok());
  const auto clip_of = [&](int frames, float fps) {
    kin::Clip clip;
    EXPECT_TRUE(kin::Clip::Build(skeleton, kin_test::SampledClip(skeleton.bone_count(), frames, fps, Wiggle(skeleton.bone_count(), 0.1f, 1)), &clip).ok());
    return clip;
  };
  const kin::Clip second = clip_of(31, 30.0f);  // 1 s, keys every 1/30 s
  EXPECT_EQ(kin::RetargetFrameCount(second, 30.0f), 31);
  EXPECT_EQ(kin::RetargetFrameCount(second, 0.0f), 31);
  EXPECT_EQ(kin::RetargetFrameCount(second, 10.0f), 11);
  EXPECT_EQ(kin::RetargetFrameCount(second, 7.0f), 8);  // 0, 1/7, …, 6/7, then 1 s itself
  const kin::Clip odd = clip_of(4, 3.0f);  // keys at 0, 1/3, 2/3, 1
  EXPECT_EQ(kin::RetargetFrameCount(odd, 0.0f), 4);
  EXPECT_EQ(kin::RetargetFrameCount(odd, 2.0f), 3);
}

TEST(RetargetJob, FramesAtTheUnionOfKeyTimes) {
  const std::vector<kin::BoneDef> bones = kin_test::Humanoid(HumanoidSpec());
  Retargeted s(bones, bones, 2, 1.0f, Wiggle(static_cast<int>(bones.size()), 0.1f, 6));
  // Two channels with keys of their own: the spine's at 0, 0.1, 0.5, 0.7 s,
  // the root's at 0, 0.3, 0.7 s.
  kin::ClipDef def;
  def.duration = 0.7f;
  const auto channel = [&](kin::ChannelTarget target, int bone, std::initializer_list<float> times) {
    kin::ChannelDef c;
    c.target = static_cast<int>(target);
    c.bone = bone;
    c.first_key = static_cast<int>(def.keys.size());
    c.key_count = static_cast<int>(times.size());
    for (float t : times) {
      kin::KeyDef k;
      k.time = t;
      k.interpolation = static_cast<int>(kin::Interpolation::kLinear);
      k.value_offset = static_cast<int>(def.values.size());
      for (int i = 0; i < kin::ChannelValueSize(target); ++i) def.values.push_back(0.1f * t);
      def.keys.push_back(k);
    }
    def.channels.push_back(c);
  };
  channel(kin::ChannelTarget::kAngle, kin_test::Find(bones, "spine"), {0.0f, 0.1f, 0.5f, 0.7f});
  channel(kin::ChannelTarget::kRoot, 0, {0.0f, 0.3f, 0.7f});
  ASSERT_TRUE(kin::Clip::Build(s.source, def, &s.clip).ok());
  ASSERT_EQ(kin::RetargetFrameCount(s.clip, 0.0f), 5);
  s.workspace.Reserve(s.source.bone_count(), s.target.bone_count(), 5);
  s.report.Reserve(s.target.bone_count(), 5);
  s.times.assign(5, -1.0f);
  s.roots.assign(5, glm::vec3(0.0f));
  s.angles.assign(5 * bones.size(), glm::vec3(0.0f));
  const kin::Status status = s.Job(kin::RetargetMode::kRotation).Run();
  ASSERT_TRUE(status.ok()) << status.message;
  const float expected[] = {0.0f, 0.1f, 0.3f, 0.5f, 0.7f};
  for (int f = 0; f < 5; ++f) EXPECT_FLOAT_EQ(s.times[f], expected[f]) << f;
}

TEST(RetargetJob, ValidateBreaksOneInputAtATime) {
  const int n = static_cast<int>(kin_test::Humanoid(HumanoidSpec()).size());
  Retargeted s(kin_test::Humanoid(HumanoidSpec()), kin_test::Humanoid(HumanoidSpec()), 5, 10.0f, Wiggle(n, 0.2f, 2));
  const std::string bones = std::to_string(n);
  ASSERT_TRUE(s.Job(kin::RetargetMode::kIk).Validate().ok()) << s.Job(kin::RetargetMode::kIk).Validate().message;
  struct Case {
    std::string expected;
    std::function<void(kin::RetargetJob&)> breaks;
  };
  kin::Clip other_clip;
  kin::Skeleton small;
  ASSERT_TRUE(kin::Skeleton::Build(kin_test::Chain(3, 1.0f), &small).ok());
  kin::BoneMap bad_map = s.map;
  bad_map.source_of_target[s.target.FindBone("hand_l")] = -1;
  std::vector<glm::vec3> short_ref(3, glm::vec3(0.0f));
  std::vector<glm::vec3> nan_ref = s.target_ref;
  nan_ref[s.target.FindBone("head")].y = NAN;
  std::vector<float> short_times(2);
  kin::RetargetWorkspace small_workspace;
  small_workspace.Reserve(s.source.bone_count(), s.target.bone_count(), 2);
  kin::RetargetReport small_report;
  const Case cases[] = {
      {"no source skeleton", [](kin::RetargetJob& j) { j.source = nullptr; }},
      {"no target skeleton", [](kin::RetargetJob& j) { j.target = nullptr; }},
      {"no source clip", [](kin::RetargetJob& j) { j.source_clip = nullptr; }},
      {"no bone map", [](kin::RetargetJob& j) { j.map = nullptr; }},
      {"no workspace", [](kin::RetargetJob& j) { j.workspace = nullptr; }},
      {"no report", [](kin::RetargetJob& j) { j.report = nullptr; }},
      {"the source clip was built for " + bones + " bones, the source has 3", [&](kin::RetargetJob& j) { j.source = &small; }},
      {"mode 2 is not rotation (0) or ik (1)", [](kin::RetargetJob& j) { j.mode = kin::RetargetMode::kCount; }},
      {"fps -1 is outside [0, 1000]", [](kin::RetargetJob& j) { j.fps = -1.0f; }},
      {"fps nan is outside", [](kin::RetargetJob& j) { j.fps = NAN; }},
      {"fps 2000 is outside [0, 1000]", [](kin::RetargetJob& j) { j.fps = 2000.0f; }},
      {"3 source reference angle triples for " + bones + " source bones", [&](kin::RetargetJob& j) { j.source_ref_angles = short_ref; }},
      {"3 target reference angle triples for " + bones + " target bones", [&](kin::RetargetJob& j) { j.target_ref_angles = short_ref; }},
      {"reference angles of target bone 'head' are not finite", [&](kin::RetargetJob& j) { j.target_ref_angles = nan_ref; }},
      {"target bone 'hand_l' (role hand_l) is not mapped", [&](kin::RetargetJob& j) { j.map = &bad_map; }},
      {"workspace reserved for " + bones + " source bones, " + bones + " target bones, 2 frames; need " + bones + ", " + bones + ", 5", [&](kin::RetargetJob& j) { j.workspace = &small_workspace; }},
      {"outputs hold 2 times", [&](kin::RetargetJob& j) { j.times_s = short_times; }},
      {"report reserved for fewer than 5 frames of " + bones + " bones", [&](kin::RetargetJob& j) { j.report = &small_report; }},
  };
  for (const Case& c : cases) {
    kin::RetargetJob job = s.Job(kin::RetargetMode::kIk);
    c.breaks(job);
    const kin::Status status = job.Run();
    ASSERT_FALSE(status.ok()) << c.expected;
    EXPECT_NE(std::string(status.message).find(c.expected), std::string::npos) << status.message;
  }
}

TEST(RetargetJob, IkNeedsLimbsOfParentAndChild) {
  // A twist bone between the upper arm and the forearm: rotation
  // retargeting is fine, IK names the limb and the bones.
  std::vector<kin::BoneDef> bones = kin_test::Humanoid(HumanoidSpec());
  const int upper = kin_test::Find(bones, "upper_arm_l");
  kin::BoneDef twist = bones[upper];
  twist.name = "upper_arm_twist_l";
  twist.parent = upper;
  twist.rest_t = bones[upper].tip_bs;
  twist.tip_bs = glm::vec3(0.0f);
  bones.insert(bones.begin() + upper + 1, twist);
  for (std::size_t i = upper + 2; i < bones.size(); ++i)
    if (bones[i].parent > upper) bones[i].parent += 1;
  bones[kin_test::Find(bones, "forearm_l")].parent = upper + 1;
  bones[kin_test::Find(bones, "forearm_l")].rest_t = glm::vec3(0.0f);
  Retargeted s(kin_test::Humanoid(HumanoidSpec()), bones, 5, 10.0f, Wiggle(static_cast<int>(bones.size()) - 1, 0.2f, 3));
  EXPECT_TRUE(s.Job(kin::RetargetMode::kRotation).Run().ok());
  // Contact locks solve only the legs, which are fine.
  EXPECT_TRUE(s.Job(kin::RetargetMode::kRotation, true).Validate().ok());
  const kin::Status status = s.Job(kin::RetargetMode::kIk).Validate();
  ASSERT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message).find("limb arm_l"), std::string::npos) << status.message;
  EXPECT_NE(std::string(status.message).find("'forearm_l' (role lower_arm_l) is not the child of 'upper_arm_l'"), std::string::npos)
      << status.message;
}

TEST(RetargetJob, ReferencePosesMustStand) {
  const std::vector<kin::BoneDef> bones = kin_test::Humanoid(HumanoidSpec());
  Retargeted s(bones, bones, 5, 10.0f, Wiggle(static_cast<int>(bones.size()), 0.2f, 4));
  // Upside down: the hips below the feet, so no hip height to scale by.
  s.target_ref[kin_test::Find(bones, "hips")] = glm::vec3(kPi, 0.0f, 0.0f);
  kin::Status status = s.Job(kin::RetargetMode::kRotation).Run();
  EXPECT_NE(std::string(status.message).find("the target's hips 'hips' are not above its feet in its reference pose"), std::string::npos)
      << status.message;
  s.target_ref = std::vector<glm::vec3>(bones.size(), glm::vec3(0.0f));
  s.source_ref[kin_test::Find(bones, "hips")] = glm::vec3(kPi, 0.0f, 0.0f);
  status = s.Job(kin::RetargetMode::kRotation).Run();
  EXPECT_NE(std::string(status.message).find("the source's hips 'hips' are not above its feet"), std::string::npos) << status.message;
  // Nothing was written.
  for (const glm::vec3& a : s.angles) EXPECT_EQ(a, glm::vec3(0.0f));
}

// Two skeletons with the same joints and different bone axes (rest
// rotations and so Euler axes): the target moves exactly as the source.
TEST(RetargetJob, RestOrientationAloneChangesNothingInTheWorld) {
  HumanoidSpec twisted;
  twisted.twist_seed = 7;
  const std::vector<kin::BoneDef> source_bones = kin_test::Humanoid(HumanoidSpec());
  const Motion motion = Wiggle(static_cast<int>(source_bones.size()), 0.6f, 11);
  Retargeted s(source_bones, kin_test::Humanoid(twisted), 31, 30.0f, motion);
  const std::vector<glm::dmat4> source_rest = SourceFk(source_bones, [](float, std::vector<glm::vec3>&, glm::vec3&) {}, 0.0f);
  const std::vector<glm::dmat4> target_rest = kin_test::ReferenceForward(s.target_bones, std::vector<glm::dvec3>(s.target_bones.size()), glm::dvec3(0.0));
  ASSERT_TRUE(s.Job(kin::RetargetMode::kRotation).Run().ok());
  ASSERT_EQ(s.frames, 31);
  double worst_position = 0.0, worst_rotation = 0.0;
  for (int f = 0; f < s.frames; ++f) {
    const std::vector<glm::dmat4> source = SourceFk(source_bones, motion, s.times[f]);
    const std::vector<glm::dmat4> target = s.TargetFk(f);
    for (std::size_t b = 0; b < source.size(); ++b) {
      worst_position = std::max(worst_position, glm::length(OriginOf(source[b]) - OriginOf(target[b])));
      // The bones' turns from rest, in the world.
      const glm::dmat3 source_turn = RotationOf(source[b]) * glm::transpose(RotationOf(source_rest[b]));
      const glm::dmat3 target_turn = RotationOf(target[b]) * glm::transpose(RotationOf(target_rest[b]));
      worst_rotation = std::max(worst_rotation, kin_test::RotationDistance(source_turn, target_turn));
    }
  }
  EXPECT_LT(worst_position, 1e-5);
  EXPECT_LT(worst_rotation, 1e-5);
  EXPECT_LT(s.report.max_angle_rad, 1e-5f);
}

// Different proportions and joint limits: IK puts each hand and foot where
// the source's direction and normalised reach say, on the target's limbs.
TEST(RetargetJob, IkPutsEffectorsAtScaledPositionsWithinLimits) {
  HumanoidSpec source_spec, target_spec;
  source_spec.limits = target_spec.limits = true;
  target_spec.leg_scale = 1.3f;
  target_spec.arm_scale = 0.8f;
  target_spec.upper_scale = 1.25f;  // upper arms and thighs: other ratios within each limb
  target_spec.scale = 1.1f;
  const std::vector<kin::BoneDef> source_bones = kin_test::Humanoid(source_spec);
  const auto bone = [&](const char* name) { return kin_test::Find(source_bones, name); };
  // Limbs bent within their limits (knees back, elbows forward), swinging.
  const Motion motion = [=](float t, std::vector<glm::vec3>& a, glm::vec3& root) {
    const float w = std::sin(2.0f * kPi * t);
    a[bone("thigh_l")] = glm::vec3(-0.5f * w, 0.0f, 0.1f);
    a[bone("thigh_r")] = glm::vec3(0.5f * w, 0.0f, -0.1f);
    a[bone("shin_l")] = glm::vec3(0.6f + 0.3f * w, 0.0f, 0.0f);
    a[bone("shin_r")] = glm::vec3(0.6f - 0.3f * w, 0.0f, 0.0f);
    a[bone("upper_arm_l")] = glm::vec3(0.2f, 0.3f * w, -0.9f);
    a[bone("upper_arm_r")] = glm::vec3(0.2f, -0.3f * w, 0.9f);
    a[bone("forearm_l")] = glm::vec3(0.0f, -0.8f - 0.3f * w, 0.0f);
    a[bone("forearm_r")] = glm::vec3(0.0f, 0.8f + 0.3f * w, 0.0f);
    a[bone("hand_l")] = glm::vec3(0.2f * w, 0.0f, 0.3f);
    a[bone("spine")] = glm::vec3(0.1f * w, 0.2f * w, 0.0f);
    root = glm::vec3(0.0f, 0.0f, 0.5f * t);
  };
  Retargeted s(source_bones, kin_test::Humanoid(target_spec), 21, 20.0f, motion);
  ASSERT_TRUE(s.Job(kin::RetargetMode::kIk).Run().ok());

  const auto target_bone = [&](const char* name) { return kin_test::Find(s.target_bones, name); };
  const char* limbs[][3] = {{"upper_arm_l", "forearm_l", "hand_l"}, {"upper_arm_r", "forearm_r", "hand_r"},
                            {"thigh_l", "shin_l", "foot_l"}, {"thigh_r", "shin_r", "foot_r"}};
  for (int f = 0; f < s.frames; ++f) {
    const std::vector<glm::dmat4> source = SourceFk(source_bones, motion, s.times[f]);
    const std::vector<glm::dmat4> target = s.TargetFk(f);
    for (const auto& limb : limbs) {
      const double source_length = RestLength(source_bones, bone(limb[0]), bone(limb[2]));
      const double target_length = RestLength(s.target_bones, target_bone(limb[0]), target_bone(limb[2]));
      const glm::dvec3 along = OriginOf(source[bone(limb[2])]) - OriginOf(source[bone(limb[0])]);
      const glm::dvec3 expected = OriginOf(target[target_bone(limb[0])]) + along / source_length * target_length;
      const double error = glm::length(OriginOf(target[target_bone(limb[2])]) - expected) / target_length;
      EXPECT_LT(error, 1e-4) << limb[2] << " at frame " << f;
    }
    for (int b = 0; b < s.target.bone_count(); ++b) {
      const glm::vec3& a = s.angles[static_cast<std::size_t>(f) * s.target.bone_count() + b];
      for (int k = 0; k < 3; ++k) {
        EXPECT_GE(a[k], s.target.min_angle(b)[k] - 1e-6f) << s.target.name(b) << " slot " << k << " frame " << f;
        EXPECT_LE(a[k], s.target.max_angle(b)[k] + 1e-6f) << s.target.name(b) << " slot " << k << " frame " << f;
      }
    }
  }
  // The report measured the same thing.
  EXPECT_LT(s.report.max_limb_error, 1e-4f);
  // Rotation retargeting alone leaves the effectors off: the limbs' segments
  // have other ratios, so the same joint angles reach elsewhere.
  ASSERT_TRUE(s.Job(kin::RetargetMode::kRotation).Run().ok());
  EXPECT_GT(s.report.max_limb_error, 1e-2f);
}

TEST(RetargetJob, IkRestoresTheEndBonesWorldRotation) {
  HumanoidSpec target_spec;
  target_spec.leg_scale = 1.2f;
  target_spec.arm_scale = 0.9f;
  const std::vector<kin::BoneDef> source_bones = kin_test::Humanoid(HumanoidSpec());
  const Motion motion = Wiggle(static_cast<int>(source_bones.size()), 0.4f, 5);
  Retargeted s(source_bones, kin_test::Humanoid(target_spec), 11, 10.0f, motion);
  ASSERT_TRUE(s.Job(kin::RetargetMode::kIk).Run().ok());
  const std::vector<glm::dmat4> source_rest = SourceFk(source_bones, [](float, std::vector<glm::vec3>&, glm::vec3&) {}, 0.0f);
  const std::vector<glm::dmat4> target_rest = kin_test::ReferenceForward(s.target_bones, std::vector<glm::dvec3>(s.target_bones.size()), glm::dvec3(0.0));
  for (int f = 0; f < s.frames; ++f) {
    const std::vector<glm::dmat4> source = SourceFk(source_bones, motion, s.times[f]);
    const std::vector<glm::dmat4> target = s.TargetFk(f);
    for (const char* end : {"hand_l", "hand_r", "foot_l", "foot_r", "head"}) {
      const int sb = kin_test::Find(source_bones, end), tb = kin_test::Find(s.target_bones, end);
      const glm::dmat3 source_turn = RotationOf(source[sb]) * glm::transpose(RotationOf(source_rest[sb]));
      const glm::dmat3 target_turn = RotationOf(target[tb]) * glm::transpose(RotationOf(target_rest[tb]));
      EXPECT_LT(kin_test::RotationDistance(source_turn, target_turn), 1e-4) << end << " frame " << f;
    }
  }
}

// hips, spine, chest onto hips, spine, spine1, spine2, chest: the chest
// keeps its world orientation, and the bones in between turn part of the way.
TEST(RetargetJob, ThreeBoneSpineOntoFiveKeepsTheChest) {
  HumanoidSpec five;
  five.spine_bones = 4;
  const std::vector<kin::BoneDef> source_bones = kin_test::Humanoid(HumanoidSpec());
  const auto bone = [&](const char* name) { return kin_test::Find(source_bones, name); };
  const Motion motion = [=](float t, std::vector<glm::vec3>& a, glm::vec3&) {
    const float w = std::sin(2.0f * kPi * t);
    a[bone("hips")] = glm::vec3(0.1f * w, 0.2f * w, 0.0f);
    a[bone("spine")] = glm::vec3(0.4f * w, 0.1f, 0.3f * w);
    a[bone("chest")] = glm::vec3(0.3f, -0.5f * w, 0.2f * w);
  };
  Retargeted s(source_bones, kin_test::Humanoid(five), 11, 10.0f, motion);
  ASSERT_TRUE(s.Job(kin::RetargetMode::kRotation).Run().ok());
  const int source_chest = bone("chest"), target_chest = kin_test::Find(s.target_bones, "chest");
  for (int f = 0; f < s.frames; ++f) {
    const std::vector<glm::dmat4> source = SourceFk(source_bones, motion, s.times[f]);
    const std::vector<glm::dmat4> target = s.TargetFk(f);
    EXPECT_LT(kin_test::RotationDistance(RotationOf(source[source_chest]), RotationOf(target[target_chest])), 1e-5) << f;
    // spine1, spine2 turn between the spine's turn and the chest's.
    const double apart = kin_test::RotationDistance(RotationOf(target[kin_test::Find(s.target_bones, "spine")]),
                                                    RotationOf(target[target_chest]));
    for (const char* middle : {"spine1", "spine2"}) {
      const glm::dmat3 r = RotationOf(target[kin_test::Find(s.target_bones, middle)]);
      EXPECT_LE(kin_test::RotationDistance(r, RotationOf(target[kin_test::Find(s.target_bones, "spine")])), apart + 1e-6) << middle << f;
      EXPECT_LE(kin_test::RotationDistance(r, RotationOf(target[target_chest])), apart + 1e-6) << middle << f;
    }
  }
}

// The hips' translation scales by the ratio of hip heights (hips above the
// lowest toe, at rest), horizontally and vertically.
TEST(RetargetJob, HipsTranslationScalesByHipHeight) {
  for (float leg_scale : {2.0f, 1.5f, 0.7f}) {
    HumanoidSpec target_spec;
    target_spec.leg_scale = leg_scale;
    target_spec.pelvis_drop = 0.12f;
    const std::vector<kin::BoneDef> source_bones = kin_test::Humanoid(HumanoidSpec());
    const std::vector<kin::BoneDef> target_bones = kin_test::Humanoid(target_spec);
    const auto height = [](const std::vector<kin::BoneDef>& bones) {
      const std::vector<glm::dmat4> rest = kin_test::ReferenceForward(bones, std::vector<glm::dvec3>(bones.size()), glm::dvec3(0.0));
      const int toes = kin_test::Find(bones, "toes_l");
      const double toe_tip = (rest[toes] * glm::dvec4(glm::dvec3(bones[toes].tip_bs), 1.0)).y;
      return OriginOf(rest[kin_test::Find(bones, "hips")]).y - toe_tip;
    };
    const double ratio = height(target_bones) / height(source_bones);
    // Only the root moves (up from the floor, never below it).
    const Motion motion = [](float t, std::vector<glm::vec3>&, glm::vec3& root) {
      root = glm::vec3(0.4f * t, 0.1f * (1.0f - std::cos(6.0f * t)), -0.3f * t * t);
    };
    Retargeted s(source_bones, target_bones, 11, 10.0f, motion);
    ASSERT_TRUE(s.Job(kin::RetargetMode::kRotation).Run().ok());
    for (int f = 0; f < s.frames; ++f) {
      std::vector<glm::vec3> unused(source_bones.size());
      glm::vec3 root(0.0f);
      motion(s.times[f], unused, root);
      for (int k = 0; k < 3; ++k) EXPECT_NEAR(s.roots[f][k], ratio * root[k], 1e-5) << "leg scale " << leg_scale << " frame " << f << " axis " << k;
    }
  }
}

// A leg planted while the hips walk over it (solved in the plane of the leg,
// law of cosines), onto a target whose hip height is not its leg length
// times the source's: without locks its foot slides, with them it stays.
TEST(RetargetJob, ContactLocksKeepAPlantedFoot) {
  HumanoidSpec target_spec;
  target_spec.leg_scale = 1.2f;
  target_spec.pelvis_drop = 0.15f;
  const std::vector<kin::BoneDef> source_bones = kin_test::Humanoid(HumanoidSpec());
  const auto bone = [&](const char* name) { return kin_test::Find(source_bones, name); };
  const double a = 0.42, b = 0.41;    // thigh, shin
  const double hip_above_ankle = 0.78;  // the hips lowered by 0.83 − 0.78
  const float stance = 0.6f;
  const Motion motion = [=](float t, std::vector<glm::vec3>& angles, glm::vec3& root) {
    const float z_hips = -0.15f + 0.5f * t;
    root = glm::vec3(0.0f, static_cast<float>(hip_above_ankle - (a + b)), z_hips);
    // The ankle stays at z = 0 until `stance`, then the leg keeps its shape.
    const double dz = -std::min(z_hips, -0.15f + 0.5f * stance), dy = -hip_above_ankle;
    const double d = std::hypot(dy, dz);
    const double knee = std::acos((d * d - a * a - b * b) / (2 * a * b));  // ≥ 0: bends back
    // R_x(θ)(0, −1, 0) = (0, −cos θ, −sin θ): the ankle's direction θ = atan2(−dz, −dy).
    const double toward = std::atan2(-dz, -dy);
    const double thigh = toward - std::atan2(b * std::sin(knee), a + b * std::cos(knee));
    angles[bone("thigh_l")] = glm::vec3(static_cast<float>(thigh), 0, 0);
    angles[bone("shin_l")] = glm::vec3(static_cast<float>(knee), 0, 0);
    angles[bone("foot_l")] = glm::vec3(static_cast<float>(-(thigh + knee)), 0, 0);  // flat on the floor
    // The other leg swings clear of the floor.
    angles[bone("thigh_r")] = glm::vec3(-0.4f - 0.3f * std::sin(5.0f * t), 0, 0);
    angles[bone("shin_r")] = glm::vec3(1.0f, 0, 0);
  };
  Retargeted s(source_bones, kin_test::Humanoid(target_spec), 31, 30.0f, motion);
  const int foot = kin_test::Find(s.target_bones, "foot_l");
  for (const kin::RetargetMode mode : {kin::RetargetMode::kRotation, kin::RetargetMode::kIk}) {
    ASSERT_TRUE(s.Job(mode, false).Run().ok());
    const int contact = s.report.contact_frames[0];
    EXPECT_GE(contact, 16) << "stance frames found";  // 0.6 s at 30 fps: 18, less the edges
    EXPECT_LE(contact, 19);
    EXPECT_EQ(s.report.contact_frames[1], 0);
    const float free_slide = s.report.foot_slide[0];
    EXPECT_GT(free_slide, 0.01f) << kin::RetargetModeName(mode);
    std::vector<glm::dvec3> free_foot(s.frames);
    for (int f = 0; f < s.frames; ++f) free_foot[f] = OriginOf(s.TargetFk(f)[foot]);

    ASSERT_TRUE(s.Job(mode, true).Run().ok());
    EXPECT_LT(s.report.foot_slide[0], 1e-4f) << kin::RetargetModeName(mode);
    // Independently: the target foot's horizontal position over the stance.
    const glm::dvec3 start = OriginOf(s.TargetFk(0)[foot]);
    for (int f = 0; f < 16; ++f) {
      const glm::dvec3 at = OriginOf(s.TargetFk(f)[foot]);
      EXPECT_LT(std::hypot(at.x - start.x, at.z - start.z), 1e-4) << kin::RetargetModeName(mode) << " frame " << f;
    }
    // Let go (the stance was frames [0, contact)), the foot follows its free
    // path plus the lock's last offset from it, fading by smoothstep over
    // 0.15 s, then runs on its free path.
    const glm::dvec3 held = free_foot[0] - free_foot[contact - 1];
    for (int f = contact; f < s.frames; ++f) {
      const double t = std::min(1.0, (s.times[f] - s.times[contact - 1]) / 0.15);
      const glm::dvec3 expected = free_foot[f] + held * (1.0 - t * t * (3.0 - 2.0 * t));
      EXPECT_LT(glm::length(OriginOf(s.TargetFk(f)[foot]) - expected), 1e-4) << kin::RetargetModeName(mode) << " frame " << f;
    }
  }
}

TEST(RetargetJob, RunAllocatesNothing) {
  if (!kin_test::CountsAllocations()) GTEST_SKIP() << "AddressSanitizer owns malloc";
  HumanoidSpec target_spec;
  target_spec.leg_scale = 1.2f;
  target_spec.spine_bones = 4;
  const std::vector<kin::BoneDef> source_bones = kin_test::Humanoid(HumanoidSpec());
  Retargeted s(source_bones, kin_test::Humanoid(target_spec), 11, 10.0f, Wiggle(static_cast<int>(source_bones.size()), 0.4f, 9));
  for (const kin::RetargetMode mode : {kin::RetargetMode::kRotation, kin::RetargetMode::kIk}) {
    const kin::RetargetJob job = s.Job(mode, true);
    const long before = kin_test::MallocCount();
    const kin::Status status = job.Run();
    const long during = kin_test::MallocCount() - before;
    ASSERT_TRUE(status.ok()) << status.message;
    EXPECT_EQ(during, 0) << kin::RetargetModeName(mode);
  }
  // The counter counts: a vector's growth is seen.
  const long before = kin_test::MallocCount();
  std::vector<int> grows(100);
  EXPECT_GT(kin_test::MallocCount() - before, 0);
  (void)grows;
}

// Bone `name`'s direction (origin → tip) in the model matrices `m` of `bones`.
glm::dvec3 Direction(const std::vector<kin::BoneDef>& bones, const std::vector<glm::dmat4>& m, const char* name) {
  const int b = kin_test::Find(bones, name);
  return glm::normalize(glm::dmat3(m[b]) * glm::dvec3(bones[b].tip_bs));
}

// The default humanoid and one made by `target_spec`, built and mapped by AutoMap.
struct MappedPair {
  std::vector<kin::BoneDef> source_bones, target_bones;
  kin::Skeleton source, target;
  kin::BoneMap map;
  bool ok = false;

  explicit MappedPair(const HumanoidSpec& target_spec)
      : source_bones(kin_test::Humanoid(HumanoidSpec())), target_bones(kin_test::Humanoid(target_spec)) {
    ok = kin::Skeleton::Build(source_bones, &source).ok() && kin::Skeleton::Build(target_bones, &target).ok() &&
         kin::AutoMap(source, target, &map).ok();
  }
};

// An A-pose source onto a T-pose target: the match puts the target's arms
// along the source's, and leaves the hips.
TEST(MatchReferencePose, TPoseTakesAnAPosesArms) {
  HumanoidSpec target_spec;
  target_spec.twist_seed = 3;
  target_spec.arm_scale = 1.3f;
  const MappedPair pair(target_spec);
  ASSERT_TRUE(pair.ok);
  const auto& [source_bones, target_bones, source, target, map, ok] = pair;
  std::vector<glm::vec3> source_ref(source_bones.size(), glm::vec3(0.0f));
  source_ref[kin_test::Find(source_bones, "upper_arm_l")] = glm::vec3(0.0f, 0.2f, -0.8f);  // down 45°ish, a little forward
  source_ref[kin_test::Find(source_bones, "upper_arm_r")] = glm::vec3(0.0f, -0.2f, 0.8f);
  source_ref[kin_test::Find(source_bones, "forearm_l")] = glm::vec3(0.0f, -0.3f, 0.0f);
  std::vector<glm::vec3> target_ref(target_bones.size());
  ASSERT_TRUE(kin::MatchReferencePose(source, source_ref, target, map, target_ref).ok());
  const std::vector<glm::dmat4> s = kin_test::ReferenceForward(source_bones, kin_test::ToDouble(source_ref), glm::dvec3(0.0));
  const std::vector<glm::dmat4> t = kin_test::ReferenceForward(target_bones, kin_test::ToDouble(target_ref), glm::dvec3(0.0));
  for (const char* name : {"upper_arm_l", "upper_arm_r", "forearm_l", "forearm_r", "hand_l", "spine", "thigh_l", "foot_r"})
    EXPECT_GT(glm::dot(Direction(source_bones, s, name), Direction(target_bones, t, name)), 1.0 - 1e-9) << name;
  // The hips keep their rest (no mapped bone above them).
  EXPECT_EQ(target_ref[kin_test::Find(target_bones, "hips")], glm::vec3(0.0f));
  // Wrong sizes are named.
  std::vector<glm::vec3> short_ref(2);
  const kin::Status status = kin::MatchReferencePose(source, short_ref, target, map, target_ref);
  EXPECT_NE(std::string(status.message).find("2 source reference angle triples"), std::string::npos) << status.message;
}

// The other way round: with the map inverted, the source is posed into an
// A-posed target's reference, arm directions equal bone for bone.
TEST(MatchReferencePose, TheInvertedMapPosesTheSourceIntoTheTargets) {
  HumanoidSpec target_spec;
  target_spec.spine_bones = 4;
  target_spec.arm_scale = 0.8f;
  const MappedPair pair(target_spec);
  ASSERT_TRUE(pair.ok);
  const auto& [source_bones, target_bones, source, target, map, ok] = pair;
  const kin::BoneMap inverse = kin::InvertBoneMap(map, source.bone_count());
  ASSERT_EQ(inverse.source_of_target.size(), source_bones.size());
  for (int t = 0; t < target.bone_count(); ++t) {
    const int s = map.source_of_target[t];
    if (s >= 0) EXPECT_EQ(inverse.source_of_target[s], t) << target.name(t);
  }
  std::vector<glm::vec3> target_ref(target_bones.size(), glm::vec3(0.0f));
  target_ref[kin_test::Find(target_bones, "upper_arm_l")] = glm::vec3(0.0f, 0.2f, -0.8f);
  target_ref[kin_test::Find(target_bones, "upper_arm_r")] = glm::vec3(0.0f, -0.2f, 0.8f);
  std::vector<glm::vec3> source_ref(source_bones.size());
  ASSERT_TRUE(kin::MatchReferencePose(target, target_ref, source, inverse, source_ref).ok());
  const std::vector<glm::dmat4> s = kin_test::ReferenceForward(source_bones, kin_test::ToDouble(source_ref), glm::dvec3(0.0));
  const std::vector<glm::dmat4> t = kin_test::ReferenceForward(target_bones, kin_test::ToDouble(target_ref), glm::dvec3(0.0));
  for (const char* name : {"upper_arm_l", "upper_arm_r", "forearm_l", "hand_r"})
    EXPECT_GT(glm::dot(Direction(source_bones, s, name), Direction(target_bones, t, name)), 1.0 - 1e-9) << name;
  // An A-pose arm is well below the T-pose rest the source started in.
  EXPECT_LT(Direction(source_bones, s, "upper_arm_l").y, -0.3);
  // Entries outside the source are skipped; a source bone mapped twice keeps its first target.
  kin::BoneMap odd;
  odd.source_of_target = {1, 7, 1, -1};
  const kin::BoneMap odd_inverse = kin::InvertBoneMap(odd, 3);
  EXPECT_EQ(odd_inverse.source_of_target, (std::vector<int>{-1, 0, -1}));
}

}  // namespace
