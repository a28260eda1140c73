// A glTF file as GLTFLoader may read it where images cannot be decoded.
// GLTFLoader decodes a texture's image through the browser (self.URL,
// createImageBitmap or an <img>), which Node lacks: there, a textured file
// would fail with "self is not defined". A rig, its skin's meshes and its
// animations need no material, so where nothing can decode an image
// GLTFLoader is handed a copy of the document without images, textures,
// samplers and materials (and without the material and texture extensions
// in its lists); its meshes get three.js's default material. The page and
// the command-line tools thus read a file by one path (gltf-model.ts).
import type { GltfContainer } from './glb-container.js';
import { type GltfDocument, glbBytes } from './gltf-pack.js';

const MATERIAL_EXTENSION = /^(KHR_materials_|KHR_texture_|EXT_texture_)/;
const MATERIAL_LISTS = ['images', 'textures', 'samplers', 'materials'] as const;

/** Whether GLTFLoader can turn an image into a texture here (a browser page or worker, or a test's stand-in). */
export function imagesDecodable(): boolean {
  const scope = globalThis as { self?: unknown; createImageBitmap?: unknown; document?: unknown };
  return scope.self !== undefined && (typeof scope.createImageBitmap === 'function' || scope.document !== undefined);
}

/** Whether the document has anything GLTFLoader would need a decoder for. */
export function hasMaterials(json: GltfDocument): boolean {
  return MATERIAL_LISTS.some((key) => Array.isArray(json[key]) && json[key].length > 0);
}

/** `json` without its materials and what they use (a copy). */
export function withoutMaterials(json: GltfDocument): GltfDocument {
  const copy = structuredClone(json);
  for (const key of MATERIAL_LISTS) delete copy[key];
  for (const mesh of copy.meshes ?? []) {
    for (const primitive of mesh.primitives ?? []) delete primitive.material;
  }
  for (const list of ['extensionsUsed', 'extensionsRequired']) {
    if (Array.isArray(copy[list])) copy[list] = copy[list].filter((name: string) => !MATERIAL_EXTENSION.test(name));
  }
  return copy;
}

/** The file (`container`, as read) again without its materials: a GLB with its BIN chunk, or glTF JSON text. */
export function imagelessFile(container: GltfContainer): ArrayBuffer {
  const json = withoutMaterials(container.json as GltfDocument);
  if (container.bin !== null) return glbBytes({ json, bin: container.bin });
  const text = new TextEncoder().encode(JSON.stringify(json));
  return text.buffer.slice(text.byteOffset, text.byteOffset + text.byteLength) as ArrayBuffer;
}
