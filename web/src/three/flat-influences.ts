// A skinned geometry's influences as the WASM rig's setSkin takes them, for
// whatever skins it on the CPU (the debug view's reference mesh).
import type * as THREE from 'three';

/** The geometry's attribute `key`; throws naming `user` and the attribute if it is missing. */
export function requiredAttribute(geometry: THREE.BufferGeometry, key: string, user: string): THREE.BufferAttribute | THREE.InterleavedBufferAttribute {
  const attribute = geometry.getAttribute(key);
  if (!attribute) throw new Error(`${user}: the mesh has no ${key} attribute`);
  return attribute;
}

/**
 * Joints and weights of `geometry` as the rig's skin takes them: skinIndex
 * (rig bone indices) and skinWeight, four per vertex, or eight per vertex
 * when the geometry carries a second set (skinIndex1, skinWeight1).
 */
export function flatInfluences(geometry: THREE.BufferGeometry, user: string): { joints: ArrayLike<number>; weights: ArrayLike<number> } {
  const joints = requiredAttribute(geometry, 'skinIndex', user);
  const weights = requiredAttribute(geometry, 'skinWeight', user);
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
