// The demo starts from a relaxed pose rather than the straight T-pose of the
// bind: an elbow or knee lying exactly on its hinge limit gives the solver no
// first-order reason to bend it, so a reach would fold the spine instead.
// Angles are by Euler slot (radians), for the bones of the default character;
// a rig without these bones starts from its bind pose.
import type { Rig } from '../rig/rig.js';
import { type AngleTable, anglesFromTable } from './angle-table.js';
import { RELAXED_HANDS } from './hand-poses.js';

export const START_POSE: AngleTable = {
  forearm_l: [0, -0.35, 0],
  forearm_r: [0, 0.35, 0],
  thigh_l: [-0.08, 0, 0],
  thigh_r: [-0.08, 0, 0],
  shin_l: [0.16, 0, 0],
  shin_r: [0.16, 0, 0],
  foot_l: [-0.08, 0, 0],
  foot_r: [-0.08, 0, 0],
  // Fingers a little curled, as a hand at rest holds them.
  ...RELAXED_HANDS,
};

export function applyStartPose(rig: Rig): void {
  rig.setPose(anglesFromTable(rig, START_POSE));
}
