// The target character's file with a clip as its one animation, as GLB
// bytes. The file is written back as it was read (packed: meshes,
// materials and textures byte for byte — three.js's GLTFExporter would have
// to redraw every texture on a canvas, which Node has not), its own
// animations left out and the clip appended: resampled through the core
// at the clip's frame rate (export/clip-frames.ts, as the page's exports
// do) into LINEAR tracks of the file's nodes — every rig bone's rotation
// and each root's translation.
//
// clip-frames gives each bone's transform relative to its rig parent. Where
// the rig folded nodes between a joint and its parent joint into the
// joint's rest (import/skinned-mesh-rig.ts: an "Armature" root with a
// rotation and a scale), the node's own transform is that fold's inverse
// times the bone's: N = B⁻¹ · L, with B the product of the nodes in
// between, which do not move.
import * as THREE from 'three';
import type { ClipData } from '../../web/src/animation/clip.js';
import { clipFrames } from '../../web/src/export/clip-frames.js';
import { type GltfDocument, glbBytes } from '../../web/src/import/gltf-pack.js';
import type { TargetCharacter } from './target-character.js';

const FLOAT = 5126;

/** B of each rig bone: its rig parent's node's world matrix inverted, times its own node's parent's world matrix. */
function folds(target: TargetCharacter): THREE.Matrix4[] {
  const { desc } = target;
  for (const node of desc.nodes) node.updateWorldMatrix(true, false);
  return desc.nodes.map((node, j) => {
    const parent = desc.bones[j].parent;
    const above = node.parent ? node.parent.matrixWorld.clone() : new THREE.Matrix4();
    return parent < 0 ? above : above.premultiply(desc.nodes[parent].matrixWorld.clone().invert());
  });
}

/** Appends accessors of float data to a copy of the document and a new buffer. */
class AccessorWriter {
  private readonly parts: Float32Array[] = [];
  private length: number;

  constructor(
    readonly json: GltfDocument,
    private readonly bin: Uint8Array,
  ) {
    this.length = bin.length;
    json.bufferViews ??= [];
    json.accessors ??= [];
  }

  /** `bounds`: the accessor's min and max (an animation's input needs them). */
  add(data: Float32Array, type: 'SCALAR' | 'VEC3' | 'VEC4', bounds?: { min: number[]; max: number[] }): number {
    this.json.bufferViews.push({ buffer: 0, byteOffset: this.length, byteLength: data.byteLength });
    const accessor: GltfDocument = { bufferView: this.json.bufferViews.length - 1, componentType: FLOAT, count: data.length / { SCALAR: 1, VEC3: 3, VEC4: 4 }[type], type };
    if (bounds) Object.assign(accessor, bounds);
    this.json.accessors.push(accessor);
    this.parts.push(data);
    this.length += data.byteLength;
    return this.json.accessors.length - 1;
  }

  /** The old buffer with the new data after it (float data keeps it 4-byte aligned). */
  buffer(): Uint8Array {
    const out = new Uint8Array(this.length);
    out.set(this.bin);
    let offset = this.bin.length;
    for (const part of this.parts) {
      out.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), offset);
      offset += part.byteLength;
    }
    this.json.buffers = [{ byteLength: this.length }];
    return out;
  }
}

/** The character's file with `clip` (for its rig) as its only animation. */
export function glbWithAnimation(target: TargetCharacter, clip: ClipData): ArrayBuffer {
  const { rig, nodeIndices } = target;
  const frames = clipFrames(rig, clip, clip.fps);
  const count = frames.times.length;
  const n = rig.boneCount;
  const json = structuredClone(target.packed.json);
  const writer = new AccessorWriter(json, target.packed.bin);
  const times = Float32Array.from(frames.times);
  const input = writer.add(times, 'SCALAR', { min: [times[0]], max: [times[count - 1]] });

  const samplers: GltfDocument[] = [];
  const channels: GltfDocument[] = [];
  const track = (node: number, path: 'rotation' | 'translation', data: Float32Array, type: 'VEC3' | 'VEC4'): void => {
    samplers.push({ input, output: writer.add(data, type), interpolation: 'LINEAR' });
    channels.push({ sampler: samplers.length - 1, target: { node, path } });
  };

  const local = new THREE.Matrix4();
  const t = new THREE.Vector3();
  const q = new THREE.Quaternion();
  const s = new THREE.Vector3();
  folds(target).forEach((fold, j) => {
    const unfold = fold.clone().invert();
    const rotations = new Float32Array(4 * count);
    const translations = new Float32Array(3 * count);
    for (let f = 0; f < count; f++) {
      const at = f * n + j;
      t.fromArray(frames.translations, 3 * at);
      q.fromArray(frames.rotations, 4 * at);
      s.fromArray(frames.scales, 3 * at);
      local.compose(t, q, s).premultiply(unfold).decompose(t, q, s);
      // A matrix gives a quaternion up to sign: keep each on the previous one's side, so LINEAR slerps the short way.
      if (f > 0 && q.x * rotations[4 * f - 4] + q.y * rotations[4 * f - 3] + q.z * rotations[4 * f - 2] + q.w * rotations[4 * f - 1] < 0) q.set(-q.x, -q.y, -q.z, -q.w);
      q.toArray(rotations, 4 * f);
      t.toArray(translations, 3 * f);
    }
    track(nodeIndices[j], 'rotation', rotations, 'VEC4');
    if (rig.parents[j] < 0) track(nodeIndices[j], 'translation', translations, 'VEC3');
  });
  json.animations = [{ name: clip.name, samplers, channels }];
  return glbBytes({ json, bin: writer.buffer() });
}
