// Fit the character to 2-D keypoints (OpenPose's, or any) seen through a
// camera: each point on a bone should project onto its target pixel. The
// core solves it with image-space goals (GoalDesc.viewProjection: rows in
// pixels) and a pose prior (Rig.setPosePrior) for the depth the image cannot
// show. Pixels: x right, y down, origin at the image's top-left corner (the
// convention of OpenPose's keypoints; kin/image_projection.h).
//
// A 2-D fit from a far start falls into a wrong minimum (a body facing away
// fit facing the camera, an elbow folded behind that should be in front), so
// it runs in stages:
//  1. the root's place in closed form: the translation that puts the points,
//     as posed now, on their targets' camera rays (linear least squares);
//  2. the body as one rigid piece (every point a goal on the root bone) from
//     eight headings about model up: the body's turn and place; the best
//     few distinct turns go on;
//  3. from each: the trunk's points (those no limb moves), then every point
//     on its own bone, the prior easing from 100× its weight to its weight
//     (a stiff body first follows the points as a whole, then gives way);
//  4. while a point still misses, each limb in turn is tried in each of the
//     four poses the image allows it (escapeByLimbDepths) and fit again.
// The best end is kept; the first that misses no point by 0.1 px ends it.
// Measured on the default character (tests/web/image-fit.test.ts): 10 ms to
// 4 s in Node, most under 100 ms; the slow ones are those that need stage 4.
// The report's errors are measured here, by projecting the solved points
// (the rig's bone matrices, then the matrix), not read from the solver.
//
// The rig's goals are replaced while it fits; the caller that owns goals
// (the page's PosingSession) passes them in `restore` (PosingSession
// .solveSetup) and gets them back, with its solver and options; without it the
// rig ends with no goals and its solver's default options. Moving the root,
// keeping balance and keeping above the floor end as they were; the prior ends
// off (the core cannot hand a prior's angles back).
import * as THREE from 'three';
import type { Rig } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { cameraRay, depthSide, goalFor, hasLimbPoints, limbTarget, measure, originOf, pointAtDistance, pointInModel, rootBone } from './image-fit-geometry.js';
import { type Fit, type FitRestore, type ImageFitInput, type ImageFitReport, type ImagePoint, type Limb, checkLimb, checkedFit } from './image-fit-input.js';

export { DEFAULT_PRIOR_WEIGHT, MAX_FIT_POINTS, MAX_IMAGE_SIDE } from './image-fit-input.js';
export type { FitRestore, ImageFitInput, ImageFitReport, ImagePoint, Limb, PointMiss } from './image-fit-input.js';

// Converge on energy, not on the goals' tolerance: with a prior, the core stops once every goal is within it.
const FIT_OPTIONS = { tolerance: 1e-7, maxEscapes: 0 } as const;
const MAX_ROUNDS = 4;
// Stage 2's headings about model up, evenly spaced; the turns it ends in closer than SAME_TURN (radians) count as one.
const HEADINGS = 8;
const SAME_TURN = 0.35;
// Stage 3 runs from the best STARTS of them, until one misses no point by more than GOOD_ENOUGH_PX.
const STARTS = 3;
const GOOD_ENOUGH_PX = 0.1;
// The prior's weight through stage 3, times priorWeight.
const PRIOR_STEPS = [100, 10, 1];
// A fit that misses a point by more than this (px) tries its limbs at their other depths (stage 4).
const ESCAPE_ABOVE_PX = 0.5;
// A round that lowers the mean squared miss by less than this (px²) ends the rounds.
const ROUND_GAIN_PX2 = 1e-4;

/**
 * Fits the rig's pose and root offset so that the points project onto their
 * targets, and reports the misses. Throws, with the rig untouched, naming
 * bad input; the rig's settings come back as the file's header says.
 */
