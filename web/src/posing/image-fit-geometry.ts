// The geometry of an image fit (image-fit.ts): where a point is seen and by
// how much it misses its target, the camera's ray through a pixel, a limb's
// joints on those rays.
import * as THREE from 'three';
import type { GoalDesc, Rig } from '../rig/rig.js';
import type { Fit, ImageFitReport, ImagePoint, Limb, PointMiss } from './image-fit-input.js';

/** The target of the point at the bone's origin, if the fit has one. */
export function limbTarget(fit: Fit, bone: number): [number, number] | undefined {
  return fit.points.find((p) => p.bone === bone && p.point_bs.every((v) => v === 0))?.targetPx;
}

export function hasLimbPoints(fit: Fit, limb: Limb): boolean {
  return limbTarget(fit, limb.lower) !== undefined && limbTarget(fit, limb.end) !== undefined;
}

/** Which side of the ray's point nearest `centre` the point `p` lies along it: 0 nearer the camera, 1 farther. */
export function depthSide(ray: { origin: THREE.Vector3; direction: THREE.Vector3 }, centre: THREE.Vector3, p: THREE.Vector3): number {
  return p.clone().sub(centre).dot(ray.direction) > 0 ? 1 : 0;
}

/** The camera ray through a pixel, model space: its origin (on the near plane) and unit direction. */
export function cameraRay(fit: Fit, px: [number, number]): { origin: THREE.Vector3; direction: THREE.Vector3 } {
  const inverse = fit.viewProjection_ms.clone().invert();
  const ndc = [(2 * px[0]) / fit.width - 1, 1 - (2 * px[1]) / fit.height];
  const at = (z: number) => {
    const v = new THREE.Vector4(ndc[0], ndc[1], z, 1).applyMatrix4(inverse);
    return new THREE.Vector3(v.x / v.w, v.y / v.w, v.z / v.w);
  };
  const origin = at(-1);
  return { origin, direction: at(1).sub(origin).normalize() };
}

/** The point on the ray `distance` from `centre`, the nearer (far 0) or farther (1) of two; the ray's nearest point to it when none is. */
export function pointAtDistance(ray: { origin: THREE.Vector3; direction: THREE.Vector3 }, centre: THREE.Vector3, distance: number, far: number): THREE.Vector3 {
  const along = centre.clone().sub(ray.origin).dot(ray.direction);
  const closest = ray.origin.clone().addScaledVector(ray.direction, along);
  const half = Math.sqrt(Math.max(0, distance ** 2 - closest.distanceToSquared(centre)));
  return closest.addScaledVector(ray.direction, far ? half : -half);
}

export function originOf(model: ArrayLike<number>, bone: number): THREE.Vector3 {
  return new THREE.Vector3(model[16 * bone + 12], model[16 * bone + 13], model[16 * bone + 14]);
}


/** Each point's miss in pixels, by projecting it as the rig is posed now. */
export function measure(rig: Rig, fit: Fit): ImageFitReport {
  const model = rig.modelMatrices();
  const clip = new THREE.Vector4();
  let sum = 0;
  let max = 0;
  const perPoint = fit.points.map((p, i): PointMiss => {
    const x = pointInModel(model, p);
    clip.set(x.x, x.y, x.z, 1).applyMatrix4(fit.viewProjection_ms);
    // Behind the eye a point is nowhere in the image: an infinite miss.
    const errorPx = clip.w > 0 ? Math.hypot(((clip.x / clip.w + 1) / 2) * fit.width - p.targetPx[0], ((1 - clip.y / clip.w) / 2) * fit.height - p.targetPx[1]) : Infinity;
    sum += errorPx * errorPx;
    max = Math.max(max, errorPx);
    return { bone: p.bone, name: p.name ?? `${rig.boneNames[p.bone]} point ${i}`, errorPx };
  });
  return { rmsPx: Math.sqrt(sum / fit.points.length), maxPx: max, perPoint };
}

export function pointInModel(model: ArrayLike<number>, p: ImagePoint): THREE.Vector3 {
  return new THREE.Vector3(...p.point_bs).applyMatrix4(new THREE.Matrix4().fromArray(model as number[], 16 * p.bone));
}

export function goalFor(fit: Fit, p: ImagePoint): GoalDesc {
  // target is not read by an image-space goal; the shape requires one.
  return { bone: p.bone, point: p.point_bs, target: [0, 0, 0], weight: p.weight ?? 1, viewProjection: fit.viewProjection_ms.elements, imageSize: [fit.width, fit.height], targetPx: p.targetPx };
}

export function rootBone(rig: Rig): number {
  const root = rig.description.findIndex((bone) => bone.parent < 0);
  if (root < 0) throw new Error('image fit: the rig has no root bone');
  return root;
}
