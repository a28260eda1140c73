// A contact between two characters, with no DOM and no drawing: a goal of
// one character (its hand, named by the goal's bone) held on a point fixed
// in a bone of another (a shoulder, the other's hand). What it is, how one
// is checked (every field named), and the two points it ties, computed
// without allocating: the point on the other's bone, carried through both
// characters' placements into the first one's model space (where its goal's
// target lives), and where the goal's point is now. A contact from a
// character to itself is refused: a hand on one's own knee would chase a
// point its own solve moves, which is another kind of goal than this one.
import type { SceneCharacter, Scene } from './scene.js';

export type Vec3 = [number, number, number];

export interface ContactEnd {
  /** A character id of the scene. */
  character: number;
  /** A bone's name: for `from`, the bone of one of its goals. */
  bone: string;
}

export interface ContactSpec {
  /** The character whose goal is held, and the goal (by its bone's name). */
  from: ContactEnd;
  /** The character and bone it is held on, and the point in that bone's frame (bone space, metres). */
  to: ContactEnd & { point_bs: Vec3 };
}

export interface Contact extends ContactSpec {
  /** Unique on the page, never reused. */
  readonly id: number;
}

/** Contacts a scene holds: each is solved on every edit of the characters it ties. */
export const MAX_CONTACTS = 16;
/** A contact's point lies on or near its bone: farther than this from the joint is a mistake (metres, or the model's units). */
export const MAX_POINT_DISTANCE = 10;

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} must be an object`);
  return value as Record<string, unknown>;
}

function characterOf(scene: Scene, value: unknown, what: string): SceneCharacter {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`${what} must be a character id (a whole number), not ${JSON.stringify(value)}`);
  if (!scene.has(value)) throw new Error(`${what} = ${value} is no character of the scene; its characters are ${scene.characters.map((c) => c.id).join(', ')}`);
  return scene.character(value);
}

function nameOf(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new Error(`${what} must be a bone's name, not ${JSON.stringify(value)}`);
  return value;
}

/** `value` as a point: three finite numbers within MAX_POINT_DISTANCE; throws naming `what`. */
export function checkPoint(value: unknown, what: string): Vec3 {
  if (!Array.isArray(value) || value.length !== 3) throw new Error(`${what} must be three numbers [x, y, z]`);
  value.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${what}[${i}] must be a finite number (got ${String(v)})`);
  });
  if (Math.hypot(value[0], value[1], value[2]) > MAX_POINT_DISTANCE) throw new Error(`${what} is farther than ${MAX_POINT_DISTANCE} from its bone's joint`);
  return [value[0], value[1], value[2]];
}

/**
 * `value` as a contact of `scene`, checked in full (characters there, the
 * from bone one of its character's goals, the to bone one of its
 * character's bones, a finite point); throws an Error whose message starts
 * with `path` and names the field. The point is `to[pointField]` (a file's
 * `point_bs`, a script's `point`); it may be left out when `defaultPoint`
 * is given (it says where the point goes).
 */
export function checkContactSpec(scene: Scene, value: unknown, path: string, defaultPoint?: (ends: { from: ContactEnd; to: ContactEnd }) => Vec3, pointField = 'point_bs'): ContactSpec {
  const spec = record(value, path);
  const from = record(spec.from, `${path}.from`);
  const to = record(spec.to, `${path}.to`);
  const fromCharacter = characterOf(scene, from.character, `${path}.from.character`);
  const fromBone = nameOf(from.bone, `${path}.from.bone`);
  const goals = fromCharacter.session.goalNames;
  if (!goals.includes(fromBone)) throw new Error(`${path}.from.bone '${fromBone}' has no goal on character ${fromCharacter.id}; its goals are ${goals.join(', ')}`);
  const toCharacter = characterOf(scene, to.character, `${path}.to.character`);
  if (toCharacter === fromCharacter) throw new Error(`${path}.to.character is the from character (${fromCharacter.id}): a contact ties two characters`);
  const toBone = nameOf(to.bone, `${path}.to.bone`);
  if (!toCharacter.session.rig.boneNames.includes(toBone)) throw new Error(`${path}.to.bone '${toBone}' is no bone of character ${toCharacter.id}`);
  const ends = { from: { character: fromCharacter.id, bone: fromBone }, to: { character: toCharacter.id, bone: toBone } };
  const point = to[pointField] === undefined && defaultPoint ? defaultPoint(ends) : checkPoint(to[pointField], `${path}.to.${pointField}`);
  return { from: ends.from, to: { ...ends.to, point_bs: point } };
}

