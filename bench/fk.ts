// The benchmark's own forward kinematics, in double precision and apart from
// every solver under test: each implementation's result is judged by running
// this FK on the transforms it leaves behind (our Euler angles, three.js bones'
// local TRS, closed-chain-ik's joint values), never by the solver's report.
import type { BoneDesc, EulerOrder, QuatTuple, Vec3Tuple } from '../web/src/rig/rig-desc.js';

export type Vec3 = [number, number, number];
/** x, y, z, w */
export type Quat = [number, number, number, number];

/** A point fixed on a bone (bone space) whose model-space position a goal drives. */
export interface GoalPoint {
  bone: number;
  point: Vec3;
}

const AXIS_INDEX: Record<string, number> = { X: 0, Y: 1, Z: 2 };

export function quatMultiply(a: Quat, b: Quat): Quat {
  return [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}

export function quatConjugate(q: Quat): Quat {
  return [-q[0], -q[1], -q[2], q[3]];
}

function axisQuat(axis: number, angle: number): Quat {
  const q: Quat = [0, 0, 0, Math.cos(angle / 2)];
  q[axis] = Math.sin(angle / 2);
  return q;
}

/** E(θ) of the kinematic model: slot 0 acts first, so it is the rightmost factor. */
export function eulerQuat(order: EulerOrder, a0: number, a1: number, a2: number): Quat {
  const [x0, x1, x2] = [...order].map((c) => AXIS_INDEX[c]);
  return quatMultiply(axisQuat(x2, a2), quatMultiply(axisQuat(x1, a1), axisQuat(x0, a0)));
}

/** The joint rotation F·E(θ)·F⁻¹ of one bone (the part after its rest TRS). */
export function jointQuat(bone: BoneDesc, a0: number, a1: number, a2: number): Quat {
  const frame = (bone.frame ?? [0, 0, 0, 1]) as Quat;
  return quatMultiply(frame, quatMultiply(eulerQuat(bone.order ?? 'XYZ', a0, a1, a2), quatConjugate(frame)));
}

/** Column-major 4×4, 16 doubles. */
type Mat4 = Float64Array;

function setTrs(out: Mat4, t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>): void {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  const r = [
    1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y),
  ];
  for (let c = 0; c < 3; c++) {
    for (let k = 0; k < 3; k++) out[4 * c + k] = r[3 * c + k] * s[c];
    out[4 * c + 3] = 0;
  }
  out[12] = t[0];
  out[13] = t[1];
  out[14] = t[2];
  out[15] = 1;
}

function multiply(out: Mat4, a: Mat4, b: Mat4): void {
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      out[4 * c + r] = a[r] * b[4 * c] + a[4 + r] * b[4 * c + 1] + a[8 + r] * b[4 * c + 2] + a[12 + r] * b[4 * c + 3];
    }
  }
}

function transformPoint(m: Mat4, p: Vec3): Vec3 {
  return [
    m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12],
    m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
    m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14],
  ];
}

/** A bone's local transform as translation, rotation and scale: T·R·S. */
export interface LocalTrs {
  t: ArrayLike<number>;
  q: ArrayLike<number>;
  s: ArrayLike<number>;
}

export class BenchFk {
  private readonly model: Mat4[];
  private readonly local = new Float64Array(16);
  private readonly rest = new Float64Array(16);
  private readonly joint = new Float64Array(16);

  constructor(
    readonly bones: readonly BoneDesc[],
    readonly goals: readonly GoalPoint[],
  ) {
    this.model = bones.map(() => new Float64Array(16));
  }

  /** Goal points in model space for a pose in our Euler angles (3 per bone, by slot). */
  pointsFromAngles(angles: ArrayLike<number>): Vec3[] {
    this.bones.forEach((b, i) => {
      setTrs(this.rest, b.restT ?? [0, 0, 0], (b.restQ ?? [0, 0, 0, 1]) as QuatTuple, (b.restS ?? [1, 1, 1]) as Vec3Tuple);
      setTrs(this.joint, [0, 0, 0], jointQuat(b, angles[3 * i], angles[3 * i + 1], angles[3 * i + 2]), [1, 1, 1]);
      multiply(this.local, this.rest, this.joint);
      this.place(i);
    });
    return this.goalPoints();
  }

  /** Goal points for bones given by their local T·R·S (as three.js bones hold them). */
  pointsFromLocals(locals: readonly LocalTrs[]): Vec3[] {
    this.bones.forEach((_, i) => {
      setTrs(this.local, locals[i].t, locals[i].q, locals[i].s);
      this.place(i);
    });
    return this.goalPoints();
  }

  private place(i: number): void {
    const parent = this.bones[i].parent;
    if (parent < 0) this.model[i].set(this.local);
    else multiply(this.model[i], this.model[parent], this.local);
  }

  private goalPoints(): Vec3[] {
    return this.goals.map((g) => transformPoint(this.model[g.bone], g.point));
  }
}

/** The largest distance between goal points and their targets. */
export function maxDistance(points: readonly Vec3[], targets: readonly Vec3[]): number {
  let worst = 0;
  points.forEach((p, g) => {
    worst = Math.max(worst, Math.hypot(p[0] - targets[g][0], p[1] - targets[g][1], p[2] - targets[g][2]));
  });
  return worst;
}
