// BVH export: the file our exporter writes for a character and a clip, read
// back by three.js's BVHLoader (an independent reader: it builds each
// joint's rotation by multiplying the channels' axis rotations in the listed
// order) and played by its AnimationMixer, puts every joint and End Site
// where our core's sample puts the bones and tips, at every frame. Done for
// the default character with a seeded random clip, and for a rig with rest
// rotations and joint frames (so the whole local rotation R(rest_q)·F·E·F⁻¹
// is what is written). Then a round trip: import → export → import gives
// the same joint positions within the file's precision.
import * as THREE from 'three';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClipChannel, ClipData, Interpolation } from '../../web/src/animation/clip.js';
import { exportBvh } from '../../web/src/export/bvh-export.js';
import { parseBvh } from '../../web/src/import/bvh/bvh-parse.js';
import { bvhRig } from '../../web/src/import/bvh/bvh-rig.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { BODY_PRESETS, restScalesFor } from '../../web/src/posing/proportions.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';
import { seededRandom, uniform } from './seeded-random.js';

const INTERPOLATIONS: Interpolation[] = ['linear', 'catmull-rom', 'step', 'tcb'];

/** A clip of random keys within each bone's limits on every slot of `bones` (by index), and a moving root. */
function randomClip(seed: number, rig: Rig, bones: readonly number[], duration: number): ClipData {
  const random = seededRandom(seed);
  const channels: ClipChannel[] = [];
  const times = [0, 0.3 * duration, 0.55 * duration, duration];
  for (const bone of bones) {
    const { min, max } = rig.limits(bone);
    for (let slot = 0; slot < 3; slot++) {
      if (min[slot] === max[slot]) continue;
      channels.push({
        target: 'angle',
        bone,
        slot,
        keys: times.map((time) => ({ time, value: [uniform(random, min[slot], max[slot])], interpolation: INTERPOLATIONS[Math.floor(random() * INTERPOLATIONS.length)], tension: 0.3 })),
      });
    }
  }
  channels.push({ target: 'root', bone: 0, slot: 0, keys: times.map((time) => ({ time, value: [uniform(random, -0.3, 0.3), uniform(random, -0.1, 0.1), uniform(random, -0.3, 0.3)], interpolation: 'catmull-rom' })) });
  return { name: `random ${seed}`, duration, fps: 24, channels };
}

/** three.js's reading of the file: its bones' world positions at each of its frames (by bone name; End Sites by their joint's name + '/end'). */
function threeFrames(text: string): { frames: Map<string, THREE.Vector3>[]; frameTime: number } {
  const { skeleton, clip } = new BVHLoader().parse(text);
  const root = skeleton.bones[0];
  const mixer = new THREE.AnimationMixer(root);
  // Played once and held at the end: looping would wrap the last frame's time to the first.
  const action = mixer.clipAction(clip).setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  const times = clip.tracks[0].times;
  const frames = Array.from(times, (time) => {
    mixer.setTime(time);
    root.updateMatrixWorld(true);
    const at = new Map<string, THREE.Vector3>();
    for (const bone of skeleton.bones) {
      const key = bone.name === 'ENDSITE' ? `${bone.parent!.name}/end` : bone.name;
      at.set(key, new THREE.Vector3().setFromMatrixPosition(bone.matrixWorld));
    }
    return at;
  });
  return { frames, frameTime: times[1] - times[0] };
}

