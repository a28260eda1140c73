// What the viewport shows of the pose editor: the character's meshes skinned
// from the rig's palette, one target handle per goal (new ones whenever the
// goals change, placed on the targets whenever they move), the selected
// target's gizmo, the skeleton when asked for, and the debug view for
// tests. It draws on demand: every
// change of the editor or the selection asks the frame scheduler for a
// frame, and drawFrame() uploads the bone data only when the pose changed.
import type { SkinningMethod } from '../rig/rig.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { PosingSession } from '../posing/posing-session.js';
import { NOTHING, type Selection } from '../posing/selection.js';
import { frameCharacter } from '../three/character-framing.js';
import type { CharacterMeshes } from '../three/character-meshes.js';
import { DebugView, type DebugMesh } from '../three/debug-view.js';
import type { Viewport } from '../three/scene.js';
import type { CharacterColors } from '../three/skinned-character.js';
import { SkeletonOverlay } from '../three/skeleton-overlay.js';
import { TargetHandles } from '../three/target-handles.js';

export class PosingView {
  private currentCharacter: CharacterMeshes;
  private targetHandles: TargetHandles;
  private handlesSession: PosingSession;
  private handlesGoalsVersion: number;
  private placedTargetsVersion = -1;
  private uploadedPoseVersion = -1;
  private uploadedSession: PosingSession | null = null;
  private frames = 0;
  private frameWaiters: (() => void)[] = [];
  private readonly listeners: (() => void)[] = [];
  private cameraMoves = 0;
  private debugView: DebugView | null = null;
  private skeleton: SkeletonOverlay;
  private skeletonShown = false;
  private skeletonPoseVersion = -1;

  /** `requestFrame` asks the page's frame scheduler for a frame. */
  constructor(
    private readonly editor: PoseEditor,
    readonly viewport: Viewport,
    character: CharacterMeshes,
    private readonly selection: Selection,
    private readonly requestFrame: () => void,
  ) {
    this.currentCharacter = character;
    viewport.scene.add(character.mesh);
    this.handlesSession = editor.session;
    this.handlesGoalsVersion = editor.session.goalsVersion;
    this.targetHandles = this.createHandles();
    this.skeleton = this.createSkeleton();
    // Orbiting, zooming and their damping all end in this event.
    viewport.orbit.addEventListener('change', () => this.cameraMoves++);
    viewport.onInvalidate = requestFrame;
    editor.onChange(this.onEditorChanged);
    selection.onChange(() => {
      this.targetHandles.select(selection.goal);
      requestFrame();
    });
  }

  /** The meshes of the character on screen. */
  get character(): CharacterMeshes {
    return this.currentCharacter;
  }

  /** One handle per goal of the current solver. */
  get handles(): TargetHandles {
    return this.targetHandles;
  }

  /** Bumped whenever the camera moves. */
  get cameraVersion(): number {
    return this.cameraMoves;
  }

  get renderedFrames(): number {
    return this.frames;
  }

  /** Calls `listener` after a change of what the view shows besides the pose: skinning, skeleton, debug view. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Whether the skeleton is drawn over the character. */
  get showsSkeleton(): boolean {
    return this.skeletonShown;
  }

  showSkeleton(shown: boolean): void {
    this.skeletonShown = shown;
    this.skeleton.visible = shown;
    this.skeletonPoseVersion = -1;
    this.changed();
  }

  get skinning(): SkinningMethod {
    return this.character.method;
  }

  /** Skins the character with `method` from the next frame on. */
  setSkinning(method: SkinningMethod): void {
    this.character.setMethod(method);
    this.uploadedPoseVersion = -1;
    this.changed();
  }

  /** For tests: draws the character with another mesh or in flat colours (see DebugView). */
  setDebugView(mesh: DebugMesh, colors: CharacterColors): void {
    this.debugView ??= new DebugView(this.viewport.scene, this.character, this.editor.session.rig);
    this.debugView.set(mesh, colors);
    this.uploadedPoseVersion = -1;
    this.changed();
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
    if (session.poseVersion !== this.uploadedPoseVersion || session !== this.uploadedSession) {
      this.character.update(session.rig);
      this.debugView?.update();
      this.uploadedPoseVersion = session.poseVersion;
      this.uploadedSession = session;
    }
    if (this.skeletonShown && session.poseVersion !== this.skeletonPoseVersion) {
      this.skeleton.update(session.rig.modelMatrices(), session.rig.boneTips());
      this.skeletonPoseVersion = session.poseVersion;
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
   * Shows another character's meshes (the editor has its session already):
   * they skin as the old ones did, new handles, a camera framing it; the old
   * meshes and the debug view (which belonged to them) are freed.
   */
  showCharacter(character: CharacterMeshes): void {
    character.setMethod(this.skinning);
    this.debugView?.dispose();
    this.debugView = null;
    this.currentCharacter.dispose();
    this.currentCharacter = character;
    this.viewport.scene.add(character.mesh);
    this.uploadedPoseVersion = -1;
    this.skeleton.dispose();
    this.skeleton = this.createSkeleton();
    this.followGoals();
    frameCharacter(this.viewport, character, this.editor.session.rig);
    this.requestFrame();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
    this.requestFrame();
  }

  /** Frees the GPU resources; the view is unusable afterwards. */
  dispose(): void {
    this.targetHandles.dispose();
    this.skeleton.dispose();
    this.debugView?.dispose();
    this.character.dispose();
    this.viewport.dispose();
  }

  // Runs on every change of the editor, a drag's every move included: allocation-free then.
  private readonly onEditorChanged = (): void => {
    this.followGoals();
    const { session } = this.editor;
    if (session.targetsVersion !== this.placedTargetsVersion) {
      this.targetHandles.placeAll(session.targets_ms);
      this.placedTargetsVersion = session.targetsVersion;
    }
    this.requestFrame();
  };

  /** New handles when the goals (or the character) changed. */
  private followGoals(): void {
    const { session } = this.editor;
    if (session === this.handlesSession && session.goalsVersion === this.handlesGoalsVersion) return;
    this.targetHandles.dispose();
    this.handlesSession = session;
    this.handlesGoalsVersion = session.goalsVersion;
    this.targetHandles = this.createHandles();
    // A selected goal may be gone; a drag ended by the swap never re-enables orbiting by itself.
    if (this.selection.goal !== NOTHING) this.selection.clear();
    this.viewport.orbit.enabled = true;
  }

  private createSkeleton(): SkeletonOverlay {
    const { rig } = this.editor.session;
    const skeleton = new SkeletonOverlay(this.viewport.scene, rig.boneNames.map((_, bone) => rig.frame(bone)));
    skeleton.visible = this.skeletonShown;
    this.skeletonPoseVersion = -1;
    return skeleton;
  }

  private createHandles(): TargetHandles {
    const { viewport, editor, selection } = this;
    const { session } = editor;
    const styles = session.layout.goals.map((goal) => ({ name: goal.bone, color: goal.color, pinned: goal.pinned === true }));
    const handles = new TargetHandles(styles, viewport.camera, viewport.canvas, viewport.scene, viewport.orbit, {
      moved: editor.handleMoved,
      pressed: (goal) => selection.selectGoal(goal),
      dragStarted: () => editor.beginGesture(),
      dragEnded: () => editor.endGesture(),
      dragCancelled: () => editor.cancelGesture(),
      redraw: this.requestFrame,
    });
    handles.placeAll(session.targets_ms);
    this.placedTargetsVersion = session.targetsVersion;
    return handles;
  }
}
