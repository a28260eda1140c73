// The render camera: the camera every picture of the page is taken through
// (Save PNG, kin.snapshot()), apart from the orbit view one poses in. It
// stands in the scene's world (not in a character's model space), so it
// stays put when another character becomes active. The focal length is the
// truth for its lens: millimetres on a full-frame sensor whose 36 mm span the
// picture's width (Blender's sensor fit "horizontal"); the fields of view
// follow from it and the picture's aspect. DOM-free and three-free: the
// three.js camera is made from this in three/render-camera-three.ts.
import { Signal } from '../rig/listener-list.js';

export type Vec3 = [number, number, number];

export interface RenderCameraState {
  /** Millimetres, on a sensor 36 mm wide. */
  focalLength: number;
  /** World space, metres. */
  position: Vec3;
  target: Vec3;
  /** The picture's size in pixels. */
  width: number;
  height: number;
  /** '#rrggbb', or 'transparent' (alpha 0 where nothing is drawn). */
  background: string;
}

export const SENSOR_WIDTH_MM = 36;
export const MIN_FOCAL_MM = 5;
export const MAX_FOCAL_MM = 1000;
/** The largest picture side: 8K, and what a GPU's textures reach. */
export const MAX_SIDE_PX = 8192;
/** How far from the scene's centre the camera and its target may be (metres). */
export const MAX_CAMERA_DISTANCE = 1000;
export const DEFAULT_FOCAL_MM = 50;

/** The offered sizes (the panel's presets); any other within MAX_SIDE_PX is a custom one. */
export const RESOLUTION_PRESETS: readonly { width: number; height: number; label: string }[] = [
  { width: 1024, height: 1024, label: '1024 × 1024 (square)' },
  { width: 768, height: 1024, label: '768 × 1024 (portrait)' },
  { width: 1920, height: 1080, label: '1920 × 1080 (HD)' },
];

const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** The vertical field of view (radians) of `state`'s lens over its picture. */
export function verticalFov(state: Pick<RenderCameraState, 'focalLength' | 'width' | 'height'>): number {
  return 2 * Math.atan((SENSOR_WIDTH_MM / 2 / state.focalLength) * (state.height / state.width));
}

/** The horizontal field of view (radians): the sensor's width over the focal length. */
export function horizontalFov(focalLength: number): number {
  return 2 * Math.atan(SENSOR_WIDTH_MM / 2 / focalLength);
}

/** A wrong value as an error message quotes it (NaN as NaN, not JSON's null). */
export function shown(value: unknown): string {
  return typeof value === 'number' || value === undefined ? String(value) : (JSON.stringify(value) ?? String(value));
}

function finite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${field} must be a finite number (got ${shown(value)})`);
  return value;
}

function point(value: unknown, field: string): Vec3 {
  if (!Array.isArray(value) || value.length !== 3) throw new Error(`${field} must be 3 finite numbers [x, y, z] (metres)`);
  const p = value.map((v, i) => finite(v, `${field}[${i}]`)) as Vec3;
  p.forEach((v, i) => {
    if (Math.abs(v) > MAX_CAMERA_DISTANCE) throw new Error(`${field}[${i}] = ${v} is farther than ${MAX_CAMERA_DISTANCE} m from the scene's centre`);
  });
  return p;
}

/** A picture side: a whole number of pixels from 1 to MAX_SIDE_PX. */
export function checkSide(value: unknown, field: string): number {
  const n = finite(value, field);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIDE_PX) throw new Error(`${field} must be a whole number of pixels from 1 to ${MAX_SIDE_PX} (got ${n})`);
  return n;
}

export function checkFocalLength(value: unknown, field: string): number {
  const f = finite(value, field);
  if (f < MIN_FOCAL_MM || f > MAX_FOCAL_MM) throw new Error(`${field} must be from ${MIN_FOCAL_MM} to ${MAX_FOCAL_MM} mm (got ${f})`);
  return f;
}

export function checkBackground(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`${field} must be a colour '#rrggbb' or 'transparent'`);
  const text = value.toLowerCase();
  if (text !== 'transparent' && !HEX_COLOR.test(text)) throw new Error(`${field} must be a colour '#rrggbb' or 'transparent' (got ${JSON.stringify(value)})`);
  return text;
}

/** Throws naming the field unless the camera can look from `position` at `target` (apart, and not straight up or down: its up is +Y). */
export function checkAim(position: Vec3, target: Vec3, field: string): void {
  const d = [target[0] - position[0], target[1] - position[1], target[2] - position[2]];
  const length = Math.hypot(d[0], d[1], d[2]);
  if (length < 1e-6) throw new Error(`${field}: the position and the target must be apart`);
  if (Math.abs(d[1]) / length > 0.9999) throw new Error(`${field}: the camera must not look straight up or down (its up is +Y)`);
}

