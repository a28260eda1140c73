// Draggable IK target handles: one small sphere per goal (a small cube for a
// pin, which drags the same way: moving a pin moves where it holds), drawn
// on top of the character. Pressing a handle selects it and starts a drag in
// the same gesture, in the view plane through the press point; the selected
// handle shows a translate gizmo (translate-gizmo.ts), whose arrows drag it
// along one model axis. Escape during a drag puts the handle back where the
// drag began. Every move of a handle — a drag's or moveTo()'s — goes through
// one callback, so scripted moves exercise exactly what a drag does.
//
// A drag allocates nothing per pointer move: the pointer ray comes from the
// canvas rectangle read at the press and a kept ray caster, and the drag's
// geometry (drag-constraint.ts) writes into the handle's position. Ray casts
// against meshes, which allocate, happen on a press and on hovering only.
//
// Handles live in the rig's model space: the handle group and the character
// mesh both sit untransformed at the scene's origin.
import * as THREE from 'three';
import { DragConstraint, pointerRay } from './drag-constraint.js';
import { NO_AXIS, TranslateGizmo } from './translate-gizmo.js';

export interface HandleStyle {
  name: string;
  color: THREE.ColorRepresentation;
  /** Drawn as a cube instead of a sphere. */
  pinned?: boolean;
}

/** Called after a handle moved; `target_ms` is the handle's position (read it, do not keep it). */
export type HandleMovedCallback = (goal: number, target_ms: THREE.Vector3) => void;

/** Called when a drag of a handle starts (true) and when it ends (false), also when the handles go away mid-drag. */
export type HandleDraggingCallback = (dragging: boolean) => void;

const HANDLE_RADIUS = 0.035;
const OUTLINE_RADIUS = 0.043;
/** A pin's cube side, in handle radii: about a sphere's area on screen. */
const PIN_SIDE = 1.6;
// Drawn without depth test, and late: `transparent` puts them in three.js's
// last render list (after the see-through grid) and the render order sorts
// them to its end.
const HANDLE_RENDER_ORDER = 10;
/** The gizmo's shortest arrows, model units: seen from close by, they still stick out of the handle. */
const GIZMO_MIN_LENGTH = 5 * OUTLINE_RADIUS;
/** How much a hovered handle's colour moves towards white. */
const HOVER_LIGHTEN = 0.45;
const WHITE = new THREE.Color(0xffffff);
const NONE = -1;

export class TargetHandles {
  private readonly group = new THREE.Group();
  private readonly handles: THREE.Mesh[];
  private readonly colors: THREE.Color[] = [];
  private readonly gizmo: TranslateGizmo;
  private readonly constraint = new DragConstraint();
  private readonly geometry = new THREE.SphereGeometry(1, 24, 16);
  private readonly pinGeometry = new THREE.BoxGeometry(PIN_SIDE, PIN_SIDE, PIN_SIDE);
  private readonly outlineMaterial = new THREE.MeshBasicMaterial({
    color: 0x111318,
    side: THREE.BackSide,
    transparent: true,
    depthTest: false,
    depthWrite: false,
  });
  private readonly raycaster = new THREE.Raycaster();
  /** The pointer on the page (CSS px) and in normalised device coordinates. */
  private readonly pointer_px = new THREE.Vector2();
  private readonly pointer_ndc = new THREE.Vector2();
  private readonly hits: THREE.Intersection[] = [];
  private readonly scratch_ws = new THREE.Vector3();
  private readonly press_ws = new THREE.Vector3();
  // The canvas's page rectangle (CSS px), read at a press and kept through its drag.
  private canvasLeft = 0;
  private canvasTop = 0;
  private canvasWidth = 1;
  private canvasHeight = 1;
  /** The handle being dragged, or NONE. */
  private dragged = NONE;
  /** The pointer captured by a press on a handle or an arrow (until it is released, even after Escape), or NONE. */
  private capturedPointer = NONE;
  private hoveredGoal = NONE;
  private hoveredAxis = NO_AXIS;

  constructor(
    styles: readonly HandleStyle[],
    private readonly camera: THREE.Camera,
    private readonly canvas: HTMLCanvasElement,
    scene: THREE.Scene,
    /** Camera controls to pause while a handle is dragged. */
    private readonly orbit: { enabled: boolean },
    private readonly onMoved: HandleMovedCallback,
    private readonly onDragging: HandleDraggingCallback = () => {},
  ) {
    this.group.name = 'target-handles';
    this.handles = styles.map((style) => this.createHandle(style));
    scene.add(this.group);
    this.gizmo = new TranslateGizmo(camera, GIZMO_MIN_LENGTH);
    scene.add(this.gizmo);

    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointercancel', this.onPointerUp);
    canvas.addEventListener('lostpointercapture', this.onPointerUp);
    window.addEventListener('keydown', this.onKeyDown);
  }

  get count(): number {
    return this.handles.length;
  }

  /** The handle's position, model space (live object: do not modify). */
  position_ms(goal: number): THREE.Vector3 {
    return this.handle(goal).position;
  }

