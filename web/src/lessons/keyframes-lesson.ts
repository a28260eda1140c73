// The keyframes lesson: the planar arm (arm-lesson.ts) with a clip whose
// forearm bend has five keys far apart in value, all linear — the
// "choppy, robotic" motion of the handout — so that switching the keys to
// Catmull-Rom and then Kochanek–Bartels (tension, continuity, bias) shows in
// the curve view and in the motion. The upper arm sways on two keys.
import type { ClipData } from '../rig/clip-data.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { armLesson } from './arm-lesson.js';
import type { Lesson } from './lesson.js';

/** The forearm bend channel's keys: seconds and radians (within the elbow's 0…2.6). */
export const BEND_KEYS: readonly (readonly [number, number])[] = [
  [0, 0.3],
  [0.5, 1.9],
  [1, 0.6],
  [1.5, 2.3],
  [2, 0.3],
];

export const FOREARM = 1;
export const BEND_SLOT = 2;

export function keyframesLesson(): Lesson {
  const lesson = armLesson();
  const clip: ClipData = {
    name: 'Elbow keys',
    duration: 2,
    fps: 30,
    channels: [
      { target: 'angle', bone: FOREARM, slot: BEND_SLOT, keys: BEND_KEYS.map(([time, value]) => ({ time, value: [value], interpolation: 'linear' })) },
      { target: 'angle', bone: 0, slot: 2, keys: [{ time: 0, value: [-0.3], interpolation: 'linear' }, { time: 1, value: [0.3], interpolation: 'linear' }, { time: 2, value: [-0.3], interpolation: 'linear' }] },
    ],
  };
  // Where the arm sways over the clip: kept in view when the lesson opens.
  const framePoints: Vec3Tuple[] = [[-0.7, 0.45, 0], [0.7, 0.45, 0], [-0.6, 1.6, 0], [0.6, 1.6, 0], [0, 1.75, 0]];
  return { ...lesson, clip, framePoints };
}
