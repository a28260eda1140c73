// A .gltf handed over with its .bin and images (companion-files.ts), in
// Node: its relative URIs resolve to those files by name; a missing one is
// refused before parsing with a message naming it and what refers to it;
// nothing but blob: URLs made for the companions is fetched, and every one
// is revoked. The reference for what was read is three.js's GLTFLoader
// reading the same model as a GLB (its data and images in the BIN chunk).
import { PNG } from 'pngjs';
import * as THREE from 'three';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CompanionFiles, companionName } from '../../web/src/import/companion-files.js';
import { GltfImporter } from '../../web/src/import/gltf-importer.js';
import { type GltfModel, parseGltfModel } from '../../web/src/import/gltf-model.js';
import type { CharacterParts } from '../../web/src/import/character-parts.js';
import { ModelLoader } from '../../web/src/import/model-loader.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import type { NamedBytes } from './gltf-builder.js';
import { simpleSkin } from './gltf-fixtures.js';
import { type StubBitmap, stubImageBitmaps } from './node-loader-globals.js';
import { CHECKER_COLORS, texturedCapsule } from './textured-model.js';

stubImageBitmaps();

function companionsOf(files: readonly NamedBytes[]): Map<string, ArrayBuffer> {
  return new Map(files.map((file) => [file.name, file.bytes]));
}

/** Parses the first file with the others as its companions, revoking the blob: URLs after, as the importer does. */
async function parseWithCompanions([main, ...others]: readonly NamedBytes[]): Promise<GltfModel> {
  const companions = new CompanionFiles(main.name, companionsOf(others));
  try {
    return await parseGltfModel(main.bytes, companions);
  } finally {
    companions.revoke();
  }
}

function material(model: GltfModel): THREE.MeshStandardMaterial {
  return model.skins[0].meshes[0].material as THREE.MeshStandardMaterial;
}

