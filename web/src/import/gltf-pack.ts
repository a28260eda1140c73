// A glTF file as one self-contained document: its JSON and a single binary
// buffer that holds every byte it refers to. A GLB's BIN chunk, buffers in
// data: URIs and buffers in files beside a .gltf are laid end to end (each
// bufferView re-pointed into the one buffer); images in data: URIs or files
// move into bufferViews of it, as a GLB holds them. Nothing is decoded or
// re-encoded, so images pass through byte for byte. The batch retarget tool
// (tools/retarget/) reads characters and motion files this way in Node,
// where GLTFLoader cannot fetch files, and writes its output from the same
// document. DOM-free: `readUri` reads a relative URI's bytes.
import { GltfFileError, readGltfContainer } from './glb-container.js';
import { checkGltfJson } from './gltf-json-check.js';

/** Part of a glTF document: whatever the file holds, beyond what the check covers. */
export type GltfDocument = Record<string, any>;

export interface PackedGltf {
  /** The glTF JSON: one buffer (the BIN), no URIs. */
  json: GltfDocument;
  /** The buffer's bytes, a multiple of 4 long. */
  bin: Uint8Array;
}

/** Reads the file a relative URI names (already percent-decoded); throws if it cannot. */
export type UriReader = (path: string, what: string) => Uint8Array;

const GLB_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;
// Buffers and images start on 4-byte boundaries, as GLB chunks and glTF accessors ask.
const ALIGN = 4;

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', ktx2: 'image/ktx2', avif: 'image/avif' };

/** The bytes and media type of a data: URI, or null for another URI. */
function dataUri(uri: string, what: string): { bytes: Uint8Array; type: string } | null {
  const match = /^data:([^,;]*)[^,]*?(;base64)?,(.*)$/s.exec(uri);
  if (!match) return null;
  try {
    const text = match[2] ? atob(match[3].replace(/\s/g, '')) : decodeURIComponent(match[3]);
    return { bytes: Uint8Array.from(text, (c) => c.charCodeAt(0)), type: match[1] };
  } catch {
    throw new GltfFileError(`${what}: its data URI does not decode`);
  }
}

/** The bytes of a URI: decoded from a data: URI, else read beside the file. */
function uriBytes(uri: string, what: string, readUri: UriReader): { bytes: Uint8Array; type: string } {
  const held = dataUri(uri, what);
  if (held) return held;
  let path: string;
  try {
    path = decodeURIComponent(uri);
  } catch {
    throw new GltfFileError(`${what}: its URI '${uri}' is not a valid URI`);
  }
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1].toLowerCase() ?? '';
  return { bytes: readUri(path, what), type: IMAGE_TYPES[extension] ?? '' };
}

/** The GLB's BIN chunk (chunk 1), which readGltfContainer found `binLength` bytes long. */
function glbBin(bytes: ArrayBuffer, binLength: number): Uint8Array {
  const jsonLength = new DataView(bytes).getUint32(GLB_HEADER_BYTES, true);
  const start = GLB_HEADER_BYTES + CHUNK_HEADER_BYTES + jsonLength + CHUNK_HEADER_BYTES;
  return new Uint8Array(bytes, start, binLength);
}

/** Appends byte arrays, each at a 4-byte boundary; returns where each starts. */
class BinWriter {
  private readonly parts: Uint8Array[] = [];
  length = 0;

  add(bytes: Uint8Array): number {
    const start = this.length;
    this.parts.push(bytes);
    this.length += bytes.length;
    const pad = (ALIGN - (this.length % ALIGN)) % ALIGN;
    if (pad > 0) this.parts.push(new Uint8Array(pad));
    this.length += pad;
    return start;
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

/** Checks a .glb or .gltf file and packs it with what it refers to; throws GltfFileError naming the problem. */
export function packGltf(bytes: ArrayBuffer, readUri: UriReader): PackedGltf {
  const container = readGltfContainer(bytes);
  checkGltfJson(container.json, container.binLength, () => null);
  const json = structuredClone(container.json) as GltfDocument;
  const bin = new BinWriter();

  const bufferStarts = (json.buffers ?? []).map((buffer: GltfDocument, b: number) => {
    const what = `buffer ${b}`;
    const held = buffer.uri === undefined ? glbBin(bytes, container.binLength!) : uriBytes(buffer.uri, what, readUri).bytes;
    if (held.length < buffer.byteLength) throw new GltfFileError(`${what} declares ${buffer.byteLength} bytes, its data holds ${held.length}`);
    return bin.add(held.subarray(0, buffer.byteLength));
  });
  for (const view of json.bufferViews ?? []) {
    view.byteOffset = (view.byteOffset ?? 0) + bufferStarts[view.buffer];
    view.buffer = 0;
  }
  (json.images ?? []).forEach((image: GltfDocument, i: number) => {
    if (typeof image.uri !== 'string') return;
    const { bytes: imageBytes, type } = uriBytes(image.uri, `image ${i}`, readUri);
    json.bufferViews ??= [];
    json.bufferViews.push({ buffer: 0, byteOffset: bin.add(imageBytes), byteLength: imageBytes.length });
    image.bufferView = json.bufferViews.length - 1;
    image.mimeType ??= type || 'image/png';
    delete image.uri;
  });
  const packed = bin.bytes();
  json.buffers = packed.length > 0 ? [{ byteLength: packed.length }] : [];
  return { json, bin: packed };
}

/** The document as GLB bytes: header, JSON chunk (padded with spaces), BIN chunk (when it has bytes). */
export function glbBytes({ json, bin }: PackedGltf): ArrayBuffer {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = Math.ceil(text.length / ALIGN) * ALIGN;
  const binChunk = bin.length > 0 ? CHUNK_HEADER_BYTES + bin.length : 0;
  const total = GLB_HEADER_BYTES + CHUNK_HEADER_BYTES + jsonLength + binChunk;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  if (binChunk > 0) {
    view.setUint32(20 + jsonLength, bin.length, true);
    view.setUint32(24 + jsonLength, 0x004e4942, true); // 'BIN\0'
    out.set(bin, 28 + jsonLength);
  }
  return out.buffer;
}
