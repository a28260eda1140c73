// A bone map the user gives the batch tool (--map map.json): a JSON object
// from target bone names to source bone names, or to null for a target bone
// left unmapped. Its entries replace what the automatic map (by bone roles)
// chose for those target bones; every other bone keeps its guess. The
// report names where each entry came from.
import { readFileSync } from 'node:fs';
import type { Rig } from '../../web/src/rig/rig.js';
import { shownName } from '../../web/src/text/shown-name.js';
import { errorMessage } from '../../web/src/text/error-message.js';

/** Target bone name → source bone name, or null: leave unmapped. */
export type BoneMapEntries = Readonly<Record<string, string | null>>;

/** Larger map files are not a bone map (a 4096-bone map is under 1 MB). */
const MAX_MAP_BYTES = 1 << 20;

/** Reads and checks the map file's shape (not its names: those are the rigs' to check); throws naming the problem. */
export function readBoneMapFile(path: string): BoneMapEntries {
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > MAX_MAP_BYTES) throw new Error(`it is ${bytes.length} bytes, more than a bone map's ${MAX_MAP_BYTES}`);
    text = bytes.toString('utf8');
  } catch (error) {
    throw new Error(`the bone map '${path}' cannot be read: ${errorMessage(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`the bone map '${path}' is not JSON (${errorMessage(error)})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`the bone map '${path}' is not a JSON object of target bone names`);
  for (const [target, source] of Object.entries(json)) {
    if (source !== null && typeof source !== 'string') throw new Error(`the bone map '${path}': '${shownName(target)}' maps to ${JSON.stringify(source)?.slice(0, 60)}, not a source bone name or null`);
  }
  return json as BoneMapEntries;
}

/** Where each target bone's source came from: the map file, or the roles (guessed). */
export type MapOrigin = 'given' | 'guessed';

/**
 * The automatic map `guessed` (per target bone: a source bone or -1) with the
 * entries put in; throws naming an entry whose bone is not on its rig.
 */
export function withEntries(guessed: Int32Array, entries: BoneMapEntries, source: Rig, target: Rig): { map: Int32Array; origins: MapOrigin[] } {
  const map = Int32Array.from(guessed);
  const origins: MapOrigin[] = Array.from(map, () => 'guessed');
  for (const [targetName, sourceName] of Object.entries(entries)) {
    const t = target.boneNames.indexOf(targetName);
    if (t < 0) throw new Error(`the bone map names target bone '${shownName(targetName)}', which the character does not have`);
    const s = sourceName === null ? -1 : source.boneNames.indexOf(sourceName);
    if (sourceName !== null && s < 0) throw new Error(`the bone map maps '${targetName}' to source bone '${shownName(sourceName)}', which the source does not have`);
    map[t] = s;
    origins[t] = 'given';
  }
  return { map, origins };
}
