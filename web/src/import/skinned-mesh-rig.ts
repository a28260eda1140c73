// Builds our rig description from a three.js skin (as GLTFLoader makes it):
// joints reordered parent-first, rest TRS from the nodes, inverse binds from
// the skin (GLTFLoader leaves them identity when the file has none, as glTF
// says), joint limits / order / tip / frame from the joint's `extras.kin`
// (GLTFLoader's userData.kin) when present; without them a joint turns
// about its own local axes, in XYZ order, with limits wide open.
//
// Model space is the space of the glTF scene's root. three.js skins a vertex
// v of a glTF SkinnedMesh to Σ w_j · J_j · IBM_j · v in that space (the mesh
// is bound with an identity bindMatrix in "attached" mode, so the mesh node's
// own transform cancels, as glTF asks): J_j is joint j's world matrix, which
// includes any nodes above it that are not joints — a skeleton root that is
// not a joint, or a node between two joints. Our palette P_j · IBM_j must
// equal J_j · IBM_j, so those nodes enter the rig:
// - folded into the joint below them (its rest TRS becomes theirs times its
//   own) when that product is still an exact TRS, as it is for the usual
//   "Armature" root with a rotation and a uniform scale;
// - otherwise (a non-uniform scale above a rotated joint makes a shear that
//   no TRS holds) every such node becomes a rig bone of its own, with all
//   three angles locked at 0, so the product is formed link by link as
//   three.js forms it.
//
// A file this page exported (export/joint-nodes.ts) has posed joint nodes
// and keeps each joint's rest transform and angles in extras.kin: when
// every joint has them, the rig's rest comes from there (so its limits and
// angles mean what they meant before the export), and `pose` gives the
// angles and root offset that turn that rest into the nodes' pose.
import * as THREE from 'three';
import { type BoneDesc, EULER_ORDERS, type EulerOrder, type QuatTuple, type Vec3Tuple } from '../rig/rig-desc.js';

export interface SkinnedMeshRig {
  bones: BoneDesc[];
  /** skin joint index → rig bone index (for remapping skinIndex). */
  jointToBone: Int32Array;
  /** The three.js node of each rig bone: a skin joint, or a node above joints kept as a locked bone. */
  nodes: THREE.Object3D[];
  /** The pose (3 angles per rig bone, root offset) of joints whose rest came from extras.kin.rest; null when the rest is the nodes'. */
  pose: { angles: number[]; rootOffset: Vec3Tuple } | null;
}

export interface RigFromSkinOptions {
  /** Take the rest from the joints' extras.kin.rest when every joint has one (default true). */
  kinRest?: boolean;
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
  ikRange?: unknown;
  rest?: { translation?: unknown; rotation?: unknown; scale?: unknown };
  angles?: unknown;
  rootOffset?: unknown;
}

/** A node of the rig before ordering: its rest transform relative to its rig parent. */
interface RigNode {
  node: THREE.Object3D;
  /** Skin joint index, or -1 for a locked non-joint node. */
  joint: number;
  parent: THREE.Object3D | null;
  rest: { t: THREE.Vector3; q: THREE.Quaternion; s: THREE.Vector3 };
}

// A folded rest transform is used only when composing its TRS gives back the
// product within this (relative) tolerance; a shear misses it by far more.
const EXACT_TRS = 1e-9;

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

/** Bone names must be unique and non-empty: number empty and repeated ones. */
function uniqueName(name: string, fallback: string, used: Set<string>): string {
  const base = name.trim() === '' ? fallback : name;
  let candidate = base;
  for (let k = 2; used.has(candidate); k++) candidate = `${base}_${k}`;
  used.add(candidate);
  return candidate;
}

function jointLabel(node: THREE.Object3D, joint: number): string {
  return node.name ? `joint ${joint} '${node.name}'` : `joint ${joint}`;
}

/** The node's local matrix from its TRS (not node.matrix, which a caller may have set by hand). */
function localMatrix(node: THREE.Object3D): THREE.Matrix4 {
  return new THREE.Matrix4().compose(node.position, node.quaternion, node.scale);
}

const IDENTITY = new THREE.Matrix4();

/**
 * The nodes between a joint and its nearest joint ancestor (or the top of its
 * hierarchy), nearest first, leaving out identities.
 */
function linkAbove(joint: THREE.Object3D, isJoint: Set<THREE.Object3D>): { parent: THREE.Object3D | null; between: THREE.Object3D[] } {
  const between: THREE.Object3D[] = [];
  for (let p = joint.parent; p; p = p.parent) {
    if (isJoint.has(p)) return { parent: p, between };
    if (!localMatrix(p).equals(IDENTITY)) between.push(p);
  }
  return { parent: null, between };
}

function ownRest(node: THREE.Object3D): RigNode['rest'] {
  return { t: node.position.clone(), q: node.quaternion.clone(), s: node.scale.clone() };
}

