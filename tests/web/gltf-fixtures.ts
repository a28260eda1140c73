// glTF rigs the import tests build in code (with gltf-builder.ts): the
// spec's SimpleSkin, an "Armature" skeleton root that is not a joint, a
// sheared non-joint root, eight influences per vertex, a skin without
// inverse binds, two skins, one skin over several meshes, a chain of any
// length (zero-length bones among them if asked), a fan of many joints.
// Vertices come in pairs along the bones, stitched into triangles;
// inverse binds are the inverses of the joints' bind-pose world matrices
// (three.js math).
import * as THREE from 'three';
import { GltfBuilder } from './gltf-builder.js';

export interface FixtureVertex {
  position: [number, number, number];
  /** Joint indices (into the skin's joints) and their weights, up to 8. */
  joints: number[];
  weights: number[];
}

type Vec3 = [number, number, number];
type Quat = [number, number, number, number];

function axisAngle(axis: Vec3, degrees: number): Quat {
  const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...axis).normalize(), THREE.MathUtils.degToRad(degrees));
  return q.toArray() as Quat;
}

type NodeDef = { translation?: Vec3; rotation?: Quat; scale?: Vec3; children?: number[] };

/** A node's world matrix from the document's TRS (parents found by their children lists). */
export function worldMatrix(json: { nodes: NodeDef[] }, node: number): THREE.Matrix4 {
  const parentOf = (n: number): number => json.nodes.findIndex((p) => p.children?.includes(n));
  const world = new THREE.Matrix4();
  for (let n = node; n >= 0; n = parentOf(n)) {
    const { translation = [0, 0, 0], rotation = [0, 0, 0, 1], scale = [1, 1, 1] } = json.nodes[n];
    world.premultiply(new THREE.Matrix4().compose(new THREE.Vector3(...translation), new THREE.Quaternion(...rotation), new THREE.Vector3(...scale)));
  }
  return world;
}

/** The joints' inverse bind matrices as a MAT4 accessor. */
export function inverseBinds(b: GltfBuilder, joints: number[]): number {
  const data = new Float32Array(16 * joints.length);
  joints.forEach((joint, j) => data.set(worldMatrix(b.json, joint).invert().elements, 16 * j));
  return b.accessor(data, 'MAT4');
}

/** A skinned mesh from vertex pairs (two per ring, stitched into quads); 8 influences if any vertex has more than 4. */
export function skinnedMesh(b: GltfBuilder, name: string, vertices: FixtureVertex[]): number {
  const sets = Math.max(1, ...vertices.map((v) => Math.ceil(v.joints.length / 4)));
  const positions = new Float32Array(vertices.flatMap((v) => v.position));
  const joints = Array.from({ length: sets }, () => new Uint16Array(4 * vertices.length));
  const weights = Array.from({ length: sets }, () => new Float32Array(4 * vertices.length));
  vertices.forEach((v, i) => {
    v.joints.forEach((joint, k) => {
      joints[k >> 2][4 * i + (k & 3)] = joint;
      weights[k >> 2][4 * i + (k & 3)] = v.weights[k];
    });
  });
  const attributes: Record<string, number> = { POSITION: b.accessor(positions, 'VEC3') };
  for (let s = 0; s < sets; s++) {
    attributes[`JOINTS_${s}`] = b.accessor(joints[s], 'VEC4');
    attributes[`WEIGHTS_${s}`] = b.accessor(weights[s], 'VEC4');
  }
  // Quads between consecutive pairs.
  const indices: number[] = [];
  for (let q = 0; 2 * q + 3 < vertices.length; q++) indices.push(2 * q, 2 * q + 1, 2 * q + 2, 2 * q + 1, 2 * q + 3, 2 * q + 2);
  return b.mesh(name, [{ attributes, indices: b.accessor(new Uint16Array(indices), 'SCALAR') }]);
}

/** Two vertices (± half a width along x) at each point, weighted as given. */
function pairs(points: { at: Vec3; joints: number[]; weights: number[] }[], halfWidth = 0.05): FixtureVertex[] {
  return points.flatMap(({ at, joints, weights }) => [-halfWidth, halfWidth].map((dx): FixtureVertex => ({ position: [at[0] + dx, at[1], at[2]], joints, weights })));
}

