// Draggable IK target handles: one small sphere per goal (a small cube for a
// pin, which drags the same way: moving a pin moves where it holds), drawn
// on top of the character. Pressing a handle selects it (the page's
// selection says which is selected: select()) and starts a drag in the same
// gesture, in the view plane through the press point. A press need not land
// on the handle: one within reach of its centre takes it, a finger's reach
// wider than a mouse's, and where handles overlap the press takes the
// nearest and the next press there the next one (handle-choice.ts). The
// selected handle shows a translate gizmo (translate-gizmo.ts), whose arrows
// drag it along one model axis. grab() starts the same drag from the
// keyboard (G): the handle follows the pointer without a button held until a
// click or Enter confirms it, and X, Y, Z keep it on that model axis. Escape (or, for a
// grab, the right button) cancels a drag: the hooks say so, and whoever
// owns the targets puts them back. Every move of a handle goes through one
// callback, so scripted moves exercise exactly what a drag does.
//
// A drag allocates nothing per pointer move: the pointer ray comes from the
// canvas rectangle read at the press and a kept ray caster (pointer-aim.ts), and the drag's
// geometry (drag-constraint.ts) writes into the handle's position. Ray casts
// against meshes, which allocate, happen on a press and on hovering only.
//
// Handles live in the rig's model space: the handle group and the character
// mesh both sit untransformed at the scene's origin.
import * as THREE from 'three';
import { DragConstraint } from './drag-constraint.js';
import { PointerAim } from './pointer-aim.js';
import { type HandleAtPress, HandleCycle, handlesInReach, reach_px } from './handle-choice.js';
import { HandleMeshes, type HandleStyle, OUTLINE_RADIUS } from './handle-meshes.js';
import { NO_AXIS, TranslateGizmo } from './translate-gizmo.js';

export type { HandleStyle };

/** What the handles tell their owner. */
export interface HandleHooks {
  /** A handle moved; `target_ms` is its position (read it, do not keep it). */
  moved(goal: number, target_ms: THREE.Vector3): void;
  /** A press landed on a handle: select it. */
  pressed(goal: number): void;
  /** A drag starts. */
  dragStarted(): void;
  /** A drag ends: confirmed, also when the handles go away mid-drag. */
  dragEnded(): void;
  /** A drag was cancelled (Escape, a grab's right click): the targets should go back to where it began. */
  dragCancelled(): void;
  /** What the handles show changed by itself (hover): draw a frame. */
  redraw(): void;
}

/** The gizmo's shortest arrows, model units: seen from close by, they still stick out of the handle. */
const GIZMO_MIN_LENGTH = 5 * OUTLINE_RADIUS;
const NONE = -1;
/** The pointer id a keyboard grab holds: no real pointer has it. */
const GRAB_POINTER = -2;

export class TargetHandles {
  private readonly group = new THREE.Group();
  private readonly meshes: HandleMeshes;
  private readonly handles: THREE.Mesh[];
  /** Each handle's own colour (a hovered one is drawn lighter). */
  private readonly gizmo: TranslateGizmo;
  private readonly constraint = new DragConstraint();
  private readonly pointer: PointerAim;
  /** The pointer on the page (CSS px) and in normalised device coordinates. */
  private readonly hits: THREE.Intersection[] = [];
  /** Each handle as the last press or hover saw it (handlesNear()). */
  private readonly atPress: HandleAtPress[];
  private readonly cycle = new HandleCycle();
  private readonly scratch_ws = new THREE.Vector3();
  private readonly press_ws = new THREE.Vector3();
  /** The handle being dragged, or NONE. */
  private dragged = NONE;
  /** The pointer captured by a press on a handle or an arrow (until it is released, even after Escape), or NONE. */
  private capturedPointer = NONE;
  private hoveredGoal = NONE;
  private hoveredAxis = NO_AXIS;
  private isShown = true;

