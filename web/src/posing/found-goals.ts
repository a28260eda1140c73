// Goals for a rig the page did not make: solver-goals.ts is written for the
// default character's bone names; any other rig poses with goals found from
// its structure and names.
// - Limb ends: hands and feet when names tell them (/hand|wrist/, /foot|ankle/
//   on the topmost such bone of a chain, so fingers and toes do not count),
//   left or right from a name part "l"/"left" or "r"/"right" ("hand_l",
//   "Hand.L" (GLTFLoader makes it "HandL"), "mixamorig:LeftHand"); otherwise
//   the leaves of the deepest chains.
// - Two-bone: on the bone above each end (forearm, shin), pulling the end's
//   origin (the wrist), with its parent as the upper bone; where the chain is
//   too short, or a bone in it cannot turn, that end has no two-bone goal.
// - Look-at: a head (or a neck, or else the highest bone) aims the bone-space
//   axis that points along +Z (glTF's forward) in the bind pose, keeping the
//   one that points up (+Y) toward a pole above it.
// - A rig that stands on named feet: the feet pinned and a root target on
//   the root bone, which moves the whole body.
// Bones that cannot turn (all slots locked: nodes above joints) never carry
// goals. Colours follow the default character's: left warm, right cool,
// hands brighter than feet.
import type { Rig, SolverName } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type GoalLayout, type GoalLayouts, type PosingGoal, LIMB_ENDS, goalLayoutFor } from './solver-goals.js';

type Side = 'left' | 'right' | 'none';
type EndKind = 'hand' | 'foot' | 'leaf';

interface LimbEnd {
  bone: number;
  kind: EndKind;
  side: Side;
}

const COLORS: Record<Exclude<EndKind, 'leaf'>, Record<Side, number>> = {
  hand: { left: 0xff8a3d, right: 0x3dc4ff, none: 0xf2d14b },
  foot: { left: 0xd9523b, right: 0x3b7bd9, none: 0xc9a93b },
};
const LEAF_COLORS = [0xff8a3d, 0x3dc4ff, 0x7fd48a, 0xd36bd9, 0xf2d14b, 0xd9523b];
const HEAD_COLOR = 0xf2d14b;
const ROOT_COLOR = 0xe8e2d0;
/** Leaf goals at most, when no hands or feet are recognised. */
const MAX_LEAF_GOALS = 6;
const KINDS: [Exclude<EndKind, 'leaf'>, RegExp][] = [
  ['hand', /hand|wrist/i],
  ['foot', /foot|ankle/i],
];

/** A name's words: split at non-letters and at lower→upper case steps. */
function words(name: string): string[] {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z]+/).filter(Boolean);
}

/** Which side a bone's name says it is on. */
export function sideOf(name: string): Side {
  const parts = words(name);
  const left = parts.some((w) => w === 'l' || w === 'left');
  const right = parts.some((w) => w === 'r' || w === 'right');
  return left === right ? 'none' : left ? 'left' : 'right';
}

interface RigShape {
  rig: Rig;
  movable: boolean[];
  children: number[][];
  depth: number[];
  origin_ms: Vec3Tuple[];
}

function shapeOf(rig: Rig): RigShape {
  const n = rig.boneCount;
  const bind = rig.bindMatrices();
  const children: number[][] = Array.from({ length: n }, () => []);
  const depth = new Array<number>(n).fill(0);
  for (let b = 0; b < n; b++) {
    const parent = rig.parents[b];
    if (parent >= 0) {
      children[parent].push(b);
      depth[b] = depth[parent] + 1;
    }
  }
  const movable = Array.from({ length: n }, (_, b) => {
    const { min, max } = rig.limits(b);
    return min.some((lo, k) => lo < max[k]);
  });
  const origin_ms = Array.from({ length: n }, (_, b): Vec3Tuple => [bind[16 * b + 12], bind[16 * b + 13], bind[16 * b + 14]]);
  return { rig, movable, children, depth, origin_ms };
}

function hasAncestorMatching(shape: RigShape, bone: number, pattern: RegExp): boolean {
  for (let p = shape.rig.parents[bone]; p >= 0; p = shape.rig.parents[p]) if (pattern.test(shape.rig.boneNames[p])) return true;
  return false;
}

/** Hands and feet by name; else the deepest leaves. */
function limbEnds(shape: RigShape): LimbEnd[] {
  const { rig } = shape;
  const named: LimbEnd[] = [];
  for (let bone = 0; bone < rig.boneCount; bone++) {
    if (!shape.movable[bone]) continue;
    const name = rig.boneNames[bone];
    const kind = KINDS.find(([, pattern]) => pattern.test(name) && !hasAncestorMatching(shape, bone, pattern));
    if (kind) named.push({ bone, kind: kind[0], side: sideOf(name) });
  }
  if (named.length > 0) return named;
  const leaves = shape.children.flatMap((c, bone) => (c.length === 0 && shape.movable[bone] ? [bone] : []));
  leaves.sort((a, b) => shape.depth[b] - shape.depth[a] || a - b);
  return leaves.slice(0, MAX_LEAF_GOALS).map((bone) => ({ bone, kind: 'leaf' as const, side: sideOf(rig.boneNames[bone]) }));
}

function distance(a: Vec3Tuple, b: Vec3Tuple): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** The diagonal of the bind-pose bone origins' bounding box, at least 1 mm. */
function rigSize(shape: RigShape): number {
  const lo = [0, 1, 2].map((k) => Math.min(...shape.origin_ms.map((o) => o[k])));
  const hi = [0, 1, 2].map((k) => Math.max(...shape.origin_ms.map((o) => o[k])));
  return Math.max(1e-3, Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]));
}

