// The selected prop's gizmo: three.js's TransformControls (move, turn or
// scale along its axes), which does what the project's translate gizmo
// (translate-gizmo.ts: arrows only, tied to a target handle's drag) does not:
// rotation rings and scale handles, over any object. Its presses are taken
// before the page's own pointer handling (bone picking, target handles,
// orbiting) when they land on one of its axes — a capture listener on the
// canvas runs first — so that a gizmo over a hand does not also drag the
// hand's handle; the orbit controls hold still while it drags.
import type * as THREE from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';

export type GizmoMode = 'translate' | 'rotate' | 'scale';

/** What TransformControls' pointer methods read of an event (typed as a PointerEvent, they read x, y and button). */
type GizmoPointer = Parameters<TransformControls['pointerDown']>[0];

export class PropGizmo {
  private readonly controls: TransformControls;
  private readonly helper: THREE.Object3D;
  private readonly pointer = { x: 0, y: 0, button: 0 };

  /** `moved` hears every move of the attached object; `orbit` is switched off while dragging. */
  constructor(camera: THREE.Camera, private readonly canvas: HTMLCanvasElement, scene: THREE.Object3D, orbit: { enabled: boolean }, moved: (object: THREE.Object3D) => void) {
    this.controls = new TransformControls(camera, canvas);
    // Its own press listener is replaced by the capturing one below; disconnecting clears the canvas's
    // touch-action, which the orbit controls set (no page scrolling under a finger): kept as it was.
    const { touchAction } = canvas.style;
    this.controls.disconnect();
    canvas.style.touchAction = touchAction;
    this.controls.setSize(0.8);
    this.controls.addEventListener('dragging-changed', (event) => {
      orbit.enabled = !event.value;
    });
    this.controls.addEventListener('objectChange', () => {
      const { object } = this.controls;
      if (object !== undefined) moved(object);
    });
    this.helper = this.controls.getHelper();
    scene.add(this.helper);
    canvas.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    canvas.addEventListener('pointermove', this.onPointerHover);
  }

  /** Puts the gizmo on `object` (null takes it off). */
  attach(object: THREE.Object3D | null): void {
    if (object === null) this.controls.detach();
    else if (this.controls.object !== object) this.controls.attach(object);
  }

  setMode(mode: GizmoMode): void {
    this.controls.setMode(mode);
  }

  get mode(): GizmoMode {
    return this.controls.mode as GizmoMode;
  }

  get dragging(): boolean {
    return this.controls.dragging;
  }

  dispose(): void {
    this.canvas.removeEventListener('pointerdown', this.onPointerDown, { capture: true });
    this.canvas.removeEventListener('pointermove', this.onPointerHover);
    this.controls.detach();
    this.helper.removeFromParent();
    const { touchAction } = this.canvas.style;
    this.controls.dispose();
    this.canvas.style.touchAction = touchAction;
  }

  private point(event: PointerEvent): GizmoPointer {
    const rect = this.canvas.getBoundingClientRect();
    this.pointer.x = ((event.clientX - rect.left) / rect.width) * 2 - 1;
    this.pointer.y = -((event.clientY - rect.top) / rect.height) * 2 + 1;
    this.pointer.button = event.button;
    return this.pointer as unknown as GizmoPointer;
  }

  private readonly onPointerHover = (event: PointerEvent): void => {
    if (this.controls.object === undefined || this.controls.dragging) return;
    if (event.pointerType === 'mouse' || event.pointerType === 'pen') this.controls.pointerHover(this.point(event));
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (this.controls.object === undefined || event.button !== 0) return;
    const pointer = this.point(event);
    this.controls.pointerHover(pointer);
    if (this.controls.axis === null) return;
    // The press is the gizmo's: nobody else hears it, nor its moves until it is released.
    event.stopImmediatePropagation();
    event.preventDefault();
    this.canvas.setPointerCapture(event.pointerId);
    this.controls.pointerDown(pointer);
    const move = (e: PointerEvent): void => {
      e.stopImmediatePropagation();
      this.controls.pointerMove(this.point(e));
    };
    const up = (e: PointerEvent): void => {
      e.stopImmediatePropagation();
      this.canvas.releasePointerCapture(e.pointerId);
      this.canvas.removeEventListener('pointermove', move, { capture: true });
      this.canvas.removeEventListener('pointerup', up, { capture: true });
      this.canvas.removeEventListener('pointercancel', up, { capture: true });
      this.controls.pointerUp(this.point(e));
    };
    this.canvas.addEventListener('pointermove', move, { capture: true });
    this.canvas.addEventListener('pointerup', up, { capture: true });
    this.canvas.addEventListener('pointercancel', up, { capture: true });
  };
}
