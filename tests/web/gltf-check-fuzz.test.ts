// The glTF pre-check on files from anywhere: seeded mutations of real GLB
// files (bytes flipped, chunk lengths lied about, the JSON's numbers,
// indices and strings changed, fields deleted or duplicated) within a fixed
// budget. Every input is either accepted or refused with a GltfFileError
// naming the problem — never another exception, never a hang.
import { describe, expect, it } from 'vitest';
import { GltfFileError, readGltfContainer } from '../../web/src/import/glb-container.js';
import { checkGltfJson } from '../../web/src/import/gltf-json-check.js';
import { armatureRig, influenceChain, jointChain, simpleSkin, twoSkins } from './gltf-fixtures.js';
import { seededRandom } from './seeded-random.js';

const noUris = (): string => 'external files are not read in this test';

/** Reads and checks `bytes` as the importer does before three.js sees them; true if accepted. */
function check(bytes: ArrayBuffer, what: string): boolean {
  try {
    const { json, binLength } = readGltfContainer(bytes);
    checkGltfJson(json, binLength, noUris);
    return true;
  } catch (error) {
    if (!(error instanceof GltfFileError)) throw new Error(`${what}: ${String(error)}`);
    expect(error.message.length, what).toBeGreaterThan(10);
    return false;
  }
}

type Json = unknown;

/** Changes one value somewhere in the document: a number, an index, a string, a field removed or an array emptied. */
function mutateJson(json: Json, random: () => number): Json {
  const paths: { parent: Record<string, Json> | Json[]; key: string | number }[] = [];
  const walk = (value: Json): void => {
    if (Array.isArray(value)) value.forEach((item, k) => (paths.push({ parent: value, key: k }), walk(item)));
    else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) paths.push({ parent: value as Record<string, Json>, key }), walk(item);
  };
  walk(json);
  if (paths.length === 0) return json;
  const { parent, key } = paths[Math.floor(random() * paths.length)];
  const replacements: Json[] = [-1, 0, 1, 3, 2 ** 31, 1e8, 1e308, -0.5, Number.NaN, 'x', '', null, [], {}, true, 5126, 5123, 34962];
  const choice = random();
  if (choice < 0.15 && !Array.isArray(parent)) delete (parent as Record<string, Json>)[key as string];
  else if (choice < 0.25 && Array.isArray(parent)) parent.splice(key as number, 1);
  else if (choice < 0.35 && Array.isArray(parent)) parent.push(structuredClone(parent[key as number]));
  else (parent as Record<string | number, Json>)[key] = replacements[Math.floor(random() * replacements.length)];
  return json;
}

describe('glTF pre-check on untrusted files', () => {
  const files = [simpleSkin(), armatureRig(), influenceChain(), influenceChain({ count: 12 }), twoSkins(), jointChain(40)].map((b) => b.glb());

  it('the unmutated files pass (the mutations start from files that work)', () => {
    files.forEach((file, k) => expect(check(file, `file ${k}`)).toBe(true));
  });

  it('2,000 JSON mutations: accepted or refused by name (seed 81)', () => {
    const random = seededRandom(81);
    let refused = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const { json, binLength } = readGltfContainer(files[trial % files.length]);
      let doc = structuredClone(json) as Json;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) doc = mutateJson(doc, random);
      try {
        checkGltfJson(doc, binLength, noUris);
      } catch (error) {
        if (!(error instanceof GltfFileError)) throw new Error(`trial ${trial}: ${String(error)} for ${JSON.stringify(doc).slice(0, 300)}`);
        refused++;
      }
    }
    // Most mutations break a rule: the refusals were exercised, not only the happy path.
    expect(refused).toBeGreaterThan(500);
  });

  it('2,000 byte mutations of GLB containers (chunk lengths, magic, JSON text): accepted or refused by name (seed 82)', () => {
    const random = seededRandom(82);
    for (let trial = 0; trial < 2000; trial++) {
      const bytes = new Uint8Array(files[trial % files.length].slice(0));
      const view = new DataView(bytes.buffer);
      const mutation = Math.floor(random() * 4);
      // The header's length and the JSON chunk's length (offsets 8 and 12), a byte of the JSON text, or a cut.
      if (mutation === 0) view.setUint32(8, Math.floor(random() * 2 ** 32), true);
      else if (mutation === 1) view.setUint32(12, Math.floor(random() * 2 ** 32), true);
      else if (mutation === 2) bytes[20 + Math.floor(random() * (bytes.length - 20))] ^= 1 << Math.floor(random() * 8);
      const input = mutation === 3 ? bytes.buffer.slice(0, Math.floor(random() * bytes.length)) : bytes.buffer;
      check(input, `trial ${trial} (mutation ${mutation})`);
    }
  });
});
