// Animation files from anywhere, end to end: seeded mutations of a glTF file
// whose animations use every sampler kind (gltf-animated-file.ts), changing
// only its animations — interpolations, the samplers' accessors (their
// counts, types, ranges), the channels' targets and paths — and the key
// data itself (times out of order, NaN, huge values), then read as the page
// reads it: the glTF check, GLTFLoader, the skin, the clips, and each clip
// set on the rig and sampled by the core. Every file is either played or
// refused with an error naming the problem, never another exception and
// never a pose that is not finite; and the BVH take of the same motion path
// (bvh-importer.ts) likewise with its numbers mutated.
import { beforeAll, describe, expect, it } from 'vitest';
import { bvhCharacter } from '../../web/src/import/bvh/bvh-importer.js';
import { GltfFileError } from '../../web/src/import/glb-container.js';
import { gltfClips } from '../../web/src/import/gltf-animation.js';
import { parseGltfModel } from '../../web/src/import/gltf-model.js';
import { importSkin } from '../../web/src/import/gltf-skin-import.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { animatedFile } from './gltf-animated-file.js';
import { cmuWalkBvh } from './retarget-cli-fixtures.js';
import { seededRandom } from './seeded-random.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The GLB's JSON and BIN chunk. */
function chunks(glb: ArrayBuffer): { json: Json; bin: Uint8Array } {
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
  const floats = (): Float32Array => {
    const view = json.bufferViews[accessor.bufferView];
    return new Float32Array(bin.buffer, bin.byteOffset + (view.byteOffset ?? 0) + (accessor.byteOffset ?? 0), accessor.count * ({ SCALAR: 1, VEC3: 3, VEC4: 4 } as Record<string, number>)[accessor.type]);
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

describe('animation files from anywhere', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  /** Reads the file as the page does and plays every clip it gives at a few times; 'played' or the refusal's message. */
  async function playOrRefuse(bytes: ArrayBuffer, what: string): Promise<string> {
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
          expect(Array.from(rig.pose()).every(Number.isFinite), `${what}: a pose at ${time} s`).toBe(true);
        }
      }
      return 'played';
    } catch (error) {
      // A refusal is an Error of ours with a message; the engine's own (a TypeError of a property
      // read on undefined, a RangeError of an array too large) is a crash the import let through.
      if (!(error instanceof Error) || error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) throw new Error(`${what}: ${String(error)}`);
      expect(error.message.length, what).toBeGreaterThan(10);
      return error instanceof GltfFileError ? `file: ${error.message}` : error.message;
    } finally {
      rig?.dispose();
    }
  }

  it('the unmutated files play', async () => {
    for (const seed of [1, 2, 3]) expect(await playOrRefuse(animatedFile(seed), `seed ${seed}`)).toBe('played');
  });

  it('400 mutated glTF animations: played or refused by name, never a pose that is not finite, nothing leaks (seed 91)', async () => {
    const random = seededRandom(91);
    const files = [1, 2, 3].map((seed) => chunks(animatedFile(seed)));
    const before = module.liveRigs();
    let refused = 0;
    for (let trial = 0; trial < 400; trial++) {
      const { json: original, bin: data } = files[trial % files.length];
      const json = structuredClone(original);
      const bin = data.slice();
      for (let edits = 1 + Math.floor(random() * 2); edits > 0; edits--) mutate(json, bin, random);
      if ((await playOrRefuse(glb(json, bin), `trial ${trial}`)) !== 'played') refused++;
    }
    console.log(`animation mutations: ${refused} of 400 refused`);
    expect(refused).toBeGreaterThan(50);
    expect(refused).toBeLessThan(400);
    expect(module.liveRigs()).toBe(before);
  });

  it('300 BVH takes with numbers of their motion replaced: played or refused by name (seed 92)', () => {
    const random = seededRandom(92);
    const lines = cmuWalkBvh(12, 30).split('\n');
    const motion = lines.findIndex((line) => line.startsWith('Frame Time')) + 1;
    let refused = 0;
    for (let trial = 0; trial < 300; trial++) {
      const edited = lines.slice();
      const row = motion + Math.floor(random() * 12);
      const values = edited[row].split(' ');
      values[Math.floor(random() * values.length)] = pick(random, ['nan', '1e39', '-1e30', '7200', '-360', '1e5', 'x', '']);
      edited[row] = values.join(' ');
      try {
        const { parts } = bvhCharacter(module, edited.join('\n'), 'take.bvh');
        for (const time of [0, 0.2, 0.37]) {
          parts.rig.clips.sampleClip(time, 'loop');
          expect(Array.from(parts.rig.pose()).every(Number.isFinite), `trial ${trial}`).toBe(true);
        }
        parts.rig.dispose();
      } catch (error) {
        if (error instanceof TypeError || error instanceof RangeError || !(error instanceof Error)) throw new Error(`trial ${trial}: ${String(error)}`);
        expect(error.message.length).toBeGreaterThan(10);
        refused++;
      }
    }
    console.log(`BVH mutations: ${refused} of 300 refused`);
    expect(refused).toBeGreaterThan(30);
  });
});