/** Bone `bone`'s matrix (column-major, 16 per bone in `m`) applied to (x, y, z), into `out` at 0..2. */
function transformPoint(m: ArrayLike<number>, bone: number, x: number, y: number, z: number, out: Float64Array): void {
  const k = 16 * bone;
  out[0] = m[k] * x + m[k + 4] * y + m[k + 8] * z + m[k + 12];
  out[1] = m[k + 1] * x + m[k + 5] * y + m[k + 9] * z + m[k + 13];
  out[2] = m[k + 2] * x + m[k + 6] * y + m[k + 10] * z + m[k + 14];
}

/**
 * A point of `from`'s model space (p_ms) in `to`'s model space, into `out`
 * (which may be p_ms): from's placement into the world, then the inverse of
 * to's (character-transform.ts's toWorld and toModel, written out so that a
 * drag frame allocates nothing).
 */
export function carryPoint(from: SceneCharacter, to: SceneCharacter, p_ms: ArrayLike<number>, out: Float64Array): void {
  const f = from.transform;
  const cf = Math.cos(f.heading);
  const sf = Math.sin(f.heading);
  const wx = cf * p_ms[0] + sf * p_ms[2] + f.x;
  const wz = -sf * p_ms[0] + cf * p_ms[2] + f.z;
  const t = to.transform;
  const ct = Math.cos(t.heading);
  const st = Math.sin(t.heading);
  const dx = wx - t.x;
  const dz = wz - t.z;
  out[0] = ct * dx - st * dz;
  out[1] = p_ms[1];
  out[2] = st * dx + ct * dz;
}

/** The point `point_bs` of bone `bone` of character `to`, in the model space of character `from` (into `out`): to's bone-to-model matrix, then carryPoint. */
export function contactPoint_ms(from: SceneCharacter, to: SceneCharacter, bone: number, point_bs: Readonly<Vec3>, out: Float64Array): void {
  transformPoint(to.session.rig.modelMatrices(), bone, point_bs[0], point_bs[1], point_bs[2], out);
  carryPoint(to, from, out, out);
}

/** Where goal `goal` of `character` pulls now (its point on its bone, or the bone's tip), in its model space, into `out`. */
export function goalPoint_ms(character: SceneCharacter, goal: number, out: Float64Array): void {
  const { session } = character;
  const bone = session.goalBones[goal];
  const point = session.goalPoint_bs(goal);
  if (point !== undefined) {
    transformPoint(session.rig.modelMatrices(), bone, point[0], point[1], point[2], out);
    return;
  }
  const tips = session.rig.boneTips();
  out[0] = tips[3 * bone];
  out[1] = tips[3 * bone + 1];
  out[2] = tips[3 * bone + 2];
}

/**
 * A point in the model space of `from` (p_ms) in the frame of bone `bone`
 * of `to`: contactPoint_ms's inverse, for a contact that holds the goal
 * where it is now. Not on a drag's path.
 */
export function pointInBone(from: SceneCharacter, to: SceneCharacter, bone: number, p_ms: ArrayLike<number>): Vec3 {
  const q = new Float64Array(3);
  carryPoint(from, to, p_ms, q);
  // The bone's matrix may scale (proportions): M · p = q solved with its 3×3 part by Cramer's rule.
  const m = to.session.rig.modelMatrices();
  const k = 16 * bone;
  const r = [q[0] - m[k + 12], q[1] - m[k + 13], q[2] - m[k + 14]];
  const a = [m[k], m[k + 1], m[k + 2]];
  const b = [m[k + 4], m[k + 5], m[k + 6]];
  const c = [m[k + 8], m[k + 9], m[k + 10]];
  const det3 = (u: number[], v: number[], w: number[]): number => u[0] * (v[1] * w[2] - v[2] * w[1]) - v[0] * (u[1] * w[2] - u[2] * w[1]) + w[0] * (u[1] * v[2] - u[2] * v[1]);
  const det = det3(a, b, c);
  return [det3(r, b, c) / det, det3(a, r, c) / det, det3(a, b, r) / det];
}
