// The bone map file the batch tool is given (--map map.json), read from disk;
// its shape and how it goes over the automatic map are the page's too
// (web/src/rig/bone-map-entries.ts).
import { readFileSync } from 'node:fs';
import { type BoneMapEntries, MAX_BONE_MAP_BYTES, parseBoneMapEntries } from '../../web/src/rig/bone-map-entries.js';
import { errorMessage } from '../../web/src/text/error-message.js';

/** Reads and checks the map file's shape; throws naming the problem. */
export function readBoneMapFile(path: string): BoneMapEntries {
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > MAX_BONE_MAP_BYTES) throw new Error(`it is ${bytes.length} bytes, more than a bone map's ${MAX_BONE_MAP_BYTES}`);
    text = bytes.toString('utf8');
  } catch (error) {
    throw new Error(`the bone map '${path}' cannot be read: ${errorMessage(error)}`);
  }
  return parseBoneMapEntries(text, path);
}
