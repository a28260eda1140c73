// A user's glTF/GLB file, checked (glb-container.ts, gltf-json-check.ts) and
// then parsed with three.js's GLTFLoader, with its skins listed: each skin
// that skins at least one triangle mesh, with the meshes it skins (a mesh
// with several primitives, or several meshes, may share one skin).
//
// GLTFLoader normalises WEIGHTS_0 in place (SkinnedMesh.normalizeSkinWeights,
// over the first four weights only), which would hide unnormalised weights
// and break vertices whose weights go on in WEIGHTS_1. A small loader plugin
// copies each skinned primitive's WEIGHTS_0 as the file has it, before any
// mesh is built; gltf-skin-influences.ts reads the weights from there.
// Where images cannot be decoded (Node: the command-line tools, the tests),
// GLTFLoader reads the file without its materials (gltf-imageless.ts).
import * as THREE from 'three';
import { type GLTF, GLTFLoader, type GLTFLoaderPlugin, type GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { GltfFileError, readGltfContainer } from './glb-container.js';
import { type GltfJson, type UriPolicy, checkGltfJson } from './gltf-json-check.js';
import { hasMaterials, imagelessFile, imagesDecodable } from './gltf-imageless.js';
import { copyVec4 } from './gltf-influences.js';
import { type PackedGltf, glbBytes } from './gltf-pack.js';

export interface GltfSkinEntry {
  /** Index in the file's skins. */
  index: number;
  /** The skin's name, or "skin <index>". */
  name: string;
  skeleton: THREE.Skeleton;
  /** The triangle meshes this skin deforms (one per primitive). */
  meshes: THREE.SkinnedMesh[];
}

export interface GltfModel {
  gltf: GLTF;
  json: GltfJson;
  /** The skins that deform at least one mesh, in file order. */
  skins: GltfSkinEntry[];
  /** Each skinned geometry's skinWeight attribute → WEIGHTS_0 as the file holds it (4 per vertex). */
  fileWeights: Map<THREE.BufferAttribute | THREE.InterleavedBufferAttribute, Float32Array>;
}

/** Where the file's external URIs (buffers, images) are read from, and which it may name. */
export interface GltfParseOptions {
  /** Base URL for the file's relative URIs ('' when `resolveUrl` maps them). */
  resourcePath: string;
  allowUri: UriPolicy;
  /** Maps each URL GLTFLoader is about to fetch to the one it fetches (default: itself). */
  resolveUrl?: (url: string) => string;
}

/**
 * A plugin that copies each skinned primitive's WEIGHTS_0 into `snapshots`
 * (keyed by the attribute GLTFLoader later puts in the geometry) before any
 * mesh is built, so before GLTFLoader normalises it.
 */
function weightCapture(json: GltfJson, snapshots: GltfModel['fileWeights']): (parser: GLTFParser) => GLTFLoaderPlugin {
  const accessors = new Set<number>();
  for (const node of json.nodes ?? []) {
    if (node.skin === undefined || node.mesh === undefined) continue;
    for (const primitive of json.meshes![node.mesh].primitives) accessors.add(primitive.attributes.WEIGHTS_0);
  }
  return (parser) => ({
    name: 'KIN_weights_as_in_the_file',
    beforeRoot: async () => {
      for (const index of accessors) {
        const attribute = (await parser.getDependency('accessor', index)) as THREE.BufferAttribute;
        snapshots.set(attribute, copyVec4(attribute));
      }
    },
  });
}

function parseWithThree(bytes: ArrayBuffer, options: GltfParseOptions, plugin: (parser: GLTFParser) => GLTFLoaderPlugin): Promise<GLTF> {
  const manager = new THREE.LoadingManager();
  if (options.resolveUrl) manager.setURLModifier(options.resolveUrl);
  return new GLTFLoader(manager).register(plugin).parseAsync(bytes, options.resourcePath).catch((error: unknown) => {
    throw new GltfFileError(`three.js's GLTFLoader could not read it (${error instanceof Error ? error.message : String(error)})`);
  });
}

/** Checks and parses a glTF/GLB file; throws GltfFileError naming the problem. */
export async function parseGltfModel(bytes: ArrayBuffer, options: GltfParseOptions): Promise<GltfModel> {
  const container = readGltfContainer(bytes);
  const json = checkGltfJson(container.json, container.binLength, options.allowUri);
  const fileWeights: GltfModel['fileWeights'] = new Map();
  const readable = imagesDecodable() || !hasMaterials(json) ? bytes : imagelessFile(container);
  const gltf = await parseWithThree(readable, options, weightCapture(json, fileWeights));

  const meshesBySkeleton = new Map<THREE.Skeleton, THREE.SkinnedMesh[]>();
  for (const scene of gltf.scenes) {
    scene.traverse((object) => {
      const mesh = object as THREE.SkinnedMesh;
      if (!mesh.isSkinnedMesh) return;
      const meshes = meshesBySkeleton.get(mesh.skeleton) ?? [];
      if (!meshes.includes(mesh)) meshes.push(mesh);
      meshesBySkeleton.set(mesh.skeleton, meshes);
    });
  }
  const skins: GltfSkinEntry[] = [];
  for (const [index, skin] of (json.skins ?? []).entries()) {
    const skeleton = (await gltf.parser.getDependency('skin', index)) as THREE.Skeleton;
    const meshes = meshesBySkeleton.get(skeleton);
    if (meshes) skins.push({ index, name: skin.name || `skin ${index}`, skeleton, meshes });
  }
  if (skins.length === 0) {
    throw new GltfFileError((json.skins ?? []).length === 0 ? 'it has no skin: nothing to pose' : 'none of its skins deforms a triangle mesh in its scenes: nothing to pose');
  }
  return { gltf, json, skins, fileWeights };
}

/** Parses a packed document (gltf-pack.ts: everything in its one buffer), as parseGltfModel a file. */
export function parsePackedGltf(packed: PackedGltf): Promise<GltfModel> {
  return parseGltfModel(glbBytes(packed), { resourcePath: '', allowUri: (uri, what) => `${what} names '${uri}', which a packed document cannot` });
}

/** Whether GLTFLoader gave `mesh` one of the file's materials (else its default one: the primitive names none). */
export function hasFileMaterial(model: GltfModel, mesh: THREE.Mesh): boolean {
  return !Array.isArray(mesh.material) && model.gltf.parser.associations.get(mesh.material)?.materials !== undefined;
}
