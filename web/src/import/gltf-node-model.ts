// parseGltfModel (gltf-model.ts) for Node, on a packed document
// (gltf-pack.ts). three.js's GLTFLoader decodes a texture's image through
// the browser (self.URL, createImageBitmap or an <img>), which Node lacks:
// a textured file fails with "self is not defined". A rig, its skin's meshes
// and its animations need no material, so GLTFLoader is handed a copy of
// the document without images, textures, samplers and materials (and
// without the material and texture extensions in its lists); its meshes get
// three.js's default material. The packed document itself keeps them, for
// whoever writes it out again.
import type { GltfModel } from './gltf-model.js';
import { parseGltfModel } from './gltf-model.js';
import { type GltfDocument, type PackedGltf, glbBytes } from './gltf-pack.js';

const MATERIAL_EXTENSION = /^(KHR_materials_|KHR_texture_|EXT_texture_)/;

function withoutMaterials(json: GltfDocument): GltfDocument {
  const copy = structuredClone(json);
  for (const key of ['images', 'textures', 'samplers', 'materials']) delete copy[key];
  for (const mesh of copy.meshes ?? []) {
    for (const primitive of mesh.primitives ?? []) delete primitive.material;
  }
  for (const list of ['extensionsUsed', 'extensionsRequired']) {
    if (Array.isArray(copy[list])) copy[list] = copy[list].filter((name: string) => !MATERIAL_EXTENSION.test(name));
  }
  return copy;
}

/** Parses the packed document's skins, meshes and animations (no materials); throws GltfFileError naming the problem. */
export function parseGltfModelWithoutImages(packed: PackedGltf): Promise<GltfModel> {
  const bytes = glbBytes({ json: withoutMaterials(packed.json), bin: packed.bin });
  return parseGltfModel(bytes, { resourcePath: '', allowUri: (uri, what) => `${what} names '${uri}', which a packed document cannot` });
}