/** The joint's rest with the nodes between it and its rig parent folded in, or null if no TRS holds it. */
function foldedRest(jointRest: RigNode['rest'], between: readonly THREE.Object3D[]): RigNode['rest'] | null {
  if (between.length === 0) return jointRest;
  const product = new THREE.Matrix4().compose(jointRest.t, jointRest.q, jointRest.s);
  for (const node of between) product.premultiply(localMatrix(node));
  const rest = { t: new THREE.Vector3(), q: new THREE.Quaternion(), s: new THREE.Vector3() };
  product.decompose(rest.t, rest.q, rest.s);
  const composed = new THREE.Matrix4().compose(rest.t, rest.q, rest.s).elements;
  const size = Math.max(1, ...product.elements.map(Math.abs));
  return composed.every((value, k) => Math.abs(value - product.elements[k]) <= EXACT_TRS * size) ? rest : null;
}

function checkFinite(nodes: Iterable<THREE.Object3D>, skeleton: THREE.Skeleton): void {
  for (const node of nodes) {
    for (const [what, values] of [['translation', node.position.toArray()], ['rotation', node.quaternion.toArray()], ['scale', node.scale.toArray()]] as const) {
      if (!values.every(Number.isFinite)) throw new Error(`Rig: node '${node.name}': its ${what} is not finite`);
    }
  }
  skeleton.boneInverses.forEach((inverse, joint) => {
    if (!inverse.elements.every(Number.isFinite)) throw new Error(`Rig: ${jointLabel(skeleton.bones[joint], joint)}: its inverse bind matrix is not finite`);
  });
}

/** The nodes of the rig: the joints (at rest `rests`), with the nodes above them folded in or kept. */
function rigNodes(joints: readonly THREE.Object3D[], rests: readonly RigNode['rest'][]): RigNode[] {
  const isJoint = new Set(joints);
  const links = joints.map((joint) => linkAbove(joint, isJoint));
  const folded = joints.map((_, j) => foldedRest(rests[j], links[j].between));
  if (folded.every((rest) => rest !== null)) {
    return joints.map((node, joint) => ({ node, joint, parent: links[joint].parent, rest: folded[joint]! }));
  }
  const rig: RigNode[] = joints.map((node, joint) => ({ node, joint, parent: links[joint].between[0] ?? links[joint].parent, rest: rests[joint] }));
  const kept = new Set<THREE.Object3D>();
  links.forEach(({ parent, between }) => {
    between.forEach((node, k) => {
      if (kept.has(node)) return;
      kept.add(node);
      rig.push({ node, joint: -1, parent: between[k + 1] ?? parent, rest: ownRest(node) });
    });
  });
  return rig;
}

/** Parent-first order of the rig nodes (parents are found among them, or null). */
function parentFirst(rig: readonly RigNode[]): RigNode[] {
  const byNode = new Map(rig.map((r) => [r.node, r]));
  const ordered: RigNode[] = [];
  const placed = new Set<RigNode>();
  const visit = (r: RigNode): void => {
    if (placed.has(r)) return;
    placed.add(r);
    const parent = r.parent && byNode.get(r.parent);
    if (parent) visit(parent);
    ordered.push(r);
  };
  rig.forEach(visit);
  return ordered;
}

function kinExtras(node: THREE.Object3D, where: string): KinExtras {
  const kin = ((node.userData as { kin?: KinExtras }).kin ?? {}) as KinExtras;
  if (kin.order !== undefined && !EULER_ORDERS.includes(kin.order as EulerOrder)) {
    throw new Error(`Rig: ${where}: extras.kin.order '${String(kin.order)}' is not an Euler order`);
  }
  return kin;
}

/** The joint's rest transform as extras.kin.rest has it, or undefined when it has none. */
function kinRest(node: THREE.Object3D, joint: number): RigNode['rest'] | undefined {
  const where = jointLabel(node, joint);
  const rest = kinExtras(node, where).rest;
  if (rest === undefined) return undefined;
  if (typeof rest !== 'object' || rest === null) throw new Error(`Rig: ${where}: extras.kin.rest must be an object with translation, rotation and scale`);
  // A missing part is null here, which tuple() rejects naming it.
  const part = (key: keyof NonNullable<KinExtras['rest']>, length: number) => tuple(rest[key] ?? null, length, `${where}: extras.kin.rest.${key}`)!;
  return { t: new THREE.Vector3().fromArray(part('translation', 3)), q: new THREE.Quaternion().fromArray(part('rotation', 4)), s: new THREE.Vector3().fromArray(part('scale', 3)) };
}

