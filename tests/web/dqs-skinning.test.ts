// Dual quaternion skinning through the built module: it equals linear blend
// where a vertex has one influence, differs where bones blend under twist,
// keeps the volume that linear blend loses to the candy-wrapper collapse, and
// its packed palette holds unit rotations.
import type * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { enclosedVolume } from '../../web/src/candy/mesh-volume.js';
import { CYLINDER_LENGTH, CYLINDER_RADIUS, twistCylinder } from '../../web/src/lessons/twist-cylinder.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from './default-character.js';
import { seededRandom, uniform } from './seeded-random.js';

/** Largest coordinate difference of vertex v between two position arrays. */
function vertexDifference(a: ArrayLike<number>, b: ArrayLike<number>, v: number): number {
  return Math.max(Math.abs(a[3 * v] - b[3 * v]), Math.abs(a[3 * v + 1] - b[3 * v + 1]), Math.abs(a[3 * v + 2] - b[3 * v + 2]));
}

/** The default character's rig with its mesh set as the skin. */
function characterRig(module: KinModule, mesh: THREE.SkinnedMesh): { rig: Rig; bones: BoneDesc[]; singleInfluence: boolean[] } {
  const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
  const rig = Rig.create(module, bones);
  const geometry = mesh.geometry;
  const skinIndex = geometry.getAttribute('skinIndex');
  const skinWeight = geometry.getAttribute('skinWeight');
  const joints = Array.from({ length: skinIndex.count * 4 }, (_, k) => jointToBone[skinIndex.array[k]]);
  rig.skinning.setSkin(geometry.getAttribute('position').array, geometry.getAttribute('normal').array, joints, skinWeight.array);
  const singleInfluence = Array.from({ length: skinWeight.count }, (_, v) => skinWeight.getX(v) === 1);
  return { rig, bones, singleInfluence };
}

describe('DQS on the default character', () => {
  let module: KinModule;
  let mesh: THREE.SkinnedMesh;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    ({ mesh } = await loadDefaultCharacter());
  });

  it('equals LBS on single-influence vertices, random poses within the limits (seed 11)', () => {
    const { rig, bones, singleInfluence } = characterRig(module, mesh);
    try {
      const single = singleInfluence.filter(Boolean).length;
      expect(single).toBeGreaterThan(100);
      const rest = Float32Array.from(rig.skinning.skinnedPositions());
      const random = seededRandom(11);
      for (let trial = 0; trial < 4; trial++) {
        rig.setPose(bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, b.min![k], b.max![k]))));
        rig.skinning.skin('lbs');
        const lbs = Float32Array.from(rig.skinning.skinnedPositions());
        rig.skinning.skin('dqs');
        const dqs = rig.skinning.skinnedPositions();
        let worst = 0;
        let moved = 0;
        singleInfluence.forEach((one, v) => {
          if (!one) return;
          worst = Math.max(worst, vertexDifference(lbs, dqs, v));
          moved = Math.max(moved, vertexDifference(lbs, rest, v));
        });
        expect(worst, `trial ${trial}`).toBeLessThan(1e-4);
        expect(moved, `trial ${trial}: the pose moves the skin`).toBeGreaterThan(0.05);
      }
    } finally {
      rig.dispose();
    }
  });

  it('differs from LBS where bones blend, forearm and hand twisted', () => {
    const { rig, singleInfluence } = characterRig(module, mesh);
    try {
      // Twist about the bone axis (+X): the slot of the forearm's order that turns about X.
      for (const [name, angle] of [['forearm_l', 1.2], ['hand_l', -0.6]] as const) {
        const bone = rig.boneIndex(name);
        const slot = rig.orders[bone].indexOf('X');
        const angles: [number, number, number] = [0, 0, 0];
        angles[slot] = angle;
        rig.setAngles(bone, ...angles);
        expect(rig.getAngles(bone)[slot], `${name} within its limits`).toBeCloseTo(angle, 5);
      }
      rig.skinning.skin('lbs');
      const lbs = Float32Array.from(rig.skinning.skinnedPositions());
      rig.skinning.skin('dqs');
      const dqs = rig.skinning.skinnedPositions();
      let blended = 0;
      singleInfluence.forEach((one, v) => {
        if (!one) blended = Math.max(blended, vertexDifference(lbs, dqs, v));
      });
      expect(blended).toBeGreaterThan(1e-3);
    } finally {
      rig.dispose();
    }
  });

  it('packs 20 floats per bone whose real parts are unit quaternions (seed 12)', () => {
    const { rig, bones } = characterRig(module, mesh);
    try {
      const random = seededRandom(12);
      rig.setPose(bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, b.min![k], b.max![k]))));
      const palette = rig.skinning.dqsPalette();
      const n = rig.boneCount;
      expect(palette.length).toBe(20 * n);
      for (let j = 0; j < n; j++) {
        const real = palette.subarray(20 * j, 20 * j + 4);
        expect(Math.hypot(...real), `bone ${j}`).toBeCloseTo(1, 5);
        // The scale columns: each column's fourth float is 0; the character has no scale, so S = I.
        for (let c = 0; c < 3; c++) {
          const column = palette.subarray(20 * j + 8 + 4 * c, 20 * j + 12 + 4 * c);
          for (let row = 0; row < 4; row++) expect(column[row], `bone ${j} S[${c}][${row}]`).toBeCloseTo(row === c ? 1 : 0, 4);
        }
      }
    } finally {
      rig.dispose();
    }
  });
});

describe('candy wrapper: a cylinder with its second bone twisted 180°', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('LBS loses more than 20 % of the volume, DQS less than 2 %', () => {
    const { positions, triangles, joints, weights, bones } = twistCylinder(61, 48);
    const rig = Rig.create(module, bones);
    try {
      rig.skinning.setSkin(positions, [], joints, weights);
      const rest = enclosedVolume(positions, triangles);
      expect(rest).toBeGreaterThan(0.99 * Math.PI * CYLINDER_RADIUS ** 2 * CYLINDER_LENGTH); // outward, closed

      rig.setAngles(1, Math.PI, 0, 0); // order XYZ: slot 0 twists about the bone axis
      rig.skinning.skin('lbs');
      const lbsLoss = 1 - enclosedVolume(rig.skinning.skinnedPositions(), triangles) / rest;
      rig.skinning.skin('dqs');
      const dqsLoss = Math.abs(1 - enclosedVolume(rig.skinning.skinnedPositions(), triangles) / rest);
      // Measured: LBS 22.22 % (theory 2/9: the middle third's cross-section
      // scales by (1 − 2w)², mean 1/3), DQS 0.03 % (the twisted facets).
      expect(lbsLoss).toBeGreaterThan(0.2);
      expect(dqsLoss).toBeLessThan(0.02);
    } finally {
      rig.dispose();
    }
  });
});
