// The page's exports (pose-export.ts does the work): the posed character as a
// GLB with the pose baked in, and the pose as JSON by bone name. The File
// menu downloads them; window.kin reads them without downloading.
import { Group, type Material, type Mesh } from 'three';
import type { CharacterSource } from '../posing/character-source.js';
import type { Rig, SkinningMethod } from '../rig/rig.js';
import type { CharacterMeshes } from '../three/character-meshes.js';
import { type PoseJson, bakedMesh, glbOf, poseJson } from './pose-export.js';

/** 'default', 'lesson:<id>', or the file name of the user's model on screen. */
export function characterName(source: CharacterSource): string {
  return source.kind === 'gltf' ? source.name : source.kind === 'lesson' ? `lesson:${source.id}` : 'default';
}

/**
 * The posed character's meshes (every part its rig deforms), skinned on the
 * CPU with the method the page draws with (the export bakes what is drawn), as one GLB.
 */
export async function exportGlb(rig: Rig, character: CharacterMeshes, method: SkinningMethod, source: CharacterSource): Promise<ArrayBuffer> {
  const group = new Group();
  group.name = `${characterName(source)} (posed)`;
  for (const part of character.parts) {
    group.add(bakedMesh(rig, part.mesh.geometry, method, part.mesh.name || group.name));
  }
  try {
    return await glbOf(group);
  } finally {
    for (const child of group.children as Mesh[]) {
      child.geometry.dispose();
      (child.material as Material).dispose();
    }
  }
}

export function exportedPose(rig: Rig, source: CharacterSource): PoseJson {
  return poseJson(rig, characterName(source));
}
