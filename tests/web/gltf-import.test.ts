// Importing glTF files the tests build (gltf-fixtures.ts): parsed by
// three.js's GLTFLoader in Node, turned into our rig, then posed at seeded
// random angles both through the WASM module and in three.js's own terms
// (three-model.ts poseGltfJoints). The palette must equal three.js's
// Skeleton.boneMatrices and the CPU-skinned vertices must equal what three.js
// draws (SkinnedMesh.applyBoneTransform, then the mesh's matrixWorld) within
// 1e-5. Broken files must fail with a message naming the problem.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GltfModel, parseGltfModel } from '../../web/src/import/gltf-model.js';
import { type ImportedSkin, importSkin } from '../../web/src/import/gltf-skin-import.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import type { GltfBuilder } from './gltf-builder.js';
import { armatureRig, influenceChain, sharedSkin, shearedRoot, simpleSkin, twoSkins } from './gltf-fixtures.js';
import { seededRandom, uniform } from './seeded-random.js';
import { poseGltfJoints } from './three-model.js';
import './node-loader-globals.js';

const refuseUris = (uri: string, what: string): string => `${what} refers to '${uri}'`;

function parse(bytes: ArrayBuffer): Promise<GltfModel> {
  return parseGltfModel(bytes, { resourcePath: '', allowUri: refuseUris });
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** The mesh's influences as the rig takes them: joints remapped to rig bones, 4 or 8 per vertex. */
function rigSkin(mesh: THREE.SkinnedMesh, jointToBone: Int32Array): { joints: number[]; weights: number[] } {
  const sets = [['skinIndex', 'skinWeight'], ['skinIndex1', 'skinWeight1']].filter(([index]) => mesh.geometry.getAttribute(index));
  const count = mesh.geometry.getAttribute('position').count;
  const joints: number[] = [];
  const weights: number[] = [];
  for (let v = 0; v < count; v++) {
    for (const [index, weight] of sets) {
      for (let k = 0; k < 4; k++) {
        joints.push(jointToBone[mesh.geometry.getAttribute(index).getComponent(v, k)]);
        weights.push(mesh.geometry.getAttribute(weight).getComponent(v, k));
      }
    }
  }
  return { joints, weights };
}

/**
 * Where three.js draws vertex v (world space). For eight influences the
 * blend is linear in the weights: two four-weight passes through
 * applyBoneTransform, each taken to world space, add up.
 */
function threeSkinned(mesh: THREE.SkinnedMesh, v: number): THREE.Vector3 {
  const geometry = mesh.geometry;
  const rest = new THREE.Vector3().fromBufferAttribute(geometry.getAttribute('position'), v);
  const sum = mesh.applyBoneTransform(v, rest.clone()).applyMatrix4(mesh.matrixWorld);
  const second = geometry.getAttribute('skinIndex1');
  if (!second) return sum;
  const [index, weight] = [geometry.getAttribute('skinIndex'), geometry.getAttribute('skinWeight')];
  geometry.setAttribute('skinIndex', second);
  geometry.setAttribute('skinWeight', geometry.getAttribute('skinWeight1'));
  try {
    return sum.add(mesh.applyBoneTransform(v, rest.clone()).applyMatrix4(mesh.matrixWorld));
  } finally {
    geometry.setAttribute('skinIndex', index);
    geometry.setAttribute('skinWeight', weight);
  }
}

/** Poses rig and three.js alike at seeded random angles; compares palettes and skinned vertices. */
function expectPosesMatchThree(module: KinModule, model: GltfModel, imported: ImportedSkin, seed: number): void {
  const { rig: desc, skin } = imported;
  const rig = Rig.create(module, desc.bones);
  try {
    const random = seededRandom(seed);
    for (let trial = 0; trial < 4; trial++) {
      const angles = desc.bones.flatMap(() => [0, 1, 2].map(() => uniform(random, -1.2, 1.2)));
      const offset: [number, number, number] = trial === 0 ? [0, 0, 0] : [uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1)];
      rig.setPose(angles, offset);
      // Locked bones clamp their angles to 0: three.js gets the angles the rig kept.
      poseGltfJoints(skin.skeleton.bones, desc.jointToBone, desc.bones, rig.pose(), offset, model.gltf.scene);
      skin.skeleton.update();

      const palette = rig.palette();
      const byJoint = new Float32Array(16 * desc.jointToBone.length);
      desc.jointToBone.forEach((bone, joint) => byJoint.set(palette.subarray(16 * bone, 16 * bone + 16), 16 * joint));
      expect(maxDifference(byJoint, skin.skeleton.boneMatrices!), `palette, trial ${trial}`).toBeLessThan(1e-5);

      for (const mesh of imported.meshes) {
        const position = mesh.geometry.getAttribute('position');
        const { joints, weights } = rigSkin(mesh, desc.jointToBone);
        rig.skinning.setSkin(position.array, [], joints, weights);
        rig.skinning.skin();
        const skinned = rig.skinning.skinnedPositions();
        let worst = 0;
        let moved = 0;
        for (let v = 0; v < position.count; v++) {
          const expected = threeSkinned(mesh, v);
          worst = Math.max(worst, Math.abs(expected.x - skinned[3 * v]), Math.abs(expected.y - skinned[3 * v + 1]), Math.abs(expected.z - skinned[3 * v + 2]));
          moved = Math.max(moved, expected.distanceTo(new THREE.Vector3().fromBufferAttribute(position, v)));
        }
        expect(worst, `mesh '${mesh.name}', trial ${trial}`).toBeLessThan(1e-5);
        // The comparison is between posed skins, not between two rest poses.
        if (trial > 0) expect(moved, `mesh '${mesh.name}' moved`).toBeGreaterThan(0.05);
      }
    }
  } finally {
    rig.dispose();
  }
}

