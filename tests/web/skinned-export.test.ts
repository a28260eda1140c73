// "Export GLB" writes the character skinned, in the pose on screen, and the
// page reopens it as the same rig in that pose. Checked in Node against
// three.js's own reading of the file (GLTFLoader): its skeleton has the
// rig's bone names and hierarchy, bone.matrixWorld × boneInverses equals
// our palette within 1e-5 for poses with a root offset, the inverse binds
// are the bind pose's, and SkinnedMesh.applyBoneTransform skins the
// vertices as our CPU skinning does. Then through the page's importer: the
// palette, limits, orders and bind pose come back. For the default
// character, a glTF of several meshes sharing a skin, eight influences per
// vertex, every lesson rig and a rig of two roots; a sheared joint is an
// error naming it. Reopening, broken extras.kin are an error naming the
// field, and stale ones (a file changed elsewhere) a note.
import './file-reader-shim.js';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportGlb } from '../../web/src/export/character-export.js';
import { BuiltInCharacters } from '../../web/src/import/built-in-characters.js';
import type { CharacterParts } from '../../web/src/import/character-parts.js';
import { readGltfContainer } from '../../web/src/import/glb-container.js';
import { GltfImporter } from '../../web/src/import/gltf-importer.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { LESSONS } from '../../web/src/lessons/lessons.js';
import type { CharacterSource, GltfCharacterSource } from '../../web/src/posing/character-source.js';
import { DEFAULT_CHARACTER_PRESETS, presetPose } from '../../web/src/posing/pose-presets.js';
import { BODY_PRESETS, restScalesFor } from '../../web/src/posing/proportions.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { CharacterMeshes } from '../../web/src/three/character-meshes.js';
import { flatInfluences } from '../../web/src/three/flat-influences.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { maxDifference } from '../e2e/measure.js';
import { loadDefaultCharacter } from './default-character.js';
import { influenceChain, sharedSkin, simpleSkin } from './gltf-fixtures.js';
import { seededRandom, uniform } from './seeded-random.js';
import { worstSkinnedDifference } from './three-model.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- glTF JSON as the file has it */
type GltfJson = any;

const DEFAULT: CharacterSource = { kind: 'default' };

/** The export's glTF JSON (its GLB's JSON chunk). */
function jsonOf(bytes: ArrayBuffer): GltfJson {
  return readGltfContainer(bytes).json;
}

/** The file as three.js reads it: its skinned meshes, world matrices updated. */
async function threeMeshes(bytes: ArrayBuffer): Promise<THREE.SkinnedMesh[]> {
  const gltf = await new GLTFLoader().parseAsync(bytes, '');
  gltf.scene.updateMatrixWorld(true);
  const meshes: THREE.SkinnedMesh[] = [];
  gltf.scene.traverse((object) => {
    if ((object as THREE.SkinnedMesh).isSkinnedMesh) meshes.push(object as THREE.SkinnedMesh);
  });
  return meshes;
}

/** three.js's palette of a skinned mesh: bone.matrixWorld × boneInverse, 16 floats per joint. */
function threePalette(mesh: THREE.SkinnedMesh): Float32Array {
  const { bones, boneInverses } = mesh.skeleton;
  const palette = new Float32Array(16 * bones.length);
  bones.forEach((bone, j) => palette.set(bone.matrixWorld.clone().multiply(boneInverses[j]).elements, 16 * j));
  return palette;
}

/** The skeleton three.js read has the rig's bones: names in rig order, each under its rig parent (roots under no bone). */
function expectRigHierarchy(mesh: THREE.SkinnedMesh, rig: Rig): void {
  const bones = mesh.skeleton.bones;
  expect(bones.map((bone) => bone.name)).toEqual(rig.boneNames);
  const parents = bones.map((bone) => ((bone.parent as THREE.Bone | null)?.isBone ? bone.parent!.name : null));
  expect(parents).toEqual(Array.from(rig.parents, (p) => (p >= 0 ? rig.boneNames[p] : null)));
}

/** Our CPU skinning (linear blend) of one part's bind-pose mesh in the rig's pose. */
function cpuSkinned(rig: Rig, geometry: THREE.BufferGeometry): Float32Array {
  const { joints, weights } = flatInfluences(geometry, 'test');
  rig.skinning.setSkin(geometry.getAttribute('position').array, geometry.getAttribute('normal').array, joints, weights);
  rig.skinning.skin('lbs');
  return Float32Array.from(rig.skinning.skinnedPositions());
}

