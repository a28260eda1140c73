// The characters' section of a scene file: each character's id, name, flags,
// where it stands, what it is — the default one, a lesson's rig, or a user's
// file with its bytes (so that the scene opens where the file is not) — its
// session state (pose, goals, solver, proportions: pose-state-file.ts) and
// its clip; which one is active; the orbit view. Opening makes every
// character anew, off the scene, and poses it there: only when all of them
// and every other section have passed is the scene replaced.
import type { BuiltInCharacters } from '../import/built-in-characters.js';
import type { CharacterParts } from '../import/character-parts.js';
import type { ImportFiles, ImportOptions } from '../import/importer.js';
import type { ModelLoader } from '../import/model-loader.js';
import { isLessonId } from '../lessons/lessons.js';
import { capturePoseState } from '../posing/pose-state.js';
import { type SessionState, clipAt, placeSessionState, sessionStateAt, sessionStateJson, sessionStateOf } from '../posing/pose-state-file.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { MAX_CHARACTER_NAME_BYTES } from '../posing/character-source.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type CharacterTransform, checkTransform } from '../scene/character-transform.js';
import { type Fields, arrayAt, booleanAt, integerAt, numberAt, numbersAt, objectAt, oneOfAt, stringAt } from '../scene/file-fields.js';
import { bytesAt } from '../scene/scene-file.js';
import type { SceneFileBytes, SceneFileSink } from '../scene/scene-file-section.js';
import { MAX_CHARACTERS } from '../scene/scene.js';
import { nameProblem } from '../text/name-problem.js';
import type { PreparedCharacter, SceneCharacterRecord } from './page-characters.js';

type SourceRecord =
  | { kind: 'default' }
  | { kind: 'lesson'; id: string }
  | { kind: 'file'; files: ImportFiles; options: ImportOptions };

interface CharacterRecord extends SceneCharacterRecord {
  source: SourceRecord;
  state: SessionState;
}

export interface CharactersState {
  list: CharacterRecord[];
  /** The active character's index in the list. */
  active: number;
  /** The orbit view, in the active character's model space (as kin.setCamera takes it). */
  view: { position: Vec3Tuple; target: Vec3Tuple };
}

/** What the section needs of the page's characters (PageCharacters: their meshes, where they are drawn). */
export interface SceneCharacterHost {
  prepare(parts: CharacterParts): PreparedCharacter;
  discard(prepared: PreparedCharacter): void;
  replaceScene(prepared: readonly PreparedCharacter[], records: readonly SceneCharacterRecord[], active: number): void;
  of(id: number): { readonly parts: CharacterParts };
}

/** What the section needs of the page. */
export interface CharactersPage {
  editor: PoseEditor;
  characters: SceneCharacterHost;
  builtIns: BuiltInCharacters;
  loader: ModelLoader;
  camera(): { position: Vec3Tuple; target: Vec3Tuple };
  setCamera(position: Vec3Tuple, target: Vec3Tuple): void;
}

const CHARACTER_FIELDS = ['id', 'name', 'hidden', 'locked', 'transform', 'source', 'state', 'clip'] as const;
const MAX_COMPANIONS = 64;

function sourceJson(parts: CharacterParts, name: string, sink: SceneFileSink): Fields {
  const { source } = parts.info;
  if (source.kind === 'default') return { kind: 'default' };
  if (source.kind === 'lesson') return { kind: 'lesson', id: source.id };
  const files = parts.loadedFrom;
  if (files === undefined) throw new Error(`${name} came from a file the page does not keep; load it again to save it in a scene`);
  return {
    kind: 'file',
    name: files.main.name,
    file: sink.add(files.main.name, new Uint8Array(files.main.bytes)),
    companions: [...files.companions].map(([companion, bytes]) => ({ name: companion, file: sink.add(companion, new Uint8Array(bytes)) })),
    skin: source.skin,
    ...(parts.metresPerUnit === undefined ? {} : { metresPerUnit: parts.metresPerUnit }),
  };
}

/** The section's JSON for the scene on the page. */
export function saveCharacters(page: CharactersPage, sink: SceneFileSink): Fields {
  const { editor, characters } = page;
  const { scene } = editor;
  const active = scene.active;
  const list = scene.characters.map((character) => {
    const shown = characters.of(character.id);
    const state = sessionStateOf(character.session, capturePoseState(character));
    return {
      id: character.id,
      name: character.name,
      hidden: character.hidden,
      locked: character.locked,
      transform: { ...character.transform },
      source: sourceJson(shown.parts, character.name, sink),
      state: sessionStateJson(state),
      clip: character.clip,
    };
  });
  const view = page.camera();
  return { active: scene.characters.indexOf(active), list, view: { position: view.position, target: view.target } };
}

function transformAt(value: unknown, path: string): CharacterTransform {
  const t = objectAt(value, path, ['x', 'z', 'heading']);
  const transform = { x: numberAt(t.x, `${path}.x`), z: numberAt(t.z, `${path}.z`), heading: numberAt(t.heading, `${path}.heading`) };
  checkTransform(transform, path);
  return transform;
}

