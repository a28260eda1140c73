// Test fixtures for retargeting: humanoids (Y up, facing +Z, left = +X, in
// T-pose at rest) with configurable names, proportions, spine length and
// rest orientations, built from joint positions in model space; clips
// sampled from a function of time; and the world-space facts the tests
// compare (origins and rotations from the independent double-precision FK
// of test_rigs.h).
#pragma once

#include <functional>
#include <random>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/animation/clip.h"
#include "kin/skeleton.h"
#include "test_rigs.h"

namespace kin_test {

// kOlderBvh: the scheme of many older BVH files and other conversions, in
// which "Shoulder" is the upper arm and "Hip" the thigh.
enum class Naming { kOurs, kCmu, kMixamo, kOlderBvh };

struct HumanoidSpec {
  Naming naming = Naming::kOurs;
  int spine_bones = 2;        // from the hips to the neck: spine … chest
  float scale = 1.0f;         // every length
  float leg_scale = 1.0f;     // thigh and shin
  float arm_scale = 1.0f;     // upper arm, forearm, hand
  float upper_scale = 1.0f;   // upper arm and thigh only
  float pelvis_drop = 0.05f;  // hip joints below the hips' origin
  // Random rest rotations (this seed, 0: none) that leave every joint where
  // it is: the same skeleton with other bone axes.
  unsigned twist_seed = 0;
  // Hinge knees (slot 0, [0, 2.4]) and elbows (slot 1, bending forward),
  // ±1.6 elsewhere; without, ±π everywhere.
  bool limits = false;
};

// Names of the bones by convention; spine k of n (the last is the chest).
inline std::string BoneName(Naming naming, const std::string& ours) {
  if (naming == Naming::kOurs) return ours;
  struct Pair { const char* ours; const char* cmu; };
  static const Pair kPairs[] = {
      {"hips", "Hips"}, {"neck", "Neck"}, {"head", "Head"},
      {"clavicle_l", "LeftShoulder"}, {"upper_arm_l", "LeftArm"}, {"forearm_l", "LeftForeArm"}, {"hand_l", "LeftHand"},
      {"clavicle_r", "RightShoulder"}, {"upper_arm_r", "RightArm"}, {"forearm_r", "RightForeArm"}, {"hand_r", "RightHand"},
      {"thigh_l", "LeftUpLeg"}, {"shin_l", "LeftLeg"}, {"foot_l", "LeftFoot"}, {"toes_l", "LeftToeBase"},
      {"thigh_r", "RightUpLeg"}, {"shin_r", "RightLeg"}, {"foot_r", "RightFoot"}, {"toes_r", "RightToeBase"}};
  static const Pair kOlder[] = {
      {"hips", "Hips"}, {"neck", "Neck"}, {"head", "Head"},
      {"clavicle_l", "LeftCollar"}, {"upper_arm_l", "LeftShoulder"}, {"forearm_l", "LeftElbow"}, {"hand_l", "LeftWrist"},
      {"clavicle_r", "RightCollar"}, {"upper_arm_r", "RightShoulder"}, {"forearm_r", "RightElbow"}, {"hand_r", "RightWrist"},
      {"thigh_l", "LeftHip"}, {"shin_l", "LeftKnee"}, {"foot_l", "LeftAnkle"}, {"toes_l", "LeftToe"},
      {"thigh_r", "RightHip"}, {"shin_r", "RightKnee"}, {"foot_r", "RightAnkle"}, {"toes_r", "RightToe"}};
  for (const Pair& p : naming == Naming::kOlderBvh ? kOlder : kPairs)
    if (ours == p.ours) return naming == Naming::kMixamo ? std::string("mixamorig:") + p.cmu : p.cmu;
  return ours;
}

inline std::string SpineName(Naming naming, int k, int n) {
  switch (naming) {
    case Naming::kOurs: return k == 0 ? "spine" : k == n - 1 ? "chest" : "spine" + std::to_string(k);
    case Naming::kCmu: return k == 0 ? "LowerBack" : k == 1 ? "Spine" : "Spine" + std::to_string(k - 1);
    case Naming::kOlderBvh: return k == n - 1 ? "Chest" : k == 0 ? "Spine" : "Spine" + std::to_string(k);
    case Naming::kMixamo: return k == 0 ? "mixamorig:Spine" : "mixamorig:Spine" + std::to_string(k);
  }
  return "";
}

inline std::vector<kin::BoneDef> Humanoid(const HumanoidSpec& spec) {
  struct Joint { std::string name; int parent; glm::vec3 at; glm::vec3 tip; };
  std::vector<Joint> joints;
  const float s = spec.scale, ls = spec.leg_scale * s, as = spec.arm_scale * s;
  const float ankle = 0.08f * s, knee = ankle + 0.41f * ls, hip_joint = knee + 0.42f * ls * spec.upper_scale;
  const float hips_y = hip_joint + spec.pelvis_drop * s;
  const float torso = 0.5f * s, spine_start = hips_y + 0.1f * s;
  auto add = [&](const std::string& name, int parent, glm::vec3 at, glm::vec3 tip) {
    joints.push_back({BoneName(spec.naming, name), parent, at, tip});
    return static_cast<int>(joints.size()) - 1;
  };
  const int hips = add("hips", -1, {0, hips_y, 0}, {0, spine_start, 0});
  int parent = hips;
  for (int k = 0; k < spec.spine_bones; ++k) {
    const float y0 = spine_start + torso * k / spec.spine_bones, y1 = spine_start + torso * (k + 1) / spec.spine_bones;
    joints.push_back({SpineName(spec.naming, k, spec.spine_bones), parent, {0, y0, 0}, {0, y1, 0}});
    parent = static_cast<int>(joints.size()) - 1;
  }
  const int chest = parent;
  const float top = spine_start + torso;
  const int neck = add("neck", chest, {0, top, 0}, {0, top + 0.1f * s, 0});
  add("head", neck, {0, top + 0.1f * s, 0}, {0, top + 0.3f * s, 0});
  for (int side = 0; side < 2; ++side) {
    const float x = side == 0 ? 1.0f : -1.0f;
    const char* suffix = side == 0 ? "_l" : "_r";
    const float y = top - 0.04f * s;
    const float shoulder = 0.17f * s, elbow = shoulder + 0.28f * as * spec.upper_scale, wrist = elbow + 0.26f * as;
    const int clavicle = add(std::string("clavicle") + suffix, chest, {0.02f * s * x, y, 0}, {shoulder * x, y, 0});
    const int upper = add(std::string("upper_arm") + suffix, clavicle, {shoulder * x, y, 0}, {elbow * x, y, 0});
    const int fore = add(std::string("forearm") + suffix, upper, {elbow * x, y, 0}, {wrist * x, y, 0});
    add(std::string("hand") + suffix, fore, {wrist * x, y, 0}, {(wrist + 0.18f * as) * x, y, 0});
  }
  for (int side = 0; side < 2; ++side) {
    const float x = (side == 0 ? 0.1f : -0.1f) * s;
    const char* suffix = side == 0 ? "_l" : "_r";
    const int thigh = add(std::string("thigh") + suffix, hips, {x, hip_joint, 0}, {x, knee, 0});
    const int shin = add(std::string("shin") + suffix, thigh, {x, knee, 0}, {x, ankle, 0});
    const int foot = add(std::string("foot") + suffix, shin, {x, ankle, 0}, {x, 0.03f * s, 0.13f * s});
    add(std::string("toes") + suffix, foot, {x, 0.03f * s, 0.13f * s}, {x, 0.03f * s, 0.2f * s});
  }

  std::mt19937 rng(spec.twist_seed);
  std::vector<glm::quat> world(joints.size(), glm::quat(1.0f, 0, 0, 0));
  if (spec.twist_seed != 0)
    for (glm::quat& q : world) q = RandomUnitQuat(rng);
  std::vector<kin::BoneDef> bones(joints.size());
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const Joint& j = joints[i];
    kin::BoneDef& b = bones[i];
    b.name = j.name;
    b.parent = j.parent;
    const glm::quat parent_q = j.parent >= 0 ? world[j.parent] : glm::quat(1.0f, 0, 0, 0);
    const glm::vec3 parent_at = j.parent >= 0 ? joints[j.parent].at : glm::vec3(0.0f);
    b.rest_q = glm::inverse(parent_q) * world[i];
    b.rest_t = glm::inverse(parent_q) * (j.at - parent_at);
    b.tip_bs = glm::inverse(world[i]) * (j.tip - j.at);
    b.min_angle = glm::vec3(spec.limits ? -1.6f : -3.14159265f);
    b.max_angle = glm::vec3(spec.limits ? 1.6f : 3.14159265f);
    if (!spec.limits) continue;
    const std::string& ours = j.name;
    if (ours.find("shin") != std::string::npos || ours.find("Leg") != std::string::npos) {
      if (ours.find("Up") == std::string::npos) {
        b.min_angle = glm::vec3(0.0f);
        b.max_angle = glm::vec3(2.4f, 0.0f, 0.0f);
      }
    }
    if (ours.find("forearm") != std::string::npos || ours.find("ForeArm") != std::string::npos) {
      const bool left = ours.find("_l") != std::string::npos || ours.find("Left") != std::string::npos;
      b.min_angle = glm::vec3(0.0f, left ? -2.5f : 0.0f, 0.0f);
      b.max_angle = glm::vec3(0.0f, left ? 0.0f : 2.5f, 0.0f);
    }
  }
  return bones;
}

