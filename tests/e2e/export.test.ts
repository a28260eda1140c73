// Exports in Debian's Chromium. "Export GLB" downloads the posed character:
// parsed in Node with three.js's GLTFLoader, its vertices equal three.js's
// own SkinnedMesh.applyBoneTransform of the default character posed with
// the page's angles (within 1e-4 m), and its normals the blended skin matrix's
// normal matrix applied by three.js (within 1e-4). "Export pose JSON"
// downloads the angles by bone name: setting them reproduces the palette.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoseJson } from '../../web/src/export/pose-export.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { loadDefaultCharacter } from '../web/default-character.js';
import { poseThreeBones } from '../web/three-model.js';
import { clickFileMenu, demoPage, dragHandle } from './browser.js';
import { maxDifference } from './measure.js';

/** Clicks a toolbar button and returns the file it downloads. */
async function downloadFrom(page: Page, action: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, action)]);
  const path = await download.path();
  return { download, bytes: readFileSync(path) };
}

/** The one mesh of a GLB, parsed by three.js in Node. */
async function meshOf(bytes: Buffer): Promise<THREE.Mesh> {
  const gltf = await new GLTFLoader().parseAsync(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, '');
  const meshes: THREE.Mesh[] = [];
  gltf.scene.traverse((object) => {
    if ((object as THREE.Mesh).isMesh) meshes.push(object as THREE.Mesh);
  });
  expect(meshes.length).toBe(1);
  return meshes[0];
}

/** Three.js skinning of the default character in a pose: positions by applyBoneTransform, normals by the blended matrix's normal matrix. */
async function threeSkinned(angles: number[], rootOffset: [number, number, number]): Promise<{ positions: Float32Array; normals: Float32Array; rest: ArrayLike<number> }> {
  const { mesh, scene } = await loadDefaultCharacter();
  const { bones, nodes } = rigFromSkinnedMesh(mesh);
  poseThreeBones(nodes, bones, angles, rootOffset);
  scene.updateMatrixWorld(true); // the joints are not children of the mesh
  mesh.skeleton.update();
  const geometry = mesh.geometry;
  const position = geometry.getAttribute('position');
  const normal = geometry.getAttribute('normal');
  const skinIndex = geometry.getAttribute('skinIndex');
  const skinWeight = geometry.getAttribute('skinWeight');
  const boneMatrices = mesh.skeleton.boneMatrices!;
  const positions = new Float32Array(3 * position.count);
  const normals = new Float32Array(3 * position.count);
  const vertex = new THREE.Vector3();
  const blend = new THREE.Matrix4();
  const boneMatrix = new THREE.Matrix4();
  const normalMatrix = new THREE.Matrix3();
  for (let v = 0; v < position.count; v++) {
    vertex.fromBufferAttribute(position, v);
    mesh.applyBoneTransform(v, vertex);
    positions.set([vertex.x, vertex.y, vertex.z], 3 * v);
    blend.set(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    for (let k = 0; k < 4; k++) {
      const weight = skinWeight.getComponent(v, k);
      if (weight === 0) continue;
      boneMatrix.fromArray(boneMatrices, 16 * skinIndex.getComponent(v, k));
      for (let e = 0; e < 16; e++) blend.elements[e] += weight * boneMatrix.elements[e];
    }
    blend.premultiply(mesh.bindMatrixInverse).multiply(mesh.bindMatrix);
    vertex.fromBufferAttribute(normal, v).applyMatrix3(normalMatrix.getNormalMatrix(blend)).normalize();
    normals.set([vertex.x, vertex.y, vertex.z], 3 * v);
  }
  return { positions, normals, rest: position.array };
}

describe('exports', () => {
  const demo = demoPage();
  let page: Page;
  beforeAll(async () => {
    page = demo.page;
    // A preset and a drag: angles from the presets and from a solve.
    await page.evaluate(() => window.kin.applyPreset('wave'));
    await dragHandle(page, 'hand_l', 60, 40);
  });

  it('Export GLB downloads the posed mesh: vertices and normals as three.js skins them', async () => {
    const pose = await page.evaluate(() => window.kin.getPose());
    const { download, bytes } = await downloadFrom(page, 'export-glb');
    expect(download.suggestedFilename()).toBe('kin-pose.glb');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(await page.evaluate(() => window.kin.exportGlb())).toBe(bytes.byteLength);

    const exported = await meshOf(bytes);
    expect((exported as THREE.Mesh & { isSkinnedMesh?: boolean }).isSkinnedMesh).toBeFalsy(); // baked, not rigged
    const positions = exported.geometry.getAttribute('position').array;
    const normals = exported.geometry.getAttribute('normal').array;
    const reference = await threeSkinned(pose.angles, pose.rootOffset);
    expect(maxDifference(positions, reference.positions)).toBeLessThan(1e-4);
    expect(maxDifference(normals, reference.normals)).toBeLessThan(1e-4);
    // Posed, not the rest mesh.
    expect(maxDifference(positions, reference.rest)).toBeGreaterThan(0.1);
    expect(demo.problems).toEqual([]);
  });

  it('Export pose JSON downloads angles by bone name that set the same pose again', async () => {
    const before = await page.evaluate(() => ({ pose: window.kin.getPose(), palette: window.kin.palette(), names: window.kin.boneNames(), json: window.kin.poseJson() }));
    const { download, bytes } = await downloadFrom(page, 'export-pose-json');
    expect(download.suggestedFilename()).toBe('kin-pose.json');
    const json = JSON.parse(bytes.toString('utf8')) as PoseJson;
    expect(json).toEqual(before.json);
    expect(json).toMatchObject({ format: 'kin-pose', version: 1, character: 'default' });
    expect(json.bones.map((b) => b.name)).toEqual(before.names);
    json.bones.forEach((bone, j) => expect(bone.angles).toEqual(before.pose.angles.slice(3 * j, 3 * j + 3)));

    await page.click('.posing-toolbar [data-action="reset"]');
    expect(maxDifference(await page.evaluate(() => window.kin.palette()), before.palette)).toBeGreaterThan(0.01);
    // Applied by name, in the reverse of the file's order, as another tool would.
    const palette = await page.evaluate((pose) => {
      const byName = new Map(pose.bones.map((b) => [b.name, b.angles]));
      window.kin.setPose(window.kin.boneNames().flatMap((name) => byName.get(name)!), pose.rootOffset);
      return window.kin.palette();
    }, { ...json, bones: [...json.bones].reverse() });
    expect(maxDifference(palette, before.palette)).toBeLessThan(1e-6);
    expect(demo.problems).toEqual([]);
  });
});
