// A glTF file's animations (as three.js's GLTFLoader parses them into
// AnimationClips) as our clips for the rig of one of its skins
// (skinned-mesh-rig.ts), so that the core's sampler plays them.
//
// A track's node is found the way three.js's AnimationMixer finds it
// (PropertyBinding.findNode from the top of the joints' hierarchy), and maps
// to the rig bone made from that node. What the track animates is the
// node's local transform; the rig's bone has the local transform
//   T(rest_t) · R(rest_q) · S(rest_s) · F · E(θ) · F⁻¹
// relative to its rig parent, and between the two there may be nodes the rig
// folded into the bone's rest (skinned-mesh-rig.ts: an "Armature" root), a
// similarity B = T(t_B)·R(q_B)·S(s_B) (B = I for almost every joint). So:
// - rotation q → 'rotation' channel E = F⁻¹ · rest_q⁻¹ · q_B · q · F (so that
//   R(rest_q)·F·E·F⁻¹ = q_B·q);
// - translation t → the bone's translation t_B + s_B·q_B·t: the 'root'
//   channel (that minus rest_t: the core adds the root offset to the rest
//   translation) on a root bone, a 'translation' channel on any other;
// - scale s → 'scale' channel s_B·s.
// Each map is affine with the same linear part for every key, so glTF
// CUBICSPLINE tangents (value units per second) go through its linear part.
// Interpolation per track: Discrete → 'step', Linear → 'linear' (slerp on
// rotations, as three.js does), GLTFLoader's cubic-spline interpolant →
// 'cubic-spline'. Channels that are constant and equal to rest are left out;
// tracks of nodes that are not joints of the rig (or of bones the rig
// locks) are named in a warning.
import * as THREE from 'three';
import type { ClipChannel, ClipData, ClipKey, Interpolation } from '../animation/clip.js';
import type { SkinnedMeshRig } from './skinned-mesh-rig.js';

export interface GltfClips {
  /** One clip per animation that animates at least one joint, in file order. */
  clips: ClipData[];
  /** What could not be played (tracks of other nodes, morph weights, …), for the page to say. */
  warnings: string[];
}

/** glTF has no frame rate; the clip's fps (for stepping and export resampling) is this. */
export const GLTF_CLIP_FPS = 30;
/** Values within this of rest (and zero tangents) make a channel that is left out. */
const AT_REST = 1e-6;

/** How the rig's bone sees a node's local TRS: the map through B and the bone's rest, frame. */
interface BoneMap {
  bone: number;
  isRoot: boolean;
  /** Rotation: E = left · q · right. */
  left: THREE.Quaternion;
  right: THREE.Quaternion;
  /** Translation: tB + sB · qB · t. */
  tB: THREE.Vector3;
  qB: THREE.Quaternion;
  sB: number;
  restT: THREE.Vector3;
  restS: THREE.Vector3;
  /** The bone's angles are all locked (a non-joint node the rig keeps). */
  locked: boolean;
}

function localMatrix(node: THREE.Object3D): THREE.Matrix4 {
  return new THREE.Matrix4().compose(node.position, node.quaternion, node.scale);
}

/** The map of bone `bone`, or a reason it has none (the nodes between it and its rig parent are not a similarity). */
function boneMap(rig: SkinnedMeshRig, bone: number): BoneMap | string {
  const desc = rig.bones[bone];
  const node = rig.nodes[bone];
  const parentNode = desc.parent >= 0 ? rig.nodes[desc.parent] : null;
  const between = new THREE.Matrix4();
  for (let p = node.parent; p && p !== parentNode; p = p.parent) between.premultiply(localMatrix(p));
  const tB = new THREE.Vector3();
  const qB = new THREE.Quaternion();
  const s = new THREE.Vector3();
  between.decompose(tB, qB, s);
  if (Math.abs(s.x - s.y) > 1e-6 * s.x || Math.abs(s.x - s.z) > 1e-6 * s.x) {
    return `the nodes above '${node.name}' scale it unevenly (${s.toArray().join(', ')})`;
  }
  const frame = new THREE.Quaternion(...(desc.frame ?? [0, 0, 0, 1]));
  const restQ = new THREE.Quaternion(...(desc.restQ ?? [0, 0, 0, 1]));
  const left = frame.clone().invert().multiply(restQ.invert()).multiply(qB);
  const locked = [0, 1, 2].every((k) => (desc.min?.[k] ?? -Math.PI) === (desc.max?.[k] ?? Math.PI));
  return {
    bone,
    isRoot: desc.parent < 0,
    left,
    right: frame,
    tB,
    qB,
    sB: s.x,
    restT: new THREE.Vector3(...(desc.restT ?? [0, 0, 0])),
    restS: new THREE.Vector3(...(desc.restS ?? [1, 1, 1])),
    locked,
  };
}

function interpolationOf(track: THREE.KeyframeTrack): Interpolation {
  // GLTFLoader marks its cubic-spline tracks on their interpolant factory (not in the typings).
  const factory = (track as unknown as { createInterpolant?: { isInterpolantFactoryMethodGLTFCubicSpline?: boolean } }).createInterpolant;
  if (factory?.isInterpolantFactoryMethodGLTFCubicSpline) return 'cubic-spline';
  return track.getInterpolation() === THREE.InterpolateDiscrete ? 'step' : 'linear';
}

