// The scene file (Save scene / Open scene): a zip holding scene.json — the
// format's name and version, then one field per section (scene-file-section.ts:
// the characters, props, contacts, camera, reference image) — and the bytes the
// sections keep beside it under files/ (a loaded character's or prop's file,
// the reference picture). Zip, through fflate, so that a person can open the
// file and see what it holds; the pictures and models inside go in stored
// (they are compressed already), the JSON deflated.
//
// Reading is for files from anyone: the container's size, the number of
// entries, each entry's declared size and their sum are bounded before
// anything is inflated (an inflated entry never grows past its declared size,
// so a zip bomb gets no further), only scene.json and files/… are allowed,
// and the JSON must name this format and a version this page reads.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { type Fields, integerAt, objectAt } from './file-fields.js';
import type { SceneFileBytes, SceneFileSink } from './scene-file-section.js';

export const SCENE_FORMAT = 'kin-scene';
export const SCENE_FILE_VERSION = 1;
export const SCENE_FILE_EXTENSION = '.kinscene';
/** A scene of eight characters from files, props and a picture stays well under this. */
export const MAX_SCENE_FILE_BYTES = 512 * 1024 * 1024;
const MAX_ENTRIES = 256;
const MAX_JSON_BYTES = 64 * 1024 * 1024;
const JSON_NAME = 'scene.json';
const FILES_FOLDER = 'files/';
const MAX_NAME_LENGTH = 200;

/** Collects the bytes the sections keep, each under a name of its own. */
export class SceneFileBytesSink implements SceneFileSink {
  readonly bytes = new Map<string, Uint8Array>();

  add(nameHint: string, bytes: Uint8Array): string {
    const safe = nameHint.replace(/[^\w.-]+/g, '_').slice(-80) || 'file';
    let name = `${FILES_FOLDER}${safe}`;
    for (let n = 2; this.bytes.has(name); n++) name = `${FILES_FOLDER}${n}-${safe}`;
    this.bytes.set(name, bytes);
    return name;
  }
}

/** The file for `sections` (each section's JSON under its key) and the bytes they keep. */
export function writeSceneFile(sections: Fields, bytes: SceneFileBytes): Uint8Array<ArrayBuffer> {
  const json = JSON.stringify({ format: SCENE_FORMAT, version: SCENE_FILE_VERSION, ...sections });
  const entries: Record<string, [Uint8Array, { level: 0 | 6 }]> = { [JSON_NAME]: [strToU8(json), { level: 6 }] };
  for (const [name, data] of bytes) entries[name] = [data, { level: 0 }];
  return zipSync(entries) as Uint8Array<ArrayBuffer>;
}

export interface SceneFileContents {
  /** scene.json's fields but format and version: one per section. */
  sections: Fields;
  bytes: SceneFileBytes;
}

/** Opens a scene file's container; throws naming what is wrong (nothing on the page is touched here). */
export function readSceneFile(file: Uint8Array): SceneFileContents {
  if (!(file instanceof Uint8Array)) throw new Error('a scene file is bytes (a Uint8Array or ArrayBuffer)');
  if (file.length > MAX_SCENE_FILE_BYTES) throw new Error(`the scene file is ${file.length} bytes, over ${MAX_SCENE_FILE_BYTES}`);
  let entries: Record<string, Uint8Array>;
  try {
    let count = 0;
    let total = 0;
    entries = unzipSync(file, {
      filter: ({ name, originalSize }) => {
        if (++count > MAX_ENTRIES) throw new Error(`it holds more than ${MAX_ENTRIES} files`);
        if (name !== JSON_NAME && !(name.startsWith(FILES_FOLDER) && name.length > FILES_FOLDER.length && name.length <= MAX_NAME_LENGTH && !name.slice(FILES_FOLDER.length).includes('/'))) {
          throw new Error(`it holds ${JSON.stringify(name.slice(0, MAX_NAME_LENGTH))}, which scene files do not have (only ${JSON_NAME} and ${FILES_FOLDER}…)`);
        }
        total += originalSize;
        if (originalSize > MAX_SCENE_FILE_BYTES || total > MAX_SCENE_FILE_BYTES) throw new Error(`its files unpack to more than ${MAX_SCENE_FILE_BYTES} bytes`);
        if (name === JSON_NAME && originalSize > MAX_JSON_BYTES) throw new Error(`its ${JSON_NAME} is ${originalSize} bytes, over ${MAX_JSON_BYTES}`);
        return true;
      },
    });
  } catch (error) {
    throw new Error(`this is not a scene file: ${error instanceof Error ? error.message : String(error)}`);
  }
  const json = entries[JSON_NAME];
  if (json === undefined) throw new Error(`this is not a scene file: it has no ${JSON_NAME}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(strFromU8(json));
  } catch (error) {
    throw new Error(`the scene file's ${JSON_NAME} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { format, version, ...sections } = objectAt(parsed, 'scene');
  if (format !== SCENE_FORMAT) throw new Error(`this is not a scene file: scene.format must be ${JSON.stringify(SCENE_FORMAT)} (it is ${JSON.stringify(format) ?? 'missing'})`);
  integerAt(version, 'scene.version', 1, Number.MAX_SAFE_INTEGER);
  if (version !== SCENE_FILE_VERSION) throw new Error(`this scene file is version ${String(version)}; this page reads version ${SCENE_FILE_VERSION} (a newer page wrote it)`);
  const bytes = new Map(Object.entries(entries).filter(([name]) => name !== JSON_NAME));
  return { sections, bytes };
}

/** The bytes a section's JSON names (`ref` at `path`); throws naming the field when the file has none by that name. */
export function bytesAt(bytes: SceneFileBytes, ref: unknown, path: string): Uint8Array {
  if (typeof ref !== 'string') throw new Error(`${path} must be the name of a file in the scene file (it is ${JSON.stringify(ref) ?? 'nothing'})`);
  const found = bytes.get(ref);
  if (found === undefined) throw new Error(`${path} names ${JSON.stringify(ref.slice(0, MAX_NAME_LENGTH))}, which the scene file does not hold`);
  return found;
}
