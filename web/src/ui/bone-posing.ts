// Forward-kinematics posing: click a bone to select it (nearest bone segment
// on screen; a click on a target handle, on its gizmo's arrows or on empty
// space does not select one, the latter deselects), see it highlighted, and
// turn it with the inspector's per-slot sliders, the rotation gizmo at its
// joint (whose rotation the rig turns into Euler angles nearest the current
// ones), or R: the bone turns about the line of sight as the pointer circles
// its joint, until a click (or Enter) keeps it and Esc (or the right
// button) puts it back. R turns a selected target's orientation the same way. Angles go through the editor's pose path (clamped
// to the limits by the rig), so the IK targets and handles follow the new
// pose; a slider drag, a gizmo drag and an R turn are one undo step each.
// Whenever the pose changes, the highlight, the sliders and the gizmo follow
// (an IK drag turns the selected bone too).
import * as THREE from 'three';
import type { Rig } from '../rig/rig.js';
import type { QuatTuple } from '../rig/rig-desc.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { PosingSession } from '../posing/posing-session.js';
import { NOTHING, type Selection } from '../posing/selection.js';
import { BoneGizmo } from '../three/bone-gizmo.js';
import { BoneHighlight } from '../three/bone-highlight.js';
import { PICK_DISTANCE_PX, nearestSegment, projectBoneSegments } from '../three/bone-picking.js';
import { ScreenTurn } from '../three/screen-turn.js';
import type { Viewport } from '../three/scene.js';
import { BonePanel } from './bone-panel.js';
import { ChangeFlag } from '../scene/change-flag.js';
import { Change } from '../scene/scene-change.js';

// A press that moves further than this (CSS px) orbits the camera: no click.
const CLICK_SLOP_PX = 5;

/** Where a press by a pointer of `pointerType` lands, besides bones: on a target handle (or within its reach) or its gizmo (those take the press). */
export type HandleHitTest = (x: number, y: number, pointerType: string) => boolean;

export class BonePosing {
  /** Raised by a new pose (or another character): the highlight, sliders and gizmo follow it at the next frame. */
  private readonly posed: ChangeFlag;
  private shownSession: PosingSession | null = null;
  private readonly highlight: BoneHighlight;
  private readonly gizmo: BoneGizmo;
  private readonly panel: BonePanel;
  private segments_px = new Float64Array(0);
  /** Where the primary button went down, while the gesture can still be a click. */
  private pressX = 0;
  private pressY = 0;
  private clickPossible = false;
  /** An R turn under way, round the joint on the page. */
  private turning = false;
  private readonly turn = new ScreenTurn();
  private readonly turnStart_ms = new THREE.Quaternion();
  private readonly matrix = new THREE.Matrix4();
  private readonly scratch = new THREE.Vector3();

  constructor(
    private readonly editor: PoseEditor,
    private readonly selection: Selection,
    private readonly viewport: Viewport,
    private readonly hitsHandle: HandleHitTest,
    panelParent: HTMLElement,
    requestFrame: () => void,
    /** A click on no bone of the active character may land on another character: makes it active, true if it did. */
    private readonly pickCharacter: (x: number, y: number) => boolean = () => false,
  ) {
    this.posed = new ChangeFlag(editor, Change.POSE);
    const { camera, canvas, scene, orbit } = viewport;
    this.highlight = new BoneHighlight(scene);
    this.gizmo = new BoneGizmo(camera, canvas, scene, orbit, {
      rotated: (rotation_ms) => this.rotateSelected(rotation_ms.toArray() as QuatTuple),
      dragStarted: () => editor.beginGesture(),
      dragEnded: () => {
        editor.endGesture();
        this.posed.raise();
      },
      redraw: requestFrame,
    });
    this.panel = new BonePanel(panelParent, {
      input: (slot, angle) => this.setSlot(slot, angle),
      gestureStarted: () => editor.beginGesture(),
      gestureEnded: () => editor.endGesture(),
      close: () => selection.clear(),
    });
    selection.onChange(() => this.showSelection());
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('contextmenu', this.onContextMenu);
    window.addEventListener('keydown', this.onKeyDown, { capture: true });
  }

  /** The posed rig (the editor's). */
  get rig(): Rig {
    return this.editor.session.rig;
  }

