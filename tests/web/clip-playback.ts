// Test clips for the exports, and three.js playing an exported clip against
// our core sampling it.
import * as THREE from 'three';
import type { ClipChannel, ClipData } from '../../web/src/animation/clip.js';
import type { Rig } from '../../web/src/rig/rig.js';
import { seededRandom, uniform } from './seeded-random.js';

/** Random keys within the limits on every free slot of every bone, a moving root; Catmull-Rom and linear. */
export function randomClip(seed: number, rig: Rig, duration: number, fps: number): ClipData {
  const random = seededRandom(seed);
  const times = [0, 0.35 * duration, 0.6 * duration, duration];
  const channels: ClipChannel[] = [];
  for (let bone = 0; bone < rig.boneCount; bone++) {
    const { min, max } = rig.limits(bone);
    for (let slot = 0; slot < 3; slot++) {
      if (min[slot] === max[slot]) continue;
      channels.push({ target: 'angle', bone, slot, keys: times.map((time) => ({ time, value: [uniform(random, min[slot], max[slot])], interpolation: random() < 0.5 ? 'catmull-rom' : 'linear' })) });
    }
  }
  channels.push({ target: 'root', bone: 0, slot: 0, keys: times.map((time) => ({ time, value: [uniform(random, -0.2, 0.2), uniform(random, -0.1, 0.1), uniform(random, -0.2, 0.2)], interpolation: 'linear' })) });
  return { name: `clip ${seed}`, duration, fps, channels };
}

/**
 * The largest difference, over every frame of `clip`, between the world
 * matrices of `joints` (rig order) as three.js's AnimationMixer on `root`
 * plays `animation`, and our core's model matrices of `clip` sampled on
 * `rig` carried by `toWorld` (identity: model space is the file's). The rig
 * takes `clip` as its clip.
 */
export function worstPlaybackDifference(root: THREE.Object3D, animation: THREE.AnimationClip, joints: readonly THREE.Object3D[], rig: Rig, clip: ClipData, toWorld = new THREE.Matrix4()): number {
  const mixer = new THREE.AnimationMixer(root);
  const action = mixer.clipAction(animation).setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  rig.clips.setClip(clip);
  const world = new THREE.Matrix4();
  let worst = 0;
  const frames = Math.round(clip.duration * clip.fps);
  for (let f = 0; f <= frames; f++) {
    const time = f / clip.fps;
    action.paused = false;
    mixer.setTime(time);
    root.updateMatrixWorld(true);
    rig.clips.sampleClip(time, 'clamp');
    const model_ms = rig.modelMatrices();
    joints.forEach((joint, j) => {
      world.fromArray(model_ms, 16 * j).premultiply(toWorld);
      joint.matrixWorld.elements.forEach((value, k) => (worst = Math.max(worst, Math.abs(value - world.elements[k]))));
    });
  }
  return worst;
}
