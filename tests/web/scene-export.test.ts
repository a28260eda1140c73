// "Export GLB" of a scene of several characters: one file, each character
// its own skinned tree under a root node placed where it stands. Built as
// the page builds it (the pose editor's scene, clip-export.ts) and checked
// against three.js's own reading of the file (GLTFLoader): for each
// character, bone.matrixWorld × boneInverses equals its transform (from
// scene/character-transform.ts) × its model-space palette within 1e-5,
// its clip plays on its own joints (AnimationMixer) where our core puts them
// in the world, within 1e-4. A scene of one character writes the same bytes
// as the export of that character alone (skinned-export.test.ts tests that
// file); the page's importer reopens the first skin of a two-character
// file as the first character, posable.
import './file-reader-shim.js';
import * as THREE from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { TimelineModel } from '../../web/src/animation/timeline-model.js';
import { glbWithClip } from '../../web/src/app/clip-export.js';
import { exportGlb } from '../../web/src/export/character-export.js';
import { SCENE_NAME } from '../../web/src/export/scene-export.js';
import { readGltfContainer } from '../../web/src/import/glb-container.js';
import { GltfImporter } from '../../web/src/import/gltf-importer.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS, presetPose } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { CharacterTransform } from '../../web/src/scene/character-transform.js';
import type { SceneCharacter } from '../../web/src/scene/scene.js';
import { CharacterMeshes } from '../../web/src/three/character-meshes.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { maxDifference } from '../e2e/measure.js';
import { randomClip, worstPlaybackDifference } from './clip-playback.js';
import { defaultCharacterEditor, loadDefaultCharacter } from './default-character.js';
import { seededRandom, uniform } from './seeded-random.js';
import { toWorld, worldPalette } from './world-palette.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- glTF JSON as the file has it */
type GltfJson = any;

const SECOND_PLACE: CharacterTransform = { x: 1.5, z: -0.5, heading: 0.7 };

/** three.js's palette of a skinned mesh: bone.matrixWorld × boneInverse, 16 floats per joint. */
function threePalette(mesh: THREE.SkinnedMesh): number[] {
  return mesh.skeleton.bones.flatMap((bone, j) => bone.matrixWorld.clone().multiply(mesh.skeleton.boneInverses[j]).elements);
}

async function parsed(bytes: ArrayBuffer): Promise<{ gltf: GLTF; meshes: THREE.SkinnedMesh[] }> {
  const gltf = await new GLTFLoader().parseAsync(bytes, '');
  gltf.scene.updateMatrixWorld(true);
  const meshes: THREE.SkinnedMesh[] = [];
  gltf.scene.traverse((object) => {
    if ((object as THREE.SkinnedMesh).isSkinnedMesh) meshes.push(object as THREE.SkinnedMesh);
  });
  return { gltf, meshes };
}

