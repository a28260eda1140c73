// What the viewport shows of the pose editor's active character: its meshes
// skinned from the rig's palette (page-characters.ts puts every character's
// meshes where it stands and draws the others), one target handle per goal and one per pole, with
// a line from its joint (new ones whenever the goals change, placed on the
// targets and poles whenever they move), the selected target's translate
// gizmo and, for a target that holds an orientation, its rotation gizmo;
// the skeleton when asked for, and the debug view for tests. It draws on demand: every
// change of the editor or the selection asks the frame scheduler for a
// frame, and drawFrame() brings up to date only what the changes told it:
// the bone data when the pose changed, the pole lines, the skeleton.
import { Signal } from '../rig/listener-list.js';
import type { SkinningMethod } from '../rig/rig.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { PosingSession } from '../posing/posing-session.js';
import { Change, type Changes, NEW_HANDLES } from '../scene/scene-change.js';
import type { SceneCharacter } from '../scene/scene.js';
import { NOTHING, type Selection } from '../posing/selection.js';
import { characterScale, frameCharacter } from '../three/character-framing.js';
import type { CharacterMeshes } from '../three/character-meshes.js';
import { DebugView, type DebugMesh } from '../three/debug-view.js';
import type { Viewport } from '../three/scene.js';
import type { CharacterColors } from '../three/skinned-character.js';
import * as THREE from 'three';
import { BoneGizmo } from '../three/bone-gizmo.js';
import { BalanceOverlay } from '../three/balance-overlay.js';
import { PoleLines } from '../three/pole-lines.js';
import { SkeletonOverlay } from '../three/skeleton-overlay.js';
import { type HandleStyle, TargetHandles } from '../three/target-handles.js';

export class PosingView {
  private currentCharacter: CharacterMeshes;
  private targetHandles: TargetHandles;
  /** Handles past the goals' are poles: the goal of each, and the bone whose origin bends toward it. */
  private poleGoals = new Int32Array(0);
  private poleJoints = new Int32Array(0);
  private poleLines: PoleLines;
  /** What the next frame must bring up to date (the editor's changes set them; drawFrame clears them). */
  private polesStale = true;
  /** The selected target's rotation gizmo (for a goal that holds an orientation). */
  private readonly targetRotation: BoneGizmo;
  private rotatedGoal = NOTHING;
  private readonly rotation_ms = new Float32Array(16);
  private readonly rotationMatrix = new THREE.Matrix4();
  private readonly rotationQuaternion = new THREE.Quaternion();
  private readonly rotationPosition = new THREE.Vector3();
  private readonly unitScale = new THREE.Vector3(1, 1, 1);
  private handlesSession: PosingSession;
  /** The goal names the handles were made for (the session's own list changes with its goals). */
  private handlesGoalNames: readonly string[];
  private poseStale = true;
  private frames = 0;
  private frameWaiters: (() => void)[] = [];
  private readonly shownChanged = new Signal();
  private readonly cameraMoved = new Signal();
  private readonly stopListening: (() => void)[];
  private debugView: DebugView | null = null;
  private skeleton: SkeletonOverlay;
  private skeletonShown = false;
  private skeletonStale = true;
  private handlesShown = true;
  /** The centre of mass and support polygon, shown while the session keeps balance as asked. */
  private readonly balance: BalanceOverlay;
  private balanceStale = true;

  /** `requestFrame` asks the page's frame scheduler for a frame. */
  constructor(
    private readonly editor: PoseEditor,
    readonly viewport: Viewport,
    character: CharacterMeshes,
    private readonly selection: Selection,
    private readonly requestFrame: () => void,
  ) {
    this.currentCharacter = character;
    this.handlesSession = editor.session;
    this.handlesGoalNames = editor.session.goalNames.slice();
    this.poleLines = new PoleLines(viewport.scene, 0);
    this.balance = new BalanceOverlay(viewport.scene);
    this.targetHandles = this.createHandles();
    this.skeleton = this.createSkeleton();
    this.targetRotation = new BoneGizmo(viewport.camera, viewport.canvas, viewport.scene, viewport.orbit, {
      rotated: (rotation_ms) => {
        if (this.rotatedGoal !== NOTHING) editor.turnGoal(this.rotatedGoal, rotation_ms.toArray());
      },
      dragStarted: () => editor.beginGesture(),
      dragEnded: () => {
        editor.endGesture();
        this.placeRotationGizmo();
      },
      redraw: requestFrame,
    });
    window.addEventListener('keydown', this.onKeyDown, { capture: true });
    // Orbiting, zooming and their damping all end in this event.
    viewport.orbit.addEventListener('change', () => this.cameraMoved.tell());
    viewport.onInvalidate = requestFrame;
    this.stopListening = [
      editor.onChange(this.onEditorChanged),
      selection.onChange(() => {
        this.targetHandles.select(selection.goal);
        this.showRotationGizmo();
        requestFrame();
      }),
    ];
  }

