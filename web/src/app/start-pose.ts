// The demo starts from a relaxed pose rather than the straight T-pose of the
// bind: an elbow or knee lying exactly on its hinge limit gives the solver no
// first-order reason to bend it, so a reach would fold the spine instead.
// Angles are by Euler slot (radians), for the bones of the default character;
// a rig without these bones starts from its bind pose.
import type { Rig } from '../rig/rig.js';

const RELAXED: Readonly<Record<string, [number, number, number]>> = {
  forearm_l: [0, -0.35, 0],
  forearm_r: [0, 0.35, 0],
  thigh_l: [-0.08, 0, 0],
  thigh_r: [-0.08, 0, 0],
  shin_l: [0.16, 0, 0],
  shin_r: [0.16, 0, 0],
  foot_l: [-0.08, 0, 0],
  foot_r: [-0.08, 0, 0],
};

export function applyStartPose(rig: Rig): void {
  for (const [name, [a0, a1, a2]] of Object.entries(RELAXED)) {
    if (rig.boneNames.includes(name)) rig.setAngles(rig.boneIndex(name), a0, a1, a2);
  }
}
