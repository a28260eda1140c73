// The module's palette and CPU skinning against three.js's own: a three.js
// Skeleton built from the model formula (tests/web/three-model.ts) gives
// matrixWorld × boneInverse, and SkinnedMesh.applyBoneTransform skins the
// default character.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from './default-character.js';
import { randomAngles, randomRig } from './random-rigs.js';
import { seededRandom, uniform } from './seeded-random.js';
import { poseThreeBones, worstSkinnedDifference } from './three-model.js';

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe('palette equals three.js Skeleton matrices', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  for (const nonUniformScale of [false, true]) {
    it(`random rigs and poses, ${nonUniformScale ? 'non-uniform' : 'uniform'} rest scale (seed 99)`, () => {
      const random = seededRandom(99);
      for (let trial = 0; trial < 20; trial++) {
        const bones = randomRig(random, { boneCount: 3 + (trial % 10), nonUniformScale });
        const rig = Rig.create(module, bones);
        try {
          // three.js: bind pose (all zero), inverses, then the pose.
          const nodes = bones.map(() => new THREE.Bone());
          bones.forEach((b, i) => (b.parent >= 0 ? nodes[b.parent].add(nodes[i]) : undefined));
          const roots = nodes.filter((_, i) => bones[i].parent < 0);
          poseThreeBones(nodes, bones, new Array(3 * bones.length).fill(0), [0, 0, 0]);
          roots.forEach((r) => r.updateMatrixWorld(true));
          const skeleton = new THREE.Skeleton(nodes); // boneInverses from the bind pose

          const angles = randomAngles(random, bones.length, 1.9); // inside the ±2 limits
          const offset = [uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1)] as [number, number, number];
          rig.setPose(angles, offset);
          poseThreeBones(nodes, bones, angles, offset);
          roots.forEach((r) => r.updateMatrixWorld(true));
          skeleton.update();
          expect(maxDifference(rig.palette(), skeleton.boneMatrices!), `trial ${trial}`).toBeLessThan(2e-5);
        } finally {
          rig.dispose();
        }
      }
    });
  }
});

describe('default character: skinned vertices equal three.js applyBoneTransform', () => {
  let module: KinModule;
  let mesh: THREE.SkinnedMesh;
  let scene: THREE.Object3D;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    ({ mesh, scene } = await loadDefaultCharacter());
  });

  it('random poses within the limits (seed 5)', () => {
    const { bones, jointToBone, nodes } = rigFromSkinnedMesh(mesh);
    const rig = Rig.create(module, bones);
    try {
      const geometry = mesh.geometry;
      const position = geometry.getAttribute('position');
      const skinIndex = geometry.getAttribute('skinIndex');
      const skinWeight = geometry.getAttribute('skinWeight');
      const joints = Array.from({ length: skinIndex.count * 4 }, (_, k) => jointToBone[skinIndex.array[k]]);
      rig.skinning.setSkin(position.array, geometry.getAttribute('normal').array, joints, skinWeight.array);
      expect(rig.skinning.skinnedPositions().length).toBe(3 * position.count);

      const random = seededRandom(5);
      for (let trial = 0; trial < 4; trial++) {
        const angles = bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, b.min![k], b.max![k])));
        rig.setPose(angles, [0, 0, 0]);
        rig.skinning.skin();
        poseThreeBones(nodes, bones, angles, [0, 0, 0]);
        scene.updateMatrixWorld(true); // the joints are not children of the mesh
        mesh.skeleton.update();

        // Palette in skin joint order equals three.js's bone matrices.
        const palette = rig.palette();
        const byJoint = new Float32Array(16 * jointToBone.length);
        jointToBone.forEach((bone, joint) => byJoint.set(palette.subarray(16 * bone, 16 * bone + 16), 16 * joint));
        expect(maxDifference(byJoint, mesh.skeleton.boneMatrices!)).toBeLessThan(1e-5);

        expect(worstSkinnedDifference(mesh, rig.skinning.skinnedPositions()), `trial ${trial}`).toBeLessThan(1e-5);
      }
      // The pose really moved the skin (the comparison is not between rest poses).
      const rest = position.array;
      expect(maxDifference(rig.skinning.skinnedPositions(), rest)).toBeGreaterThan(0.1);
    } finally {
      rig.dispose();
    }
  });
});