  /** The meshes of the character on screen. */
  get character(): CharacterMeshes {
    return this.currentCharacter;
  }

  /** One handle per goal of the current solver, then one per pole. */
  get handles(): TargetHandles {
    return this.targetHandles;
  }

  /** Whether a press at a page point (CSS px) by a pointer of `pointerType` takes a handle, its arrows, or the selected target's rotation gizmo. */
  hitAt(x: number, y: number, pointerType: string): boolean {
    return this.targetRotation.engaged || this.targetHandles.hitAt(x, y, pointerType);
  }

  /** The handle of goal `goal`'s pole (for tests that drive real pointer events), or -1. */
  poleHandle(goal: number): number {
    const k = this.poleGoals.indexOf(goal);
    return k < 0 ? -1 : this.editor.session.goalNames.length + k;
  }

  /** Calls `listener` whenever the camera moves (orbiting, zooming, their damping, setCamera); returns a function that stops it. */
  onCameraMoved(listener: () => void): () => void {
    return this.cameraMoved.add(listener);
  }

  get renderedFrames(): number {
    return this.frames;
  }

  /** Calls `listener` after a change of what the view shows besides the pose: skinning, skeleton, debug view. */
  onChange(listener: () => void): () => void {
    return this.shownChanged.add(listener);
  }

  /** Whether the skeleton is drawn over the character. */
  get showsSkeleton(): boolean {
    return this.skeletonShown;
  }

  showSkeleton(shown: boolean): void {
    this.skeletonShown = shown;
    this.skeleton.visible = shown;
    this.skeletonStale = true;
    this.changed();
  }

  /** Shows or hides the target handles, their pole lines and the rotation gizmo (hidden while a clip plays). */
  showHandles(shown: boolean): void {
    if (shown === this.handlesShown) return;
    this.handlesShown = shown;
    this.targetHandles.shown = shown;
    this.poleLines.lines.visible = shown && this.poleGoals.length > 0;
    this.showRotationGizmo();
    this.requestFrame();
  }

  get skinning(): SkinningMethod {
    return this.character.method;
  }

  /** Skins the character with `method` from the next frame on. */
  setSkinning(method: SkinningMethod): void {
    this.character.setMethod(method);
    this.poseStale = true;
    this.changed();
  }

  /** For tests: draws the character with another mesh or in flat colours (see DebugView). */
  setDebugView(mesh: DebugMesh, colors: CharacterColors): void {
    this.debugView ??= new DebugView(this.viewport.scene, this.character, this.editor.session.rig);
    this.debugView.set(mesh, colors);
    this.poseStale = true;
    this.changed();
  }

  /** The rig's springs moved its bones without a new pose: upload them with the next frame. */
  springsMoved(): void {
    this.poseStale = true;
    this.skeletonStale = true;
  }

  /** Puts the camera at `position_ws`, orbiting around `target_ws`. */
  setCamera(position_ws: [number, number, number], target_ws: [number, number, number]): void {
    const { camera, orbit } = this.viewport;
    camera.position.set(...position_ws);
    orbit.target.set(...target_ws);
    orbit.update();
    this.requestFrame();
  }