/** Every angle of the rig seeded-random in ±1 rad (clamped to its limits), and a root offset. */
function randomPose(rig: Rig, seed: number, rootOffset_ms: Vec3Tuple): void {
  const random = seededRandom(seed);
  rig.setPose(Array.from({ length: 3 * rig.boneCount }, () => uniform(random, -1, 1)), rootOffset_ms);
}

/** Reads a GLB as the page does ("Load…"): the glTF importer's character parts. */
async function reopened(module: KinModule, bytes: ArrayBuffer): Promise<CharacterParts & { summary: string }> {
  const main = { name: 'kin-pose.glb', bytes, uris: { kind: 'companions' as const } };
  const noQuestions = { chooseSkin: () => Promise.reject(new Error('the export has one skin: nothing to ask')) };
  const result = await new GltfImporter(module).import({ main, companions: new Map() }, noQuestions, {});
  if (result.kind !== 'character') throw new Error('the GLB did not import as a character');
  return { ...result.parts, summary: result.summary };
}

/** The character parts of a test glTF (built with gltf-builder.ts), as the page loads them. */
async function gltfCharacter(module: KinModule, bytes: ArrayBuffer): Promise<{ rig: Rig; character: CharacterMeshes }> {
  const parts = await reopened(module, bytes);
  return { rig: parts.rig, character: new CharacterMeshes(parts.meshes, parts.jointToBone) };
}

/** The export of `rig` opens in the page's importer as the same rig, in the same pose, with the same bind pose. */
async function expectReopensAsRig(module: KinModule, bytes: ArrayBuffer, rig: Rig): Promise<CharacterParts> {
  const parts = await reopened(module, bytes);
  const again = parts.rig;
  expect((parts.info.source as GltfCharacterSource).warnings).toEqual([]);
  expect(again.boneNames).toEqual(rig.boneNames);
  expect(again.orders).toEqual(rig.orders);
  for (let bone = 0; bone < rig.boneCount; bone++) expect(again.limits(bone)).toEqual(rig.limits(bone));
  expect(maxDifference(again.palette(), rig.palette())).toBeLessThan(1e-5);
  expect(maxDifference(again.bindMatrices(), rig.bindMatrices())).toBeLessThan(1e-6);
  // It opens in the exported pose (its start pose: what Reset applies), with the bind pose beside it.
  expect(parts.info.presets.map((preset) => preset.name)).toEqual(['file', 'bind']);
  return parts;
}