export function fitToImage(rig: Rig, input: ImageFitInput, restore?: FitRestore): ImageFitReport {
  const fit = checkedFit(rig, input);
  return withFitSettings(rig, fit, restore, () => {
    placeRoot(rig, fit);
    const trunk = trunkPoints(rig, fit);
    let best: (Start & { report: ImageFitReport }) | null = null;
    for (const start of rigidStarts(rig, fit).slice(0, STARTS)) {
      rig.setPose(start.angles, start.root);
      if (trunk.length > 0 && trunk.length < fit.points.length) refine(rig, { ...fit, points: trunk });
      const report = escapeByLimbDepths(rig, fit, refine(rig, fit));
      if (best === null || report.rmsPx < best.report.rmsPx) best = { miss: report.rmsPx, angles: Float32Array.from(rig.pose()), root: rig.rootOffset, report };
      if (best.report.maxPx <= GOOD_ENOUGH_PX) break;
    }
    rig.setPose(best!.angles, best!.root);
    return best!.report;
  });
}

/**
 * The rig's arms and legs by their bone roles (Rig.roleBones(), in the order
 * of kin::BoneRole: upper arm, forearm, hand; thigh, shin, foot), named
 * arm_l, arm_r, leg_l, leg_r; a limb missing a role is left out.
 */
export function rigLimbs(rig: Rig): Limb[] {
  const roles = rig.roleBones();
  return LIMB_ROLES.flatMap(([name, upper, lower, end]) => (roles[upper] >= 0 && roles[lower] >= 0 && roles[end] >= 0 ? [{ name, upper: roles[upper], lower: roles[lower], end: roles[end] }] : []));
}

const LIMB_ROLES: readonly [string, number, number, number][] = [
  ['arm_l', 6, 7, 8],
  ['leg_l', 13, 14, 15],
  ['arm_r', 10, 11, 12],
  ['leg_r', 17, 18, 19],
];

/** Which of a limb's joints a flip sends to their other depth. */
export type FlipJoints = 'middle' | 'end' | 'both';

/**
 * Flips a limb to another pose the image allows and fits again from there
 * (the prior, unless the input gives one, then holds the flipped pose). The
 * rig is left in the flipped fit.
 *
 * Flip: the middle joint (elbow, knee) is seen on its target's camera ray,
 * at the upper bone's length from the top joint (shoulder, hip); a ray meets
 * that sphere at two depths (or touches it at one), and the image cannot
 * tell which. The middle joint goes to the other of the two ('middle'), the
 * end joint (wrist, ankle) likewise about the middle joint ('end'), or both;
 * a joint not flipped keeps its depth side. The upper (then the lower) bone
 * turns the least that takes its child's joint there, clamped to its limits.
 * Needs the points at the origins of the limb's lower and end bones.
 */
export function flipLimb(rig: Rig, input: ImageFitInput, limb: Limb, joints: FlipJoints = 'middle', restore?: FitRestore): ImageFitReport {
  const fit = checkedFit(rig, input);
  checkLimb(rig, limb, fit);
  if (joints !== 'middle' && joints !== 'end' && joints !== 'both') throw new Error(`image fit: joints '${joints}' is not middle, end or both`);
  const flips = [joints !== 'end', joints !== 'middle'];
  return withFitSettings(rig, fit, restore, () => {
    placeLimbOnRays(rig, fit, limb, (side, joint) => (flips[joint] ? 1 - side : side));
    return refine(rig, input.prior === undefined ? { ...fit, prior: Float32Array.from(rig.pose()) } : fit);
  });
}

/**
 * The limbs whose pose the image cannot tell: flipped (flipLimb, each of its
 * flips) and fit again, the points still all within `tolerancePx` (as they
 * must be in the pose now), with one of the limb's bones turned by more than
 * MIN_FLIP from where it was (a joint whose ray only touches its sphere has
 * one depth: no flip moves it). The rig's pose, root and settings are as
 * before when it returns.
 */
