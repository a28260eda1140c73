#include "kin/retarget/retarget_job.h"

#include <algorithm>
#include <cmath>

#include "retarget_run.h"

namespace kin {

using retarget_internal::kLimbs;
using retarget_internal::LimbBones;
using retarget_internal::NextKeyTime;
using retarget_internal::RetargetRun;
using retarget_internal::SolvesLimb;

namespace {

// Frames at a rate: a duration within this many frames of a whole number of
// frames ends on that frame, not on one more a rounding error away.
constexpr float kFrameSlack = 1e-4f;

bool Finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// The two-bone solver bends the goal bone's parent and the goal bone: each
// limb it solves must be upper → lower → end, each the parent of the next.
Status CheckTwoBoneLimbs(const RetargetJob& job) {
  int roles[kBoneRoleCount];
  FindRoleBones(*job.target, Span<int>(roles, kBoneRoleCount));
  for (const LimbBones& bones : kLimbs) {
    if (bones.middle == BoneRole::kCount || !SolvesLimb(job, bones.limb)) continue;
    const int upper = roles[static_cast<int>(bones.root)], lower = roles[static_cast<int>(bones.middle)];
    const int end = roles[static_cast<int>(bones.end)];
    if (lower >= 0 && job.target->parent(lower) == upper && job.target->parent(end) == lower) continue;
    const Skeleton& t = *job.target;
    const bool lower_fits = lower >= 0 && t.parent(lower) == upper;
    return Status::Invalid("retarget: IK needs limb %s as upper bone, lower bone, end, each the parent of the next; "
                           "target bone '%s' (role %s) is not the child of '%s' (role %s)",
                           RetargetLimbName(bones.limb), lower_fits ? t.name(end).c_str() : lower < 0 ? "(none)" : t.name(lower).c_str(),
                           BoneRoleName(lower_fits ? bones.end : bones.middle),
                           lower_fits ? t.name(lower).c_str() : t.name(upper).c_str(),
                           BoneRoleName(lower_fits ? bones.middle : bones.root));
  }
  return Status::Ok();
}


}  // namespace

const char* RetargetModeName(RetargetMode mode) {
  switch (mode) {
    case RetargetMode::kRotation: return "rotation";
    case RetargetMode::kIk: return "ik";
    case RetargetMode::kCount: break;
  }
  return "???";
}

const char* RetargetLimbName(RetargetLimb limb) {
  static const char* const kNames[kRetargetLimbCount] = {"arm_l", "arm_r", "leg_l", "leg_r", "head"};
  const int i = static_cast<int>(limb);
  return i >= 0 && i < kRetargetLimbCount ? kNames[i] : "???";
}

void RetargetReport::Reserve(int target_bones, int frame_count) {
  const std::size_t n = static_cast<std::size_t>(frame_count);
  bone_angle_error_rad.resize(n * static_cast<std::size_t>(target_bones));
  limb_error.resize(n * kRetargetLimbCount);
}

void RetargetWorkspace::Reserve(int source_bones, int target_bones, int frames) {
  const std::size_t s = static_cast<std::size_t>(source_bones), t = static_cast<std::size_t>(target_bones);
  const std::size_t f = static_cast<std::size_t>(frames);
  source_capacity_ = source_bones;
  target_capacity_ = target_bones;
  frame_capacity_ = frames;
  source_angles_.resize(s);
  source_t_.resize(s);
  source_s_.resize(s);
  source_model_ms_.resize(s);
  source_ref_model_ms_.resize(s);
  target_model_ms_.resize(t);
  target_ref_model_ms_.resize(t);
  target_rotation_ms_.resize(t);
  delta_ms_.resize(t);
  chain_above_.resize(t);
  chain_below_.resize(t);
  chain_fraction_.resize(t);
  source_foot_ms_.resize(2 * f);
  contact_.resize(2 * f);
  ik_.Reserve(target_bones, kRetargetLimbCount);
}

Status RetargetJob::Validate() const {
  if (source == nullptr || target == nullptr) return Status::Invalid("retarget: no %s skeleton", source == nullptr ? "source" : "target");
  if (source_clip == nullptr) return Status::Invalid("retarget: no source clip");
  if (map == nullptr) return Status::Invalid("retarget: no bone map");
  if (workspace == nullptr) return Status::Invalid("retarget: no workspace");
  if (report == nullptr) return Status::Invalid("retarget: no report");
  const int ns = source->bone_count(), nt = target->bone_count();
  if (source_clip->bone_count() != ns)
    return Status::Invalid("retarget: the source clip was built for %d bones, the source has %d", source_clip->bone_count(), ns);
  if (static_cast<int>(mode) < 0 || mode >= RetargetMode::kCount)
    return Status::Invalid("retarget: mode %d is not rotation (0) or ik (1)", static_cast<int>(mode));
  if (!std::isfinite(fps) || fps < 0.0f || fps > kMaxRetargetFps)
    return Status::Invalid("retarget: fps %g is outside [0, %g] (0: the source's key times)", fps, kMaxRetargetFps);
  if (source_ref_angles.size != static_cast<std::size_t>(ns))
    return Status::Invalid("retarget: %zu source reference angle triples for %d source bones", source_ref_angles.size, ns);
  if (target_ref_angles.size != static_cast<std::size_t>(nt))
    return Status::Invalid("retarget: %zu target reference angle triples for %d target bones", target_ref_angles.size, nt);
  for (int i = 0; i < ns; ++i)
    if (!Finite(source_ref_angles[i]))
      return Status::Invalid("retarget: reference angles of source bone '%s' are not finite", source->name(i).c_str());
  for (int i = 0; i < nt; ++i)
    if (!Finite(target_ref_angles[i]))
      return Status::Invalid("retarget: reference angles of target bone '%s' are not finite", target->name(i).c_str());
  Status status = ValidateBoneMap(*source, *target, *map);
  if (!status.ok()) return status;
  status = CheckTwoBoneLimbs(*this);
  if (!status.ok()) return status;
  const int frames = RetargetFrameCount(*source_clip, fps);
  if (frames > kMaxRetargetFrames)
    return Status::Invalid("retarget: %d frames (%g s at %g fps) is more than %d", frames, source_clip->duration(), fps, kMaxRetargetFrames);
  if (workspace->source_capacity() < ns || workspace->target_capacity() < nt || workspace->frame_capacity() < frames)
    return Status::Invalid("retarget: workspace reserved for %d source bones, %d target bones, %d frames; need %d, %d, %d",
                           workspace->source_capacity(), workspace->target_capacity(), workspace->frame_capacity(), ns, nt, frames);
  const std::size_t f = static_cast<std::size_t>(frames);
  if (times_s.size != f || root_offsets_ms.size != f || angles.size != f * nt)
    return Status::Invalid("retarget: outputs hold %zu times, %zu root offsets, %zu angle triples; %d frames of %d bones need %d, %d, %zu",
                           times_s.size, root_offsets_ms.size, angles.size, frames, nt, frames, frames, f * nt);
  if (report->bone_angle_error_rad.size() < f * nt || report->limb_error.size() < f * kRetargetLimbCount)
    return Status::Invalid("retarget: report reserved for fewer than %d frames of %d bones", frames, nt);
  return Status::Ok();
}

Status RetargetJob::Run() const {
  Status status = Validate();
  if (!status.ok()) return status;
  RetargetRun run(*this);
  status = run.Setup();
  if (!status.ok()) return status;
  RetargetReport& r = *report;
  r.frames = static_cast<int>(times_s.size);
  r.bones = target->bone_count();
  r.foot_slide[0] = r.foot_slide[1] = 0.0f;
  r.contact_frames[0] = r.contact_frames[1] = 0;
  run.Times();
  run.ScanSource();
  for (int f = 0; f < r.frames; ++f) run.Frame(f);
  run.Summarise();
  return Status::Ok();
}

int RetargetFrameCount(const Clip& clip, float fps) {
  if (fps > 0.0f) {
    // In double and capped: a long clip at a high rate must not overflow int.
    const double frames = std::ceil(static_cast<double>(clip.duration()) * fps - kFrameSlack) + 1.0;
    return static_cast<int>(std::min(frames, static_cast<double>(kMaxRetargetFrames) + 1.0));
  }
  int count = 1;
  for (float t = 0.0f; t < clip.duration(); t = NextKeyTime(clip, t)) ++count;
  return count;
}

}  // namespace kin
