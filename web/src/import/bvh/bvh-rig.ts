// A parsed BVH file (bvh-parse.ts) as our rig and a clip of it. DOM-free.
//
// The rig: one bone per joint in file order (parents first). Rest
// translation = OFFSET, rest rotation and joint frame identity (BVH angles
// turn about the parent's axes), tip = the End Site, else the mean of the
// children's offsets. The Euler order comes from the joint's rotation
// channels: BVH lists them outermost first — "Zrotation Xrotation Yrotation"
// means R = Rz·Rx·Ry, so Y turns a vector first — while our slot 0 is the
// rotation applied first (wasm/include/kin/euler.h: order XYZ is
// Rz(θ2)·Ry(θ1)·Rx(θ0)). So the order is the channels reversed ("YXZ",
// slot 0 = the Yrotation channel); axes without a channel go last, at 0.
//
// The clip: an 'angle' channel per rotation channel (radians), 'linear'
// keys at every frame, time = frame × Frame Time. Position channels: on the
// first root that has them, the 'root' channel = position − OFFSET (the
// position channels give the root's whole translation, as in Blender and
// the original Biovision files); on any other joint a 'translation' channel
// = its position (other roots subtract the root offset, which the core adds
// to every root). Channels that stay at rest are left out.
//
// A frame's angles are unwrapped (each key shifted by turns to within π of
// the one before), as the file means them: the core plays angle keys as
// written, and a joint that keeps turning (a root walking in circles) would
// otherwise jump a whole turn back between two frames. Limits are ±π,
// widened on a slot whose unwrapped angles go further, because the core
// clamps the sampled angles into the limits.
//
// Units: BVH has none. The rig is in metres, the file's unit guessed from
// the bind pose's size (bvh-units.ts) unless the caller gives it; the scale
// is returned so that an export can write the file's units again, with the
// words that say which unit was taken.
import type { ClipChannel, ClipData } from '../../animation/clip.js';
import { type BoneDesc, EULER_ORDERS, type EulerOrder, type Vec3Tuple } from '../../rig/rig-desc.js';
import type { BvhChannel, BvhDocument } from './bvh-parse.js';
import { describeUnits, guessBvhUnit } from './bvh-units.js';

export interface BvhRig {
  /** One bone per joint, in the file's order. */
  bones: BoneDesc[];
  clip: ClipData;
  /** Metres per file unit: the rig's lengths are the file's times this. */
  metresPerUnit: number;
  /** Which unit that is and how it was chosen, for the load's summary ("lengths guessed to be in centimetres (…)"). */
  units: string;
}

export interface BvhRigOptions {
  /** Metres per file unit (default: guessed from the bind pose's size, bvh-units.ts). */
  metresPerUnit?: number;
}

const AXES = ['X', 'Y', 'Z'] as const;
const TWO_PI = 2 * Math.PI;

/** The largest extent along any axis of the joints and End Sites at bind, file units. */
function bindExtent(doc: BvhDocument): number {
  const origins: Vec3Tuple[] = [];
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  const include = (p: readonly number[]): void => {
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k], p[k]);
      hi[k] = Math.max(hi[k], p[k]);
    }
  };
  doc.joints.forEach((joint) => {
    const base = joint.parent < 0 ? [0, 0, 0] : origins[joint.parent];
    const origin: Vec3Tuple = [base[0] + joint.offset[0], base[1] + joint.offset[1], base[2] + joint.offset[2]];
    origins.push(origin);
    include(origin);
    if (joint.endSite) include([origin[0] + joint.endSite[0], origin[1] + joint.endSite[1], origin[2] + joint.endSite[2]]);
  });
  return Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

/** The joint's Euler order (its rotation channels reversed, missing axes last) and the channel index feeding each slot (-1: none). */
function jointOrder(channels: readonly string[]): { order: EulerOrder; slotChannel: number[] } {
  const rotations = channels.flatMap((c, k) => (c.endsWith('rotation') ? [{ axis: c[0], k }] : [])).reverse();
  const axes = [...rotations.map((r) => r.axis), ...AXES.filter((a) => !rotations.some((r) => r.axis === a))];
  const order = axes.join('') as EulerOrder;
  if (!EULER_ORDERS.includes(order)) throw new Error(`BVH: rotation channels ${channels.join(' ')} make no Euler order`);
  return { order, slotChannel: [0, 1, 2].map((slot) => rotations[slot]?.k ?? -1) };
}

/** The values unwrapped in place: each shifted by whole turns to within π of the one before. */
function unwrap(values: Float64Array): Float64Array {
  for (let k = 1; k < values.length; k++) values[k] += TWO_PI * Math.round((values[k - 1] - values[k]) / TWO_PI);
  return values;
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let k = 2; used.has(candidate); k++) candidate = `${name}_${k}`;
  used.add(candidate);
  return candidate;
}