/**
 * The glTF tutorial's SimpleSkin: a strip 2 high, joint 0 at the origin,
 * joint 1 (its child) at y = 1, weights shifting from joint 0 to joint 1
 * along y. Node 0 is the mesh, 1 and 2 the joints.
 */
export function simpleSkin(options: { inverseBinds?: boolean } = {}): GltfBuilder {
  const b = new GltfBuilder();
  b.node({ name: 'strip', skin: 0, mesh: 0 }, true);
  const root = b.node({ name: 'root' }, true);
  const tip = b.node({ name: 'tip', translation: [0, 1, 0] });
  b.attach(root, tip);
  const points = [0, 0.5, 1, 1.5, 2].map((y) => ({ at: [0, y, 0] as Vec3, joints: [0, 1], weights: [1 - y / 2, y / 2] }));
  skinnedMesh(b, 'strip', pairs(points, 0.5));
  b.skin({ name: 'SimpleSkin', joints: [root, tip], ...(options.inverseBinds === false ? {} : { inverseBindMatrices: inverseBinds(b, [root, tip]) }) });
  return b;
}

/**
 * A humanoid-ish skeleton in centimetres under an "Armature" node that is not
 * a joint (translated, turned −90° about x, scaled 0.01, as exporters make
 * it), a non-joint "NeckHelper" between the spine and the head, and a mesh
 * node with a transform of its own, which glTF says to ignore. With
 * `armatureScale` 1 the figure stays in centimetres: 160 units tall, as many
 * sample models are.
 */
export function armatureRig(options: { armatureScale?: number } = {}): GltfBuilder {
  const b = new GltfBuilder();
  const s = options.armatureScale ?? 0.01;
  const armature = b.node({ name: 'Armature', translation: [0.2, 0.1, -0.3], rotation: axisAngle([1, 0, 0], -90), scale: [s, s, s] }, true);
  const joint = (name: string, parent: number, translation: Vec3, rotation?: Quat): number => {
    const n = b.node({ name, translation, ...(rotation ? { rotation } : {}) });
    b.attach(parent, n);
    return n;
  };
  const hips = joint('Hips', armature, [0, 0, 95], axisAngle([0, 0, 1], 5));
  const spine = joint('Spine', hips, [0, 0, 25]);
  const helper = b.node({ name: 'NeckHelper', translation: [0, 1, 20], rotation: axisAngle([0, 1, 0], 12) });
  b.attach(spine, helper);
  const head = joint('Head', helper, [0, 0, 10]);
  const armL = joint('UpperArm.L', spine, [15, 0, 18], axisAngle([0, 1, 0], 80));
  const foreArmL = joint('ForeArm.L', armL, [0, 0, 28]);
  const handL = joint('Hand.L', foreArmL, [0, 0, 25]);
  const thighR = joint('Thigh.R', hips, [-10, 0, -5], axisAngle([0, 1, 0], 180));
  const shinR = joint('Shin.R', thighR, [0, 0, 45]);
  const footR = joint('Foot.R', shinR, [0, 0, 42]);
  const joints = [hips, spine, head, armL, foreArmL, handL, thighR, shinR, footR];
  b.node({ name: 'Body', mesh: 0, skin: 0, translation: [5, 0, 0], scale: [2, 2, 2] }, true);
  // Vertices at each joint's bind position (model space), half to it and half to its parent joint.
  const parentJoint = [0, 0, 1, 1, 3, 4, 0, 6, 7];
  const points = joints.map((n, j) => {
    const at = new THREE.Vector3().setFromMatrixPosition(worldMatrix(b.json, n)).toArray() as Vec3;
    return { at, joints: [j, parentJoint[j]], weights: [0.6, 0.4] };
  });
  skinnedMesh(b, 'Body', pairs(points));
  b.skin({ name: 'Armature', joints, inverseBindMatrices: inverseBinds(b, joints), skeleton: armature });
  return b;
}

