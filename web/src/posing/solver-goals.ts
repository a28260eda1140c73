// Which goals the page poses with, per solver, for the default character.
//
// Most solvers pull the tips of both hands and both feet. The two analytic
// solvers need other goals:
// - two-bone solves the goal's bone as the LOWER bone of a two-bone limb, so
//   its goals sit on the forearms and shins (their tips are the wrists and
//   ankles) with a pole on the side each middle joint should move toward. The
//   joint limits fix that side: forearm_l's y angle in [-2.5, 0] (forearm_r's
//   in [0, 2.5]) swings the forearm toward +Z, which leaves the elbow behind
//   the shoulder–wrist line, so the elbow poles sit behind the elbows (−Z);
//   shin x in [0, 2.4] swings the shin toward −Z, which leaves the knee in
//   front of the hip–ankle line, so the knee poles sit in front (+Z).
// - look-at aims one bone axis at the target: the head's forward axis (+Z in
//   its bone space, as in the model) at a handle that starts in front of the
//   face, with the up axis (+Y) turned toward a pole above the head so that
//   the head does not roll.
// Targets start where the goals already are, so choosing a solver (or
// setting a pose) moves nothing until a handle moves.
import type { ColorRepresentation } from 'three';
import type { GoalDesc, Rig, SolverName, SolverOptions } from '../rig/rig.js';
import type { QuatTuple, Vec3Tuple } from '../rig/rig-desc.js';

export interface PosingGoal {
  /** The goal's bone; the goal pulls its tip. Also the goal's and its handle's name. */
  bone: string;
  color: ColorRepresentation;
  /** Two-bone: the pole, as an offset from the bone's origin (the middle joint), model space. */
  poleOffset_ms?: Vec3Tuple;
  /** Look-at: the target starts this far along the aim axis from the bone's origin (metres). */
  aimDistance?: number;
  /** The point the goal pulls, in the bone's space, when not its tip. */
  point_bs?: Vec3Tuple;
  /** A pin: the goal holds its tip with PIN_WEIGHT while the others move (goal-set.ts). */
  pinned?: boolean;
  /**
   * A root target: the goal pulls the bone's origin (its joint), and solves
   * move the root offset too — whole-body posing, for the solvers that can
   * (the core's contract: rootTranslation).
   */
  movesRoot?: boolean;
  /** The goal holds the bone's orientation too (a rotation handle), for the solvers that take orientations. */
  orient?: boolean;
  /** The joint above the goal's bone (an elbow for a hand, a knee for a foot) bends toward a pole handle, for the solvers that take poles. */
  pole?: boolean;
}

export interface GoalLayout {
  goals: readonly PosingGoal[];
  /** Solver options the layout relies on (look-at's axes); the user's settings go on top. */
  options: SolverOptions;
}

// Left limbs are warm, right limbs cool; hands brighter than feet. A limb
// keeps its colour in every layout.
const HAND_L = 0xff8a3d;
const HAND_R = 0x3dc4ff;
const FOOT_L = 0xd9523b;
const FOOT_R = 0x3b7bd9;
const HIPS = 0xe8e2d0;

const POLE_DISTANCE = 0.5;
const BEHIND: Vec3Tuple = [0, 0, -POLE_DISTANCE];
const IN_FRONT: Vec3Tuple = [0, 0, POLE_DISTANCE];

/**
 * A pin's weight against the other goals' 1: the weighted solvers then trade
 * little of a pin's error for another goal's. Measured on the default
 * character with a hand dragged up to 0.8 m out of reach, a pinned foot
 * moved at most 3 µm under DLS, 0.05 mm under CCD, 0.7 mm under FABRIK and
 * the Jacobian transpose, 3 mm under gradient descent (1000 would gain DLS
 * nothing visible and slow the first-order solvers' other goals).
 */
export const PIN_WEIGHT = 100;

const HEAD_AIM_BS: Vec3Tuple = [0, 0, 1];
const HEAD_UP_BS: Vec3Tuple = [0, 1, 0];
const HEAD_POLE_OFFSET_MS: Vec3Tuple = [0, 1, 0];

