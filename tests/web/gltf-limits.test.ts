// Files that declare more than the page takes (gltf-limits.ts) are refused
// by the JSON check, before three.js's GLTFLoader allocates or recurses:
// accessors with huge counts and no data, primitives whose skinning
// attributes are shorter than their positions, too many nodes, node
// hierarchies deeper than GLTFLoader survives. The node check is linear: a
// file of MAX_NODES nodes, wide or deep, is checked quickly (times printed).
import { describe, expect, it } from 'vitest';
import { GltfFileError } from '../../web/src/import/glb-container.js';
import { checkGltfJson } from '../../web/src/import/gltf-json-check.js';
import { MAX_ACCESSOR_COUNT, MAX_NODES, MAX_NODE_DEPTH, MAX_SKIN_JOINTS, MAX_VERTICES } from '../../web/src/import/gltf-limits.js';
import { parseGltfModel } from '../../web/src/import/gltf-model.js';
import { importSkin } from '../../web/src/import/gltf-skin-import.js';
import type { GltfBuilder } from './gltf-builder.js';
import { editedSimpleSkin, zeros } from './gltf-edits.js';
import { jointChain, jointFan } from './gltf-fixtures.js';

const refuseUris = (uri: string, what: string): string => `${what} refers to the external file '${uri}'`;

async function importGlb(bytes: ArrayBuffer): Promise<ReturnType<typeof importSkin>> {
  return importSkin(await parseGltfModel(bytes, { resourcePath: '', allowUri: refuseUris }));
}

