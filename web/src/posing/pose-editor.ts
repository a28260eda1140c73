// The editor's posing state, with no DOM and no drawing: a scene of
// characters (scene/scene.ts) and every edit the page makes to its active
// one — a handle moved (a drag, a script: one path), a solve, a pose, a
// preset, a mirror, a solver, the goal set, the clip — plus adding,
// removing and choosing characters, symmetric dragging, and one undo
// history for the scene. Each edit is one undo step naming its character (a
// gesture, begun and ended around many edits, is one step too; cancelling
// it puts the state back bit for bit); undoing a step of another character
// makes that one active first. Whoever draws or shows the state listens with
// onChange(): told once per edit what changed (Change bits, its own and its
// session's) and of which character, so that nothing needs to poll.
import type { ClipData } from '../rig/clip-data.js';
import type { SolvePort } from '../rig/solve-client.js';
import { BackgroundSolve } from './background-solve.js';
import type { MirrorMode, SolverName, SolverOptions } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import type { CharacterInfo, CharacterSource } from './character-source.js';
import { type HandlePosition, TIMED_EVERY, handleMoves } from './handle-moves.js';
import { type PoseState, capturePoseState, restorePoseState, samePoseState } from './pose-state.js';
import { type PosePreset, presetPose } from './pose-presets.js';
import type { PosingSession, SolveSummary } from './posing-session.js';
import type { PosingGoal } from './solver-goals.js';
import { SymmetricDrag } from './symmetric-drag.js';
import { UndoHistory } from './undo-history.js';
import { type NewCharacter, Scene, type SceneCharacter } from '../scene/scene.js';
import { type CharacterTransform, checkTransform } from '../scene/character-transform.js';
import { sceneCharacterName } from '../scene/character-names.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { ChangeBatch, type ChangeListener } from '../scene/change-batch.js';

/** Undo steps kept: plenty for a posing session, each a few hundred numbers. */
const UNDO_LIMIT = 200;

/** A clip with no channels: the timeline's "New clip", and every new character's. */
export function emptyClip(): ClipData {
  return { name: 'New clip', duration: 2, fps: 30, channels: [] };
}

/** Told what changed (Change bits) and of which character (the active one but for a change of another's session). */
export type EditorListener = ChangeListener;
type EditListener = () => void;

/** An undo state: one character's pose state, and which character. */
export interface SceneStep {
  character: number;
  pose: PoseState;
}

export class PoseEditor {
  /** Undo and redo over every pose change of every character. */
  readonly undo: UndoHistory<SceneStep> = new UndoHistory(
    () => ({ character: this.scene.active.id, pose: capturePoseState(this) }),
    (step) => this.edit(0, () => restorePoseState(this, step.pose)),
    UNDO_LIMIT,
    (a, b) => a.character === b.character && samePoseState(a.pose, b.pose),
    () => this.editBeginning(),
    (step) => this.activate(step.character),
  );
  /** The characters, the active one edited. */
  readonly scene: Scene;
  /** Symmetric dragging (off at first). */
  readonly symmetry = new SymmetricDrag();
  /** What the edits under way changed, told when the outermost ends. */
  private readonly batch = new ChangeBatch(() => this.scene.active);
  private readonly editListeners: EditListener[] = [];
  private moveHandle: (goal: number, position_ms: HandlePosition) => void;
  private readonly scriptedMove_ms = { x: 0, y: 0, z: 0 };
  private readonly pole_ms = new Float64Array(3);
  private poleMoves = 0;
  private angles = new Float32Array(0);
  private background: BackgroundSolve | null = null;