/**
 * The state `base` with the fields of `change` (each optional) applied, checked
 * in full; throws naming the first wrong field (`${path}.width ...`).
 * Unknown fields are refused too: a typo must not pass silently.
 */
export function withChanges(base: RenderCameraState, change: unknown, path: string): RenderCameraState {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) throw new Error(`${path} must be an object {width, height, focalLength, position, target, background}`);
  const record = change as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(key in base)) throw new Error(`${path}.${key} is not a render camera field; they are ${Object.keys(base).join(', ')}`);
  }
  const next: RenderCameraState = {
    focalLength: record.focalLength === undefined ? base.focalLength : checkFocalLength(record.focalLength, `${path}.focalLength`),
    position: record.position === undefined ? base.position : point(record.position, `${path}.position`),
    target: record.target === undefined ? base.target : point(record.target, `${path}.target`),
    width: record.width === undefined ? base.width : checkSide(record.width, `${path}.width`),
    height: record.height === undefined ? base.height : checkSide(record.height, `${path}.height`),
    background: record.background === undefined ? base.background : checkBackground(record.background, `${path}.background`),
  };
  checkAim(next.position, next.target, `${path}.target`);
  return next;
}

/** A complete state (every field present), checked; throws naming the field. */
export function checkRenderCamera(value: unknown, path: string): RenderCameraState {
  if (typeof value !== 'object' || value === null) throw new Error(`${path} must be an object`);
  for (const key of ['focalLength', 'position', 'target', 'width', 'height', 'background']) {
    if (!(key in value)) throw new Error(`${path}.${key} is missing`);
  }
  return withChanges(DEFAULT_RENDER_CAMERA, value, path);
}

/** Before the page frames a character: a square picture from the front. */
export const DEFAULT_RENDER_CAMERA: Readonly<RenderCameraState> = Object.freeze({
  focalLength: DEFAULT_FOCAL_MM,
  position: [0, 1, 5] as Vec3,
  target: [0, 1, 0] as Vec3,
  width: 1024,
  height: 1024,
  background: 'transparent',
});

/**
 * Where a world point lands in the picture, in pixels from its top left
 * (x right, y down), and its distance in front of the camera (negative:
 * behind). The pinhole model written out (camera basis from the aim, +Y up),
 * so that tests can hold three.js's projection against it.
 */
export function projectToPixel(state: RenderCameraState, p_ws: readonly number[]): { x: number; y: number; depth: number } {
  const [px, py, pz] = state.position;
  let bx = px - state.target[0];
  let by = py - state.target[1];
  let bz = pz - state.target[2];
  const b = Math.hypot(bx, by, bz);
  bx /= b; by /= b; bz /= b;
  // right = up × back with up = +Y; then the camera's own up = back × right.
  let rx = bz;
  let rz = -bx;
  const r = Math.hypot(rx, rz);
  rx /= r; rz /= r;
  const ux = by * rz;
  const uy = bz * rx - bx * rz;
  const uz = -by * rx;
  const dx = p_ws[0] - px;
  const dy = p_ws[1] - py;
  const dz = p_ws[2] - pz;
  const depth = -(dx * bx + dy * by + dz * bz);
  const tanX = Math.tan(horizontalFov(state.focalLength) / 2);
  const tanY = Math.tan(verticalFov(state) / 2);
  const ndcX = (dx * rx + dz * rz) / depth / tanX;
  const ndcY = (dx * ux + dy * uy + dz * uz) / depth / tanY;
  return { x: ((ndcX + 1) / 2) * state.width, y: ((1 - ndcY) / 2) * state.height, depth };
}

/** A named view: where the camera stands, what it looks at, its lens (the picture's size and background stay). */
export interface SavedView {
  name: string;
  focalLength: number;
  position: Vec3;
  target: Vec3;
}

export const MAX_VIEW_NAME = 60;
export const MAX_VIEWS = 100;

export function checkViewName(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`${field} must be a string`);
  const name = value.trim();
  if (name === '' || name.length > MAX_VIEW_NAME) throw new Error(`${field} must be 1 to ${MAX_VIEW_NAME} characters (got ${JSON.stringify(value)})`);
  return name;
}

