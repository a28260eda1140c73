// Exports of the posed character: the pose as JSON (angles by bone name, so
// that any rig with those bones can take it), and a GLB of the mesh with the
// pose baked in — positions and normals skinned on the CPU by the core, the
// same skinning the page draws, written by three.js's GLTFExporter.
import * as THREE from 'three';
import { GLTFExporter } from 'three/addons/exporters/GLTFExporter.js';
import type { Rig, SkinningMethod } from '../rig/rig.js';
import type { EulerOrder, Vec3Tuple } from '../rig/rig-desc.js';

export interface PoseJson {
  format: 'kin-pose';
  version: 1;
  /** Which character the pose is for (the file name of a user's model). */
  character: string;
  /** Root offset, model space, metres. */
  rootOffset: Vec3Tuple;
  /** Per bone in rig order: its Euler order and angles in radians (slot 0 first). */
  bones: { name: string; order: EulerOrder; angles: Vec3Tuple }[];
}

export function poseJson(rig: Rig, character: string): PoseJson {
  const pose = rig.pose();
  return {
    format: 'kin-pose',
    version: 1,
    character,
    rootOffset: rig.rootOffset,
    bones: rig.boneNames.map((name, j) => ({ name, order: rig.orders[j], angles: [pose[3 * j], pose[3 * j + 1], pose[3 * j + 2]] })),
  };
}

/**
 * Joints and weights of `geometry` as the rig's skin takes them: skinIndex
 * (rig bone indices) and skinWeight, four per vertex, or eight per vertex
 * when the geometry carries a second set (skinIndex1, skinWeight1).
 */
function skinInfluences(geometry: THREE.BufferGeometry): { joints: ArrayLike<number>; weights: ArrayLike<number> } {
  const joints = requiredAttribute(geometry, 'skinIndex');
  const weights = requiredAttribute(geometry, 'skinWeight');
  const joints1 = geometry.getAttribute('skinIndex1');
  const weights1 = geometry.getAttribute('skinWeight1');
  if (!joints1 || !weights1) return { joints: joints.array, weights: weights.array };
  const count = joints.count;
  const joints8 = new Uint16Array(8 * count);
  const weights8 = new Float32Array(8 * count);
  for (let v = 0; v < count; v++) {
    for (let k = 0; k < 4; k++) {
      joints8[8 * v + k] = joints.getComponent(v, k);
      joints8[8 * v + 4 + k] = joints1.getComponent(v, k);
      weights8[8 * v + k] = weights.getComponent(v, k);
      weights8[8 * v + 4 + k] = weights1.getComponent(v, k);
    }
  }
  return { joints: joints8, weights: weights8 };
}

function requiredAttribute(geometry: THREE.BufferGeometry, key: string): THREE.BufferAttribute | THREE.InterleavedBufferAttribute {
  const attribute = geometry.getAttribute(key);
  if (!attribute) throw new Error(`Export: the mesh has no ${key} attribute`);
  return attribute;
}

/**
 * A plain mesh of `geometry` (position, normal, skinIndex holding rig bone
 * indices, skinWeight, index) in the rig's current pose, skinned by `method`.
 */
export function bakedMesh(rig: Rig, geometry: THREE.BufferGeometry, method: SkinningMethod, name: string): THREE.Mesh {
  const { joints, weights } = skinInfluences(geometry);
  rig.setSkin(requiredAttribute(geometry, 'position').array, requiredAttribute(geometry, 'normal').array, joints, weights);
  rig.skin(method);
  const baked = new THREE.BufferGeometry();
  baked.setAttribute('position', new THREE.BufferAttribute(Float32Array.from(rig.skinnedPositions()), 3));
  baked.setAttribute('normal', new THREE.BufferAttribute(Float32Array.from(rig.skinnedNormals()), 3));
  const index = geometry.getIndex();
  if (index) baked.setIndex(index.clone());
  const mesh = new THREE.Mesh(baked, new THREE.MeshStandardMaterial({ color: 0x9a7d6b, roughness: 0.7 }));
  mesh.name = name;
  return mesh;
}

/** The object as a binary glTF. */
export async function glbOf(object: THREE.Object3D): Promise<ArrayBuffer> {
  const result = await new GLTFExporter().parseAsync(object, { binary: true });
  if (!(result instanceof ArrayBuffer)) throw new Error('Export: GLTFExporter did not return a GLB');
  return result;
}

/** Hands `data` to the browser as a downloaded file. */
export function download(data: BlobPart, type: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
