// The input of an image fit (image-fit.ts): the points, the camera, the
// prior, checked at the boundary (a wrong field named, nothing changed),
// and the fit's own copy of it, the camera folded with the placement.
import * as THREE from 'three';
import type { GoalDesc, Rig, SolverName, SolverOptions } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { hasLimbPoints } from './image-fit-geometry.js';

/** The most points a fit takes: one goal each (the core's kMaxGoals). */
export const MAX_FIT_POINTS = 32;
/** The largest image side, pixels (the core's kMaxImageSizePx). */
export const MAX_IMAGE_SIDE = 16384;

export interface ImagePoint {
  bone: number;
  /** The point on the bone, bone space (its origin: [0, 0, 0]). */
  point_bs: Vec3Tuple;
  /** Where it should be seen, pixels. */
  targetPx: [number, number];
  /** > 0; default 1 (an OpenPose confidence fits here). */
  weight?: number;
  name?: string;
}

export interface ImageFitInput {
  /** World to clip space, 16 numbers column-major: three.js camera.projectionMatrix × camera.matrixWorldInverse. */
  viewProjection: ArrayLike<number>;
  width: number;
  height: number;
  /** The character's model space to world space, 16 numbers column-major (its placement in the scene). */
  modelToWorld: ArrayLike<number>;
  points: readonly ImagePoint[];
  /** The pose the prior pulls toward, 3 angles per bone; default the pose the rig is in when the fit starts. */
  prior?: ArrayLike<number>;
  /** The prior's weight, px² per radian²; default DEFAULT_PRIOR_WEIGHT, 0 for none. */
  priorWeight?: number;
  /**
   * Keep every bone above the character's floor (Rig.setKeepAboveFloor); default false. The core's
   * floor is a penalty the pixel rows pull against: points a few millimetres below it can remain.
   */
  floor?: boolean;
  /** The solver's iterations per round; default 200. */
  iterations?: number;
}

export interface PointMiss {
  bone: number;
  name: string;
  /** Distance in pixels from its target to where the point is seen after the fit. */
  errorPx: number;
}

export interface ImageFitReport {
  rmsPx: number;
  maxPx: number;
  perPoint: PointMiss[];
}

/** What the fit gives back to the rig at its end: the solver, its options and the goals the caller owns. */
export interface FitRestore {
  solver: SolverName;
  options: SolverOptions;
  goals: readonly GoalDesc[];
}

/**
 * A limb's three joints as bone origins: `upper`'s origin is the limb's top
 * joint (the shoulder, the hip), `lower`'s the middle one (elbow, knee),
 * `end`'s the bottom one (wrist, ankle).
 */
export interface Limb {
  name: string;
  upper: number;
  lower: number;
  end: number;
}

/** Small: a radian off the start pose costs what 0.07 px of miss does, so the points win wherever they can tell. */
export const DEFAULT_PRIOR_WEIGHT = 0.01;
export const DEFAULT_ITERATIONS = 200;
/** An image fit's input as checked, the placement folded into the camera. */
export interface Fit {
  /** Model space to clip space: the view-projection with the placement folded in. */
  viewProjection_ms: THREE.Matrix4;
  width: number;
  height: number;
  points: readonly ImagePoint[];
  prior: Float32Array;
  priorWeight: number;
  floor: boolean;
  iterations: number;
}

const finite = (values: ArrayLike<number>): boolean => Array.prototype.every.call(values, (v: unknown) => typeof v === 'number' && Number.isFinite(v));

function matrix(values: ArrayLike<number> | undefined, what: string): THREE.Matrix4 {
  if (values === undefined || values === null || typeof values.length !== 'number' || values.length !== 16 || !finite(values))
    throw new Error(`image fit: ${what} must be 16 finite numbers (a column-major 4×4 matrix)`);
  const m = new THREE.Matrix4().fromArray(Array.from(values));
  const scale = Math.max(...m.elements.map(Math.abs));
  if (!(Math.abs(m.determinant()) > 1e-12 * scale ** 4)) throw new Error(`image fit: ${what} cannot be inverted (it flattens space)`);
  return m;
}

