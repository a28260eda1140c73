// The kinematic model of DESIGN.md written again with three.js math, as an
// independent reference: local = T(rest_t + root offset) · R · S · F · E(θ) · F⁻¹
// with E(θ) = R(a2, θ2) · R(a1, θ1) · R(a0, θ0) for the bone's Euler order.
import * as THREE from 'three';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';

const AXES: Record<string, THREE.Vector3> = {
  X: new THREE.Vector3(1, 0, 0),
  Y: new THREE.Vector3(0, 1, 0),
  Z: new THREE.Vector3(0, 0, 1),
};

export function localMatrix(bone: BoneDesc, angles: ArrayLike<number>, rootOffset: ArrayLike<number>): THREE.Matrix4 {
  const t = new THREE.Vector3(...(bone.restT ?? [0, 0, 0]));
  if (bone.parent < 0) t.add(new THREE.Vector3(rootOffset[0], rootOffset[1], rootOffset[2]));
  const frame = new THREE.Matrix4().makeRotationFromQuaternion(new THREE.Quaternion(...(bone.frame ?? [0, 0, 0, 1])));
  const euler = new THREE.Matrix4();
  const order = bone.order ?? 'XYZ';
  for (let slot = 0; slot < 3; slot++) {
    euler.premultiply(new THREE.Matrix4().makeRotationAxis(AXES[order[slot]], angles[slot]));
  }
  return new THREE.Matrix4()
    .makeTranslation(t.x, t.y, t.z)
    .multiply(new THREE.Matrix4().makeRotationFromQuaternion(new THREE.Quaternion(...(bone.restQ ?? [0, 0, 0, 1]))))
    .multiply(new THREE.Matrix4().makeScale(...(bone.restS ?? [1, 1, 1])))
    .multiply(frame)
    .multiply(euler)
    .multiply(frame.clone().invert());
}

/** Sets three.js bones' local matrices to the model's for `angles` (3 per bone). */
export function poseThreeBones(
  nodes: readonly THREE.Bone[],
  bones: readonly BoneDesc[],
  angles: ArrayLike<number>,
  rootOffset: ArrayLike<number>,
): void {
  nodes.forEach((node, i) => {
    node.matrixAutoUpdate = false;
    node.matrix.copy(localMatrix(bones[i], [angles[3 * i], angles[3 * i + 1], angles[3 * i + 2]], rootOffset));
    node.matrixWorldNeedsUpdate = true;
  });
}
