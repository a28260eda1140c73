// Exports of the posed character: the pose as JSON (angles by bone name, so
// that any rig with those bones can take it), and a GLB of the mesh with the
// pose baked in — positions and normals skinned on the CPU by the core, the
// same skinning the page draws, written by three.js's GLTFExporter.
import * as THREE from 'three';
import { GLTFExporter } from 'three/addons/exporters/GLTFExporter.js';
import type { Rig, SkinningMethod } from '../rig/rig.js';
import type { EulerOrder, Vec3Tuple } from '../rig/rig-desc.js';
import { flatInfluences, requiredAttribute } from '../three/flat-influences.js';

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
 * A plain mesh of `geometry` (position, normal, skinIndex holding rig bone
 * indices, skinWeight, index) in the rig's current pose, skinned by `method`.
 */
export function bakedMesh(rig: Rig, geometry: THREE.BufferGeometry, method: SkinningMethod, name: string): THREE.Mesh {
  const { joints, weights } = flatInfluences(geometry, 'Export');
  rig.setSkin(requiredAttribute(geometry, 'position', 'Export').array, requiredAttribute(geometry, 'normal', 'Export').array, joints, weights);
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
