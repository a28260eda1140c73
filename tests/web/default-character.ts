// Loads assets/character.glb in Node with three.js's GLTFLoader (the file has
// no textures, so no browser APIs are needed) for tests and benchmarks, and
// makes the page's pose editor over it.
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';

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

/**
 * The default character's body: its 21 bones before the ponytail and the
 * fingers, which the generator appends after them (a spring chain and the
 * hands' bones, not part of the humanoid that the bench and the C++ fixtures
 * pose with IK).
 */
export function bodyBones(bones: readonly BoneDesc[]): BoneDesc[] {
  const ponytail = bones.findIndex((bone) => bone.name.startsWith('ponytail_'));
  return bones.slice(0, ponytail < 0 ? bones.length : ponytail);
}

/** The page's pose editor (no DOM) over a new rig of the default character in its start pose. */
export function defaultCharacterEditor(module: KinModule, bones: readonly BoneDesc[]): PoseEditor {
  const rig = Rig.create(module, bones);
  applyStartPose(rig);
  return new PoseEditor(new PosingSession(rig), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS });
}
