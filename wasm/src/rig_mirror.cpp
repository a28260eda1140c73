#include "kin/rig_mirror.h"

namespace kin {

RigMirror::RigMirror() : status_(Status::Invalid("mirror: not bound to a rig")) {}

RigMirror::RigMirror(const Rig& rig) { Bind(rig); }

const Status& RigMirror::Bind(const Rig& rig) {
  rig_ = nullptr;
  map_ = MirrorMap();
  staged_angles_.clear();
  if (!rig.loaded()) {
    status_ = Status::Invalid("no skeleton loaded");
    return status_;
  }
  rig_ = &rig;
  generation_ = rig.generation();
  staged_angles_.assign(static_cast<std::size_t>(rig.bone_count()), glm::vec3(0.0f));
  status_ = BuildMirrorMap(rig.skeleton(), &map_);
  return status_;
}

Status RigMirror::Check(const Rig& rig) const {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  if (rig_ == nullptr) return status_;
  if (rig_ != &rig) return Status::Invalid("mirror: bound to another rig");
  if (generation_ != rig.generation())
    return Status::Invalid("mirror: the bones were paired before the rig was loaded again (bind it again)");
  return status_;
}

Status RigMirror::Mirror(Rig& rig, MirrorMode mode) {
  Status status = Check(rig);
  if (!status.ok()) return status;
  MirrorPoseJob job;
  job.skeleton = &rig.skeleton();
  job.map = &map_;
  job.mode = mode;
  job.angles = rig.pose();
  job.root_offset_ms = rig.root_offset();
  job.out_angles = Span<glm::vec3>(staged_angles_.data(), staged_angles_.size());
  glm::vec3 root_offset_ms(0.0f);
  job.out_root_offset_ms = &root_offset_ms;
  status = job.Run();
  if (!status.ok()) return status;
  // Every angle is already within its limits; SetPose projects again (no
  // change) and copies into the rig's pose, whose views stay valid.
  const Span<const float> angles(reinterpret_cast<const float*>(staged_angles_.data()), 3 * staged_angles_.size());
  return rig.SetPose(angles, root_offset_ms);
}

}  // namespace kin
