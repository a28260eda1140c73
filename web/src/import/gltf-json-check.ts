// Checks a glTF 2.0 document's structure before three.js's GLTFLoader builds
// anything from it. GLTFLoader trusts the file: an index out of range ends in
// a TypeError deep inside it, a cycle of nodes leaves its promises waiting on
// each other forever, an accessor past the end of its buffer in a RangeError.
// Here each of those is refused with a GltfFileError naming the element and
// the problem. The checks cover what the loader follows (scenes, nodes,
// meshes, skins, accessors, buffers, images, textures, materials, animations)
// and what skinning needs (joint and weight attributes, inverse binds); they
// stop short of validating the whole specification. Sizes a file may declare
// without holding the bytes (accessor counts, vertices, nodes, the depth of
// the node hierarchy) are capped as gltf-limits.ts says.
import { MAX_CLIP_NUMBERS } from '../animation/clip.js';
import { boneNameProblem, shownName } from '../text/shown-name.js';
import { GltfFileError } from './glb-container.js';
import { MAX_ACCESSOR_BYTES, MAX_ACCESSOR_COUNT, MAX_INFLUENCE_SETS, MAX_NAME_BYTES, MAX_NODES, MAX_SKIN_JOINTS, MAX_UNBACKED_BYTES, MAX_VERTICES } from './gltf-limits.js';
import { checkNodeTree } from './gltf-node-tree.js';

/** The parts of a glTF document that the importer reads after this check. */
export interface GltfJson {
  nodes?: { name?: string; mesh?: number; skin?: number }[];
  meshes?: { name?: string; primitives: { attributes: Record<string, number> }[] }[];
  skins?: { name?: string; joints: number[]; inverseBindMatrices?: number }[];
}

/**
 * Says whether the file may refer to an external resource (`what` names it,
 * e.g. "buffer 0"): null if it may, else why not.
 */
export type UriPolicy = (uri: string, what: string) => string | null;

type Json = Record<string, unknown>;

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_SIZES: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const UNSIGNED_BYTE = 5121;
const UNSIGNED_SHORT = 5123;
const FLOAT = 5126;
// Extensions GLTFLoader handles without extra decoders; a file that requires
// any other (Draco, meshopt, KTX2 textures) cannot load here.
const SUPPORTED_REQUIRED = /^(KHR_materials_\w+|KHR_texture_transform|KHR_mesh_quantization|KHR_lights_punctual)$/;
const TEXTURE_SLOTS = ['baseColorTexture', 'metallicRoughnessTexture', 'normalTexture', 'occlusionTexture', 'emissiveTexture'];

function fail(message: string): never {
  throw new GltfFileError(message);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document's array `key` (empty when absent); each entry must be an object. */
function list(json: Json, key: string): Json[] {
  const value = json[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isObject)) fail(`"${key}" is not an array of objects`);
  return value as Json[];
}

function label(entry: Json, kind: string, index: number): string {
  return typeof entry.name === 'string' && entry.name !== '' ? `${kind} ${index} '${shownName(entry.name)}'` : `${kind} ${index}`;
}

/** Whole numbers only (JSON has no integers of its own). */
function whole(value: unknown, min: number, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) fail(`${where} is not a whole number ≥ ${min}`);
  return value;
}

class Document {
  readonly nodes: Json[];
  readonly accessors: Json[];
  readonly bufferViews: Json[];
  readonly buffers: Json[];
  // Each array checked once: a reference is looked up in constant time (files have tens of thousands of them).
  private readonly lists = new Map<string, Json[]>();

  constructor(readonly json: Json) {
    this.nodes = this.list('nodes');
    this.accessors = this.list('accessors');
    this.bufferViews = this.list('bufferViews');
    this.buffers = this.list('buffers');
  }

  /** The document's array `key` (empty when absent); each entry must be an object. */
  list(key: string): Json[] {
    let entries = this.lists.get(key);
    if (entries === undefined) {
      entries = list(this.json, key);
      this.lists.set(key, entries);
    }
    return entries;
  }

  /** An index into the document's array `key`, which must exist. */
  ref(value: unknown, key: string, where: string): number {
    const count = this.list(key).length;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= count) {
      fail(`${where} refers to ${key.replace(/s$/, '')} ${JSON.stringify(value)}, but the file has ${count} ${key}`);
    }
    return value;
  }

  optionalRef(value: unknown, key: string, where: string): number | undefined {
    return value === undefined ? undefined : this.ref(value, key, where);
  }
}

