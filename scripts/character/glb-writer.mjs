// A minimal glTF 2.0 binary (GLB) writer: a 12-byte header, a JSON chunk and one BIN chunk.
// See the glTF 2.0 specification, section "Binary glTF Layout".

const GLB_MAGIC = 0x46546c67; // "glTF"
const GLB_VERSION = 2;
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"

const COMPONENT_TYPE = { UNSIGNED_SHORT: 5123, UNSIGNED_INT: 5125, FLOAT: 5126 };
export const BUFFER_TARGET = { ARRAY_BUFFER: 34962, ELEMENT_ARRAY_BUFFER: 34963 };

const COMPONENT_TYPE_OF = new Map([
  [Uint16Array, COMPONENT_TYPE.UNSIGNED_SHORT],
  [Uint32Array, COMPONENT_TYPE.UNSIGNED_INT],
  [Float32Array, COMPONENT_TYPE.FLOAT],
]);
const COMPONENT_COUNT = { SCALAR: 1, VEC3: 3, VEC4: 4, MAT4: 16 };

const padTo4 = (length) => (length + 3) & ~3;

// Collects typed arrays into the one binary buffer of a GLB and describes each as a buffer
// view plus an accessor of the document's JSON.
export class GlbBuffer {
  constructor() {
    this.parts = [];
    this.byteLength = 0;
    this.bufferViews = [];
    this.accessors = [];
  }

  // Appends `data` (Uint16Array, Uint32Array or Float32Array) read as `type` ("SCALAR", "VEC3",
  // "VEC4", "MAT4"); `extra` adds accessor fields such as min and max. Returns the accessor
  // index.
  addAccessor(data, type, target, extra = {}) {
    const componentType = COMPONENT_TYPE_OF.get(data.constructor);
    if (componentType === undefined) throw new Error(`GLB: unsupported array type ${data.constructor.name}`);
    if (data.length % COMPONENT_COUNT[type] !== 0) throw new Error(`GLB: ${data.length} components do not make whole ${type}s`);
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const bufferView = { buffer: 0, byteOffset: this.byteLength, byteLength: bytes.length };
    if (target !== undefined) bufferView.target = target;
    this.bufferViews.push(bufferView);
    this.parts.push(bytes);
    // Every view starts 4-byte aligned, as accessors of 4-byte components require.
    this.byteLength = padTo4(this.byteLength + bytes.length);
    this.accessors.push({ bufferView: this.bufferViews.length - 1, componentType, count: data.length / COMPONENT_COUNT[type], type, ...extra });
    return this.accessors.length - 1;
  }

  // The buffer's bytes, each view at its offset, padding zero-filled.
  bytes() {
    const out = new Uint8Array(this.byteLength);
    this.parts.forEach((part, i) => out.set(part, this.bufferViews[i].byteOffset));
    return out;
  }
}

// Serializes `json` (a glTF document whose buffers[0] is the BIN chunk) and `bin` into a GLB.
export function writeGlb(json, bin) {
  // The JSON chunk is padded with spaces and the BIN chunk with zeros to a multiple of 4.
  const jsonText = JSON.stringify(json);
  const jsonBytes = new TextEncoder().encode(jsonText);
  const jsonLength = padTo4(jsonBytes.length);
  const binLength = padTo4(bin.length);
  const totalLength = 12 + 8 + jsonLength + 8 + binLength;

  const out = new Uint8Array(totalLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, GLB_VERSION, true);
  view.setUint32(8, totalLength, true);

  view.setUint32(12, jsonLength, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.set(jsonBytes, 20);
  out.fill(0x20, 20 + jsonBytes.length, 20 + jsonLength);

  const binStart = 20 + jsonLength;
  view.setUint32(binStart, binLength, true);
  view.setUint32(binStart + 4, CHUNK_BIN, true);
  out.set(bin, binStart + 8);
  return out;
}
