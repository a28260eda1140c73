// The TypeScript description of a rig: one object per bone, parent-first, in
// the kinematic model of DESIGN.md. flattenRigDesc() turns it into the flat
// arrays the module's load() takes.
import type { FlatRigDesc } from '../wasm/generated/kin.js';

export type Vec3Tuple = [number, number, number];
/** x, y, z, w */
export type QuatTuple = [number, number, number, number];

export const EULER_ORDERS = [
  'XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'XYX', 'XZX', 'YXY', 'YZY', 'ZXZ', 'ZYZ',
] as const;
export type EulerOrder = (typeof EULER_ORDERS)[number];

export interface BoneDesc {
  name: string;
  /** Index of the parent bone, -1 for a root; parents come first. */
  parent: number;
  /** Rest translation in the parent's space (default 0). */
  restT?: Vec3Tuple;
  /** Rest rotation in the parent's space (default identity). */
  restQ?: QuatTuple;
  restS?: Vec3Tuple;
  /** Joint frame: its columns are the bone's rotation axes (default identity). */
  frame?: QuatTuple;
  /** Euler order; slot 0 is applied first (default XYZ). */
  order?: EulerOrder;
  /** Per-slot limits in radians (default ±π). */
  min?: Vec3Tuple;
  max?: Vec3Tuple;
  /** Where the bone ends, in its own space (default 0). */
  tip?: Vec3Tuple;
  /** How reluctantly IK turns this joint, in [0.001, 1000] (default 1). */
  stiffness?: number;
  /**
   * Swing-twist limit of a ball joint (radians), on top of min/max: the axis
   * toward the tip swings at most swingMax from rest and twists within
   * [twistMin, twistMax]. Defaults: no such limit.
   */
  swingMax?: number;
  twistMin?: number;
  twistMax?: number;
  /**
   * How far IK turns each slot from the pose it was given (radians, > 0),
   * within the limits: a root that poses lying down yet that IK tilts no
   * further than a pelvis does. Default: the limits alone.
   */
  ikRange?: Vec3Tuple;
  /** Column-major model → bone matrix at bind; default: inverse of the bind pose. */
  inverseBind?: ArrayLike<number>;
}

function put(target: Float32Array, index: number, values: ArrayLike<number> | undefined, fallback: ArrayLike<number>): void {
  const source = values ?? fallback;
  for (let k = 0; k < fallback.length; k++) target[index * fallback.length + k] = source[k] ?? NaN;
}

/** Flat arrays for the module. Shape errors are left for the core to name. */
export function flattenRigDesc(bones: readonly BoneDesc[]): FlatRigDesc {
  const n = bones.length;
  const desc = {
    names: bones.map((b) => b.name),
    parents: new Float32Array(n),
    restT: new Float32Array(3 * n),
    restQ: new Float32Array(4 * n),
    restS: new Float32Array(3 * n),
    frames: new Float32Array(4 * n),
    orders: bones.map((b) => b.order ?? 'XYZ'),
    minAngles: new Float32Array(3 * n),
    maxAngles: new Float32Array(3 * n),
    tips: new Float32Array(3 * n),
    stiffness: Float32Array.from(bones, (b) => b.stiffness ?? 1),
    swingMax: Float32Array.from(bones, (b) => b.swingMax ?? Math.PI),
    twistMin: Float32Array.from(bones, (b) => b.twistMin ?? -Math.PI),
    twistMax: Float32Array.from(bones, (b) => b.twistMax ?? Math.PI),
    ikRange: bones.some((b) => b.ikRange) ? Float32Array.from(bones.flatMap((b) => b.ikRange ?? [Infinity, Infinity, Infinity])) : null,
    inverseBinds: bones.some((b) => b.inverseBind) ? new Float32Array(16 * n) : null,
  };
  bones.forEach((b, i) => {
    desc.parents[i] = b.parent;
    put(desc.restT, i, b.restT, [0, 0, 0]);
    put(desc.restQ, i, b.restQ, [0, 0, 0, 1]);
    put(desc.restS, i, b.restS, [1, 1, 1]);
    put(desc.frames, i, b.frame, [0, 0, 0, 1]);
    put(desc.minAngles, i, b.min, [-Math.PI, -Math.PI, -Math.PI]);
    put(desc.maxAngles, i, b.max, [Math.PI, Math.PI, Math.PI]);
    put(desc.tips, i, b.tip, [0, 0, 0]);
    if (desc.inverseBinds) {
      // The core takes the asset's inverse binds for all bones or for none.
      if (!b.inverseBind) throw new Error(`Rig: bone ${i} '${b.name}' has no inverseBind while other bones have one`);
      if (b.inverseBind.length !== 16) {
        throw new Error(`Rig: bone ${i} '${b.name}': inverseBind has ${b.inverseBind.length} numbers, expected 16`);
      }
      desc.inverseBinds.set(b.inverseBind, 16 * i);
    }
  });
  return desc;
}