/** Imports; returns the GltfFileError's message (the test fails if nothing is thrown). */
async function refusal(bytes: ArrayBuffer): Promise<string> {
  try {
    await importGlb(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(GltfFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

/** `count` nodes in a document that is otherwise empty, node n a child of `parentOf(n)` (−1: a root). */
function nodeDocument(count: number, parentOf: (n: number) => number): unknown {
  const nodes: { children?: number[] }[] = Array.from({ length: count }, () => ({}));
  const roots: number[] = [];
  for (let n = 0; n < count; n++) {
    const p = parentOf(n);
    if (p < 0) roots.push(n);
    else (nodes[p].children ??= []).push(n);
  }
  return { asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: roots }], nodes };
}

/** The JSON check's message for `json`, or null if it passes; prints how long it took. */
function checkMessage(json: unknown, what: string): string | null {
  const start = performance.now();
  try {
    checkGltfJson(json, null, refuseUris);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(GltfFileError);
    return (error as Error).message;
  } finally {
    console.log(`${what}: checked in ${(performance.now() - start).toFixed(1)} ms`);
  }
}

describe('glTF limits: what a file declares is capped before GLTFLoader builds it', () => {
  it('an accessor of 10^8 zeros (no bufferView) is refused by name and count', async () => {
    const glb = editedSimpleSkin((json) => zeros(json, json.meshes[0].primitives[0].attributes.POSITION, 1e8));
    expect(glb.byteLength).toBeLessThan(2048);
    expect(await refusal(glb)).toBe(`accessor 0 declares 100000000 elements; at most ${MAX_ACCESSOR_COUNT} per accessor are supported`);
  });

  it('an accessor under the count cap but over MAX_ACCESSOR_BYTES is refused by its bytes', async () => {
    // 12,000,000 4×4 float matrices: 768,000,000 bytes, 732 MiB, from a file of under 2 kB.
    const glb = editedSimpleSkin((json) => zeros(json, json.skins[0].inverseBindMatrices, 12_000_000));
    expect(glb.byteLength).toBeLessThan(2048);
    const message = await refusal(glb);
    expect(message).toMatch(/^accessor \d+ declares 12000000 MAT4 elements, 732 MiB; at most 64 MiB per accessor are supported$/);
  });

  it('accessors without data are refused once their zeros pass MAX_UNBACKED_BYTES in all, naming the one that passes', async () => {
    // Three unused accessors of 3,000,000 float VEC4s, 48,000,000 bytes each:
    // each within the per-accessor cap, 137 MiB in all with the third.
    let third = -1;
    const glb = editedSimpleSkin((json) => {
      for (let k = 0; k < 3; k++) third = json.accessors.push({ componentType: 5126, type: 'VEC4', count: 3_000_000 }) - 1;
    });
    expect(await refusal(glb)).toBe(`accessors without data (all zeros) declare 137 MiB up to accessor ${third}; at most 128 MiB in all are supported`);
    // Two of them (92 MiB) load.
    const two = editedSimpleSkin((json) => {
      for (let k = 0; k < 2; k++) json.accessors.push({ componentType: 5126, type: 'VEC4', count: 3_000_000 });
    });
    await expect(importGlb(two)).resolves.toBeDefined();
  });

  it('a primitive of more than MAX_VERTICES vertices, and more in all, is refused', async () => {
    const tooMany = MAX_VERTICES + 1;
    const wholeMesh = (json: GltfBuilder['json'], count: number): void => {
      for (const accessor of Object.values(json.meshes[0].primitives[0].attributes) as number[]) zeros(json, accessor, count);
    };
    expect(await refusal(editedSimpleSkin((json) => wholeMesh(json, tooMany)))).toBe(
      `mesh 0 'strip' primitive 0: its POSITION (accessor 0) declares ${tooMany} vertices; at most ${MAX_VERTICES} per primitive are supported`,
    );
    // Two primitives (the same accessors twice), each at the limit.
    const doubled = editedSimpleSkin((json) => {
      wholeMesh(json, MAX_VERTICES);
      json.meshes[0].primitives.push({ ...json.meshes[0].primitives[0] });
    });
    expect(await refusal(doubled)).toBe(`its meshes declare ${2 * MAX_VERTICES} vertices in all; at most ${MAX_VERTICES} are supported`);
  });

  it('JOINTS_0 or WEIGHTS_0 shorter than POSITION is refused naming the primitive and both counts', async () => {
    for (const attribute of ['JOINTS_0', 'WEIGHTS_0']) {
      const glb = editedSimpleSkin((json) => (json.accessors[json.meshes[0].primitives[0].attributes[attribute]].count = 6));
      expect(await refusal(glb)).toBe(`mesh 0 'strip' primitive 0: ${attribute} has 6 entries, but POSITION has 10 vertices`);
    }
  });

  it(`more than MAX_NODES (${MAX_NODES}) nodes are refused by count`, () => {
    expect(checkMessage(nodeDocument(MAX_NODES + 1, () => -1), 'MAX_NODES + 1 roots')).toBe(`it has ${MAX_NODES + 1} nodes; at most ${MAX_NODES} are supported`);
    expect(checkMessage(nodeDocument(40_000, (n) => n - 1), '40,000-node chain')).toBe(`it has 40000 nodes; at most ${MAX_NODES} are supported`);
  });

  it('MAX_NODES nodes in a binary tree pass the check; as a chain they are refused by depth, naming the first node too deep', () => {
    expect(checkMessage(nodeDocument(MAX_NODES, (n) => (n === 0 ? -1 : (n - 1) >> 1)), 'MAX_NODES in a binary tree')).toBeNull();
    expect(checkMessage(nodeDocument(MAX_NODES, (n) => n - 1), 'MAX_NODES in a chain')).toBe(
      `node ${MAX_NODE_DEPTH} lies ${MAX_NODE_DEPTH + 1} nodes deep in the hierarchy; at most ${MAX_NODE_DEPTH} levels are supported`,
    );
    // Listed leaf first: each walk up meets nodes whose depth is known only at the root.
    expect(checkMessage(nodeDocument(MAX_NODES, (n) => (n === MAX_NODES - 1 ? -1 : n + 1)), 'MAX_NODES in a chain, leaf first')).toBe(
      `node 0 lies ${MAX_NODES} nodes deep in the hierarchy; at most ${MAX_NODE_DEPTH} levels are supported`,
    );
  });

  it('a cycle of thousands of nodes is named, without recursion', () => {
    const message = checkMessage(nodeDocument(5000, (n) => (n + 1) % 5000), '5,000-node cycle');
    expect(message).toMatch(/^nodes form a cycle: 0 → 4999 → 4998 → .* → 1 → 0$/);
  });

  it(`a chain of MAX_NODE_DEPTH (${MAX_NODE_DEPTH}) joints loads; one more is refused before GLTFLoader, naming the node and depth`, async () => {
    const imported = await importGlb(jointChain(MAX_NODE_DEPTH).glb());
    expect(imported.rig.bones).toHaveLength(MAX_NODE_DEPTH);
    expect(await refusal(jointChain(MAX_NODE_DEPTH + 1).glb())).toBe(`node ${MAX_NODE_DEPTH} 'j${MAX_NODE_DEPTH}' lies ${MAX_NODE_DEPTH + 1} nodes deep in the hierarchy; at most ${MAX_NODE_DEPTH} levels are supported`);
    expect(await refusal(jointChain(2000).glb())).toMatch(/^node 1000 'j1000' lies 1001 nodes deep/);
  });

  it(`a skin of more than MAX_SKIN_JOINTS (${MAX_SKIN_JOINTS}, the core's bone limit) joints is refused before GLTFLoader builds its bones`, async () => {
    expect(MAX_SKIN_JOINTS).toBe(4096);
    // A fan (hub and spokes): shallow, so neither the node count nor the depth stops it.
    const start = performance.now();
    expect(await refusal(jointFan(10_000).glb())).toBe(`skin 0 'Fan' has 10000 joints; at most ${MAX_SKIN_JOINTS} are supported`);
    // Before the check: GLTFLoader built 10,000 bones, and the rig refused them after 1.7 s.
    console.log(`10,000-joint fan: refused in ${(performance.now() - start).toFixed(0)} ms (building the file included)`);
    const imported = await importGlb(jointFan(MAX_SKIN_JOINTS).glb());
    expect(imported.rig.bones).toHaveLength(MAX_SKIN_JOINTS);
  });
});
