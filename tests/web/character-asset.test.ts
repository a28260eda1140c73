// The default character, assets/character.glb: it is what the generator produces today, three.js
// loads it as a 54-bone skinned mesh (21 body joints, then a 3-bone ponytail, then 15 finger
// bones a hand), the skin is a few closed outward-facing pieces (body, hands, nose, ears, eyes),
// and the skin weights are sane and smooth.
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCharacterGlb } from '../../scripts/character/build-character.mjs';

const ASSET_URL = new URL('../../assets/character.glb', import.meta.url);

// [name, parent name] in the skin's joint order (parent-first).
const HIERARCHY: [string, string | null][] = [
  ['hips', null],
  ['spine', 'hips'],
  ['chest', 'spine'],
  ['neck', 'chest'],
  ['head', 'neck'],
  ['clavicle_l', 'chest'],
  ['upper_arm_l', 'clavicle_l'],
  ['forearm_l', 'upper_arm_l'],
  ['hand_l', 'forearm_l'],
  ['clavicle_r', 'chest'],
  ['upper_arm_r', 'clavicle_r'],
  ['forearm_r', 'upper_arm_r'],
  ['hand_r', 'forearm_r'],
  ['thigh_l', 'hips'],
  ['shin_l', 'thigh_l'],
  ['foot_l', 'shin_l'],
  ['toes_l', 'foot_l'],
  ['thigh_r', 'hips'],
  ['shin_r', 'thigh_r'],
  ['foot_r', 'shin_r'],
  ['toes_r', 'foot_r'],
  // Last, so that the body's joints keep the indices they had before it.
  ['ponytail_1', 'head'],
  ['ponytail_2', 'ponytail_1'],
  ['ponytail_3', 'ponytail_2'],
  // Then the fingers, left hand and right, for the same reason.
  ...(['l', 'r'] as const).flatMap((side) =>
    ['thumb', 'index', 'middle', 'ring', 'little'].flatMap((finger) =>
      [1, 2, 3].map((k): [string, string] => [`${finger}_${k}_${side}`, k === 1 ? `hand_${side}` : `${finger}_${k - 1}_${side}`]),
    ),
  ),
];