/** Converts a parsed BVH file into a rig (bones in file order) and its clip named `name`. */
export function bvhRig(doc: BvhDocument, name: string, options: BvhRigOptions = {}): BvhRig {
  if (options.metresPerUnit !== undefined && !(options.metresPerUnit > 0 && Number.isFinite(options.metresPerUnit))) {
    throw new Error(`BVH: metres per unit ${options.metresPerUnit} must be a finite number > 0`);
  }
  const guess = options.metresPerUnit === undefined ? guessBvhUnit(bindExtent(doc)) : null;
  const metresPerUnit = options.metresPerUnit ?? guess!.unit.metresPerUnit;
  const { frameCount, frameTime, channelCount, motion } = doc;
  const times = Array.from({ length: frameCount }, (_, f) => f * frameTime);
  const column = (c: number, scale: number): Float64Array => Float64Array.from({ length: frameCount }, (_, f) => motion[f * channelCount + c] * scale);
  const keys = (value: (f: number) => number[]): ClipChannel['keys'] => times.map((time, f) => ({ time, value: value(f), interpolation: 'linear' }));
  const scaled = (v: readonly number[]): Vec3Tuple => [v[0] * metresPerUnit, v[1] * metresPerUnit, v[2] * metresPerUnit];

  /** The joint's position per frame (its position channels, OFFSET where it has none), metres, or null without position channels. */
  const positions = (j: number): Vec3Tuple[] | null => {
    const joint = doc.joints[j];
    const axes = AXES.map((axis) => joint.channels.indexOf(`${axis}position` as BvhChannel));
    if (axes.every((k) => k < 0)) return null;
    return times.map((_, f) => scaled(axes.map((k, a) => (k < 0 ? joint.offset[a] : motion[f * channelCount + joint.firstChannel + k]))));
  };

  const used = new Set<string>();
  const channels: ClipChannel[] = [];
  const bones: BoneDesc[] = doc.joints.map((joint, j) => {
    const { order, slotChannel } = jointOrder(joint.channels);
    const min: Vec3Tuple = [-Math.PI, -Math.PI, -Math.PI];
    const max: Vec3Tuple = [Math.PI, Math.PI, Math.PI];
    slotChannel.forEach((k, slot) => {
      if (k < 0) return;
      const angles = unwrap(column(joint.firstChannel + k, Math.PI / 180));
      if (angles.every((a) => a === 0)) return;
      // A little room over the range: the core holds the keys in float32.
      min[slot] = Math.min(min[slot], angles.reduce((a, b) => Math.min(a, b)) - 1e-3);
      max[slot] = Math.max(max[slot], angles.reduce((a, b) => Math.max(a, b)) + 1e-3);
      channels.push({ target: 'angle', bone: j, slot, keys: keys((f) => [angles[f]]) });
    });
    const children = doc.joints.filter((c) => c.parent === j);
    const tip: Vec3Tuple = joint.endSite
      ? scaled(joint.endSite)
      : children.length > 0
        ? scaled([0, 1, 2].map((a) => children.reduce((sum, c) => sum + c.offset[a], 0) / children.length))
        : [0, 0, 0];
    return { name: uniqueName(joint.name, used), parent: joint.parent, restT: scaled(joint.offset), order, min, max, tip };
  });

  // The root offset: the first root with position channels gives it.
  const roots = doc.joints.flatMap((joint, j) => (joint.parent < 0 ? [j] : []));
  const rootJoint = roots.find((j) => positions(j) !== null);
  const rootOffsets: Vec3Tuple[] | null = rootJoint === undefined ? null : positions(rootJoint)!.map((p) => p.map((v, a) => v - bones[rootJoint].restT![a]) as Vec3Tuple);
  if (rootOffsets && rootOffsets.some((p) => p.some((v) => v !== 0))) channels.push({ target: 'root', bone: 0, slot: 0, keys: keys((f) => rootOffsets[f]) });
  const rootMoves = channels.some((c) => c.target === 'root');
  doc.joints.forEach((joint, j) => {
    if (j === rootJoint) return;
    const isRoot = joint.parent < 0;
    const own = positions(j);
    if (own === null && !(isRoot && rootMoves)) return;
    const at = (f: number): Vec3Tuple => own?.[f] ?? bones[j].restT!;
    const value = (f: number): number[] => (isRoot && rootMoves ? at(f).map((v, a) => v - rootOffsets![f][a]) : at(f));
    channels.push({ target: 'translation', bone: j, slot: 0, keys: keys(value) });
  });
  const duration = frameCount > 1 ? (frameCount - 1) * frameTime : frameTime;
  return { bones, clip: { name, duration, fps: 1 / frameTime, channels }, metresPerUnit, units: describeUnits(metresPerUnit, guess) };
}