/** The bytes GLTFLoader fetched for a texture (the stub keeps them undecoded). */
function textureBytes(texture: THREE.Texture | null): Uint8Array {
  expect(texture).not.toBeNull();
  return (texture!.image as StubBitmap).bytes;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('companion files: the names a .gltf refers to', () => {
  it('a URI names the file of its last path segment, percent-decoded, in NFC', () => {
    expect(companionName('scene.bin')).toBe('scene.bin');
    expect(companionName('./textures/Skin%20Colour.png')).toBe('Skin Colour.png');
    expect(companionName('a/b/c.png?v=2#x')).toBe('c.png');
    expect(companionName('100%.bin')).toBe('100%.bin');
    // "é" as e + combining acute (as macOS names files) and as one code point are one name.
    expect(companionName('caf%65%CC%81.png')).toBe('caf\u00e9.png');
  });

  it('refuses a URI naming no file handed over, naming the file and what refers to it, and any absolute URL', () => {
    const files = new CompanionFiles('scene.gltf', new Map([['scene.bin', new ArrayBuffer(4)], ['Skin Colour.png', new ArrayBuffer(4)]]));
    expect(files.allowUri('scene.bin', 'buffer 0')).toBeNull();
    expect(files.allowUri('textures/Skin%20Colour.png', 'image 0')).toBeNull();
    expect(files.allowUri('scene1.bin', 'buffer 1')).toBe("'scene.gltf' needs 'scene1.bin' (buffer 1): drop it together with the .gltf");
    expect(new CompanionFiles('robot.GLB', new Map()).allowUri('eyes.png', "image 2 'eyes'")).toBe("'robot.GLB' needs 'eyes.png' (image 2 'eyes'): drop it together with the .glb");
    for (const uri of ['https://example.com/scene.bin', '//example.com/scene.bin', 'file:///home/me/scene.bin']) {
      expect(files.allowUri(uri, 'buffer 0')).toBe(`'scene.gltf' refers to '${uri}' (buffer 0), outside the files handed over with it; the page fetches nothing else`);
    }
  });
});

describe('companion files: parsing a .gltf with its .bin and images', () => {
  it('reads the buffer and every image from the files handed over, as GLTFLoader reads them from a GLB', async () => {
    const files = texturedCapsule().separateFiles('capsule');
    expect(files.map((file) => file.name)).toEqual(['capsule.gltf', 'capsule.bin', 'capsule-metal-rough.png', 'capsule-color.png', 'capsule-normal.png']);
    const fetched: string[] = [];
    const fetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      // three.js's FileLoader fetches a Request, ImageBitmapLoader a URL string.
      fetched.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    });
    const created: string[] = [];
    const createObjectURL = URL.createObjectURL;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = createObjectURL(blob);
      created.push(url);
      return url;
    });
    const revoked: string[] = [];
    const revokeObjectURL = URL.revokeObjectURL;
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
      revoked.push(url);
      revokeObjectURL(url);
    });

    const separate = await parseWithCompanions(files);
    // One blob: URL per companion, each fetched once, all revoked; nothing else fetched.
    expect(created).toHaveLength(4);
    expect(fetched.sort()).toEqual([...created].sort());
    expect(revoked.sort()).toEqual([...created].sort());

    const glb = await parseGltfModel(texturedCapsule().glb(), { resourcePath: '', allowUri: () => 'a GLB of this fixture refers to nothing' });
    const [ours, reference] = [separate, glb].map((model) => model.skins[0].meshes[0].geometry);
    for (const name of ['position', 'normal', 'uv', 'skinIndex', 'skinWeight']) {
      expect(Array.from(ours.getAttribute(name).array), name).toEqual(Array.from(reference.getAttribute(name).array));
    }
    const png = companionsOf(files);
    const slots = [
      ['map', 'capsule-color.png'],
      ['normalMap', 'capsule-normal.png'],
      ['metalnessMap', 'capsule-metal-rough.png'],
      ['roughnessMap', 'capsule-metal-rough.png'],
    ] as const;
    for (const [slot, name] of slots) {
      expect(textureBytes(material(separate)[slot]), slot).toEqual(new Uint8Array(png.get(name)!));
      expect(textureBytes(material(separate)[slot]), slot).toEqual(textureBytes(material(glb)[slot]));
    }
    expect(material(separate).map!.colorSpace).toBe(THREE.SRGBColorSpace);
    // And they are the fixture's images: the colour map's first texel is the checker's first colour.
    expect(Array.from(PNG.sync.read(Buffer.from(textureBytes(material(separate).map))).data.subarray(0, 4))).toEqual(CHECKER_COLORS[0]);
  });

  it('refuses a missing companion or an absolute URL before fetching anything', async () => {
    const [gltf, bin, ...images] = texturedCapsule().separateFiles('capsule');
    const fetch = vi.spyOn(globalThis, 'fetch');
    await expect(parseWithCompanions([gltf, ...images])).rejects.toThrow("'capsule.gltf' needs 'capsule.bin' (buffer 0): drop it together with the .gltf");
    await expect(parseWithCompanions([gltf, bin, images[0], images[2]])).rejects.toThrow(
      "'capsule.gltf' needs 'capsule-color.png' (image 1 'capsule-color.png'): drop it together with the .gltf",
    );
    const elsewhere = { name: gltf.name, bytes: new TextEncoder().encode(new TextDecoder().decode(gltf.bytes).replace('"capsule.bin"', '"https://example.com/capsule.bin"')).buffer as ArrayBuffer };
    await expect(parseWithCompanions([elsewhere, bin, ...images])).rejects.toThrow(
      "'capsule.gltf' refers to 'https://example.com/capsule.bin' (buffer 0), outside the files handed over with it; the page fetches nothing else",
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('companion files: files picked or dropped together, through the model loader', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  function loader(shown: CharacterParts[]): ModelLoader {
    return new ModelLoader([new GltfImporter(module)], {
      report: () => {},
      chooseSkin: () => Promise.resolve(null),
      showCharacter: (parts) => shown.push(parts),
      applyPose: () => '',
    });
  }

  const asFiles = (files: readonly NamedBytes[]): File[] => files.map(({ name, bytes }) => new File([bytes], name));

  it('loads a .gltf from its companions in any order; its material is its own, a mesh without one is in the page look', async () => {
    const shown: CharacterParts[] = [];
    const [gltf, ...others] = texturedCapsule().separateFiles('capsule');
    const outcome = await loader(shown).load(asFiles([...others.reverse(), gltf]));
    expect(outcome).toEqual({ ok: true, kind: 'character', summary: "Loaded 'capsule.gltf': skin 'Capsule', 4 joints, 4 influences per vertex." });
    const strip = await loader(shown).load(asFiles(simpleSkin().separateFiles('strip')));
    expect(strip.ok).toBe(true);
    expect(shown.map((parts) => parts.meshes.map((mesh) => mesh.material))).toEqual([['own'], ['page-look']]);
    for (const parts of shown) parts.rig.dispose();
  });

  it('a .gltf without its .bin says which file is missing and shows nothing', async () => {
    const shown: CharacterParts[] = [];
    const [gltf] = simpleSkin().separateFiles('strip');
    const outcome = await loader(shown).load(asFiles([gltf]));
    expect(outcome).toEqual({ ok: false, error: "Could not load 'strip.gltf': 'strip.gltf' needs 'strip.bin' (buffer 0): drop it together with the .gltf" });
    expect(shown).toEqual([]);
  });
});
