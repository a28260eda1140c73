// Picking a bone by where it is drawn: every bone is the screen segment from
// its origin to its tip, and a click picks the bone whose segment passes
// nearest to the pointer, within a few pixels of slack. The segments lie
// inside the limbs, so a click on an arm's skin lands near the arm's bone.
// Positions come from the rig, in the model space the view draws in (the
// active character's; app/page-characters.ts projects the others' through
// their place in the scene).
import * as THREE from 'three';

/** A rectangle on the page in CSS pixels, e.g. the canvas's getBoundingClientRect(). */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How far from a bone's drawn segment a click still picks it (CSS px): about a limb's half-width. */
export const PICK_DISTANCE_PX = 24;

const scratch_ws = new THREE.Vector3();

/**
 * Writes where `point_ws` is drawn into out[at], out[at + 1] (CSS pixels of
 * the page); NaN for a point outside the camera's depth range (behind it).
 */
function projectPoint(point_ws: THREE.Vector3, camera: THREE.Camera, rect: ScreenRect, out: Float64Array, at: number): void {
  const ndc = point_ws.project(camera);
  const visible = ndc.z >= -1 && ndc.z <= 1;
  out[at] = visible ? rect.left + ((ndc.x + 1) / 2) * rect.width : Number.NaN;
  out[at + 1] = visible ? rect.top + ((1 - ndc.y) / 2) * rect.height : Number.NaN;
}

/**
 * Every bone's screen segment into `out` (4 numbers per bone: origin x, y,
 * tip x, y, in CSS pixels): origins from the bone-to-model matrices (16 per
 * bone), tips 3 per bone, both model space. The camera's matrices must be current.
 */
export function projectBoneSegments(model_ms: Float32Array, tips_ms: Float32Array, camera: THREE.Camera, rect: ScreenRect, out: Float64Array): void {
  const count = tips_ms.length / 3;
  for (let bone = 0; bone < count; bone++) {
    const m = 16 * bone;
    projectPoint(scratch_ws.set(model_ms[m + 12], model_ms[m + 13], model_ms[m + 14]), camera, rect, out, 4 * bone);
    projectPoint(scratch_ws.set(tips_ms[3 * bone], tips_ms[3 * bone + 1], tips_ms[3 * bone + 2]), camera, rect, out, 4 * bone + 2);
  }
}

/** Distance from (x, y) to the segment from (ax, ay) to (bx, by); a zero-length segment is its point. */
export function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / lengthSq)) : 0;
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/**
 * The index of the segment (4 numbers each, as projectBoneSegments writes
 * them) nearest to (x, y), if it is within `maxDistance`; -1 otherwise.
 * Segments with a NaN end are not on screen and never picked.
 */
export function nearestSegment(segments: Float64Array, x: number, y: number, maxDistance: number): number {
  let best = -1;
  let bestDistance = maxDistance;
  for (let i = 0; 4 * i < segments.length; i++) {
    const s = 4 * i;
    // A sum with a NaN in it is NaN.
    if (Number.isNaN(segments[s] + segments[s + 1] + segments[s + 2] + segments[s + 3])) continue;
    const distance = segmentDistance(x, y, segments[s], segments[s + 1], segments[s + 2], segments[s + 3]);
    if (distance <= bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}