/** A non-joint root scaled (1, 2, 0.5) above a joint turned 30° about z: their product is sheared. */
export function shearedRoot(): GltfBuilder {
  const b = new GltfBuilder();
  const root = b.node({ name: 'Stretch', scale: [1, 2, 0.5], translation: [0, 0.3, 0] }, true);
  const base = b.node({ name: 'Base', rotation: axisAngle([0, 0, 1], 30), translation: [0.1, 0, 0] });
  const tip = b.node({ name: 'Tip', translation: [0, 0.6, 0], rotation: axisAngle([1, 0, 0], 20) });
  b.attach(root, base);
  b.attach(base, tip);
  b.node({ name: 'Skin', mesh: 0, skin: 0 }, true);
  const points = [0, 0.3, 0.6, 0.9].map((y, i) => ({ at: [0.1, 0.3 + 2 * y, 0] as Vec3, joints: [0, 1], weights: [1 - i / 3, i / 3] }));
  skinnedMesh(b, 'Skin', pairs(points));
  b.skin({ joints: [base, tip], inverseBindMatrices: inverseBinds(b, [base, tip]) });
  return b;
}

/**
 * `count` joints (8 unless given) in a chain up +y, every vertex weighted by
 * all of them, odd joints first from the last down, then even ones up
 * (for 8: JOINTS_0 = joints 7, 5, 3, 1 and JOINTS_1 = 0, 2, 4, 6), four to
 * a JOINTS_n set. With `unnormalizedEvery`, every n-th vertex pair's
 * weights sum to 1.7.
 */
export function influenceChain(options: { count?: number; unnormalizedEvery?: number } = {}): GltfBuilder {
  const count = options.count ?? 8;
  const b = new GltfBuilder();
  const joints: number[] = [];
  for (let k = 0; k < count; k++) {
    joints.push(b.node({ name: `seg${k}`, translation: [0, k === 0 ? 0 : 0.25, 0], rotation: axisAngle([0, 0, 1], 3 * k) }, k === 0));
    if (k > 0) b.attach(joints[k - 1], joints[k]);
  }
  b.node({ name: 'Tentacle', mesh: 0, skin: 0 }, true);
  const odd = joints.map((_, k) => k).filter((k) => k % 2 === 1).reverse();
  const order = [...odd, ...joints.map((_, k) => k).filter((k) => k % 2 === 0)];
  // The vertices follow the bind-pose chain (which curves: each joint turns 3° more), and run 0.25 past its end.
  const origins = joints.map((n) => new THREE.Vector3().setFromMatrixPosition(worldMatrix(b.json, n)));
  const along = (s: number): Vec3 => {
    const k = Math.min(Math.floor(s), count - 2);
    return origins[k].clone().lerp(origins[k + 1], s - k).toArray() as Vec3;
  };
  const points = Array.from({ length: 12 }, (_, i) => {
    const s = (count * i) / 11; // 0 at the root, `count` a segment past the last joint
    const raw = order.map((k) => Math.exp(-(((s - k) / 1.4) ** 2)) + 0.01);
    const sum = raw.reduce((a, w) => a + w, 0);
    const scale = options.unnormalizedEvery && i % options.unnormalizedEvery === 0 ? 1.7 : 1;
    return { at: along(s), joints: order, weights: raw.map((w) => (scale * w) / sum) };
  });
  skinnedMesh(b, 'Tentacle', pairs(points));
  b.skin({ name: 'Tentacle', joints, inverseBindMatrices: inverseBinds(b, joints) });
  return b;
}

/** Two skins, each deforming its own mesh: a two-joint "Tail" and a three-joint "Arm". */
export function twoSkins(): GltfBuilder {
  const b = new GltfBuilder();
  const chain = (names: string[], at: Vec3): number[] => {
    const nodes = names.map((name, k) => b.node({ name, translation: k === 0 ? at : [0, 0.4, 0] }, k === 0));
    nodes.slice(1).forEach((n, k) => b.attach(nodes[k], n));
    return nodes;
  };
  const tail = chain(['TailBase', 'TailTip'], [-1, 0, 0]);
  const arm = chain(['Shoulder', 'Elbow', 'Wrist'], [1, 0, 0]);
  [tail, arm].forEach((joints, s) => {
    const points = joints.map((n, j) => ({ at: new THREE.Vector3().setFromMatrixPosition(worldMatrix(b.json, n)).toArray() as Vec3, joints: [j], weights: [1] }));
    const mesh = skinnedMesh(b, s === 0 ? 'TailMesh' : 'ArmMesh', pairs(points));
    b.node({ name: s === 0 ? 'Tail' : 'Arm', mesh, skin: s }, true);
    b.skin({ name: s === 0 ? 'Tail' : 'Arm', joints, inverseBindMatrices: inverseBinds(b, joints) });
  });
  return b;
}