function sourceAt(value: unknown, path: string, bytes: SceneFileBytes): SourceRecord {
  const kind = oneOfAt(objectAt(value, path).kind, `${path}.kind`, ['default', 'lesson', 'file'] as const);
  if (kind === 'default') {
    objectAt(value, path, ['kind']);
    return { kind };
  }
  if (kind === 'lesson') {
    const s = objectAt(value, path, ['kind', 'id']);
    const id = stringAt(s.id, `${path}.id`, 64);
    if (!isLessonId(id)) throw new Error(`${path}.id: this page has no lesson ${JSON.stringify(id)}`);
    return { kind, id };
  }
  const s = objectAt(value, path, ['kind', 'name', 'file', 'companions', 'skin', 'metresPerUnit']);
  const name = stringAt(s.name, `${path}.name`, 256);
  const problem = nameProblem(name, `${path}.name`, MAX_CHARACTER_NAME_BYTES);
  if (problem !== null) throw new Error(problem);
  const buffer = (data: Uint8Array): ArrayBuffer => data.slice().buffer;
  const companions = new Map(arrayAt(s.companions, `${path}.companions`, MAX_COMPANIONS).map((companion, i) => {
    const c = objectAt(companion, `${path}.companions[${i}]`, ['name', 'file']);
    return [stringAt(c.name, `${path}.companions[${i}].name`, 256), buffer(bytesAt(bytes, c.file, `${path}.companions[${i}].file`))] as const;
  }));
  const options: ImportOptions = { skin: integerAt(s.skin, `${path}.skin`, 0, 65535) };
  if (s.metresPerUnit !== undefined) options.metresPerUnit = numberAt(s.metresPerUnit, `${path}.metresPerUnit`, Number.MIN_VALUE, 1e6);
  return { kind, files: { main: { name, bytes: buffer(bytesAt(bytes, s.file, `${path}.file`)), uris: { kind: 'companions' } }, companions }, options };
}

/** The section checked field by field (what only a rig can judge is judged when the characters are made). */
export function checkCharacters(value: unknown, path: string, bytes: SceneFileBytes): CharactersState {
  const c = objectAt(value, path, ['active', 'list', 'view']);
  const raw = arrayAt(c.list, `${path}.list`, MAX_CHARACTERS);
  if (raw.length === 0) throw new Error(`${path}.list must hold at least one character`);
  const names = new Set<string>();
  const ids = new Set<number>();
  const list = raw.map((item, k): CharacterRecord => {
    const at = `${path}.list[${k}]`;
    const r = objectAt(item, at, CHARACTER_FIELDS);
    const id = integerAt(r.id, `${at}.id`, 1, Number.MAX_SAFE_INTEGER);
    if (ids.has(id)) throw new Error(`${at}.id: another character has id ${id}`);
    ids.add(id);
    const name = stringAt(r.name, `${at}.name`, 256);
    const problem = nameProblem(name, `${at}.name`, MAX_CHARACTER_NAME_BYTES);
    if (problem !== null) throw new Error(problem);
    if (names.has(name)) throw new Error(`${at}.name: another character is called ${JSON.stringify(name)}`);
    names.add(name);
    const state = sessionStateAt(r.state, `${at}.state`);
    state.clip = clipAt(r.clip, `${at}.clip`);
    return {
      id,
      name,
      hidden: booleanAt(r.hidden, `${at}.hidden`),
      locked: booleanAt(r.locked, `${at}.locked`),
      transform: transformAt(r.transform, `${at}.transform`),
      source: sourceAt(r.source, `${at}.source`, bytes),
      state,
      clip: state.clip,
      solverOptions: state.solverOptions,
    };
  });
  const active = integerAt(c.active, `${path}.active`, 0, list.length - 1);
  if (list[active].locked) throw new Error(`${path}.active: character ${active} is locked, and a locked character cannot be the one posed`);
  const v = objectAt(c.view, `${path}.view`, ['position', 'target']);
  const view = { position: numbersAt(v.position, `${path}.view.position`, 3) as Vec3Tuple, target: numbersAt(v.target, `${path}.view.target`, 3) as Vec3Tuple };
  return { list, active, view };
}

async function partsOf(page: CharactersPage, source: SourceRecord): Promise<CharacterParts> {
  if (source.kind === 'default') return page.builtIns.parts({ kind: 'default' });
  if (source.kind === 'lesson') return page.builtIns.parts({ kind: 'lesson', id: source.id });
  return page.loader.importCharacter(source.files, source.options);
}

/**
 * Makes and poses every character of a checked section, off the scene.
 * Throws naming the character and field, having freed all it made.
 */
export async function prepareCharacters(page: CharactersPage, state: CharactersState, path: string): Promise<PreparedCharacter[]> {
  const prepared: PreparedCharacter[] = [];
  try {
    for (const [k, record] of state.list.entries()) {
      const at = `${path}.list[${k}]`;
      let parts: CharacterParts;
      try {
        parts = await partsOf(page, record.source);
      } catch (error) {
        throw new Error(`${at}.source: ${error instanceof Error ? error.message : String(error)}`);
      }
      const made = page.characters.prepare(parts);
      prepared.push(made);
      placeSessionState(made.session, record.state, `${at}.state`);
    }
  } catch (error) {
    for (const made of prepared) page.characters.discard(made);
    throw error;
  }
  return prepared;
}

/** Puts the prepared characters in place of the scene's (nothing else can fail after the sections' checks). */
export function applyCharacters(page: CharactersPage, state: CharactersState, prepared: readonly PreparedCharacter[]): void {
  const records = state.list.map(({ id, name, hidden, locked, transform, clip, solverOptions }) => ({ id, name, hidden, locked, transform, clip, solverOptions }));
  page.characters.replaceScene(prepared, records, state.active);
}

/** Puts the orbit view where the file had it (after the characters: it is in the active one's model space). */
export function applyView(page: CharactersPage, state: CharactersState): void {
  page.setCamera(state.view.position, state.view.target);
}
