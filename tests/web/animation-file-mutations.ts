// Animation files from anywhere, mutated and read as the page reads them:
// the glTF file whose animations use every sampler kind (gltf-animated-
// file.ts) with its animations changed — interpolations, the samplers'
// accessors (counts, types, ranges), the channels' targets and paths — and
// its key data (times out of order, NaN, huge values); and a BVH take
// (retarget-cli-fixtures.ts) with numbers of its motion replaced. Each file
// is played (its clips set on the rig and sampled by the core) or refused
// with an error of ours naming the problem; anything else — an engine error
// the import let through, a pose that is not finite — is an
// AnimationFileFinding. Shared by the Vitest loop (animation-file-fuzz.
// test.ts) and the timed fuzz target that npm run fuzz runs
// (tests/fuzz/animation-file-fuzz.ts).
import { bvhCharacter } from '../../web/src/import/bvh/bvh-importer.js';
import { GltfFileError } from '../../web/src/import/glb-container.js';
import { gltfClips } from '../../web/src/import/gltf-animation.js';
import { parseGltfModel } from '../../web/src/import/gltf-model.js';
import { importSkin } from '../../web/src/import/gltf-skin-import.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { animatedFile } from './gltf-animated-file.js';
import { cmuWalkBvh } from './retarget-cli-fixtures.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Reading or playing a file went wrong in a way no file may make it. */
export class AnimationFileFinding extends Error {}

/** What reading a file came to: 'played', or the refusal's message ('file: …' for the container's). */
export type Outcome = string;

interface GlbParts {
  json: Json;
  bin: Uint8Array;
}

/** The GLB's JSON and BIN chunk. */
function chunks(glb: ArrayBuffer): GlbParts {
  const view = new DataView(glb);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(new Uint8Array(glb, 20, jsonLength)));
  const binLength = view.getUint32(20 + jsonLength, true);
  return { json, bin: new Uint8Array(glb.slice(28 + jsonLength, 28 + jsonLength + binLength)) };
}

