// Places a perspective camera so that a set of points fits the view, looking
// at a chosen point from a chosen direction (the point need not be the
// centre of the set: we orbit around the chest, not the middle of the body).
import * as THREE from 'three';

const point = new THREE.Vector3();
const right = new THREE.Vector3();
const up = new THREE.Vector3();
const back = new THREE.Vector3();

/**
 * Moves `camera` to `target_ws + distance · direction_ws` with the smallest
 * distance that keeps every point of `points_ws` inside the view shrunk by
 * `margin` (0.1 leaves 10 % free at the tightest edge), and aims it at the target.
 */
export function framePoints(
  camera: THREE.PerspectiveCamera,
  target_ws: THREE.Vector3,
  points_ws: THREE.BufferAttribute | THREE.InterleavedBufferAttribute,
  direction_ws: THREE.Vector3,
  margin = 0.1,
): void {
  // The camera basis that lookAt() will build: +z points back at the camera.
  back.copy(direction_ws).normalize();
  right.crossVectors(camera.up, back).normalize();
  up.crossVectors(back, right);
  const tanY = Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2) * (1 - margin);
  const tanX = tanY * camera.aspect;

  // A point p (relative to the target) is inside when |p·right| ≤ tanX · (d − p·back),
  // and likewise for up: solve each for the distance d.
  let distance = camera.near;
  for (let i = 0; i < points_ws.count; i++) {
    point.fromBufferAttribute(points_ws, i).sub(target_ws);
    const depth = point.dot(back);
    distance = Math.max(distance, Math.abs(point.dot(right)) / tanX + depth, Math.abs(point.dot(up)) / tanY + depth);
  }
  camera.position.copy(target_ws).addScaledVector(back, distance);
  camera.lookAt(target_ws);
}