/** Reads a fixture both ways a file arrives: GLB and glTF JSON with an embedded buffer. */
const FORMATS = [
  ['GLB', (b: GltfBuilder) => b.glb()],
  ['glTF + data URI', (b: GltfBuilder) => b.embedded()],
] as const;

describe('glTF import: rigs equal three.js', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  for (const [format, bytes] of FORMATS) {
    it(`SimpleSkin (${format}): two joints, inverse binds from the file (seed 11)`, async () => {
      const model = await parse(bytes(simpleSkin()));
      const imported = importSkin(model);
      const { bones, jointToBone } = imported.rig;
      expect(bones.map((b) => b.name)).toEqual(['root', 'tip']);
      expect(bones.map((b) => b.parent)).toEqual([-1, 0]);
      expect(bones[1].restT).toEqual([0, 1, 0]);
      expect(Array.from(jointToBone)).toEqual([0, 1]);
      expect(Array.from(bones[1].inverseBind!)).toEqual(new THREE.Matrix4().makeTranslation(0, -1, 0).elements);
      // The root's tip is where its child starts; the leaf's is its own origin.
      expect(bones.map((b) => b.tip)).toEqual([[0, 1, 0], [0, 0, 0]]);
      expect(imported.influences).toBe(4);
      expect(imported.warnings).toEqual([]);
      expectPosesMatchThree(module, model, imported, 11);
    });
  }

  it('a skeleton root that is not a joint, a node between joints, and a mesh node transform glTF ignores (seed 12)', async () => {
    const model = await parse(armatureRig().glb());
    const imported = importSkin(model);
    const { bones } = imported.rig;
    // Armature and NeckHelper fold into the joints below them: their products are exact TRS.
    // (GLTFLoader drops the dots from node names.)
    expect(bones.map((b) => b.name)).toEqual(['Hips', 'Spine', 'Head', 'UpperArmL', 'ForeArmL', 'HandL', 'ThighR', 'ShinR', 'FootR']);
    for (const s of bones[0].restS!) expect(s).toBeCloseTo(0.01, 12);
    // In the bind pose the palette is the identity, so the skin sits where the file put it.
    const rig = Rig.create(module, bones);
    try {
      const mesh = imported.meshes[0];
      const position = mesh.geometry.getAttribute('position');
      const { joints, weights } = rigSkin(mesh, imported.rig.jointToBone);
      rig.skinning.setSkin(position.array, [], joints, weights);
      rig.skinning.skin();
      expect(maxDifference(rig.skinning.skinnedPositions(), position.array)).toBeLessThan(1e-5);
    } finally {
      rig.dispose();
    }
    expectPosesMatchThree(module, model, imported, 12);
  });

  it('a sheared non-joint root becomes a locked bone (seed 13)', async () => {
    const model = await parse(shearedRoot().glb());
    const imported = importSkin(model);
    const { bones } = imported.rig;
    expect(bones.map((b) => b.name)).toEqual(['Stretch', 'Base', 'Tip']);
    expect(bones.map((b) => b.parent)).toEqual([-1, 0, 1]);
    expect(bones[0].min).toEqual([0, 0, 0]);
    expect(bones[0].max).toEqual([0, 0, 0]);
    expect(bones[0].restS).toEqual([1, 2, 0.5]); // the non-uniform rest scale is kept
    expect(Array.from(imported.rig.jointToBone)).toEqual([1, 2]);
    expectPosesMatchThree(module, model, imported, 13);
  });

  it('eight influences per vertex (JOINTS_1 / WEIGHTS_1) skin like three.js summed over both sets (seed 14)', async () => {
    const model = await parse(influenceChain().glb());
    const imported = importSkin(model);
    expect(imported.influences).toBe(8);
    expect(imported.warnings).toEqual([]);
    const geometry = imported.meshes[0].geometry;
    // The file's weights, not GLTFLoader's renormalisation of the first four: they spread over all eight.
    const first = geometry.getAttribute('skinWeight');
    const second = geometry.getAttribute('skinWeight1');
    for (let v = 0; v < first.count; v++) {
      let sum0 = 0;
      let sum1 = 0;
      for (let k = 0; k < 4; k++) {
        sum0 += first.getComponent(v, k);
        sum1 += second.getComponent(v, k);
      }
      expect(sum0 + sum1).toBeCloseTo(1, 6);
      expect(sum1).toBeGreaterThan(0.01);
    }
    expect(Array.from({ length: 4 }, (_, k) => geometry.getAttribute('skinIndex1').getComponent(0, k))).toEqual([0, 2, 4, 6]);
    expectPosesMatchThree(module, model, imported, 14);
  });

  it('twelve influences per vertex (JOINTS_0–2): the 8 largest kept, renormalised, the largest left out named (seed 17)', async () => {
    const builder = influenceChain({ count: 12 });
    const attributes = builder.json.meshes[0].primitives[0].attributes;
    expect(attributes.JOINTS_2).toBeDefined();
    const read = (accessor: number, type: typeof Float32Array | typeof Uint16Array) => {
      const view = builder.json.bufferViews[builder.json.accessors[accessor].bufferView];
      return new type(builder.binary().slice(view.byteOffset, view.byteOffset + view.byteLength).buffer as ArrayBuffer);
    };
    const fileWeights = [0, 1, 2].map((s) => read(attributes[`WEIGHTS_${s}`], Float32Array));
    const fileJoints = [0, 1, 2].map((s) => read(attributes[`JOINTS_${s}`], Uint16Array));
    const model = await parse(builder.glb());
    const imported = importSkin(model);
    expect(imported.influences).toBe(8);
    const geometry = imported.meshes[0].geometry;
    const count = geometry.getAttribute('position').count;
    // The reference, vertex by vertex: all twelve (joint, weight) pairs of the file sorted by weight.
    let largestDropped = 0;
    for (let v = 0; v < count; v++) {
      const pairs = [0, 1, 2].flatMap((s) => [0, 1, 2, 3].map((k) => ({ joint: fileJoints[s][4 * v + k], weight: fileWeights[s][4 * v + k] })));
      pairs.sort((a, b) => b.weight - a.weight);
      const sum = pairs.reduce((total, p) => total + p.weight, 0);
      const kept = pairs.slice(0, 8);
      const keptSum = kept.reduce((total, p) => total + p.weight, 0);
      largestDropped = Math.max(largestDropped, pairs[8].weight / sum);
      const ours = [0, 1].flatMap((s) => [0, 1, 2, 3].map((k) => ({
        joint: geometry.getAttribute(s === 0 ? 'skinIndex' : 'skinIndex1').getComponent(v, k),
        weight: geometry.getAttribute(s === 0 ? 'skinWeight' : 'skinWeight1').getComponent(v, k),
      })));
      expect(ours.map((p) => p.joint), `vertex ${v}`).toEqual(kept.map((p) => p.joint));
      ours.forEach((p, k) => expect(p.weight, `vertex ${v} slot ${k}`).toBeCloseTo(kept[k].weight / keptSum, 6));
    }
    expect(largestDropped).toBeGreaterThan(0.01);
    expect(imported.warnings).toEqual([`${count} vertices have more than 8 influences; the 8 largest are kept and renormalised (the largest weight left out: ${largestDropped.toFixed(3)}).`]);
    expectPosesMatchThree(module, model, imported, 17);
  });

  it('unnormalised weights are normalised, in proportion, with a warning', async () => {
    const builder = influenceChain({ unnormalizedEvery: 3 });
    const fileWeights = [0, 1].map((s) => builder.json.meshes[0].primitives[0].attributes[`WEIGHTS_${s}`] as number);
    const model = await parse(builder.glb());
    const imported = importSkin(model);
    // Points 0, 3, 6 and 9 of 12, two vertices each.
    expect(imported.warnings).toEqual(['The weights of 8 vertices did not sum to 1; they were normalised.']);
    const raw = fileWeights.map((accessor) => {
      const view = builder.json.bufferViews[builder.json.accessors[accessor].bufferView];
      return new Float32Array(builder.binary().buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
    });
    const geometry = imported.meshes[0].geometry;
    const ours = [geometry.getAttribute('skinWeight'), geometry.getAttribute('skinWeight1')];
    for (let v = 0; v < geometry.getAttribute('position').count; v++) {
      const sum = [0, 1].reduce((total, s) => total + raw[s].subarray(4 * v, 4 * v + 4).reduce((a, w) => a + w, 0), 0);
      for (let s = 0; s < 2; s++) for (let k = 0; k < 4; k++) expect(ours[s].getComponent(v, k)).toBeCloseTo(raw[s][4 * v + k] / sum, 6);
    }
    expectPosesMatchThree(module, model, imported, 15);
  });

  it('a skin without inverseBindMatrices uses identities, as glTF says (seed 16)', async () => {
    const builder = simpleSkin({ inverseBinds: false });
    const model = await parse(builder.glb());
    const imported = importSkin(model);
    for (const bone of imported.rig.bones) expect(Array.from(bone.inverseBind!)).toEqual(new THREE.Matrix4().elements);
    expectPosesMatchThree(module, model, imported, 16);
  });

  it('a file with two skins lists both; a skin is chosen by its index', async () => {
    const model = await parse(twoSkins().glb());
    expect(model.skins.map((s) => [s.index, s.name, s.meshes.map((m) => m.name)])).toEqual([
      [0, 'Tail', ['Tail']], // a one-primitive mesh takes its node's name
      [1, 'Arm', ['Arm']],
    ]);
    expect(() => importSkin(model)).toThrow('it has 2 skins; choose one of 0 (Tail), 1 (Arm)');
    expect(() => importSkin(model, 2)).toThrow(/no skin 2/);
    const arm = importSkin(model, 1);
    expect(arm.rig.bones.map((b) => b.name)).toEqual(['Shoulder', 'Elbow', 'Wrist']);
    expectPosesMatchThree(module, model, arm, 17);
  });

  it('several meshes sharing one skin pose together (seed 18)', async () => {
    const model = await parse(sharedSkin().glb());
    expect(model.skins).toHaveLength(1);
    const imported = importSkin(model);
    expect(imported.meshes).toHaveLength(3); // two primitives of 'strip', and 'cape'
    expectPosesMatchThree(module, model, imported, 18);
  });
});
