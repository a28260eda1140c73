// The pointer's ray into a view, for the handles: the canvas rectangle is
// read once at a press (aimAtPage) and kept, so that each pointer move of a
// drag casts its ray without a layout read or an allocation (aim).
import * as THREE from 'three';
import { pointerRay } from './drag-constraint.js';

export class PointerAim {
  /** The pointer ray of the last aim (model space: the handles' and the character's). */
  readonly raycaster = new THREE.Raycaster();
  /** The pointer on the page, CSS px. */
  readonly pointer_px = new THREE.Vector2();
  private readonly pointer_ndc = new THREE.Vector2();
  private readonly scratch = new THREE.Vector3();
  private left = 0;
  private top = 0;
  private width = 1;
  private height = 1;

  constructor(
    private readonly camera: THREE.Camera,
    private readonly canvas: HTMLCanvasElement,
  ) {}

  /** Reads the canvas's rectangle and casts the ray through a page point. */
  aimAtPage(x: number, y: number): void {
    const rect = this.canvas.getBoundingClientRect();
    this.left = rect.left;
    this.top = rect.top;
    this.width = rect.width;
    this.height = rect.height;
    this.pointer_px.set(x, y);
    this.aim();
  }

  /**
   * Casts the ray through a pointer event's point with the rectangle last
   * read; allocates nothing: the point comes in an object and a field, so
   * that no number crosses a call (a double argument can be boxed).
   */
  aimAtEvent(event: { readonly clientX: number; readonly clientY: number }): void {
    this.pointer_px.x = event.clientX;
    this.pointer_px.y = event.clientY;
    this.aim();
  }

  private aim(): void {
    this.pointer_ndc.x = ((this.pointer_px.x - this.left) / this.width) * 2 - 1;
    this.pointer_ndc.y = 1 - ((this.pointer_px.y - this.top) / this.height) * 2;
    pointerRay(this.camera, this.pointer_ndc, this.raycaster.ray);
  }

  /**
   * How far from the pointer `point` is drawn, CSS px, with the rectangle
   * last read; NaN outside the camera's depth range (behind it: not on
   * screen). The camera's matrices are the caller's to update.
   */
  distance_px(point: THREE.Vector3): number {
    const ndc = this.scratch.copy(point).project(this.camera);
    if (!(ndc.z >= -1 && ndc.z <= 1)) return Number.NaN;
    const x = this.left + ((ndc.x + 1) / 2) * this.width;
    const y = this.top + ((1 - ndc.y) / 2) * this.height;
    return Math.hypot(x - this.pointer_px.x, y - this.pointer_px.y);
  }

  /** Where the ray meets the view plane through `center`, into `out`; false for a ray along the plane. */
  onViewPlane(center: THREE.Vector3, out: THREE.Vector3): boolean {
    const view = this.camera.getWorldDirection(this.scratch);
    const { ray } = this.raycaster;
    const toCenter = out.subVectors(center, ray.origin).dot(view);
    const along = ray.direction.dot(view);
    if (!(Math.abs(along) > 1e-9)) return false;
    out.copy(ray.direction).multiplyScalar(toCenter / along).add(ray.origin);
    return true;
  }

  /** A point's place on the page now (CSS px; reads the canvas's rectangle). */
  toPage(point: THREE.Vector3): { x: number; y: number } {
    this.camera.updateMatrixWorld();
    const ndc = this.scratch.copy(point).project(this.camera);
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + ((ndc.x + 1) / 2) * rect.width, y: rect.top + ((1 - ndc.y) / 2) * rect.height };
  }
}
