// The running demo: the posing session wired to what is on screen. Handle
// moves (drags and scripts alike) solve at once; each frame then uploads the
// palette if the pose changed, refreshes the HUD and the energy plot if a
// solve happened, and draws. Choosing a solver (from the panel or a script)
// goes through setSolver, which swaps the handles when the goals change, as
// editing the goal set does (setEditableGoals: targets added, removed,
// pinned). Every change of the pose or the goals is one undoable step of
// `history` (a whole drag included); with `symmetry` on, a moved target
// drags its mirror partner. The skinning method (toggle or script) switches
// the character's shader, and a new character takes the current one.
import type { SkinningMethod, SolverName, SolverOptions } from '../rig/rig.js';
import type { CharacterMeshes } from '../three/character-meshes.js';
import { DebugView, type DebugMesh } from '../three/debug-view.js';
import type { Viewport } from '../three/scene.js';
import type { CharacterColors } from '../three/skinned-character.js';
import { TargetHandles } from '../three/target-handles.js';
import type { CharacterSource } from '../posing/character-source.js';
import { EditHistory } from '../posing/undo-history.js';
import type { EnergyPlot } from '../ui/energy-plot.js';
import { handleMoves } from '../posing/handle-moves.js';
import type { Hud } from '../ui/hud.js';
import { type PoseSnapshot, capturePose, restorePose, samePoseSnapshot } from '../posing/pose-state.js';
import type { PosingSession, SolveSummary } from '../posing/posing-session.js';
import type { SkinningToggle } from '../ui/skinning-toggle.js';
import type { PosingGoal } from '../posing/solver-goals.js';
import type { SolverPanel } from '../ui/solver-panel.js';
import { SymmetricDrag } from '../posing/symmetric-drag.js';

/** Undo steps kept: plenty for a posing session, each a few hundred numbers. */
const UNDO_LIMIT = 200;

/** The DOM readouts and controls around the 3D view (none in embed mode). */
export interface PosingReadouts {
  hud: Hud;
  solverPanel: SolverPanel;
  energyPlot: EnergyPlot;
  skinningToggle: SkinningToggle;
}

export class PosingApp {
  private currentSession: PosingSession;
  private currentCharacter: CharacterMeshes;
  private currentSource: CharacterSource = { kind: 'default' };
  // Keeps stateVersion growing across a character change, whose new session counts from 0.
  private versionBase = 0;
  /** Undo and redo over every pose change. */
  readonly history: EditHistory<PoseSnapshot> = new EditHistory(() => capturePose(this), (snapshot) => restorePose(this, snapshot), UNDO_LIMIT, samePoseSnapshot);
  /** Symmetric dragging (off at first). */
  readonly symmetry = new SymmetricDrag();
  private targetHandles: TargetHandles;
  private appliedOptions: SolverOptions = {};
  private handlesGoalsVersion: number;
  private uploadedPoseVersion = -1;
  // The HUD shows placeholders until the first solve.
  private shownSolveCount = 0;
  private frames = 0;
  private cameraMoves = 0;
  private debugView: DebugView | null = null;

  constructor(
    session: PosingSession,
    readonly viewport: Viewport,
    character: CharacterMeshes,
    private readonly readouts: PosingReadouts | null,
  ) {
    this.currentSession = session;
    this.currentCharacter = character;
    viewport.scene.add(character.mesh);
    this.targetHandles = this.createHandles();
    this.handlesGoalsVersion = session.goalsVersion;
    this.symmetry.pairGoals(session);
    readouts?.solverPanel.show(session.rig.solver, {});
    readouts?.skinningToggle.show(character.method);
    // Orbiting, zooming and their damping all end in this event.
    viewport.orbit.addEventListener('change', () => this.cameraMoves++);
  }

  /** The posing session of the character on screen (a new one after replaceCharacter). */
  get session(): PosingSession {
    return this.currentSession;
  }

  /** The meshes of the character on screen. */
  get character(): CharacterMeshes {
    return this.currentCharacter;
  }

  /** Which character is on screen. */
  get source(): CharacterSource {
    return this.currentSource;
  }

  /** Changes whenever anything a share link holds may have changed: character, pose, solver, goals, camera. */
  get stateVersion(): number {
    return this.poseStateVersion + this.cameraMoves;
  }

  /** The same without camera moves: character, pose, solver and goals. */
  get poseStateVersion(): number {
    return this.versionBase + this.sessionVersion();
  }

  get renderedFrames(): number {
    return this.frames;
  }

  /** One handle per goal of the current solver. */
  get handles(): TargetHandles {
    return this.targetHandles;
  }

  /** The options last applied with the current solver. */
  get solverOptions(): SolverOptions {
    return this.appliedOptions;
  }

  /**
   * Chooses the solver and its options (left out: the core's defaults), and
   * shows them in the panel. Throws, changing nothing, on a bad option.
   */
  setSolver(solver: SolverName, options: SolverOptions = {}): void {
    this.history.step(() => {
      this.session.setSolver(solver, options);
      this.appliedOptions = options;
      this.followGoals();
      this.readouts?.solverPanel.show(solver, options);
    });
  }

  get skinning(): SkinningMethod {
    return this.character.method;
  }

  /** Skins the character with `method` from the next frame on, and shows it in the toggle. */
  setSkinning(method: SkinningMethod): void {
    this.character.setMethod(method);
    this.uploadedPoseVersion = -1;
    this.readouts?.skinningToggle.show(method);
  }

