// Draggable IK target handles: one small sphere per goal (a small cube for a
// pin, which drags the same way: moving a pin moves where it holds), drawn
// on top of the character. Pressing a handle attaches three.js's TransformControls to it and
// starts the drag in the same gesture; every move of a handle — from the
// gizmo or from moveTo() — goes through one callback, so scripted moves
// exercise exactly what a drag does.
//
// Handles live in the rig's model space: the handle group and the character
// mesh both sit untransformed at the scene's origin.
import * as THREE from 'three';
import { TransformControls } from 'three/addons/controls/TransformControls.js';

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

export class TargetHandles {
  private readonly group = new THREE.Group();
  private readonly handles: THREE.Mesh[];
  private readonly controls: TransformControls;
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
  private readonly pointer_ndc = new THREE.Vector2();
  private readonly hits: THREE.Intersection[] = [];
  private readonly scratch_ws = new THREE.Vector3();

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

    this.controls = new TransformControls(camera, canvas);
    this.controls.setMode('translate');
    this.controls.setSize(0.8);
    this.controls.addEventListener('objectChange', this.onObjectChange);
    this.controls.addEventListener('dragging-changed', this.onDraggingChanged);
    scene.add(this.controls.getHelper());

    // Capture phase: this must run before TransformControls' own pointerdown
    // listener, which looks for its gizmo under the pointer.
    canvas.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    canvas.addEventListener('pointermove', this.onPointerHover);
  }

  get count(): number {
    return this.handles.length;
  }

  /** The handle's position, model space (live object: do not modify). */
  position_ms(goal: number): THREE.Vector3 {
    return this.handle(goal).position;
  }

  /** Puts a handle somewhere without reporting a move (e.g. to follow a new pose). */
  place(goal: number, x_ms: number, y_ms: number, z_ms: number): void {
    this.handle(goal).position.set(x_ms, y_ms, z_ms);
  }

  /** Moves a handle and reports it exactly as a drag frame does. */
  moveTo(goal: number, x_ms: number, y_ms: number, z_ms: number): void {
    this.place(goal, x_ms, y_ms, z_ms);
    this.reportMove(goal);
  }

  /** Where the handle's centre is drawn, in CSS pixels of the page. */
  screenPosition(goal: number): { x: number; y: number } {
    this.camera.updateMatrixWorld();
    const ndc = this.handle(goal).getWorldPosition(this.scratch_ws).project(this.camera);
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + ((ndc.x + 1) / 2) * rect.width, y: rect.top + ((1 - ndc.y) / 2) * rect.height };
  }

  dispose(): void {
    if (this.controls.dragging) this.onDragging(false);
    this.canvas.removeEventListener('pointerdown', this.onPointerDown, { capture: true });
    this.canvas.removeEventListener('pointermove', this.onPointerHover);
    this.controls.detach();
    this.controls.getHelper().removeFromParent();
    this.controls.dispose();
    this.group.removeFromParent();
    for (const handle of this.handles) (handle.material as THREE.Material).dispose();
    this.outlineMaterial.dispose();
    this.geometry.dispose();
    this.pinGeometry.dispose();
  }

  private createHandle(style: HandleStyle): THREE.Mesh {
    const fill = new THREE.MeshBasicMaterial({ color: style.color, transparent: true, depthTest: false, depthWrite: false });
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

  /** Index of the handle drawn at a page point (CSS px, e.g. a pointer event's clientX/Y), or -1. */
  goalAt(x: number, y: number): number {
    const rect = this.canvas.getBoundingClientRect();
    this.pointer_ndc.set(((x - rect.left) / rect.width) * 2 - 1, 1 - ((y - rect.top) / rect.height) * 2);
    this.raycaster.setFromCamera(this.pointer_ndc, this.camera);
    this.hits.length = 0;
    this.raycaster.intersectObjects(this.handles, false, this.hits);
    return this.hits.length > 0 ? this.handles.indexOf(this.hits[0].object as THREE.Mesh) : -1;
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (!event.isPrimary || event.button !== 0) return;
    const goal = this.goalAt(event.clientX, event.clientY);
    if (goal < 0 || this.controls.object === this.handles[goal]) return;
    this.controls.attach(this.handles[goal]);
    // TransformControls finds the gizmo part under the pointer by ray casting
    // against the gizmo's world matrices, which otherwise only follow the new
    // handle at the next render.
    this.controls.getHelper().updateMatrixWorld(true);
  };

  private readonly onPointerHover = (event: PointerEvent): void => {
    if (this.controls.dragging) return;
    this.canvas.style.cursor = this.goalAt(event.clientX, event.clientY) >= 0 ? 'pointer' : '';
  };

  private readonly onObjectChange = (): void => {
    const goal = this.handles.indexOf(this.controls.object as THREE.Mesh);
    if (goal >= 0) this.reportMove(goal);
  };

  private readonly onDraggingChanged = (event: { value: unknown }): void => {
    const dragging = event.value === true;
    this.orbit.enabled = !dragging;
    this.onDragging(dragging);
  };
}
