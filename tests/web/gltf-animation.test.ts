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
import { animatedFile } from './gltf-animated-file.js';
import { seededRandom, uniform } from './seeded-random.js';

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
        rig.clips.setClip(clip);
        const times = [0, clip.duration, ...Array.from({ length: 40 }, () => uniform(random, 0, clip.duration))];
        for (const time of times) {
          // A clamped LoopOnce action pauses at its end; the times are not in order.
          action.paused = false;
          mixer.setTime(time);
          gltf.scene.updateMatrixWorld(true);
          rig.clips.sampleClip(time, 'clamp');
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
