// The scene side of the editor (pose-editor.ts adds the pose commands): a
// scene of characters (scene/scene.ts), adding, replacing, removing,
// choosing and placing them, one undo history for the scene (each step
// names its character; undoing a step of another character makes that one
// active first), solving gestures in a worker, and telling listeners what
// changed. Whoever draws or shows the state listens with onChange(): told
// once per edit what changed (Change bits, the editor's and its sessions')
// and of which character, so that nothing needs to poll.
import type { ClipData } from '../rig/clip-data.js';
import type { SolvePort } from '../rig/solve-client.js';
import { BackgroundSolve } from './background-solve.js';
import type { SolverName, SolverOptions } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type CharacterInfo, type CharacterSource, MAX_CHARACTER_NAME_BYTES } from './character-source.js';
import { type HandlePosition, handleMoves } from './handle-moves.js';
import { type PoseState, type PoseStateHost, capturePoseState, restorePoseState, samePoseState } from './pose-state.js';
import type { PosePreset } from './pose-presets.js';
import type { PosingSession } from './posing-session.js';
import type { PosingGoal } from './solver-goals.js';
import { SymmetricDrag } from './symmetric-drag.js';
import { UndoHistory } from './undo-history.js';
import { type NewCharacter, Scene, type SceneCharacter } from '../scene/scene.js';
import { type CharacterTransform, checkTransform } from '../scene/character-transform.js';
import { sceneCharacterName } from '../scene/character-names.js';
import { nameProblem } from '../text/name-problem.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { ChangeBatch, type ChangeListener } from '../scene/change-batch.js';
import { Signal } from '../rig/listener-list.js';

/** Undo steps kept: plenty for a posing session, each a few hundred numbers. */
const UNDO_LIMIT = 200;

/** A clip with no channels: the timeline's "New clip", and every new character's. */
export function emptyClip(): ClipData {
  return { name: 'New clip', duration: 2, fps: 30, channels: [] };
}

/** Told what changed (Change bits) and of which character (the active one but for a change of another's session). */
export type EditorListener = ChangeListener;
type EditListener = () => void;

/** An undo state: one character's pose state, and which character; and each scene state part's state, in the order they were added. */
export interface SceneStep {
  character: number;
  pose: PoseState;
  parts: readonly unknown[];
}

/**
 * State of the scene beside the active character's pose that undo keeps
 * with every step (the contacts between characters, and the poses of the
 * other characters they move): captured and restored with the pose, so that
 * a step that changed it (a contact added, a drag that moved both
 * characters) is undone as a whole.
 */
export interface SceneStatePart<T = unknown> {
  capture(): T;
  restore(state: T): void;
  same(a: T, b: T): boolean;
}

export abstract class SceneEditor implements PoseStateHost {
  /** Undo and redo over every pose change of every character. */
  readonly undo: UndoHistory<SceneStep> = new UndoHistory<SceneStep>(
    () => ({ character: this.scene.active.id, pose: capturePoseState(this), parts: this.parts.map((part) => part.capture()) }),
    (step) => this.restoreStep(step),
    UNDO_LIMIT,
    (a, b) => a.character === b.character && samePoseState(a.pose, b.pose) && this.parts.every((part, i) => part.same(a.parts[i], b.parts[i])),
    () => this.editBeginning(),
    (step) => this.activate(step.character),
  );
  /** The characters, the active one edited. */
  readonly scene: Scene;
  /** Symmetric dragging (off at first). */
  readonly symmetry = new SymmetricDrag();
  /** What the edits under way changed, told when the outermost ends. */
  protected readonly batch = new ChangeBatch(() => this.scene.active);
  private readonly editBegins = new Signal();
  private readonly parts: SceneStatePart[] = [];
  private restoringStep = false;
  /** What a target handle's move does to the active character's session. */
  protected moveHandle: (goal: number, position_ms: HandlePosition) => void;
  protected background: BackgroundSolve | null = null;