export function ambiguousLimbs(rig: Rig, input: ImageFitInput, limbs: readonly Limb[] = rigLimbs(rig), tolerancePx = 2, restore?: FitRestore): Limb[] {
  const fit = checkedFit(rig, input);
  limbs.forEach((limb) => checkLimb(rig, limb, fit));
  if (!(tolerancePx > 0)) throw new Error(`image fit: tolerancePx ${tolerancePx} is not a number > 0`);
  const angles = Float32Array.from(rig.pose());
  const root = rig.rootOffset;
  if (measure(rig, fit).maxPx >= tolerancePx) return [];
  const found: Limb[] = [];
  for (const limb of limbs) {
    const before = limbDirections(rig, limb);
    for (const joints of ['middle', 'end', 'both'] as const) {
      const flipped = flipLimb(rig, input, limb, joints, restore);
      const after = limbDirections(rig, limb);
      const moved = before.some((d, i) => d.angleTo(after[i]) > MIN_FLIP);
      rig.setPose(angles, root);
      if (flipped.maxPx < tolerancePx && moved) {
        found.push(limb);
        break;
      }
    }
  }
  return found;
}

/** A flip that turns neither of the limb's bones by more than this (radians) left the limb where it was. */
export const MIN_FLIP = THREE.MathUtils.degToRad(5);

/** The limb's upper and lower bones' directions, model space (joint to joint). */
function limbDirections(rig: Rig, limb: Limb): THREE.Vector3[] {
  const model = rig.modelMatrices();
  const [top, middle, end] = [limb.upper, limb.lower, limb.end].map((bone) => originOf(model, bone));
  return [middle.clone().sub(top).normalize(), end.sub(middle).normalize()];
}

/** The reprojection misses of the rig's pose now (no solve). */
export function imageMisses(rig: Rig, input: ImageFitInput): ImageFitReport {
  return measure(rig, checkedFit(rig, input));
}

// ---- the fit's stages ----

/** A pose a stage ended in, and its root-mean-square miss (px). */
interface Start {
  miss: number;
  angles: Float32Array;
  root: Vec3Tuple;
}

/** Saves the settings a fit changes, runs `body`, gives them back (its pose stays; a throw puts the pose back too). */
function withFitSettings(rig: Rig, fit: Fit, restore: FitRestore | undefined, body: () => ImageFitReport): ImageFitReport {
  const saved = { solver: rig.solver, moveRoot: rig.moveRoot, balance: rig.keepBalance, floor: rig.keepAboveFloor, angles: Float32Array.from(rig.pose()), root: rig.rootOffset };
  // The rig refuses another solver while these are on: off first.
  rig.setMoveRoot(false);
  rig.setKeepBalance(false);
  rig.setKeepAboveFloor(false);
  let report: ImageFitReport | undefined;
  try {
    rig.setSolver('gauss-newton', { ...FIT_OPTIONS, maxIterations: fit.iterations });
    rig.setMoveRoot(true);
    rig.setKeepAboveFloor(fit.floor);
    report = body();
  } finally {
    if (report === undefined) rig.setPose(saved.angles, saved.root);
    rig.setMoveRoot(false);
    rig.setKeepAboveFloor(false);
    rig.setPosePrior(new Float32Array(3 * rig.boneCount), 0);
    rig.setSolver(restore?.solver ?? saved.solver, restore?.options ?? {});
    rig.setGoals(restore?.goals ?? []);
    rig.setMoveRoot(saved.moveRoot);
    rig.setKeepBalance(saved.balance);
    rig.setKeepAboveFloor(saved.floor);
  }
  return report;
}

