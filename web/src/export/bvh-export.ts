// The current character's hierarchy and a clip as a BVH file: the clip is
// resampled through the core at a chosen frame rate (clip-frames.ts), and
// each joint's row holds its whole local rotation R(rest_q)·F·E(θ)·F⁻¹ as
// "Zrotation Xrotation Yrotation" degrees (R = Rz·Rx·Ry, the usual order of
// motion-capture files), whatever the bone's own Euler order.
//
// - Roots have "Xposition Yposition Zposition" channels holding their whole
//   translation (rest translation + root offset) and an OFFSET of 0: readers
//   disagree on whether position channels replace the OFFSET (Blender, our
//   importer) or add to it (three.js's BVHLoader); with a zero OFFSET both
//   read the same motion. The same goes for any other joint whose
//   translation the clip animates. Every other joint's OFFSET is its rest
//   translation.
// - A leaf gets an End Site at its tip.
// - BVH has no scale channels and no rest scale: uniform rest scales (the
//   proportions') are multiplied into the OFFSETs and End Sites, lengths
//   they give the bones; a scale that is animated or not uniform is written
//   without it, and a warning says so.
// - Lengths are written in a chosen unit: metresPerUnit 0.01 writes
//   centimetres (what most motion-capture tools expect), 1 the rig's metres.
import * as THREE from 'three';
import type { ClipData } from '../animation/clip.js';
import type { Rig } from '../rig/rig.js';
import { clipFrames } from './clip-frames.js';

export interface BvhExportOptions {
  /** Frames per second of the file (default: the clip's). */
  fps?: number;
  /** Metres per file unit (default 1: metres; 0.01 writes centimetres). */
  metresPerUnit?: number;
}

export interface BvhExport {
  text: string;
  /** What the file cannot hold (scale), for the page to say. */
  warnings: string[];
}

/** Scales further than this from 1 are reported. */
const SCALE_TOLERANCE = 1e-4;
const DIGITS = 6;

function number(value: number): string {
  const text = value.toFixed(DIGITS);
  return /^-0\.0*$/.test(text) ? text.slice(1) : text;
}

/** A joint name as one word (BVH readers take the word after ROOT/JOINT). */
function jointName(name: string): string {
  return name.replace(/\s+/g, '_');
}

/**
 * ZXY Euler angles (R = Rz(z)·Rx(x)·Ry(y)) of `q`, of the two solutions and
 * their 2π shifts the one nearest `previous` (so the rows stay continuous).
 */
function zxyAngles(q: THREE.Quaternion, previous: readonly number[] | null): [number, number, number] {
  const e = new THREE.Euler().setFromQuaternion(q, 'ZXY');
  const first: [number, number, number] = [e.z, e.x, e.y];
  if (previous === null) return first;
  const near = (a: number, to: number): number => a + 2 * Math.PI * Math.round((to - a) / (2 * Math.PI));
  const candidates = [first, [e.z + Math.PI, Math.PI - e.x, e.y + Math.PI]].map((c) => c.map((a, k) => near(a, previous[k])) as [number, number, number]);
  const distance = (c: readonly number[]): number => c.reduce((sum, a, k) => sum + Math.abs(a - previous[k]), 0);
  return distance(candidates[0]) <= distance(candidates[1]) ? candidates[0] : candidates[1];
}

/** The rig's hierarchy and `clip` (set on the rig, which is sampled) as BVH text. */
export function exportBvh(rig: Rig, clip: ClipData, options: BvhExportOptions = {}): BvhExport {
  const fps = options.fps ?? clip.fps;
  const unit = options.metresPerUnit ?? 1;
  if (!(unit > 0 && Number.isFinite(unit))) throw new Error(`Export: metresPerUnit ${unit} is not a positive number`);
  const frames = clipFrames(rig, clip, fps);
  const n = rig.boneCount;
  const moves = new Set(clip.channels.filter((c) => c.target === 'translation').map((c) => c.bone));
  const hasPositions = (j: number): boolean => rig.parents[j] < 0 || moves.has(j);
  const children = Array.from({ length: n }, (_, j) => rig.parents.reduce<number[]>((list, p, c) => (p === j ? [...list, c] : list), []));

  const warnings: string[] = [];
  const rest = rig.restScales;
  const uniform = (j: number): boolean => rest[3 * j] === rest[3 * j + 1] && rest[3 * j] === rest[3 * j + 2];
  // Each bone's size in model space, parent-first: what its children's offsets and its tip are multiplied by.
  const size = new Float64Array(n);
  for (let j = 0; j < n; j++) size[j] = (rig.parents[j] < 0 ? 1 : size[rig.parents[j]]) * (uniform(j) ? rest[3 * j] : 1);
  const scaled = new Set<string>();
  for (let k = 0; k < frames.scales.length; k++) {
    const j = Math.floor(k / 3) % n;
    if (Math.abs(frames.scales[k] - (uniform(j) ? rest[3 * j] : 1)) > SCALE_TOLERANCE) scaled.add(rig.boneNames[j]);
  }
  if (scaled.size > 0) warnings.push(`BVH has no scale: the scale of ${[...scaled].map((b) => `'${b}'`).join(', ')} is not written.`);

  const lines: string[] = ['HIERARCHY'];
  const order: number[] = [];
  const length = (v: readonly number[], by = 1): string => v.map((x) => number((by * x) / unit)).join(' ');
  const writeJoint = (j: number, depth: number): void => {
    const pad = '  '.repeat(depth);
    order.push(j);
    lines.push(`${pad}${rig.parents[j] < 0 ? 'ROOT' : 'JOINT'} ${jointName(rig.boneNames[j])}`, `${pad}{`);
    lines.push(`${pad}  OFFSET ${hasPositions(j) ? length([0, 0, 0]) : length(rig.description[j].restT ?? [0, 0, 0], size[rig.parents[j]])}`);
    lines.push(`${pad}  CHANNELS ${hasPositions(j) ? '6 Xposition Yposition Zposition ' : '3 '}Zrotation Xrotation Yrotation`);
    for (const c of children[j]) writeJoint(c, depth + 1);
    if (children[j].length === 0) {
      lines.push(`${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET ${length(rig.description[j].tip ?? [0, 0, 0], size[j])}`, `${pad}  }`);
    }
    lines.push(`${pad}}`);
  };
  for (let j = 0; j < n; j++) if (rig.parents[j] < 0) writeJoint(j, 0);

  lines.push('MOTION', `Frames: ${frames.times.length}`, `Frame Time: ${(1 / fps).toFixed(8)}`);
  const q = new THREE.Quaternion();
  const previous: ([number, number, number] | null)[] = order.map(() => null);
  frames.times.forEach((_, f) => {
    const row: string[] = [];
    order.forEach((j, k) => {
      const at = f * n + j;
      if (hasPositions(j)) row.push(length(Array.from(frames.translations.subarray(3 * at, 3 * at + 3)), rig.parents[j] < 0 ? 1 : size[rig.parents[j]]));
      const angles = zxyAngles(q.fromArray(frames.rotations, 4 * at), previous[k]);
      previous[k] = angles;
      row.push(angles.map((a) => number(THREE.MathUtils.radToDeg(a))).join(' '));
    });
    lines.push(row.join(' '));
  });
  return { text: `${lines.join('\n')}\n`, warnings };
}