/** Largest distance between three.js's joints and End Sites and our core's bones and leaf tips over every frame. */
function worstDistance(rig: Rig, clip: ClipData, text: string, fps: number, metresPerUnit: number): { worst: number; frames: number } {
  const { frames } = threeFrames(text);
  let worst = 0;
  rig.clips.setClip(clip);
  frames.forEach((at, f) => {
    rig.clips.sampleClip(f / fps, 'clamp');
    const model = rig.modelMatrices();
    const tips = rig.boneTips();
    rig.boneNames.forEach((name, j) => {
      const ours = new THREE.Vector3(model[16 * j + 12], model[16 * j + 13], model[16 * j + 14]);
      const theirs = at.get(name)!.clone().multiplyScalar(metresPerUnit);
      worst = Math.max(worst, ours.distanceTo(theirs));
      const end = at.get(`${name}/end`);
      if (end) worst = Math.max(worst, new THREE.Vector3(tips[3 * j], tips[3 * j + 1], tips[3 * j + 2]).distanceTo(end.clone().multiplyScalar(metresPerUnit)));
    });
  });
  return { worst, frames: frames.length };
}

/** A chain with rest rotations, joint frames and a proper Euler order. */
function turnedRig(): BoneDesc[] {
  const q = (axis: [number, number, number], angle: number) => new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...axis).normalize(), angle).toArray() as [number, number, number, number];
  return [
    { name: 'base', parent: -1, restT: [0.1, 0.5, -0.2], restQ: q([0, 0, 1], 0.4), frame: q([1, 1, 0], 0.7), order: 'ZXY', tip: [0, 0.4, 0] },
    { name: 'middle', parent: 0, restT: [0, 0.4, 0], restQ: q([1, 0, 0], -0.5), frame: q([0, 1, 1], 1.1), order: 'XZX', tip: [0.3, 0, 0] },
    { name: 'end', parent: 1, restT: [0.3, 0, 0], restQ: q([0, 1, 0], 0.9), order: 'YXZ', tip: [0, 0, 0.2] },
  ];
}

