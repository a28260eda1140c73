// The outer layer of a glTF file, read before three.js's GLTFLoader sees it:
// a GLB container (12-byte header, then a JSON chunk and an optional BIN
// chunk) or glTF JSON text. GLTFLoader would read past the end of a
// truncated GLB into a RangeError that names nothing; here every framing
// problem becomes a GltfFileError saying what is wrong and where.

/** A problem with a user's glTF file; its message is meant for the page. */
export class GltfFileError extends Error {
  override name = 'GltfFileError';
}

export interface GltfContainer {
  /** The parsed glTF JSON (not yet checked beyond being JSON). */
  json: unknown;
  /** Bytes in the GLB's BIN chunk, or null for glTF JSON / a GLB without one. */
  binLength: number | null;
  /** The BIN chunk itself (a view into the file's bytes), or null as binLength is. */
  bin: Uint8Array | null;
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const GLB_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new GltfFileError(`its glTF JSON does not parse (${(error as Error).message})`);
  }
}

function readGlb(bytes: ArrayBuffer): GltfContainer {
  const view = new DataView(bytes);
  if (bytes.byteLength < GLB_HEADER_BYTES + CHUNK_HEADER_BYTES) {
    throw new GltfFileError(`truncated GLB: ${bytes.byteLength} bytes, too few for a header and a chunk`);
  }
  const version = view.getUint32(4, true);
  if (version !== 2) throw new GltfFileError(`GLB version ${version}: only glTF 2.0 is supported`);
  const declared = view.getUint32(8, true);
  if (declared > bytes.byteLength) {
    throw new GltfFileError(`truncated GLB: its header says ${declared} bytes, the file has ${bytes.byteLength}`);
  }
  let json: unknown;
  let bin: Uint8Array | null = null;
  for (let offset = GLB_HEADER_BYTES, chunk = 0; offset < declared; chunk++) {
    if (offset + CHUNK_HEADER_BYTES > declared) throw new GltfFileError(`truncated GLB: the header of chunk ${chunk} at byte ${offset} is cut off`);
    const length = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const start = offset + CHUNK_HEADER_BYTES;
    if (start + length > declared) {
      throw new GltfFileError(`truncated GLB: chunk ${chunk} needs bytes ${start}–${start + length}, the file ends at ${declared}`);
    }
    if (chunk === 0) {
      if (type !== CHUNK_JSON) throw new GltfFileError('the GLB does not start with a JSON chunk');
      let text: string;
      try {
        text = strictUtf8.decode(new Uint8Array(bytes, start, length));
      } catch {
        throw new GltfFileError('the GLB\'s JSON chunk is not UTF-8 text');
      }
      json = parseJson(text);
    } else if (chunk === 1 && type === CHUNK_BIN) {
      bin = new Uint8Array(bytes, start, length);
    }
    // Chunks of other types are to be ignored (glTF 2.0, GLB file format).
    offset = start + length;
  }
  return { json, binLength: bin ? bin.length : null, bin };
}

/** Reads a GLB or glTF JSON file; throws GltfFileError for anything else. */
export function readGltfContainer(bytes: ArrayBuffer): GltfContainer {
  if (bytes.byteLength >= 4 && new DataView(bytes).getUint32(0, true) === GLB_MAGIC) return readGlb(bytes);
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new GltfFileError('not a glTF file: neither a GLB (which starts with "glTF") nor glTF JSON text');
  }
  // JSON may start with a byte order mark and white space.
  if (!/^\uFEFF?\s*\{/.test(text)) throw new GltfFileError('not a glTF file: neither a GLB (which starts with "glTF") nor glTF JSON text');
  return { json: parseJson(text.replace(/^\uFEFF/, '')), binLength: null, bin: null };
}
