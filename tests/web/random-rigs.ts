// Seeded random rigs in the model of DESIGN.md, shared by the tests that
// compare the module against independent references.
import { type BoneDesc, EULER_ORDERS, type QuatTuple, type Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { uniform } from './seeded-random.js';

export function randomUnitQuat(random: () => number): QuatTuple {
  // Normalised 4-vector from a box: fine for tests (not uniform on S³).
  const q = [uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1)];
  const len = Math.hypot(...q) || 1;
  return q.map((v) => v / len) as QuatTuple;
}

function vec3(random: () => number, lo: number, hi: number): Vec3Tuple {
  return [uniform(random, lo, hi), uniform(random, lo, hi), uniform(random, lo, hi)];
}

export interface RandomRigOptions {
  boneCount: number;
  /** Non-uniform rest scales (three.js bones cannot hold those with a rotation after them). */
  nonUniformScale: boolean;
}

export function randomRig(random: () => number, { boneCount, nonUniformScale }: RandomRigOptions): BoneDesc[] {
  return Array.from({ length: boneCount }, (_, i): BoneDesc => {
    const s = uniform(random, 0.6, 1.5);
    return {
      name: `bone${i}`,
      parent: i === 0 ? -1 : Math.floor(random() * i),
      restT: vec3(random, -1, 1),
      restQ: randomUnitQuat(random),
      restS: nonUniformScale ? vec3(random, 0.6, 1.5) : [s, s, s],
      frame: randomUnitQuat(random),
      order: EULER_ORDERS[Math.floor(random() * EULER_ORDERS.length)],
      min: [-2, -2, -2],
      max: [2, 2, 2],
      tip: vec3(random, -1, 1),
      stiffness: uniform(random, 0.5, 4),
    };
  });
}

/** Angles by slot, 3 per bone, within ±range. */
export function randomAngles(random: () => number, boneCount: number, range: number): number[] {
  return Array.from({ length: 3 * boneCount }, () => uniform(random, -range, range));
}