describe('Export GLB writes the character skinned, in the pose on screen', () => {
  let module: KinModule;
  let rig: Rig;
  let character: CharacterMeshes;
  let source: THREE.SkinnedMesh;
  let bytes: ArrayBuffer;
  const rootOffset_ms: Vec3Tuple = [0.12, -0.07, 0.05];

  beforeAll(async () => {
    module = await loadKinModuleNode();
    const { mesh } = await loadDefaultCharacter();
    source = mesh;
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    rig = Rig.create(module, bones);
    character = new CharacterMeshes([{ mesh, material: 'page-look' }], jointToBone);
    const wave = presetPose(rig, DEFAULT_CHARACTER_PRESETS.find((preset) => preset.name === 'wave')!);
    rig.setPose(wave.angles, rootOffset_ms);
    bytes = await exportGlb(rig, character, DEFAULT);
  });

  it('three.js reads one skinned mesh whose skeleton is the rig, posed: its palette is ours', async () => {
    const [mesh, ...others] = await threeMeshes(bytes);
    expect(others).toEqual([]);
    expectRigHierarchy(mesh, rig);
    expect(maxDifference(threePalette(mesh), rig.palette())).toBeLessThan(1e-5);
    // Not the bind pose: the joints hold the pose, the root (the hips) moved by the root offset.
    const hips = rig.boneIndex('hips');
    expect(rig.parents[hips]).toBe(-1);
    const moved = new THREE.Vector3().setFromMatrixPosition(mesh.skeleton.bones[hips].matrixWorld).sub(new THREE.Vector3().fromArray(rig.bindMatrices(), 16 * hips + 12));
    expect(maxDifference(moved.toArray(), rootOffset_ms)).toBeLessThan(1e-5);
  });

  it('keeps the bind pose in the inverse binds and the mesh in bind pose', async () => {
    const [mesh] = await threeMeshes(bytes);
    const bind_ms = rig.bindMatrices();
    mesh.skeleton.boneInverses.forEach((inverse, j) => {
      const product = new THREE.Matrix4().fromArray(bind_ms, 16 * j).multiply(inverse);
      expect(maxDifference(product.elements, new THREE.Matrix4().elements)).toBeLessThan(1e-5);
    });
    for (const attribute of ['position', 'normal']) {
      expect(maxDifference(mesh.geometry.getAttribute(attribute).array, source.geometry.getAttribute(attribute).array), attribute).toBe(0);
    }
    expect(mesh.bindMatrix.equals(new THREE.Matrix4())).toBe(true);
  });

  it("three.js's applyBoneTransform skins the vertices as our CPU skinning does", async () => {
    const [mesh] = await threeMeshes(bytes);
    mesh.skeleton.update();
    const ours = cpuSkinned(rig, character.parts[0].mesh.geometry);
    expect(worstSkinnedDifference(mesh, ours)).toBeLessThan(1e-5);
    // Posed: far from the bind-pose vertices.
    expect(maxDifference(ours, source.geometry.getAttribute('position').array)).toBeGreaterThan(0.1);
  });

  it('writes joints as translation, rotation and scale, with the joint model and pose in extras.kin', () => {
    const json = jsonOf(bytes);
    expect(json.skins).toHaveLength(1);
    expect(json.skins[0].name).toBe('default');
    const joints: GltfJson[] = json.skins[0].joints.map((node: number) => json.nodes[node]);
    expect(joints.every((node) => node.matrix === undefined)).toBe(true);
    const pose = rig.pose();
    joints.forEach((node, j) => {
      expect(node.extras.kin.angles).toEqual([pose[3 * j], pose[3 * j + 1], pose[3 * j + 2]]);
      expect(node.extras.kin.order).toBe(rig.orders[j]);
      const limits = rig.limits(j);
      if (node.extras.kin.min) expect(node.extras.kin.min.map(Math.fround)).toEqual(limits.min);
      if (node.extras.kin.max) expect(node.extras.kin.max.map(Math.fround)).toEqual(limits.max);
    });
    expect(joints[0].extras.kin.rootOffset).toEqual(rig.rootOffset);
    // One root: the skin names it as the skeleton's root.
    expect(json.skins[0].skeleton).toBe(json.skins[0].joints[0]);
  });

  it('reopens in the page as the same rig in the same pose', async () => {
    const parts = await expectReopensAsRig(module, bytes, rig);
    expect(parts.rig.rootOffset).toEqual(rig.rootOffset);
    // Posable: a solve from the reopened pose moves the left hand to a target 5 cm off.
    const hand = rig.boneIndex('hand_l');
    const tip = Array.from(parts.rig.boneTips().subarray(3 * hand, 3 * hand + 3));
    parts.rig.setGoals([{ bone: 'hand_l', target: [tip[0] + 0.05, tip[1], tip[2]] }]);
    parts.rig.solve();
    expect(Math.abs(parts.rig.boneTips()[3 * hand] - (tip[0] + 0.05))).toBeLessThan(1e-3);
    parts.rig.dispose();
  });
});

describe('Export GLB of a character with other proportions', () => {
  it('three.js draws it as we do, and the page reopens it with those proportions in the same pose', async () => {
    const module = await loadKinModuleNode();
    const { mesh } = await loadDefaultCharacter();
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    const rig = Rig.create(module, bones);
    rig.setRestScales(restScalesFor(rig, BODY_PRESETS.find((p) => p.id === 'child')!.proportions));
    randomPose(rig, 21, [0.05, -0.2, 0]);
    const bytes = await exportGlb(rig, new CharacterMeshes([{ mesh, material: 'page-look' }], jointToBone), DEFAULT);
    const [read] = await threeMeshes(bytes);
    expect(maxDifference(threePalette(read), rig.palette())).toBeLessThan(1e-5);
    const parts = await reopened(module, bytes);
    expect((parts.info.source as GltfCharacterSource).warnings).toEqual([]);
    expect(maxDifference(parts.rig.palette(), rig.palette())).toBeLessThan(1e-5);
    expect(maxDifference(parts.rig.restScales, rig.restScales)).toBeLessThan(1e-6);
    parts.rig.dispose();
    rig.dispose();
  });
});

