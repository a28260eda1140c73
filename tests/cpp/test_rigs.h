// Test fixtures: seeded random rigs, a humanoid, and an independent forward
// kinematics in double precision written straight from the model's formula
// with axis-angle matrices (no quaternions, no code shared with the core).
#pragma once

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/euler.h"
#include "kin/skeleton.h"

namespace kin_test {

inline glm::dmat4 AxisAngle(const glm::dvec3& axis, double angle) {
  const glm::dvec3 a = glm::normalize(axis);
  const double c = std::cos(angle), s = std::sin(angle), t = 1.0 - c;
  glm::dmat4 m(1.0);
  // Columns of the rotation matrix (Rodrigues).
  m[0] = glm::dvec4(t * a.x * a.x + c, t * a.x * a.y + s * a.z, t * a.x * a.z - s * a.y, 0);
  m[1] = glm::dvec4(t * a.x * a.y - s * a.z, t * a.y * a.y + c, t * a.y * a.z + s * a.x, 0);
  m[2] = glm::dvec4(t * a.x * a.z + s * a.y, t * a.y * a.z - s * a.x, t * a.z * a.z + c, 0);
  return m;
}

inline glm::dmat4 QuatMatrix(const glm::quat& q) {
  // Rotation of a unit quaternion through its axis and angle.
  const double w = std::max(-1.0, std::min(1.0, static_cast<double>(q.w)));
  const double angle = 2.0 * std::acos(w);
  const glm::dvec3 v(q.x, q.y, q.z);
  if (glm::length(v) < 1e-12) return glm::dmat4(1.0);
  return AxisAngle(v, angle);
}

// T(rest_t + offset) · R · S · F · E(θ) · F⁻¹ chained from the root.
inline std::vector<glm::dmat4> ReferenceForward(const std::vector<kin::BoneDef>& bones,
                                                const std::vector<glm::dvec3>& angles,
                                                const glm::dvec3& root_offset) {
  std::vector<glm::dmat4> model(bones.size());
  for (std::size_t i = 0; i < bones.size(); ++i) {
    const kin::BoneDef& b = bones[i];
    glm::dvec3 t = glm::dvec3(b.rest_t);
    if (b.parent < 0) t += root_offset;
    glm::dmat4 local(1.0);
    local[3] = glm::dvec4(t, 1.0);
    local = local * QuatMatrix(b.rest_q);
    glm::dmat4 scale(1.0);
    scale[0][0] = b.rest_s.x;
    scale[1][1] = b.rest_s.y;
    scale[2][2] = b.rest_s.z;
    local = local * scale;
    const glm::dmat4 frame = QuatMatrix(b.frame);
    glm::dmat4 euler(1.0);
    for (int slot = 0; slot < 3; ++slot) {  // slot 0 is applied first (rightmost)
      glm::dvec3 axis(0.0);
      axis[kin::EulerAxis(b.order, slot)] = 1.0;
      euler = AxisAngle(axis, angles[i][slot]) * euler;
    }
    local = local * frame * euler * glm::inverse(frame);
    model[i] = b.parent < 0 ? local : model[b.parent] * local;
  }
  return model;
}

inline glm::quat RandomUnitQuat(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return glm::normalize(glm::quat(n(rng), n(rng), n(rng), n(rng)));
}

// A random tree of `count` bones: random parents, rest transforms, frames,
// orders (all twelve), limits; `nonuniform` adds non-uniform rest scales.
inline std::vector<kin::BoneDef> RandomRig(std::mt19937& rng, int count, bool nonuniform) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::uniform_real_distribution<float> s(0.6f, 1.5f);
  std::vector<kin::BoneDef> bones(count);
  for (int i = 0; i < count; ++i) {
    kin::BoneDef& b = bones[i];
    b.name = "bone" + std::to_string(i);
    b.parent = i == 0 ? -1 : static_cast<int>(rng() % static_cast<unsigned>(i));
    b.rest_t = glm::vec3(u(rng), u(rng), u(rng));
    b.rest_q = RandomUnitQuat(rng);
    const float uniform = s(rng);
    b.rest_s = nonuniform ? glm::vec3(s(rng), s(rng), s(rng)) : glm::vec3(uniform);
    b.frame = RandomUnitQuat(rng);
    b.order = static_cast<kin::EulerOrder>(rng() % static_cast<unsigned>(kin::EulerOrder::kCount));
    b.min_angle = glm::vec3(-2.0f);
    b.max_angle = glm::vec3(2.0f);
    b.tip_bs = glm::vec3(u(rng), u(rng), u(rng));
  }
  return bones;
}

