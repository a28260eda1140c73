// A bone map by names, as a file holds it (map.json): a JSON object from
// target bone names to source bone names, or to null for a target bone left
// unmapped. The batch tool (--map) and the retarget dialog (Load map…, Save
// map…) read and write the same shape; entries go over the automatic map,
// and each target bone says where its source came from and, when guessed,
// which role or chain matched it.
import { shownName } from '../text/shown-name.js';
import { errorMessage } from '../text/error-message.js';
import { BONE_ROLES } from './retarget.js';
import type { Rig } from './rig.js';

/** Target bone name → source bone name, or null: leave unmapped. */
export type BoneMapEntries = Readonly<Record<string, string | null>>;

/** Where each target bone's source came from: the map file, or the automatic map (guessed). */
export type MapOrigin = 'given' | 'guessed';

/** Larger files are not a bone map (a 4096-bone map is under 1 MB). */
export const MAX_BONE_MAP_BYTES = 1 << 20;

/** Checks a map file's text and shape (not its names: those are the rigs' to check); throws naming the problem and `label`. */
export function parseBoneMapEntries(text: string, label: string): BoneMapEntries {
  if (text.length > MAX_BONE_MAP_BYTES) throw new Error(`the bone map '${label}' is ${text.length} characters, more than a bone map's ${MAX_BONE_MAP_BYTES}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`the bone map '${label}' is not JSON (${errorMessage(error)})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`the bone map '${label}' is not a JSON object of target bone names`);
  for (const [target, source] of Object.entries(json)) {
    if (source !== null && typeof source !== 'string') throw new Error(`the bone map '${label}': '${shownName(target)}' maps to ${JSON.stringify(source)?.slice(0, 60)}, not a source bone name or null`);
  }
  return json as BoneMapEntries;
}

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
    if (sourceName !== null && s < 0) throw new Error(`the bone map maps '${shownName(targetName)}' to source bone '${shownName(sourceName)}', which the source does not have`);
    map[t] = s;
    origins[t] = 'given';
  }
  return { map, origins };
}

/** The whole map by names (every target bone, null where unmapped): what Save map writes. */
export function boneMapEntries(map: Int32Array, source: Rig, target: Rig): BoneMapEntries {
  return Object.fromEntries(target.boneNames.map((name, t) => [name, map[t] >= 0 ? source.boneNames[map[t]] : null]));
}

/**
 * Why the automatic map chose each guessed target bone's source: the role
 * both bones play ('upper_arm_l', …), or the chain they were spread along by
 * their place in it ('spine chain': hips to chest; 'neck chain': neck to
 * head); null for a given, unmapped or unexplained entry.
 */
export function guessReasons(map: Int32Array, origins: readonly MapOrigin[], source: Rig, target: Rig): (string | null)[] {
  const sourceRoles = source.roleBones();
  const targetRoles = target.roleBones();
  const roleOf = (t: number) => targetRoles.indexOf(t);
  const neck = targetRoles[BONE_ROLES.indexOf('neck')];
  const underNeck = (t: number) => {
    for (let b = t; b >= 0; b = target.parents[b]) if (b === neck) return true;
    return false;
  };
  return Array.from(map, (s, t) => {
    if (origins[t] !== 'guessed' || s < 0) return null;
    const r = roleOf(t);
    if (r >= 0 && sourceRoles[r] === s) return BONE_ROLES[r];
    return underNeck(t) ? 'neck chain' : 'spine chain';
  });
}
