// Where a prop is: a position (metres), a rotation (Euler angles in radians,
// about X then Y then Z of the parent frame as three.js's 'XYZ' order turns
// them) and a per-axis scale, and the 4×4 matrices these stand for
// (column-major, as three.js and the rig's buffers store them). DOM-free and
// three-free, so that the scene can place attached props from a rig's bone
// matrices; the few matrix operations it needs are here, each
// allocation-free (results go into `out`).
import { MAX_FLOOR_DISTANCE } from './character-transform.js';

export type PropVec3 = [number, number, number];

export interface PropTransform {
  position: PropVec3;
  /** Euler angles in radians, order XYZ. */
  rotation: PropVec3;
  scale: PropVec3;
}

/** The smallest and largest scale along an axis: a prop from a grain of sand to a house. */
export const MIN_PROP_SCALE = 1e-3;
export const MAX_PROP_SCALE = 100;
/** A rotation angle's largest size (radians): a few turns either way, beyond which a typed value is a slip. */
export const MAX_PROP_ANGLE = 8 * Math.PI;

export function copyTransform(t: PropTransform): PropTransform {
  return { position: [...t.position], rotation: [...t.rotation], scale: [...t.scale] };
}

/** The limits of each field, for the message a wrong one gets. */
const FIELD_RULES = {
  position: { rule: `a finite number within ±${MAX_FLOOR_DISTANCE} m`, ok: (v: number) => Math.abs(v) <= MAX_FLOOR_DISTANCE },
  rotation: { rule: `a finite angle in radians within ±${(MAX_PROP_ANGLE / Math.PI).toFixed(0)}π`, ok: (v: number) => Math.abs(v) <= MAX_PROP_ANGLE },
  scale: { rule: `a finite number from ${MIN_PROP_SCALE} to ${MAX_PROP_SCALE}`, ok: (v: number) => v >= MIN_PROP_SCALE && v <= MAX_PROP_SCALE },
} as const;

export type PropTransformField = keyof typeof FIELD_RULES;
export const PROP_TRANSFORM_FIELDS = Object.keys(FIELD_RULES) as PropTransformField[];

/** `value` as one of a transform's fields (3 numbers within the field's limits); throws naming `path` and the element otherwise. */
export function checkTransformField(value: unknown, field: PropTransformField, path: string): PropVec3 {
  const { rule, ok } = FIELD_RULES[field];
  if (!Array.isArray(value) || value.length !== 3) throw new Error(`${path} must be 3 numbers [x, y, z], each ${rule}`);
  for (let i = 0; i < 3; i++) {
    const v: unknown = value[i];
    if (typeof v !== 'number' || !Number.isFinite(v) || !ok(v)) throw new Error(`${path}[${i}] must be ${rule} (got ${JSON.stringify(v) ?? String(v)})`);
  }
  return [value[0], value[1], value[2]];
}

/**
 * `value` as a transform, with the fields it leaves out taken from `base`
 * (all three needed without one); throws naming the field. Unknown fields
 * are refused, so that a typo ("positon") is not silently ignored.
 */
