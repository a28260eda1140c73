// The page's glTF path (parseGltfModel) in Node, where nothing decodes an
// image: a textured file reads as GLTFLoader reads the same file without
// textures (its skins, meshes and weights), whether a GLB or glTF JSON text,
// and the meshes get three.js's default material. The command-line tools
// read their files by this path (parsePackedGltf).
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { hasFileMaterial, parseGltfModel, parsePackedGltf } from '../../web/src/import/gltf-model.js';
import { packGltf } from '../../web/src/import/gltf-pack.js';
import { texturedCapsule } from './textured-model.js';
import './node-loader-globals.js';

const noUris = (uri: string, what: string): string => `${what} names '${uri}'`;
const ATTRIBUTES = ['position', 'normal', 'uv', 'skinIndex', 'skinWeight'];

/** The capsule as three.js reads it with its materials' textures taken out (images unused, so never decoded). */
async function threeMeshWithoutTextures(): Promise<THREE.SkinnedMesh> {
  const builder = texturedCapsule();
  builder.json.materials = builder.json.materials.map(() => ({ pbrMetallicRoughness: { baseColorFactor: [1, 1, 1, 1] } }));
  delete builder.json.textures;
  const gltf = await new GLTFLoader().parseAsync(builder.glb(), '');
  let mesh: THREE.SkinnedMesh | null = null;
  gltf.scene.traverse((o) => (mesh ??= (o as THREE.SkinnedMesh).isSkinnedMesh ? (o as THREE.SkinnedMesh) : null));
  return mesh!;
}

describe('a textured glTF file in Node', () => {
  it('is what three.js alone cannot read here', async () => {
    expect((globalThis as { self?: unknown }).self).toBeUndefined();
    await expect(new GLTFLoader().parseAsync(texturedCapsule().glb(), '')).rejects.toThrow(/self is not defined/);
  });

  it.each([
    ['a GLB', () => parseGltfModel(texturedCapsule().glb(), { resourcePath: '', allowUri: noUris })],
    ['glTF JSON text', () => parseGltfModel(texturedCapsule().embedded(), { resourcePath: '', allowUri: () => null })],
    ['a packed document', () => parsePackedGltf(packGltf(texturedCapsule().glb(), () => new Uint8Array()))],
  ])('reads as %s, with the skin, mesh and weights three.js reads from it untextured', async (_, parse) => {
    const model = await parse();
    const reference = await threeMeshWithoutTextures();
    expect(model.skins).toHaveLength(1);
    const [mesh] = model.skins[0].meshes;
    expect(model.skins[0].skeleton.bones.map((bone) => bone.name)).toEqual(reference.skeleton.bones.map((bone) => bone.name));
    for (const name of ATTRIBUTES) {
      expect(Array.from(mesh.geometry.getAttribute(name).array), name).toEqual(Array.from(reference.geometry.getAttribute(name).array));
    }
    expect(hasFileMaterial(model, mesh)).toBe(false);
    // The file itself keeps its materials for whoever writes it out again.
    expect((model.json as { materials?: unknown[] }).materials).toHaveLength(1);
  });
});