/** Angles (3 per rig bone; locked non-joint bones 0) and root offset (the first root joint's) from extras.kin. */
function kinPose(rig: readonly RigNode[]): NonNullable<SkinnedMeshRig['pose']> {
  const angles: number[] = [];
  let rootOffset: Vec3Tuple | undefined;
  for (const r of rig) {
    if (r.joint < 0) {
      angles.push(0, 0, 0);
      continue;
    }
    const where = jointLabel(r.node, r.joint);
    const kin = kinExtras(r.node, where);
    angles.push(...(tuple(kin.angles, 3, `${where}: extras.kin.angles`) ?? [0, 0, 0]));
    if (r.parent === null) rootOffset ??= tuple(kin.rootOffset, 3, `${where}: extras.kin.rootOffset`) as Vec3Tuple | undefined;
  }
  return { angles, rootOffset: rootOffset ?? [0, 0, 0] };
}

/**
 * A rig from a skin: `skeleton.bones` are its joints, `skeleton.boneInverses`
 * their inverse binds. The rest is each joint's extras.kin.rest when every
 * joint has one (and `options.kinRest` is not false), else its node's TRS.
 */
export function rigFromSkeleton(skeleton: THREE.Skeleton, options: RigFromSkinOptions = {}): SkinnedMeshRig {
  const joints = skeleton.bones;
  if (joints.length === 0) throw new Error('Rig: the skin has no joints');
  const fileRests = options.kinRest === false ? [] : joints.map(kinRest);
  const restFromKin = fileRests.length > 0 && fileRests.every((rest) => rest !== undefined);
  const rig = parentFirst(rigNodes(joints, restFromKin ? (fileRests as RigNode['rest'][]) : joints.map(ownRest)));
  checkFinite(rig.map((r) => r.node), skeleton);
  const boneOf = new Map(rig.map((r, bone) => [r.node, bone]));
  const jointToBone = new Int32Array(joints.length);
  rig.forEach((r, bone) => {
    if (r.joint >= 0) jointToBone[r.joint] = bone;
  });

  // Bind-pose model matrices, for the inverse binds of kept non-joint nodes.
  const bind_ms: THREE.Matrix4[] = [];
  const used = new Set<string>();
  const bones = rig.map((r, bone): BoneDesc => {
    const parent = r.parent ? (boneOf.get(r.parent) ?? -1) : -1;
    const local = new THREE.Matrix4().compose(r.rest.t, r.rest.q, r.rest.s);
    bind_ms.push(parent < 0 ? local : local.premultiply(bind_ms[parent]));
    const firstChild = rig.findIndex((c) => c.parent === r.node);
    const childTip = firstChild >= 0 ? rig[firstChild].rest.t.toArray() : [0, 0, 0];
    const name = uniqueName(r.node.name, r.joint >= 0 ? `joint${r.joint}` : 'node', used);
    const restT = r.rest.t.toArray() as Vec3Tuple;
    const restQ = r.rest.q.toArray() as QuatTuple;
    const restS = r.rest.s.toArray() as Vec3Tuple;
    if (r.joint < 0) {
      // Not a joint: it holds its rest transform, nothing turns it.
      const locked: Vec3Tuple = [0, 0, 0];
      return { name, parent, restT, restQ, restS, min: locked, max: locked, tip: childTip as Vec3Tuple, inverseBind: bind_ms[bone].clone().invert().elements };
    }
    const where = jointLabel(r.node, r.joint);
    const kin = kinExtras(r.node, where);
    const twist = tuple(kin.twist, 2, `${where}: extras.kin.twist`);
    return {
      name,
      parent,
      restT,
      restQ,
      restS,
      frame: tuple(kin.frame, 4, `${where}: extras.kin.frame`) as QuatTuple | undefined,
      order: kin.order as EulerOrder | undefined,
      min: tuple(kin.min, 3, `${where}: extras.kin.min`) as Vec3Tuple | undefined,
      max: tuple(kin.max, 3, `${where}: extras.kin.max`) as Vec3Tuple | undefined,
      tip: (tuple(kin.tip, 3, `${where}: extras.kin.tip`) ?? childTip) as Vec3Tuple,
      stiffness: scalar(kin.stiffness, `${where}: extras.kin.stiffness`),
      swingMax: scalar(kin.swingMax, `${where}: extras.kin.swingMax`),
      twistMin: twist?.[0],
      twistMax: twist?.[1],
      ikRange: tuple(kin.ikRange, 3, `${where}: extras.kin.ikRange`) as Vec3Tuple | undefined,
      inverseBind: skeleton.boneInverses[r.joint].elements,
    };
  });
  return { bones, jointToBone, nodes: rig.map((r) => r.node), pose: restFromKin ? kinPose(rig) : null };
}

/** The rig of a skinned mesh's skin. */
export function rigFromSkinnedMesh(mesh: THREE.SkinnedMesh): SkinnedMeshRig {
  return rigFromSkeleton(mesh.skeleton);
}
