// Which keypoints the picture shows: a point whose own depth lies farther than
// the surface drawn at its pixel, by more than how deep under its skin it
// sits (Keypoint.tolerance), is hidden — behind its own body, another
// character or a prop — and gets confidence 0. The depth image is the
// scene's as drawn (a depth pass of the skinned meshes and props), so this is
// decided by what is seen, not by bone geometry.

import type { Keypoint, PersonKeypoints } from './openpose-keypoints.js';
import { cocoFromBody25 } from './openpose-keypoints.js';

/** View-axis depth in metres per pixel, rows top first; +Infinity where nothing is drawn. */
export interface DepthImage {
  width: number;
  height: number;
  data: Float32Array;
}

export interface VisibilityOptions {
  /** Keep every point (confidence stays as projected): the toggle "keep hidden points". */
  keepHidden?: boolean;
  /**
   * Pixels each side of the point's pixel to look at (default 1: 3 × 3); the
   * farthest surface among them counts, so a point on a silhouette's edge,
   * where the pixel next to it shows what lies behind, stays seen.
   */
  radius?: number;
}

function checkDepth(depth: DepthImage): void {
  const { width, height, data } = depth;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new Error(`OpenPose visibility: depth image size ${width} × ${height} is not a positive whole number of pixels`);
  if (!(data instanceof Float32Array) || data.length !== width * height) throw new Error(`OpenPose visibility: depth image data has ${data?.length} values, expected ${width * height} (${width} × ${height})`);
}

/** The farthest drawn depth around picture point (x, y) of a pictureWidth × pictureHeight picture. */
function surfaceDepth(depth: DepthImage, x: number, y: number, pictureWidth: number, pictureHeight: number, radius: number): number {
  // The depth image may have its own resolution: the same picture, other pixels.
  const px = Math.min(depth.width - 1, Math.floor((x / pictureWidth) * depth.width));
  const py = Math.min(depth.height - 1, Math.floor((y / pictureHeight) * depth.height));
  let farthest = -Infinity;
  for (let j = Math.max(0, py - radius); j <= Math.min(depth.height - 1, py + radius); j++) {
    for (let i = Math.max(0, px - radius); i <= Math.min(depth.width - 1, px + radius); i++) {
      const d = depth.data[j * depth.width + i];
      // NaN (a broken pass) counts as nothing drawn: never hides a point.
      farthest = Math.max(farthest, Number.isNaN(d) ? Infinity : d);
    }
  }
  return farthest;
}

/** BODY_25's Neck (1) and MidHip (8), each the midpoint of two joints: the shoulders (2, 5), the hips (9, 12). */
const DERIVED_POINTS: readonly (readonly [number, readonly [number, number]])[] = [[1, [2, 5]], [8, [9, 12]]];

/** A copy of `person` with the points the depth image hides at confidence 0 (pure: `person` is unchanged). */
export function applyVisibility(person: PersonKeypoints, depth: DepthImage, options: VisibilityOptions = {}): PersonKeypoints {
  checkDepth(depth);
  const radius = options.radius ?? 1;
  if (!Number.isInteger(radius) || radius < 0 || radius > 16) throw new Error(`OpenPose visibility: radius ${radius} is not a whole number of pixels in [0, 16]`);
  const judge = (p: Keypoint): Keypoint => {
    if (options.keepHidden || p.c === 0) return { ...p };
    const surface = surfaceDepth(depth, p.x, p.y, person.width, person.height, radius);
    return { ...p, c: p.depth - surface > p.tolerance ? 0 : p.c };
  };
  const body = person.body.map(judge);
  // A midpoint of two joints lies inside the body: seen from the side it is
  // a half-width under the skin. OpenPose's neck and mid-hip are made from
  // the shoulders and hips, so each is seen while one of its joints is.
  for (const [point, [a, b]] of DERIVED_POINTS) {
    if (options.keepHidden || person.body[point].c === 0) continue;
    body[point].c = Math.max(body[a].c, body[b].c);
  }
  return {
    ...person,
    body,
    coco18: cocoFromBody25(body),
    leftHand: person.leftHand && person.leftHand.map(judge),
    rightHand: person.rightHand && person.rightHand.map(judge),
  };
}
