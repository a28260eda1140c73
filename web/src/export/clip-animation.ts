// A clip as a three.js AnimationClip of the exported joint nodes
// (joint-nodes.ts), for GLTFExporter's `animations` option: the clip
// resampled through the core at its frame rate (clip-frames.ts) into LINEAR
// node tracks — every joint's quaternion (its whole local rotation
// R(rest_q)·F·E(θ)·F⁻¹), the roots' translations (rest translation + root
// offset), and the translation or scale of bones the clip animates so. Other
// tools play the file's animation without knowing our joint model. Tracks
// name their node by uuid, which GLTFExporter resolves as the mixer does.
import * as THREE from 'three';
import type { ClipData } from '../animation/clip.js';
import type { Rig } from '../rig/rig.js';
import { clipFrames } from './clip-frames.js';

/** The column of bone `j` (size numbers per frame) out of per-frame, per-bone data. */
function boneColumn(data: Float64Array, frames: number, bones: number, j: number, size: number): Float32Array {
  const out = new Float32Array(frames * size);
  for (let f = 0; f < frames; f++) for (let k = 0; k < size; k++) out[f * size + k] = data[(f * bones + j) * size + k];
  return out;
}

/** `clip` sampled on `rig` (which takes it as its clip) at `fps` (default the clip's) as tracks of `joints` (rig order). */
export function clipAnimation(rig: Rig, clip: ClipData, joints: readonly THREE.Object3D[], fps = clip.fps): THREE.AnimationClip {
  const frames = clipFrames(rig, clip, fps);
  const count = frames.times.length;
  const n = rig.boneCount;
  const times = Float32Array.from(frames.times);
  const animated = (target: string): Set<number> => new Set(clip.channels.filter((c) => c.target === target).map((c) => c.bone));
  const translated = animated('translation');
  const scaled = animated('scale');
  const tracks: THREE.KeyframeTrack[] = [];
  joints.forEach((joint, j) => {
    tracks.push(new THREE.QuaternionKeyframeTrack(`${joint.uuid}.quaternion`, times, boneColumn(frames.rotations, count, n, j, 4)));
    if (rig.parents[j] < 0 || translated.has(j)) tracks.push(new THREE.VectorKeyframeTrack(`${joint.uuid}.position`, times, boneColumn(frames.translations, count, n, j, 3)));
    if (scaled.has(j)) tracks.push(new THREE.VectorKeyframeTrack(`${joint.uuid}.scale`, times, boneColumn(frames.scales, count, n, j, 3)));
  });
  return new THREE.AnimationClip(clip.name, times[count - 1], tracks);
}
