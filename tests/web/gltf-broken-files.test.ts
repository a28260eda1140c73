// Broken glTF files, one problem each, built from good fixtures: every one is
// refused with a GltfFileError whose message names the problem (before
// GLTFLoader could crash or hang on it, or while turning the skin into a rig,
// or when the core refuses the rig).
import { beforeAll, describe, expect, it } from 'vitest';
import { GltfFileError } from '../../web/src/import/glb-container.js';
import { parseGltfModel } from '../../web/src/import/gltf-model.js';
import { GltfImporter } from '../../web/src/import/gltf-importer.js';
import { importSkin } from '../../web/src/import/gltf-skin-import.js';
import { ModelLoader } from '../../web/src/import/model-loader.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { GltfBuilder } from './gltf-builder.js';
import { editedSimpleSkin, simpleSkinWithData, simpleSkinWithLongAnimation } from './gltf-edits.js';
import { simpleSkin, skinnedMesh } from './gltf-fixtures.js';

const refuseUris = (uri: string, what: string): string => `${what} refers to the external file '${uri}'`;

/** Parses and imports; returns the error message (the test fails if nothing is thrown). */
async function refusal(bytes: ArrayBuffer): Promise<string> {
  try {
    importSkin(await parseGltfModel(bytes, { resourcePath: '', allowUri: refuseUris }));
  } catch (error) {
    expect(error).toBeInstanceOf(GltfFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

function text(value: string): ArrayBuffer {
  return new TextEncoder().encode(value).buffer as ArrayBuffer;
}

describe('glTF import: broken files are refused with a message naming the problem', () => {
  it('not glTF at all', async () => {
    expect(await refusal(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0]).buffer)).toMatch(/^not a glTF file: neither a GLB .* nor glTF JSON/);
    expect(await refusal(text('hello, world'))).toMatch(/^not a glTF file/);
    expect(await refusal(text('{"asset": '))).toMatch(/^its glTF JSON does not parse/);
    expect(await refusal(text('{"nodes": []}'))).toBe('it has no asset.version: not a glTF 2.0 file');
    expect(await refusal(text('{"asset": {"version": "1.0"}}'))).toBe('glTF version 1.0: only glTF 2.0 is supported');
  });

  it('a node name longer than a bone name may be, refused before GLTFLoader copies it (its start quoted, whole characters only)', async () => {
    const name = `é${'j'.repeat(3 << 20)}`;
    expect(await refusal(editedSimpleSkin((json) => (json.nodes[2].name = name)))).toBe(`node 2: its name is ${(3 << 20) + 2} bytes long, more than the 128 a bone name may have (it starts 'é${'j'.repeat(22)}…')`);
  });

  it('an animation whose keys outnumber what a clip may hold', async () => {
    // 10⁶ rotation keys: a million times and four million values.
    expect(await refusal(simpleSkinWithLongAnimation(1_000_000))).toBe("animation 0 'Long' holds 5000000 numbers of keys (times and values), more than the 1000000 a clip may hold");
    // As many as a clip holds are read.
    const model = await parseGltfModel(simpleSkinWithLongAnimation(200_000), { resourcePath: '', allowUri: refuseUris });
    expect(model.gltf.animations).toHaveLength(1);
  });

  it('no skin', async () => {
    const builder = new GltfBuilder();
    const mesh = skinnedMesh(builder, 'plain', [0, 1].flatMap((y) => [[0, y, 0], [1, y, 0]].map((p) => ({ position: p as [number, number, number], joints: [0], weights: [1] }))));
    builder.node({ name: 'plain', mesh }, true);
    expect(await refusal(builder.glb())).toBe('it has no skin: nothing to pose');
  });

  it('a joint index out of range, in a vertex or in the skin', async () => {
    expect(await refusal(simpleSkinWithData('JOINTS_0', (joints) => (joints[4 * 3] = 5)))).toBe("mesh 'strip': vertex 3 uses joint 5 (JOINTS_0), but the skin has 2 joints");
    expect(await refusal(editedSimpleSkin((json) => (json.skins[0].joints = [1, 99])))).toBe("skin 0 'SimpleSkin' (joints) refers to node 99, but the file has 3 nodes");
    expect(await refusal(editedSimpleSkin((json) => (json.nodes[1].children = [7])))).toBe("node 1 'root' (children) refers to node 7, but the file has 3 nodes");
    expect(await refusal(editedSimpleSkin((json) => (json.meshes[0].primitives[0].attributes.WEIGHTS_0 = 40)))).toMatch(/^mesh 0 'strip' primitive 0 attribute WEIGHTS_0 refers to accessor 40, but the file has \d+ accessors$/);
  });

  it('NaN and infinities in matrices and transforms', async () => {
    expect(await refusal(simpleSkinWithData('inverseBindMatrices', (m) => (m[16 + 5] = Number.NaN)))).toBe("skin 'SimpleSkin': joint 1 'tip': its inverse bind matrix is not finite");
    // JSON has no NaN, but 1e400 parses to Infinity.
    const builder = simpleSkin();
    const json = builder.embeddedText().replace('"translation":[0,1,0]', '"translation":[0,1e400,0]');
    expect(await refusal(text(json))).toBe("node 2 'tip': translation is not 3 finite numbers");
  });

  it('cycles and shared children in the node hierarchy', async () => {
    expect(await refusal(editedSimpleSkin((json) => (json.nodes[2].children = [1])))).toBe('nodes form a cycle: 1 → 2 → 1');
    expect(await refusal(editedSimpleSkin((json) => (json.nodes[2].children = [2])))).toBe("nodes form a cycle: node 2 'tip' is its own child");
    expect(await refusal(editedSimpleSkin((json) => (json.nodes[0].children = [2])))).toBe('node 2 is a child of both node 0 and node 1: nodes must form trees');
  });

  it('a truncated GLB, and data that runs past its buffer', async () => {
    const glb = simpleSkin().glb();
    expect(await refusal(glb.slice(0, glb.byteLength - 40))).toBe(`truncated GLB: its header says ${glb.byteLength} bytes, the file has ${glb.byteLength - 40}`);
    expect(await refusal(glb.slice(0, 10))).toBe('truncated GLB: 10 bytes, too few for a header and a chunk');
    // A GLB whose length field agrees with the cut, so only the BIN chunk is short.
    const cut = new Uint8Array(glb.slice(0, glb.byteLength - 40));
    new DataView(cut.buffer).setUint32(8, cut.length, true);
    expect(await refusal(cut.buffer)).toMatch(/^truncated GLB: chunk 1 needs bytes \d+–\d+, the file ends at \d+$/);
    expect(await refusal(editedSimpleSkin((json) => (json.accessors[0].count = 1000)))).toMatch(/^accessor 0: its 1000 elements need 12000 bytes of bufferView 0, which has 120$/);
    const data = simpleSkin().embeddedText().replace(/(base64,[A-Za-z0-9+/]{40})[^"]*"/, '$1"');
    expect(await refusal(text(data))).toMatch(/^truncated data: buffer 0 declares \d+ bytes, its data URI holds 30$/);
  });

  it('skins without skinning attributes, and external files a dropped file cannot bring', async () => {
    expect(await refusal(editedSimpleSkin((json) => delete json.meshes[0].primitives[0].attributes.WEIGHTS_0))).toBe(
      "mesh 0 'strip' primitive 0 (skinned by node 0 'strip') has no JOINTS_0 and WEIGHTS_0",
    );
    expect(await refusal(text(simpleSkin().embeddedText().replace(/"uri":"data:[^"]*"/, '"uri":"strip.bin"')))).toBe("buffer 0 refers to the external file 'strip.bin'");
    expect(await refusal(editedSimpleSkin((json) => (json.extensionsRequired = ['KHR_draco_mesh_compression'])))).toBe(
      'it requires the glTF extension KHR_draco_mesh_compression, which this page cannot decode',
    );
  });
});

describe('glTF import: what the core refuses in a skin is named as the file\'s problem', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('a singular inverse bind matrix: the page\'s message names the skin, the bone and the problem (before: "Rig: bone 1 …")', async () => {
    const shown: unknown[] = [];
    const loader = new ModelLoader([new GltfImporter(module)], {
      report: () => {},
      chooseSkin: () => Promise.resolve(null),
      showCharacter: (parts) => shown.push(parts),
      applyPose: () => '',
    });
    // importSkin takes it (its entries are finite); the core's rig refuses it.
    const glb = simpleSkinWithData('inverseBindMatrices', (m) => m.fill(0, 16, 32));
    expect(importSkin(await parseGltfModel(glb, { resourcePath: '', allowUri: refuseUris })).rig.bones).toHaveLength(2);
    expect(await loader.load({ name: 'singular.glb', bytes: glb })).toEqual({ ok: false, error: "Could not load 'singular.glb': skin 'SimpleSkin': bone 1 'tip': inverse bind matrix is singular" });
    expect(shown).toEqual([]);
  });
});
