// The demo's IK goals: both hands and both feet, each pulling its bone's tip.
// Left limbs are warm, right limbs cool; hands brighter than feet.
import type { HandleStyle } from '../three/target-handles.js';

export const DEFAULT_GOALS: readonly HandleStyle[] = [
  { name: 'hand_l', color: 0xff8a3d },
  { name: 'hand_r', color: 0x3dc4ff },
  { name: 'foot_l', color: 0xd9523b },
  { name: 'foot_r', color: 0x3b7bd9 },
];
