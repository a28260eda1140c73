// The translate gizmo of the selected target handle: three arrows from its
// centre along model X (red), Y (green) and Z (blue), three.js's colours,
// drawn over everything (no depth test) but under the handles. It keeps a
// constant size on screen: every frame, as the renderer updates the scene's
// matrices, updateMatrixWorld moves it to its handle and scales it for the
// camera, allocating nothing; an arrow seen nearly end-on hides, as its drag
// would be ill-conditioned (see drag-constraint.ts). Arrows are picked by
// casting the pointer ray at fatter invisible cylinders around them, on a
// press or a hover only.
//
// Model space is world space here, as for the handles.
import * as THREE from 'three';
import { MIN_AXIS_SIN } from './drag-constraint.js';

export const NO_AXIS = -1;

/** The arrows' directions, model space, by axis index (0 x, 1 y, 2 z). */
const AXES: readonly THREE.Vector3[] = [new THREE.Vector3(1, 0, 0), new THREE.Vector3(0, 1, 0), new THREE.Vector3(0, 0, 1)];
const COLORS = [0xff0000, 0x00ff00, 0x0000ff];
const HIGHLIGHT = 0xffff00;
/** An arrow's length as a fraction of the view's height at the handle. */
export const ARROW_LENGTH_IN_VIEW = 0.12;
// Along an arrow of length 1: the shaft starts clear of the handle, the cone ends it.
const SHAFT_START = 0.3;
const CONE_START = 0.78;
const SHAFT_RADIUS = 0.02;
const CONE_RADIUS = 0.055;
// The invisible cylinder a press or hover must hit: a few pixels around the arrow.
const PICK_START = 0.3;
const PICK_END = 1.1;
const PICK_RADIUS = 0.1;
/** Where arrowPoint() lies, in arrow lengths from the centre: on the shaft. */
const ARROW_POINT = 0.65;
/** An arrow hides when the sine of its angle to the line of sight drops below this (with a margin over the drag's limit). */
const HIDE_SIN = 2 * MIN_AXIS_SIN;
// Between the bone highlight (9) and the handles (10, 11).
const RENDER_ORDER = 9.5;

export class TranslateGizmo extends THREE.Object3D {
  private target: THREE.Object3D | null = null;
  private readonly arrows: THREE.Group[] = [];
  private readonly pickers: THREE.Mesh[] = [];
  private readonly materials: THREE.MeshBasicMaterial[] = [];
  private readonly shaftGeometry = new THREE.CylinderGeometry(SHAFT_RADIUS, SHAFT_RADIUS, CONE_START - SHAFT_START, 8).translate(0, (SHAFT_START + CONE_START) / 2, 0);
  private readonly coneGeometry = new THREE.ConeGeometry(CONE_RADIUS, 1 - CONE_START, 16).translate(0, (CONE_START + 1) / 2, 0);
  private readonly pickerGeometry = new THREE.CylinderGeometry(PICK_RADIUS, PICK_RADIUS, PICK_END - PICK_START, 8).translate(0, (PICK_START + PICK_END) / 2, 0);
  private readonly pickerMaterial = new THREE.MeshBasicMaterial({ visible: false });
  private readonly hits: THREE.Intersection[] = [];

  /**
   * `camera` is the one the view is drawn with; the arrows are never
   * shorter than `minLength` (model units), so that they stick out of a
   * handle seen from close by.
   */
  constructor(
    private readonly camera: THREE.Camera,
    private readonly minLength: number,
  ) {
    super();
    this.name = 'translate-gizmo';
    this.visible = false;
    for (let axis = 0; axis < 3; axis++) this.add(this.createArrow(axis));
    // Turn the arrows, each built along +y, onto their axes.
    this.arrows[0].rotation.z = -Math.PI / 2;
    this.arrows[2].rotation.x = Math.PI / 2;
  }

  /** The handle whose position the gizmo sits on, or null when it is hidden. */
  get handle(): THREE.Object3D | null {
    return this.target;
  }

  /** Shows the gizmo on `handle` (null hides it). */
  showOn(handle: THREE.Object3D | null): void {
    this.target = handle;
    this.visible = handle !== null;
  }

  /** An axis's unit direction, model space (do not modify). */
  axisDirection(axis: number): THREE.Vector3 {
    return AXES[axis];
  }

  /** Draws one arrow highlighted (NO_AXIS: none). */
  highlight(axis: number): void {
    for (let k = 0; k < 3; k++) this.materials[k].color.setHex(k === axis ? HIGHLIGHT : COLORS[k]);
  }

