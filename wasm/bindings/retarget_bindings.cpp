// Embind for retargeting (wasm/include/kin/retarget/): the Retargeter class
// holds a bone map, both reference poses and the last retarget's frames and
// report, which TypeScript reads as views over WASM memory
// (web/src/rig/retarget.ts). Rigs are passed as a RigHandle's address().
// Mutators return 0 on success or 1 with errorMessage() set.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "bound_rig.h"
#include "kin/retarget/bone_map.h"
#include "kin/retarget/bone_role.h"
#include "kin/retarget/retarget_job.h"

namespace kin {
namespace {

using emscripten::val;

// Retargeter objects alive in this module: lets tests check that the
// TypeScript façade deletes every one it creates.
int g_live_retargeters = 0;

int LiveRetargeters() { return g_live_retargeters; }

std::uintptr_t Address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

// The skeleton as built: a rig that played a clip with translation or scale
// channels holds them as its rest, which neither reference pose nor the
// target's clip should see.
Skeleton BuiltSkeleton(const Rig& rig) {
  Skeleton skeleton = rig.skeleton();
  skeleton.ResetRest();
  return skeleton;
}

class RetargeterBinding {
 public:
  RetargeterBinding() { ++g_live_retargeters; }
  ~RetargeterBinding() { --g_live_retargeters; }
  RetargeterBinding(const RetargeterBinding&) = delete;
  RetargeterBinding& operator=(const RetargeterBinding&) = delete;

  int autoMap(std::uintptr_t source, std::uintptr_t target) {
    return Report(AutoMap(BoundRig(source).skeleton(), BoundRig(target).skeleton(), &map_));
  }

  // map: one source bone index (or -1) per target bone. Kept only when valid.
  int setMap(std::uintptr_t source, std::uintptr_t target, const val& map) {
    BoneMap parsed;
    parsed.source_of_target = emscripten::convertJSArrayToNumberVector<int>(map);
    const Status status = ValidateBoneMap(BoundRig(source).skeleton(), BoundRig(target).skeleton(), parsed);
    if (status.ok()) map_ = std::move(parsed);
    return Report(status);
  }

  // Every problem of `map` (strings; empty when valid); the kept map is unchanged.
  val problems(std::uintptr_t source, std::uintptr_t target, const val& map) const {
    BoneMap parsed;
    parsed.source_of_target = emscripten::convertJSArrayToNumberVector<int>(map);
    val out = val::array();
    for (const std::string& p : BoneMapProblems(BoundRig(source).skeleton(), BoundRig(target).skeleton(), parsed))
      out.call<void>("push", p);
    return out;
  }

  std::uintptr_t mapData() const { return Address(map_.source_of_target.data()); }
  int mapSize() const { return static_cast<int>(map_.source_of_target.size()); }

  // angles: 3 per source bone (radians, by slot); empty: the rest pose.
  int setSourceReference(std::uintptr_t source, const val& angles) {
    return Report(ParseAngles(angles, BoundRig(source).skeleton(), "source", &source_ref_));
  }
  int setTargetReference(std::uintptr_t target, const val& angles) {
    return Report(ParseAngles(angles, BoundRig(target).skeleton(), "target", &target_ref_));
  }

  // The target's reference from the source's (MatchReferencePose) with the
  // kept map; the source's becomes `source_angles`.
  int matchReference(std::uintptr_t source, std::uintptr_t target, const val& source_angles) {
    return MatchFrom(BuiltSkeleton(BoundRig(source)), "source", source_angles, BuiltSkeleton(BoundRig(target)), map_, &source_ref_,
                     &target_ref_);
  }
  std::uintptr_t targetReferenceData() const { return Address(target_ref_.data()); }

  // The other way round: the source's reference from the target's
  // (MatchReferencePose with the skeletons swapped and the kept map
  // inverted); the target's becomes `target_angles`.
  int matchSourceReference(std::uintptr_t source, std::uintptr_t target, const val& target_angles) {
    const Skeleton source_skeleton = BuiltSkeleton(BoundRig(source));
    const Skeleton target_skeleton = BuiltSkeleton(BoundRig(target));
    if (map_.source_of_target.size() != static_cast<std::size_t>(target_skeleton.bone_count()))
      return Report(Status::Invalid("retarget: no bone map for these rigs (set one first)"));
    return MatchFrom(target_skeleton, "target", target_angles, source_skeleton, InvertBoneMap(map_, source_skeleton.bone_count()),
                     &target_ref_, &source_ref_);
  }

