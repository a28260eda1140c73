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
  nodes: readonly THREE.Object3D[],
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

/**
 * Poses a glTF skin's joints in three.js's own terms: each joint node keeps
 * its TRS from the file and gains the rig bone's joint rotation F · E(θ) · F⁻¹
 * on the right; nodes that are not joints stay as the file has them. The root
 * offset moves the whole scene (`top`), i.e. model space. `angles` are the
 * rig's (3 per rig bone), `jointToBone` maps skin joints to rig bones.
 */
export function poseGltfJoints(
  joints: readonly THREE.Object3D[],
  jointToBone: Int32Array,
  bones: readonly BoneDesc[],
  angles: ArrayLike<number>,
  rootOffset: ArrayLike<number>,
  top: THREE.Object3D,
): void {
  joints.forEach((node, j) => {
    const b = jointToBone[j];
    const own: BoneDesc = { ...bones[b], parent: 0, restT: node.position.toArray(), restQ: node.quaternion.toArray() as [number, number, number, number], restS: node.scale.toArray() };
    node.matrixAutoUpdate = false;
    node.matrix.copy(localMatrix(own, [angles[3 * b], angles[3 * b + 1], angles[3 * b + 2]], rootOffset));
    node.matrixWorldNeedsUpdate = true;
  });
  top.position.set(rootOffset[0], rootOffset[1], rootOffset[2]);
  top.updateMatrixWorld(true);
}