function checkVersion(json: Json): void {
  const asset = json.asset;
  const version = isObject(asset) ? asset.version : undefined;
  if (typeof version !== 'string') fail('it has no asset.version: not a glTF 2.0 file');
  if (!/^2\./.test(version)) fail(`glTF version ${version}: only glTF 2.0 is supported`);
  const required = json.extensionsRequired ?? [];
  if (!Array.isArray(required)) fail('"extensionsRequired" is not an array');
  for (const name of required) {
    if (typeof name !== 'string' || !SUPPORTED_REQUIRED.test(name)) fail(`it requires the glTF extension ${String(name)}, which this page cannot decode`);
  }
}

/** Bytes a data: URI holds, or null for another URI. */
function dataUriBytes(uri: string): number | null {
  const match = /^data:[^,]*?(;base64)?,(.*)$/s.exec(uri);
  if (!match) return null;
  if (!match[1]) return decodeURIComponent(match[2]).length;
  const base64 = match[2].replace(/\s/g, '');
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

function checkBuffers(doc: Document, binLength: number | null, allowUri: UriPolicy): void {
  doc.buffers.forEach((buffer, b) => {
    const where = label(buffer, 'buffer', b);
    const declared = whole(buffer.byteLength, 1, `${where}: byteLength`);
    if (buffer.uri === undefined) {
      if (b !== 0 || binLength === null) fail(`${where} has no uri and the file has no GLB BIN chunk to stand for it`);
      if (declared > binLength) fail(`truncated GLB: ${where} declares ${declared} bytes, its BIN chunk holds ${binLength}`);
      return;
    }
    if (typeof buffer.uri !== 'string') fail(`${where}: uri is not a string`);
    const held = dataUriBytes(buffer.uri);
    if (held === null) {
      const refusal = allowUri(buffer.uri, where);
      if (refusal !== null) fail(refusal);
    } else if (held < declared) {
      fail(`truncated data: ${where} declares ${declared} bytes, its data URI holds ${held}`);
    }
  });
  doc.bufferViews.forEach((view, v) => {
    const where = label(view, 'bufferView', v);
    const b = doc.ref(view.buffer, 'buffers', where);
    const offset = view.byteOffset === undefined ? 0 : whole(view.byteOffset, 0, `${where}: byteOffset`);
    const length = whole(view.byteLength, 1, `${where}: byteLength`);
    const bufferLength = doc.buffers[b].byteLength as number;
    if (offset + length > bufferLength) fail(`${where}: bytes ${offset}–${offset + length} lie outside buffer ${b} (${bufferLength} bytes)`);
    if (view.byteStride !== undefined) whole(view.byteStride, 4, `${where}: byteStride`);
  });
}

/** Byte span of `count` elements of `elementBytes` each, `stride` apart. */
function span(count: number, elementBytes: number, stride: number): number {
  return (count - 1) * stride + elementBytes;
}

/** Bytes in MiB for a message. */
function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 0)} MiB`;
}

function checkAccessors(doc: Document): void {
  let unbacked = 0; // bytes of the accessors without a bufferView so far
  doc.accessors.forEach((accessor, a) => {
    const where = label(accessor, 'accessor', a);
    const componentBytes = COMPONENT_BYTES[accessor.componentType as number];
    if (componentBytes === undefined) fail(`${where}: componentType ${String(accessor.componentType)} is not a glTF component type`);
    const size = TYPE_SIZES[accessor.type as string];
    if (size === undefined) fail(`${where}: type ${String(accessor.type)} is not a glTF accessor type`);
    const count = whole(accessor.count, 1, `${where}: count`);
    if (count > MAX_ACCESSOR_COUNT) fail(`${where} declares ${count} elements; at most ${MAX_ACCESSOR_COUNT} per accessor are supported`);
    const elementBytes = componentBytes * size;
    const bytes = count * elementBytes;
    if (bytes > MAX_ACCESSOR_BYTES) {
      fail(`${where} declares ${count} ${String(accessor.type)} elements, ${mib(bytes)}; at most ${mib(MAX_ACCESSOR_BYTES)} per accessor are supported`);
    }
    const v = doc.optionalRef(accessor.bufferView, 'bufferViews', where);
    if (v === undefined) {
      unbacked += bytes;
      if (unbacked > MAX_UNBACKED_BYTES) {
        fail(`accessors without data (all zeros) declare ${mib(unbacked)} up to ${where}; at most ${mib(MAX_UNBACKED_BYTES)} in all are supported`);
      }
    } else {
      const view = doc.bufferViews[v];
      const offset = accessor.byteOffset === undefined ? 0 : whole(accessor.byteOffset, 0, `${where}: byteOffset`);
      const stride = (view.byteStride as number | undefined) ?? elementBytes;
      const end = offset + span(count, elementBytes, stride);
      if (end > (view.byteLength as number)) fail(`${where}: its ${count} elements need ${end} bytes of bufferView ${v}, which has ${String(view.byteLength)}`);
    }
    if (accessor.sparse !== undefined) checkSparse(doc, accessor.sparse, count, elementBytes, where);
  });
}

function checkSparse(doc: Document, sparse: unknown, count: number, elementBytes: number, where: string): void {
  if (!isObject(sparse) || !isObject(sparse.indices) || !isObject(sparse.values)) fail(`${where}: sparse is malformed`);
  const sparseCount = whole(sparse.count, 1, `${where}: sparse.count`);
  if (sparseCount > count) fail(`${where}: sparse.count ${sparseCount} exceeds count ${count}`);
  const indexBytes = COMPONENT_BYTES[sparse.indices.componentType as number] ?? fail(`${where}: sparse index type is not a glTF component type`);
  for (const [part, bytes] of [[sparse.indices, indexBytes], [sparse.values, elementBytes]] as const) {
    const v = doc.ref(part.bufferView, 'bufferViews', `${where} (sparse)`);
    const offset = part.byteOffset === undefined ? 0 : whole(part.byteOffset, 0, `${where}: sparse byteOffset`);
    if (offset + sparseCount * bytes > (doc.bufferViews[v].byteLength as number)) fail(`${where}: its sparse data runs past the end of bufferView ${v}`);
  }
}

/** Node references, transforms, and a tree: one parent per node, no cycles, not too many or too deep (gltf-limits.ts). */
function checkNodes(doc: Document): void {
  if (doc.nodes.length > MAX_NODES) fail(`it has ${doc.nodes.length} nodes; at most ${MAX_NODES} are supported`);
  const parent = new Int32Array(doc.nodes.length).fill(-1);
  doc.nodes.forEach((node, n) => {
    const named = typeof node.name === 'string' ? boneNameProblem(node.name, MAX_NAME_BYTES) : null; // a joint's name is a bone's
    if (named !== null) fail(`node ${n}: ${named}`);
    const where = label(node, 'node', n);
    doc.optionalRef(node.mesh, 'meshes', where);
    doc.optionalRef(node.skin, 'skins', where);
    doc.optionalRef(node.camera, 'cameras', where);
    for (const [key, length] of [['translation', 3], ['rotation', 4], ['scale', 3], ['matrix', 16]] as const) {
      const value = node[key];
      if (value === undefined) continue;
      if (!Array.isArray(value) || value.length !== length || !value.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        fail(`${where}: ${key} is not ${length} finite numbers`);
      }
    }
    const children = node.children ?? [];
    if (!Array.isArray(children)) fail(`${where}: children is not an array`);
    for (const child of children) {
      const c = doc.ref(child, 'nodes', `${where} (children)`);
      if (c === n) fail(`nodes form a cycle: ${where} is its own child`);
      if (parent[c] >= 0) fail(`node ${c} is a child of both node ${parent[c]} and node ${n}: nodes must form trees`);
      parent[c] = n;
    }
  });
  checkNodeTree(parent, (n) => label(doc.nodes[n], 'node', n));
  doc.list('scenes').forEach((scene, s) => {
    const roots = scene.nodes ?? [];
    if (!Array.isArray(roots)) fail(`${label(scene, 'scene', s)}: nodes is not an array`);
    for (const root of roots) doc.ref(root, 'nodes', label(scene, 'scene', s));
  });
  doc.optionalRef(doc.json.scene, 'scenes', 'the default scene');
}

/** Every attribute of a primitive has one entry per vertex (glTF says so; skinning reads them side by side). */
function checkAttributeCounts(doc: Document, attributes: Record<string, number>, at: string): number {
  const vertices = attributes.POSITION === undefined ? 0 : (doc.accessors[attributes.POSITION].count as number);
  if (vertices > MAX_VERTICES) fail(`${at}: its POSITION (accessor ${attributes.POSITION}) declares ${vertices} vertices; at most ${MAX_VERTICES} per primitive are supported`);
  for (const [name, accessor] of Object.entries(attributes)) {
    const count = doc.accessors[accessor].count as number;
    if (attributes.POSITION !== undefined && count !== vertices) fail(`${at}: ${name} has ${count} entries, but POSITION has ${vertices} vertices`);
  }
  return vertices;
}

function checkMeshes(doc: Document): void {
  let vertices = 0;
  doc.list('meshes').forEach((mesh, m) => {
    const where = label(mesh, 'mesh', m);
    const primitives = mesh.primitives;
    if (!Array.isArray(primitives) || primitives.length === 0 || !primitives.every(isObject)) fail(`${where} has no primitives`);
    primitives.forEach((primitive: Json, p) => {
      const at = `${where} primitive ${p}`;
      if (!isObject(primitive.attributes)) fail(`${at} has no attributes`);
      for (const [name, accessor] of Object.entries(primitive.attributes)) doc.ref(accessor, 'accessors', `${at} attribute ${name}`);
      vertices += checkAttributeCounts(doc, primitive.attributes as Record<string, number>, at);
      doc.optionalRef(primitive.indices, 'accessors', `${at} indices`);
      doc.optionalRef(primitive.material, 'materials', at);
      for (const target of (primitive.targets as unknown[] | undefined) ?? []) {
        if (!isObject(target)) fail(`${at}: a morph target is not an object`);
        for (const [name, accessor] of Object.entries(target)) doc.ref(accessor, 'accessors', `${at} morph target ${name}`);
      }
    });
  });
  if (vertices > MAX_VERTICES) fail(`its meshes declare ${vertices} vertices in all; at most ${MAX_VERTICES} are supported`);
}

function checkTexturesAndImages(doc: Document, allowUri: UriPolicy): void {
  doc.list('images').forEach((image, i) => {
    const where = label(image, 'image', i);
    if (typeof image.uri === 'string' && !image.uri.startsWith('data:')) {
      const refusal = allowUri(image.uri, where);
      if (refusal !== null) fail(refusal);
    }
    doc.optionalRef(image.bufferView, 'bufferViews', where);
  });
  doc.list('textures').forEach((texture, t) => {
    doc.optionalRef(texture.source, 'images', label(texture, 'texture', t));
    doc.optionalRef(texture.sampler, 'samplers', label(texture, 'texture', t));
  });
  doc.list('materials').forEach((material, m) => {
    const slots = { ...material, ...(isObject(material.pbrMetallicRoughness) ? material.pbrMetallicRoughness : {}) };
    for (const slot of TEXTURE_SLOTS) {
      const info = slots[slot];
      if (info !== undefined) doc.ref(isObject(info) ? info.index : undefined, 'textures', `${label(material, 'material', m)} ${slot}`);
    }
  });
}

function checkAnimations(doc: Document): void {
  doc.list('animations').forEach((animation, a) => {
    const where = label(animation, 'animation', a);
    const samplers = Array.isArray(animation.samplers) ? animation.samplers : fail(`${where} has no samplers`);
    for (const sampler of samplers) {
      if (!isObject(sampler)) fail(`${where}: a sampler is not an object`);
      doc.ref(sampler.input, 'accessors', `${where} sampler input`);
      doc.ref(sampler.output, 'accessors', `${where} sampler output`);
    }
    // What its channels' samplers hold, each sampler once (times and values): one clip's keys, bounded as a clip is.
    const used = new Set<number>();
    for (const channel of Array.isArray(animation.channels) ? animation.channels : fail(`${where} has no channels`)) {
      if (!isObject(channel) || !isObject(channel.target)) fail(`${where}: a channel is malformed`);
      if (typeof channel.sampler !== 'number' || !Number.isInteger(channel.sampler) || channel.sampler < 0 || channel.sampler >= samplers.length) {
        fail(`${where}: a channel refers to sampler ${String(channel.sampler)}, but it has ${samplers.length}`);
      }
      doc.optionalRef(channel.target.node, 'nodes', `${where} channel`);
      used.add(channel.sampler);
    }
    let numbers = 0;
    for (const s of used) {
      for (const index of [samplers[s].input, samplers[s].output]) {
        const accessor = doc.accessors[index];
        numbers += (accessor.count as number) * (TYPE_SIZES[accessor.type as string] ?? 1);
      }
    }
    if (numbers > MAX_CLIP_NUMBERS) fail(`${where} holds ${numbers} numbers of keys (times and values), more than the ${MAX_CLIP_NUMBERS} a clip may hold`);
  });
}

function accessorIs(doc: Document, index: number, types: readonly number[], normalizedInts: boolean, where: string): void {
  const accessor = doc.accessors[index];
  const type = accessor.componentType as number;
  if (accessor.type !== 'VEC4' || !types.includes(type)) fail(`${where} is not a VEC4 of the component types glTF allows for it`);
  if (normalizedInts && type !== FLOAT && accessor.normalized !== true) fail(`${where} holds integers that are not marked normalized`);
}

/** Skins and the skinned primitives: joints, inverse binds, up to two joint/weight sets. */
function checkSkins(doc: Document): void {
  const skins = doc.list('skins');
  skins.forEach((skin, s) => {
    const where = label(skin, 'skin', s);
    if (!Array.isArray(skin.joints) || skin.joints.length === 0) fail(`${where} has no joints`);
    if (skin.joints.length > MAX_SKIN_JOINTS) fail(`${where} has ${skin.joints.length} joints; at most ${MAX_SKIN_JOINTS} are supported`);
    const seen = new Set<number>();
    for (const joint of skin.joints) {
      const n = doc.ref(joint, 'nodes', `${where} (joints)`);
      if (seen.has(n)) fail(`${where} lists node ${n} as a joint twice`);
      seen.add(n);
    }
    doc.optionalRef(skin.skeleton, 'nodes', `${where} (skeleton)`);
    const ibm = doc.optionalRef(skin.inverseBindMatrices, 'accessors', `${where} (inverseBindMatrices)`);
    if (ibm !== undefined) {
      const accessor = doc.accessors[ibm];
      if (accessor.type !== 'MAT4' || accessor.componentType !== FLOAT) fail(`${where}: inverseBindMatrices is not float MAT4`);
      if ((accessor.count as number) < skin.joints.length) fail(`${where}: inverseBindMatrices holds ${String(accessor.count)} matrices for ${skin.joints.length} joints`);
    }
  });
  const meshes = doc.list('meshes');
  doc.nodes.forEach((node, n) => {
    if (node.skin === undefined) return;
    const where = label(node, 'node', n);
    if (node.mesh === undefined) fail(`${where} has a skin but no mesh`);
    (meshes[node.mesh as number].primitives as Json[]).forEach((primitive, p) => {
      const attributes = primitive.attributes as Record<string, number>;
      const at = `${label(meshes[node.mesh as number], 'mesh', node.mesh as number)} primitive ${p} (skinned by ${where})`;
      if (attributes.JOINTS_0 === undefined || attributes.WEIGHTS_0 === undefined) fail(`${at} has no JOINTS_0 and WEIGHTS_0`);
      // Sets of four, JOINTS_n with WEIGHTS_n, numbered from 0 without a gap (glTF 2.0, skinned mesh attributes).
      let sets = 0;
      for (; attributes[`JOINTS_${sets}`] !== undefined || attributes[`WEIGHTS_${sets}`] !== undefined; sets++) {
        if ((attributes[`JOINTS_${sets}`] === undefined) !== (attributes[`WEIGHTS_${sets}`] === undefined)) fail(`${at} has only one of JOINTS_${sets} and WEIGHTS_${sets}`);
        if (sets === MAX_INFLUENCE_SETS) fail(`${at} has more than ${4 * MAX_INFLUENCE_SETS} influences per vertex (JOINTS_${sets}); at most ${4 * MAX_INFLUENCE_SETS} are read`);
        accessorIs(doc, attributes[`JOINTS_${sets}`], [UNSIGNED_BYTE, UNSIGNED_SHORT], false, `${at} JOINTS_${sets}`);
        accessorIs(doc, attributes[`WEIGHTS_${sets}`], [UNSIGNED_BYTE, UNSIGNED_SHORT, FLOAT], true, `${at} WEIGHTS_${sets}`);
      }
      const beyond = Object.keys(attributes).find((name) => /^(JOINTS|WEIGHTS)_\d+$/.test(name) && Number(name.split('_')[1]) > sets);
      if (beyond !== undefined) fail(`${at} has ${beyond} but no ${beyond.replace(/\d+$/, String(sets))}`);
    });
  });
}

/**
 * Checks a parsed glTF JSON document (`binLength`: bytes in the GLB's BIN
 * chunk, or null); throws GltfFileError naming the first problem found.
 */
export function checkGltfJson(json: unknown, binLength: number | null, allowUri: UriPolicy): GltfJson {
  if (!isObject(json)) fail('its JSON is not a glTF document (not an object)');
  checkVersion(json);
  const doc = new Document(json);
  checkBuffers(doc, binLength, allowUri);
  checkAccessors(doc);
  checkNodes(doc);
  checkMeshes(doc);
  checkTexturesAndImages(doc, allowUri);
  checkAnimations(doc);
  checkSkins(doc);
  return json as GltfJson;
}