/**
 * The general solvers' goals: both hands; both feet, pinned, so that the
 * body crouches and leans on them; and the hips as a root target, which
 * moves the whole body (whole-body posing, as in Blender or Cascadeur).
 */
export const LIMB_ENDS: GoalLayout = {
  goals: [
    { bone: 'hand_l', color: HAND_L },
    { bone: 'hand_r', color: HAND_R },
    { bone: 'foot_l', color: FOOT_L, pinned: true },
    { bone: 'foot_r', color: FOOT_R, pinned: true },
    { bone: 'hips', color: HIPS, movesRoot: true },
  ],
  options: {},
};

const TWO_BONE_LIMBS: GoalLayout = {
  goals: [
    { bone: 'forearm_l', color: HAND_L, poleOffset_ms: BEHIND },
    { bone: 'forearm_r', color: HAND_R, poleOffset_ms: BEHIND },
    { bone: 'shin_l', color: FOOT_L, poleOffset_ms: IN_FRONT },
    { bone: 'shin_r', color: FOOT_R, poleOffset_ms: IN_FRONT },
  ],
  options: {},
};

const HEAD_AIM: GoalLayout = {
  goals: [{ bone: 'head', color: 0xf2d14b, poleOffset_ms: HEAD_POLE_OFFSET_MS, aimDistance: 0.6 }],
  options: { aimAxis: HEAD_AIM_BS, upAxis: HEAD_UP_BS },
};

/** The goals a character poses with, per solver. */
export type GoalLayouts = (solver: SolverName) => GoalLayout;

/** The default character's layouts. */
export function goalLayoutFor(solver: SolverName): GoalLayout {
  if (solver === 'two-bone') return TWO_BONE_LIMBS;
  if (solver === 'look-at') return HEAD_AIM;
  return LIMB_ENDS;
}

/** A goal for Rig.setGoals, by bone index, with its target. */
export type PlacedGoal = GoalDesc & { bone: number; target: Vec3Tuple };

/** How far from the middle joint a new pole handle sits (metres): off the limb, not on the body. */
const LIMB_POLE_DISTANCE = 0.4;

/** The rotation of a bone-to-model matrix (16 floats at `m`), scale taken out, as x y z w. */
function modelRotation(model_ms: Float32Array, m: number): QuatTuple {
  const column = (c: number): number[] => {
    const v = [model_ms[m + 4 * c], model_ms[m + 4 * c + 1], model_ms[m + 4 * c + 2]];
    const length = Math.hypot(v[0], v[1], v[2]);
    return v.map((x) => x / length);
  };
  const [x, y, z] = [column(0), column(1), column(2)];
  // Shepperd's method on the rotation matrix [x y z] (columns).
  const trace = x[0] + y[1] + z[2];
  let q: QuatTuple;
  if (trace > 0) {
    const s = 2 * Math.sqrt(1 + trace);
    q = [(y[2] - z[1]) / s, (z[0] - x[2]) / s, (x[1] - y[0]) / s, s / 4];
  } else if (x[0] > y[1] && x[0] > z[2]) {
    const s = 2 * Math.sqrt(1 + x[0] - y[1] - z[2]);
    q = [s / 4, (y[0] + x[1]) / s, (z[0] + x[2]) / s, (y[2] - z[1]) / s];
  } else if (y[1] > z[2]) {
    const s = 2 * Math.sqrt(1 + y[1] - x[0] - z[2]);
    q = [(y[0] + x[1]) / s, s / 4, (z[1] + y[2]) / s, (z[0] - x[2]) / s];
  } else {
    const s = 2 * Math.sqrt(1 + z[2] - x[0] - y[1]);
    q = [(z[0] + x[2]) / s, (z[1] + y[2]) / s, s / 4, (x[1] - y[0]) / s];
  }
  const length = Math.hypot(...q);
  return q.map((v) => v / length) as QuatTuple;
}

