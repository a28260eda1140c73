// Broken glTF files made from the good SimpleSkin fixture, one edit each:
// its JSON changed before the GLB is made, an accessor's data replaced in the
// finished GLB, or an accessor declared without data. The import tests in
// Node (gltf-broken-files, gltf-limits) and the page's
// (tests/e2e/hostile-input.test.ts) refuse the same files.
import type { GltfBuilder } from './gltf-builder.js';
import { simpleSkin } from './gltf-fixtures.js';

/** SimpleSkin with its JSON edited before the GLB is made. */
export function editedSimpleSkin(edit: (json: GltfBuilder['json']) => void): ArrayBuffer {
  const builder = simpleSkin();
  edit(builder.json);
  return builder.glb();
}

/** Accessor `index` of the document made all zeros (no bufferView) with `count` elements. */
export function zeros(json: GltfBuilder['json'], index: number, count: number): void {
  const { componentType, type } = json.accessors[index];
  json.accessors[index] = { componentType, type, count };
}

/** SimpleSkin with one accessor's data replaced (same length). */
export function simpleSkinWithData(attribute: 'JOINTS_0' | 'WEIGHTS_0' | 'inverseBindMatrices', change: (data: Float32Array | Uint16Array) => void): ArrayBuffer {
  const builder = simpleSkin();
  const json = builder.json;
  const accessor = attribute === 'inverseBindMatrices' ? json.skins[0].inverseBindMatrices : json.meshes[0].primitives[0].attributes[attribute];
  const view = json.bufferViews[json.accessors[accessor].bufferView];
  const glb = new Uint8Array(builder.glb());
  // The BIN chunk starts after the 12-byte header, the JSON chunk (8 + its length) and the BIN chunk's 8-byte header.
  const binStart = 20 + new DataView(glb.buffer).getUint32(12, true) + 8;
  const bytes = glb.buffer.slice(binStart + view.byteOffset, binStart + view.byteOffset + view.byteLength);
  const data = attribute === 'JOINTS_0' ? new Uint16Array(bytes) : new Float32Array(bytes);
  change(data);
  glb.set(new Uint8Array(data.buffer), binStart + view.byteOffset);
  return glb.buffer;
}

/**
 * SimpleSkin with an animation of `keys` linear rotation keys on its tip
 * joint, its times and values declared without data (zeros): a file of a
 * few kilobytes whose clip would hold 5 × `keys` numbers.
 */
export function simpleSkinWithLongAnimation(keys: number): ArrayBuffer {
  return editedSimpleSkin((json) => {
    const input = json.accessors.push({ componentType: 5126, type: 'SCALAR', count: keys, min: [0], max: [0] }) - 1;
    const output = json.accessors.push({ componentType: 5126, type: 'VEC4', count: keys }) - 1;
    json.animations = [{ name: 'Long', samplers: [{ input, output, interpolation: 'LINEAR' }], channels: [{ sampler: 0, target: { node: 2, path: 'rotation' } }] }];
  });
}
