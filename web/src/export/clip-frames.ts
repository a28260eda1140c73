// A clip resampled through the core at a frame rate, as every bone's local
// transform per frame — what the exports write (BVH rows, glTF node
// tracks). Each frame is one rig.sampleClip(), then the bone's local
// transform P_parent⁻¹ · P_j from the core's model matrices, split into
// translation, rotation and scale: the rotation is the node's whole local
// rotation R(rest_q)·F·E(θ)·F⁻¹ and a root's translation includes the root
// offset, exactly as the core's forward kinematics put them together.
import * as THREE from 'three';
import type { ClipData } from '../animation/clip.js';
import type { Rig } from '../rig/rig.js';

export interface ClipFrames {
  /** Seconds: frame k is at k / fps. */
  times: Float64Array;
  /** Per frame, per bone: 3 numbers (parent space). */
  translations: Float64Array;
  /** Per frame, per bone: x y z w, each bone's quaternions kept on one hemisphere from frame to frame. */
  rotations: Float64Array;
  scales: Float64Array;
}

/** Frames from 0 to the clip's duration at `fps` (the last at the frame nearest the end). */
export function frameTimes(duration: number, fps: number): Float64Array {
  if (!(fps > 0 && Number.isFinite(fps))) throw new Error(`Export: the frame rate ${fps} is not a positive number`);
  const last = Math.max(1, Math.round(duration * fps));
  return Float64Array.from({ length: last + 1 }, (_, k) => k / fps);
}

/**
 * Samples `clip` on `rig` at `fps`. The rig's clip becomes `clip`; its pose
 * (angles, root offset) is put back afterwards with the clip's animated
 * translations and scales reset, so the caller samples again to show a frame.
 */
export function clipFrames(rig: Rig, clip: ClipData, fps: number): ClipFrames {
  const times = frameTimes(clip.duration, fps);
  const n = rig.boneCount;
  const savedPose = Float32Array.from(rig.pose());
  const savedRoot = rig.rootOffset;
  const frames: ClipFrames = {
    times,
    translations: new Float64Array(times.length * n * 3),
    rotations: new Float64Array(times.length * n * 4),
    scales: new Float64Array(times.length * n * 3),
  };
  const parentInverse = new THREE.Matrix4();
  const local = new THREE.Matrix4();
  const t = new THREE.Vector3();
  const q = new THREE.Quaternion();
  const s = new THREE.Vector3();
  rig.clips.setClip(clip);
  try {
    times.forEach((time, f) => {
      rig.clips.sampleClip(time, 'clamp');
      const model_ms = rig.modelMatrices();
      for (let j = 0; j < n; j++) {
        local.fromArray(model_ms, 16 * j);
        const parent = rig.parents[j];
        if (parent >= 0) local.premultiply(parentInverse.fromArray(model_ms, 16 * parent).invert());
        local.decompose(t, q, s);
        const at = f * n + j;
        if (f > 0) {
          const previous = 4 * (at - n);
          const r = frames.rotations;
          if (q.x * r[previous] + q.y * r[previous + 1] + q.z * r[previous + 2] + q.w * r[previous + 3] < 0) q.set(-q.x, -q.y, -q.z, -q.w);
        }
        t.toArray(frames.translations, 3 * at);
        q.toArray(frames.rotations, 4 * at);
        s.toArray(frames.scales, 3 * at);
      }
    });
  } finally {
    rig.clips.setClip(clip);
    rig.setPose(savedPose, savedRoot);
  }
  return frames;
}