  /** For tests: draws the character with another mesh or in flat colours (see DebugView). */
  setDebugView(mesh: DebugMesh, colors: CharacterColors): void {
    this.debugView ??= new DebugView(this.viewport.scene, this.character, this.session.rig);
    this.debugView.set(mesh, colors);
    this.uploadedPoseVersion = -1;
  }

  /**
   * Replaces the editable goal set (see PosingSession.setEditableGoals; one
   * undo step); the handles follow if the solver poses with it. Throws,
   * changing nothing, on a bad set.
   */
  setEditableGoals(goals: readonly PosingGoal[]): void {
    this.history.step(() => {
      this.session.setEditableGoals(goals);
      this.followGoals();
    });
  }

  /** Moves a goal's handle, which solves exactly as dragging it there would (one undo step). */
  moveGoal(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    this.history.step(() => this.targetHandles.moveTo(goal, x_ms, y_ms, z_ms));
    return this.session.lastSolve;
  }

  /** Solves from the current pose towards the current targets (one undo step). */
  solve(): SolveSummary {
    return this.history.step(() => this.session.solve());
  }

  /** Sets the pose; the goals and their handles move to the new pose. */
  setPose(angles: ArrayLike<number>, rootOffset_ms?: [number, number, number]): void {
    this.history.step(() => {
      this.session.setPose(angles, rootOffset_ms);
      this.placeOnTargets(this.targetHandles);
    });
  }

  /** Moves every target and its handle (model space, in goal order) without solving. */
  setTargets(targets_ms: readonly [number, number, number][]): void {
    this.history.step(() => {
      this.session.setTargets(targets_ms);
      this.placeOnTargets(this.targetHandles);
    });
  }

  /** Puts the camera at `position_ws`, orbiting around `target_ws`. */
  setCamera(position_ws: [number, number, number], target_ws: [number, number, number]): void {
    const { camera, orbit } = this.viewport;
    camera.position.set(...position_ws);
    orbit.target.set(...target_ws);
    orbit.update();
  }

  /** Draws one frame. */
  drawFrame(): void {
    const session = this.session;
    if (session.poseVersion !== this.uploadedPoseVersion) {
      this.character.update(session.rig);
      this.debugView?.update();
      this.uploadedPoseVersion = session.poseVersion;
    }
    const { readouts } = this;
    if (readouts !== null && session.solveCount !== this.shownSolveCount) {
      const solve = session.lastSolve;
      readouts.hud.show(solve);
      if (solve.failure === null) readouts.energyPlot.show(session.energyHistory());
      else readouts.energyPlot.showMessage('No energy: the solve failed.');
      this.shownSolveCount = session.solveCount;
    }
    this.viewport.render();
    this.frames++;
  }

  /**
   * Shows another character: `session` (its rig, solver and goals) and
   * `character` (its meshes) take over, with new handles; the old ones are
   * freed. The camera stays where it is.
   */
  replaceCharacter(session: PosingSession, character: CharacterMeshes, source: CharacterSource): void {
    // The new character skins as the old one did; the debug view belonged to the old one.
    character.setMethod(this.skinning);
    this.debugView?.dispose();
    this.debugView = null;
    this.targetHandles.dispose();
    this.currentCharacter.dispose();
    this.currentSession.rig.dispose();
    this.versionBase += this.sessionVersion() + 1;
    this.currentSession = session;
    this.currentCharacter = character;
    this.currentSource = source;
    // Undo steps and symmetric partners belong to the old rig's bones.
    this.history.clear();
    this.viewport.scene.add(character.mesh);
    this.targetHandles = this.createHandles();
    this.handlesGoalsVersion = session.goalsVersion;
    this.symmetry.pairGoals(session);
    this.uploadedPoseVersion = -1;
    this.shownSolveCount = session.solveCount;
    // A drag ended by the swap never re-enables orbiting by itself.
    this.viewport.orbit.enabled = true;
    this.readouts?.solverPanel.show(session.solverName, {});
  }

  /** Frees the GPU resources and the WASM rig; the app is unusable afterwards. */
  dispose(): void {
    this.targetHandles.dispose();
    this.readouts?.energyPlot.dispose();
    this.debugView?.dispose();
    this.character.dispose();
    this.viewport.dispose();
    this.session.rig.dispose();
  }

  private sessionVersion(): number {
    const { session } = this;
    return session.poseVersion + session.solverVersion + session.goalsVersion;
  }

  /** New handles (and symmetric partners) when the goals changed. */
  private followGoals(): void {
    if (this.session.goalsVersion === this.handlesGoalsVersion) return;
    this.targetHandles.dispose();
    this.targetHandles = this.createHandles();
    this.handlesGoalsVersion = this.session.goalsVersion;
    this.symmetry.pairGoals(this.session);
    // A drag ended by the swap never re-enables orbiting by itself.
    this.viewport.orbit.enabled = true;
  }

  private createHandles(): TargetHandles {
    const { viewport, session } = this;
    const styles = session.layout.goals.map((goal) => ({ name: goal.bone, color: goal.color, pinned: goal.pinned === true }));
    const handles = new TargetHandles(
      styles,
      viewport.camera,
      viewport.canvas,
      viewport.scene,
      viewport.orbit,
      handleMoves(session, this.symmetry, (partner, position_ms) => handles.place(partner, position_ms)),
      (dragging) => (dragging ? this.history.begin() : this.history.end()),
    );
    this.placeOnTargets(handles);
    return handles;
  }

  private placeOnTargets(handles: TargetHandles): void {
    for (let g = 0; g < handles.count; g++) handles.place(g, this.session.target_ms(g));
  }
}
