// The editor's posing state, with no DOM and no drawing: the posing session
// of the character on screen, which character that is and the poses it
// offers, undo over every change, symmetric dragging, and every edit the
// page makes — a handle moved (a drag, a script: one path), a solve, a pose,
// a preset, a mirror, a solver, the goal set. Each edit is one undo step (a
// gesture, begun and ended around many edits, is one step too; cancelling it
// puts the state back bit for bit). Whoever draws or shows the state listens
// with onChange(): every change calls the listeners, so nothing needs to
// poll.
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

/** Undo steps kept: plenty for a posing session, each a few hundred numbers. */
const UNDO_LIMIT = 200;

/** A clip with no channels: the timeline's "New clip", and every new character's. */
export function emptyClip(): ClipData {
  return { name: 'New clip', duration: 2, fps: 30, channels: [] };
}

export type EditorListener = () => void;

export class PoseEditor {
  /** Undo and redo over every pose change. */
  readonly undo: UndoHistory<PoseState> = new UndoHistory(
    () => capturePoseState(this),
    (state) => restorePoseState(this, state),
    UNDO_LIMIT,
    samePoseState,
    () => this.editBeginning(),
  );
  /** Symmetric dragging (off at first). */
  readonly symmetry = new SymmetricDrag();
  private currentSession: PosingSession;
  private currentCharacter: CharacterInfo;
  private appliedOptions: SolverOptions = {};
  // Keeps poseStateVersion growing across a character change, whose new session counts from 0.
  private versionBase = 0;
  // The sampleVersion of the sessions before this one (editVersion leaves them out too).
  private samplesBase = 0;
  private characters = 0;
  private readonly listeners: EditorListener[] = [];
  private readonly editListeners: EditorListener[] = [];
  private moveHandle: (goal: number, position_ms: HandlePosition) => void;
  private readonly scriptedMove_ms = { x: 0, y: 0, z: 0 };
  private readonly pole_ms = new Float64Array(3);
  private poleMoves = 0;
  private angles = new Float32Array(0);
  private currentClip: ClipData;
  private clips = 0;
  private background: BackgroundSolve | null = null;

  constructor(session: PosingSession, character: CharacterInfo) {
    this.currentClip = emptyClip();
    session.rig.clips.setClip(this.currentClip);
    this.currentSession = session;
    this.currentCharacter = character;
    this.moveHandle = this.handleMovesFor(session);
    this.symmetry.pairGoals(session);
  }

  /** The posing session of the character on screen (a new one after replaceCharacter). */
  get session(): PosingSession {
    return this.currentSession;
  }

  /** Which character is on screen. */
  get source(): CharacterSource {
    return this.currentCharacter.source;
  }

  /** The poses the character offers; the first is its start pose (what Reset applies). */
  get presets(): readonly PosePreset[] {
    return this.currentCharacter.presets;
  }

  /** The options last applied with the current solver. */
  get solverOptions(): SolverOptions {
    return this.appliedOptions;
  }

  /** The keyframe clip being edited (never changed in place: setClip replaces it). */
  get clip(): ClipData {
    return this.currentClip;
  }

  /** Bumped by every setClip (an edit, an undo, a new character's empty clip). */
  get clipVersion(): number {
    return this.clips;
  }

  /**
   * Replaces the clip (one undo step, or part of a gesture): the rig
   * validates it first, so a bad clip throws (naming channel and key) and
   * changes nothing. The pose stays as it is.
   */
  setClip(clip: ClipData): void {
    if (clip === this.currentClip) return;
    this.undo.step(() => {
      this.session.rig.clips.setClip(clip);
      this.currentClip = clip;
      this.clips++;
    });
    this.changed();
  }

  /** Bumped by every replaceCharacter. */
  get characterVersion(): number {
    return this.characters;
  }

  /** Changes whenever anything a share link holds but the camera may have changed: character, pose, solver, goals, targets. */
  get poseStateVersion(): number {
    return this.versionBase + this.sessionVersion() + this.clips;
  }

  /** poseStateVersion without the changes that only showed a clip's pose at a time (the session's sampleVersion). */
  get editVersion(): number {
    return this.poseStateVersion - this.samplesBase - this.session.sampleVersion;
  }

  /**
   * Calls `listener` before every edit (a step or a gesture begins, an undo
   * or redo is taken), before the state is captured for undo; returns a
   * function that stops it. The page stops playback here: a playing clip
   * would sample its pose over the edit on the next frame.
   */
  onEditBegin(listener: EditorListener): () => void {
    this.editListeners.push(listener);
    return () => {
      const index = this.editListeners.indexOf(listener);
      if (index >= 0) this.editListeners.splice(index, 1);
    };
  }

  /** Calls `listener` after every change; returns a function that stops it. */
  onChange(listener: EditorListener): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  /**
   * Where a target handle's moves go (a drag frame: allocation-free): the
   * goal's target follows, its mirror partner's too with symmetric dragging
   * on, and the session solves.
   */
  readonly handleMoved = (goal: number, position_ms: HandlePosition): void => {
    this.moveHandle(goal, position_ms);
    this.changed();
  };

  /** Moves a goal's target exactly as dragging its handle there does (one undo step, its solve timed). */
  moveGoal(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    const position = this.scriptedMove_ms;
    position.x = x_ms;
    position.y = y_ms;
    position.z = z_ms;
    this.undo.step(() => {
      this.handleMoved(goal, position);
      this.session.timeLastSolve();
    });
    return this.session.lastSolve;
  }

  /**
   * Solves gestures' moves in a worker reached through `port` (null: on
   * this thread again; the caller ends the worker). Returns what takes the
   * worker's messages (null when turned off).
   */
  solveInBackground(port: SolvePort | null): BackgroundSolve | null {
    this.settleBackground();
    this.background = port === null ? null : new BackgroundSolve(port, () => this.session, () => this.changed());
    return this.background;
  }

