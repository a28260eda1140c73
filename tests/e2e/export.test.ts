// Exports in Debian's Chromium, and loading them back. "Export GLB"
// downloads the character skinned, its joints in the pose on screen (root
// offset included): parsed in Node by three.js's GLTFLoader, its skeleton
// has the page's bone names and hierarchy, bone.matrixWorld × boneInverses
// equals the page's palette within 1e-5, and SkinnedMesh.applyBoneTransform
// puts the vertices where three.js skins the default character posed with
// the page's angles by our kinematic model written in three.js math
// (tests/web/three-model.ts). Loaded back through the File menu, the GLB
// is a posable character in the same pose (palette within 1e-5). "Export
// pose JSON" downloads the angles by bone name; after a Reset, loading it
// through the File menu's input poses the character again (palette within
// 1e-5) as one undo step and says so; a file naming a bone the character
// lacks, dropped on the page, says which. A lesson rig's export parses
// skinned with the page's palette. With two characters on the page, the one
// GLB holds both skinned, each where it stands: its transform × its palette
// within 1e-5.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoseJson } from '../../web/src/export/pose-export.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { loadDefaultCharacter } from '../web/default-character.js';
import { poseThreeBones, worstSkinnedDifference } from '../web/three-model.js';
import { worldPalette } from '../web/world-palette.js';
import { bannerText, clickFileMenu, downloadedBytes, dragHandle, dropFile, loadReported } from './browser.js';
import { demoPage } from './shared-pages.js';
import { type Vec3, distance, maxDifference } from './measure.js';

/** Clicks a File menu item and returns the file it downloads. */
async function downloadFrom(page: Page, action: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, action)]);
  return { download, bytes: await downloadedBytes(download) };
}