  /** Whether an R turn or a gizmo drag is under way. */
  get busy(): boolean {
    return this.turning || this.gizmo.dragging;
  }

  /** The rotation gizmo's part under the pointer or being dragged (see BoneGizmo.axis), or null. */
  get gizmoAxis(): string | null {
    return this.gizmo.axis;
  }

  /** The bone under a page point (CSS px), or NOTHING. */
  boneAt(x: number, y: number): number {
    this.projectSegments();
    return nearestSegment(this.segments_px, x, y, PICK_DISTANCE_PX);
  }

  /** A point of the bone's drawn segment (`along` 0: the joint, 1: the tip), in CSS pixels of the page. */
  screenPosition(bone: number, along: number): { x: number; y: number } {
    this.projectSegments();
    const s = 4 * bone;
    const segment = this.segments_px;
    return { x: segment[s] + along * (segment[s + 2] - segment[s]), y: segment[s + 1] + along * (segment[s + 3] - segment[s + 1]) };
  }

  /**
   * R: turns the selected bone about the line of sight as the pointer,
   * now at page point (x, y), circles its joint — or the selected target's
   * orientation, as the pointer circles the target. False with nothing to
   * turn selected (a target that holds no orientation) or a gesture under
   * way.
   */
  startTurn(x: number, y: number): boolean {
    if (this.busy || this.editor.undo.inStep) return false;
    const bone = this.selection.bone;
    const goal = this.selection.goal;
    const orientation = goal === NOTHING ? null : this.editor.session.orientation_ms(goal);
    if (bone !== NOTHING) {
      const { x: jointX, y: jointY } = this.screenPosition(bone, 0);
      this.matrix.fromArray(this.rig.modelMatrices(), 16 * bone).decompose(this.scratch, this.turnStart_ms, new THREE.Vector3());
      this.turn.begin(this.viewport.camera, jointX, jointY, x, y, this.turnStart_ms);
    } else if (orientation !== null) {
      const { camera, canvas } = this.viewport;
      const rect = canvas.getBoundingClientRect();
      const at = this.scratch.fromArray(this.editor.session.targets_ms, 3 * goal).project(camera);
      this.turnStart_ms.fromArray(orientation);
      this.turn.begin(camera, rect.left + ((at.x + 1) / 2) * rect.width, rect.top + ((1 - at.y) / 2) * rect.height, x, y, this.turnStart_ms);
    } else {
      return false;
    }
    this.turning = true;
    this.viewport.orbit.enabled = false;
    this.editor.beginGesture();
    return true;
  }

  /** Called with every frame before drawing: the highlight, the sliders and the gizmo follow the pose. */
  update(): void {
    const { session } = this.editor;
    if (session !== this.shownSession) {
      // Another character: its bones are new, nothing of the old one stays selected.
      this.shownSession = session;
      this.segments_px = new Float64Array(4 * session.rig.boneCount);
      this.cancelTurn();
      if (this.selection.bone !== NOTHING) this.selection.clear();
    }
    const bone = this.selection.bone;
    if (bone === NOTHING || !this.posed.take()) return;
    const { rig } = session;
    const model_ms = rig.modelMatrices();
    const tips_ms = rig.boneTips();
    const m = 16 * bone;
    const t = 3 * bone;
    this.highlight.show(model_ms, m, tips_ms, t);
    this.gizmo.follow(model_ms, m);
    this.panel.showAngles(rig.pose(), 3 * bone);
  }

  dispose(): void {
    this.posed.dispose();
    const { canvas } = this.viewport;
    canvas.removeEventListener('pointerdown', this.onPointerDown);
    canvas.removeEventListener('pointermove', this.onPointerMove);
    canvas.removeEventListener('pointerup', this.onPointerUp);
    canvas.removeEventListener('contextmenu', this.onContextMenu);
    window.removeEventListener('keydown', this.onKeyDown, { capture: true });
    this.highlight.dispose();
    this.gizmo.dispose();
  }

