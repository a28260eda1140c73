// The keyframe clip as the page edits, shares and exports it: per-bone
// channels with their own keys, plus a root-offset channel. DOM-free and
// three.js-free; the core (wasm/include/kin/animation/clip.h) samples the
// same data after Rig.setClip() flattens it, so the meaning of every field
// below is the core's.
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
//   second), each as long as the value.
// TODO(core helper): derive these from the module's contract (rig/contract.ts)
// once contract() lists interpolations, channelTargets and loopModes.
export type Interpolation = 'step' | 'linear' | 'catmull-rom' | 'tcb' | 'cubic-spline';
export type ChannelTarget = 'angle' | 'rotation' | 'root' | 'translation' | 'scale';
/** 'clamp' holds the ends; 'loop' wraps time into [0, duration). */
export type LoopMode = 'clamp' | 'loop';

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

/** Values per key for a channel target. */
export function valueSize(target: ChannelTarget): number {
  return target === 'angle' ? 1 : target === 'rotation' ? 4 : 3;
}
