// A glTF file on disk as a packed document (import/gltf-pack.ts): a .glb, or
// a .gltf whose relative URIs (buffers, images) name files beside it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type PackedGltf, packGltf } from '../../web/src/import/gltf-pack.js';
import { errorMessage } from '../../web/src/text/error-message.js';

/** Packs the bytes of the file at `path`; throws naming the problem (a URI that cannot be read names it). */
export function packGltfFile(path: string, bytes: Uint8Array): PackedGltf {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return packGltf(buffer, (relative, what) => {
    try {
      return new Uint8Array(readFileSync(join(dirname(path), relative)));
    } catch (error) {
      throw new Error(`${what} names '${relative}', which cannot be read (${(error as NodeJS.ErrnoException).code ?? errorMessage(error)})`);
    }
  });
}
