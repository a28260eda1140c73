// Where a character stands in the scene: a point on the floor (x, z metres,
// world space) and a heading (radians about +Y, counter-clockwise seen from
// above). Its model space is its own: the rig, its targets and poles live
// there; this maps model space into the scene's world space.

export interface CharacterTransform {
  x: number;
  z: number;
  heading: number;
}

/** How far from the scene's centre a character may stand (metres): the orbit camera reaches 20 m. */
export const MAX_FLOOR_DISTANCE = 50;

export const ORIGIN: Readonly<CharacterTransform> = Object.freeze({ x: 0, z: 0, heading: 0 });

/** Throws naming the field unless `t` is a transform a scene can hold (finite, within MAX_FLOOR_DISTANCE). */
export function checkTransform(t: unknown, what = 'transform'): asserts t is CharacterTransform {
  if (typeof t !== 'object' || t === null) throw new Error(`${what} must be an object {x, z, heading}`);
  const record = t as Record<string, unknown>;
  for (const key of ['x', 'z', 'heading'] as const) {
    const value = record[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${what}.${key} must be a finite number (got ${String(value)})`);
  }
  for (const key of ['x', 'z'] as const) {
    if (Math.abs(record[key] as number) > MAX_FLOOR_DISTANCE) throw new Error(`${what}.${key} = ${String(record[key])} is farther than ${MAX_FLOOR_DISTANCE} m from the scene's centre`);
  }
}

/** The model-to-world matrix of `t`, column-major (as three.js and the palettes store matrices), into `out`. */
export function transformMatrix(t: CharacterTransform, out: Float64Array | number[] = new Float64Array(16)): Float64Array | number[] {
  const c = Math.cos(t.heading);
  const s = Math.sin(t.heading);
  out[0] = c; out[1] = 0; out[2] = -s; out[3] = 0;
  out[4] = 0; out[5] = 1; out[6] = 0; out[7] = 0;
  out[8] = s; out[9] = 0; out[10] = c; out[11] = 0;
  out[12] = t.x; out[13] = 0; out[14] = t.z; out[15] = 1;
  return out;
}

/** A model-space point of a character standing at `t`, in world space. */
export function toWorld(t: CharacterTransform, p_ms: readonly number[]): [number, number, number] {
  const c = Math.cos(t.heading);
  const s = Math.sin(t.heading);
  return [c * p_ms[0] + s * p_ms[2] + t.x, p_ms[1], -s * p_ms[0] + c * p_ms[2] + t.z];
}

export function sameTransform(a: CharacterTransform, b: CharacterTransform): boolean {
  return a.x === b.x && a.z === b.z && a.heading === b.heading;
}

/** A world-space point in the model space of a character standing at `t` (toWorld's inverse). */
export function toModel(t: CharacterTransform, p_ws: readonly number[]): [number, number, number] {
  const c = Math.cos(t.heading);
  const s = Math.sin(t.heading);
  const dx = p_ws[0] - t.x;
  const dz = p_ws[2] - t.z;
  return [c * dx - s * dz, p_ws[1], s * dx + c * dz];
}