// Euler limits (radians) about the joint's X, Y, Z: [min, max].
const symmetric = (x: number, y: number, z: number) => ({ min: [-x, -y, -z], max: [x, y, z] });
const LIMITS: Record<string, { min: number[]; max: number[]; swingMax?: number; twist?: number[]; ikRange?: number[] }> = {
  // The root turns freely about its upright axis (its heading), a whole turn either way, and tips
  // over every way (lying down); IK tilts it 0.35 rad at most from the pose it was given.
  hips: { ...symmetric(Math.PI, 2 * Math.PI, Math.PI), ikRange: [0.35, 4 * Math.PI, 0.35] },
  spine: symmetric(0.4, 0.4, 0.4),
  chest: symmetric(0.4, 0.4, 0.4),
  neck: symmetric(0.5, 0.5, 0.5),
  head: symmetric(0.6, 0.6, 0.6),
  clavicle_l: symmetric(0.2, 0.3, 0.3),
  clavicle_r: symmetric(0.2, 0.3, 0.3),
  upper_arm_l: symmetric(1.4, 1.5, 1.4),
  upper_arm_r: symmetric(1.4, 1.5, 1.4),
  forearm_l: { min: [-1.2, -2.5, 0], max: [1.2, 0, 0] },
  forearm_r: { min: [-1.2, 0, 0], max: [1.2, 2.5, 0] },
  hand_l: symmetric(0.6, 0.8, 0.6),
  hand_r: symmetric(0.6, 0.8, 0.6),
  thigh_l: { min: [-1.8, -0.6, -0.8], max: [0.5, 0.6, 0.8] },
  thigh_r: { min: [-1.8, -0.6, -0.8], max: [0.5, 0.6, 0.8] },
  shin_l: { min: [0, 0, 0], max: [2.4, 0, 0] },
  shin_r: { min: [0, 0, 0], max: [2.4, 0, 0] },
  // The toes point down (+X) further than they lift.
  foot_l: { min: [-0.7, -0.3, -0.3], max: [1.1, 0.3, 0.3] },
  foot_r: { min: [-0.7, -0.3, -0.3], max: [1.1, 0.3, 0.3] },
  toes_l: { min: [-0.5, 0, 0], max: [0.5, 0, 0] },
  toes_r: { min: [-0.5, 0, 0], max: [0.5, 0, 0] },
  ponytail_1: symmetric(0.8, 0.8, 0.8),
  ponytail_2: symmetric(0.8, 0.8, 0.8),
  ponytail_3: symmetric(0.8, 0.8, 0.8),
  // In each finger's frame (X along it, Z its curl axis): the left hand's curl toward the palm
  // is negative Z; the right's, mirrored, positive.
  ...Object.fromEntries(
    ['index', 'middle', 'ring', 'little'].flatMap((finger) => [
      [`${finger}_1_l`, { min: [0, -0.35, -1.6], max: [0, 0.35, 0.35] }],
      [`${finger}_2_l`, { min: [0, 0, -1.75], max: [0, 0, 0] }],
      [`${finger}_3_l`, { min: [0, 0, -1.4], max: [0, 0, 0.15] }],
      [`${finger}_1_r`, { min: [0, -0.35, -0.35], max: [0, 0.35, 1.6] }],
      [`${finger}_2_r`, { min: [0, 0, 0], max: [0, 0, 1.75] }],
      [`${finger}_3_r`, { min: [0, 0, -0.15], max: [0, 0, 1.4] }],
    ]),
  ),
  thumb_1_l: { min: [-0.6, -0.5, -0.7], max: [0.4, 0.5, 0.5] },
  thumb_2_l: { min: [0, -0.15, -1], max: [0, 0.15, 0.2] },
  thumb_3_l: { min: [0, 0, -1.4], max: [0, 0, 0.3] },
  thumb_1_r: { min: [-0.6, -0.5, -0.5], max: [0.4, 0.5, 0.7] },
  thumb_2_r: { min: [0, -0.15, -0.2], max: [0, 0.15, 1] },
  thumb_3_r: { min: [0, 0, -0.3], max: [0, 0, 1.4] },
};

interface Kin {
  order: string;
  min: number[];
  max: number[];
  swingMax?: number;
  twist?: number[];
  ikRange?: number[];
  tip: number[];
}

// The JSON and BIN chunks of a GLB (12-byte header, then chunks of length, type, data).
function readGlbChunks(glb: Uint8Array) {
  const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const bin = glb.subarray(20 + jsonLength + 8);
  return { json, bin };
}

// The WEIGHTS_0 values straight from the file. GLTFLoader renormalizes skin weights while
// loading (SkinnedMesh.normalizeSkinWeights), so a check of the weights as three.js sees them
// could never fail.
function readStoredWeights(glb: Uint8Array): Float32Array {
  const { json, bin } = readGlbChunks(glb);
  const accessor = json.accessors[json.meshes[0].primitives[0].attributes.WEIGHTS_0];
  expect(accessor.componentType).toBe(5126); // FLOAT
  expect(accessor.type).toBe('VEC4');
  const start = json.bufferViews[accessor.bufferView].byteOffset + (accessor.byteOffset ?? 0);
  return new Float32Array(bin.slice(start, start + accessor.count * 16).buffer);
}