  /** The worker that solves gestures' moves, or null. */
  get backgroundSolve(): BackgroundSolve | null {
    return this.background;
  }

  /** A gesture (a drag, a slider held) begins: everything until endGesture() is one undo step. */
  beginGesture(): void {
    this.undo.begin();
    // A clip's translation and scale keys move the bones' rests, which the worker's rig does not have.
    if (this.background !== null && !this.clip.channels.some((c) => c.target === 'translation' || c.target === 'scale')) this.session.deferSolves(this.background.request);
    this.changed();
  }

  /**
   * The gesture ends: it becomes one undo step (its targets moved), and its
   * last solve is timed if it was not (the status line shows it). A worker's
   * answers still to come land after it, unless an edit comes first
   * (background-solve.ts refuses them then): the page never waits on a solve.
   */
  endGesture(): void {
    if (this.session.solvesDeferred) {
      this.session.deferSolves(null);
      this.background?.gestureEnded();
    } else {
      this.session.timeLastSolve();
    }
    this.undo.end();
    this.changed();
  }

  /** Abandons the gesture under way: the state goes back bit for bit, no undo step. False if none was under way. */
  cancelGesture(): boolean {
    this.session.deferSolves(null);
    this.background?.cancel();
    const cancelled = this.undo.cancel();
    if (cancelled) this.changed();
    return cancelled;
  }

  /**
   * Chooses the solver and its options (left out: the core's defaults).
   * Throws, changing nothing, on a bad option.
   */
  setSolver(solver: SolverName, options: SolverOptions = {}): void {
    this.undo.step(() => {
      this.session.setSolver(solver, options);
      this.appliedOptions = options;
      this.goalsMayHaveChanged();
    });
    this.changed();
  }

  /** Replaces the editable goal set (see PosingSession.setEditableGoals; one undo step). Throws, changing nothing, on a bad set. */
  setEditableGoals(goals: readonly PosingGoal[]): void {
    this.undo.step(() => {
      this.session.setEditableGoals(goals);
      this.goalsMayHaveChanged();
    });
    this.changed();
  }

  /** Solves from the current pose towards the current targets (one undo step). */
  solve(): SolveSummary {
    const summary = this.undo.step(() => this.session.solve());
    this.changed();
    return summary;
  }

  /** Sets the pose (clamped to the limits); the goals move onto it (one undo step). */
  setPose(angles: ArrayLike<number>, rootOffset_ms?: Vec3Tuple): void {
    this.undo.step(() => this.session.setPose(angles, rootOffset_ms));
    this.changed();
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
    this.undo.step(() => this.session.setGoalState(targets_ms, poles_ms, orientations_ms));
    this.changed();
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
    this.session.movePole(goal, pole, this.poleMoves++ % TIMED_EVERY === 0);
    this.changed();
  };

  /** Moves a goal's pole as dragging its handle there does (one undo step, its solve timed). */
  movePole(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    if (this.session.pole_ms(goal) === null) throw new Error(`kin: goal '${this.session.goalNames[goal]}' has no pole; turn its pole on first`);
    const position = this.scriptedMove_ms;
    position.x = x_ms;
    position.y = y_ms;
    position.z = z_ms;
    this.undo.step(() => {
      this.poleMoved(goal, position);
      this.session.timeLastSolve();
    });
    return this.session.lastSolve;
  }

  /** Turns a goal's target orientation (x y z w, model space) and solves (one undo step, or part of a gesture). */
  turnGoal(goal: number, orientation_ms: ArrayLike<number>): SolveSummary {
    const summary = this.undo.step(() => this.session.turnGoal(goal, orientation_ms));
    this.changed();
    return summary;
  }

  /** Moves every target (model space, in goal order) without solving (one undo step). */
  setTargets(targets_ms: readonly Vec3Tuple[]): void {
    this.undo.step(() => this.session.setTargets(targets_ms));
    this.changed();
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
    this.undo.step(() => {
      rig.mirror(mode);
      // The rig holds the mirrored pose; setting it again moves the goals onto it.
      this.session.setPose(Array.from(rig.pose()), rig.rootOffset);
    });
    this.changed();
  }

  /**
   * Another character takes over: its session (rig, solver, goals) and what
   * it is. Undo starts afresh (its steps belong to the old rig's bones); the
   * old rig is freed.
   */
  replaceCharacter(session: PosingSession, character: CharacterInfo): void {
    // The old rig's answers are of no use now.
    this.session.deferSolves(null);
    this.background?.cancel();
    const old = this.currentSession;
    this.versionBase += this.sessionVersion() + 1;
    this.samplesBase += old.sampleVersion;
    this.currentSession = session;
    this.currentCharacter = character;
    this.appliedOptions = {};
    this.moveHandle = this.handleMovesFor(session);
    this.symmetry.pairGoals(session);
    // The clip's channels name the old rig's bones.
    this.currentClip = emptyClip();
    session.rig.clips.setClip(this.currentClip);
    this.clips++;
    this.undo.clear();
    this.characters++;
    old.rig.dispose();
    this.changed();
  }

  /** Frees the WASM rig; the editor is unusable afterwards. */
  dispose(): void {
    this.currentSession.rig.dispose();
  }

  private sessionVersion(): number {
    const { session } = this;
    return session.poseVersion + session.solverVersion + session.goalsVersion + session.targetsVersion;
  }

  private handleMovesFor(session: PosingSession): (goal: number, position_ms: HandlePosition) => void {
    return handleMoves(session, this.symmetry);
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

  private changed(): void {
    // Indexed: a drag frame calls this and must not allocate.
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i]();
  }
}
