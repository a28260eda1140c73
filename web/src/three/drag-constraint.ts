// Where a dragged handle goes for a pointer ray: the pure geometry of a
// translate drag, without DOM or drawing. Two kinds of drag:
// - view plane: the handle moves in the plane through the press point that
//   faces the camera (normal: the camera's view direction), keeping the offset
//   between the press point and the handle's centre, so it never jumps to the
//   pointer;
// - axis: the handle moves along a line through where it started, to the
//   point of the line closest to the pointer ray, less where the press ray
//   grabbed the line. Seen end-on the line gives no usable closest point: a
//   drag that starts with the axis within asin(MIN_AXIS_SIN) of the ray keeps
//   the handle still, as do moves whose ray is that close to the axis or whose
//   closest point lies behind the ray's origin.
// The pointer ray comes from pointerRay(). Both run for every pointer move
// of a drag and allocate nothing: results go into the caller's vectors, and
// the arithmetic is written out, so that no fractional number crosses a
// call that V8 might not inline, builtins such as Number.isFinite included
// (it boxes those on the heap). Positions are model space, which is world
// space for the handles.
import * as THREE from 'three';

/** Below this sine of the angle between the pointer ray and the axis, axis moves are ignored. */
export const MIN_AXIS_SIN = 0.1;

/**
 * Sets `ray` to the pointer ray through `ndc` (normalised device
 * coordinates) of `camera`, from the near plane towards the far one, with a
 * unit direction: the ray three.js's Raycaster.setFromCamera casts, for any
 * projection. Uses the camera's matrices as they are.
 */
export function pointerRay(camera: THREE.Camera, ndc: THREE.Vector2, ray: THREE.Ray): void {
  unproject(camera, ndc, -1, ray.origin);
  const { origin: o, direction: d } = ray;
  unproject(camera, ndc, 1, d);
  const dx = d.x - o.x;
  const dy = d.y - o.y;
  const dz = d.z - o.z;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  d.x = dx / length;
  d.y = dy / length;
  d.z = dz / length;
}

/** The point at depth `z` (−1 near, 1 far, in NDC) under `ndc`, into `point_ws`: the inverse projection, then the camera's world matrix. */
function unproject(camera: THREE.Camera, ndc: THREE.Vector2, z: number, point_ws: THREE.Vector3): void {
  const p = camera.projectionMatrixInverse.elements;
  const x = ndc.x;
  const y = ndc.y;
  const w = p[3] * x + p[7] * y + p[11] * z + p[15];
  const vx = (p[0] * x + p[4] * y + p[8] * z + p[12]) / w;
  const vy = (p[1] * x + p[5] * y + p[9] * z + p[13]) / w;
  const vz = (p[2] * x + p[6] * y + p[10] * z + p[14]) / w;
  const m = camera.matrixWorld.elements;
  point_ws.x = m[0] * vx + m[4] * vy + m[8] * vz + m[12];
  point_ws.y = m[1] * vx + m[5] * vy + m[9] * vz + m[13];
  point_ws.z = m[2] * vx + m[6] * vy + m[10] * vz + m[14];
}

const VIEW_PLANE = -1;
const AXIS = 1;

export class DragConstraint {
  private kind = VIEW_PLANE;
  /** The handle where the drag began. */
  private readonly start_ms = new THREE.Vector3();
  /** View plane: the plane through the press point; the handle minus the press point. */
  private readonly plane = new THREE.Plane();
  private readonly grabOffset_ms = new THREE.Vector3();
  /** Axis: unit direction; whether the press ray grabbed the line (not when it saw it end-on), and where. */
  private readonly axis_ms = new THREE.Vector3();
  private grabbed = false;
  private grabAlong = Number.NaN;
  /** closestAlongAxis()'s result (a field: no number crosses a call). */
  private along = Number.NaN;

