// The planar arm: three hinges about +Z in a row standing up from the ground
// (upper arm, forearm, hand), every other axis locked, so that it only moves
// in the XY plane facing the camera. The shoulder swings either way, the
// elbow bends one way only (like a human elbow), the wrist a little either
// way: the smallest rig where IK must choose among many poses and limits
// decide which.
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { Lesson } from './lesson.js';
import { skinnedTube } from './skinned-tube.js';

const SHOULDER_MS: Vec3Tuple = [0, 0.5, 0];
const LENGTHS = [0.55, 0.45, 0.2];

/** A hinge about the bone's z axis within [min, max] radians. */
function hinge(name: string, parent: number, restT: Vec3Tuple, length: number, min: number, max: number): BoneDesc {
  return { name, parent, restT, tip: [0, length, 0], min: [0, 0, min], max: [0, 0, max] };
}

export function armLesson(): Lesson {
  const [upper, fore, hand] = LENGTHS;
  const bones = [
    hinge('upper_arm', -1, SHOULDER_MS, upper, -2.2, 2.2),
    hinge('forearm', 0, [0, upper, 0], fore, 0, 2.6),
    hinge('hand', 1, [0, fore, 0], hand, -1.2, 1.2),
  ];
  const mesh = skinnedTube({
    start_ms: SHOULDER_MS,
    axis: 'y',
    lengths: LENGTHS,
    // Thick at the shoulder, narrowing to the wrist, a flat-ish paddle of a hand.
    radius: (along) => (along < upper + fore ? 0.075 - (0.03 * along) / (upper + fore) : 0.04),
    segments: 20,
    spacing: 0.025,
  });
  return {
    bones,
    mesh,
    poses: [
      { name: 'start', label: 'Bent (start)', angles: { upper_arm: [0, 0, -0.35], forearm: [0, 0, 0.9], hand: [0, 0, 0.3] }, rootOffset_ms: [0, 0, 0] },
      // The elbow lies on its limit: straight, the pose IK finds hardest to leave.
      { name: 'straight', label: 'Straight up', angles: {}, rootOffset_ms: [0, 0, 0] },
      { name: 'folded', label: 'Folded (elbow at its limit)', angles: { upper_arm: [0, 0, -0.6], forearm: [0, 0, 2.6], hand: [0, 0, 1.0] }, rootOffset_ms: [0, 0, 0] },
    ],
  };
}