/** Stage 1: the root offset that puts the points, posed as now, nearest their targets' camera rays. */
function placeRoot(rig: Rig, fit: Fit): void {
  // clip = M·[x + t, 1]; the target's ray is clip.x = u·clip.w, clip.y = v·clip.w (u, v its NDC):
  // (a₀ − u·a₃)·t = −((a₀ − u·a₃)·x + b₀ − u·b₃), aᵢ the first three entries of row i, bᵢ the fourth; likewise y.
  const m = fit.viewProjection_ms.elements;
  const row = (i: number) => [m[i], m[4 + i], m[8 + i], m[12 + i]];
  const [r0, r1, r3] = [row(0), row(1), row(3)];
  const normal = new THREE.Matrix3().set(0, 0, 0, 0, 0, 0, 0, 0, 0);
  const n = normal.elements;
  const rhs = [0, 0, 0];
  const model = rig.modelMatrices();
  for (const p of fit.points) {
    const x = pointInModel(model, p);
    const ndc = [(2 * p.targetPx[0]) / fit.width - 1, 1 - (2 * p.targetPx[1]) / fit.height];
    const w = p.weight ?? 1;
    for (const [r, u] of [[r0, ndc[0]], [r1, ndc[1]]] as const) {
      const a = [r[0] - u * r3[0], r[1] - u * r3[1], r[2] - u * r3[2]];
      const b = -(a[0] * x.x + a[1] * x.y + a[2] * x.z + r[3] - u * r3[3]);
      for (let i = 0; i < 3; i++) {
        rhs[i] += w * a[i] * b;
        for (let j = 0; j < 3; j++) n[3 * j + i] += w * a[i] * a[j];
      }
    }
  }
  // A whisker of damping: an orthographic camera cannot see depth at all (that row is zero), and stays put along it.
  const trace = n[0] + n[4] + n[8];
  for (let i = 0; i < 3; i++) n[4 * i] += 1e-9 * trace + 1e-12;
  const t = new THREE.Vector3(...rhs).applyMatrix3(normal.clone().invert());
  if (!Number.isFinite(t.x + t.y + t.z)) return;
  const root = rig.rootOffset;
  rig.setRootOffset(root[0] + t.x, root[1] + t.y, root[2] + t.z);
}

/** Stage 2: the whole body as one rigid piece (the root's angles and offset), from four headings about model up; keeps the best. */
function rigidStarts(rig: Rig, fit: Fit): Start[] {
  const root = rootBone(rig);
  const model = rig.modelMatrices();
  const rootInverse = new THREE.Matrix4().fromArray(model, 16 * root).invert();
  // Each point as a point fixed to the root bone where it is now.
  const goals = fit.points.map((p) => {
    const onRoot = pointInModel(model, p).applyMatrix4(rootInverse);
    return goalFor(fit, { ...p, bone: root, point_bs: [onRoot.x, onRoot.y, onRoot.z] });
  });
  rig.setPosePrior(new Float32Array(3 * rig.boneCount), 0);
  rig.setGoals(goals);
  const start = Float32Array.from(rig.pose());
  const startRoot = rig.rootOffset;
  const rootRotation = new THREE.Quaternion().setFromRotationMatrix(new THREE.Matrix4().fromArray(model, 16 * root));
  const starts: (Start & { rotation: THREE.Quaternion })[] = [];
  for (let k = 0; k < HEADINGS; k++) {
    rig.setPose(start, startRoot);
    const heading = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), (2 * Math.PI * k) / HEADINGS).multiply(rootRotation);
    rig.setAngles(root, ...rig.anglesForModelRotation(root, [heading.x, heading.y, heading.z, heading.w]));
    placeRoot(rig, fit);
    rig.solve();
    const m = rig.modelMatrices();
    starts.push({ miss: measure(rig, fit).rmsPx, angles: Float32Array.from(rig.pose()), root: rig.rootOffset, rotation: new THREE.Quaternion().setFromRotationMatrix(new THREE.Matrix4().fromArray(m, 16 * root)) });
  }
  rig.setPose(start, startRoot);
  // The best first; of those that ended in the same turn, only the best.
  starts.sort((x, y) => x.miss - y.miss);
  return starts.filter((s, i) => starts.slice(0, i).every((t) => t.rotation.angleTo(s.rotation) > SAME_TURN));
}