  /**
   * Draws one frame: uploads the bone data if the pose changed, then
   * renders. Returns whether the view wants the next frame too (the camera
   * easing out). Allocation-free.
   */
  drawFrame(): boolean {
    const { session } = this.editor;
    if (this.poseStale) {
      this.character.update(session.rig);
      this.debugView?.update();
      this.poseStale = false;
    }
    if (this.poleGoals.length > 0 && this.polesStale) {
      this.poleLines.update(session.rig.modelMatrices(), this.poleJoints, session.poles_ms, this.poleGoals);
      this.polesStale = false;
    }
    if (this.skeletonShown && this.skeletonStale) {
      this.skeleton.update(session.rig.modelMatrices(), session.rig.boneTips());
      this.skeletonStale = false;
    }
    this.balance.visible = this.handlesShown && session.keepBalanceAsked;
    if (this.balance.visible && this.balanceStale) {
      this.balance.update(session.rig.balance());
      this.balanceStale = false;
    }
    const moving = this.viewport.render();
    this.frames++;
    if (this.frameWaiters.length > 0) {
      const waiters = this.frameWaiters;
      this.frameWaiters = [];
      for (const resolve of waiters) resolve();
    }
    return moving;
  }

  /** Draws a frame (asking for one) and resolves once it is drawn: what is on screen then shows every change made before. */
  nextFrame(): Promise<void> {
    return new Promise((resolve) => {
      this.frameWaiters.push(resolve);
      this.requestFrame();
    });
  }

  /**
   * Shows another character's meshes in place of the active one's (the
   * editor has its session already): they skin as the old ones did, new
   * handles, a camera framing it; the old meshes and the debug view (which
   * belonged to them) are freed.
   */
  showCharacter(character: CharacterMeshes): void {
    this.currentCharacter.dispose();
    this.adoptCharacter(character);
    frameCharacter(this.viewport, character, this.editor.session.rig);
  }

  /**
   * Shows the handles, skeleton and overlays on another character of the
   * scene, now the active one (its meshes stay where they are and stay its
   * own), skinned as the view skins; the camera stays.
   */
  adoptCharacter(character: CharacterMeshes): void {
    character.setMethod(this.skinning);
    this.debugView?.dispose();
    this.debugView = null;
    this.currentCharacter = character;
    this.poseStale = true;
    this.balanceStale = true;
    this.skeleton.dispose();
    this.skeleton = this.createSkeleton();
    this.followGoals();
    this.requestFrame();
  }

  private changed(): void {
    this.shownChanged.tell();
    this.requestFrame();
  }

  /** Frees the GPU resources; the view is unusable afterwards. */
  dispose(): void {
    for (const stop of this.stopListening) stop();
    window.removeEventListener('keydown', this.onKeyDown, { capture: true });
    this.targetHandles.dispose();
    this.poleLines.dispose();
    this.balance.dispose();
    this.targetRotation.dispose();
    this.skeleton.dispose();
    this.debugView?.dispose();
    this.viewport.dispose();
  }

  // Runs on every change of the editor, a drag's every move included: allocation-free then.
  private readonly onEditorChanged = (changes: Changes, character: SceneCharacter): void => {
    // Another character's session: page-characters.ts draws it.
    if (character !== this.editor.active) return;
    if ((changes & NEW_HANDLES) !== 0) this.followGoals();
    if ((changes & Change.POSE) !== 0) {
      this.poseStale = true;
      this.skeletonStale = true;
      this.polesStale = true;
    }
    // The planted feet follow the goals; Keep balance turned on shows the overlay.
    if ((changes & (Change.POSE | Change.GOALS | Change.SOLVER)) !== 0) this.balanceStale = true;
    if ((changes & Change.TARGETS) !== 0) {
      this.placeHandles();
      this.polesStale = true;
    }
    if (this.rotatedGoal !== NOTHING && !this.targetRotation.dragging) this.placeRotationGizmo();
    this.requestFrame();
  };

  /** The handles on the targets and the poles. */
  private placeHandles(): void {
    const { session } = this.editor;
    const goals = session.goalNames.length;
    for (let g = 0; g < goals; g++) this.targetHandles.place(g, session.targets_ms, 3 * g);
    for (let k = 0; k < this.poleGoals.length; k++) this.targetHandles.place(goals + k, session.poles_ms, 3 * this.poleGoals[k]);
  }