function glb(json: Json, bin: Uint8Array): ArrayBuffer {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = Math.ceil(text.length / 4) * 4;
  const out = new Uint8Array(28 + jsonLength + bin.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, out.length, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  view.setUint32(20 + jsonLength, bin.length, true);
  view.setUint32(24 + jsonLength, 0x004e4942, true);
  out.set(bin, 28 + jsonLength);
  return out.buffer;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** One change to the file's animations or their key data. */
function mutate(json: Json, bin: Uint8Array, random: () => number): void {
  const animation = pick(random, json.animations as Json[]);
  const sampler = pick(random, animation.samplers as Json[]);
  const channel = pick(random, animation.channels as Json[]);
  const accessor = json.accessors[random() < 0.5 ? sampler.input : sampler.output];
  // The accessor's floats as far as its buffer view holds them (an earlier
  // mutation may have given it a count or type the data does not have).
  const floats = (): Float32Array => {
    const view = json.bufferViews[accessor.bufferView];
    const start = (view.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
    const components = ({ SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 } as Record<string, number>)[accessor.type] ?? 1;
    const held = Math.floor(((view.byteOffset ?? 0) + view.byteLength - start) / 4);
    const length = Math.max(0, Math.min(Number(accessor.count) * components || 0, held, Math.floor((bin.length - start) / 4)));
    return new Float32Array(bin.buffer, bin.byteOffset + start, length);
  };
  switch (Math.floor(random() * 9)) {
    case 0: sampler.interpolation = pick(random, ['LINEAR', 'STEP', 'CUBICSPLINE', 'SMOOTH', 7]); break;
    case 1: accessor.count = pick(random, [0, 1, accessor.count - 1, accessor.count + 1, 2 ** 31]); break;
    case 2: accessor.type = pick(random, ['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT4']); break;
    case 3: channel.target.path = pick(random, ['rotation', 'translation', 'scale', 'weights', 'pose']); break;
    case 4: channel.target.node = pick(random, [0, 1, 5, 999, -1, null]); break;
    case 5: [sampler.input, sampler.output] = [sampler.output, sampler.input]; break;
    case 6: { const data = floats(); if (data.length > 0) data[Math.floor(random() * data.length)] = pick(random, [Number.NaN, Infinity, -1e30, 1e30, -5, 0]); break; }
    case 7: { const data = floats(); if (data.length > 1) data.reverse(); break; }
    default: accessor.min = [pick(random, [-1e9, 0, 5])]; accessor.max = [pick(random, [-1, 1e9])];
  }
}

/** The unmutated glTF files the mutations start from (three seeds of the animated file). */
export function animatedFiles(): ArrayBuffer[] {
  return [1, 2, 3].map((seed) => animatedFile(seed));
}

/** Parsed once: mutatedGlb copies before it changes anything. */
export function glbSources(files: readonly ArrayBuffer[]): GlbParts[] {
  return files.map(chunks);
}

/** A copy of `source` with one or two mutations. */
export function mutatedGlb(source: GlbParts, random: () => number): ArrayBuffer {
  const json = structuredClone(source.json);
  const bin = source.bin.slice();
  for (let edits = 1 + Math.floor(random() * 2); edits > 0; edits--) mutate(json, bin, random);
  return glb(json, bin);
}

/** A refusal is an Error of ours with a message; the engine's own (a TypeError of a read on undefined, a RangeError of an array too large) is a crash the import let through. */
function refusal(error: unknown, what: string): Outcome {
  if (!(error instanceof Error) || error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || error instanceof AnimationFileFinding) {
    throw new AnimationFileFinding(`${what}: ${String(error)}`);
  }
  if (error.message.length <= 10) throw new AnimationFileFinding(`${what}: a refusal that names nothing: '${error.message}'`);
  return error instanceof GltfFileError ? `file: ${error.message}` : error.message;
}

function expectFinitePose(rig: Rig, what: string): void {
  if (!Array.from(rig.pose()).every(Number.isFinite)) throw new AnimationFileFinding(`${what}: a pose that is not finite`);
}

/** Reads the glTF file as the page does and plays every clip it gives at a few times. */
export async function playOrRefuseGltf(module: KinModule, bytes: ArrayBuffer, what: string): Promise<Outcome> {
  let rig: Rig | null = null;
  try {
    const model = await parseGltfModel(bytes, { resourcePath: '', allowUri: () => 'the test files embed everything' });
    const imported = importSkin(model);
    const { clips } = gltfClips(model.gltf.animations, imported.rig);
    rig = Rig.create(module, imported.rig.bones);
    for (const clip of clips) {
      rig.clips.setClip(clip);
      for (const time of [0, clip.duration / 3, clip.duration]) {
        rig.clips.sampleClip(time, 'loop');
        expectFinitePose(rig, `${what} at ${time} s`);
      }
    }
    return 'played';
  } catch (error) {
    return refusal(error, what);
  } finally {
    rig?.dispose();
  }
}

/** The BVH take the mutations start from, as lines, and where its motion's rows begin. */
export function bvhSource(): { lines: string[]; motion: number; frames: number } {
  const frames = 12;
  const lines = cmuWalkBvh(frames, 30).split('\n');
  return { lines, motion: lines.findIndex((line) => line.startsWith('Frame Time')) + 1, frames };
}

/** The take with one number of its motion replaced (by a non-finite, huge, wrapping or broken one). */
export function mutatedBvh(source: ReturnType<typeof bvhSource>, random: () => number): string {
  const edited = source.lines.slice();
  const row = source.motion + Math.floor(random() * source.frames);
  const values = edited[row].split(' ');
  values[Math.floor(random() * values.length)] = pick(random, ['nan', '1e39', '-1e30', '7200', '-360', '1e5', 'x', '']);
  edited[row] = values.join(' ');
  return edited.join('\n');
}

/** Reads the BVH take as the page does and samples its clip at a few times. */
export function playOrRefuseBvh(module: KinModule, text: string, what: string): Outcome {
  try {
    const { parts } = bvhCharacter(module, text, 'take.bvh');
    try {
      for (const time of [0, 0.2, 0.37]) {
        parts.rig.clips.sampleClip(time, 'loop');
        expectFinitePose(parts.rig, `${what} at ${time} s`);
      }
    } finally {
      parts.rig.dispose();
    }
    return 'played';
  } catch (error) {
    return refusal(error, what);
  }
}
