// The page's exports (pose-export.ts does the work): the posed character as a
// GLB with the pose baked in, and the pose as JSON by bone name. The toolbar
// buttons download them; window.kin reads them without downloading.
import { Group, type Material, type Mesh } from 'three';
import type { PosingApp } from '../app/posing-app.js';
import { type PoseJson, bakedMesh, download, glbOf, poseJson } from './pose-export.js';

/** 'default', 'lesson:<id>', or the file name of the user's model on screen. */
function characterName(app: PosingApp): string {
  const { source } = app;
  return source.kind === 'gltf' ? source.name : source.kind === 'lesson' ? `lesson:${source.id}` : 'default';
}

/**
 * The posed character's meshes (every part its rig deforms), skinned on the
 * CPU with the method the page draws with (the export bakes what is drawn), as one GLB.
 */
export async function exportGlb(app: PosingApp): Promise<ArrayBuffer> {
  const group = new Group();
  group.name = `${characterName(app)} (posed)`;
  for (const part of app.character.parts) {
    group.add(bakedMesh(app.session.rig, part.mesh.geometry, app.skinning, part.mesh.name || group.name));
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

export function exportedPose(app: PosingApp): PoseJson {
  return poseJson(app.session.rig, characterName(app));
}

export async function downloadGlb(app: PosingApp): Promise<void> {
  download(await exportGlb(app), 'model/gltf-binary', 'kin-pose.glb');
}

export function downloadPoseJson(app: PosingApp): void {
  download(JSON.stringify(exportedPose(app), null, 2), 'application/json', 'kin-pose.json');
}
