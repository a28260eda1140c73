// The rig as the joints of a glTF skin, for the skinned export: one three.js
// Bone per rig bone, named and parented as the rig's bones, and the skin's
// inverse bind matrices.
//
// The joints hold the CURRENT POSE, not the bind pose: glTF has no rest pose
// of its own — a viewer draws a skin with its joint nodes as they are — so
// a file whose nodes are posed opens in the pose on screen in any viewer,
// while the bind pose is kept by the inverse bind matrices. Each node's
// transform is its bone's posed local transform P_parent⁻¹ · P_j, read from
// the core's model matrices (the root offset is in the roots' translation).
//
// What glTF cannot say is written in each joint's extras.kin, the keys the
// glTF importer reads (import/skinned-mesh-rig.ts): the joint model (Euler
// order, limits, frame, tip, stiffness, swing-twist cone, IK range), the rest
// transform the angles turn from, the angles themselves, and on roots the
// root offset. The page reopens such a file as the same rig in the same
// pose; other tools ignore extras.
import * as THREE from 'three';
import type { Rig } from '../rig/rig.js';
import type { BoneDesc } from '../rig/rig-desc.js';

// A local transform is written as TRS when composing its TRS gives it back
// within this (relative) tolerance: the core's float32 matrices round near
// 1e-7, a shear misses by far more.
const EXACT_TRS = 1e-5;

/** extras.kin of a joint: its joint model, its rest transform (its scale the proportions' now), and its angles now. */
function jointExtras(bone: BoneDesc, order: string, restScales: ArrayLike<number>, angles: ArrayLike<number>, j: number, rootOffset_ms: readonly number[] | null): Record<string, unknown> {
  const kin: Record<string, unknown> = {
    order,
    // The importer's default tip is the first child's origin, the rig's is zero: always written.
    tip: bone.tip ?? [0, 0, 0],
    rest: { translation: bone.restT ?? [0, 0, 0], rotation: bone.restQ ?? [0, 0, 0, 1], scale: [restScales[3 * j], restScales[3 * j + 1], restScales[3 * j + 2]] },
    angles: [angles[3 * j], angles[3 * j + 1], angles[3 * j + 2]],
  };
  if (bone.min) kin.min = bone.min;
  if (bone.max) kin.max = bone.max;
  if (bone.frame) kin.frame = bone.frame;
  if (bone.stiffness !== undefined) kin.stiffness = bone.stiffness;
  if (bone.swingMax !== undefined) kin.swingMax = bone.swingMax;
  if (bone.ikRange) kin.ikRange = bone.ikRange;
  if (bone.twistMin !== undefined || bone.twistMax !== undefined) kin.twist = [bone.twistMin ?? -Math.PI, bone.twistMax ?? Math.PI];
  if (rootOffset_ms) kin.rootOffset = rootOffset_ms;
  return kin;
}

/** Sets the bone's TRS to `local`; throws naming the bone when `local` is sheared (no TRS holds it). */
function setLocalTransform(bone: THREE.Bone, local: THREE.Matrix4): void {
  local.decompose(bone.position, bone.quaternion, bone.scale);
  const composed = new THREE.Matrix4().compose(bone.position, bone.quaternion, bone.scale).elements;
  const size = Math.max(1, ...local.elements.map(Math.abs));
  if (composed.some((value, k) => Math.abs(value - local.elements[k]) > EXACT_TRS * size)) {
    throw new Error(`Export: bone '${bone.name}' is turned under a non-uniform scale (${bone.scale.toArray().map((s) => s.toFixed(3)).join(', ')}); a glTF node (translation, rotation, scale) cannot hold the shear that makes`);
  }
}

/** The rig's bones as three.js Bones in its current pose (without the springs' swing, which is not the pose's), in rig order; the roots have no parent yet. */
export function posedJointNodes(rig: Rig): THREE.Bone[] {
  const model_ms = Float32Array.from(rig.poseModelMatrices());
  const angles = Float32Array.from(rig.pose());
  const rootOffset_ms = rig.rootOffset;
  const bones: THREE.Bone[] = [];
  const parentInverse = new THREE.Matrix4();
  rig.boneNames.forEach((name, j) => {
    const bone = new THREE.Bone();
    bone.name = name;
    const parent = rig.parents[j];
    const local = new THREE.Matrix4().fromArray(model_ms, 16 * j);
    if (parent >= 0) local.premultiply(parentInverse.fromArray(model_ms, 16 * parent).invert());
    setLocalTransform(bone, local);
    bone.userData.kin = jointExtras(rig.description[j], rig.orders[j], rig.restScales, angles, j, parent < 0 ? rootOffset_ms : null);
    if (parent >= 0) bones[parent].add(bone);
    bones.push(bone);
  });
  return bones;
}

/** The skin's inverse bind matrices: the rig's own (an asset's), or the inverse of its bind pose B_j. */
export function inverseBinds(rig: Rig): THREE.Matrix4[] {
  const bind_ms = rig.bindMatrices();
  return rig.description.map((bone, j) => (bone.inverseBind ? new THREE.Matrix4().fromArray(bone.inverseBind) : new THREE.Matrix4().fromArray(bind_ms, 16 * j).invert()));
}
