#include "kin/rig_springs.h"

namespace kin {

Status RigSprings::CheckRig(const Rig& rig) const {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  // No chains: nothing to check them against (a step then only refreshes).
  if (springs_.chain_count() > 0 && generation_ != rig.generation())
    return Status::Invalid("the spring chains were set before the rig was loaded again (setSpringChains again)");
  return Status::Ok();
}

Status RigSprings::SetChains(Rig& rig, Span<const SpringChainDef> defs) {
  if (!rig.loaded()) return Status::Invalid("no skeleton loaded");
  SpringSystem springs;
  const Status status = SpringSystem::Build(rig.skeleton(), defs, &springs);
  if (!status.ok()) return status;
  springs_ = std::move(springs);
  generation_ = rig.generation();
  rig.RefreshPose();
  springs_.Reset(rig.model_ms());
  return Status::Ok();
}

Status RigSprings::SetEnabled(int chain, bool on) { return springs_.SetEnabled(chain, on); }

Status RigSprings::Reset(Rig& rig) {
  const Status status = CheckRig(rig);
  if (!status.ok()) return status;
  rig.RefreshPose();
  springs_.Reset(rig.model_ms());
  return Status::Ok();
}

Status RigSprings::Step(Rig& rig, float dt_s) {
  Status status = CheckRig(rig);
  if (!status.ok()) return status;
  status = SpringSystem::ValidateStep(dt_s);
  if (!status.ok()) return status;
  // The buffers may hold the last step's chains: drive from the pose itself.
  status = springs_.Step(dt_s, rig.BeginModelEdit());
  rig.EndModelEdit();
  return status;
}

}  // namespace kin