type Target = 'rotation' | 'translation' | 'scale';
const PROPERTY_TARGET: Record<string, Target> = { quaternion: 'rotation', position: 'translation', scale: 'scale' };

/** The channel of one track through the bone's map. */
function channelOf(track: THREE.KeyframeTrack, target: Target, map: BoneMap): ClipChannel {
  const interpolation = interpolationOf(track);
  const size = target === 'rotation' ? 4 : 3;
  // GLTFLoader's cubic-spline tracks hold [in, value, out] per key.
  const stride = interpolation === 'cubic-spline' ? 3 * size : size;
  const valueAt = interpolation === 'cubic-spline' ? size : 0;
  const q = new THREE.Quaternion();
  const v = new THREE.Vector3();
  /** The map's linear part on a value read at `offset` (a tangent, or a value before the affine shift). */
  const linear = (offset: number): number[] => {
    const values = track.values;
    if (target === 'rotation') return q.fromArray(values, offset).premultiply(map.left).multiply(map.right).toArray();
    v.fromArray(values, offset);
    return (target === 'scale' ? v.multiplyScalar(map.sB) : v.applyQuaternion(map.qB).multiplyScalar(map.sB)).toArray();
  };
  const isRootOffset = target === 'translation' && map.isRoot;
  const shift = target === 'translation' ? map.tB.clone().sub(isRootOffset ? map.restT : new THREE.Vector3()) : null;
  const keys: ClipKey[] = Array.from(track.times, (time, k) => {
    const value = linear(k * stride + valueAt);
    if (shift) shift.toArray().forEach((d, i) => (value[i] += d));
    const key: ClipKey = { time, value, interpolation };
    if (interpolation === 'cubic-spline') {
      key.inTangent = linear(k * stride);
      key.outTangent = linear(k * stride + 2 * size);
    }
    return key;
  });
  return { target: isRootOffset ? 'root' : target, bone: isRootOffset ? 0 : map.bone, slot: 0, keys };
}

/** Whether every key is the rest value (E = ±identity, root offset 0, rest translation or scale) with zero tangents. */
function atRest(channel: ClipChannel, map: BoneMap): boolean {
  const rest = channel.target === 'rotation' ? null : channel.target === 'root' ? [0, 0, 0] : (channel.target === 'scale' ? map.restS : map.restT).toArray();
  const near = (values: readonly number[] | undefined, to: readonly number[]): boolean => values === undefined || values.every((x, i) => Math.abs(x - to[i]) <= AT_REST);
  return channel.keys.every((key) => {
    const zero = key.value.map(() => 0);
    if (!near(key.inTangent, zero) || !near(key.outTangent, zero)) return false;
    if (rest) return near(key.value, rest);
    return Math.abs(key.value[3]) >= 1 - AT_REST;
  });
}

/** The top of the joints' hierarchy: where three.js's AnimationMixer would find the tracks' nodes. */
function hierarchyTop(node: THREE.Object3D): THREE.Object3D {
  let top = node;
  while (top.parent) top = top.parent;
  return top;
}

/**
 * The animations as clips for `rig` (the rig of one skin of the file the
 * animations came from). A clip with no channel left is dropped with a
 * warning.
 */
export function gltfClips(animations: readonly THREE.AnimationClip[], rig: SkinnedMeshRig): GltfClips {
  const root = hierarchyTop(rig.nodes[0]);
  const maps = new Map<number, BoneMap | string>();
  const warnings: string[] = [];
  const clips: ClipData[] = [];
  animations.forEach((animation, a) => {
    const name = animation.name || `animation ${a}`;
    const unmapped = new Set<string>();
    const channels: ClipChannel[] = [];
    for (const track of animation.tracks) {
      const { nodeName, propertyName } = THREE.PropertyBinding.parseTrackName(track.name);
      const node = THREE.PropertyBinding.findNode(root, nodeName) as THREE.Object3D | null;
      const bone = node ? rig.nodes.indexOf(node) : -1;
      const target = PROPERTY_TARGET[propertyName];
      if (bone < 0 || target === undefined) {
        unmapped.add(`${nodeName} ${propertyName}`);
        continue;
      }
      if (!maps.has(bone)) maps.set(bone, boneMap(rig, bone));
      const map = maps.get(bone)!;
      if (typeof map === 'string' || (target === 'rotation' && map.locked)) {
        unmapped.add(`${nodeName} ${propertyName}${typeof map === 'string' ? ` (${map})` : ' (not a joint)'}`);
        continue;
      }
      const channel = channelOf(track, target, map);
      if (!atRest(channel, map)) channels.push(channel);
    }
    if (unmapped.size > 0) warnings.push(`Animation '${name}': ${unmapped.size} track(s) do not animate the skin's joints and are not played (${[...unmapped].join(', ')}).`);
    if (channels.length === 0) {
      warnings.push(`Animation '${name}' does not move the skin's joints; it is left out.`);
      return;
    }
    clips.push({ name, duration: animation.duration > 0 ? animation.duration : 1 / GLTF_CLIP_FPS, fps: GLTF_CLIP_FPS, channels });
  });
  return { clips, warnings };
}
