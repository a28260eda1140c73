// The spring-chain lesson: the 4-DOF arm with a hand (four-dof-arm-lesson.ts) holding
// up a five-segment antenna from its hand. The antenna's joints are locked
// for posing; a spring chain moves them after the arm is posed, so that
// dragging the hand makes the antenna lag, swing and settle — integrated
// implicitly in fixed substeps, the same at any frame rate.
import type { BoneDesc } from '../rig/rig-desc.js';
import type { SpringChainDesc } from '../rig/springs.js';
import { fourDofArmWithHand } from './four-dof-arm-lesson.js';
import type { Lesson } from './lesson.js';
import { skinnedTube } from './skinned-tube.js';

const SEGMENTS = 5;
const SEGMENT = 0.09;

export const ANTENNA_SPRINGS: SpringChainDesc = {
  name: 'antenna',
  bones: Array.from({ length: SEGMENTS }, (_, k) => `antenna_${k + 1}`),
  frequencyHz: 2.5,
  dampingRatio: 0.35,
  gravity: 9.81,
  inertia: 1,
  swingMax: 0.9,
};

export function springsLesson(): Lesson {
  const arm = fourDofArmWithHand();
  const hand = arm.bones.length - 1;
  const handTip = arm.bones[hand].tip!;
  const antenna: BoneDesc[] = Array.from({ length: SEGMENTS }, (_, k) => ({
    name: `antenna_${k + 1}`,
    parent: k === 0 ? hand : hand + k,
    restT: k === 0 ? handTip : [0, SEGMENT, 0],
    tip: [0, SEGMENT, 0],
    min: [0, 0, 0],
    max: [0, 0, 0],
  }));
  const bones = [...arm.bones, ...antenna];
  const lengths = bones.map((b) => b.tip![1]);
  const armLength = lengths.slice(0, hand + 1).reduce((a, b) => a + b, 0);
  const mesh = skinnedTube({
    start_ms: arm.bones[0].restT!,
    axis: 'y',
    lengths,
    radius: (along) => (along < armLength ? 0.07 - (0.035 * along) / armLength : 0.02),
    segments: 16,
    spacing: 0.025,
  });
  return { bones, mesh, poses: arm.poses, springs: [ANTENNA_SPRINGS] };
}
