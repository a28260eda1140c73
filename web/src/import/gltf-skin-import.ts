// One skin of a parsed glTF model made ready to pose: the rig description
// (skinned-mesh-rig.ts) and the meshes it deforms, each with checked finite
// positions, normals (computed when the file has none), and checked,
// normalised influences in skinIndex/skinWeight (+ skinIndex1/skinWeight1
// for 8 per vertex), still in the skin's joint order. Problems that leave
// the model usable (unnormalised weights) come back as warnings for the page.
import type * as THREE from 'three';
import type { GltfModel, GltfSkinEntry } from './gltf-model.js';
import { GltfFileError } from './glb-container.js';
import { type GltfInfluences, MAX_INFLUENCES, setSkinAttributes, readGltfInfluences } from './gltf-influences.js';
import { type SkinnedMeshRig, rigFromSkeleton } from './skinned-mesh-rig.js';
import { plural } from '../text/plural.js';

export interface ImportedSkin {
  skin: GltfSkinEntry;
  rig: SkinnedMeshRig;
  meshes: THREE.SkinnedMesh[];
  /** The largest number of influences per vertex among the meshes. */
  influences: 4 | 8;
  /** What the page should tell the user about the file (it loaded anyway). */
  warnings: string[];
}

function meshLabel(mesh: THREE.SkinnedMesh): string {
  return `mesh '${mesh.name}'`;
}

function checkPositions(mesh: THREE.SkinnedMesh): void {
  const position = mesh.geometry.getAttribute('position');
  if (!position) throw new GltfFileError(`${meshLabel(mesh)} has no positions`);
  for (let v = 0; v < position.count; v++) {
    if (!Number.isFinite(position.getX(v) + position.getY(v) + position.getZ(v))) throw new GltfFileError(`${meshLabel(mesh)}: the position of vertex ${v} is not finite`);
  }
}

/** The skin with file index `skinIndex` (default: the only one); throws naming the choices when that is ambiguous. */
export function chooseSkin(model: GltfModel, skinIndex?: number): GltfSkinEntry {
  if (skinIndex === undefined) {
    if (model.skins.length === 1) return model.skins[0];
    throw new GltfFileError(`it has ${model.skins.length} skins; choose one of ${model.skins.map((s) => `${s.index} (${s.name})`).join(', ')}`);
  }
  const skin = model.skins.find((s) => s.index === skinIndex);
  if (!skin) throw new GltfFileError(`it has no skin ${skinIndex} deforming a mesh; the skins are ${model.skins.map((s) => `${s.index} (${s.name})`).join(', ')}`);
  return skin;
}

/** Builds the rig and prepares the meshes of one skin; throws GltfFileError (or a Rig error) naming the problem. */
export function importSkin(model: GltfModel, skinIndex?: number): ImportedSkin {
  const skin = chooseSkin(model, skinIndex);
  let rig: SkinnedMeshRig;
  try {
    rig = rigFromSkeleton(skin.skeleton);
  } catch (error) {
    throw new GltfFileError(`skin '${skin.name}': ${(error as Error).message.replace(/^Rig: /, '')}`);
  }
  const jointCount = skin.skeleton.bones.length;
  const influences: GltfInfluences[] = skin.meshes.map((mesh) => {
    checkPositions(mesh);
    const fileWeights = model.fileWeights.get(mesh.geometry.getAttribute('skinWeight'));
    if (!fileWeights) throw new GltfFileError(`${meshLabel(mesh)}: its file weights were not captured (imported twice?)`);
    try {
      return readGltfInfluences(mesh.geometry, fileWeights, jointCount, meshLabel(mesh));
    } catch (error) {
      throw new GltfFileError((error as Error).message);
    }
  });
  skin.meshes.forEach((mesh, m) => {
    setSkinAttributes(mesh.geometry, influences[m]);
    if (!mesh.geometry.getAttribute('normal')) mesh.geometry.computeVertexNormals();
  });
  const warnings: string[] = [];
  const unnormalized = influences.reduce((sum, i) => sum + i.unnormalized, 0);
  const unweighted = influences.reduce((sum, i) => sum + i.unweighted, 0);
  if (unnormalized > 0) warnings.push(`The weights of ${plural(unnormalized, 'vertex', 'vertices')} did not sum to 1; they were normalised.`);
  if (unweighted > 0) warnings.push(`${plural(unweighted, 'vertex has', 'vertices have')} no weights; they follow their first joint.`);
  const trimmed = influences.reduce((sum, i) => sum + i.trimmed, 0);
  if (trimmed > 0) {
    const dropped = Math.max(...influences.map((i) => i.largestDropped));
    warnings.push(`${plural(trimmed, 'vertex has', 'vertices have')} more than ${MAX_INFLUENCES} influences; the ${MAX_INFLUENCES} largest are kept and renormalised (the largest weight left out: ${dropped.toFixed(3)}).`);
  }
  return { skin, rig, meshes: skin.meshes, influences: influences.some((i) => i.influences === 8) ? 8 : 4, warnings };
}
