// Forward-kinematics posing: click a bone to select it (nearest bone segment
// on screen; a click on a target handle, on its gizmo's arrows or on empty
// space does not select one, the latter deselects), see it highlighted, and
// turn it with the panel's per-slot sliders or the rotation gizmo at its joint (whose
// rotation the rig turns into Euler angles nearest the current ones). Angles
// go through the app's pose path (PosingApp.setPose, clamped to the limits
// by the rig), so the IK targets and handles follow the new pose as they do
// for any set pose; that path re-places the goals, so a slider or gizmo drag
// allocates per input event, unlike an IK drag. Each frame the highlight,
// the sliders and the gizmo follow the pose if it changed (an IK drag turns
// the selected bone too).
import type { Rig } from '../rig/rig.js';
import type { QuatTuple } from '../rig/rig-desc.js';
import { BoneGizmo } from '../three/bone-gizmo.js';
import { BoneHighlight } from '../three/bone-highlight.js';
import { nearestSegment, projectBoneSegments } from '../three/bone-picking.js';
import { BonePanel } from './bone-panel.js';
import type { PosingApp } from '../app/posing-app.js';

export const NO_BONE = -1;
// A press that moves further than this (CSS px) orbits the camera: no click.
const CLICK_SLOP_PX = 5;
// How far from a bone's drawn segment a click still picks it (CSS px): about a limb's half-width.
const PICK_DISTANCE_PX = 24;

export class BonePosing {
  private selected = NO_BONE;
  private shownPoseVersion = -1;
  private readonly highlight: BoneHighlight;
  private readonly gizmo: BoneGizmo;
  private readonly panel: BonePanel;
  private readonly segments_px: Float64Array;
  private readonly angles: Float32Array;
  /** Where the primary button went down, while the gesture can still be a click. */
  private pressX = 0;
  private pressY = 0;
  private clickPossible = false;

  constructor(private readonly app: PosingApp, panelParent: HTMLElement) {
    const { rig } = app.session;
    this.segments_px = new Float64Array(4 * rig.boneCount);
    this.angles = new Float32Array(3 * rig.boneCount);
    const { camera, canvas, scene, orbit } = app.viewport;
    this.highlight = new BoneHighlight(scene);
    this.gizmo = new BoneGizmo(camera, canvas, scene, orbit, (rotation_ms) => this.rotateSelected(rotation_ms.toArray() as QuatTuple), () => {
      this.shownPoseVersion = -1;
    });
    this.panel = new BonePanel(panelParent, (slot, angle) => this.setSlot(slot, angle), () => this.select(NO_BONE));
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
  }

  /** The posed rig (the app's). */
  get rig(): Rig {
    return this.app.session.rig;
  }

  /** The selected bone's index, or NO_BONE. */
  get selectedBone(): number {
    return this.selected;
  }

  /** Selects a bone (shows it and its sliders), or deselects with NO_BONE. */
  select(bone: number): void {
    const { rig } = this;
    if (bone !== NO_BONE) {
      const { min, max } = rig.limits(bone);
      this.panel.showJoint({ name: rig.boneNames[bone], order: rig.orders[bone], min, max });
      this.panel.showAngles(rig.pose(), 3 * bone);
      this.gizmo.attach(rig.frame(bone));
    } else {
      this.panel.hide();
      this.highlight.hide();
      this.gizmo.detach();
    }
    this.selected = bone;
    // The highlight and the gizmo are placed at the next frame.
    this.shownPoseVersion = -1;
  }

  /** Sets one bone's three angles (by slot, radians; clamped to its limits) through the app's pose path. */
  setAngles(bone: number, a0: number, a1: number, a2: number): void {
    this.angles.set(this.rig.pose());
    this.angles[3 * bone] = a0;
    this.angles[3 * bone + 1] = a1;
    this.angles[3 * bone + 2] = a2;
    this.applyAngles();
  }

  /** The bone under a page point (CSS px), or NO_BONE. */
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

  /** Called every frame before drawing: the highlight and the sliders follow the pose. */
  update(): void {
    const { session } = this.app;
    if (this.selected === NO_BONE || session.poseVersion === this.shownPoseVersion) return;
    this.shownPoseVersion = session.poseVersion;
    const { rig } = session;
    const model_ms = rig.modelMatrices();
    const tips_ms = rig.boneTips();
    const m = 16 * this.selected;
    const t = 3 * this.selected;
    this.highlight.show(model_ms[m + 12], model_ms[m + 13], model_ms[m + 14], tips_ms[t], tips_ms[t + 1], tips_ms[t + 2]);
    this.gizmo.follow(model_ms, m);
    this.panel.showAngles(rig.pose(), 3 * this.selected);
  }

  dispose(): void {
    const { canvas } = this.app.viewport;
    canvas.removeEventListener('pointerdown', this.onPointerDown);
    canvas.removeEventListener('pointermove', this.onPointerMove);
    canvas.removeEventListener('pointerup', this.onPointerUp);
    this.highlight.dispose();
    this.gizmo.dispose();
  }

  private rotateSelected(rotation_ms: QuatTuple): void {
    if (this.selected === NO_BONE) return;
    const [a0, a1, a2] = this.rig.anglesForModelRotation(this.selected, rotation_ms);
    this.setAngles(this.selected, a0, a1, a2);
  }

  private setSlot(slot: number, angle: number): void {
    if (this.selected === NO_BONE) return;
    this.angles.set(this.rig.pose());
    this.angles[3 * this.selected + slot] = angle;
    this.applyAngles();
  }

  /** Poses the rig with `angles`, keeping the root offset. */
  private applyAngles(): void {
    this.app.setPose(this.angles, this.rig.rootOffset);
  }

  private projectSegments(): void {
    const { camera, canvas } = this.app.viewport;
    camera.updateMatrixWorld();
    projectBoneSegments(this.rig.modelMatrices(), this.rig.boneTips(), camera, canvas.getBoundingClientRect(), this.segments_px);
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    this.clickPossible = event.isPrimary && event.button === 0;
    this.pressX = event.clientX;
    this.pressY = event.clientY;
  };

  // A press that strays further than the slop is a drag (of a handle, or of
  // the camera), even if it ends where it began. Runs on every pointer move,
  // a drag's included: written out, allocating nothing.
  private readonly onPointerMove = (event: PointerEvent): void => {
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
    if (this.gizmo.engaged || this.app.handles.hitAt(x, y)) return;
    this.select(this.boneAt(x, y));
  };
}