  constructor(
    styles: readonly HandleStyle[],
    private readonly camera: THREE.Camera,
    private readonly canvas: HTMLCanvasElement,
    scene: THREE.Scene,
    /** Camera controls to pause while a handle is dragged. */
    private readonly orbit: { enabled: boolean },
    private readonly hooks: HandleHooks,
    /** The character's scale (characterScale): handles and the gizmo's arrows grow with it. */
    scale = 1,
  ) {
    this.pointer = new PointerAim(camera, canvas);
    this.meshes = new HandleMeshes(scale);
    this.group.name = 'target-handles';
    this.handles = styles.map((style) => this.meshes.create(style));
    this.atPress = this.handles.map((_, handle) => ({ handle, distance_px: Number.NaN, covers: false }));
    this.group.add(...this.handles);
    scene.add(this.group);
    this.gizmo = new TranslateGizmo(camera, GIZMO_MIN_LENGTH * scale);
    scene.add(this.gizmo);

    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointercancel', this.onPointerUp);
    canvas.addEventListener('lostpointercapture', this.onPointerUp);
    canvas.addEventListener('contextmenu', this.onContextMenu);
    // Before the page's shortcuts: a key that ends a drag is the drag's.
    window.addEventListener('keydown', this.onKeyDown, { capture: true });
  }

  get count(): number {
    return this.handles.length;
  }

  /** The handle's position, model space (live object: do not modify). */
  position_ms(goal: number): THREE.Vector3 {
    return this.handle(goal).position;
  }

  /** Whether the handles are drawn and take presses (hidden while a clip plays: they would float where the pose left them). */
  get shown(): boolean {
    return this.isShown;
  }

  set shown(shown: boolean) {
    this.isShown = shown;
    this.group.visible = shown;
    this.gizmo.visible = shown && this.gizmo.handle !== null;
  }

  /** Whether a drag (of the pointer or a keyboard grab) is under way. */
  get dragging(): boolean {
    return this.dragged !== NONE;
  }

  /**
   * Puts every handle on its target (3 per goal, model space) without
   * reporting a move: the handles follow the targets, whoever moved them
   * (a drag's symmetric partner on every move included: allocation-free).
   */
  placeAll(targets_ms: ArrayLike<number>): void {
    for (let g = 0; g < this.handles.length; g++) this.handles[g].position.fromArray(targets_ms, 3 * g);
  }

  /** Puts one handle at the 3 numbers of `positions_ms` from `offset` (allocation-free). */
  place(handle: number, positions_ms: ArrayLike<number>, offset: number): void {
    this.handle(handle).position.fromArray(positions_ms, offset);
  }

  /** Shows the translate gizmo on goal `goal`'s handle (NONE: on none). */
  select(goal: number): void {
    const handle = goal === NONE ? null : this.handle(goal);
    if (this.gizmo.handle === handle) return;
    this.gizmo.showOn(handle);
    this.gizmo.visible &&= this.isShown;
    this.hooks.redraw();
  }

  /**
   * A drag of `goal`'s handle from the keyboard, the pointer at page point
   * (x, y) (CSS px): the handle keeps its offset from the pointer in the view
   * plane. False if a drag is under way already.
   */
  grab(goal: number, x: number, y: number): boolean {
    if (this.capturedPointer !== NONE) return false;
    const handle = this.handle(goal);
    this.pointer.aimAtPage(x, y);
    if (!this.pointer.onViewPlane(handle.position, this.press_ws)) return false;
    this.hooks.pressed(goal);
    this.startDrag(goal, NO_AXIS, GRAB_POINTER);
    return true;
  }

  /** Where the handle's centre is drawn, in CSS pixels of the page. */
  screenPosition(goal: number): { x: number; y: number } {
    return this.pointer.toPage(this.scratch_ws.copy(this.handle(goal).position));
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
    return this.pointer.toPage(this.gizmo.arrowPoint(axis, this.scratch_ws));
  }

  /**
   * Index of the handle a press at a page point (CSS px, e.g. a pointer
   * event's clientX/Y) by a pointer of `pointerType` would take, or -1 (none
   * there, or an arrow of the selected handle's gizmo takes it).
   */
  goalAt(x: number, y: number, pointerType: string): number {
    this.pointer.aimAtPage(x, y);
    const inReach = this.handlesNear(pointerType);
    return this.arrowTaking(inReach) === NO_AXIS ? this.cycle.peek(x, y, inReach) : NONE;
  }

  /** Whether a press at a page point (CSS px) by a pointer of `pointerType` takes a handle or an arrow of the selected one's gizmo. */
  hitAt(x: number, y: number, pointerType: string): boolean {
    if (!this.isShown) return false;
    this.pointer.aimAtPage(x, y);
    return this.handlesNear(pointerType).length > 0 || this.gizmo.arrowAt(this.pointer.raycaster) !== NO_AXIS;
  }

