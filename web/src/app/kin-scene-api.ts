// The scene's members of window.kin (see kin-api.ts): the characters, adding
// one (the default character, a lesson rig, or a file as loadModel takes
// it), removing one, choosing the active one (every other member of
// window.kin acts on it) and where each stands. Plain copies out, checked
// input in; bad input throws naming the problem and changes nothing.
import type { BuiltInCharacter } from '../import/built-in-characters.js';
import type { ModelInput } from '../import/model-input.js';
import { LESSON_IDS, isLessonId } from '../lessons/lessons.js';
import { type CharacterTransform, checkTransform } from '../scene/character-transform.js';
import type { PageCharacters } from './page-characters.js';
import type { SceneFiles } from './scene-files.js';
import type { KinPage } from './kin-tools-api.js';

export interface KinCharacter {
  id: number;
  name: string;
  active: boolean;
  /** Where it stands: x, z on the floor (metres), heading about +Y (radians). */
  transform: CharacterTransform;
  /** Not drawn. */
  hidden: boolean;
  /** Cannot be made active or moved. */
  locked: boolean;
}

/** What the scene members need of the page besides the editor. */
export interface KinScenePage {
  characters: PageCharacters;
  /** Adds a built-in character, or (null) whatever `load` loads; resolves to the new character's id. */
  addCharacter(character: BuiltInCharacter | null, load?: () => Promise<unknown>): Promise<number>;
  /** Save scene / Open scene. */
  sceneFiles: SceneFiles;
}

export interface KinSceneApi {
  /** Every character of the scene, in the order they were added. */
  characters(): KinCharacter[];
  /**
   * Adds a character beside the others and makes it active: 'default', a
   * lesson id (see lessons()), or a file as loadModel takes it. Resolves to
   * its id; rejects naming the problem (the scene as it was) for an unknown
   * source, a file that does not load, or a full scene.
   */
  addCharacter(source: string | ModelInput | File[]): Promise<number>;
  /** Removes a character (its undo steps go too); throws for an unknown id or the last one. */
  removeCharacter(id: number): void;
  /** Makes a character active: its handles and inspector show, every other member of kin acts on it. */
  setActiveCharacter(id: number): void;
  /** Moves a character on the floor: {x, z, heading}. */
  setCharacterTransform(id: number, transform: CharacterTransform): void;
  /** Renames a character (as a double-click in the outliner does); throws for a name another character has or the page cannot show. */
  renameCharacter(id: number, name: string): void;
  /** Hides/shows, locks/unlocks a character; locking the active one makes the next unlocked one active (throws if there is none). */
  setCharacterFlags(id: number, flags: { hidden?: boolean; locked?: boolean }): void;
  /** The whole scene as a scene file's bytes (what File ▸ Save scene downloads). */
  saveScene(): Uint8Array;
  /**
   * Opens a scene file (its bytes) in place of the scene, as File ▸ Open
   * scene does; rejects naming the field that is wrong, the scene untouched.
   */
  openScene(bytes: Uint8Array | ArrayBuffer): Promise<void>;
  /** A character's palette (16 per bone, column-major, its model space), active or not. */
  characterPalette(id: number): number[];
}

function checkId(id: unknown): asserts id is number {
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error(`kin: a character id is a whole number (see kin.characters()), not ${JSON.stringify(id)}`);
}

export function createSceneApi(page: () => KinPage & KinScenePage): KinSceneApi {
  const scene = () => page().editor.scene;
  return {
    characters: () => {
      const { active, characters } = scene();
      return characters.map((c) => ({ id: c.id, name: c.name, active: c === active, transform: { ...c.transform }, hidden: c.hidden, locked: c.locked }));
    },
    addCharacter: (source) => {
      const running = page();
      if (source === 'default') return running.addCharacter({ kind: 'default' });
      if (typeof source === 'string' && isLessonId(source)) return running.addCharacter({ kind: 'lesson', id: source });
      if (typeof source === 'string' && !/[./:]/.test(source)) {
        return Promise.reject(new Error(`kin: no character ${JSON.stringify(source)}; add 'default', a lesson (${LESSON_IDS.join(', ')}) or a file`));
      }
      return running.addCharacter(null, async () => {
        const outcome = await running.models.loader.load(source);
        if (!outcome.ok) throw new Error(`kin: ${outcome.error}`);
      });
    },
    removeCharacter: (id) => {
      checkId(id);
      page().editor.removeCharacter(id);
    },
    setActiveCharacter: (id) => {
      checkId(id);
      page().editor.setActiveCharacter(id);
    },
    setCharacterTransform: (id, transform) => {
      checkId(id);
      checkTransform(transform, 'kin: transform');
      page().editor.placeCharacter(id, transform);
    },
    renameCharacter: (id, name) => {
      checkId(id);
      if (typeof name !== 'string') throw new Error(`kin: a character's name is text, not ${JSON.stringify(name)}`);
      page().editor.renameCharacter(id, name);
    },
    setCharacterFlags: (id, flags) => {
      checkId(id);
      if (typeof flags !== 'object' || flags === null) throw new Error('kin: flags is an object {hidden?, locked?}');
      const unknown = Object.keys(flags).filter((key) => key !== 'hidden' && key !== 'locked');
      if (unknown.length > 0) throw new Error(`kin: a character has no flag ${JSON.stringify(unknown[0])} (its flags: hidden, locked)`);
      page().editor.setCharacterFlags(id, flags);
    },
    saveScene: () => page().sceneFiles.save(),
    openScene: (bytes) => {
      if (!(bytes instanceof Uint8Array) && !(bytes instanceof ArrayBuffer)) return Promise.reject(new Error('kin: openScene takes the bytes of a scene file (a Uint8Array or an ArrayBuffer)'));
      return page().sceneFiles.open(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).catch((error: unknown) => {
        throw new Error(`kin: ${error instanceof Error ? error.message : String(error)}`);
      });
    },
    characterPalette: (id) => {
      checkId(id);
      return Array.from(scene().character(id).session.rig.palette());
    },
  };
}
