// The 4-DOF arm of the Calgary CPSC 687 IK handout: a ball-jointed
// shoulder (three angles, x then y then z) and a hinged elbow (one angle
// about z), standing up from the ground; the effector is the forearm's tip.
// fourDofArmWithHand() adds a hand on a small wrist hinge: the third joint
// the two-bone solver needs, and what the springs lesson's antenna hangs on. Four unknowns and three target
// coordinates: the Jacobian is 3 × 4, so the arm has a one-parameter family
// of answers (the elbow's circle) — where Jacobian transpose and damped
// least squares differ visibly in iterations and in the answer they pick.
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { Lesson } from './lesson.js';
import { skinnedTube } from './skinned-tube.js';

const SHOULDER_MS: Vec3Tuple = [0, 0.45, 0];
const UPPER = 0.5;
const FORE = 0.45;
const HAND = 0.12;

const ARM_BONES: BoneDesc[] = [
  { name: 'upper_arm', parent: -1, restT: SHOULDER_MS, tip: [0, UPPER, 0], min: [-1.6, -1.6, -2.0], max: [1.6, 1.6, 2.0] },
  { name: 'forearm', parent: 0, restT: [0, UPPER, 0], tip: [0, FORE, 0], min: [0, 0, 0], max: [0, 0, 2.6] },
];
const WRIST = 0.6;

export function fourDofArmLesson(): Lesson {
  return armOf(ARM_BONES.map((b) => ({ ...b })));
}

export function fourDofArmWithHand(): Lesson {
  return armOf([...ARM_BONES.map((b) => ({ ...b })), { name: 'hand', parent: 1, restT: [0, FORE, 0], tip: [0, HAND, 0], min: [0, 0, -WRIST], max: [0, 0, WRIST] }]);
}

function armOf(bones: BoneDesc[]): Lesson {
  const mesh = skinnedTube({
    start_ms: SHOULDER_MS,
    axis: 'y',
    lengths: bones.map((b) => b.tip![1]),
    radius: (along) => (along < UPPER + FORE ? 0.07 - (0.03 * along) / (UPPER + FORE) : 0.035),
    segments: 20,
    spacing: 0.025,
  });
  return {
    bones,
    mesh,
    poses: [
      { name: 'start', label: 'Bent (start)', angles: { upper_arm: [0.2, 0, -0.3], forearm: [0, 0, 0.8] }, rootOffset_ms: [0, 0, 0] },
      { name: 'straight', label: 'Straight up', angles: {}, rootOffset_ms: [0, 0, 0] },
    ],
  };
}
