// A skinned glTF with animations, built in code for the animation tests
// (Node and the page): gltf-fixtures.ts's armatureRig with two animations of
// seeded random keys — 'mixed' (LINEAR, STEP and CUBICSPLINE samplers on
// rotation, translation and scale, a quaternion on the other hemisphere, a
// track at rest, tracks on nodes that are not joints) and 'second'.
import * as THREE from 'three';
import type { GltfBuilder } from './gltf-builder.js';
import { armatureRig } from './gltf-fixtures.js';
import { seededRandom, uniform } from './seeded-random.js';

type Path = 'rotation' | 'translation' | 'scale';
type Sampler = 'LINEAR' | 'STEP' | 'CUBICSPLINE';
interface TrackDef {
  node: number;
  path: Path;
  interpolation: Sampler;
  times: number[];
  /** Per key: the value (cubic: in-tangent, value, out-tangent). */
  values: number[][];
}

// armatureRig's nodes.
const NODE = { Armature: 0, Hips: 1, Spine: 2, NeckHelper: 3, Head: 4, UpperArmL: 5, ForeArmL: 6, HandL: 7, ThighR: 8, ShinR: 9, FootR: 10, Body: 11 };

function addAnimation(b: GltfBuilder, name: string, tracks: TrackDef[]): void {
  const samplers = tracks.map((t) => ({
    input: b.accessor(new Float32Array(t.times), 'SCALAR'),
    output: b.accessor(new Float32Array(t.values.flat()), t.path === 'rotation' ? 'VEC4' : 'VEC3'),
    interpolation: t.interpolation,
  }));
  for (const [k, t] of tracks.entries()) {
    const accessor = b.json.accessors[samplers[k].input];
    accessor.min = [Math.min(...t.times)];
    accessor.max = [Math.max(...t.times)];
  }
  (b.json.animations ??= []).push({ name, samplers, channels: tracks.map((t, k) => ({ sampler: k, target: { node: t.node, path: t.path } })) });
}

function randomQuaternion(random: () => number, maxAngle: number): number[] {
  const axis = new THREE.Vector3(uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1)).normalize();
  return new THREE.Quaternion().setFromAxisAngle(axis, uniform(random, -maxAngle, maxAngle)).toArray();
}

function randomVector(random: () => number, lo: number, hi: number, size: number): number[] {
  return Array.from({ length: size }, () => uniform(random, lo, hi));
}

/**
 * A track of random keys at `times`; cubic ones get random tangents.
 * Rotations turn up to 1.4 rad from `base` (the node's rest rotation, or
 * identity: far from a rest turned 80° or 180°).
 */
function randomTrack(random: () => number, node: number, path: Path, interpolation: Sampler, times: number[], base: number[] = [0, 0, 0, 1]): TrackDef {
  const rotation = (): number[] => new THREE.Quaternion().fromArray(base).multiply(new THREE.Quaternion().fromArray(randomQuaternion(random, 1.4))).toArray();
  const value = (): number[] => (path === 'rotation' ? rotation() : path === 'scale' ? randomVector(random, 0.6, 1.5, 3) : randomVector(random, -20, 20, 3));
  const tangent = (): number[] => randomVector(random, -0.6, 0.6, path === 'rotation' ? 4 : 3).map((x) => (path === 'translation' ? 10 * x : x));
  const values = times.map(() => (interpolation === 'CUBICSPLINE' ? [...tangent(), ...value(), ...tangent()] : value()));
  return { node, path, interpolation, times, values };
}

/**
 * The file: armatureRig with two animations of seeded random keys, the
 * rotations near each joint's rest (as animations are), or anywhere with
 * `farFromRest`. With `helperTrack`, 'mixed' also turns NeckHelper (a node
 * between two joints that the rig folds into the head's rest, so it cannot
 * play it).
 */
export function animatedFile(seed: number, options: { helperTrack?: boolean; farFromRest?: boolean } = {}): ArrayBuffer {
  const random = seededRandom(seed);
  const b = armatureRig();
  const rest = (node: number): number[] => (options.farFromRest ? [0, 0, 0, 1] : (b.json.nodes[node].rotation ?? [0, 0, 0, 1]));
  const turn = (node: number, interpolation: Sampler, keyTimes: number[]): TrackDef => randomTrack(random, node, 'rotation', interpolation, keyTimes, rest(node));
  const times = [0, 0.4, 0.7, 1.3, 2];
  const restSpine = b.json.nodes[NODE.Spine].rotation ?? [0, 0, 0, 1];
  const flipped = turn(NODE.FootR, 'LINEAR', times);
  // The same rotation on the other hemisphere: slerp must still take the short way.
  flipped.values[2] = flipped.values[2].map((x) => -x);
  addAnimation(b, 'mixed', [
    turn(NODE.Hips, 'LINEAR', times),
    randomTrack(random, NODE.Hips, 'translation', 'LINEAR', times),
    turn(NODE.Head, 'CUBICSPLINE', times),
    randomTrack(random, NODE.Head, 'translation', 'CUBICSPLINE', times),
    turn(NODE.UpperArmL, 'STEP', times),
    randomTrack(random, NODE.ForeArmL, 'scale', 'LINEAR', times),
    randomTrack(random, NODE.ShinR, 'scale', 'CUBICSPLINE', times),
    randomTrack(random, NODE.Spine, 'translation', 'STEP', times),
    flipped,
    // At rest all along: left out.
    { node: NODE.Spine, path: 'rotation', interpolation: 'LINEAR', times: [0, 1], values: [restSpine, restSpine] },
    // Not joints of the skin: named in a warning (the mesh node's motion moves no joint).
    randomTrack(random, NODE.Body, 'translation', 'LINEAR', times),
    ...(options.helperTrack ? [randomTrack(random, NODE.NeckHelper, 'rotation', 'LINEAR', times)] : []),
  ]);
  addAnimation(b, 'second', [
    turn(NODE.ThighR, 'CUBICSPLINE', [0, 0.25, 0.9]),
    randomTrack(random, NODE.Hips, 'translation', 'STEP', [0, 0.25, 0.9]),
    randomTrack(random, NODE.HandL, 'scale', 'STEP', [0.1, 0.25, 0.9]),
  ]);
  return b.glb();
}
