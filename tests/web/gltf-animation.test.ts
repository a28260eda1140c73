// glTF animations played through the core: a skinned glTF built in code
// (gltf-fixtures.ts's armatureRig: an "Armature" root with a rotation and a
// 0.01 scale folded into the hips, a non-joint NeckHelper folded into the
// head) with LINEAR, STEP and CUBICSPLINE samplers on rotation, translation
// and scale is loaded with GLTFLoader, its animations converted into our
// clips (gltf-animation.ts), set on the rig and sampled at seeded random
// times; three.js's AnimationMixer plays the same file (a second load) at
// the same times, and every joint's world matrix must equal our bone's model
// matrix within 1e-5.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { gltfClips } from '../../web/src/import/gltf-animation.js';
import { parseGltfModel } from '../../web/src/import/gltf-model.js';
import { importSkin } from '../../web/src/import/gltf-skin-import.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import type { GltfBuilder } from './gltf-builder.js';
import { armatureRig } from './gltf-fixtures.js';
import { seededRandom, uniform } from './seeded-random.js';

type Path = 'rotation' | 'translation' | 'scale';
type Sampler = 'LINEAR' | 'STEP' | 'CUBICSPLINE';
interface TrackDef {
  node: number;
  path: Path;
  interpolation: Sampler;
  times: number[];
  /** Per key: the value (cubic: in-tangent, value, out-tangent). */
  values: number[][];
}

// armatureRig's nodes.
const NODE = { Armature: 0, Hips: 1, Spine: 2, NeckHelper: 3, Head: 4, UpperArmL: 5, ForeArmL: 6, HandL: 7, ThighR: 8, ShinR: 9, FootR: 10, Body: 11 };

function addAnimation(b: GltfBuilder, name: string, tracks: TrackDef[]): void {
  const samplers = tracks.map((t) => ({
    input: b.accessor(new Float32Array(t.times), 'SCALAR'),
    output: b.accessor(new Float32Array(t.values.flat()), t.path === 'rotation' ? 'VEC4' : 'VEC3'),
    interpolation: t.interpolation,
  }));
  for (const [k, t] of tracks.entries()) {
    const accessor = b.json.accessors[samplers[k].input];
    accessor.min = [Math.min(...t.times)];
    accessor.max = [Math.max(...t.times)];
  }
  (b.json.animations ??= []).push({ name, samplers, channels: tracks.map((t, k) => ({ sampler: k, target: { node: t.node, path: t.path } })) });
}

function randomQuaternion(random: () => number, maxAngle: number): number[] {
  const axis = new THREE.Vector3(uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1)).normalize();
  return new THREE.Quaternion().setFromAxisAngle(axis, uniform(random, -maxAngle, maxAngle)).toArray();
}

function randomVector(random: () => number, lo: number, hi: number, size: number): number[] {
  return Array.from({ length: size }, () => uniform(random, lo, hi));
}

/**
 * A track of random keys at `times`; cubic ones get random tangents.
 * Rotations turn up to 1.4 rad from `base` (the node's rest rotation, or
 * identity: far from a rest turned 80° or 180°).
 */
function randomTrack(random: () => number, node: number, path: Path, interpolation: Sampler, times: number[], base: number[] = [0, 0, 0, 1]): TrackDef {
  const rotation = (): number[] => new THREE.Quaternion().fromArray(base).multiply(new THREE.Quaternion().fromArray(randomQuaternion(random, 1.4))).toArray();
  const value = (): number[] => (path === 'rotation' ? rotation() : path === 'scale' ? randomVector(random, 0.6, 1.5, 3) : randomVector(random, -20, 20, 3));
  const tangent = (): number[] => randomVector(random, -0.6, 0.6, path === 'rotation' ? 4 : 3).map((x) => (path === 'translation' ? 10 * x : x));
  const values = times.map(() => (interpolation === 'CUBICSPLINE' ? [...tangent(), ...value(), ...tangent()] : value()));
  return { node, path, interpolation, times, values };
}

/**
 * The file: armatureRig with two animations of seeded random keys, the
 * rotations near each joint's rest (as animations are), or anywhere with
 * `farFromRest`. With `helperTrack`, 'mixed' also turns NeckHelper (a node
 * between two joints that the rig folds into the head's rest, so it cannot
 * play it).
 */