  // Retargets the source rig's clip onto the target (mode: a contract
  // retargetModes code) with the kept map and references (the rest pose
  // where none was set for that skeleton).
  int run(std::uintptr_t source_address, std::uintptr_t target_address, int mode, bool contact_locks, float fps) {
    const Rig& source_rig = BoundRig(source_address);
    const ClipSampler* clip = BoundClip(source_address);
    if (clip == nullptr || !clip->has_clip()) return Report(Status::Invalid("retarget: the source rig has no clip"));
    const Skeleton source = BuiltSkeleton(source_rig);
    const Skeleton target = BuiltSkeleton(BoundRig(target_address));
    const std::size_t ns = static_cast<std::size_t>(source.bone_count()), nt = static_cast<std::size_t>(target.bone_count());
    if (source_ref_.size() != ns) source_ref_.assign(ns, glm::vec3(0.0f));
    if (target_ref_.size() != nt) target_ref_.assign(nt, glm::vec3(0.0f));
    // The outputs are sized before the job validates: check what sizes them.
    if (!(fps >= 0.0f && fps <= kMaxRetargetFps))
      return Report(Status::Invalid("retarget: fps %g is outside [0, %g] (0: the source's key times)", fps, kMaxRetargetFps));
    const int frames = RetargetFrameCount(clip->clip(), fps);
    if (frames > kMaxRetargetFrames)
      return Report(Status::Invalid("retarget: %d frames is more than %d", frames, kMaxRetargetFrames));
    workspace_.Reserve(static_cast<int>(ns), static_cast<int>(nt), frames);
    report_.Reserve(static_cast<int>(nt), frames);
    times_.assign(static_cast<std::size_t>(frames), 0.0f);
    angles_.assign(static_cast<std::size_t>(frames) * nt, glm::vec3(0.0f));
    root_offsets_.assign(static_cast<std::size_t>(frames), glm::vec3(0.0f));
    RetargetJob job;
    job.source = &source;
    job.source_clip = &clip->clip();
    job.source_ref_angles = source_ref_;
    job.target = &target;
    job.target_ref_angles = target_ref_;
    job.map = &map_;
    job.mode = static_cast<RetargetMode>(mode);
    job.contact_locks = contact_locks;
    job.fps = fps;
    job.workspace = &workspace_;
    job.times_s = times_;
    job.angles = angles_;
    job.root_offsets_ms = root_offsets_;
    job.report = &report_;
    const Status status = job.Run();
    frames_ = status.ok() ? frames : 0;
    return Report(status);
  }

  int frameCount() const { return frames_; }
  std::uintptr_t timesData() const { return Address(times_.data()); }
  std::uintptr_t anglesData() const { return Address(angles_.data()); }
  std::uintptr_t rootOffsetsData() const { return Address(root_offsets_.data()); }
  std::uintptr_t boneErrorData() const { return Address(report_.bone_angle_error_rad.data()); }
  std::uintptr_t limbErrorData() const { return Address(report_.limb_error.data()); }
  // The report's summary as a plain object.
  val summary() const {
    val out = val::object();
    out.set("meanAngle", report_.mean_angle_rad);
    out.set("maxAngle", report_.max_angle_rad);
    out.set("meanLimbError", report_.mean_limb_error);
    out.set("maxLimbError", report_.max_limb_error);
    out.set("maxFootSlide", report_.max_foot_slide);
    val slide = val::array(), contacts = val::array();
    for (int k = 0; k < 2; ++k) {
      slide.call<void>("push", report_.foot_slide[k]);
      contacts.call<void>("push", report_.contact_frames[k]);
    }
    out.set("footSlide", slide);
    out.set("contactFrames", contacts);
    return out;
  }

  std::string errorMessage() const { return error_; }

 private:
  // `from`'s reference pose becomes `angles` (parsed; [] its rest), `to`'s
  // the match of it through `map` (MatchReferencePose); both are kept only
  // when both are good.
  int MatchFrom(const Skeleton& from, const char* from_label, const val& angles, const Skeleton& to, const BoneMap& map,
                std::vector<glm::vec3>* from_ref, std::vector<glm::vec3>* to_ref) {
    std::vector<glm::vec3> parsed;
    Status status = ParseAngles(angles, from, from_label, &parsed);
    if (!status.ok()) return Report(status);
    std::vector<glm::vec3> matched(static_cast<std::size_t>(to.bone_count()));
    status = MatchReferencePose(from, parsed, to, map, matched);
    if (!status.ok()) return Report(status);
    *from_ref = std::move(parsed);
    *to_ref = std::move(matched);
    return 0;
  }

