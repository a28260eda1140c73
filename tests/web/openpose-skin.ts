// The default character's skin for the OpenPose tests: its bind-pose mesh
// (assets/character.glb, model space) with a bounding-volume tree
// (three-mesh-bvh) to cast rays and find the nearest surface point, and a
// landmark's point in the bind pose.
import * as THREE from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { BonePoint } from '../../web/src/outputs/openpose-landmarks.js';
import { loadDefaultCharacter } from './default-character.js';

export interface Skin {
  bvh: MeshBVH;
  /** Distance from p to the skin along `direction` (unit), or Infinity. */
  rayDistance(p: THREE.Vector3, direction: THREE.Vector3): number;
  /** Distance from p to the nearest point of the skin. */
  surfaceDistance(p: THREE.Vector3): number;
}

export async function defaultSkin(): Promise<Skin> {
  const { mesh } = await loadDefaultCharacter();
  mesh.updateMatrixWorld(true);
  // The body's mesh in model space: its positions through the node's matrix (identity for the generated asset).
  const geometry = mesh.geometry.clone().applyMatrix4(mesh.matrixWorld);
  const bvh = new MeshBVH(geometry);
  const ray = new THREE.Ray();
  return {
    bvh,
    rayDistance(p, direction) {
      ray.set(p, direction);
      const hit = bvh.raycastFirst(ray, THREE.DoubleSide);
      return hit ? hit.distance : Infinity;
    },
    surfaceDistance(p) {
      return bvh.closestPointToPoint(p)?.distance ?? Infinity;
    },
  };
}

/** A bone point in the bind pose (model space). */
export function bindPoint(bind: Float32Array, point: BonePoint): THREE.Vector3 {
  return new THREE.Vector3(...point.point_bs).applyMatrix4(new THREE.Matrix4().fromArray(bind, 16 * point.bone));
}