/** The input checked; throws naming the first wrong field. */
export function checkedFit(rig: Rig, input: ImageFitInput): Fit {
  if (input === null || typeof input !== 'object') throw new Error('image fit: the input must be an object');
  const viewProjection = matrix(input.viewProjection, 'viewProjection');
  const modelToWorld = matrix(input.modelToWorld, 'modelToWorld');
  for (const [key, side] of [['width', input.width], ['height', input.height]] as const)
    if (!Number.isInteger(side) || side < 1 || side > MAX_IMAGE_SIDE) throw new Error(`image fit: ${key} ${side} is not a whole number of pixels in [1, ${MAX_IMAGE_SIDE}]`);
  const points = input.points;
  if (!Array.isArray(points) || points.length === 0 || points.length > MAX_FIT_POINTS)
    throw new Error(`image fit: points must be 1 to ${MAX_FIT_POINTS} points (got ${Array.isArray(points) ? points.length : typeof points})`);
  points.forEach((p: ImagePoint, i) => {
    const what = `point ${i}${p?.name ? ` (${p.name})` : ''}`;
    if (!Number.isInteger(p?.bone) || p.bone < 0 || p.bone >= rig.boneCount) throw new Error(`image fit: ${what}: bone ${p?.bone} is not a bone index in [0, ${rig.boneCount})`);
    if (!Array.isArray(p.point_bs) || p.point_bs.length !== 3 || !finite(p.point_bs)) throw new Error(`image fit: ${what}: point_bs must be 3 finite numbers`);
    if (!Array.isArray(p.targetPx) || p.targetPx.length !== 2 || !finite(p.targetPx)) throw new Error(`image fit: ${what}: targetPx must be 2 finite numbers`);
    if (p.weight !== undefined && !(Number.isFinite(p.weight) && p.weight > 0)) throw new Error(`image fit: ${what}: weight ${p.weight} is not a finite number > 0`);
  });
  const prior = input.prior ?? rig.pose();
  if (typeof prior.length !== 'number' || prior.length !== 3 * rig.boneCount || !finite(prior))
    throw new Error(`image fit: prior must be ${3 * rig.boneCount} finite angles (3 per bone)`);
  const priorWeight = input.priorWeight ?? DEFAULT_PRIOR_WEIGHT;
  if (!(Number.isFinite(priorWeight) && priorWeight >= 0)) throw new Error(`image fit: priorWeight ${priorWeight} is not a finite number ≥ 0`);
  const iterations = input.iterations ?? DEFAULT_ITERATIONS;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 20000) throw new Error(`image fit: iterations ${iterations} is not a whole number in [1, 20000]`);
  if (input.floor !== undefined && typeof input.floor !== 'boolean') throw new Error('image fit: floor must be true or false');
  return {
    viewProjection_ms: viewProjection.multiply(modelToWorld),
    width: input.width,
    height: input.height,
    points: points.map((p) => ({ ...p, point_bs: [...p.point_bs] as Vec3Tuple, targetPx: [...p.targetPx] as [number, number] })),
    prior: Float32Array.from(prior),
    priorWeight,
    floor: input.floor ?? false,
    iterations,
  };
}

/** Throws unless `limb` names bones of the rig and the fit's points hold its middle and end joints. */
export function checkLimb(rig: Rig, limb: Limb, fit: Fit): void {
  for (const key of ['upper', 'lower', 'end'] as const)
    if (!Number.isInteger(limb[key]) || limb[key] < 0 || limb[key] >= rig.boneCount) throw new Error(`image fit: limb ${limb.name}: ${key} ${limb[key]} is not a bone index`);
  if (!hasLimbPoints(fit, limb)) throw new Error(`image fit: limb ${limb.name}: the points must include the origins of ${rig.boneNames[limb.lower]} and ${rig.boneNames[limb.end]}`);
}