describe('Export GLB of other characters', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('several meshes sharing one skin go out with one skin, and come back as one', async () => {
    const { rig, character } = await gltfCharacter(module, sharedSkin().glb());
    expect(character.parts).toHaveLength(3);
    randomPose(rig, 11, [0.3, 0.1, -0.2]);
    const bytes = await exportGlb(rig, character, { kind: 'gltf', name: 'shared.glb', skin: 0, skinName: 'SimpleSkin', influences: 4, warnings: [] });
    const json = jsonOf(bytes);
    expect(json.skins).toHaveLength(1);
    expect(json.skins[0].name).toBe('SimpleSkin');
    const meshNodes = json.nodes.filter((node: GltfJson) => node.mesh !== undefined);
    expect(meshNodes.map((node: GltfJson) => node.skin)).toEqual([0, 0, 0]);
    const meshes = await threeMeshes(bytes);
    expect(meshes).toHaveLength(3);
    for (const [p, mesh] of meshes.entries()) {
      expectRigHierarchy(mesh, rig);
      expect(maxDifference(threePalette(mesh), rig.palette())).toBeLessThan(1e-5);
      mesh.skeleton.update();
      expect(worstSkinnedDifference(mesh, cpuSkinned(rig, character.parts[p].mesh.geometry))).toBeLessThan(1e-5);
    }
    const parts = await expectReopensAsRig(module, bytes, rig);
    expect(parts.meshes).toHaveLength(3);
  });

  it('eight influences per vertex go out as JOINTS_1 / WEIGHTS_1 and skin alike when reopened', async () => {
    const { rig, character } = await gltfCharacter(module, influenceChain().glb());
    randomPose(rig, 12, [0, 0.2, 0]);
    const bytes = await exportGlb(rig, character, { kind: 'gltf', name: 'chain.glb', skin: 0, skinName: 'Tentacle', influences: 8, warnings: [] });
    const { attributes } = jsonOf(bytes).meshes[0].primitives[0];
    expect(Object.keys(attributes).sort()).toEqual(['JOINTS_0', 'JOINTS_1', 'NORMAL', 'POSITION', 'WEIGHTS_0', 'WEIGHTS_1']);
    const parts = await expectReopensAsRig(module, bytes, rig);
    const again = new CharacterMeshes(parts.meshes, parts.jointToBone);
    // Both the first and second joint sets made it: eight-influence CPU skinning agrees.
    expect(again.parts[0].mesh.geometry.getAttribute('skinIndex1')).toBeDefined();
    expect(maxDifference(cpuSkinned(parts.rig, again.parts[0].mesh.geometry), cpuSkinned(rig, character.parts[0].mesh.geometry))).toBeLessThan(1e-5);
  });

  it.each(LESSONS.map((lesson) => [lesson.id]))('lesson %s: parses skinned, its palette is ours, and reopens as the same rig', async (id) => {
    const { mesh } = await loadDefaultCharacter();
    const built = new BuiltInCharacters(module, { mesh, rig: rigFromSkinnedMesh(mesh) }).parts({ kind: 'lesson', id });
    const character = new CharacterMeshes(built.meshes, built.jointToBone);
    randomPose(built.rig, 13, [0.05, -0.1, 0.02]);
    const bytes = await exportGlb(built.rig, character, built.info.source);
    const [threeMesh] = await threeMeshes(bytes);
    expectRigHierarchy(threeMesh, built.rig);
    expect(maxDifference(threePalette(threeMesh), built.rig.palette())).toBeLessThan(1e-5);
    threeMesh.skeleton.update();
    expect(worstSkinnedDifference(threeMesh, cpuSkinned(built.rig, character.parts[0].mesh.geometry))).toBeLessThan(1e-5);
    await expectReopensAsRig(module, bytes, built.rig);
  });

  it('a rig of two roots leaves out the skin\'s skeleton root (there is no common one)', async () => {
    const bones: BoneDesc[] = [
      { name: 'left', parent: -1, restT: [-0.5, 0, 0], tip: [0, 1, 0] },
      { name: 'left_tip', parent: 0, restT: [0, 1, 0], tip: [0, 1, 0] },
      { name: 'right', parent: -1, restT: [0.5, 0, 0], restQ: [0, 0, Math.SQRT1_2, Math.SQRT1_2], tip: [0, 1, 0] },
    ];
    const rig = Rig.create(module, bones);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array([-0.5, 0.5, 0, -0.5, 1.5, 0, 0.5, 0, 0]), 3));
    geometry.setAttribute('normal', new THREE.BufferAttribute(new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]), 3));
    geometry.setAttribute('skinIndex', new THREE.BufferAttribute(new Uint16Array([0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0]), 4));
    geometry.setAttribute('skinWeight', new THREE.BufferAttribute(new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), 4));
    geometry.setIndex([0, 1, 2]);
    const character = new CharacterMeshes([{ mesh: new THREE.SkinnedMesh(geometry), material: 'page-look' }], Int32Array.from([0, 1, 2]));
    randomPose(rig, 14, [0.1, 0.2, 0.3]);
    const bytes = await exportGlb(rig, character, DEFAULT);
    expect(jsonOf(bytes).skins[0].skeleton).toBeUndefined();
    const [mesh] = await threeMeshes(bytes);
    expectRigHierarchy(mesh, rig);
    expect(maxDifference(threePalette(mesh), rig.palette())).toBeLessThan(1e-5);
    await expectReopensAsRig(module, bytes, rig);
  });

  it('a bone turned under a non-uniform scale is an error naming it (no glTF node holds the shear)', async () => {
    const rig = Rig.create(module, [
      { name: 'base', parent: -1, tip: [0, 1, 0] },
      { name: 'stretched', parent: 0, restT: [0, 1, 0], restS: [1, 3, 1], tip: [0, 1, 0] },
    ]);
    const { character } = await gltfCharacter(module, simpleSkin().glb());
    rig.setAngles(1, 0, 0, 0.4);
    await expect(exportGlb(rig, character, DEFAULT)).rejects.toThrow(/^Export: bone 'stretched' is turned under a non-uniform scale/);
    // Unturned, the same rig is written.
    rig.setAngles(1, 0, 0, 0);
    await expect(exportGlb(rig, character, DEFAULT)).resolves.toBeInstanceOf(ArrayBuffer);
  });
});