function animatedFile(seed: number, options: { helperTrack?: boolean; farFromRest?: boolean } = {}): ArrayBuffer {
  const random = seededRandom(seed);
  const b = armatureRig();
  const rest = (node: number): number[] => (options.farFromRest ? [0, 0, 0, 1] : (b.json.nodes[node].rotation ?? [0, 0, 0, 1]));
  const turn = (node: number, interpolation: Sampler, keyTimes: number[]): TrackDef => randomTrack(random, node, 'rotation', interpolation, keyTimes, rest(node));
  const times = [0, 0.4, 0.7, 1.3, 2];
  const restSpine = b.json.nodes[NODE.Spine].rotation ?? [0, 0, 0, 1];
  const flipped = turn(NODE.FootR, 'LINEAR', times);
  // The same rotation on the other hemisphere: slerp must still take the short way.
  flipped.values[2] = flipped.values[2].map((x) => -x);
  addAnimation(b, 'mixed', [
    turn(NODE.Hips, 'LINEAR', times),
    randomTrack(random, NODE.Hips, 'translation', 'LINEAR', times),
    turn(NODE.Head, 'CUBICSPLINE', times),
    randomTrack(random, NODE.Head, 'translation', 'CUBICSPLINE', times),
    turn(NODE.UpperArmL, 'STEP', times),
    randomTrack(random, NODE.ForeArmL, 'scale', 'LINEAR', times),
    randomTrack(random, NODE.ShinR, 'scale', 'CUBICSPLINE', times),
    randomTrack(random, NODE.Spine, 'translation', 'STEP', times),
    flipped,
    // At rest all along: left out.
    { node: NODE.Spine, path: 'rotation', interpolation: 'LINEAR', times: [0, 1], values: [restSpine, restSpine] },
    // Not joints of the skin: named in a warning (the mesh node's motion moves no joint).
    randomTrack(random, NODE.Body, 'translation', 'LINEAR', times),
    ...(options.helperTrack ? [randomTrack(random, NODE.NeckHelper, 'rotation', 'LINEAR', times)] : []),
  ]);
  addAnimation(b, 'second', [
    turn(NODE.ThighR, 'CUBICSPLINE', [0, 0.25, 0.9]),
    randomTrack(random, NODE.Hips, 'translation', 'STEP', [0, 0.25, 0.9]),
    randomTrack(random, NODE.HandL, 'scale', 'STEP', [0.1, 0.25, 0.9]),
  ]);
  return b.glb();
}

async function parse(bytes: ArrayBuffer) {
  return parseGltfModel(bytes, { resourcePath: '', allowUri: () => 'the test files embed everything' });
}

describe('glTF animation', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('converts each animation into a clip: targets, interpolations, rest channels left out, other nodes named', async () => {
    const model = await parse(animatedFile(1, { helperTrack: true }));
    const imported = importSkin(model);
    const { clips, warnings } = gltfClips(model.gltf.animations, imported.rig);
    expect(clips.map((c) => c.name)).toEqual(['mixed', 'second']);
    const bone = (name: string) => imported.rig.bones.findIndex((b) => b.name === name);
    const summary = clips[0].channels.map((c) => `${c.target} ${c.target === 'root' ? '' : imported.rig.bones[c.bone].name} ${c.keys[0].interpolation}`);
    expect(summary).toEqual([
      'rotation Hips linear',
      'root  linear',
      'rotation Head cubic-spline',
      'translation Head cubic-spline',
      'rotation UpperArmL step',
      'scale ForeArmL linear',
      'scale ShinR cubic-spline',
      'translation Spine step',
      'rotation FootR linear',
    ]);
    expect(bone('Spine')).toBeGreaterThan(0);
    expect(warnings).toEqual([`Animation 'mixed': 2 track(s) do not animate the skin's joints and are not played (Body position, NeckHelper quaternion).`]);
  });

  it.each([1, 2, 3])('the core plays every animation as three.js AnimationMixer at 40 random times (seed %i) within 1e-5', async (seed) => {
    expect(await worstAgainstMixer(animatedFile(seed), seed)).toBeLessThan(1e-5);
  });

  // Rotations far from a rest turned 80° or 180° make E(θ) turn past ±π: the core must wrap the
  // sampled Euler angles into the default ±π limits rather than clamp them.
  it.each([4, 5])('plays rotations far from rest too (seed %i) within 1e-5', async (seed) => {
    expect(await worstAgainstMixer(animatedFile(seed, { farFromRest: true }), seed)).toBeLessThan(1e-5);
  });

  async function worstAgainstMixer(bytes: ArrayBuffer, seed: number): Promise<number> {
    const model = await parse(bytes);
    const imported = importSkin(model);
    const { clips } = gltfClips(model.gltf.animations, imported.rig);
    const rig = Rig.create(module, imported.rig.bones);
    const random = seededRandom(1000 + seed);
    let worst = 0;
    try {
      for (const [a, clip] of clips.entries()) {
        // A fresh load for three.js: its mixer moves the nodes.
        const gltf = (await parse(bytes)).gltf;
        const mixer = new THREE.AnimationMixer(gltf.scene);
        const action = mixer.clipAction(gltf.animations[a]).setLoop(THREE.LoopOnce, 1);
        action.clampWhenFinished = true;
        action.play();
        const joints = (await gltf.parser.getDependency('skin', 0)).bones as THREE.Bone[];
        rig.setClip(clip);
        const times = [0, clip.duration, ...Array.from({ length: 40 }, () => uniform(random, 0, clip.duration))];
        for (const time of times) {
          // A clamped LoopOnce action pauses at its end; the times are not in order.
          action.paused = false;
          mixer.setTime(time);
          gltf.scene.updateMatrixWorld(true);
          rig.sampleClip(time, 'clamp');
          const model_ms = rig.modelMatrices();
          joints.forEach((joint, j) => {
            const bone = imported.rig.jointToBone[j];
            joint.matrixWorld.elements.forEach((value, k) => {
              worst = Math.max(worst, Math.abs(value - model_ms[16 * bone + k]));
            });
          });
        }
      }
      return worst;
    } finally {
      rig.dispose();
    }
  }
});