  dispose(): void {
    this.release(false);
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    this.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.canvas.removeEventListener('pointerup', this.onPointerUp);
    this.canvas.removeEventListener('pointercancel', this.onPointerUp);
    this.canvas.removeEventListener('lostpointercapture', this.onPointerUp);
    this.canvas.removeEventListener('contextmenu', this.onContextMenu);
    window.removeEventListener('keydown', this.onKeyDown, { capture: true });
    if (this.hoveredGoal !== NONE || this.hoveredAxis !== NO_AXIS) this.canvas.style.cursor = '';
    this.gizmo.dispose();
    this.group.removeFromParent();
    this.meshes.dispose();
  }

  private handle(goal: number): THREE.Mesh {
    const handle = this.handles[goal];
    if (!handle) throw new Error(`TargetHandles: goal ${goal} is out of range [0, ${this.handles.length})`);
    return handle;
  }

  private reportMove(goal: number): void {
    this.hooks.moved(goal, this.handles[goal].position);
  }

  /**
   * Measures every handle against the pointer, whose ray aimAtPage() cast: how far from it the handle's centre is drawn, and
   * whether the handle covers it (into atPress). Returns the handles a press
   * of a `pointerType` pointer there can take, nearest first.
   */
  private handlesNear(pointerType: string): number[] {
    // Where the handles are now, not where the last frame drew them.
    this.group.updateMatrixWorld();
    this.camera.updateMatrixWorld();
    for (let g = 0; g < this.handles.length; g++) {
      this.atPress[g].distance_px = this.pointer.distance_px(this.handles[g].position);
      this.atPress[g].covers = false;
    }
    this.hits.length = 0;
    this.pointer.raycaster.intersectObjects(this.handles, false, this.hits);
    for (const hit of this.hits) this.atPress[this.handles.indexOf(hit.object as THREE.Mesh)].covers = true;
    this.hits.length = 0;
    return handlesInReach(this.atPress, reach_px(pointerType));
  }

  /**
   * The arrow of the selected handle's gizmo that a press takes, or NO_AXIS:
   * a press on a handle is the handle's, but a press on an arrow goes to the
   * arrow before a handle merely within reach.
   */
  private arrowTaking(inReach: readonly number[]): number {
    return inReach.some((goal) => this.atPress[goal].covers) ? NO_AXIS : this.gizmo.arrowAt(this.pointer.raycaster);
  }

  /**
   * Where a press on `goal`'s handle grabs it, into press_ws: the point of
   * the handle under the pointer, or for a press beside it, the pointer ray's
   * point in the view plane through the handle's centre.
   */
  private pressPoint(goal: number): void {
    const handle = this.handles[goal];
    this.hits.length = 0;
    if (this.atPress[goal].covers) this.pointer.raycaster.intersectObject(handle, false, this.hits);
    if (this.hits.length > 0) this.press_ws.copy(this.hits[0].point);
    else this.pointer.onViewPlane(handle.position, this.press_ws);
    this.hits.length = 0;
  }

  /** Lightens the hovered handle, highlights the hovered arrow, and shows a pointer cursor over either. */
  private hover(goal: number, axis: number): void {
    if (goal === this.hoveredGoal && axis === this.hoveredAxis) return;
    if (this.hoveredGoal !== NONE) this.meshes.showHovered(this.handles[this.hoveredGoal], false);
    if (goal !== NONE) this.meshes.showHovered(this.handles[goal], true);
    this.gizmo.highlight(axis);
    this.canvas.style.cursor = goal !== NONE || axis !== NO_AXIS ? 'pointer' : '';
    this.hoveredGoal = goal;
    this.hoveredAxis = axis;
    this.hooks.redraw();
  }

  private startDrag(goal: number, axis: number, pointerId: number): void {
    const handle = this.handles[goal];
    this.select(goal);
    if (axis === NO_AXIS) {
      this.constraint.beginViewPlane(this.camera.getWorldDirection(this.scratch_ws), this.press_ws, handle.position);
    } else {
      this.constraint.beginAxis(this.pointer.raycaster.ray, this.gizmo.axisDirection(axis), handle.position);
    }
    this.hover(goal, axis);
    if (pointerId !== GRAB_POINTER) this.canvas.setPointerCapture(pointerId);
    this.capturedPointer = pointerId;
    this.dragged = goal;
    this.orbit.enabled = false;
    this.hooks.dragStarted();
  }