  /** Shows the selected bone (sliders, gizmo), or hides them. */
  private showSelection(): void {
    const bone = this.selection.bone;
    const { rig } = this;
    if (bone !== NOTHING && bone < rig.boneCount) {
      const { min, max } = rig.limits(bone);
      this.panel.showJoint({ name: rig.boneNames[bone], order: rig.orders[bone], min, max });
      this.panel.showAngles(rig.pose(), 3 * bone);
      this.gizmo.attach(rig.frame(bone));
    } else {
      this.panel.hide();
      this.highlight.hide();
      this.gizmo.detach();
    }
    // The highlight and the gizmo are placed at the next frame.
    this.posed.raise();
  }

  private rotateSelected(rotation_ms: QuatTuple): void {
    const bone = this.selection.bone;
    if (bone === NOTHING) return;
    const [a0, a1, a2] = this.rig.anglesForModelRotation(bone, rotation_ms);
    this.editor.setBoneAngles(bone, a0, a1, a2);
  }

  private setSlot(slot: number, angle: number): void {
    const bone = this.selection.bone;
    if (bone === NOTHING) return;
    const angles = this.rig.getAngles(bone);
    angles[slot] = angle;
    this.editor.setBoneAngles(bone, angles[0], angles[1], angles[2]);
  }

  private projectSegments(): void {
    const { camera, canvas } = this.viewport;
    const { rig } = this;
    if (this.segments_px.length !== 4 * rig.boneCount) this.segments_px = new Float64Array(4 * rig.boneCount);
    camera.updateMatrixWorld();
    projectBoneSegments(rig.modelMatrices(), rig.boneTips(), camera, canvas.getBoundingClientRect(), this.segments_px);
  }

  private finishTurn(keep: boolean): void {
    if (!this.turning) return;
    this.turning = false;
    this.viewport.orbit.enabled = true;
    if (keep) this.editor.endGesture();
    else this.editor.cancelGesture();
  }

  private cancelTurn(): void {
    this.finishTurn(false);
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (this.turning) {
      // A turn ends with a click: the left button keeps it, another puts it back.
      event.stopImmediatePropagation();
      this.finishTurn(event.button === 0);
      this.clickPossible = false;
      return;
    }
    this.clickPossible = event.isPrimary && event.button === 0;
    this.pressX = event.clientX;
    this.pressY = event.clientY;
  };

  // A press that strays further than the slop is a drag (of a handle, or of
  // the camera), even if it ends where it began. Runs on every pointer move,
  // a drag's included: written out, allocating nothing.
  private readonly onPointerMove = (event: PointerEvent): void => {
    if (this.turning) {
      const rotation_ms = this.turn.at(event.clientX, event.clientY).toArray() as QuatTuple;
      if (this.selection.bone !== NOTHING) this.rotateSelected(rotation_ms);
      else if (this.selection.goal !== NOTHING) this.editor.turnGoal(this.selection.goal, rotation_ms);
      return;
    }
    if (!this.clickPossible) return;
    const dx = event.clientX - this.pressX;
    const dy = event.clientY - this.pressY;
    if (dx * dx + dy * dy > CLICK_SLOP_PX * CLICK_SLOP_PX) this.clickPossible = false;
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (!this.clickPossible || !event.isPrimary) return;
    this.clickPossible = false;
    const { clientX: x, clientY: y } = event;
    if (Math.hypot(x - this.pressX, y - this.pressY) > CLICK_SLOP_PX) return;
    if (this.gizmo.engaged || this.hitsHandle(x, y, event.pointerType)) return;
    const bone = this.boneAt(x, y);
    if (bone !== NOTHING) this.selection.selectBone(bone);
    else if (!this.pickCharacter(x, y)) this.selection.clear();
  };

  private readonly onContextMenu = (event: MouseEvent): void => {
    if (this.turning) event.preventDefault();
  };

  // Esc ends a turn, a gizmo drag or a slider drag by putting the pose back; Enter keeps a turn.
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.gizmo.dragging) {
      this.editor.cancelGesture();
      this.gizmo.cancelDrag();
    } else if (event.key === 'Escape' && this.panel.dragging) {
      this.editor.cancelGesture();
      this.panel.cancelDrag();
      // The slider shows the angle put back.
      this.posed.raise();
      this.update();
    } else if (event.key === 'Escape' && this.turning) {
      this.finishTurn(false);
    } else if (event.key === 'Enter' && this.turning) {
      this.finishTurn(true);
    } else {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  };
}
