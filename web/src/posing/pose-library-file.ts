// The user's pose library as a file (Export library… / Import library…):
//   { "format": "kin-pose-library", "version": 1,
//     "poses": [{ "id", "name", "category", "angles": { bone: [x, y, z] }, "rootOffset": [x, y, z] }] }
// angles in radians by Euler slot, by the default character's bone names.
// Reading one checks everything before anything is kept: a file that is not
// JSON, too large, of another format or version, or with an entry whose
// name, category, bone, angle or offset is wrong (a NaN, a bone the
// character has not, a '__proto__' key) is refused with a message naming the
// entry and the field; the library is left as it was.
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type LibraryPose, POSE_CATEGORIES, type PoseCategory } from './pose-library.js';

export const LIBRARY_FORMAT = 'kin-pose-library';
export const LIBRARY_VERSION = 1;
/** A library file's size at most: 2,000 poses of every bone take about 3 MB. */
export const MAX_LIBRARY_BYTES = 4 * 2 ** 20;
export const MAX_LIBRARY_POSES = 2000;
export const MAX_POSE_NAME = 80;
/** Angles beyond two turns, and offsets beyond 100 m, are no pose a person makes. */
const MAX_ANGLE = 4 * Math.PI;
const MAX_OFFSET = 100;

/** The file's text for the user's poses (the built-in ones are the page's own). */
export function libraryFileText(poses: readonly LibraryPose[]): string {
  const entries = poses.filter((pose) => !pose.builtIn).map(({ id, name, category, angles, rootOffset_ms }) => ({ id, name, category, angles, rootOffset: rootOffset_ms }));
  return JSON.stringify({ format: LIBRARY_FORMAT, version: LIBRARY_VERSION, poses: entries }, null, 1);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function triple(value: unknown, limit: number, where: string): Vec3Tuple {
  if (!Array.isArray(value) || value.length !== 3) throw new Error(`${where} must be 3 numbers`);
  value.forEach((v, k) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${where}[${k}] is ${typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v))}, not a finite number`);
    if (Math.abs(v) > limit) throw new Error(`${where}[${k}] = ${v} is beyond ±${limit}`);
  });
  return [value[0], value[1], value[2]];
}

/** A pose name as kept: trimmed, 1 to MAX_POSE_NAME characters; throws naming the problem. */
export function checkedPoseName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw new Error('a pose needs a name');
  const trimmed = name.trim();
  if ([...trimmed].length > MAX_POSE_NAME) throw new Error(`a pose's name has at most ${MAX_POSE_NAME} characters (this one ${[...trimmed].length})`);
  return trimmed;
}

/** The category, or throws naming the categories. */
export function checkedCategory(category: unknown): PoseCategory {
  if (!(POSE_CATEGORIES as readonly unknown[]).includes(category)) throw new Error(`the category ${JSON.stringify(category)} is not one of ${POSE_CATEGORIES.join(', ')}`);
  return category as PoseCategory;
}

/** One entry of a library (a file's, or the browser's store's), checked; throws naming the entry and its problem. */
export function checkedEntry(raw: unknown, index: number, knownBones: ReadonlySet<string>): LibraryPose {
  const label = isPlainObject(raw) && typeof raw.name === 'string' ? `pose ${index} ('${raw.name.slice(0, MAX_POSE_NAME)}')` : `pose ${index}`;
  try {
    if (!isPlainObject(raw)) throw new Error('is not an object');
    if (Object.hasOwn(raw, '__proto__')) throw new Error("has a '__proto__' key");
    if (typeof raw.id !== 'string' || !/^user:[A-Za-z0-9_-]{1,64}$/.test(raw.id)) throw new Error(`id ${JSON.stringify(raw.id)} is not 'user:' and 1–64 letters, digits, - or _`);
    const name = checkedPoseName(raw.name);
    const category = checkedCategory(raw.category);
    if (!isPlainObject(raw.angles)) throw new Error('angles must be an object of bone names');
    const angles: Record<string, Vec3Tuple> = Object.create(null);
    for (const bone of Object.keys(raw.angles)) {
      if (!knownBones.has(bone)) throw new Error(`angles: no bone named ${JSON.stringify(bone.slice(0, 64))} on the character`);
      angles[bone] = triple(raw.angles[bone], MAX_ANGLE, `angles.${bone}`);
    }
    if (Object.hasOwn(raw.angles, '__proto__')) throw new Error("angles has a '__proto__' key");
    const rootOffset_ms = triple(raw.rootOffset, MAX_OFFSET, 'rootOffset');
    return { id: raw.id, name, category, builtIn: false, angles, rootOffset_ms };
  } catch (error) {
    throw new Error(`${label}: ${(error as Error).message}`);
  }
}

/** The poses a library file holds, every one checked; throws naming the first problem. `knownBones`: the bone names a pose may set. */
export function parseLibraryFile(text: string, knownBones: readonly string[]): LibraryPose[] {
  if (text.length > MAX_LIBRARY_BYTES) throw new Error(`the file is ${text.length} characters, more than the ${MAX_LIBRARY_BYTES} a pose library may have`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`the file is not JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(json) || json.format !== LIBRARY_FORMAT) throw new Error(`the file is not a pose library (its format is not '${LIBRARY_FORMAT}')`);
  if (json.version !== LIBRARY_VERSION) throw new Error(`the file is a pose library of version ${JSON.stringify(json.version)}; this page reads version ${LIBRARY_VERSION}`);
  if (!Array.isArray(json.poses)) throw new Error('the file has no list of poses');
  if (json.poses.length > MAX_LIBRARY_POSES) throw new Error(`the file holds ${json.poses.length} poses, more than the ${MAX_LIBRARY_POSES} a library may have`);
  const bones = new Set(knownBones);
  const poses = json.poses.map((raw, index) => checkedEntry(raw, index, bones));
  const seen = new Set<string>();
  poses.forEach((pose, index) => {
    if (seen.has(pose.id)) throw new Error(`pose ${index} ('${pose.name}'): its id ${pose.id} is another pose's too`);
    seen.add(pose.id);
  });
  return poses;
}