  constructor(session: PosingSession, character: CharacterInfo) {
    const clip = emptyClip();
    session.rig.clips.setClip(clip);
    this.scene = new Scene({ name: sceneCharacterName(character, []), session, info: character, clip, solverOptions: {} });
    this.watch(this.scene.active);
    this.moveHandle = this.handleMovesFor(session);
    this.symmetry.pairGoals(session);
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
   * Replaces the clip (one undo step, or part of a gesture): the rig
   * validates it first, so a bad clip throws (naming channel and key) and
   * changes nothing. The pose stays as it is.
   */
  setClip(clip: ClipData): void {
    if (clip === this.clip) return;
    this.edit(Change.CLIP, () =>
      this.undo.step(() => {
        this.session.rig.clips.setClip(clip);
        this.scene.active.clip = clip;
      }),
    );
  }

  /**
   * Calls `listener` before every edit (a step or a gesture begins, an undo
   * or redo is taken), before the state is captured for undo; returns a
   * function that stops it. The page stops playback here: a playing clip
   * would sample its pose over the edit on the next frame.
   */
  onEditBegin(listener: EditListener): () => void {
    this.editListeners.push(listener);
    return () => {
      const index = this.editListeners.indexOf(listener);
      if (index >= 0) this.editListeners.splice(index, 1);
    };
  }

  /** Calls `listener` after every change, with its kind; returns a function that stops it. */
  onChange(listener: EditorListener): () => void {
    return this.batch.listen(listener);
  }

  /**
   * Where a target handle's moves go (a drag frame: allocation-free): the
   * goal's target follows, its mirror partner's too with symmetric dragging
   * on, and the session solves.
   */
  readonly handleMoved = (goal: number, position_ms: HandlePosition): void => {
    // Written out, not through edit(): a closure per drag frame would allocate.
    this.batch.open();
    try {
      this.moveHandle(goal, position_ms);
    } finally {
      this.batch.close(0);
    }
  };

  /** Moves a goal's target exactly as dragging its handle there does (one undo step, its solve timed). */
  moveGoal(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    const position = this.scriptedMove_ms;
    position.x = x_ms;
    position.y = y_ms;
    position.z = z_ms;
    this.edit(0, () =>
      this.undo.step(() => {
        this.handleMoved(goal, position);
        this.session.timeLastSolve();
      }),
    );
    return this.session.lastSolve;
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

  /** A gesture (a drag, a slider held) begins: everything until endGesture() is one undo step. */
  beginGesture(): void {
    this.edit(Change.GESTURE, () => {
      this.undo.begin();
      // A clip's translation and scale keys move the bones' rests, which the worker's rig does not have.
      if (this.background !== null && !this.clip.channels.some((c) => c.target === 'translation' || c.target === 'scale')) this.session.deferSolves(this.background.request);
    });
  }

  /**
   * The gesture ends: it becomes one undo step (its targets moved), and its
   * last solve is timed if it was not (the status line shows it). A worker's
   * answers still to come land after it, unless an edit comes first
   * (background-solve.ts refuses them then): the page never waits on a solve.
   */
  endGesture(): void {
    this.edit(Change.GESTURE, () => {
      if (this.session.solvesDeferred) {
        this.session.deferSolves(null);
        this.background?.gestureEnded();
      } else {
        this.session.timeLastSolve();
      }
      this.undo.end();
    });
  }

  /** Abandons the gesture under way: the state goes back bit for bit, no undo step. False if none was under way. */
  cancelGesture(): boolean {
    this.session.deferSolves(null);
    this.background?.cancel();
    return this.edit(Change.GESTURE, () => this.undo.cancel());
  }

  /**
   * Chooses the solver and its options (left out: the core's defaults).
   * Throws, changing nothing, on a bad option.
   */
  setSolver(solver: SolverName, options: SolverOptions = {}): void {
    this.edit(0, () =>
      this.undo.step(() => {
        this.session.setSolver(solver, options);
        this.scene.active.solverOptions = options;
        this.goalsMayHaveChanged();
      }),
    );
  }

  /** Replaces the editable goal set (see PosingSession.setEditableGoals; one undo step). Throws, changing nothing, on a bad set. */
  setEditableGoals(goals: readonly PosingGoal[]): void {
    this.edit(0, () =>
      this.undo.step(() => {
        this.session.setEditableGoals(goals);
        this.goalsMayHaveChanged();
      }),
    );
  }

  /** Solves from the current pose towards the current targets (one undo step). */
  solve(): SolveSummary {
    return this.edit(0, () => this.undo.step(() => this.session.solve()));
  }

  /** Sets the pose (clamped to the limits); the goals move onto it (one undo step). */
  setPose(angles: ArrayLike<number>, rootOffset_ms?: Vec3Tuple): void {
    this.edit(0, () => this.undo.step(() => this.session.setPose(angles, rootOffset_ms)));
  }

  /** Sets one bone's three angles (by slot, radians; clamped to its limits), the rest of the pose as it is (one undo step). */
  setBoneAngles(bone: number, a0: number, a1: number, a2: number): void {
    const { rig } = this.session;
    if (this.angles.length !== 3 * rig.boneCount) this.angles = new Float32Array(3 * rig.boneCount);
    this.angles.set(rig.pose());
    this.angles[3 * bone] = a0;
    this.angles[3 * bone + 1] = a1;
    this.angles[3 * bone + 2] = a2;
    this.setPose(this.angles, rig.rootOffset);
  }

  /** Puts back every goal's target, pole and orientation (an undo state's), without solving (one undo step). */
  setGoalState(targets_ms: ArrayLike<number>, poles_ms: ArrayLike<number>, orientations_ms: ArrayLike<number>): void {
    this.edit(0, () => this.undo.step(() => this.session.setGoalState(targets_ms, poles_ms, orientations_ms)));
  }

  /**
   * Where a pole handle's moves go (a drag frame: allocation-free): the
   * goal's pole follows and the session solves.
   */
  readonly poleMoved = (goal: number, position_ms: HandlePosition): void => {
    const pole = this.pole_ms;
    pole[0] = position_ms.x;
    pole[1] = position_ms.y;
    pole[2] = position_ms.z;
    this.batch.open();
    try {
      this.session.movePole(goal, pole, this.poleMoves++ % TIMED_EVERY === 0);
    } finally {
      this.batch.close(0);
    }
  };

  /** Moves a goal's pole as dragging its handle there does (one undo step, its solve timed). */
  movePole(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    if (this.session.pole_ms(goal) === null) throw new Error(`kin: goal '${this.session.goalNames[goal]}' has no pole; turn its pole on first`);
    const position = this.scriptedMove_ms;
    position.x = x_ms;
    position.y = y_ms;
    position.z = z_ms;
    this.edit(0, () =>
      this.undo.step(() => {
        this.poleMoved(goal, position);
        this.session.timeLastSolve();
      }),
    );
    return this.session.lastSolve;
  }

  /** Turns a goal's target orientation (x y z w, model space) and solves (one undo step, or part of a gesture). */
  turnGoal(goal: number, orientation_ms: ArrayLike<number>): SolveSummary {
    return this.edit(0, () => this.undo.step(() => this.session.turnGoal(goal, orientation_ms)));
  }

  /** Moves every target (model space, in goal order) without solving (one undo step). */
  setTargets(targets_ms: readonly Vec3Tuple[]): void {
    this.edit(0, () => this.undo.step(() => this.session.setTargets(targets_ms)));
  }

  /** Applies one of the character's presets by name (one undo step); throws naming the presets there are. */
  applyPreset(name: string): void {
    const preset = this.presets.find((p) => p.name === name);
    if (preset === undefined) throw new Error(`kin: no preset ${JSON.stringify(name)} for this character; its presets are ${this.presets.map((p) => p.name).join(', ')}`);
    const { angles, rootOffset_ms } = presetPose(this.session.rig, preset);
    this.setPose(angles, rootOffset_ms);
  }

  /** Puts the character back in its start pose (its first preset). */
  reset(): void {
    this.applyPreset(this.presets[0].name);
  }

  /** Mirrors the pose (see Rig.mirror; one undo step); throws, changing nothing, for a rig that does not mirror. */
  mirror(mode: MirrorMode): void {
    const { rig } = this.session;
    const unavailable = this.symmetry.unavailable;
    if (unavailable !== null) throw new Error(`kin: this character cannot be mirrored: ${unavailable}`);
    this.edit(0, () =>
      this.undo.step(() => {
        rig.mirror(mode);
        // The rig holds the mirrored pose; setting it again moves the goals onto it.
        this.session.setPose(Array.from(rig.pose()), rig.rootOffset);
      }),
    );
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

  /** Makes another character active: its handles and inspector show, edits go to it. Throws for an unknown id or during a gesture. */
  setActiveCharacter(id: number): void {
    this.scene.character(id);
    if (id === this.scene.active.id) return;
    if (this.undo.inStep) throw new Error('kin: finish the drag before choosing another character');
    this.stopSolves();
    this.activate(id);
  }

  /** Moves a character on the floor (not an undo step: where characters stand is staging, as the camera is). Throws on a bad transform. */
  placeCharacter(id: number, transform: CharacterTransform): void {
    const character = this.scene.character(id);
    checkTransform(transform, `character ${id}'s transform`);
    character.transform = { x: transform.x, z: transform.z, heading: transform.heading };
    this.edit(Change.CHARACTERS, () => {});
  }

  /** Frees every rig; the editor is unusable afterwards. */
  dispose(): void {
    for (const character of this.scene.characters) character.session.rig.dispose();
  }

  private handleMovesFor(session: PosingSession): (goal: number, position_ms: HandlePosition) => void {
    return handleMoves(session, this.symmetry);
  }

  /** The names of the characters but `except`. */
  private otherNames(except: SceneCharacter | null): string[] {
    return this.scene.characters.filter((c) => c !== except).map((c) => c.name);
  }

  /** A worker's answers are for the active character's rig as it was: none lands after it changes. */
  private stopSolves(): void {
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
    this.moveHandle = this.handleMovesFor(active.session);
    this.symmetry.pairGoals(active.session);
    this.edit(Change.ACTIVE, () => {});
  }

  /** Hears the character's session: the active one's changes join the edit under way; another's are told at once. */
  private watch(character: SceneCharacter): void {
    character.session.listen((changes) => {
      if (character === this.scene.active) this.batch.add(changes);
      else this.batch.tellNow(changes, character);
    });
  }

  /** Runs an edit; its changes (and `changes`) are told once the outermost edit ends. */
  private edit<T>(changes: Changes, change: () => T): T {
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

  private goalsMayHaveChanged(): void {
    this.symmetry.pairGoals(this.session);
  }

  private editBeginning(): void {
    for (let i = 0; i < this.editListeners.length; i++) this.editListeners[i]();
  }
}