  /** Ends the drag (if one is under way), keeping the pointer until it is released. */
  private endDrag(cancelled: boolean): void {
    if (this.dragged === NONE) return;
    this.dragged = NONE;
    if (cancelled) this.hooks.dragCancelled();
    else this.hooks.dragEnded();
    // A keyboard grab holds no pointer: it is over.
    if (this.capturedPointer === GRAB_POINTER) this.release(false);
  }

  /** Lets go of the pointer: orbiting resumes. */
  private release(cancelled: boolean): void {
    this.endDrag(cancelled);
    if (this.capturedPointer === NONE) return;
    const pointerId = this.capturedPointer;
    this.capturedPointer = NONE;
    if (pointerId !== GRAB_POINTER && this.canvas.hasPointerCapture(pointerId)) this.canvas.releasePointerCapture(pointerId);
    this.orbit.enabled = true;
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (this.capturedPointer === GRAB_POINTER) {
      // A keyboard grab ends with a click: the left button keeps it, another cancels it.
      event.stopImmediatePropagation();
      this.release(event.button !== 0);
      return;
    }
    if (!event.isPrimary || event.button !== 0 || this.capturedPointer !== NONE || !this.isShown) return;
    this.pointer.aimAtPage(event.clientX, event.clientY);
    const inReach = this.handlesNear(event.pointerType);
    const axis = this.arrowTaking(inReach);
    if (axis !== NO_AXIS) {
      this.cycle.forget();
      this.startDrag(this.handles.indexOf(this.gizmo.handle as THREE.Mesh), axis, event.pointerId);
      return;
    }
    const goal = this.cycle.take(event.clientX, event.clientY, inReach);
    if (goal === NONE) return;
    this.pressPoint(goal);
    this.hooks.pressed(goal);
    this.startDrag(goal, NO_AXIS, event.pointerId);
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (this.capturedPointer === NONE) {
      // Hover only with no button held: no ray casts while the camera orbits.
      if (event.buttons === 0 && this.isShown) this.onHover(event);
      return;
    }
    const grabbing = this.capturedPointer === GRAB_POINTER;
    if ((!grabbing && event.pointerId !== this.capturedPointer) || this.dragged === NONE) return;
    const goal = this.dragged;
    this.pointer.aimAtEvent(event);
    if (this.constraint.move(this.pointer.raycaster.ray, this.handles[goal].position)) this.reportMove(goal);
  };

  /** Shows what a press here would take: the handle (the next of overlapping ones, if pressed before) or the arrow. */
  private onHover(event: PointerEvent): void {
    this.pointer.aimAtPage(event.clientX, event.clientY);
    const inReach = this.handlesNear(event.pointerType);
    const axis = this.arrowTaking(inReach);
    this.hover(axis === NO_AXIS ? this.cycle.peek(event.clientX, event.clientY, inReach) : NONE, axis);
  }

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (event.pointerId !== this.capturedPointer) return;
    this.release(false);
    // A finger lifted hovers over nothing; a mouse still hovers where it is.
    if (event.pointerType !== 'mouse') this.hover(NONE, NO_AXIS);
  };

  // A grab cancelled by the right button opens no menu.
  private readonly onContextMenu = (event: MouseEvent): void => {
    if (this.capturedPointer === GRAB_POINTER || this.dragged !== NONE) event.preventDefault();
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (this.dragged === NONE) return;
    const key = event.key.toLowerCase();
    if (key === 'escape') {
      // The owner puts the targets back; the handles follow them.
      this.endDrag(true);
    } else if (key === 'enter' && this.capturedPointer === GRAB_POINTER) {
      this.release(false);
    } else if ((key === 'x' || key === 'y' || key === 'z') && this.capturedPointer === GRAB_POINTER && !event.ctrlKey && !event.metaKey) {
      // A grab along one model axis, from where it began (Blender's G then X).
      const handle = this.handles[this.dragged].position;
      this.constraint.restart(handle);
      this.constraint.beginAxis(this.pointer.raycaster.ray, this.gizmo.axisDirection(key.charCodeAt(0) - 120), handle);
      this.gizmo.highlight(key.charCodeAt(0) - 120);
      this.reportMove(this.dragged);
    } else {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  };
}