describe('BVH export', () => {
  let module: KinModule;
  let defaultBones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    defaultBones = await defaultCharacterBones();
  });

  it.each([11, 12])('the default character with random clip (seed %i) plays in three.js BVHLoader as in our core within 1e-4 at every frame', (seed) => {
    const rig = Rig.create(module, defaultBones);
    try {
      const clip = randomClip(seed, rig, [0, 1, 2, 4, 6, 7, 8, 10, 11, 13, 14, 15, 17, 18], 1.5);
      const { text, warnings } = exportBvh(rig, clip, { fps: 30 });
      expect(warnings).toEqual([]);
      const { worst, frames } = worstDistance(rig, clip, text, 30, 1);
      expect(frames).toBe(46);
      expect(worst).toBeLessThan(1e-4);
    } finally {
      rig.dispose();
    }
  });

  it('writes centimetres when asked, and BVHLoader reads the same motion at that scale (seed 13)', () => {
    const rig = Rig.create(module, defaultBones);
    try {
      const clip = randomClip(13, rig, [0, 6, 7, 13, 14], 1);
      const { text } = exportBvh(rig, clip, { fps: 20, metresPerUnit: 0.01 });
      expect(text).toContain('OFFSET 0.000000 16.000000 0.000000');
      expect(worstDistance(rig, clip, text, 20, 0.01).worst).toBeLessThan(1e-4);
    } finally {
      rig.dispose();
    }
  });

  it('writes the whole local rotation of a rig with rest rotations, joint frames and a proper Euler order (seed 14)', () => {
    const rig = Rig.create(module, turnedRig());
    try {
      const clip = randomClip(14, rig, [0, 1, 2], 2);
      const { text } = exportBvh(rig, clip, { fps: 25 });
      expect(worstDistance(rig, clip, text, 25, 1).worst).toBeLessThan(1e-4);
    } finally {
      rig.dispose();
    }
  });

  it('writes the proportions’ uniform rest scales into the lengths: BVHLoader plays the heroic body as our core (seed 16)', () => {
    const rig = Rig.create(module, defaultBones);
    try {
      rig.setRestScales(restScalesFor(rig, BODY_PRESETS.find((p) => p.id === 'heroic')!.proportions));
      const clip = randomClip(16, rig, [0, 1, 2, 6, 7, 8, 13, 14], 1);
      const { text, warnings } = exportBvh(rig, clip, { fps: 20 });
      expect(warnings).toEqual([]);
      expect(worstDistance(rig, clip, text, 20, 1).worst).toBeLessThan(1e-4);
    } finally {
      rig.dispose();
    }
  });

  it('puts the pose back after sampling and says that a bone scaled unevenly loses its scale', () => {
    const bones = turnedRig();
    bones[1].restS = [2, 1, 1];
    const rig = Rig.create(module, bones);
    try {
      rig.setAngles(1, 0.2, -0.1, 0.3);
      const before = Array.from(rig.pose());
      const { warnings } = exportBvh(rig, randomClip(15, rig, [1], 1), { fps: 10 });
      expect(warnings).toEqual([`BVH has no scale: the scale of 'middle' is not written.`]);
      expect(Array.from(rig.pose())).toEqual(before);
    } finally {
      rig.dispose();
    }
  });

  it('round trip: a BVH with mixed orders in centimetres → our rig → export in its units → import gives the same joint positions', () => {
    const file = `HIERARCHY
ROOT Hips
{
  OFFSET 0 90 0
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT Leg
  {
    OFFSET 10 -5 0
    CHANNELS 3 Xrotation Yrotation Zrotation
    JOINT Shin
    {
      OFFSET 0 -40 0
      CHANNELS 3 Yrotation Zrotation Xrotation
      End Site
      {
        OFFSET 0 -40 5
      }
    }
  }
  JOINT Spine
  {
    OFFSET 0 15 0
    CHANNELS 6 Xposition Yposition Zposition Xrotation Zrotation Yrotation
    End Site
    {
      OFFSET 0 30 0
    }
  }
}
MOTION
Frames: 4
Frame Time: 0.04
1 90 2 10 20 30 5 -10 15 40 -20 10 0 15 0 5 5 5
3 91 2 20 -20 40 25 -15 20 60 -30 0 1 16 0 -5 15 25
6 92 1 170 -10 -170 45 -25 60 80 -45 -20 2 17 1 -15 30 60
9 91 0 -175 5 160 60 -30 90 100 -60 -40 2 15 2 -30 45 95
`;
    const first = bvhRig(parseBvh(file), 'walk');
    expect(first.metresPerUnit).toBe(0.01);
    const rigA = Rig.create(module, first.bones);
    const { text } = exportBvh(rigA, first.clip, { fps: 25, metresPerUnit: first.metresPerUnit });
    const second = bvhRig(parseBvh(text), 'walk again');
    expect(second.metresPerUnit).toBe(0.01);
    expect(second.bones.map((b) => b.name)).toEqual(first.bones.map((b) => b.name));
    const rigB = Rig.create(module, second.bones);
    try {
      rigA.clips.setClip(first.clip);
      rigB.clips.setClip(second.clip);
      let worst = 0;
      for (let f = 0; f < 4; f++) {
        rigA.clips.sampleClip(f * 0.04, 'clamp');
        rigB.clips.sampleClip(f * 0.04, 'clamp');
        const [a, b] = [rigA.modelMatrices(), rigB.modelMatrices()];
        for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
        // The End Sites (leaf tips) travel in the file; an inner bone's tip is inferred from its
        // children's OFFSETs, which the export writes as 0 for joints with position channels.
        const [ta, tb] = [rigA.boneTips(), rigB.boneTips()];
        for (const leaf of ['Shin', 'Spine'].map((name) => rigA.boneIndex(name))) {
          for (let k = 3 * leaf; k < 3 * leaf + 3; k++) worst = Math.max(worst, Math.abs(ta[k] - tb[k]));
        }
      }
      // Six decimals of centimetres and degrees; the core samples in float32 (~1e-7 of 1 m).
      expect(worst).toBeLessThan(2e-6);
    } finally {
      rigA.dispose();
      rigB.dispose();
    }
  });
});
