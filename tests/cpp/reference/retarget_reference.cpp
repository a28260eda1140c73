// Native reference for the module's retargeting: reads two rigs, the source's
// clip, a bone map and the source's reference pose as plain numbers on stdin,
// retargets through the same core calls the module's Retargeter makes
// (wasm/bindings/retarget_bindings.cpp: ValidateBoneMap, MatchReferencePose,
// RetargetJob::Run over the rigs' built skeletons), and prints the frames and
// the report. tests/web/retarget-native-parity.test.ts writes the input and
// compares the module's answers with these.
//
// Input:  the source rig and the target rig, each as in text_input.h
//         (ReadBones, then ReadBoneNames); the source clip (ReadClip); the
//         map: one source bone (or -1) per target bone; the source's
//         reference pose: 3 angles per source bone (the target's is matched
//         to it); R, then per run: mode (kin::RetargetMode code),
//         contact_locks (0/1), fps.
// Output: "automap" and AutoMap's map of the two rigs; per run: "frames F",
//         then lines "times" (F), "angles" (F × target bones × 3), "roots"
//         (F × 3), "bone_error" (F × target bones), "limb_error" (F × limbs)
//         and "summary": foot slide left right, contact frames left right,
//         mean and max angle (rad), mean and max limb error, max foot slide.
// A rig, clip, map or run the core rejects ends the tool with exit code 3
// and the core's message.
#include <cstdio>
#include <vector>

#include "kin/retarget/bone_map.h"
#include "kin/retarget/retarget_job.h"
#include "kin/rig.h"
#include "kin/clip_sampler.h"
#include "text_input.h"

namespace {

constexpr const char* kTool = "kin_retarget_reference";

template <typename T>
T Read() {
  return kin_tools::Read<T>(kTool);
}

void Check(const char* what, const kin::Status& status) {
  if (!status.ok()) kin_tools::Fail(kTool, what, status);
}

std::vector<kin::BoneDef> ReadRig() {
  std::vector<kin::BoneDef> bones = kin_tools::ReadBones(kTool);
  kin_tools::ReadBoneNames(kTool, &bones);
  return bones;
}

// The skeleton as built, as the binding's BuiltSkeleton gives it (a clip's
// translation or scale channels must not move the rest the job sees).
kin::Skeleton BuiltSkeleton(const kin::Rig& rig) {
  kin::Skeleton skeleton = rig.skeleton();
  skeleton.ResetRest();
  return skeleton;
}

void PrintLine(const char* label, const float* data, std::size_t count) {
  std::printf("%s", label);
  for (std::size_t i = 0; i < count; ++i) std::printf(" %.9g", data[i]);
  std::printf("\n");
}

}  // namespace

int main() {
  kin::Rig source_rig, target_rig;
  kin::ClipSampler source_rig_clips;
  Check("source rig", source_rig.Load(ReadRig()));
  Check("target rig", target_rig.Load(ReadRig()));
  Check("source clip", source_rig_clips.SetClip(source_rig, kin_tools::ReadClip(kTool)));
  const kin::Skeleton source = BuiltSkeleton(source_rig);
  const kin::Skeleton target = BuiltSkeleton(target_rig);
  const int ns = source.bone_count(), nt = target.bone_count();

  kin::BoneMap automap;
  Check("auto map", kin::AutoMap(source_rig.skeleton(), target_rig.skeleton(), &automap));
  std::printf("automap");
  for (const int s : automap.source_of_target) std::printf(" %d", s);
  std::printf("\n");

  kin::BoneMap map;
  map.source_of_target.resize(static_cast<std::size_t>(nt));
  for (int& s : map.source_of_target) s = Read<int>();
  Check("map", kin::ValidateBoneMap(source_rig.skeleton(), target_rig.skeleton(), map));

  std::vector<glm::vec3> source_ref(static_cast<std::size_t>(ns));
  for (glm::vec3& a : source_ref)
    for (int k = 0; k < 3; ++k) a[k] = Read<float>();
  std::vector<glm::vec3> target_ref(static_cast<std::size_t>(nt));
  Check("match reference", kin::MatchReferencePose(source, source_ref, target, map, target_ref));

  kin::RetargetWorkspace workspace;
  kin::RetargetReport report;
  const int runs = Read<int>();
  for (int r = 0; r < runs; ++r) {
    kin::RetargetJob job;
    job.mode = static_cast<kin::RetargetMode>(Read<int>());
    job.contact_locks = Read<int>() != 0;
    job.fps = Read<float>();
    if (!(job.fps >= 0.0f && job.fps <= kin::kMaxRetargetFps)) Check("run", kin::Status::Invalid("fps %g is out of range", job.fps));
    const int frames = kin::RetargetFrameCount(source_rig_clips.clip(), job.fps);
    const std::size_t f = static_cast<std::size_t>(frames);
    workspace.Reserve(ns, nt, frames);
    report.Reserve(nt, frames);
    std::vector<float> times(f);
    std::vector<glm::vec3> angles(f * static_cast<std::size_t>(nt));
    std::vector<glm::vec3> roots(f);
    job.source = &source;
    job.source_clip = &source_rig_clips.clip();
    job.source_ref_angles = source_ref;
    job.target = &target;
    job.target_ref_angles = target_ref;
    job.map = &map;
    job.workspace = &workspace;
    job.times_s = times;
    job.angles = angles;
    job.root_offsets_ms = roots;
    job.report = &report;
    Check("run", job.Run());

    std::printf("frames %d\n", frames);
    PrintLine("times", times.data(), f);
    PrintLine("angles", &angles[0].x, 3 * angles.size());
    PrintLine("roots", &roots[0].x, 3 * f);
    PrintLine("bone_error", report.bone_angle_error_rad.data(), f * static_cast<std::size_t>(nt));
    PrintLine("limb_error", report.limb_error.data(), f * kin::kRetargetLimbCount);
    std::printf("summary %.9g %.9g %d %d %.9g %.9g %.9g %.9g %.9g\n", report.foot_slide[0], report.foot_slide[1],
                report.contact_frames[0], report.contact_frames[1], report.mean_angle_rad, report.max_angle_rad,
                report.mean_limb_error, report.max_limb_error, report.max_foot_slide);
  }
  return 0;
}