  /**
   * Puts a handle at `position_ms` (x, y, z) without reporting a move (to
   * follow a new pose, or a symmetric drag's partner on every move: the
   * numbers stay in the array, none is passed as an argument).
   */
  place(goal: number, position_ms: ArrayLike<number>): void {
    this.handle(goal).position.fromArray(position_ms);
  }

  /** Moves a handle and reports it exactly as a drag frame does. */
  moveTo(goal: number, x_ms: number, y_ms: number, z_ms: number): void {
    this.handle(goal).position.set(x_ms, y_ms, z_ms);
    this.reportMove(goal);
  }

  /** Where the handle's centre is drawn, in CSS pixels of the page. */
  screenPosition(goal: number): { x: number; y: number } {
    return this.toPage(this.scratch_ws.copy(this.handle(goal).position));
  }

  /**
   * Where the selected handle's arrow along `axis` (0 x, 1 y, 2 z) is drawn
   * (a point on its shaft), in CSS pixels of the page; throws unless `goal`'s
   * handle is the selected one (the last pressed), the only one with arrows.
   */
  arrowScreenPosition(goal: number, axis: number): { x: number; y: number } {
    const handle = this.handle(goal);
    if (this.gizmo.handle !== handle) throw new Error(`TargetHandles: ${handle.name} is not the selected handle (press it first)`);
    if (!(axis === 0 || axis === 1 || axis === 2)) throw new Error(`TargetHandles: axis ${axis} is not 0, 1 or 2`);
    return this.toPage(this.gizmo.arrowPoint(axis, this.scratch_ws));
  }

  /** Index of the handle drawn at a page point (CSS px, e.g. a pointer event's clientX/Y), or -1. */
  goalAt(x: number, y: number): number {
    this.aimAtPage(x, y);
    return this.handleUnderRay();
  }

  /** Whether a press at a page point (CSS px) lands on a handle or on an arrow of the selected one's gizmo. */
  hitAt(x: number, y: number): boolean {
    this.aimAtPage(x, y);
    return this.handleUnderRay() !== NONE || this.gizmo.arrowAt(this.raycaster) !== NO_AXIS;
  }

  dispose(): void {
    this.release();
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    this.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.canvas.removeEventListener('pointerup', this.onPointerUp);
    this.canvas.removeEventListener('pointercancel', this.onPointerUp);
    this.canvas.removeEventListener('lostpointercapture', this.onPointerUp);
    window.removeEventListener('keydown', this.onKeyDown);
    if (this.hoveredGoal !== NONE || this.hoveredAxis !== NO_AXIS) this.canvas.style.cursor = '';
    this.gizmo.dispose();
    this.group.removeFromParent();
    for (const handle of this.handles) (handle.material as THREE.Material).dispose();
    this.outlineMaterial.dispose();
    this.geometry.dispose();
    this.pinGeometry.dispose();
  }

  private createHandle(style: HandleStyle): THREE.Mesh {
    const fill = new THREE.MeshBasicMaterial({ color: style.color, transparent: true, depthTest: false, depthWrite: false });
    this.colors.push(fill.color.clone());
    const geometry = style.pinned ? this.pinGeometry : this.geometry;
    const handle = new THREE.Mesh(geometry, fill);
    handle.name = `target:${style.name}`;
    handle.scale.setScalar(HANDLE_RADIUS);
    handle.renderOrder = HANDLE_RENDER_ORDER + 1;
    // A dark back-face shell reads as an outline against both skin and floor.
    const outline = new THREE.Mesh(geometry, this.outlineMaterial);
    outline.scale.setScalar(OUTLINE_RADIUS / HANDLE_RADIUS);
    outline.renderOrder = HANDLE_RENDER_ORDER;
    handle.add(outline);
    this.group.add(handle);
    return handle;
  }

  private handle(goal: number): THREE.Mesh {
    const handle = this.handles[goal];
    if (!handle) throw new Error(`TargetHandles: goal ${goal} is out of range [0, ${this.handles.length})`);
    return handle;
  }

  private reportMove(goal: number): void {
    this.onMoved(goal, this.handles[goal].position);
  }