  constructor(session: PosingSession, character: CharacterInfo) {
    const clip = emptyClip();
    session.rig.clips.setClip(clip);
    this.scene = new Scene({ name: sceneCharacterName(character, []), session, info: character, clip, solverOptions: {} });
    this.watch(this.scene.active);
    this.scene.props.edit = (change) => this.edit(Change.PROPS, change);
    this.moveHandle = handleMoves(session, this.symmetry);
    this.symmetry.pairGoals(session);
  }

  // The undoable commands an undo state is restored through (pose-editor.ts).
  abstract setSolver(solver: SolverName, options?: SolverOptions): void;
  abstract setEditableGoals(goals: readonly PosingGoal[]): void;
  abstract setPose(angles: ArrayLike<number>, rootOffset_ms?: Vec3Tuple): void;
  abstract setGoalState(targets_ms: ArrayLike<number>, poles_ms: ArrayLike<number>, orientations_ms: ArrayLike<number>): void;
  abstract setClip(clip: ClipData): void;
  /** Abandons the gesture under way (a character removed during one). */
  abstract cancelGesture(): boolean;

  /** Keeps `part`'s state in every undo step from now on (add parts before the first step is recorded). */
  addStatePart<T>(part: SceneStatePart<T>): void {
    this.parts.push(part as SceneStatePart);
  }

  /** True while undo, redo or a cancelled gesture puts a state back: what follows edits (contacts) lets the state be. */
  get restoring(): boolean {
    return this.restoringStep;
  }

  /** The active character. */
  get active(): SceneCharacter {
    return this.scene.active;
  }

  /** The posing session of the active character. */
  get session(): PosingSession {
    return this.scene.active.session;
  }

  /** Which character is active. */
  get source(): CharacterSource {
    return this.scene.active.info.source;
  }

  /** The poses the active character offers; the first is its start pose (what Reset applies). */
  get presets(): readonly PosePreset[] {
    return this.scene.active.info.presets;
  }

  /** The options last applied with the active character's solver. */
  get solverOptions(): SolverOptions {
    return this.scene.active.solverOptions;
  }

  /** The active character's keyframe clip (never changed in place: setClip replaces it). */
  get clip(): ClipData {
    return this.scene.active.clip;
  }

  /**
   * Calls `listener` before every edit (a step or a gesture begins, an undo
   * or redo is taken), before the state is captured for undo; returns a
   * function that stops it. The page stops playback here: a playing clip
   * would sample its pose over the edit on the next frame.
   */
  onEditBegin(listener: EditListener): () => void {
    return this.editBegins.add(listener);
  }

  /** Calls `listener` after every change, with its kind; returns a function that stops it. */
  onChange(listener: EditorListener): () => void {
    return this.batch.listen(listener);
  }

  /**
   * Solves gestures' moves in a worker reached through `port` (null: on
   * this thread again; the caller ends the worker). Returns what takes the
   * worker's messages (null when turned off).
   */
  solveInBackground(port: SolvePort | null): BackgroundSolve | null {
    this.settleBackground();
    this.background = port === null ? null : new BackgroundSolve(port, () => this.session);
    return this.background;
  }

  /** The worker that solves gestures' moves, or null. */
  get backgroundSolve(): BackgroundSolve | null {
    return this.background;
  }

  /**
   * Another character takes the active one's place: its session (rig,
   * solver, goals) and what it is (a file loaded, a lesson chosen). Undo
   * forgets the old one's steps (they belong to its rig's bones); the old
   * rig is freed.
   */
  replaceCharacter(session: PosingSession, character: CharacterInfo): void {
    this.stopSolves();
    const active = this.scene.active;
    this.scene.props.characterLeaving(active);
    this.retire(active);
    active.session = session;
    active.info = character;
    active.name = sceneCharacterName(character, this.otherNames(active));
    active.solverOptions = {};
    // The clip's channels name the old rig's bones.
    active.clip = emptyClip();
    session.rig.clips.setClip(active.clip);
    this.watch(active);
    this.edit(Change.CHARACTER, () => this.activate(active.id, true));
  }