  static Status ParseAngles(const val& angles, const Skeleton& skeleton, const char* which, std::vector<glm::vec3>* out) {
    const std::vector<float> numbers = emscripten::convertJSArrayToNumberVector<float>(angles);
    const std::size_t n = static_cast<std::size_t>(skeleton.bone_count());
    if (numbers.empty()) {
      out->assign(n, glm::vec3(0.0f));
      return Status::Ok();
    }
    if (numbers.size() != 3 * n)
      return Status::Invalid("%s reference: %zu angles, expected %zu (3 per bone)", which, numbers.size(), 3 * n);
    for (std::size_t i = 0; i < numbers.size(); ++i)
      if (!std::isfinite(numbers[i]))
        return Status::Invalid("%s reference: angle %zu (bone '%s') is not finite", which, i, skeleton.name(static_cast<int>(i / 3)).c_str());
    out->resize(n);
    for (std::size_t i = 0; i < n; ++i) (*out)[i] = glm::vec3(numbers[3 * i], numbers[3 * i + 1], numbers[3 * i + 2]);
    return Status::Ok();
  }

  int Report(const Status& status) {
    if (status.ok()) return 0;
    error_ = status.message;
    return 1;
  }

  BoneMap map_;
  std::vector<glm::vec3> source_ref_;
  std::vector<glm::vec3> target_ref_;
  RetargetWorkspace workspace_;
  RetargetReport report_;
  std::vector<float> times_;
  std::vector<glm::vec3> angles_;
  std::vector<glm::vec3> root_offsets_;
  int frames_ = 0;
  std::string error_;
};

// The role a bone name stands for ("hand_l", …), or "" (kin::RoleFromName).
std::string BoneRoleOf(const std::string& name) {
  const BoneRole role = RoleFromName(name);
  return role == BoneRole::kCount ? std::string() : std::string(BoneRoleName(role));
}

// Per bone role (code order), the bone of the rig that plays it, or -1 (kin::FindRoleBones).
val RoleBones(std::uintptr_t rig) {
  int bones[kBoneRoleCount];
  FindRoleBones(BoundRig(rig).skeleton(), Span<int>(bones, kBoneRoleCount));
  val out = val::array();
  for (int bone : bones) out.call<void>("push", bone);
  return out;
}

val Names(const char* (*name)(int), int count) {
  val out = val::array();
  for (int i = 0; i < count; ++i) out.call<void>("push", std::string(name(i)));
  return out;
}

// The names retargeting's codes stand for, in code order (web/src/rig/retarget-contract.ts).
val RetargetContract() {
  val contract = val::object();
  contract.set("boneRoles", Names([](int i) { return BoneRoleName(static_cast<BoneRole>(i)); }, kBoneRoleCount));
  contract.set("retargetModes", Names([](int i) { return RetargetModeName(static_cast<RetargetMode>(i)); },
                                      static_cast<int>(RetargetMode::kCount)));
  contract.set("retargetLimbs", Names([](int i) { return RetargetLimbName(static_cast<RetargetLimb>(i)); }, kRetargetLimbCount));
  return contract;
}

}  // namespace
}  // namespace kin

EMSCRIPTEN_BINDINGS(kin_retarget) {
  using kin::RetargeterBinding;
  emscripten::function("liveRetargeters", &kin::LiveRetargeters);
  emscripten::function("boneRoleOf", &kin::BoneRoleOf);
  emscripten::function("roleBones", &kin::RoleBones);
  emscripten::function("retargetContract", &kin::RetargetContract);
  emscripten::class_<RetargeterBinding>("Retargeter")
      .constructor<>()
      .function("autoMap", &RetargeterBinding::autoMap)
      .function("setMap", &RetargeterBinding::setMap)
      .function("problems", &RetargeterBinding::problems)
      .function("mapData", &RetargeterBinding::mapData)
      .function("mapSize", &RetargeterBinding::mapSize)
      .function("setSourceReference", &RetargeterBinding::setSourceReference)
      .function("setTargetReference", &RetargeterBinding::setTargetReference)
      .function("matchReference", &RetargeterBinding::matchReference)
      .function("targetReferenceData", &RetargeterBinding::targetReferenceData)
      .function("matchSourceReference", &RetargeterBinding::matchSourceReference)
      .function("run", &RetargeterBinding::run)
      .function("frameCount", &RetargeterBinding::frameCount)
      .function("timesData", &RetargeterBinding::timesData)
      .function("anglesData", &RetargeterBinding::anglesData)
      .function("rootOffsetsData", &RetargeterBinding::rootOffsetsData)
      .function("boneErrorData", &RetargeterBinding::boneErrorData)
      .function("limbErrorData", &RetargeterBinding::limbErrorData)
      .function("summary", &RetargeterBinding::summary)
      .function("errorMessage", &RetargeterBinding::errorMessage);
}
