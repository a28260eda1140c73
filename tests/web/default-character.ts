// Loads assets/character.glb in Node with three.js's GLTFLoader (the file has
// no textures, so no browser APIs are needed) for tests and benchmarks.
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';

export interface LoadedCharacter {
  scene: THREE.Object3D;
  mesh: THREE.SkinnedMesh;
}

export async function loadDefaultCharacter(): Promise<LoadedCharacter> {
  const bytes = readFileSync(new URL('../../assets/character.glb', import.meta.url));
  const gltf = await new GLTFLoader().parseAsync(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), '');
  let mesh: THREE.SkinnedMesh | undefined;
  gltf.scene.traverse((o) => {
    if ((o as THREE.SkinnedMesh).isSkinnedMesh) mesh = o as THREE.SkinnedMesh;
  });
  if (!mesh) throw new Error('no skinned mesh in assets/character.glb');
  return { scene: gltf.scene, mesh };
}

/** The default character's rig description, as the page builds it. */
export async function defaultCharacterBones(): Promise<BoneDesc[]> {
  return rigFromSkinnedMesh((await loadDefaultCharacter()).mesh).bones;
}