describe('Export GLB of a scene of two characters', () => {
  let module: KinModule;
  let editor: PoseEditor;
  let timeline: TimelineModel;
  let characters: readonly SceneCharacter[];
  const meshes = new Map<number, CharacterMeshes>();
  const meshesOf = (id: number): CharacterMeshes => meshes.get(id)!;

  beforeAll(async () => {
    module = await loadKinModuleNode();
    const { mesh } = await loadDefaultCharacter();
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    editor = defaultCharacterEditor(module, bones);
    const first = editor.active;
    const wave = presetPose(first.session.rig, DEFAULT_CHARACTER_PRESETS.find((preset) => preset.name === 'wave')!);
    first.session.rig.setPose(wave.angles, [0.1, -0.05, 0.04]);
    const second = editor.addCharacter(new PosingSession(Rig.create(module, bones)), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS }, SECOND_PLACE);
    const random = seededRandom(31);
    second.session.rig.setPose(Array.from({ length: 3 * bones.length }, () => uniform(random, -1, 1)), [-0.08, 0.03, 0.12]);
    characters = editor.scene.characters;
    meshes.set(first.id, new CharacterMeshes([{ mesh, material: 'page-look' }], jointToBone));
    meshes.set(second.id, new CharacterMeshes([{ mesh: (await loadDefaultCharacter()).mesh, material: 'page-look' }], jointToBone));
    timeline = new TimelineModel(editor);
  });

  it("three.js reads a skinned mesh per character, under a root node named after it; bone.matrixWorld × boneInverses is the character's palette in the world", async () => {
    const { data, name } = await glbWithClip(editor, timeline, meshesOf);
    expect(name).toBe('kin-scene-posed.glb');
    const { gltf, meshes: read } = await parsed(data);
    expect(read).toHaveLength(2);
    expect(gltf.animations).toEqual([]);
    const [a, b] = characters.map((c) => c.session.rig.palette());
    // Posed differently, and the second placed away: a mix-up of characters or a missing transform would show.
    expect(maxDifference(a, b)).toBeGreaterThan(0.1);
    expect(maxDifference(worldPalette(b, SECOND_PLACE), b)).toBeGreaterThan(1);
    characters.forEach((character, i) => {
      const mesh = read[i];
      expect(mesh.parent!.name).toBe(THREE.PropertyBinding.sanitizeNodeName(character.name));
      expect(mesh.skeleton.bones[0].parent).toBe(mesh.parent);
      const { rig } = character.session;
      expect(maxDifference(threePalette(mesh), worldPalette(rig.palette(), character.transform)), character.name).toBeLessThan(1e-5);
      // The inverse binds stay the character's own, in its model space.
      const bind_ms = rig.bindMatrices();
      mesh.skeleton.boneInverses.forEach((inverse, j) => {
        expect(maxDifference(new THREE.Matrix4().fromArray(bind_ms, 16 * j).multiply(inverse).elements, new THREE.Matrix4().elements)).toBeLessThan(1e-5);
      });
    });
    // three.js's names are unique across the file (it renames the second tree's).
    const names = read.flatMap((mesh) => mesh.skeleton.bones.map((bone) => bone.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it("writes a root node per character at its place, one skin each named after it, joints named as the rig's bones in each tree", async () => {
    const { json }: { json: GltfJson } = readGltfContainer((await glbWithClip(editor, timeline, meshesOf)).data);
    expect(json.scenes[json.scene].name).toBe(SCENE_NAME);
    const roots: GltfJson[] = json.scenes[json.scene].nodes.map((node: number) => json.nodes[node]);
    expect(roots.map((node) => node.name)).toEqual(characters.map((c) => c.name));
    expect(roots[0].translation).toBeUndefined();
    expect(roots[1].translation).toEqual([1.5, 0, -0.5]);
    expect(maxDifference(roots[1].rotation, [0, Math.sin(0.35), 0, Math.cos(0.35)])).toBeLessThan(1e-7);
    expect(json.skins.map((skin: GltfJson) => skin.name)).toEqual(characters.map((c) => c.name));
    characters.forEach((character, i) => {
      const joints: number[] = json.skins[i].joints;
      expect(joints.map((node) => json.nodes[node].name)).toEqual(character.session.rig.boneNames);
      // Its joints and its mesh are under its root node.
      const under = new Set<number>();
      const walk = (node: number): void => {
        under.add(node);
        for (const child of json.nodes[node].children ?? []) walk(child);
      };
      walk(json.scenes[json.scene].nodes[i]);
      expect(joints.every((node) => under.has(node))).toBe(true);
      const meshNodes = [...under].filter((node) => json.nodes[node].mesh !== undefined);
      expect(meshNodes.map((node) => json.nodes[node].skin)).toEqual([i]);
    });
  });

  it('a scene of one character writes the same bytes as that character exported alone', async () => {
    const { mesh } = await loadDefaultCharacter();
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    const alone = defaultCharacterEditor(module, bones);
    alone.session.rig.setPose(characters[1].session.rig.pose(), [0.02, 0, 0.03]);
    // Standing away from the origin changes nothing: a lone character is written in its model space.
    alone.placeCharacter(alone.active.id, SECOND_PLACE);
    const character = new CharacterMeshes([{ mesh, material: 'page-look' }], jointToBone);
    const { data, name } = await glbWithClip(alone, new TimelineModel(alone), () => character);
    expect(name).toBe('kin-character-posed.glb');
    const reference = await exportGlb(alone.session.rig, character, { kind: 'default' });
    expect(Buffer.from(data).equals(Buffer.from(reference))).toBe(true);
    alone.session.rig.dispose();
  });

  it('the page reopens the first skin of the file as the first character, posable, in its pose', async () => {
    const { data } = await glbWithClip(editor, timeline, meshesOf);
    const result = await new GltfImporter(module).import({ main: { name: 'scene.glb', bytes: data, uris: { kind: 'companions' } }, companions: new Map() }, { chooseSkin: async () => 0 }, {});
    if (result.kind !== 'character') throw new Error('not a character');
    const { rig } = characters[0].session;
    const again = result.parts.rig;
    try {
      expect(result.summary).toContain(`skin '${characters[0].name}'`);
      expect(again.boneNames).toEqual(rig.boneNames);
      expect(maxDifference(again.palette(), rig.palette())).toBeLessThan(1e-5);
      expect(result.parts.info.presets.map((preset) => preset.name)).toEqual(['file', 'bind']);
      const hand = again.boneIndex('hand_l');
      const tip = Array.from(again.boneTips().subarray(3 * hand, 3 * hand + 3));
      again.setGoals([{ bone: 'hand_l', target: [tip[0] + 0.05, tip[1], tip[2]] }]);
      again.solve();
      expect(Math.abs(again.boneTips()[3 * hand] - (tip[0] + 0.05))).toBeLessThan(1e-3);
    } finally {
      again.dispose();
    }
  });

  it('writes each character\'s clip as an animation of its own joints named after it; three.js plays each where our core puts it in the world, and the page keeps its poses', async () => {
    const clips = characters.map((character, i) => {
      editor.setActiveCharacter(character.id);
      const clip = randomClip(41 + i, character.session.rig, 1 - 0.2 * i, 10);
      editor.setClip(clip);
      return clip;
    });
    const before = characters.map((c) => Array.from(c.session.rig.palette()));
    const { data, name } = await glbWithClip(editor, timeline, meshesOf);
    expect(name).toBe('kin-scene-animated.glb');
    characters.forEach((c, i) => expect(maxDifference(c.session.rig.palette(), before[i])).toBeLessThan(1e-6));
    const { json }: { json: GltfJson } = readGltfContainer(data);
    json.animations.forEach((animation: GltfJson, i: number) => {
      const joints = new Set(json.skins[i].joints);
      expect(animation.channels.every((channel: GltfJson) => joints.has(channel.target.node))).toBe(true);
    });
    const { gltf, meshes: read } = await parsed(data);
    expect(gltf.animations.map((a) => a.name)).toEqual(characters.map((c, i) => `${c.name}: ${clips[i].name}`));
    characters.forEach((character, i) => {
      const worst = worstPlaybackDifference(gltf.scene, gltf.animations[i], read[i].skeleton.bones, character.session.rig, clips[i], toWorld(character.transform));
      expect(worst, character.name).toBeLessThan(1e-4);
    });
  });
});