  /**
   * Starts a view-plane drag of a handle at `handle_ms`, pressed at `press_ms`
   * (a point on the handle), seen along `viewDirection` (unit: the camera's
   * forward direction).
   */
  beginViewPlane(viewDirection: THREE.Vector3, press_ms: THREE.Vector3, handle_ms: THREE.Vector3): void {
    this.kind = VIEW_PLANE;
    this.start_ms.copy(handle_ms);
    this.plane.setFromNormalAndCoplanarPoint(viewDirection, press_ms);
    this.grabOffset_ms.subVectors(handle_ms, press_ms);
  }

  /** Starts a drag of a handle at `handle_ms` along the unit direction `axis_ms`, pressed with `ray`. */
  beginAxis(ray: THREE.Ray, axis_ms: THREE.Vector3, handle_ms: THREE.Vector3): void {
    this.kind = AXIS;
    this.start_ms.copy(handle_ms);
    this.axis_ms.copy(axis_ms);
    this.grabbed = this.closestAlongAxis(ray);
    this.grabAlong = this.along;
  }

  /** The handle for the pointer ray `ray`, written into `handle_ms`; false (leaving it as it is) for a move to ignore. */
  move(ray: THREE.Ray, handle_ms: THREE.Vector3): boolean {
    if (this.kind === VIEW_PLANE) return this.onViewPlane(ray, handle_ms);
    if (!this.grabbed || !this.closestAlongAxis(ray)) return false;
    const along = this.along - this.grabAlong;
    const start = this.start_ms;
    const axis = this.axis_ms;
    // Component by component: a zero axis component leaves that coordinate exactly as it was.
    handle_ms.x = start.x + along * axis.x;
    handle_ms.y = start.y + along * axis.y;
    handle_ms.z = start.z + along * axis.z;
    return true;
  }

  /** Where the handle was when the drag began (written into `handle_ms`), for cancelling it. */
  restart(handle_ms: THREE.Vector3): void {
    handle_ms.copy(this.start_ms);
  }

  /**
   * The ray's point on the plane plus the grab offset, into `handle_ms`;
   * false for a ray parallel to the plane or pointing away from it. (Written
   * out rather than Ray.intersectPlane, whose distance crosses calls.)
   */
  private onViewPlane(ray: THREE.Ray, handle_ms: THREE.Vector3): boolean {
    const { normal, constant } = this.plane;
    const { origin: o, direction: d } = ray;
    const approach = normal.x * d.x + normal.y * d.y + normal.z * d.z;
    const t = -(normal.x * o.x + normal.y * o.y + normal.z * o.z + constant) / approach;
    if (!(t >= 0 && t < Infinity)) return false;
    const offset = this.grabOffset_ms;
    handle_ms.x = o.x + t * d.x + offset.x;
    handle_ms.y = o.y + t * d.y + offset.y;
    handle_ms.z = o.z + t * d.z + offset.z;
    return true;
  }

  /**
   * The parameter s of the axis line start + s·axis closest to the ray, into
   * `along`; false when the ray is too close to the axis's direction or the
   * closest point is behind the ray's origin.
   * Minimising |start + s·a − (o + u·d)|² over s and u, with |a| = |d| = 1,
   * w = start − o and b = a·d: s = (b (d·w) − a·w) / (1 − b²), u = d·w + s b.
   */
  private closestAlongAxis(ray: THREE.Ray): boolean {
    const a = this.axis_ms;
    const d = ray.direction;
    const wx = this.start_ms.x - ray.origin.x;
    const wy = this.start_ms.y - ray.origin.y;
    const wz = this.start_ms.z - ray.origin.z;
    const b = a.x * d.x + a.y * d.y + a.z * d.z;
    const sine2 = 1 - b * b;
    if (!(sine2 >= MIN_AXIS_SIN * MIN_AXIS_SIN)) return false;
    const dw = d.x * wx + d.y * wy + d.z * wz;
    const aw = a.x * wx + a.y * wy + a.z * wz;
    const s = (b * dw - aw) / sine2;
    if (!(dw + s * b > 0 && s > -Infinity && s < Infinity)) return false;
    this.along = s;
    return true;
  }
}
