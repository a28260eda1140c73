// A retarget run's frame: the rotation pass (with the hips' root offset),
// the limbs' goals and contact locks, two-bone IK and the neck's aim, and
// the end bones' rotations restored.
#include "retarget_run.h"

#include <cstddef>

#include "kin/forward.h"
#include "kin/goal.h"
#include "kin/ik/ik_job.h"
#include "world_rotation.h"

namespace kin {
namespace retarget_internal {
namespace {

// After a contact, a locked foot eases back to its free goal over this long.
constexpr float kRelease_s = 0.15f;
// A limb bent less than this fraction of its length off the line from its
// root to its end has no bend direction worth a pole.
constexpr float kStraight = 1e-3f;

}  // namespace

void RetargetRun::RotationPass(int f, Span<glm::vec3> angles) {
  const int nt = target_.bone_count();
  for (int t = 0; t < nt; ++t) {
    const int s = map_[t];
    if (s < 0) continue;
    ws_.delta_ms_[t] = RotationOf(ws_.source_model_ms_[s]) * glm::inverse(RotationOf(ws_.source_ref_model_ms_[s]));
  }
  // The hips: across the floor, the source's displacement from its
  // reference; up, their height above the source's floor (mocap files often
  // stand their rest pose anywhere); both scaled by the hip heights' ratio.
  const glm::vec3 hips_ms = Origin(ws_.source_model_ms_[source_hips_]);
  const glm::vec3 moved = hips_ms - Origin(ws_.source_ref_model_ms_[source_hips_]);
  job_.root_offsets_ms[f] = hip_ratio_ * glm::vec3(moved.x, hips_ms.y - source_floor_ - source_height_, moved.z);
  for (int t = 0; t < nt; ++t) {
    const glm::vec3 hint = f > 0 ? job_.angles[static_cast<std::size_t>(f - 1) * nt + t] : job_.target_ref_angles[t];
    const int p = target_.parent(t);
    const glm::mat4 parent_ms = p >= 0 ? ws_.target_model_ms_[p] : glm::mat4(1.0f);
    const glm::quat parent_q = p >= 0 ? RotationOf(parent_ms) : glm::quat(1.0f, 0, 0, 0);
    const int below = ws_.chain_below_[t];
    bool follows = true;
    if (map_[t] < 0 && below >= 0) {
      // Hemisphere-consistent: q and −q are one rotation; slerp between the
      // two on the same side takes the short way.
      const glm::quat a = ws_.delta_ms_[ws_.chain_above_[t]];
      glm::quat b = ws_.delta_ms_[below];
      if (glm::dot(a, b) < 0.0f) b = -b;
      ws_.delta_ms_[t] = glm::normalize(glm::slerp(a, b, ws_.chain_fraction_[t]));
    } else if (map_[t] < 0) {
      follows = false;
    }
    if (follows) {
      ws_.target_rotation_ms_[t] = ws_.delta_ms_[t] * RotationOf(ws_.target_ref_model_ms_[t]);
      angles[t] = AnglesForWorldRotation(target_, t, parent_q, ws_.target_rotation_ms_[t], hint);
    } else {
      // No mapped bone below: it keeps its reference pose relative to its parent.
      angles[t] = job_.target_ref_angles[t];
    }
    ws_.target_model_ms_[t] = parent_ms * LocalTransform(target_, t, angles[t], job_.root_offsets_ms[f]);
    if (!follows) ws_.target_rotation_ms_[t] = RotationOf(ws_.target_model_ms_[t]);
  }
}

glm::vec3 RetargetRun::LimbGoal(const Limb& limb, glm::vec3* pole_ms, bool* has_pole) const {
  const glm::vec3 root_s = Origin(ws_.source_model_ms_[limb.source[0]]);
  const glm::vec3 end_s = Origin(ws_.source_model_ms_[limb.source[2]]);
  const glm::vec3 root_t = Origin(ws_.target_model_ms_[limb.target[0]]);
  const glm::vec3 along = end_s - root_s;
  const float reach = glm::length(along) / limb.source_length;
  const glm::vec3 direction = glm::length(along) > 0.0f ? along / glm::length(along) : glm::vec3(0.0f);
  const glm::vec3 goal = root_t + direction * (reach * limb.target_length);
  *has_pole = false;
  if (limb.source[1] >= 0) {
    // The pole: the side the source's middle joint bends to, off the line.
    const glm::vec3 middle = Origin(ws_.source_model_ms_[limb.source[1]]) - root_s;
    const glm::vec3 offset = middle - glm::dot(middle, direction) * direction;
    const float bend = glm::length(offset);
    if (bend > kStraight * limb.source_length) {
      *has_pole = true;
      *pole_ms = root_t + direction * (0.5f * reach * limb.target_length) + offset / bend * limb.target_length;
    }
  }
  return goal;
}

void RetargetRun::RestoreEnd(int bone, Span<glm::vec3> angles) {
  const int p = target_.parent(bone);
  const glm::quat parent_q = p >= 0 ? RotationOf(ws_.target_model_ms_[p]) : glm::quat(1.0f, 0, 0, 0);
  angles[bone] = AnglesForWorldRotation(target_, bone, parent_q, ws_.target_rotation_ms_[bone], angles[bone]);
}

void RetargetRun::Frame(int f) {
  const int nt = target_.bone_count();
  Span<glm::vec3> angles(job_.angles.data + static_cast<std::size_t>(f) * nt, static_cast<std::size_t>(nt));
  SampleSource(job_.times_s[f]);
  RotationPass(f, angles);

  glm::vec3 goals_ms[kRetargetLimbCount];
  Goal goals[kRetargetLimbCount];
  int goal_count = 0;
  bool solved[kRetargetLimbCount] = {};
  for (int l = 0; l < kRetargetLimbCount; ++l) {
    const Limb& limb = limbs_[l];
    if (!limb.present) continue;
    glm::vec3 pole_ms(0.0f);
    bool has_pole = false;
    goals_ms[l] = LimbGoal(limb, &pole_ms, &has_pole);
    const bool head = l == static_cast<int>(RetargetLimb::kHead);
    const bool leg = l == static_cast<int>(RetargetLimb::kLegL) || l == static_cast<int>(RetargetLimb::kLegR);
    solved[l] = job_.mode == RetargetMode::kIk;
    if (leg && job_.contact_locks) {
      const int k = l == static_cast<int>(RetargetLimb::kLegL) ? 0 : 1;
      const bool contact = ws_.contact_[kFeet * f + k] != 0;
      const bool starts = contact && (f == 0 || ws_.contact_[kFeet * (f - 1) + k] == 0);
      // Where the foot goes unlocked: the goal in IK mode, the rotation
      // retarget's foot otherwise. The lock holds it from the contact's start.
      const glm::vec3 free_ms = job_.mode == RetargetMode::kIk ? goals_ms[l] : Origin(ws_.target_model_ms_[limb.target[2]]);
      if (starts) lock_ms_[k] = free_ms;
      if (f > 0 && !contact && ws_.contact_[kFeet * (f - 1) + k] != 0) released_s_[k] = job_.times_s[f - 1];
      const float since_s = job_.times_s[f] - released_s_[k];
      if (contact) {
        held_ms_[k] = lock_ms_[k] - free_ms;  // for the release
        goals_ms[l] = lock_ms_[k];
        solved[l] = true;
      } else if (since_s < kRelease_s) {
        // Let go smoothly: the foot follows its free path plus the offset the
        // lock last held, fading out (smoothstep) rather than jumping back in
        // one frame; the free path's own motion carries on unchanged.
        const float s = since_s / kRelease_s;
        goals_ms[l] = free_ms + held_ms_[k] * (1.0f - s * s * (3.0f - 2.0f * s));
        solved[l] = true;
      }
    }
    if (!solved[l] || head) continue;
    Goal& goal = goals[goal_count++];
    goal.bone = limb.target[1];
    goal.point_bs = limb.point_bs;
    goal.target_ms = goals_ms[l];
    goal.has_pole = has_pole;
    goal.pole_ms = pole_ms;
  }
  // RotationPass left the model matrices of `angles`; each change below
  // (IK, the neck's aim) leaves them stale until the next Fk.
  bool stale = false;
  if (goal_count > 0) {
    IkJob ik;
    ik.kind = SolverKind::kTwoBone;
    ik.skeleton = &target_;
    ik.goals = Span<const Goal>(goals, static_cast<std::size_t>(goal_count));
    ik.root_offset_ms = job_.root_offsets_ms[f];
    ik.angles = angles;
    ik.workspace = &ws_.ik_;
    ik.Run();  // its inputs were checked by Validate and Setup: limbs of parent-child bones, finite goals
    stale = true;
  }
  const Limb& head = limbs_[static_cast<int>(RetargetLimb::kHead)];
  if (solved[static_cast<int>(RetargetLimb::kHead)]) {
    // The neck turns as one piece (its chain keeps its shape) to aim the
    // head's origin along the source's direction.
    if (stale) Fk(f, angles);
    const int neck = head.target[0];
    const glm::vec3 root = Origin(ws_.target_model_ms_[neck]);
    const glm::vec3 now = Origin(ws_.target_model_ms_[head.target[2]]) - root;
    const glm::vec3 wanted = goals_ms[static_cast<int>(RetargetLimb::kHead)] - root;
    if (glm::length(now) > 0.0f && glm::length(wanted) > 0.0f) {
      const glm::quat turn = ShortestArc(glm::normalize(now), glm::normalize(wanted));
      const int p = target_.parent(neck);
      const glm::quat parent_q = p >= 0 ? RotationOf(ws_.target_model_ms_[p]) : glm::quat(1.0f, 0, 0, 0);
      angles[neck] = AnglesForWorldRotation(target_, neck, parent_q, turn * RotationOf(ws_.target_model_ms_[neck]), angles[neck]);
    }
    stale = true;
  }
  if (stale) {
    // The end bones (hand, foot, head) keep the world rotation the rotation
    // retarget gave them, whatever IK did to the bones above. One FK serves
    // them all: they hang on separate branches, none above another's parent.
    Fk(f, angles);
    for (int l = 0; l < kRetargetLimbCount; ++l)
      if (solved[l] && limbs_[l].present) RestoreEnd(limbs_[l].target[2], angles);
    Fk(f, angles);
  }
  Measure(f, goals_ms);
}

}  // namespace retarget_internal
}  // namespace kin
