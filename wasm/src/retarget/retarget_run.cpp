#include "retarget_run.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "kin/animation/sampling_job.h"
#include "kin/forward.h"
#include "kin/goal.h"
#include "kin/ik/ik_job.h"
#include "kin/limits.h"
#include "world_rotation.h"

namespace kin {
namespace retarget_internal {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
// Key times closer than this are one frame (fps 0).
constexpr float kSameTime = 1e-6f;
// Contact: a source foot slower than this many leg lengths per second, and
// within this fraction of the leg length of the lowest either foot reaches
// over the clip.
constexpr float kContactSpeed = 0.1f;
constexpr float kContactHeight = 0.05f;
// After a contact, a locked foot eases back to its free goal over this long.
constexpr float kRelease_s = 0.15f;
// A limb bent less than this fraction of its length off the line from its
// root to its end has no bend direction worth a pole.
constexpr float kStraight = 1e-3f;

glm::vec3 Origin(const glm::mat4& m) { return glm::vec3(m[3]); }

// The sum of the segments from `root`'s origin down to `end`'s (a descendant).
float ChainLength(const Skeleton& skeleton, Span<const glm::mat4> model_ms, int root, int end) {
  float length = 0.0f;
  for (int b = end; b != root && b >= 0; b = skeleton.parent(b))
    if (skeleton.parent(b) >= 0) length += glm::length(Origin(model_ms[b]) - Origin(model_ms[skeleton.parent(b)]));
  return length;
}

// The height of the lowest foot or toe point (origin or tip) of a pose.
float LowestFoot(const Skeleton& skeleton, Span<const glm::mat4> model_ms, const int* feet) {
  float lowest = std::numeric_limits<float>::infinity();
  for (int i = 0; i < kFootBones; ++i) {
    const int b = feet[i];
    if (b < 0) continue;
    lowest = std::min(lowest, Origin(model_ms[b]).y);
    lowest = std::min(lowest, (model_ms[b] * glm::vec4(skeleton.tip_bs(b), 1.0f)).y);
  }
  return lowest;
}

// Frame `frame`'s time at `fps` > 0.
float RateTime(const Clip& clip, float fps, int frame, int count) {
  return frame == count - 1 ? clip.duration() : static_cast<float>(frame) / fps;
}

// Model matrices of a sampled source pose, whose bones take the sampled
// translations and scales.
void SampledModel(const Skeleton& skeleton, Span<const glm::vec3> angles, const glm::vec3& root_offset_ms,
                  Span<const glm::vec3> translations, Span<const glm::vec3> scales, Span<glm::mat4> model_ms) {
  for (int i = 0; i < skeleton.bone_count(); ++i) {
    const glm::quat& frame = skeleton.frame(i);
    const glm::quat joint = frame * EulerRotation(skeleton.order(i), angles[i]) * glm::conjugate(frame);
    glm::mat3 scale(1.0f);
    for (int k = 0; k < 3; ++k) scale[k][k] = scales[i][k];
    glm::mat4 local(glm::mat3_cast(skeleton.rest_q(i)) * scale * glm::mat3_cast(joint));
    const int p = skeleton.parent(i);
    local[3] = glm::vec4(translations[i] + (p < 0 ? root_offset_ms : glm::vec3(0.0f)), 1.0f);
    model_ms[i] = p < 0 ? local : model_ms[p] * local;
  }
}

}  // namespace

float NextKeyTime(const Clip& clip, float after) {
  float next = clip.duration();
  for (int c = 0; c < clip.channel_count(); ++c) {
    const Span<const float> times = clip.track(c).times;
    const float* later = std::upper_bound(times.begin(), times.end(), after + kSameTime);
    if (later != times.end()) next = std::min(next, *later);
  }
  return next;
}

Status RetargetRun::Setup() {
  int target_roles[kBoneRoleCount];
  FindRoleBones(target_, Span<int>(target_roles, kBoneRoleCount));
  const auto role = [&](BoneRole r) { return r == BoneRole::kCount ? -1 : target_roles[static_cast<int>(r)]; };
  const auto source_of = [&](int t) { return t >= 0 ? map_[t] : -1; };

  const int nt = target_.bone_count();
  ComputeModelMatrices(source_, job_.source_ref_angles, glm::vec3(0.0f), ws_.source_ref_model_ms_);
  ComputeModelMatrices(target_, job_.target_ref_angles, glm::vec3(0.0f), ws_.target_ref_model_ms_);
  Span<const glm::mat4> source_ref(ws_.source_ref_model_ms_.data(), static_cast<std::size_t>(source_.bone_count()));
  Span<const glm::mat4> target_ref(ws_.target_ref_model_ms_.data(), static_cast<std::size_t>(nt));

  target_hips_ = role(BoneRole::kHips);
  source_hips_ = source_of(target_hips_);
  const int target_feet[kFootBones] = {role(BoneRole::kFootL), role(BoneRole::kFootR), role(BoneRole::kToesL), role(BoneRole::kToesR)};
  for (int i = 0; i < kFootBones; ++i) source_feet_[i] = source_of(target_feet[i]);
  const float target_height = Origin(target_ref[target_hips_]).y - LowestFoot(target_, target_ref, target_feet);
  source_height_ = Origin(source_ref[source_hips_]).y - LowestFoot(source_, source_ref, source_feet_);
  if (!(source_height_ > 0.0f))
    return Status::Invalid("retarget: the source's hips '%s' are not above its feet in its reference pose", source_.name(source_hips_).c_str());
  if (!(target_height > 0.0f))
    return Status::Invalid("retarget: the target's hips '%s' are not above its feet in its reference pose", target_.name(target_hips_).c_str());
  hip_ratio_ = target_height / source_height_;

  for (const LimbBones& bones : kLimbs) {
    Limb& limb = limbs_[static_cast<int>(bones.limb)];
    const BoneRole roles[3] = {bones.root, bones.middle, bones.end};
    for (int k = 0; k < 3; ++k) {
      limb.target[k] = role(roles[k]);
      limb.source[k] = source_of(limb.target[k]);
    }
    limb.present = limb.target[0] >= 0 && limb.target[2] >= 0 && limb.source[0] >= 0 && limb.source[2] >= 0;
    if (!limb.present) continue;
    limb.source_length = ChainLength(source_, source_ref, limb.source[0], limb.source[2]);
    limb.target_length = ChainLength(target_, target_ref, limb.target[0], limb.target[2]);
    if (!(limb.source_length > 0.0f) || !(limb.target_length > 0.0f))
      return Status::Invalid("retarget: limb %s ('%s' to '%s') has no length", RetargetLimbName(bones.limb),
                             target_.name(limb.target[0]).c_str(), target_.name(limb.target[2]).c_str());
    if (bones.middle == BoneRole::kCount || !SolvesLimb(job_, bones.limb)) continue;
    // Validate checked that the limb is upper → lower → end, parent to child.
    const int lower = limb.target[1];
    limb.point_bs = glm::vec3(glm::inverse(target_ref[lower]) * glm::vec4(Origin(target_ref[limb.target[2]]), 1.0f));
  }

  // An unmapped bone between two mapped ones (a chain's middle) follows the
  // chain: chain_above_ its nearest mapped ancestor, chain_below_ the first
  // mapped descendant reached through unmapped bones, chain_fraction_ its
  // origin's share of the way between theirs.
  for (int t = 0; t < nt; ++t) ws_.chain_above_[t] = ws_.chain_below_[t] = -1;
  for (int t = 0; t < nt; ++t) {
    const int p = target_.parent(t);
    if (p >= 0) ws_.chain_above_[t] = map_[p] >= 0 ? p : ws_.chain_above_[p];
  }
  for (int d = 0; d < nt; ++d) {
    if (map_[d] < 0) continue;
    const int above = ws_.chain_above_[d];
    if (above < 0) continue;
    const float total = ChainLength(target_, target_ref, above, d);
    for (int b = target_.parent(d); b != above; b = target_.parent(b)) {
      if (ws_.chain_below_[b] >= 0) break;  // an earlier mapped descendant took this chain
      ws_.chain_below_[b] = d;
      ws_.chain_fraction_[b] = total > 0.0f ? 1.0f - ChainLength(target_, target_ref, b, d) / total : 0.5f;
    }
  }
  return Status::Ok();
}

void RetargetRun::Times() const {
  const Clip& clip = *job_.source_clip;
  const int count = static_cast<int>(job_.times_s.size);
  if (job_.fps > 0.0f) {
    for (int f = 0; f < count; ++f) job_.times_s[f] = RateTime(clip, job_.fps, f, count);
    return;
  }
  float t = 0.0f;
  for (int f = 0; f < count; ++f) {
    job_.times_s[f] = t;
    t = NextKeyTime(clip, t);
  }
}

void RetargetRun::SampleSource(float time) {
  const std::size_t n = static_cast<std::size_t>(source_.bone_count());
  SamplingJob sampling;
  sampling.skeleton = &source_;
  sampling.clip = job_.source_clip;
  sampling.time = time;
  sampling.loop = LoopMode::kClamp;
  sampling.angles = Span<glm::vec3>(ws_.source_angles_.data(), n);
  glm::vec3 root_offset_ms(0.0f);
  sampling.root_offset_ms = &root_offset_ms;
  sampling.translations = Span<glm::vec3>(ws_.source_t_.data(), n);
  sampling.scales = Span<glm::vec3>(ws_.source_s_.data(), n);
  sampling.Run();  // validated with the job
  // As the source rig plays its clip: every pose within the joint limits.
  for (std::size_t i = 0; i < n; ++i)
    ws_.source_angles_[i] = ProjectJointLimits(source_, static_cast<int>(i), ws_.source_angles_[i]);
  SampledModel(source_, Span<const glm::vec3>(ws_.source_angles_.data(), n), root_offset_ms,
               Span<const glm::vec3>(ws_.source_t_.data(), n), Span<const glm::vec3>(ws_.source_s_.data(), n),
               Span<glm::mat4>(ws_.source_model_ms_.data(), n));
}

void RetargetRun::ScanSource() {
  const int frames = static_cast<int>(job_.times_s.size);
  source_floor_ = std::numeric_limits<float>::infinity();
  for (int f = 0; f < frames; ++f) {
    SampleSource(job_.times_s[f]);
    const Span<const glm::mat4> model(ws_.source_model_ms_.data(), static_cast<std::size_t>(source_.bone_count()));
    source_floor_ = std::min(source_floor_, LowestFoot(source_, model, source_feet_));
    for (int k = 0; k < kFeet; ++k) {
      const Limb& leg = limbs_[kLegOfFoot[k]];
      ws_.source_foot_ms_[kFeet * f + k] = leg.present ? Origin(ws_.source_model_ms_[leg.source[2]]) : glm::vec3(0.0f);
    }
  }
  // The lowest either ankle reaches: a foot that pauses at the bottom of a
  // swing in the air is no contact, however low that is for itself.
  float lowest = std::numeric_limits<float>::infinity();
  for (int k = 0; k < kFeet; ++k)
    for (int f = 0; f < frames && limbs_[kLegOfFoot[k]].present; ++f)
      lowest = std::min(lowest, ws_.source_foot_ms_[kFeet * f + k].y);
  for (int k = 0; k < kFeet; ++k) {
    const Limb& leg = limbs_[kLegOfFoot[k]];
    for (int f = 0; f < frames; ++f) {
      char& contact = ws_.contact_[kFeet * f + k];
      contact = 0;
      if (!leg.present || frames < 2) continue;
      // Central differences (one-sided at the ends).
      const int a = std::max(f - 1, 0), b = std::min(f + 1, frames - 1);
      const float dt = job_.times_s[b] - job_.times_s[a];
      const glm::vec3 p = ws_.source_foot_ms_[kFeet * f + k];
      const float speed = dt > 0.0f ? glm::length(ws_.source_foot_ms_[kFeet * b + k] - ws_.source_foot_ms_[kFeet * a + k]) / dt : 0.0f;
      contact = speed < kContactSpeed * leg.source_length && p.y - lowest < kContactHeight * leg.source_length;
    }
  }
}

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

void RetargetRun::Measure(int f, const glm::vec3* goals_ms) {
  const int nt = target_.bone_count();
  RetargetReport& report = *job_.report;
  float* angle_error = report.bone_angle_error_rad.data() + static_cast<std::size_t>(f) * nt;
  for (int t = 0; t < nt; ++t) {
    angle_error[t] = kNaN;
    if (map_[t] < 0) continue;
    const glm::vec3 expected = glm::mat3_cast(ws_.delta_ms_[t]) * BoneDirection(target_, t, ws_.target_ref_model_ms_[t]);
    const glm::vec3 actual = BoneDirection(target_, t, ws_.target_model_ms_[t]);
    if (glm::dot(actual, actual) == 0.0f) continue;
    // atan2 of sine and cosine: acos loses small angles to float rounding.
    angle_error[t] = std::atan2(glm::length(glm::cross(expected, actual)), glm::dot(expected, actual));
  }
  float* limb_error = report.limb_error.data() + static_cast<std::size_t>(f) * kRetargetLimbCount;
  for (int l = 0; l < kRetargetLimbCount; ++l) {
    const Limb& limb = limbs_[l];
    limb_error[l] = limb.present ? glm::length(Origin(ws_.target_model_ms_[limb.target[2]]) - goals_ms[l]) / limb.target_length : kNaN;
  }
  for (int k = 0; k < kFeet; ++k) {
    const Limb& leg = limbs_[kLegOfFoot[k]];
    if (!leg.present || ws_.contact_[kFeet * f + k] == 0) continue;
    const glm::vec3 foot = Origin(ws_.target_model_ms_[leg.target[2]]);
    if (f == 0 || ws_.contact_[kFeet * (f - 1) + k] == 0) anchor_ms_[k] = foot;
    const glm::vec2 slide(foot.x - anchor_ms_[k].x, foot.z - anchor_ms_[k].z);
    report.foot_slide[k] = std::max(report.foot_slide[k], glm::length(slide));
    report.contact_frames[k] += 1;
  }
}

void RetargetRun::Summarise() const {
  RetargetReport& report = *job_.report;
  const auto summarise = [](const std::vector<float>& values, std::size_t count, float* mean, float* max) {
    double sum = 0.0;
    std::size_t n = 0;
    *max = 0.0f;
    for (std::size_t i = 0; i < count; ++i) {
      if (!std::isfinite(values[i])) continue;
      sum += values[i];
      ++n;
      *max = std::max(*max, values[i]);
    }
    *mean = n > 0 ? static_cast<float>(sum / static_cast<double>(n)) : 0.0f;
  };
  const std::size_t frames = job_.times_s.size;
  summarise(report.bone_angle_error_rad, frames * target_.bone_count(), &report.mean_angle_rad, &report.max_angle_rad);
  summarise(report.limb_error, frames * kRetargetLimbCount, &report.mean_limb_error, &report.max_limb_error);
  report.max_foot_slide = std::max(report.foot_slide[0], report.foot_slide[1]);
}

}  // namespace retarget_internal
}  // namespace kin
