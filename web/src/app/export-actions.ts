// The page's exports (pose-export.ts does the work): the posed character as a
// GLB with the pose baked in, and the pose as JSON by bone name. The toolbar
// buttons download them; window.kin reads them without downloading.
import type { Material } from 'three';
import type { SkinningMethod } from '../rig/rig.js';
import type { PosingApp } from './posing-app.js';
import { type PoseJson, bakedMesh, download, glbOf, poseJson } from './pose-export.js';

/** The page draws with linear blend skinning; the export bakes what is drawn. */
const PAGE_SKINNING: SkinningMethod = 'lbs';
/** This page poses only the default character (as its share links say). */
const CHARACTER = 'default';

/** The posed character's mesh, skinned on the CPU, as a GLB. */
export async function exportGlb(app: PosingApp): Promise<ArrayBuffer> {
  const mesh = bakedMesh(app.session.rig, app.character.mesh.geometry, PAGE_SKINNING, `${CHARACTER} (posed)`);
  try {
    return await glbOf(mesh);
  } finally {
    mesh.geometry.dispose();
    (mesh.material as Material).dispose();
  }
}

export function exportedPose(app: PosingApp): PoseJson {
  return poseJson(app.session.rig, CHARACTER);
}

export async function downloadGlb(app: PosingApp): Promise<void> {
  download(await exportGlb(app), 'model/gltf-binary', 'kin-pose.glb');
}

export function downloadPoseJson(app: PosingApp): void {
  download(JSON.stringify(exportedPose(app), null, 2), 'application/json', 'kin-pose.json');
}