  /** A model-space point's place on the page (CSS px). */
  private toPage(point_ws: THREE.Vector3): { x: number; y: number } {
    this.camera.updateMatrixWorld();
    const ndc = point_ws.project(this.camera);
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + ((ndc.x + 1) / 2) * rect.width, y: rect.top + ((1 - ndc.y) / 2) * rect.height };
  }

  /** Reads the canvas's rectangle and casts the pointer ray through a page point. */
  private aimAtPage(x: number, y: number): void {
    const rect = this.canvas.getBoundingClientRect();
    this.canvasLeft = rect.left;
    this.canvasTop = rect.top;
    this.canvasWidth = rect.width;
    this.canvasHeight = rect.height;
    this.pointer_px.set(x, y);
    this.aim();
  }

  /**
   * Casts the pointer ray through pointer_px with the rectangle last read;
   * allocates nothing (the point comes in a field: no number crosses a call).
   */
  private aim(): void {
    this.pointer_ndc.x = ((this.pointer_px.x - this.canvasLeft) / this.canvasWidth) * 2 - 1;
    this.pointer_ndc.y = 1 - ((this.pointer_px.y - this.canvasTop) / this.canvasHeight) * 2;
    pointerRay(this.camera, this.pointer_ndc, this.raycaster.ray);
  }

  /** The handle the pointer ray hits first, or NONE; its hit point goes to press_ws. */
  private handleUnderRay(): number {
    // Where the handles are now, not where the last frame drew them.
    this.group.updateMatrixWorld();
    this.hits.length = 0;
    this.raycaster.intersectObjects(this.handles, false, this.hits);
    const goal = this.hits.length > 0 ? this.handles.indexOf(this.hits[0].object as THREE.Mesh) : NONE;
    if (goal !== NONE) this.press_ws.copy(this.hits[0].point);
    this.hits.length = 0;
    return goal;
  }

  /** Lightens the hovered handle, highlights the hovered arrow, and shows a pointer cursor over either. */
  private hover(goal: number, axis: number): void {
    if (goal === this.hoveredGoal && axis === this.hoveredAxis) return;
    if (this.hoveredGoal !== NONE) (this.handles[this.hoveredGoal].material as THREE.MeshBasicMaterial).color.copy(this.colors[this.hoveredGoal]);
    if (goal !== NONE) (this.handles[goal].material as THREE.MeshBasicMaterial).color.copy(this.colors[goal]).lerp(WHITE, HOVER_LIGHTEN);
    this.gizmo.highlight(axis);
    this.canvas.style.cursor = goal !== NONE || axis !== NO_AXIS ? 'pointer' : '';
    this.hoveredGoal = goal;
    this.hoveredAxis = axis;
  }

  private startDrag(goal: number, axis: number, pointerId: number): void {
    const handle = this.handles[goal];
    this.gizmo.showOn(handle);
    if (axis === NO_AXIS) {
      this.constraint.beginViewPlane(this.camera.getWorldDirection(this.scratch_ws), this.press_ws, handle.position);
    } else {
      this.constraint.beginAxis(this.raycaster.ray, this.gizmo.axisDirection(axis), handle.position);
    }
    this.hover(goal, axis);
    this.canvas.setPointerCapture(pointerId);
    this.capturedPointer = pointerId;
    this.dragged = goal;
    this.orbit.enabled = false;
    this.onDragging(true);
  }

  /** Ends the drag (if one is under way), keeping the pointer until it is released. */
  private endDrag(): void {
    if (this.dragged === NONE) return;
    this.dragged = NONE;
    this.onDragging(false);
  }

  /** Lets go of the pointer: orbiting resumes. */
  private release(): void {
    this.endDrag();
    if (this.capturedPointer === NONE) return;
    const pointerId = this.capturedPointer;
    this.capturedPointer = NONE;
    if (this.canvas.hasPointerCapture(pointerId)) this.canvas.releasePointerCapture(pointerId);
    this.orbit.enabled = true;
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (!event.isPrimary || event.button !== 0 || this.capturedPointer !== NONE) return;
    this.aimAtPage(event.clientX, event.clientY);
    const goal = this.handleUnderRay();
    if (goal !== NONE) {
      this.startDrag(goal, NO_AXIS, event.pointerId);
      return;
    }
    const axis = this.gizmo.arrowAt(this.raycaster);
    if (axis !== NO_AXIS) this.startDrag(this.handles.indexOf(this.gizmo.handle as THREE.Mesh), axis, event.pointerId);
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (this.capturedPointer === NONE) {
      // Hover only with no button held: no ray casts while the camera orbits.
      if (event.buttons === 0) this.onHover(event);
      return;
    }
    if (event.pointerId !== this.capturedPointer || this.dragged === NONE) return;
    const goal = this.dragged;
    this.pointer_px.x = event.clientX;
    this.pointer_px.y = event.clientY;
    this.aim();
    if (this.constraint.move(this.raycaster.ray, this.handles[goal].position)) this.reportMove(goal);
  };

  private onHover(event: PointerEvent): void {
    this.aimAtPage(event.clientX, event.clientY);
    const goal = this.handleUnderRay();
    this.hover(goal, goal === NONE ? this.gizmo.arrowAt(this.raycaster) : NO_AXIS);
  }

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (event.pointerId !== this.capturedPointer) return;
    this.release();
    // A finger lifted hovers over nothing; a mouse still hovers where it is.
    if (event.pointerType !== 'mouse') this.hover(NONE, NO_AXIS);
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || this.dragged === NONE) return;
    // Cancelled: the handle goes back and the pose follows, as for any move.
    const goal = this.dragged;
    this.constraint.restart(this.handles[goal].position);
    this.reportMove(goal);
    this.endDrag();
    event.preventDefault();
  };
}