export function checkPropTransform(value: unknown, path: string, base?: PropTransform): PropTransform {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${path} must be an object {position, rotation, scale}`);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(PROP_TRANSFORM_FIELDS as string[]).includes(key)) throw new Error(`${path} has no field ${JSON.stringify(key)}; its fields are ${PROP_TRANSFORM_FIELDS.join(', ')}`);
  }
  const field = (key: PropTransformField): PropVec3 => {
    if (record[key] === undefined) {
      if (base === undefined) throw new Error(`${path}.${key} is missing`);
      return [...base[key]];
    }
    return checkTransformField(record[key], key, `${path}.${key}`);
  };
  return { position: field('position'), rotation: field('rotation'), scale: field('scale') };
}

export type Mat4 = Float64Array;

export function newMat4(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

/** T · R(XYZ) · S of `t` into `out`. */
export function composeMatrix(t: PropTransform, out: Mat4): Mat4 {
  // Indexed, not destructured: destructuring an array runs its iterator, which allocates (a playback frame composes held props' offsets).
  const { rotation, scale } = t;
  const x = rotation[0], y = rotation[1], z = rotation[2];
  const sx = scale[0], sy = scale[1], sz = scale[2];
  const a = Math.cos(x), b = Math.sin(x), c = Math.cos(y), d = Math.sin(y), e = Math.cos(z), f = Math.sin(z);
  const ae = a * e, af = a * f, be = b * e, bf = b * f;
  out[0] = c * e * sx; out[1] = (af + be * d) * sx; out[2] = (bf - ae * d) * sx; out[3] = 0;
  out[4] = -c * f * sy; out[5] = (ae - bf * d) * sy; out[6] = (be + af * d) * sy; out[7] = 0;
  out[8] = d * sz; out[9] = -b * c * sz; out[10] = a * c * sz; out[11] = 0;
  out[12] = t.position[0]; out[13] = t.position[1]; out[14] = t.position[2]; out[15] = 1;
  return out;
}

/**
 * The transform `m` (an affine matrix) stands for, into `out`: the scale
 * from the columns' lengths (negative along x for a mirrored matrix), the
 * rotation from the columns divided by it. A sheared matrix (a bone turned
 * under a non-uniform scale) has no exact TRS: this gives the nearest one
 * the columns allow.
 */
export function decomposeMatrix(m: ArrayLike<number>, out: PropTransform): PropTransform {
  let sx = Math.hypot(m[0], m[1], m[2]);
  const sy = Math.hypot(m[4], m[5], m[6]);
  const sz = Math.hypot(m[8], m[9], m[10]);
  const det = m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) + m[8] * (m[1] * m[6] - m[5] * m[2]);
  if (det < 0) sx = -sx;
  const m11 = m[0] / sx, m12 = m[4] / sy, m13 = m[8] / sz;
  const m22 = m[5] / sy, m23 = m[9] / sz;
  const m32 = m[6] / sy, m33 = m[10] / sz;
  const ry = Math.asin(Math.min(1, Math.max(-1, m13)));
  let rx: number;
  let rz: number;
  if (Math.abs(m13) < 0.9999999) {
    rx = Math.atan2(-m23, m33);
    rz = Math.atan2(-m12, m11);
  } else {
    rx = Math.atan2(m32, m22);
    rz = 0;
  }
  out.position[0] = m[12]; out.position[1] = m[13]; out.position[2] = m[14];
  out.rotation[0] = rx; out.rotation[1] = ry; out.rotation[2] = rz;
  out.scale[0] = sx; out.scale[1] = sy; out.scale[2] = sz;
  return out;
}

const product = new Float64Array(16);

/** a · b into `out` (which may be a or b). */
export function multiplyMatrices(a: ArrayLike<number>, b: ArrayLike<number>, out: Mat4): Mat4 {
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      product[4 * col + row] = a[row] * b[4 * col] + a[4 + row] * b[4 * col + 1] + a[8 + row] * b[4 * col + 2] + a[12 + row] * b[4 * col + 3];
    }
  }
  out.set(product);
  return out;
}

/** The inverse of an affine matrix `m` into `out` (which may be m); throws for a singular one. */
export function invertAffine(m: ArrayLike<number>, out: Mat4): Mat4 {
  const a = m[0], b = m[4], c = m[8], d = m[1], e = m[5], f = m[9], g = m[2], h = m[6], k = m[10];
  const A = e * k - f * h, B = -(d * k - f * g), C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-18) throw new Error('a bone or prop matrix has no inverse (a scale of zero)');
  const tx = m[12], ty = m[13], tz = m[14];
  const i00 = A / det, i01 = -(b * k - c * h) / det, i02 = (b * f - c * e) / det;
  const i10 = B / det, i11 = (a * k - c * g) / det, i12 = -(a * f - c * d) / det;
  const i20 = C / det, i21 = -(a * h - b * g) / det, i22 = (a * e - b * d) / det;
  out[0] = i00; out[1] = i10; out[2] = i20; out[3] = 0;
  out[4] = i01; out[5] = i11; out[6] = i21; out[7] = 0;
  out[8] = i02; out[9] = i12; out[10] = i22; out[11] = 0;
  out[12] = -(i00 * tx + i01 * ty + i02 * tz);
  out[13] = -(i10 * tx + i11 * ty + i12 * tz);
  out[14] = -(i20 * tx + i21 * ty + i22 * tz);
  out[15] = 1;
  return out;
}