describe('assets/character.glb', () => {
  const glb = new Uint8Array(readFileSync(ASSET_URL));
  let mesh: THREE.SkinnedMesh;
  let bones: THREE.Bone[];
  let positions: THREE.BufferAttribute;
  let normals: THREE.BufferAttribute;
  let triangles: ArrayLike<number>;
  let jointIndices: THREE.BufferAttribute;
  let weights: Float32Array; // four per vertex, as stored in the file

  beforeAll(async () => {
    // Node needs no polyfill: the file has no textures, and the loader only uses TextDecoder.
    const arrayBuffer = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength);
    const gltf = await new GLTFLoader().parseAsync(arrayBuffer, '');
    const skinned: THREE.SkinnedMesh[] = [];
    gltf.scene.traverse((object) => {
      if ((object as THREE.SkinnedMesh).isSkinnedMesh) skinned.push(object as THREE.SkinnedMesh);
    });
    expect(skinned).toHaveLength(1);
    mesh = skinned[0];
    gltf.scene.updateMatrixWorld(true);
    bones = mesh.skeleton.bones;
    positions = mesh.geometry.getAttribute('position') as THREE.BufferAttribute;
    normals = mesh.geometry.getAttribute('normal') as THREE.BufferAttribute;
    triangles = mesh.geometry.getIndex()!.array;
    jointIndices = mesh.geometry.getAttribute('skinIndex') as THREE.BufferAttribute;
    weights = readStoredWeights(glb);
  });

  it('is exactly what the generator produces (run `node scripts/make-character.mjs` if not)', { timeout: 60_000 }, () => {
    const generated = buildCharacterGlb();
    expect(generated.length).toBe(glb.length);
    expect(Buffer.from(generated).equals(Buffer.from(glb))).toBe(true);
  });

  it('has the 54 joints in parent-first order with rest offsets only', () => {
    expect(bones.map((bone) => bone.name)).toEqual(HIERARCHY.map(([name]) => name));
    HIERARCHY.forEach(([, parent], i) => {
      const bone = bones[i];
      if (parent === null) expect((bone.parent as THREE.Bone | null)?.isBone ?? false).toBe(false);
      else expect(bone.parent?.name).toBe(parent);
      expect(bone.quaternion.equals(new THREE.Quaternion())).toBe(true);
      expect(bone.scale.equals(new THREE.Vector3(1, 1, 1))).toBe(true);
    });
  });

  it('stands in a T-pose facing +Z with its left side on +X', () => {
    const at = (name: string) => new THREE.Vector3().setFromMatrixPosition(bones.find((b) => b.name === name)!.matrixWorld);
    expect(at('hips').y).toBeGreaterThan(0.9);
    expect(at('hips').y).toBeLessThan(1.0);
    for (const side of ['l', 'r']) {
      const sign = side === 'l' ? 1 : -1;
      const shoulder = at(`upper_arm_${side}`);
      const hand = at(`hand_${side}`);
      expect(sign * (hand.x - shoulder.x)).toBeGreaterThan(0.5); // arm straight out sideways
      expect(Math.abs(hand.y - shoulder.y)).toBeLessThan(1e-6);
      expect(at(`toes_${side}`).z - at(`foot_${side}`).z).toBeGreaterThan(0.1); // feet point forward
    }
  });

  it('carries kinematic limits and tips on every joint', () => {
    bones.forEach((bone, i) => {
      const kin = bone.userData.kin as Kin;
      expect(kin.order).toBe('XYZ');
      expect(kin.min).toEqual(LIMITS[bone.name].min);
      expect(kin.max).toEqual(LIMITS[bone.name].max);
      expect(kin.swingMax, bone.name).toBe(LIMITS[bone.name].swingMax);
      expect(kin.twist, bone.name).toEqual(LIMITS[bone.name].twist);
      expect(kin.ikRange, bone.name).toEqual(LIMITS[bone.name].ikRange);
      for (let axis = 0; axis < 3; axis++) expect(kin.min[axis]).toBeLessThanOrEqual(kin.max[axis]);
      // A joint's tip is where its first child starts; leaves end past their joint, 5–25 cm for
      // the body's and 1.5–3 cm for the fingers'. The head's tip is the top of the skull: its
      // child, the ponytail, hangs from the back of it. The hand's is the middle finger's knuckle.
      const finger = /^(thumb|index|middle|ring|little)_/.test(bone.name);
      const firstChild = bone.name === 'head' ? undefined : bone.name.startsWith('hand_') ? bones[i].children.find((child) => child.name.startsWith('middle_1_')) : bones.find((other, j) => j > i && other.parent === bone);
      if (firstChild) expect(kin.tip).toEqual(firstChild.position.toArray());
      else expect(new THREE.Vector3(...kin.tip).length()).toBeGreaterThan(finger ? 0.015 : 0.05);
      expect(new THREE.Vector3(...kin.tip).length()).toBeLessThan(0.45);
    });
  });

  it('binds each joint at its rest position', () => {
    bones.forEach((bone, i) => {
      const product = new THREE.Matrix4().multiplyMatrices(mesh.skeleton.boneInverses[i], bone.matrixWorld);
      product.elements.forEach((value, k) => expect(value).toBeCloseTo(new THREE.Matrix4().elements[k], 6));
    });
  });

  it('is a human-sized mesh with enough vertices', () => {
    expect(positions.count).toBeGreaterThanOrEqual(5000);
    mesh.geometry.computeBoundingBox();
    const size = mesh.geometry.boundingBox!.getSize(new THREE.Vector3());
    expect(size.y).toBeGreaterThan(1.6);
    expect(size.y).toBeLessThan(1.9);
    expect(size.x).toBeGreaterThan(1.6); // arm span
    expect(mesh.geometry.boundingBox!.min.y).toBeCloseTo(0, 2); // standing on the ground
  });

  it('is closed, consistently outward-wound pieces: the body, two hands, the nose, two ears, two eyes', () => {
    const vertexCount = positions.count;
    expect(triangles.length % 3).toBe(0);
    for (let i = 0; i < triangles.length; i++) {
      expect(triangles[i] >= 0 && triangles[i] < vertexCount).toBe(true);
    }
    // Consistent winding on closed surfaces: every directed edge once, its reverse once.
    const directed = new Set<number>();
    for (let t = 0; t < triangles.length; t += 3) {
      for (let corner = 0; corner < 3; corner++) {
        const key = triangles[t + corner] * vertexCount + triangles[t + ((corner + 1) % 3)];
        expect(directed.has(key)).toBe(false);
        directed.add(key);
      }
    }
    for (const key of directed) {
      const from = Math.floor(key / vertexCount);
      const to = key % vertexCount;
      expect(directed.has(to * vertexCount + from)).toBe(true);
    }

    // Eight connected pieces, the largest the body; each hand's crosses into its forearm's.
    const root = Array.from({ length: vertexCount }, (_, v) => v);
    const find = (v: number): number => {
      while (root[v] !== v) v = root[v] = root[root[v]];
      return v;
    };
    for (let t = 0; t < triangles.length; t += 3) {
      root[find(triangles[t + 1])] = find(triangles[t]);
      root[find(triangles[t + 2])] = find(triangles[t]);
    }
    const pieceSizes = new Map<number, number>();
    for (let v = 0; v < vertexCount; v++) pieceSizes.set(find(v), (pieceSizes.get(find(v)) ?? 0) + 1);
    expect(pieceSizes.size).toBe(8);
    expect(Math.max(...pieceSizes.values())).toBeGreaterThan(vertexCount / 3);

    // Outward: the enclosed volume is positive (roughly a person's, 0.05–0.09 m³), and every
    // triangle faces the way its vertex normals do.
    const p = (v: number) => new THREE.Vector3().fromBufferAttribute(positions, v);
    const n = (v: number) => new THREE.Vector3().fromBufferAttribute(normals, v);
    let volume = 0;
    let facingAway = 0;
    for (let t = 0; t < triangles.length; t += 3) {
      const [a, b, c] = [p(triangles[t]), p(triangles[t + 1]), p(triangles[t + 2])];
      volume += a.dot(new THREE.Vector3().crossVectors(b, c)) / 6;
      const faceNormal = new THREE.Vector3().crossVectors(b.clone().sub(a), c.clone().sub(a));
      const vertexNormals = n(triangles[t]).add(n(triangles[t + 1])).add(n(triangles[t + 2]));
      if (faceNormal.dot(vertexNormals) <= 0) facingAway++;
    }
    expect(volume).toBeGreaterThan(0.05);
    expect(volume).toBeLessThan(0.09);
    expect(facingAway).toBe(0);
  });

  it('has unit normals', () => {
    for (let v = 0; v < normals.count; v++) {
      expect(Math.abs(new THREE.Vector3().fromBufferAttribute(normals, v).length() - 1)).toBeLessThan(1e-5);
    }
  });

  it('has at most four influences per vertex, strongest first, summing to one', () => {
    expect(weights.length).toBe(positions.count * 4);
    for (let v = 0; v < positions.count; v++) {
      let sum = 0;
      for (let slot = 0; slot < 4; slot++) {
        const weight = weights[v * 4 + slot];
        expect(weight).toBeGreaterThanOrEqual(0);
        if (slot > 0) expect(weight).toBeLessThanOrEqual(weights[v * 4 + slot - 1]);
        if (weight === 0) expect(jointIndices.getComponent(v, slot)).toBe(0);
        expect(jointIndices.getComponent(v, slot)).toBeLessThan(bones.length);
        sum += weight;
      }
      expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
    }
  });

  // Along one edge of the body (about one 12 mm grid cell) no weight vector may change by more
  // than 0.5 in L1. A change of 0.5 means a quarter of the vertex moving from one bone to
  // another (the L1 norm counts the loss and the gain), so every blend between bones spans at
  // least four edges, about 5 cm: enough that bending a joint stretches the skin over several
  // rows of triangles instead of tearing one. (The generator's steepest edge is near 0.4, at the
  // Achilles tendon.) The hands' edges are 3 mm; at the bottom of the crease between two
  // fingers each wall goes with its own finger, so there the weights turn within two or three
  // edges (0.6 at most), and nowhere else on the hands more steeply.
  it('changes smoothly along every edge', () => {
    const dense = (v: number) => {
      const vector = new Float64Array(bones.length);
      for (let slot = 0; slot < 4; slot++) vector[jointIndices.getComponent(v, slot)] += weights[v * 4 + slot];
      return vector;
    };
    const onHand = (v: number) => Math.abs(positions.getX(v)) > 0.66;
    const steepest = { body: 0, hands: 0 };
    for (let t = 0; t < triangles.length; t += 3) {
      for (let corner = 0; corner < 3; corner++) {
        const [u, v] = [triangles[t + corner], triangles[t + ((corner + 1) % 3)]];
        const a = dense(u);
        const b = dense(v);
        const change = a.reduce((sum, value, joint) => sum + Math.abs(value - b[joint]), 0);
        const piece = onHand(u) && onHand(v) ? 'hands' : 'body';
        steepest[piece] = Math.max(steepest[piece], change);
      }
    }
    expect(steepest.body).toBeLessThan(0.5);
    expect(steepest.hands).toBeLessThan(0.65);
  });

  it('skins the ponytail to its own bones and keeps the skull with the head', () => {
    const ponytail = new Set(bones.flatMap((bone, j) => (bone.name.startsWith('ponytail_') ? [j] : [])));
    const head = bones.findIndex((bone) => bone.name === 'head');
    const ponytailWeight = (v: number) => [0, 1, 2, 3].reduce((sum, slot) => sum + (ponytail.has(jointIndices.getComponent(v, slot)) ? weights[v * 4 + slot] : 0), 0);
    let tailVertices = 0;
    let skullVertices = 0;
    for (let v = 0; v < positions.count; v++) {
      const [y, z] = [positions.getY(v), positions.getZ(v)];
      // Behind the skull's back (z ≈ −0.09) and below the knot: the hanging tail.
      if (z < -0.17 && y > 1.4 && y < 1.6) {
        tailVertices++;
        expect(ponytailWeight(v)).toBeGreaterThan(0.99);
      }
      // The face and the crown stay with the head.
      if (y > 1.6 && z > -0.02) {
        skullVertices++;
        expect(ponytailWeight(v)).toBeLessThan(0.01);
        expect(jointIndices.getComponent(v, 0)).toBe(head);
      }
    }
    expect(tailVertices).toBeGreaterThan(50);
    expect(skullVertices).toBeGreaterThan(200);
  });

  it('keeps the left hand free of the torso and the right side', () => {
    const forbidden = new Set(
      bones.flatMap((bone, j) => (['hips', 'spine', 'chest', 'neck', 'head'].includes(bone.name) || bone.name.endsWith('_r') ? [j] : [])),
    );
    let handVertices = 0;
    for (let v = 0; v < positions.count; v++) {
      if (positions.getX(v) <= 0.6) continue;
      handVertices++;
      for (let slot = 0; slot < 4; slot++) {
        if (weights[v * 4 + slot] > 0) expect(forbidden.has(jointIndices.getComponent(v, slot))).toBe(false);
      }
    }
    expect(handVertices).toBeGreaterThan(100);
  });

  it("keeps each finger's skin on that finger: past the knuckle no other finger pulls at it by 1 %", () => {
    const fingerOf = (joint: number) => /^(thumb|index|middle|ring|little)_[123]_[lr]$/.exec(bones[joint].name)?.[1];
    let fingerVertices = 0;
    for (let v = 0; v < positions.count; v++) {
      const strongest = bones[jointIndices.getComponent(v, 0)].name;
      if (!/_[23]_[lr]$/.test(strongest) || !fingerOf(jointIndices.getComponent(v, 0))) continue;
      fingerVertices++;
      for (let slot = 1; slot < 4; slot++) {
        const finger = fingerOf(jointIndices.getComponent(v, slot));
        if (weights[v * 4 + slot] > 0.01 && finger) expect(finger, `vertex ${v} of ${strongest}`).toBe(fingerOf(jointIndices.getComponent(v, 0)));
      }
    }
    expect(fingerVertices).toBeGreaterThan(2000);
  });

  it('turns each finger about its own frame: X along the finger, Z its curl toward the palm (negative on the left, positive on the right)', () => {
    bones.forEach((bone) => {
      const finger = /^(thumb|index|middle|ring|little)_[123]_([lr])$/.exec(bone.name);
      const kin = bone.userData.kin as Kin & { frame?: number[] };
      if (!finger) {
        expect(kin.frame, bone.name).toBe(undefined);
        return;
      }
      const frame = new THREE.Quaternion(...kin.frame!);
      expect(Math.abs(frame.length() - 1), bone.name).toBeLessThan(1e-6);
      // The right side's frames are the left's mirrored (M·F·M), so their X points back up the
      // finger, as the right arm's X points back toward the body.
      const along = new THREE.Vector3(finger[2] === 'l' ? 1 : -1, 0, 0).applyQuaternion(frame);
      expect(along.dot(new THREE.Vector3(...kin.tip).normalize()), bone.name).toBeGreaterThan(1 - 1e-6);
      // The curl toward the palm is negative Z on the left, positive on the right (mirrored).
      const curl = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 0, 1).applyQuaternion(frame), finger[2] === 'l' ? -0.5 : 0.5);
      const moved = new THREE.Vector3(...kin.tip).applyQuaternion(curl).sub(new THREE.Vector3(...kin.tip));
      // The palm faces −Y in the T-pose; the thumb curls across it, toward the little finger (−Z).
      if (finger[1] === 'thumb') expect(moved.z, bone.name).toBeLessThan(-0.005);
      else expect(moved.y, bone.name).toBeLessThan(-0.005);
    });
  });

  it("carries the face's landmarks on the head, each on the skin where it should be", () => {
    const head = bones.find((bone) => bone.name === 'head')!;
    const landmarks = (head.userData.kin as { landmarks: Record<string, number[]> }).landmarks;
    expect(Object.keys(landmarks).sort()).toEqual(['ear_l', 'ear_r', 'eye_l', 'eye_r', 'nose']);
    const at = (name: string) => new THREE.Vector3(...landmarks[name]).applyMatrix4(head.matrixWorld);
    // The nose furthest forward, the eyes in front of the ears and above the nose, left on +X.
    expect(at('nose').z).toBeGreaterThan(at('eye_l').z);
    expect(at('eye_l').z).toBeGreaterThan(at('ear_l').z + 0.05);
    expect(at('eye_l').y).toBeGreaterThan(at('nose').y);
    for (const [left, right] of [['eye_l', 'eye_r'], ['ear_l', 'ear_r']]) {
      expect(at(left).x).toBeGreaterThan(0.01);
      expect(at(right).toArray()).toEqual([-at(left).x, at(left).y, at(left).z]);
    }
    // Each within 2 mm of a vertex of the skin (the pieces' grid is 2.5 mm).
    for (const name of Object.keys(landmarks)) {
      let nearest = Infinity;
      for (let v = 0; v < positions.count; v++) nearest = Math.min(nearest, at(name).distanceTo(new THREE.Vector3().fromBufferAttribute(positions, v)));
      expect(nearest, name).toBeLessThan(0.002);
    }
  });
});