export function checkSavedView(value: unknown, path: string): SavedView {
  if (typeof value !== 'object' || value === null) throw new Error(`${path} must be an object {name, focalLength, position, target}`);
  const record = value as Record<string, unknown>;
  const name = checkViewName(record.name, `${path}.name`);
  const lens = withChanges(DEFAULT_RENDER_CAMERA, { focalLength: record.focalLength, position: record.position, target: record.target }, path);
  return { name, focalLength: lens.focalLength, position: lens.position, target: lens.target };
}

const copyState = (s: RenderCameraState): RenderCameraState => ({ ...s, position: [...s.position], target: [...s.target] });
const copyView = (v: SavedView): SavedView => ({ ...v, position: [...v.position], target: [...v.target] });

/** The page's render camera and its saved views; tells every change (onChange). */
export class RenderCamera {
  private current: RenderCameraState = copyState(DEFAULT_RENDER_CAMERA);
  private saved: SavedView[] = [];
  private readonly changed = new Signal();

  /** A copy of the camera now. */
  get state(): RenderCameraState {
    return copyState(this.current);
  }

  /** Copies of the saved views, in the order they were saved. */
  get views(): SavedView[] {
    return this.saved.map(copyView);
  }

  onChange(listener: () => void): () => void {
    return this.changed.add(listener);
  }

  /** Applies the fields of `change` (checked in full first: a wrong one throws naming it, and nothing changes). */
  set(change: Partial<RenderCameraState>, path = 'renderCamera'): void {
    this.current = withChanges(this.current, change, path);
    this.changed.tell();
  }

  /** Saves the camera's aim and lens under `name` (a view of that name is replaced); returns the name as kept (trimmed). */
  saveView(name: unknown): string {
    const kept = checkViewName(name, 'view name');
    const { focalLength, position, target } = this.current;
    const view: SavedView = { name: kept, focalLength, position: [...position], target: [...target] };
    const at = this.saved.findIndex((v) => v.name === kept);
    if (at < 0 && this.saved.length >= MAX_VIEWS) throw new Error(`view name: at most ${MAX_VIEWS} views are kept; delete one first`);
    if (at >= 0) this.saved[at] = view;
    else this.saved.push(view);
    this.changed.tell();
    return kept;
  }

  applyView(name: unknown): void {
    const view = this.saved[this.viewIndex(name)];
    this.set({ focalLength: view.focalLength, position: [...view.position], target: [...view.target] });
  }

  renameView(name: unknown, to: unknown): void {
    const at = this.viewIndex(name);
    const kept = checkViewName(to, 'new view name');
    if (this.saved.some((v, i) => i !== at && v.name === kept)) throw new Error(`new view name: there is a view ${JSON.stringify(kept)} already`);
    this.saved[at] = { ...this.saved[at], name: kept };
    this.changed.tell();
  }

  deleteView(name: unknown): void {
    this.saved.splice(this.viewIndex(name), 1);
    this.changed.tell();
  }

  /** Puts a checked state and views in place at once (a scene file, a reset). */
  replace(state: RenderCameraState, views: readonly SavedView[]): void {
    this.current = copyState(state);
    this.saved = views.map(copyView);
    this.changed.tell();
  }

  private viewIndex(name: unknown): number {
    const at = this.saved.findIndex((v) => v.name === name);
    if (at < 0) throw new Error(`no view ${JSON.stringify(name)}; the views are ${this.saved.length === 0 ? 'none yet' : this.saved.map((v) => JSON.stringify(v.name)).join(', ')}`);
    return at;
  }
}

/**
 * The picture's frame in the world: the four corners (top left, top right,
 * bottom right, bottom left) of the rectangle it holds in the plane through
 * the target, facing the camera.
 */
export function frameCorners(state: RenderCameraState): Vec3[] {
  const [px, py, pz] = state.position;
  const [tx, ty, tz] = state.target;
  let fx = tx - px;
  let fy = ty - py;
  let fz = tz - pz;
  const d = Math.hypot(fx, fy, fz);
  fx /= d; fy /= d; fz /= d;
  // right = forward × up(+Y), up' = right × forward.
  let rx = -fz;
  let rz = fx;
  const r = Math.hypot(rx, rz);
  rx /= r; rz /= r;
  const ux = -rz * fy;
  const uy = rz * fx - rx * fz;
  const uz = rx * fy;
  const hw = d * Math.tan(horizontalFov(state.focalLength) / 2);
  const hh = d * Math.tan(verticalFov(state) / 2);
  const corner = (sx: number, sy: number): Vec3 => [tx + sx * hw * rx + sy * hh * ux, ty + sy * hh * uy, tz + sx * hw * rz + sy * hh * uz];
  return [corner(-1, 1), corner(1, 1), corner(1, -1), corner(-1, -1)];
}