describe('reopening files whose extras.kin were written elsewhere', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  const rest = { translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] };
  const broken: [string, Record<string, unknown>, string][] = [
    ['a rest that is not an object', { rest: 5 }, "skin 'SimpleSkin': joint 0 'root': extras.kin.rest must be an object with translation, rotation and scale"],
    ['a rest without a rotation', { rest: { ...rest, rotation: undefined } }, "skin 'SimpleSkin': joint 0 'root': extras.kin.rest.rotation must be 4 finite numbers"],
    ['two angles', { rest, angles: [0, 1] }, "skin 'SimpleSkin': joint 0 'root': extras.kin.angles must be 3 finite numbers"],
  ];
  it.each(broken)('refuses %s, naming the joint and the field', async (_, kin, message) => {
    const file = simpleSkin();
    file.json.nodes[1].extras = { kin };
    file.json.nodes[2].extras = { kin: { rest: { ...rest, translation: [0, 1, 0] } } };
    await expect(reopened(module, file.glb())).rejects.toThrow(message);
  });

  it('a file whose extras.kin no longer give its nodes is posed from the nodes, with a note', async () => {
    const file = simpleSkin();
    // A rest and angles that do not give the nodes: the root node is not turned, this angle turns it.
    file.json.nodes[1].extras = { kin: { rest, angles: [0, 0, 0.5] } };
    file.json.nodes[2].extras = { kin: { rest: { ...rest, translation: [0, 1, 0] }, angles: [0, 0, 0] } };
    const parts = await reopened(module, file.glb());
    expect(parts.summary).toContain("bone 'root' differs");
    expect(parts.info.presets.map((preset) => preset.name)).toEqual(['bind']);
    // The nodes' pose is the rest: every angle zero, and the palette is the file's bind (identity: the nodes are at bind).
    expect(Array.from(parts.rig.pose())).toEqual(new Array(6).fill(0));
    expect(maxDifference(parts.rig.palette(), [...new THREE.Matrix4().elements, ...new THREE.Matrix4().elements])).toBeLessThan(1e-6);
  });
});
