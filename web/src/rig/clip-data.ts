// The keyframe clip as the page edits, shares and exports it: per-bone
// channels with their own keys, plus a root-offset channel. The core
// (wasm/include/kin/animation/clip.h, interpolation.h) samples the same data
// after Rig.setClip() flattens it here (flattenClip), so the meaning of every
// field below is the core's; web/src/animation/clip.ts re-exports it for the
// page (the rig layer cannot import from animation/).
//
// - A key's interpolation governs the segment from it to the next key (as in
//   glTF and Blender); the last key's is unused for sampling but kept.
// - 'angle' channels hold one of the bone's Euler angles (slot 0, 1 or 2 of
//   its order, radians); they are unwrapped by the core so that interpolation
//   takes the short way round.
// - 'rotation' channels hold the bone's pose rotation E(θ) as a unit
//   quaternion x y z w (the rotation the Euler angles make, in the joint
//   frame; not the node's whole local rotation). On them 'linear' is slerp
//   (shortest arc) and 'catmull-rom' / 'tcb' are the core's C¹ quaternion
//   spline; 'cubic-spline' is glTF's component-wise Hermite, normalised.
// - 'root' is the root offset (model space, added to every root's rest
//   translation), 'translation' and 'scale' replace a bone's rest translation
//   and scale (glTF and BVH channels on non-root joints).
// - 'tcb' reads tension, continuity, bias (default 0: Catmull-Rom exactly).
// - 'cubic-spline' reads inTangent and outTangent (glTF: value units per
//   second), each as long as the value (absent: zero).
// The names (Interpolation, ChannelTarget, LoopMode) are the module's
// contract's (contract.ts).
import type { FlatClip } from '../wasm/generated/kin.js';
import type { FlatClipShape } from '../wasm/generated/shapes.js';
import { type ChannelTarget, type Interpolation, type KinContract, builtContract } from './contract.js';

export type { ChannelTarget, Interpolation, LoopMode } from './contract.js';

export interface ClipKey {
  /** Seconds, finite, strictly increasing within a channel. */
  time: number;
  /** 1 number for 'angle', 4 (x y z w) for 'rotation', 3 otherwise. */
  value: number[];
  interpolation: Interpolation;
  tension?: number;
  continuity?: number;
  bias?: number;
  inTangent?: number[];
  outTangent?: number[];
}

export interface ClipChannel {
  target: ChannelTarget;
  /** Bone index (ignored for 'root'). */
  bone: number;
  /** Euler slot 0..2 for 'angle' channels, else 0. */
  slot: number;
  keys: ClipKey[];
}

export interface ClipData {
  name: string;
  /** Seconds, > 0; keys may lie anywhere in [0, duration]. */
  duration: number;
  /** Frames per second for stepping, BVH export and glTF export resampling. */
  fps: number;
  channels: ClipChannel[];
}

/** Values per key for a channel target (the contract's channelValueSizes). */
export function valueSize(target: ChannelTarget, contract: KinContract = builtContract): number {
  const code = contract.channelTargets.indexOf(target);
  if (code < 0) throw new Error(`Rig: clip: target '${String(target)}' is not one of ${contract.channelTargets.join(', ')}`);
  return contract.channelValueSizes[code];
}

/**
 * The clip as the module's setClip takes it, with the contract's codes.
 * Throws Error('Rig: clip: …') for what only TypeScript can see (an unknown
 * name, a value or tangent of the wrong length), naming the channel and key
 * as the core does (`describe(c)` gives the channel's words); everything else
 * (times, finiteness, bone ranges, …) the core validates.
 */
export function flattenClip(clip: ClipData, contract: KinContract, describe: (channel: number) => string): FlatClip {
  const channels = clip.channels;
  const keyCount = channels.reduce((n, c) => n + (Array.isArray(c.keys) ? c.keys.length : 0), 0);
  const valueCount = channels.reduce((n, c) => {
    const code = contract.channelTargets.indexOf(c.target);
    return n + (code < 0 || !Array.isArray(c.keys) ? 0 : c.keys.length * contract.channelValueSizes[code]);
  }, 0);
  const hasTangents = channels.some((c) => Array.isArray(c.keys) && c.keys.some((k) => k.inTangent !== undefined || k.outTangent !== undefined));
  const flat = {
    duration: clip.duration,
    targets: new Int32Array(channels.length),
    bones: new Int32Array(channels.length),
    slots: new Int32Array(channels.length),
    keyCounts: new Int32Array(channels.length),
    times: new Float64Array(keyCount),
    interpolations: new Int32Array(keyCount),
    tension: new Float64Array(keyCount),
    continuity: new Float64Array(keyCount),
    bias: new Float64Array(keyCount),
    values: new Float64Array(valueCount),
    inTangents: hasTangents ? new Float64Array(valueCount) : undefined,
    outTangents: hasTangents ? new Float64Array(valueCount) : undefined,
    // Exactly the core's clip fields (kin/shape_fields.h): a renamed, added or dropped one fails the type check here.
  } satisfies FlatClipShape;
  let key = 0;
  let value = 0;
  channels.forEach((channel, c) => {
    const code = contract.channelTargets.indexOf(channel.target);
    if (code < 0) throw new Error(`Rig: clip: channel ${c}: target '${String(channel.target)}' is not one of ${contract.channelTargets.join(', ')}`);
    if (!Array.isArray(channel.keys)) throw new Error(`Rig: clip: ${describe(c)}: keys is not an array`);
    const size = contract.channelValueSizes[code];
    flat.targets[c] = code;
    // -1 for a non-integer, which the core then names as out of range.
    flat.bones[c] = Number.isInteger(channel.bone) ? channel.bone : -1;
    flat.slots[c] = Number.isInteger(channel.slot) ? channel.slot : -1;
    flat.keyCounts[c] = channel.keys.length;
    channel.keys.forEach((k, i) => {
      const where = `Rig: clip: ${describe(c)}: key ${i}`;
      const interpolation = contract.interpolations.indexOf(k.interpolation);
      if (interpolation < 0) throw new Error(`${where}: interpolation '${String(k.interpolation)}' is not one of ${contract.interpolations.join(', ')}`);
      const numbers = (v: number[] | undefined, what: string, out: Float64Array | undefined): void => {
        if (v === undefined || out === undefined) return;
        if (!Array.isArray(v) || v.length !== size) throw new Error(`${where}: ${what} has ${Array.isArray(v) ? v.length : 'no'} numbers, expected ${size}`);
        out.set(v, value);
      };
      numbers(k.value ?? [], 'value', flat.values);
      numbers(k.inTangent, 'inTangent', flat.inTangents);
      numbers(k.outTangent, 'outTangent', flat.outTangents);
      flat.times[key] = k.time;
      flat.interpolations[key] = interpolation;
      flat.tension[key] = k.tension ?? 0;
      flat.continuity[key] = k.continuity ?? 0;
      flat.bias[key] = k.bias ?? 0;
      key += 1;
      value += size;
    });
  });
  return flat;
}
