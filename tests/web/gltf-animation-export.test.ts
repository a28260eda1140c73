// Export GLB with the clip: the file holds the clip as a glTF animation of
// the joint nodes (resampled through the core at the clip's fps), so that
// three.js — GLTFLoader reading the file, AnimationMixer playing it — puts
// every joint where our core's sample puts the bone, at every frame, within
// 1e-4. For the default character and for a rig with rest rotations, joint
// frames and a proper Euler order. The export leaves the pose on screen as
// it was, and the page's importer reads the animation back as a clip that
// the core plays the same way.
import './file-reader-shim.js';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClipData } from '../../web/src/animation/clip.js';
import { exportGlb } from '../../web/src/export/character-export.js';
import { bvhSkeletonMesh } from '../../web/src/import/bvh/bvh-mesh.js';
import { GltfImporter } from '../../web/src/import/gltf-importer.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { lessonSkinnedMesh } from '../../web/src/lessons/lesson-mesh.js';
import type { CharacterSource } from '../../web/src/posing/character-source.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { CharacterMeshes } from '../../web/src/three/character-meshes.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from './default-character.js';
import { randomClip, worstPlaybackDifference } from './clip-playback.js';

/** The largest difference between three.js's joint world matrices (the file played by its mixer) and our core's model matrices, at every frame. */
async function worstAgainstMixer(bytes: ArrayBuffer, rig: Rig, clip: ClipData): Promise<number> {
  const gltf = await new GLTFLoader().parseAsync(bytes, '');
  expect(gltf.animations.map((a) => a.name)).toEqual([clip.name]);
  const joints = ((await gltf.parser.getDependency('skin', 0)) as THREE.Skeleton).bones;
  expect(joints.map((j) => j.name)).toEqual(rig.boneNames.map((name) => name.replace(/[\s.]/g, (c) => (c === '.' ? '' : '_'))));
  return worstPlaybackDifference(gltf.scene, gltf.animations[0], joints, rig, clip);
}

/** A chain with rest rotations, joint frames and a proper Euler order, with tubes skinned to it. */
function turnedCharacter(module: KinModule): { rig: Rig; character: CharacterMeshes } {
  const q = (axis: [number, number, number], angle: number) => new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...axis).normalize(), angle).toArray() as [number, number, number, number];
  const bones: BoneDesc[] = [
    { name: 'base', parent: -1, restT: [0.1, 0.5, -0.2], restQ: q([0, 0, 1], 0.4), frame: q([1, 1, 0], 0.7), order: 'ZXY', tip: [0, 0.4, 0], min: [-1, -1, -1], max: [1, 1, 1] },
    { name: 'middle', parent: 0, restT: [0, 0.4, 0], restQ: q([1, 0, 0], -0.5), frame: q([0, 1, 1], 1.1), order: 'XZX', tip: [0.3, 0, 0], min: [-1, -1, -1], max: [1, 1, 1] },
    { name: 'end', parent: 1, restT: [0.3, 0, 0], restQ: q([0, 1, 0], 0.9), order: 'YXZ', tip: [0, 0, 0.2], min: [-1, -1, -1], max: [1, 1, 1] },
  ];
  const rig = Rig.create(module, bones);
  // Any mesh skinned to the bones will do: the test compares joints.
  const mesh = lessonSkinnedMesh('turned', bvhSkeletonMesh(bones));
  return { rig, character: new CharacterMeshes([{ mesh, material: 'page-look' }], Int32Array.from(bones, (_, j) => j)) };
}

describe('Export GLB with the clip', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it.each([21, 22])('the default character: three.js plays the exported clip (seed %i) as our core at every frame within 1e-4, and the pose stays', async (seed) => {
    const { mesh } = await loadDefaultCharacter();
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    const rig = Rig.create(module, bones);
    try {
      const character = new CharacterMeshes([{ mesh, material: 'page-look' }], jointToBone);
      rig.setAngles(6, 0.3, -0.2, 0.4);
      rig.setRootOffset(0.05, 0, -0.02);
      const pose = Array.from(rig.pose());
      const clip = randomClip(seed, rig, 1.2, 20);
      const source: CharacterSource = { kind: 'default' };
      const bytes = await exportGlb(rig, character, source, clip);
      expect(Array.from(rig.pose())).toEqual(pose);
      expect(rig.rootOffset.map((v) => Number(v.toFixed(6)))).toEqual([0.05, 0, -0.02]);
      expect(await worstAgainstMixer(bytes, rig, clip)).toBeLessThan(1e-4);
    } finally {
      rig.dispose();
    }
  });

  it('a rig with rest rotations, joint frames and a proper order (seed 23): the nodes turn by the whole local rotation', async () => {
    const { rig, character } = turnedCharacter(module);
    try {
      const clip = randomClip(23, rig, 2, 15);
      const bytes = await exportGlb(rig, character, { kind: 'lesson', id: 'turned' }, clip);
      expect(await worstAgainstMixer(bytes, rig, clip)).toBeLessThan(1e-4);
    } finally {
      rig.dispose();
    }
  });

  it('the page reopens the file with its animation as a clip that the core plays as it was exported (seed 24)', async () => {
    const { mesh } = await loadDefaultCharacter();
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    const rig = Rig.create(module, bones);
    const character = new CharacterMeshes([{ mesh, material: 'page-look' }], jointToBone);
    const clip = randomClip(24, rig, 1, 10);
    const bytes = await exportGlb(rig, character, { kind: 'default' }, clip);
    const result = await new GltfImporter(module).import(
      { main: { name: 'animated.glb', bytes, uris: { kind: 'companions' } }, companions: new Map() },
      { chooseSkin: async () => 0 },
      {},
    );
    if (result.kind !== 'character') throw new Error('not a character');
    const again = result.parts.rig;
    try {
      expect(result.parts.clips?.map((c) => c.name)).toEqual([clip.name]);
      rig.clips.setClip(clip);
      again.clips.setClip(result.parts.clips![0]);
      let worst = 0;
      for (let f = 0; f <= 10; f++) {
        rig.clips.sampleClip(f / 10, 'clamp');
        again.clips.sampleClip(f / 10, 'clamp');
        const [a, b] = [rig.modelMatrices(), again.modelMatrices()];
        for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
      }
      expect(worst).toBeLessThan(1e-4);
    } finally {
      rig.dispose();
      again.dispose();
    }
  });
});