  /**
   * Adds a character to the scene, standing at `transform`, and makes it
   * active (not an undo step: its own steps follow). Throws, adding nothing
   * (the caller frees the session's rig), when the scene is full.
   */
  addCharacter(session: PosingSession, character: CharacterInfo, transform: CharacterTransform): SceneCharacter {
    const clip = emptyClip();
    const added = this.scene.add({ name: sceneCharacterName(character, this.otherNames(null)), session, info: character, clip, solverOptions: {}, transform } satisfies NewCharacter);
    session.rig.clips.setClip(clip);
    this.watch(added);
    this.stopSolves();
    this.edit(Change.CHARACTERS, () => this.activate(added.id));
    return added;
  }

  /**
   * Every character replaced by `characters` (a scene file opened; each
   * with its id, its session already posed), the one at `active` active.
   * Undo starts afresh: the old steps belong to rigs now freed. Throws,
   * changing nothing, for a list the scene refuses (the caller frees the
   * new sessions' rigs then).
   */
  replaceScene(characters: readonly (NewCharacter & { id: number })[], active: number): void {
    this.cancelGesture();
    this.stopSolves();
    const old = this.scene.replaceAll(characters, active);
    this.undo.clear();
    for (const character of old) character.session.rig.dispose();
    for (const character of this.scene.characters) this.watch(character);
    this.edit(Change.CHARACTERS | Change.CHARACTER, () => this.activate(this.scene.active.id, true));
  }

  /** Takes a character out of the scene and frees its rig; its undo steps go with it. Throws for the last one, or an unknown id. */
  removeCharacter(id: number): void {
    const character = this.scene.character(id);
    if (this.scene.characters.length === 1) throw new Error('kin: the scene needs at least one character; add another before removing this one');
    if (character === this.scene.active) {
      this.cancelGesture();
      this.stopSolves();
    }
    this.scene.remove(id);
    this.retire(character);
    this.edit(Change.CHARACTERS, () => this.activate(this.scene.active.id, true));
  }

  /** Makes another character active: its handles and inspector show, edits go to it. Throws for an unknown id, a locked character or during a gesture. */
  setActiveCharacter(id: number): void {
    const character = this.scene.character(id);
    if (id === this.scene.active.id) return;
    if (character.locked) throw new Error(`kin: ${character.name} is locked; unlock it to pose it`);
    if (this.undo.inStep) throw new Error('kin: finish the drag before choosing another character');
    this.stopSolves();
    this.activate(id);
  }

  /** Moves a character on the floor (not an undo step: where characters stand is staging, as the camera is). Throws on a bad transform or a locked character. */
  placeCharacter(id: number, transform: CharacterTransform): void {
    const character = this.scene.character(id);
    checkTransform(transform, `character ${id}'s transform`);
    if (character.locked) throw new Error(`kin: ${character.name} is locked; unlock it to move it`);
    character.transform = { x: transform.x, z: transform.z, heading: transform.heading };
    this.edit(Change.CHARACTERS, () => {});
  }

  /** Names a character (the outliner's, a scene file's); throws for a name the page cannot show or one another character has. */
  renameCharacter(id: number, name: string): void {
    const character = this.scene.character(id);
    const problem = nameProblem(name, 'a character\'s name', MAX_CHARACTER_NAME_BYTES);
    if (problem !== null) throw new Error(`kin: ${problem}`);
    if (name.trim() !== name) throw new Error(`kin: a character's name does not start or end with a space (${JSON.stringify(name)})`);
    if (this.otherNames(character).includes(name)) throw new Error(`kin: another character is called ${JSON.stringify(name)}`);
    character.name = name;
    this.edit(Change.CHARACTERS, () => {});
  }