/** SimpleSkin's joints deforming a mesh of two primitives and a second mesh: three three.js meshes, one skin. */
export function sharedSkin(): GltfBuilder {
  const b = simpleSkin();
  const points = [0, 1, 2].map((y) => ({ at: [0, y, 0.2] as Vec3, joints: [0, 1], weights: [1 - y / 2, y / 2] }));
  b.json.meshes[0].primitives.push({ ...b.json.meshes[0].primitives[0] });
  const cape = skinnedMesh(b, 'cape', pairs(points, 0.4));
  b.node({ name: 'cape', mesh: cape, skin: 0 }, true);
  return b;
}

/**
 * A straight chain of `count` joints up +y ('j0' at the origin), joint k
 * `segment` above its parent (a number for all, or one per joint: 0 makes a
 * joint coincide with its parent, a zero-length bone), each skinning the
 * vertex pair at its origin. Its inverse binds are written directly (a
 * translation down by the joint's height): worldMatrix walks parents in
 * quadratic time, too slow for chains of thousands.
 */
export function jointChain(count: number, segment: number | readonly number[] = 0.01): GltfBuilder {
  const offset = (k: number): number => (k === 0 ? 0 : typeof segment === 'number' ? segment : segment[k]);
  const heights: number[] = [];
  for (let k = 0; k < count; k++) heights.push((heights[k - 1] ?? 0) + offset(k));
  const b = new GltfBuilder();
  const joints: number[] = [];
  for (let k = 0; k < count; k++) {
    joints.push(b.node({ name: `j${k}`, translation: [0, offset(k), 0] }, k === 0));
    if (k > 0) b.attach(joints[k - 1], joints[k]);
  }
  b.node({ name: 'Chain', mesh: 0, skin: 0 }, true);
  skinnedMesh(b, 'Chain', pairs(joints.map((_, k) => ({ at: [0, heights[k], 0] as Vec3, joints: [k], weights: [1] }))));
  const binds = new Float32Array(16 * count);
  for (let k = 0; k < count; k++) binds.set(new THREE.Matrix4().makeTranslation(0, -heights[k], 0).elements, 16 * k);
  b.skin({ name: 'Chain', joints, inverseBindMatrices: b.accessor(binds, 'MAT4') });
  return b;
}

/**
 * A root joint with `count` − 1 children, each 0.01 from it along a circle of
 * the xz plane and skinning the vertex pair there: many joints in a shallow
 * hierarchy.
 */
export function jointFan(count: number): GltfBuilder {
  const b = new GltfBuilder();
  const root = b.node({ name: 'hub' }, true);
  const at = (k: number): Vec3 => (k === 0 ? [0, 0, 0] : [0.01 * Math.cos(k), 0, 0.01 * Math.sin(k)]);
  const joints = [root];
  for (let k = 1; k < count; k++) {
    joints.push(b.node({ name: `spoke${k}`, translation: at(k) }));
    b.attach(root, joints[k]);
  }
  b.node({ name: 'Fan', mesh: 0, skin: 0 }, true);
  skinnedMesh(b, 'Fan', pairs(joints.map((_, k) => ({ at: at(k), joints: [k], weights: [1] }))));
  const binds = new Float32Array(16 * count);
  for (let k = 0; k < count; k++) binds.set(new THREE.Matrix4().makeTranslation(...at(k)).invert().elements, 16 * k);
  b.skin({ name: 'Fan', joints, inverseBindMatrices: b.accessor(binds, 'MAT4') });
  return b;
}