inline int Find(const std::vector<kin::BoneDef>& bones, const std::string& name) {
  for (std::size_t i = 0; i < bones.size(); ++i)
    if (bones[i].name == name) return static_cast<int>(i);
  return -1;
}

// A pose at time t: angles per bone (by slot) and the root offset.
using Motion = std::function<void(float t, std::vector<glm::vec3>& angles, glm::vec3& root_ms)>;

// A clip with linear keys at every frame (count frames at fps) of `motion`,
// one angle channel per bone and slot, and a root channel.
inline kin::ClipDef SampledClip(int bone_count, int frames, float fps, const Motion& motion) {
  kin::ClipDef def;
  def.duration = static_cast<float>(frames - 1) / fps;
  std::vector<std::vector<glm::vec3>> poses(frames, std::vector<glm::vec3>(bone_count, glm::vec3(0.0f)));
  std::vector<glm::vec3> roots(frames, glm::vec3(0.0f));
  for (int f = 0; f < frames; ++f) motion(static_cast<float>(f) / fps, poses[f], roots[f]);
  auto channel = [&](int target, int bone, int slot, int size, const std::function<const float*(int)>& value) {
    kin::ChannelDef c;
    c.target = target;
    c.bone = bone;
    c.slot = slot;
    c.first_key = static_cast<int>(def.keys.size());
    c.key_count = frames;
    for (int f = 0; f < frames; ++f) {
      kin::KeyDef k;
      k.time = f == frames - 1 ? def.duration : static_cast<float>(f) / fps;
      k.interpolation = static_cast<int>(kin::Interpolation::kLinear);
      k.value_offset = static_cast<int>(def.values.size());
      for (int i = 0; i < size; ++i) def.values.push_back(value(f)[i]);
      def.keys.push_back(k);
    }
    def.channels.push_back(c);
  };
  for (int b = 0; b < bone_count; ++b)
    for (int slot = 0; slot < 3; ++slot)
      channel(static_cast<int>(kin::ChannelTarget::kAngle), b, slot, 1, [&](int f) { return &poses[f][b][slot]; });
  channel(static_cast<int>(kin::ChannelTarget::kRoot), 0, 0, 3, [&](int f) { return &roots[f].x; });
  return def;
}

inline glm::dvec3 OriginOf(const glm::dmat4& m) { return glm::dvec3(m[3]); }

// The rotation of a model matrix (columns normalised) as a matrix.
inline glm::dmat3 RotationOf(const glm::dmat4& m) {
  const glm::dmat3 r(m);
  return glm::dmat3(glm::normalize(r[0]), glm::normalize(r[1]), glm::normalize(r[2]));
}

// The largest difference between two rotation matrices' entries (≈ the angle for small angles).
inline double RotationDistance(const glm::dmat3& a, const glm::dmat3& b) {
  double d = 0.0;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) d = std::max(d, std::fabs(a[c][r] - b[c][r]));
  return d;
}

inline std::vector<glm::dvec3> ToDouble(const std::vector<glm::vec3>& v) {
  return std::vector<glm::dvec3>(v.begin(), v.end());
}

}  // namespace kin_test
