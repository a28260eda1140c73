// The characters on the page, with no DOM and no drawing: each with its own
// posing session (rig, solver, goals, targets), what it is (its source and
// poses), its keyframe clip, its solver options and where it stands; one of
// them active (its handles and inspector show, every edit goes to it). The
// pose editor edits the scene (posing/pose-editor.ts); the page draws it.
import type { ClipData } from '../animation/clip.js';
import type { CharacterInfo } from '../posing/character-source.js';
import type { PosingSession } from '../posing/posing-session.js';
import type { SolverOptions } from '../rig/rig.js';
import { type CharacterTransform, ORIGIN, checkTransform } from './character-transform.js';
import { PropList } from './props.js';

/** At most this many characters share a scene: each is a rig, meshes and a bone texture, drawn every frame. */
export const MAX_CHARACTERS = 8;

export interface SceneCharacter {
  /** Unique in the scene, never reused (an undo step or a link names a character by it). */
  readonly id: number;
  /** What the scene panel calls it. */
  name: string;
  session: PosingSession;
  info: CharacterInfo;
  /** The keyframe clip being edited (never changed in place). */
  clip: ClipData;
  /** The options last applied with its solver. */
  solverOptions: SolverOptions;
  transform: CharacterTransform;
  /** Not drawn (its meshes and shadow); still posed, and shown in the outliner. */
  hidden: boolean;
  /** Cannot be made active (picked, posed) nor moved until unlocked: staging one character while another stays put. */
  locked: boolean;
}

export type NewCharacter = Omit<SceneCharacter, 'id' | 'transform' | 'hidden' | 'locked'> & { transform?: CharacterTransform; hidden?: boolean; locked?: boolean };

export class Scene {
  private readonly list: SceneCharacter[] = [];
  private activeCharacter: SceneCharacter;
  private nextId = 1;
  /** The props: standing in the world, or held by a character's bone. */
  readonly props = new PropList(() => this.list);

  constructor(first: NewCharacter) {
    this.activeCharacter = this.add(first);
  }

  /** In the order they were added. */
  get characters(): readonly SceneCharacter[] {
    return this.list;
  }

  get active(): SceneCharacter {
    return this.activeCharacter;
  }

  /** The character with id `id`; throws naming the ids there are. */
  character(id: number): SceneCharacter {
    const found = this.list.find((c) => c.id === id);
    if (found === undefined) throw new Error(`no character ${JSON.stringify(id)} in the scene; its characters are ${this.list.map((c) => c.id).join(', ')}`);
    return found;
  }

  has(id: number): boolean {
    return this.list.some((c) => c.id === id);
  }

  /** Adds a character (not made active); throws, adding nothing, past MAX_CHARACTERS or for a bad transform. */
  add(character: NewCharacter): SceneCharacter {
    if (this.list.length >= MAX_CHARACTERS) throw new Error(`a scene holds at most ${MAX_CHARACTERS} characters; remove one first`);
    const transform = { ...(character.transform ?? ORIGIN) };
    checkTransform(transform, `character '${character.name}'`);
    const added: SceneCharacter = { hidden: false, locked: false, ...character, id: this.nextId++, transform };
    this.list.push(added);
    return added;
  }

  /** Takes a character out (the caller frees its rig); the last one cannot go. The next one (or the one before) becomes active if it was. */
  remove(id: number): SceneCharacter {
    const removed = this.character(id);
    if (this.list.length === 1) throw new Error('the scene needs at least one character; add another before removing this one');
    this.props.characterLeaving(removed);
    const index = this.list.indexOf(removed);
    this.list.splice(index, 1);
    if (removed === this.activeCharacter) this.activeCharacter = this.list[Math.min(index, this.list.length - 1)];
    return removed;
  }

  /**
   * Puts `characters` in place of every character (a scene file opened),
   * each keeping the id it comes with (whole, positive, unique), the one at
   * `active` active. Throws, changing nothing, for bad ids or transforms or
   * more than MAX_CHARACTERS. The caller frees the old characters' rigs.
   */
  replaceAll(characters: readonly (NewCharacter & { id: number })[], active: number): readonly SceneCharacter[] {
    if (characters.length === 0 || characters.length > MAX_CHARACTERS) throw new Error(`a scene holds 1 to ${MAX_CHARACTERS} characters, not ${characters.length}`);
    if (!Number.isInteger(active) || active < 0 || active >= characters.length) throw new Error(`the active character is one of the ${characters.length}, not ${String(active)}`);
    const ids = new Set<number>();
    const added = characters.map((character) => {
      const { id } = character;
      if (!Number.isSafeInteger(id) || id < 1 || ids.has(id)) throw new Error(`character '${character.name}': its id must be a whole number above 0 that no other character has (it is ${String(id)})`);
      ids.add(id);
      const transform = { ...(character.transform ?? ORIGIN) };
      checkTransform(transform, `character '${character.name}'`);
      return { hidden: false, locked: false, ...character, transform };
    });
    const old = this.list.splice(0, this.list.length, ...added);
    this.activeCharacter = added[active];
    this.nextId = Math.max(this.nextId, ...ids) + 1;
    return old;
  }

  setActive(id: number): SceneCharacter {
    this.activeCharacter = this.character(id);
    return this.activeCharacter;
  }
}