  /** The axis whose shown arrow the ray hits first (the nearest), or NO_AXIS. Not for a per-move path: the ray cast allocates. */
  arrowAt(raycaster: THREE.Raycaster): number {
    if (this.target === null) return NO_AXIS;
    // The pickers follow the handle and the camera now, not at the next frame.
    this.updateMatrixWorld(true);
    let nearest = NO_AXIS;
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (let axis = 0; axis < 3; axis++) {
      if (!this.arrows[axis].visible) continue;
      this.hits.length = 0;
      this.pickers[axis].raycast(raycaster, this.hits);
      for (const hit of this.hits) {
        if (hit.distance < nearestDistance) {
          nearest = axis;
          nearestDistance = hit.distance;
        }
      }
    }
    this.hits.length = 0;
    return nearest;
  }

  /** A point on an arrow's shaft as it is drawn now (model space), into `target_ms`; throws when the gizmo is hidden. */
  arrowPoint(axis: number, target_ms: THREE.Vector3): THREE.Vector3 {
    if (this.target === null) throw new Error('TranslateGizmo: no handle is selected');
    this.updateMatrixWorld(true);
    return target_ms.copy(AXES[axis]).multiplyScalar(ARROW_POINT * this.scale.x).add(this.position);
  }

  /** Follows the handle and the camera, then updates the matrices (three.js calls this every frame); allocates nothing. */
  override updateMatrixWorld(force?: boolean): void {
    if (this.target !== null) {
      this.position.copy(this.target.position);
      this.fitToView();
    }
    super.updateMatrixWorld(force);
  }

  dispose(): void {
    this.removeFromParent();
    for (const material of this.materials) material.dispose();
    this.pickerMaterial.dispose();
    this.shaftGeometry.dispose();
    this.coneGeometry.dispose();
    this.pickerGeometry.dispose();
  }

  private createArrow(axis: number): THREE.Group {
    const material = new THREE.MeshBasicMaterial({ color: COLORS[axis], transparent: true, depthTest: false, depthWrite: false, toneMapped: false });
    const shaft = new THREE.Mesh(this.shaftGeometry, material);
    const cone = new THREE.Mesh(this.coneGeometry, material);
    const picker = new THREE.Mesh(this.pickerGeometry, this.pickerMaterial);
    shaft.renderOrder = RENDER_ORDER;
    cone.renderOrder = RENDER_ORDER;
    const arrow = new THREE.Group();
    arrow.name = `translate-gizmo:${'xyz'[axis]}`;
    arrow.add(shaft, cone, picker);
    this.arrows.push(arrow);
    this.pickers.push(picker);
    this.materials.push(material);
    return arrow;
  }

  /**
   * Scales the gizmo to ARROW_LENGTH_IN_VIEW of the view's height at its depth and
   * hides the arrows seen end-on. From the camera's matrices alone (any
   * projection): the clip-space w of a point `depth` ahead is
   * −P₁₁·depth + P₁₅ (the depth for a perspective camera, 1 for an
   * orthographic one), and the view spans 2w / P₅ vertically there.
   */
  private fitToView(): void {
    const camera = this.camera;
    // The orbit controls moved the camera since the renderer last updated its matrix.
    camera.updateWorldMatrix(true, false);
    const m = camera.matrixWorld.elements;
    const p = camera.projectionMatrix.elements;
    const ex = this.position.x - m[12];
    const ey = this.position.y - m[13];
    const ez = this.position.z - m[14];
    // The camera looks down its −z axis.
    const forwardLength = Math.sqrt(m[8] * m[8] + m[9] * m[9] + m[10] * m[10]);
    const fx = -m[8] / forwardLength;
    const fy = -m[9] / forwardLength;
    const fz = -m[10] / forwardLength;
    const depth = ex * fx + ey * fy + ez * fz;
    // (Conditionals rather than Math.max: a builtin V8 may call with its numbers boxed.)
    const w = -p[11] * (depth > 0 ? depth : 0) + p[15];
    const fitted = (ARROW_LENGTH_IN_VIEW * 2 * w) / p[5];
    const length = fitted > this.minLength ? fitted : this.minLength;
    this.scale.x = length;
    this.scale.y = length;
    this.scale.z = length;
    // The line of sight: from the camera to the gizmo in perspective, the view direction otherwise.
    const distance = Math.sqrt(ex * ex + ey * ey + ez * ez);
    const perspective = p[11] !== 0 && distance > 0;
    const sx = perspective ? ex / distance : fx;
    const sy = perspective ? ey / distance : fy;
    const sz = perspective ? ez / distance : fz;
    this.arrows[0].visible = 1 - sx * sx >= HIDE_SIN * HIDE_SIN;
    this.arrows[1].visible = 1 - sy * sy >= HIDE_SIN * HIDE_SIN;
    this.arrows[2].visible = 1 - sz * sz >= HIDE_SIN * HIDE_SIN;
  }
}