  /** The rotation gizmo on the selected target if it holds an orientation, else none. */
  private showRotationGizmo(): void {
    const goal = this.selection.goal;
    const orients = this.handlesShown && goal !== NOTHING && this.editor.session.orientation_ms(goal) !== null;
    this.rotatedGoal = orients ? goal : NOTHING;
    if (orients) {
      this.targetRotation.attach([0, 0, 0, 1]);
      this.placeRotationGizmo();
    } else {
      this.targetRotation.detach();
    }
  }

  /** Puts the rotation gizmo on its target, turned as the target orientation. */
  private placeRotationGizmo(): void {
    const goal = this.rotatedGoal;
    const { session } = this.editor;
    if (goal === NOTHING || goal >= session.goalNames.length) return;
    const q = session.orientations_ms;
    if (Number.isNaN(q[4 * goal])) return;
    this.rotationQuaternion.set(q[4 * goal], q[4 * goal + 1], q[4 * goal + 2], q[4 * goal + 3]);
    this.rotationPosition.fromArray(session.targets_ms, 3 * goal);
    this.rotationMatrix.compose(this.rotationPosition, this.rotationQuaternion, this.unitScale).toArray(this.rotation_ms);
    this.targetRotation.follow(this.rotation_ms, 0);
  }

  // Esc during a drag of the rotation gizmo: the editor puts the state back, the gizmo lets go.
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.targetRotation.dragging) return;
    this.editor.cancelGesture();
    this.targetRotation.cancelDrag();
    event.preventDefault();
    event.stopImmediatePropagation();
  };

  /** New handles when the goals (or the character) changed. */
  private followGoals(): void {
    const { session } = this.editor;
    const names = this.handlesGoalNames;
    const sameCharacter = session === this.handlesSession;
    this.targetHandles.dispose();
    this.handlesSession = session;
    this.handlesGoalNames = session.goalNames.slice();
    this.targetHandles = this.createHandles();
    // The selected goal stays selected while it is there (its pin, pole or rotation toggled); a drag ended by the swap never re-enables orbiting by itself.
    const goal = this.selection.goal;
    const stays = sameCharacter && goal < session.goalNames.length && session.goalNames[goal] === names[goal];
    if (goal !== NOTHING && !stays) this.selection.clear();
    else this.targetHandles.select(goal);
    this.showRotationGizmo();
    this.viewport.orbit.enabled = true;
  }

  private createSkeleton(): SkeletonOverlay {
    const { rig } = this.editor.session;
    const skeleton = new SkeletonOverlay(this.viewport.scene, rig.boneNames.map((_, bone) => rig.frame(bone)));
    skeleton.visible = this.skeletonShown;
    this.skeletonStale = true;
    return skeleton;
  }

  private createHandles(): TargetHandles {
    const { viewport, editor, selection } = this;
    const { session } = editor;
    const goals = session.goalNames.length;
    const poleGoals = session.layout.goals.flatMap((_, g) => (session.poleBone(g) >= 0 ? [g] : []));
    this.poleGoals = Int32Array.from(poleGoals);
    this.poleJoints = Int32Array.from(poleGoals, (g) => session.poleBone(g));
    this.poleLines.dispose();
    this.poleLines = new PoleLines(viewport.scene, poleGoals.length);
    this.poleLines.lines.visible &&= this.handlesShown;
    this.polesStale = true;
    const styles: HandleStyle[] = session.layout.goals.map((goal) => ({ name: goal.bone, color: goal.color, pinned: goal.pinned === true }));
    for (const g of poleGoals) styles.push({ name: `${session.goalNames[g]}:pole`, color: session.layout.goals[g].color, pole: true });
    const handles = new TargetHandles(styles, viewport.camera, viewport.canvas, viewport.scene, viewport.orbit, {
      // Handles past the goals' are poles.
      moved: (handle, position_ms) => (handle < goals ? editor.handleMoved(handle, position_ms) : editor.poleMoved(this.poleGoals[handle - goals], position_ms)),
      pressed: (handle) => selection.selectGoal(handle < goals ? handle : this.poleGoals[handle - goals]),
      dragStarted: () => editor.beginGesture(),
      dragEnded: () => editor.endGesture(),
      dragCancelled: () => editor.cancelGesture(),
      redraw: this.requestFrame,
    }, characterScale(this.currentCharacter));
    handles.shown = this.handlesShown;
    this.targetHandles = handles;
    this.placeHandles();
    return handles;
  }
}
