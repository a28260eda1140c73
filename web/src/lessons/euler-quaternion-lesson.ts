// Euler angles against quaternions on one large rotation: two identical
// wands stand side by side, each keyed from rest (t = 0 s) to the same end
// rotation (t = 2 s) — the left wand by its three Euler angles (three
// scalar channels, linear), the right one by a rotation channel (slerp, the
// shortest arc). The end rotation is large and off every axis, so that
// interpolating the angles one by one sends the left wand's tip on a long
// detour, where the right one turns about one fixed axis.
import type { ClipData } from '../rig/clip-data.js';
import type { BoneDesc, QuatTuple, Vec3Tuple } from '../rig/rig-desc.js';
import type { PosePreset } from '../posing/pose-presets.js';
import type { Lesson } from './lesson.js';
import { limbTubes } from './limb-tubes.js';

const LENGTH = 0.7;
const BASE_Y = 0.3;
const APART = 0.45;
/** The end rotation as XYZ Euler angles (x applied first), radians. */
export const END_ANGLES: Vec3Tuple = [2.3, 0.9, -2.1];

/** The quaternion (x y z w) of Euler angles applied x first, then y, then z (about fixed axes: q = qz · qy · qx). */
export function xyzQuaternion([x, y, z]: Vec3Tuple): QuatTuple {
  const [cx, sx] = [Math.cos(x / 2), Math.sin(x / 2)];
  const [cy, sy] = [Math.cos(y / 2), Math.sin(y / 2)];
  const [cz, sz] = [Math.cos(z / 2), Math.sin(z / 2)];
  // qz · qy first (w, x, y, z), then times qx.
  const a = [cz * cy, -sz * sy, cz * sy, sz * cy];
  return [a[1] * cx + a[0] * sx, a[2] * cx + a[3] * sx, a[3] * cx - a[2] * sx, a[0] * cx - a[1] * sx];
}

export function eulerQuaternionLesson(): Lesson {
  const wand = (name: string, x: number): BoneDesc => ({ name, parent: -1, restT: [x, BASE_Y, 0], tip: [0, LENGTH, 0], min: [-Math.PI, -Math.PI, -Math.PI], max: [Math.PI, Math.PI, Math.PI] });
  const bones = [wand('euler_wand', -APART), wand('quaternion_wand', APART)];
  const mesh = limbTubes(bones.map((bone, k) => ({ start_ms: bone.restT as Vec3Tuple, direction: [0, 1, 0], bones: [k], lengths: [LENGTH], radius: (along: number) => (along > LENGTH - 0.12 ? 0.06 : 0.035) })));
  const clip: ClipData = {
    name: 'Large rotation',
    duration: 2,
    fps: 30,
    channels: [
      ...END_ANGLES.map((angle, slot) => ({ target: 'angle' as const, bone: 0, slot, keys: [{ time: 0, value: [0], interpolation: 'linear' as const }, { time: 2, value: [angle], interpolation: 'linear' as const }] })),
      { target: 'rotation', bone: 1, slot: 0, keys: [{ time: 0, value: [0, 0, 0, 1], interpolation: 'linear' }, { time: 2, value: xyzQuaternion(END_ANGLES), interpolation: 'linear' }] },
    ],
  };
  const poses: PosePreset[] = [
    { name: 'start', label: 'Rest (start)', angles: {}, rootOffset_ms: [0, 0, 0] as Vec3Tuple },
    { name: 'turned', label: 'Both turned (the clip’s end)', angles: { euler_wand: END_ANGLES, quaternion_wand: END_ANGLES }, rootOffset_ms: [0, 0, 0] as Vec3Tuple },
  ];
  // The tips swing anywhere on a sphere of the wand's length around each base.
  const framePoints = bones.flatMap((b) => [0, 1, 2].flatMap((axis) => [-1, 1].map((side) => b.restT!.map((v, k) => v + (k === axis ? side * LENGTH : 0)) as Vec3Tuple)));
  return { bones, mesh, poses, clip, framePoints };
}
