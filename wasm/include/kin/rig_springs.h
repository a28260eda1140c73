// A Rig's spring chains (kin/springs/spring_chain.h): secondary motion on top
// of its pose. They change the rig's model matrices, tips and palette, never
// its angles: keys, links and exports stay the animator's. Every other pose
// change refreshes the rig's buffers from the pose alone; Step puts the
// chains back on.
#pragma once

#include <cstdint>

#include "kin/rig.h"
#include "kin/span.h"
#include "kin/springs/spring_chain.h"
#include "kin/status.h"

namespace kin {

class RigSprings {
 public:
  // Validates against the rig's skeleton (the message names the chain and
  // the bone) and starts the chains at rest on its current pose.
  Status SetChains(Rig& rig, Span<const SpringChainDef> defs);
  // Chains are numbered as SetChains got them.
  Status SetEnabled(int chain, bool on);
  // Every chain at rest on the rig's current pose (its buffers from the pose alone).
  Status Reset(Rig& rig);
  // FK of the rig's pose, the springs advanced by dt_s (SpringSystem::Step),
  // then its tips and palette. Allocation-free.
  Status Step(Rig& rig, float dt_s);
  bool settled() const { return springs_.Settled(); }
  const SpringSystem& system() const { return springs_; }

 private:
  Status CheckRig(const Rig& rig) const;

  SpringSystem springs_;
  std::uint32_t generation_ = 0;  // the rig's generation() the chains were built for
};

}  // namespace kin
