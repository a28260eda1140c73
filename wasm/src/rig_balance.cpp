// The Rig's balance: segment masses, the planted feet's support polygon and
// the centre of mass of the current pose (kin/rig.h, Keep balance).
#include <algorithm>

#include "kin/retarget/bone_role.h"
#include "kin/rig.h"
#include "kin/support_polygon.h"

namespace kin {
namespace {

// Half a foot's width over its length, heel to toe: a foot's breadth is
// about two fifths of its length (adult anthropometry), spread to either
// side of the line from the heel to the toe tip.
constexpr float kFootHalfWidth = 0.2f;
constexpr int kMaxSolePoints = 8;  // four per foot

}  // namespace

void Rig::LoadBalance() {
  const std::size_t n = static_cast<std::size_t>(skeleton_.bone_count());
  masses_.assign(n, SegmentMass{});
  ComputeSegmentMasses(skeleton_, Span<SegmentMass>(masses_.data(), n));
  int bone_of_role[kBoneRoleCount];
  FindRoleBones(skeleton_, Span<int>(bone_of_role, kBoneRoleCount));
  const BoneRole feet[2] = {BoneRole::kFootL, BoneRole::kFootR};
  const BoneRole toes[2] = {BoneRole::kToesL, BoneRole::kToesR};
  for (int side = 0; side < 2; ++side) {
    foot_bone_[side] = bone_of_role[static_cast<int>(feet[side])];
    const int toe = bone_of_role[static_cast<int>(toes[side])];
    toe_bone_[side] = toe >= 0 && foot_bone_[side] >= 0 && skeleton_.parent(toe) == foot_bone_[side] ? toe : foot_bone_[side];
  }
  support_xz_.assign(kMaxSupportVertices, glm::vec2(0.0f));
  support_count_ = 0;
  balance_.assign(3 + 2 * kMaxSupportVertices, 0.0f);
}

Status Rig::SetKeepBalance(bool keep_balance) {
  if (keep_balance && !GetSolverInfo(solver_).balance)
    return SolverCannot(solver_, &SolverInfo::balance, "keep balance", "");
  keep_balance_ = keep_balance;
  return Status::Ok();
}

glm::vec3 Rig::CenterOfMass() const {
  return kin::CenterOfMass(Span<const SegmentMass>(masses_.data(), masses_.size()), model_ms());
}

bool Rig::Planted(int side) const {
  const int foot = foot_bone_[side];
  if (foot < 0) return false;
  const glm::vec3 toe_ms = glm::vec3(model_ms_[toe_bone_[side]] * glm::vec4(skeleton_.tip_bs(toe_bone_[side]), 1.0f));
  if (toe_ms.y > kPlantedHeight * skeleton_.bind_size()) return false;
  for (const Goal& goal : goals_)
    for (int b = goal.bone; b >= foot; b = skeleton_.parent(b))  // parent-first: an ancestor has a smaller index
      if (b == foot) return true;
  return false;
}

int Rig::SolePoints(int side, glm::vec2* points) const {
  const glm::vec3 heel_ms = glm::vec3(model_ms_[foot_bone_[side]][3]);
  const glm::vec3 toe_ms = glm::vec3(model_ms_[toe_bone_[side]] * glm::vec4(skeleton_.tip_bs(toe_bone_[side]), 1.0f));
  const glm::vec2 heel(heel_ms.x, heel_ms.z), toe(toe_ms.x, toe_ms.z);
  const glm::vec2 along = toe - heel;
  const glm::vec2 side_offset = kFootHalfWidth * glm::vec2(-along.y, along.x);
  points[0] = heel + side_offset;
  points[1] = heel - side_offset;
  points[2] = toe + side_offset;
  points[3] = toe - side_offset;
  return 4;
}

void Rig::RefreshBalance() {
  glm::vec2 points[kMaxSolePoints];
  int count = 0;
  for (int side = 0; side < 2; ++side)
    if (Planted(side)) count += SolePoints(side, points + count);
  support_count_ = ConvexHullXZ(Span<glm::vec2>(points, static_cast<std::size_t>(count)),
                                Span<glm::vec2>(support_xz_.data(), support_xz_.size()));
  const glm::vec3 com_ms = CenterOfMass();
  std::copy(&com_ms.x, &com_ms.x + 3, balance_.begin());
  for (int i = 0; i < support_count_; ++i) {
    balance_[3 + 2 * i] = support_xz_[i].x;
    balance_[3 + 2 * i + 1] = support_xz_[i].y;
  }
}

}  // namespace kin