/** The layout's goals in the rig's current pose: targets where the goals are now, poles beside their joints. */
export function goalsInPose(rig: Rig, layout: GoalLayout): PlacedGoal[] {
  const model_ms = rig.modelMatrices();
  const tips_ms = rig.boneTips();
  const aim_bs = layout.options.aimAxis ?? HEAD_AIM_BS;
  return layout.goals.map((goal) => {
    const bone = rig.boneIndex(goal.bone);
    const m = 16 * bone;
    const origin_ms: Vec3Tuple = [model_ms[m + 12], model_ms[m + 13], model_ms[m + 14]];
    const given = goal.point_bs;
    let point = given;
    let target: Vec3Tuple = given
      ? [0, 1, 2].map((row) => model_ms[m + row] * given[0] + model_ms[m + 4 + row] * given[1] + model_ms[m + 8 + row] * given[2] + model_ms[m + 12 + row]) as Vec3Tuple
      : [tips_ms[3 * bone], tips_ms[3 * bone + 1], tips_ms[3 * bone + 2]];
    if (goal.aimDistance !== undefined) {
      // The aim axis in model space: the bone's rotation applied to it (column-major matrix).
      const direction = [0, 1, 2].map((row) => model_ms[m + row] * aim_bs[0] + model_ms[m + 4 + row] * aim_bs[1] + model_ms[m + 8 + row] * aim_bs[2]);
      const scale = goal.aimDistance / Math.hypot(direction[0], direction[1], direction[2]);
      target = [origin_ms[0] + scale * direction[0], origin_ms[1] + scale * direction[1], origin_ms[2] + scale * direction[2]];
    }
    if (goal.movesRoot) {
      // A root target pulls the joint itself: moving it moves the body.
      target = origin_ms;
      point = [0, 0, 0];
    }
    const offset = goal.poleOffset_ms;
    let pole: Vec3Tuple | undefined = offset && poleBeside(rig, bone, origin_ms, target, offset);
    let poleBone: number | undefined;
    const middle = rig.parents[bone];
    if (goal.pole && middle >= 0 && rig.parents[middle] >= 0) {
      // The limb above the goal's bone: its joint bends toward a handle on the side it bends to now.
      const middle_ms: Vec3Tuple = [model_ms[16 * middle + 12], model_ms[16 * middle + 13], model_ms[16 * middle + 14]];
      pole = poleBeside(rig, middle, middle_ms, origin_ms, [0, 0, -LIMB_POLE_DISTANCE]);
      poleBone = middle;
    }
    const orientation = goal.orient ? modelRotation(model_ms, m) : undefined;
    return { bone, target, pole, poleBone, point, orientation, weight: goal.pinned ? PIN_WEIGHT : undefined };
  });
}

/**
 * A pole on the side the middle joint already bends to, so that choosing
 * two-bone does not swing the limb out of its current plane; the layout's
 * offset gives the distance, and the side when the limb is straight. For
 * look-at the offset is used as it is.
 */
function poleBeside(rig: Rig, bone: number, middle_ms: Vec3Tuple, end_ms: Vec3Tuple, offset_ms: Vec3Tuple): Vec3Tuple {
  const upper = rig.parents[bone];
  const distance = Math.hypot(...offset_ms);
  if (upper < 0 || rig.solver === 'look-at') return [middle_ms[0] + offset_ms[0], middle_ms[1] + offset_ms[1], middle_ms[2] + offset_ms[2]];
  const model_ms = rig.modelMatrices();
  const start_ms = [model_ms[16 * upper + 12], model_ms[16 * upper + 13], model_ms[16 * upper + 14]];
  const line = [0, 1, 2].map((k) => end_ms[k] - start_ms[k]);
  const toMiddle = [0, 1, 2].map((k) => middle_ms[k] - start_ms[k]);
  const along = (line[0] * toMiddle[0] + line[1] * toMiddle[1] + line[2] * toMiddle[2]) / (line[0] ** 2 + line[1] ** 2 + line[2] ** 2 || 1);
  // The middle joint's offset from the start–end line: the current bend side.
  const bend = [0, 1, 2].map((k) => toMiddle[k] - along * line[k]);
  const length = Math.hypot(bend[0], bend[1], bend[2]);
  const side = length > 1e-3 ? bend.map((v) => (distance * v) / length) : offset_ms;
  return [middle_ms[0] + side[0], middle_ms[1] + side[1], middle_ms[2] + side[2]];
}