  /**
   * Hides or shows a character, locks or unlocks it (staging, not an undo
   * step). Locking the active character makes the next unlocked one active;
   * it throws when there is none, since a locked character cannot be posed.
   */
  setCharacterFlags(id: number, flags: { hidden?: boolean; locked?: boolean }): void {
    const character = this.scene.character(id);
    for (const key of ['hidden', 'locked'] as const) {
      if (flags[key] !== undefined && typeof flags[key] !== 'boolean') throw new Error(`kin: ${key} is true or false, not ${JSON.stringify(flags[key])}`);
    }
    let next: SceneCharacter | undefined;
    if (flags.locked === true && character === this.scene.active) {
      if (this.undo.inStep) throw new Error('kin: finish the drag before locking the character being posed');
      const others = this.scene.characters;
      const index = others.indexOf(character);
      next = [...others.slice(index + 1), ...others.slice(0, index)].find((c) => !c.locked);
      if (next === undefined) throw new Error(`kin: ${character.name} is the only character that can be posed; a locked character cannot be, so add or unlock another first`);
    }
    this.edit(Change.CHARACTERS, () => {
      if (flags.hidden !== undefined) character.hidden = flags.hidden;
      if (flags.locked !== undefined) character.locked = flags.locked;
      if (next !== undefined) {
        this.stopSolves();
        this.activate(next.id);
      }
    });
  }

  /** Frees every rig; the editor is unusable afterwards. */
  dispose(): void {
    for (const character of this.scene.characters) character.session.rig.dispose();
  }

  /** The names of the characters but `except`. */
  private otherNames(except: SceneCharacter | null): string[] {
    return this.scene.characters.filter((c) => c !== except).map((c) => c.name);
  }

  /** A worker's answers are for the active character's rig as it was: none lands after it changes. */
  protected stopSolves(): void {
    this.session.deferSolves(null);
    this.background?.cancel();
  }

  /** A character's session leaves the scene (replaced or removed): its steps and rig go. */
  private retire(character: SceneCharacter): void {
    const { session } = character;
    this.undo.forget((step) => step.character === character.id);
    session.rig.dispose();
  }

  /** Edits go to character `id` from now on (undo calls this before restoring a step of another character). */
  private activate(id: number, force = false): void {
    if (!force && id === this.scene.active.id) return;
    const active = this.scene.setActive(id);
    this.moveHandle = handleMoves(active.session, this.symmetry);
    this.symmetry.pairGoals(active.session);
    this.edit(Change.ACTIVE, () => {});
  }

  /** Hears the character's session: the active one's changes join the edit under way; another's are told at once. */
  private watch(character: SceneCharacter): void {
    character.session.listen((changes) => {
      // As they happen, not once per edit: whether a worker's answer still fits the state is decided by the change before it.
      this.background?.sessionChanged(character.session, changes);
      if (character === this.scene.active) this.batch.add(changes);
      else this.batch.tellNow(changes, character);
    });
  }

  /** Runs an edit; its changes (and `changes`) are told once the outermost edit ends. */
  protected edit<T>(changes: Changes, change: () => T): T {
    this.batch.open();
    try {
      return change();
    } finally {
      this.batch.close(changes);
    }
  }

  /**
   * Solves here from now on (background solving turned off). If the worker
   * still had a solve to do, the latest moves are solved here, once, from
   * the latest pose it gave.
   */
  private settleBackground(): void {
    this.session.deferSolves(null);
    if (this.background === null || !this.background.busy) return;
    this.background.cancel();
    this.session.solve();
  }

  private restoreStep(step: SceneStep): void {
    this.restoringStep = true;
    try {
      this.edit(0, () => {
        restorePoseState(this, step.pose);
        this.parts.forEach((part, i) => part.restore(step.parts[i]));
      });
    } finally {
      this.restoringStep = false;
    }
  }

  private editBeginning(): void {
    this.editBegins.tell();
  }
}