/** `v` (model space) in the bind-pose bone space of `bone`, as a direction or a point. */
function toBoneSpace(rig: Rig, bone: number, v: Vec3Tuple, point: boolean): Vec3Tuple {
  const m = rig.bindMatrices().subarray(16 * bone, 16 * bone + 16);
  // The inverse of M = [A | t]: solve A x = v − t (A's columns are the bone's axes in model space).
  const rhs = point ? [v[0] - m[12], v[1] - m[13], v[2] - m[14]] : v;
  const col = (c: number): Vec3Tuple => [m[4 * c], m[4 * c + 1], m[4 * c + 2]];
  const [a, b, c] = [col(0), col(1), col(2)];
  const det = dot(a, cross(b, c));
  return [dot(rhs as Vec3Tuple, cross(b, c)) / det, dot(a, cross(rhs as Vec3Tuple, c)) / det, dot(a, cross(b, rhs as Vec3Tuple)) / det];
}

function dot(a: Vec3Tuple, b: Vec3Tuple): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: Vec3Tuple, b: Vec3Tuple): Vec3Tuple {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalized(v: Vec3Tuple): Vec3Tuple {
  const length = Math.hypot(...v);
  return [v[0] / length, v[1] / length, v[2] / length];
}

function endColor(end: LimbEnd, index: number): number {
  return end.kind === 'leaf' ? LEAF_COLORS[index % LEAF_COLORS.length] : COLORS[end.kind][end.side];
}

/**
 * The limb ends' goals. A rig that stands on named feet gets them pinned and
 * a root target on its root bone (when that turns): whole-body posing, as
 * the default character has it.
 */
function limbEndLayout(shape: RigShape, ends: readonly LimbEnd[]): GoalLayout {
  const standing = ends.some((end) => end.kind === 'foot');
  const goals = ends.map((end, i): PosingGoal => ({ bone: shape.rig.boneNames[end.bone], color: endColor(end, i), ...(standing && end.kind === 'foot' ? { pinned: true } : {}) }));
  const root = shape.rig.parents.indexOf(-1);
  if (standing && shape.movable[root] && !ends.some((end) => end.bone === root)) goals.push({ bone: shape.rig.boneNames[root], color: ROOT_COLOR, movesRoot: true });
  return { goals, options: {} };
}

/**
 * Two-bone goals on the bone above each end. The pole offset only matters
 * while a limb is straight (solver-goals.ts places poles on the side a limb
 * bends): elbows go behind (−Z), knees in front (+Z), a limb's length away.
 */
function twoBoneLayout(shape: RigShape, ends: readonly LimbEnd[]): GoalLayout {
  const { rig } = shape;
  const goals: PosingGoal[] = [];
  ends.forEach((end, i) => {
    const lower = rig.parents[end.bone];
    const upper = lower >= 0 ? rig.parents[lower] : -1;
    if (upper < 0 || !shape.movable[lower] || !shape.movable[upper]) return;
    const o = shape.origin_ms;
    const reach = distance(o[upper], o[lower]) + distance(o[lower], o[end.bone]);
    if (!(reach > 0)) return;
    const side = end.kind === 'foot' ? 1 : -1;
    goals.push({
      bone: rig.boneNames[lower],
      color: endColor(end, i),
      poleOffset_ms: [0, 0, side * reach],
      point_bs: toBoneSpace(rig, lower, o[end.bone], true),
    });
  });
  return { goals, options: {} };
}

function headBone(shape: RigShape): number {
  const { rig } = shape;
  for (const pattern of [/head/i, /neck/i]) {
    const bone = rig.boneNames.findIndex((name, b) => shape.movable[b] && pattern.test(name) && !hasAncestorMatching(shape, b, pattern));
    if (bone >= 0) return bone;
  }
  let highest = -1;
  shape.origin_ms.forEach((o, b) => {
    if (shape.movable[b] && (highest < 0 || o[1] > shape.origin_ms[highest][1])) highest = b;
  });
  return highest;
}

function lookAtLayout(shape: RigShape): GoalLayout {
  const bone = headBone(shape);
  if (bone < 0) return { goals: [], options: {} };
  const size = rigSize(shape);
  return {
    goals: [{ bone: shape.rig.boneNames[bone], color: HEAD_COLOR, poleOffset_ms: [0, 0.5 * size, 0], aimDistance: 0.3 * size }],
    options: { aimAxis: normalized(toBoneSpace(shape.rig, bone, [0, 0, 1], false)), upAxis: normalized(toBoneSpace(shape.rig, bone, [0, 1, 0], false)) },
  };
}

/** The default character's layouts when the rig has its bones, else layouts found from the rig. */
export function foundGoalLayouts(rig: Rig): GoalLayouts {
  const defaultBones = [LIMB_ENDS, goalLayoutFor('two-bone'), goalLayoutFor('look-at')].flatMap((layout) => layout.goals.map((goal) => goal.bone));
  if (defaultBones.every((name) => rig.boneNames.includes(name))) return goalLayoutFor;
  const shape = shapeOf(rig);
  const ends = limbEnds(shape);
  // One object per layout: the session tells a change of goals by identity.
  const limbs = limbEndLayout(shape, ends);
  const twoBone = twoBoneLayout(shape, ends);
  const lookAt = lookAtLayout(shape);
  return (solver: SolverName) => (solver === 'two-bone' ? twoBone : solver === 'look-at' ? lookAt : limbs);
}