function arrayBufferOf(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** The GLB's meshes as three.js reads them in Node, world matrices updated. */
async function meshesOf(bytes: Buffer): Promise<THREE.Mesh[]> {
  const gltf = await new GLTFLoader().parseAsync(arrayBufferOf(bytes), '');
  gltf.scene.updateMatrixWorld(true);
  const meshes: THREE.Mesh[] = [];
  gltf.scene.traverse((object) => {
    if ((object as THREE.Mesh).isMesh) meshes.push(object as THREE.Mesh);
  });
  return meshes;
}

/** The GLB's one skinned mesh as three.js reads it in Node, world matrices updated. */
async function skinnedMeshOf(bytes: Buffer): Promise<THREE.SkinnedMesh> {
  const meshes = await meshesOf(bytes);
  expect(meshes.length).toBe(1);
  expect((meshes[0] as THREE.SkinnedMesh).isSkinnedMesh).toBe(true);
  return meshes[0] as THREE.SkinnedMesh;
}

/** three.js's palette: bone.matrixWorld × boneInverse per joint, as window.posePalette gives the page's (no spring-driven ponytail). */
function threePalette(mesh: THREE.SkinnedMesh): number[] {
  return mesh.skeleton.bones.flatMap((bone, j) => (bone.name.startsWith('ponytail_') ? [] : bone.matrixWorld.clone().multiply(mesh.skeleton.boneInverses[j]).elements));
}

/** The page's bone names, and each bone's parent's name (null for a root). */
function pageHierarchy(page: Page): Promise<{ names: string[]; parents: (string | null)[] }> {
  return page.evaluate(() => {
    const rig = window.kin.rig!;
    return { names: [...rig.boneNames], parents: Array.from(rig.parents, (p) => (p >= 0 ? rig.boneNames[p] : null)) };
  });
}

function threeHierarchy(mesh: THREE.SkinnedMesh): { names: string[]; parents: (string | null)[] } {
  const bones = mesh.skeleton.bones;
  return { names: bones.map((bone) => bone.name), parents: bones.map((bone) => ((bone.parent as THREE.Bone | null)?.isBone ? bone.parent!.name : null)) };
}

/** three.js's skinning of the default character's bind-pose vertices, posed by our kinematic model in three.js math. */
async function referencePositions(angles: number[], rootOffset: Vec3): Promise<Float32Array> {
  const { mesh, scene } = await loadDefaultCharacter();
  const { bones, nodes } = rigFromSkinnedMesh(mesh);
  poseThreeBones(nodes, bones, angles, rootOffset);
  scene.updateMatrixWorld(true); // the joints are not children of the mesh
  mesh.skeleton.update();
  const position = mesh.geometry.getAttribute('position');
  const positions = new Float32Array(3 * position.count);
  const vertex = new THREE.Vector3();
  for (let v = 0; v < position.count; v++) {
    mesh.applyBoneTransform(v, vertex.fromBufferAttribute(position, v));
    vertex.toArray(positions, 3 * v);
  }
  return positions;
}

describe('exports', () => {
  const demo = demoPage();
  let page: Page;
  let glb: Buffer;
  let exportedPalette: number[];
  beforeAll(async () => {
    page = demo.page;
    // A preset, a drag of a hand (angles from a solve) and of the hips' root target (a root offset).
    await page.evaluate(() => window.kin.applyPreset('wave'));
    await dragHandle(page, 'hand_l', 60, 40);
    await dragHandle(page, 'hips', 20, 30);
  });

  it('Export GLB downloads the character skinned, its joints posed as on screen', async () => {
    const pose = await page.evaluate(() => window.kin.getPose());
    expect(Math.hypot(...pose.rootOffset)).toBeGreaterThan(0.01);
    exportedPalette = await page.evaluate(() => window.posePalette());
    const { download, bytes } = await downloadFrom(page, 'export-glb');
    glb = bytes;
    expect(download.suggestedFilename()).toBe('kin-character-posed.glb');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(await page.evaluate(() => window.kin.exportGlb())).toBe(bytes.byteLength);

    const mesh = await skinnedMeshOf(bytes);
    expect(threeHierarchy(mesh)).toEqual(await pageHierarchy(page));
    expect(maxDifference(threePalette(mesh), exportedPalette)).toBeLessThan(1e-5);
    mesh.skeleton.update();
    const reference = await referencePositions(pose.angles, pose.rootOffset);
    expect(worstSkinnedDifference(mesh, reference)).toBeLessThan(1e-5);
    // Posed, not the rest mesh: the file's own vertices are the bind pose.
    expect(maxDifference(reference, mesh.geometry.getAttribute('position').array)).toBeGreaterThan(0.1);
    expect(demo.problems).toEqual([]);
  });

  it('Export pose JSON downloads the angles by name; loaded through the File menu after a Reset, they pose the character again as one undo step', async () => {
    const before = await page.evaluate(() => ({ pose: window.kin.getPose(), palette: window.posePalette(), names: window.kin.boneNames(), json: window.kin.poseJson() }));
    const { download, bytes } = await downloadFrom(page, 'export-pose-json');
    expect(download.suggestedFilename()).toBe('kin-character-pose.json');
    const json = JSON.parse(bytes.toString('utf8')) as PoseJson;
    expect(json).toEqual(before.json);
    expect(json).toMatchObject({ format: 'kin-pose', version: 1, character: 'default', rootOffset: before.pose.rootOffset });
    expect(json.bones.map((b) => b.name)).toEqual(before.names);
    json.bones.forEach((bone, j) => expect(bone.angles).toEqual(before.pose.angles.slice(3 * j, 3 * j + 3)));

    await page.click('.posing-toolbar [data-action="reset"]');
    const reset = await page.evaluate(() => window.posePalette());
    expect(maxDifference(reset, before.palette)).toBeGreaterThan(0.01);
    const depth = await page.evaluate(() => window.kin.undoDepth().undo);
    const banner = await bannerText(page, '.model-banner');
    await page.setInputFiles('input[aria-label="files to load"]', { name: 'kin-pose.json', mimeType: 'application/json', buffer: bytes });
    expect(await loadReported(page, banner)).toBe(`Read the pose in 'kin-pose.json' (${before.names.length} bones). Posed ${before.names.length} bones of ${before.names.length}.`);
    expect(maxDifference(await page.evaluate(() => window.posePalette()), before.palette)).toBeLessThan(1e-5);
    expect(await page.evaluate(() => window.kin.undoDepth().undo)).toBe(depth + 1);
    expect(await page.evaluate(() => window.kin.undo())).toBe(true);
    expect(maxDifference(await page.evaluate(() => window.posePalette()), reset)).toBeLessThan(1e-6);
    expect(demo.problems).toEqual([]);
  });

  it('a pose JSON naming a bone the character lacks poses the others and names it', async () => {
    const json = await page.evaluate(() => window.kin.poseJson());
    const posed = await page.evaluate(() => window.posePalette());
    // Another character's pose: this one's bones, turned, plus a tail.
    const other = { ...json, character: 'other', bones: [...json.bones.map((bone) => ({ ...bone, angles: bone.angles.map((a) => a + 0.05) })), { name: 'tail', order: 'XYZ', angles: [0.3, 0, 0] }] };
    const banner = await bannerText(page, '.model-banner');
    await dropFile(page, 'other.json', new TextEncoder().encode(JSON.stringify(other)).buffer as ArrayBuffer);
    const message = await loadReported(page, banner);
    expect(message).toContain(`Posed ${json.bones.length} bones of ${json.bones.length}. 1 bone in the file is not on this character: tail.`);
    expect(maxDifference(await page.evaluate(() => window.posePalette()), posed)).toBeGreaterThan(1e-3);
    expect(demo.problems).toEqual([]);
  });

  it('the exported GLB, loaded through the File menu, is a posable character in the exported pose', async () => {
    const banner = await bannerText(page, '.model-banner');
    await page.setInputFiles('input[aria-label="files to load"]', { name: 'kin-pose.glb', mimeType: 'model/gltf-binary', buffer: glb });
    const names = (await pageHierarchy(page)).names;
    expect(await loadReported(page, banner)).toBe(`Loaded 'kin-pose.glb': skin 'default', ${names.length} joints, 4 influences per vertex.`);
    expect(await page.evaluate(() => window.kin.model())).toMatchObject({ kind: 'gltf', name: 'kin-pose.glb', warnings: [] });
    expect(maxDifference(await page.evaluate(() => window.posePalette()), exportedPalette)).toBeLessThan(1e-5);

    // A real drag of the left hand's target: the hand follows.
    const before = await page.evaluate(() => window.kin.boneTip('hand_l'));
    await dragHandle(page, 'hand_l', -50, -30);
    const after = await page.evaluate(() => ({ tip: window.kin.boneTip('hand_l'), target: window.kin.goals().find((g) => g.name === 'hand_l')!.target }));
    expect(distance(after.tip, before)).toBeGreaterThan(0.02);
    expect(distance(after.tip, after.target)).toBeLessThan(0.01);
    expect(demo.problems).toEqual([]);
  });

  it("a lesson rig's export parses skinned, with the page's palette", async () => {
    await page.evaluate(() => window.kin.loadLesson('arm'));
    const goal = await page.evaluate(() => window.kin.goals()[0].name);
    await dragHandle(page, goal, 40, -30);
    const palette = await page.evaluate(() => window.posePalette());
    const { bytes } = await downloadFrom(page, 'export-glb');
    const mesh = await skinnedMeshOf(bytes);
    expect(threeHierarchy(mesh)).toEqual(await pageHierarchy(page));
    expect(maxDifference(threePalette(mesh), palette)).toBeLessThan(1e-5);
    expect(demo.problems).toEqual([]);
  });
});

describe('Export GLB of a scene', () => {
  const demo = demoPage();

  it('writes two characters side by side in one file, each skinned under its root node, its palette where it stands', async () => {
    const { page } = demo;
    await page.evaluate(async () => {
      const id = await window.kin.addCharacter('default');
      const { transform } = window.kin.characters().find((c) => c.id === id)!;
      window.kin.setCharacterTransform(id, { ...transform, heading: 0.5 });
      // The new one is active: its left hand reaches up and out.
      const tip = window.kin.boneTip('hand_l');
      window.kin.setGoalTarget('hand_l', [tip[0] + 0.1, tip[1] + 0.2, tip[2] + 0.05]);
    });
    const { names, characters } = await page.evaluate(() => ({ names: window.kin.boneNames(), characters: window.kin.characters().map((c) => ({ ...c, palette: window.kin.characterPalette(c.id) })) }));
    const { download, bytes } = await downloadFrom(page, 'export-glb');
    expect(download.suggestedFilename()).toBe('kin-scene-posed.glb');
    expect(await page.evaluate(() => window.kin.exportGlb())).toBe(bytes.byteLength);

    const meshes = (await meshesOf(bytes)) as THREE.SkinnedMesh[];
    expect(meshes.map((mesh) => mesh.isSkinnedMesh)).toEqual([true, true]);
    // The page's palettes without the spring-driven ponytail, as threePalette leaves it out.
    const body = (palette: number[]) => palette.filter((_, k) => !names[Math.floor(k / 16)].startsWith('ponytail_'));
    expect(maxDifference(body(characters[0].palette), body(characters[1].palette))).toBeGreaterThan(0.05);
    characters.forEach((character, i) => {
      expect(meshes[i].parent!.name).toBe(THREE.PropertyBinding.sanitizeNodeName(character.name));
      expect(maxDifference(threePalette(meshes[i]), worldPalette(body(character.palette), character.transform)), character.name).toBeLessThan(1e-5);
    });
    expect(demo.problems).toEqual([]);
  });
});