inline std::vector<glm::vec3> RandomAngles(std::mt19937& rng, int count, float range) {
  std::uniform_real_distribution<float> u(-range, range);
  std::vector<glm::vec3> angles(count);
  for (glm::vec3& a : angles) a = glm::vec3(u(rng), u(rng), u(rng));
  return angles;
}

// A serial chain of `count` ball-jointed bones along +Y with total length 1.
inline std::vector<kin::BoneDef> Chain(int count, float limit) {
  std::vector<kin::BoneDef> bones(count);
  const float length = 1.0f / static_cast<float>(count);
  for (int i = 0; i < count; ++i) {
    kin::BoneDef& b = bones[i];
    b.name = "link" + std::to_string(i);
    b.parent = i - 1;
    b.rest_t = i == 0 ? glm::vec3(0.0f) : glm::vec3(0.0f, length, 0.0f);
    b.tip_bs = glm::vec3(0.0f, length, 0.0f);
    b.min_angle = glm::vec3(-limit);
    b.max_angle = glm::vec3(limit);
  }
  return bones;
}

}  // namespace kin_test

namespace kin_test {

// A 19-bone humanoid (Y up, facing +Z, left = +X) with hinge elbows and knees,
// shaped like the default character; goals go on hand and foot tips.
inline std::vector<kin::BoneDef> Humanoid() {
  struct Spec { const char* name; const char* parent; glm::vec3 t; glm::vec3 tip; glm::vec3 lo; glm::vec3 hi; };
  const Spec specs[] = {
      {"hips", nullptr, {0, 0.95f, 0}, {0, 0.12f, 0}, glm::vec3(-0.35f), glm::vec3(0.35f)},
      {"spine", "hips", {0, 0.12f, 0}, {0, 0.18f, 0}, glm::vec3(-0.4f), glm::vec3(0.4f)},
      {"chest", "spine", {0, 0.18f, 0}, {0, 0.2f, 0}, glm::vec3(-0.4f), glm::vec3(0.4f)},
      {"neck", "chest", {0, 0.2f, 0}, {0, 0.1f, 0}, glm::vec3(-0.5f), glm::vec3(0.5f)},
      {"head", "neck", {0, 0.1f, 0}, {0, 0.2f, 0}, glm::vec3(-0.6f), glm::vec3(0.6f)},
      {"clavicle_l", "chest", {0.05f, 0.17f, 0}, {0.13f, 0, 0}, {-0.2f, -0.3f, -0.3f}, {0.2f, 0.3f, 0.3f}},
      {"upper_arm_l", "clavicle_l", {0.13f, 0, 0}, {0.28f, 0, 0}, {-1.4f, -1.5f, -1.4f}, {1.4f, 1.5f, 1.4f}},
      {"forearm_l", "upper_arm_l", {0.28f, 0, 0}, {0.26f, 0, 0}, {-1.2f, -2.5f, 0}, {1.2f, 0, 0}},
      {"hand_l", "forearm_l", {0.26f, 0, 0}, {0.18f, 0, 0}, {-0.6f, -0.8f, -0.6f}, {0.6f, 0.8f, 0.6f}},
      {"clavicle_r", "chest", {-0.05f, 0.17f, 0}, {-0.13f, 0, 0}, {-0.2f, -0.3f, -0.3f}, {0.2f, 0.3f, 0.3f}},
      {"upper_arm_r", "clavicle_r", {-0.13f, 0, 0}, {-0.28f, 0, 0}, {-1.4f, -1.5f, -1.4f}, {1.4f, 1.5f, 1.4f}},
      {"forearm_r", "upper_arm_r", {-0.28f, 0, 0}, {-0.26f, 0, 0}, {-1.2f, 0, 0}, {1.2f, 2.5f, 0}},
      {"hand_r", "forearm_r", {-0.26f, 0, 0}, {-0.18f, 0, 0}, {-0.6f, -0.8f, -0.6f}, {0.6f, 0.8f, 0.6f}},
      {"thigh_l", "hips", {0.1f, -0.05f, 0}, {0, -0.43f, 0}, {-1.8f, -0.6f, -0.8f}, {0.5f, 0.6f, 0.8f}},
      {"shin_l", "thigh_l", {0, -0.43f, 0}, {0, -0.42f, 0}, {0, 0, 0}, {2.4f, 0, 0}},
      {"foot_l", "shin_l", {0, -0.42f, 0}, {0, -0.05f, 0.14f}, {-0.7f, -0.3f, -0.3f}, {0.7f, 0.3f, 0.3f}},
      {"thigh_r", "hips", {-0.1f, -0.05f, 0}, {0, -0.43f, 0}, {-1.8f, -0.6f, -0.8f}, {0.5f, 0.6f, 0.8f}},
      {"shin_r", "thigh_r", {0, -0.43f, 0}, {0, -0.42f, 0}, {0, 0, 0}, {2.4f, 0, 0}},
      {"foot_r", "shin_r", {0, -0.42f, 0}, {0, -0.05f, 0.14f}, {-0.7f, -0.3f, -0.3f}, {0.7f, 0.3f, 0.3f}},
  };
  std::vector<kin::BoneDef> bones;
  for (const Spec& s : specs) {
    kin::BoneDef b;
    b.name = s.name;
    b.parent = -1;
    for (std::size_t j = 0; s.parent && j < bones.size(); ++j)
      if (bones[j].name == s.parent) b.parent = static_cast<int>(j);
    b.rest_t = s.t;
    b.tip_bs = s.tip;
    b.min_angle = s.lo;
    b.max_angle = s.hi;
    bones.push_back(b);
  }
  return bones;
}

// The default character's body (assets/character.glb: its 21 bones before
// the ponytail, which bench/workloads.ts leaves out too) as the page reads
// it (web/src/rig/skinned-mesh-rig.ts): rest offsets only (no rest
// rotation, unit scale, identity frames, order XYZ), its limits, stiffness
// and IK ranges (the hips' alone: IK tilts them 0.35 rad from the pose given). The bench's humanoid workloads run on this rig, and
// tests/web/cpp-fixtures.test.ts checks every row against the asset.
inline std::vector<kin::BoneDef> DefaultCharacter() {
  struct Row {
    const char* name; const char* parent; glm::vec3 t; glm::vec3 tip; glm::vec3 lo; glm::vec3 hi; float stiffness;
    float swing_max = 3.14159265f;  // π: no cone
    glm::vec3 ik_range{std::numeric_limits<float>::infinity()};  // the limits alone
  };
  const Row rows[] = {
      // The hips: a free heading (Y, a whole turn either way), and they tip over every way.
      {"hips", nullptr, {0, 0.96f, 0}, {0, 0.1f, 0}, {-3.14159265f, -6.28318531f, -3.14159265f}, {3.14159265f, 6.28318531f, 3.14159265f}, 30, 3.14159265f, {0.35f, 12.5663706f, 0.35f}},
      {"spine", "hips", {0, 0.1f, 0}, {0, 0.16f, 0}, {-0.4f, -0.4f, -0.4f}, {0.4f, 0.4f, 0.4f}, 15},
      {"chest", "spine", {0, 0.16f, 0}, {0, 0.22f, 0}, {-0.4f, -0.4f, -0.4f}, {0.4f, 0.4f, 0.4f}, 15},
      {"neck", "chest", {0, 0.22f, 0}, {0, 0.1f, 0}, {-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}, 8},
      {"head", "neck", {0, 0.1f, 0}, {0, 0.21f, 0}, {-0.6f, -0.6f, -0.6f}, {0.6f, 0.6f, 0.6f}, 1},
      {"clavicle_l", "chest", {0.02f, 0.18f, 0}, {0.16f, 0, 0}, {-0.2f, -0.3f, -0.3f}, {0.2f, 0.3f, 0.3f}, 8},
      {"upper_arm_l", "clavicle_l", {0.16f, 0, 0}, {0.28f, 0, 0}, {-1.4f, -1.5f, -1.4f}, {1.4f, 1.5f, 1.4f}, 1},
      {"forearm_l", "upper_arm_l", {0.28f, 0, 0}, {0.26f, 0, 0}, {-1.2f, -2.5f, 0}, {1.2f, 0, 0}, 1},
      {"hand_l", "forearm_l", {0.26f, 0, 0}, {0.095f, 0.002f, 0.007f}, {-0.6f, -0.8f, -0.6f}, {0.6f, 0.8f, 0.6f}, 1},
      {"clavicle_r", "chest", {-0.02f, 0.18f, 0}, {-0.16f, 0, 0}, {-0.2f, -0.3f, -0.3f}, {0.2f, 0.3f, 0.3f}, 8},
      {"upper_arm_r", "clavicle_r", {-0.16f, 0, 0}, {-0.28f, 0, 0}, {-1.4f, -1.5f, -1.4f}, {1.4f, 1.5f, 1.4f}, 1},
      {"forearm_r", "upper_arm_r", {-0.28f, 0, 0}, {-0.26f, 0, 0}, {-1.2f, 0, 0}, {1.2f, 2.5f, 0}, 1},
      {"hand_r", "forearm_r", {-0.26f, 0, 0}, {-0.095f, 0.002f, 0.007f}, {-0.6f, -0.8f, -0.6f}, {0.6f, 0.8f, 0.6f}, 1},
      {"thigh_l", "hips", {0.1f, -0.05f, 0}, {0, -0.42f, 0}, {-1.8f, -0.6f, -0.8f}, {0.5f, 0.6f, 0.8f}, 1},
      {"shin_l", "thigh_l", {0, -0.42f, 0}, {0, -0.41f, 0}, {0, 0, 0}, {2.4f, 0, 0}, 1},
      {"foot_l", "shin_l", {0, -0.41f, 0}, {0, -0.05f, 0.13f}, {-0.7f, -0.3f, -0.3f}, {1.1f, 0.3f, 0.3f}, 1},
      {"toes_l", "foot_l", {0, -0.05f, 0.13f}, {0, 0, 0.07f}, {-0.5f, 0, 0}, {0.5f, 0, 0}, 1},
      {"thigh_r", "hips", {-0.1f, -0.05f, 0}, {0, -0.42f, 0}, {-1.8f, -0.6f, -0.8f}, {0.5f, 0.6f, 0.8f}, 1},
      {"shin_r", "thigh_r", {0, -0.42f, 0}, {0, -0.41f, 0}, {0, 0, 0}, {2.4f, 0, 0}, 1},
      {"foot_r", "shin_r", {0, -0.41f, 0}, {0, -0.05f, 0.13f}, {-0.7f, -0.3f, -0.3f}, {1.1f, 0.3f, 0.3f}, 1},
      {"toes_r", "foot_r", {0, -0.05f, 0.13f}, {0, 0, 0.07f}, {-0.5f, 0, 0}, {0.5f, 0, 0}, 1},
  };
  std::vector<kin::BoneDef> bones;
  for (const Row& r : rows) {
    kin::BoneDef b;
    b.name = r.name;
    b.parent = -1;
    for (std::size_t j = 0; r.parent && j < bones.size(); ++j)
      if (bones[j].name == r.parent) b.parent = static_cast<int>(j);
    b.rest_t = r.t;
    b.tip_bs = r.tip;
    b.min_angle = r.lo;
    b.max_angle = r.hi;
    b.stiffness = r.stiffness;
    b.swing_max = r.swing_max;
    b.ik_range = r.ik_range;
    bones.push_back(b);
  }
  return bones;
}

}  // namespace kin_test
