// Builds our rig description from a three.js SkinnedMesh (as GLTFLoader
// makes it): joints reordered parent-first, rest TRS from the nodes, inverse
// binds from the skin, joint limits / order / tip / frame from the joint's
// `extras.kin` (GLTFLoader's userData.kin) when present.
import * as THREE from 'three';
import { type BoneDesc, EULER_ORDERS, type EulerOrder, type QuatTuple, type Vec3Tuple } from './rig-desc.js';

export interface SkinnedMeshRig {
  bones: BoneDesc[];
  /** skin joint index → rig bone index (for remapping skinIndex). */
  jointToBone: Int32Array;
  /** The three.js bone of each rig bone. */
  nodes: THREE.Bone[];
}

interface KinExtras {
  order?: unknown;
  min?: unknown;
  max?: unknown;
  tip?: unknown;
  frame?: unknown;
  stiffness?: unknown;
  swingMax?: unknown;
  twist?: unknown;
}

function tuple(value: unknown, length: number, what: string): number[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length !== length || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new Error(`Rig: ${what} must be ${length} finite numbers`);
  }
  return value as number[];
}

function scalar(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`Rig: ${what} must be a finite number`);
  return value;
}

/** Parent-first order of the skin's joints; throws on a cycle. */
function parentFirstOrder(joints: readonly THREE.Bone[]): { order: number[]; parentJoint: number[] } {
  const index = new Map<THREE.Object3D, number>();
  joints.forEach((j, i) => index.set(j, i));
  // The nearest ancestor that is a joint of this skin.
  const parentJoint = joints.map((j) => {
    const seen = new Set<THREE.Object3D>();
    for (let p = j.parent; p; p = p.parent) {
      if (seen.has(p)) throw new Error(`Rig: joint '${j.name}' sits in a cycle of nodes`);
      seen.add(p);
      const k = index.get(p);
      if (k !== undefined) return k;
    }
    return -1;
  });
  const order: number[] = [];
  const placed = new Array<boolean>(joints.length).fill(false);
  const visit = (i: number, depth: number): void => {
    if (placed[i]) return;
    if (depth > joints.length) throw new Error(`Rig: joint '${joints[i].name}' sits in a cycle of joints`);
    if (parentJoint[i] >= 0) visit(parentJoint[i], depth + 1);
    if (!placed[i]) {
      placed[i] = true;
      order.push(i);
    }
  };
  joints.forEach((_, i) => visit(i, 0));
  return { order, parentJoint };
}

/** Bone names must be unique and non-empty: number empty and repeated ones. */
function uniqueName(name: string, fallback: string, used: Set<string>): string {
  const base = name.trim() === '' ? fallback : name;
  let candidate = base;
  for (let k = 2; used.has(candidate); k++) candidate = `${base}_${k}`;
  used.add(candidate);
  return candidate;
}

export function rigFromSkinnedMesh(mesh: THREE.SkinnedMesh): SkinnedMeshRig {
  const joints = mesh.skeleton.bones;
  if (joints.length === 0) throw new Error('Rig: the skin has no joints');
  const { order, parentJoint } = parentFirstOrder(joints);
  const jointToBone = new Int32Array(joints.length);
  order.forEach((joint, bone) => (jointToBone[joint] = bone));

  const used = new Set<string>();
  const position = new THREE.Vector3();
  const quaternion = new THREE.Quaternion();
  const scale = new THREE.Vector3();
  const bones = order.map((joint): BoneDesc => {
    const node = joints[joint];
    const parent = parentJoint[joint];
    // A root joint's rest transform includes any non-joint ancestors.
    if (parent < 0 && node.parent) {
      node.parent.updateWorldMatrix(true, false);
      new THREE.Matrix4().multiplyMatrices(node.parent.matrixWorld, node.matrix).decompose(position, quaternion, scale);
    } else {
      position.copy(node.position);
      quaternion.copy(node.quaternion);
      scale.copy(node.scale);
    }
    const kin = ((node.userData as { kin?: KinExtras }).kin ?? {}) as KinExtras;
    const where = `joint '${node.name}'`;
    if (kin.order !== undefined && !EULER_ORDERS.includes(kin.order as EulerOrder)) {
      throw new Error(`Rig: ${where}: extras.kin.order '${String(kin.order)}' is not an Euler order`);
    }
    const twist = tuple(kin.twist, 2, `${where}: extras.kin.twist`);
    const firstChild = joints.findIndex((_, k) => parentJoint[k] === joint);
    const tip = tuple(kin.tip, 3, `${where}: extras.kin.tip`) ?? (firstChild >= 0 ? joints[firstChild].position.toArray() : [0, 0, 0]);
    return {
      name: uniqueName(node.name, `joint${joint}`, used),
      parent: parent < 0 ? -1 : jointToBone[parent],
      restT: position.toArray() as Vec3Tuple,
      restQ: quaternion.toArray() as QuatTuple,
      restS: scale.toArray() as Vec3Tuple,
      frame: tuple(kin.frame, 4, `${where}: extras.kin.frame`) as QuatTuple | undefined,
      order: kin.order as EulerOrder | undefined,
      min: tuple(kin.min, 3, `${where}: extras.kin.min`) as Vec3Tuple | undefined,
      max: tuple(kin.max, 3, `${where}: extras.kin.max`) as Vec3Tuple | undefined,
      tip: tip as Vec3Tuple,
      stiffness: scalar(kin.stiffness, `${where}: extras.kin.stiffness`),
      swingMax: scalar(kin.swingMax, `${where}: extras.kin.swingMax`),
      twistMin: twist?.[0],
      twistMax: twist?.[1],
      inverseBind: mesh.skeleton.boneInverses[joint].elements,
    };
  });
  // order[bone] = joint was pushed parent-first, so parents precede children.
  return { bones, jointToBone, nodes: order.map((j) => joints[j]) };
}
