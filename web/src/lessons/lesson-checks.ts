// Small readers the lessons' "try this" checks share: a bone's tip and
// angles by name, from the rig's current pose.
import type { Rig } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';

export function tipOf(rig: Rig, bone: string): Vec3Tuple {
  const index = rig.boneIndex(bone);
  const tips = rig.boneTips();
  return [tips[3 * index], tips[3 * index + 1], tips[3 * index + 2]];
}

export function anglesOf(rig: Rig, bone: string): Vec3Tuple {
  return rig.getAngles(rig.boneIndex(bone));
}

export function distance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

export function originOf(rig: Rig, bone: string): Vec3Tuple {
  const m = rig.modelMatrices();
  const base = 16 * rig.boneIndex(bone);
  return [m[base + 12], m[base + 13], m[base + 14]];
}

/** The angle at `vertex` between the rays to `a` and `b`, radians. */
export function angleAt(vertex: readonly number[], a: readonly number[], b: readonly number[]): number {
  const u = [a[0] - vertex[0], a[1] - vertex[1], a[2] - vertex[2]];
  const v = [b[0] - vertex[0], b[1] - vertex[1], b[2] - vertex[2]];
  const cos = (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / (Math.hypot(u[0], u[1], u[2]) * Math.hypot(v[0], v[1], v[2]));
  return Math.acos(Math.max(-1, Math.min(1, cos)));
}

/** The interior angle the law of cosines gives opposite side c of a triangle with sides a, b, c (c clamped to what a and b can span). */
export function lawOfCosinesAngle(a: number, b: number, c: number): number {
  const reach = Math.max(Math.abs(a - b), Math.min(a + b, c));
  return Math.acos(Math.max(-1, Math.min(1, (a * a + b * b - reach * reach) / (2 * a * b))));
}