/**
 * Stage 3: every point on its own bone, with the prior, in rounds until the
 * miss stops falling. The prior starts PRIOR_STEPS heavier and eases to its
 * weight: a stiff body first follows the points as a whole (no limb folds
 * the wrong way to catch a point early), then gives way to them.
 */
function refine(rig: Rig, fit: Fit): ImageFitReport {
  rig.setGoals(fit.points.map((p) => goalFor(fit, p)));
  let report = measure(rig, fit);
  for (const factor of PRIOR_STEPS) {
    rig.setPosePrior(fit.prior, fit.priorWeight * factor);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      rig.solve();
      const next = measure(rig, fit);
      const gain = report.rmsPx ** 2 - next.rmsPx ** 2;
      report = next;
      if (gain < ROUND_GAIN_PX2) break;
    }
  }
  return report;
}

/**
 * A fit still off its points may have a limb in the wrong one of the
 * poses the image allows (an elbow behind that should be in front, which no
 * small step undoes). The image allows up to four per limb: the middle joint
 * on its target's camera ray at its bone's length from the top joint (the
 * ray meets that sphere twice: near and far), the bottom joint likewise from
 * the middle one. Each limb is tried in each and fit again; the best kept.
 */
function escapeByLimbDepths(rig: Rig, fit: Fit, report: ImageFitReport): ImageFitReport {
  for (const limb of rigLimbs(rig)) {
    if (report.maxPx <= ESCAPE_ABOVE_PX) break;
    const angles = Float32Array.from(rig.pose());
    const root = rig.rootOffset;
    if (!hasLimbPoints(fit, limb)) continue;
    for (const depths of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
      rig.setPose(angles, root);
      placeLimbOnRays(rig, fit, limb, (_, joint) => depths[joint]);
      const next = refine(rig, fit);
      if (next.rmsPx < report.rmsPx) {
        report = next;
        angles.set(rig.pose());
        root.splice(0, 3, ...rig.rootOffset);
      }
    }
    rig.setPose(angles, root);
  }
  return report;
}

/**
 * Turns the limb's upper bone so that its middle joint lies on its target's
 * camera ray at the bone's length from the top joint, on the depth side
 * `side` picks (0 the nearer of the ray's two such points, 1 the farther;
 * given the side the joint is on now), then the lower bone so for the end
 * joint (joint 1).
 */
function placeLimbOnRays(rig: Rig, fit: Fit, limb: Limb, side: (now: number, joint: number) => number): void {
  [[limb.upper, limb.lower], [limb.lower, limb.end]].forEach(([bone, child], joint) => {
    const model = rig.modelMatrices();
    const top = originOf(model, bone);
    const now = originOf(model, child);
    const ray = cameraRay(fit, limbTarget(fit, child)!);
    const onRay = pointAtDistance(ray, top, now.distanceTo(top), side(depthSide(ray, top, now), joint));
    const swing = new THREE.Quaternion().setFromUnitVectors(now.clone().sub(top).normalize(), onRay.sub(top).normalize());
    const rotation = swing.multiply(new THREE.Quaternion().setFromRotationMatrix(new THREE.Matrix4().fromArray(model, 16 * bone)));
    rig.setAngles(bone, ...rig.anglesForModelRotation(bone, [rotation.x, rotation.y, rotation.z, rotation.w]));
  });
}


/**
 * The points the limbs do not move (the trunk's, the head's, and the limbs'
 * top joints — a shoulder is where the trunk puts it): fit first, they set
 * the trunk before the limbs can pull it out of shape.
 */
function trunkPoints(rig: Rig, fit: Fit): ImagePoint[] {
  const limbTops = new Set(rigLimbs(rig).map((limb) => limb.upper));
  const parents = rig.description.map((bone) => bone.parent);
  return fit.points.filter((p) => {
    // A bone's origin moves with its parent; any other point with the bone itself.
    let bone = p.point_bs.every((v) => v === 0) ? parents[p.bone] : p.bone;
    for (; bone >= 0; bone = parents[bone]) if (limbTops.has(bone)) return false;
    return true;
  });
}
