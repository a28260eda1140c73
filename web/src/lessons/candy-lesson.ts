// The candy wrapper as a lesson: the two-bone twisting cylinder of the
// skinning comparison page (candy/twist-cylinder.ts), lifted to waist
// height and centred over the origin. Twisting the second bone about its
// axis (its x, slot 0, ±180°) pinches the middle under linear blend
// skinning; both bones also swing, so IK can drag its end around.
import { CYLINDER_LENGTH, twistCylinder } from './twist-cylinder.js';
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { Lesson } from './lesson.js';

const START_MS: Vec3Tuple = [-CYLINDER_LENGTH / 2, 1, 0];
const SWING = 1.2;

export function candyLesson(): Lesson {
  const cylinder = twistCylinder(41, 32);
  const positions = cylinder.positions.map((value, k) => value + START_MS[k % 3]);
  const [upper, lower] = cylinder.bones;
  const bones: BoneDesc[] = [
    { ...upper, restT: START_MS, min: [0, -SWING, -SWING], max: [0, SWING, SWING] },
    { ...lower, min: [-Math.PI, -SWING, -SWING], max: [Math.PI, SWING, SWING] },
  ];
  return {
    bones,
    mesh: { positions, triangles: cylinder.triangles, joints: cylinder.joints, weights: cylinder.weights },
    poses: [
      { name: 'start', label: 'Untwisted (start)', angles: {}, rootOffset_ms: [0, 0, 0] },
      // Slot 0 of the second bone twists it about its own axis: linear blend pinches the middle.
      { name: 'twist-90', label: 'Twisted 90°', angles: { [lower.name]: [Math.PI / 2, 0, 0] }, rootOffset_ms: [0, 0, 0] },
      { name: 'twist-180', label: 'Twisted 180° (the candy wrapper)', angles: { [lower.name]: [Math.PI, 0, 0] }, rootOffset_ms: [0, 0, 0] },
      { name: 'bent', label: 'Bent 60°', angles: { [lower.name]: [0, 0, Math.PI / 3] }, rootOffset_ms: [0, 0, 0] },
    ],
  };
}
