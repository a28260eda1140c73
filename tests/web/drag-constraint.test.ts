// The drag geometry of the target handles (web/src/three/drag-constraint.ts)
// against hand-solved cases. The pointer rays come from three.js's own
// Raycaster.setFromCamera; the camera sits at (0, 0, 5) looking at the
// origin with a 90° field of view and a square view, so the ray through NDC
// (x, y) runs along (x, y, −1) and meets the plane z = c at (x, y)·(5 − c).
// The page's own pointer ray (pointerRay) is checked against three.js's.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { DragConstraint, pointerRay } from '../../web/src/three/drag-constraint.js';

const camera = new THREE.PerspectiveCamera(90, 1, 0.1, 100);
camera.position.set(0, 0, 5);
camera.lookAt(0, 0, 0);
camera.updateMatrixWorld();
const FORWARD = new THREE.Vector3(0, 0, -1);
const X = new THREE.Vector3(1, 0, 0);
const Y = new THREE.Vector3(0, 1, 0);
const Z = new THREE.Vector3(0, 0, 1);

/** The pointer ray through a point in normalised device coordinates. */
function rayAt(x: number, y: number): THREE.Ray {
  const raycaster = new THREE.Raycaster();
  raycaster.setFromCamera(new THREE.Vector2(x, y), camera);
  return raycaster.ray;
}

function expectPoint(actual: THREE.Vector3, x: number, y: number, z: number): void {
  expect(actual.x).toBeCloseTo(x, 12);
  expect(actual.y).toBeCloseTo(y, 12);
  expect(actual.z).toBeCloseTo(z, 12);
}

describe('pointer ray', () => {
  it("is three.js's Raycaster ray, from the near plane, for perspective and orthographic cameras", () => {
    const perspective = new THREE.PerspectiveCamera(35, 4 / 3, 0.05, 100);
    perspective.position.set(0.5, 1.6, 3.5);
    perspective.lookAt(0, 1, 0);
    const orthographic = new THREE.OrthographicCamera(-2, 2, 1.5, -1.5, 0.1, 50);
    orthographic.position.set(-3, 2, 1);
    orthographic.lookAt(0, 1, 0);
    for (const viewer of [perspective, orthographic]) {
      viewer.updateMatrixWorld();
      for (const [x, y] of [[0, 0], [0.3, -0.7], [-0.95, 0.9]]) {
        const ndc = new THREE.Vector2(x, y);
        const ray = new THREE.Ray();
        pointerRay(viewer, ndc, ray);
        const three = new THREE.Raycaster();
        three.setFromCamera(ndc, viewer);
        expect(ray.direction.distanceTo(three.ray.direction)).toBeLessThan(1e-12);
        expect(three.ray.distanceToPoint(ray.origin)).toBeLessThan(1e-9);
        // On the near plane: drawn where the pointer is, nearest the camera.
        const drawn = ray.origin.clone().project(viewer);
        expect(drawn.x).toBeCloseTo(x, 9);
        expect(drawn.y).toBeCloseTo(y, 9);
        expect(drawn.z).toBeCloseTo(-1, 9);
      }
    }
  });
});

describe('view-plane drag', () => {
  it('moves the handle in the plane facing the camera, to where the ray meets it', () => {
    // The handle at (0.3, −0.2, 1) is drawn at NDC (0.3, −0.2) / 4; pressed there, at its centre.
    const handle = new THREE.Vector3(0.3, -0.2, 1);
    const drag = new DragConstraint();
    drag.beginViewPlane(FORWARD, handle.clone(), handle);
    // NDC (0.5, 0.25) meets z = 1 at (0.5, 0.25)·4.
    expect(drag.move(rayAt(0.5, 0.25), handle)).toBe(true);
    expectPoint(handle, 2, 1, 1);
  });

  it('keeps the grab offset: no jump on the press, and the press point follows the pointer', () => {
    const handle = new THREE.Vector3(0.3, -0.2, 1);
    // Pressed 0.1 to the right of the centre, at NDC (0.1, −0.05).
    const press = new THREE.Vector3(0.4, -0.2, 1);
    const drag = new DragConstraint();
    drag.beginViewPlane(FORWARD, press, handle);
    expect(drag.move(rayAt(0.1, -0.05), handle)).toBe(true);
    expectPoint(handle, 0.3, -0.2, 1);
    drag.move(rayAt(0.5, 0.25), handle);
    expectPoint(handle, 2 - 0.1, 1, 1);
  });

  it('moves in the plane through the press point, a sphere radius in front of the centre', () => {
    // The handle at the origin pressed on its front, at (0, 0, 0.035): the
    // plane z = 0.035, where NDC (0.5, 0) lands at x = 0.5·4.965; the centre
    // keeps its depth.
    const handle = new THREE.Vector3(0, 0, 0);
    const drag = new DragConstraint();
    drag.beginViewPlane(FORWARD, new THREE.Vector3(0, 0, 0.035), handle);
    drag.move(rayAt(0.5, 0), handle);
    expectPoint(handle, 0.5 * 4.965, 0, 0);
  });

  it('ignores a ray that points away from the plane', () => {
    // The plane faces a camera at (0, 0, 5) along −z; a ray from behind the plane going away never meets it.
    const handle = new THREE.Vector3(0, 0, 0);
    const drag = new DragConstraint();
    drag.beginViewPlane(FORWARD, handle.clone(), handle);
    expect(drag.move(new THREE.Ray(new THREE.Vector3(0, 0, -1), new THREE.Vector3(0, 0, -1)), handle)).toBe(false);
    expectPoint(handle, 0, 0, 0);
  });
});

describe('axis drag', () => {
  it('lands on the closest point of the axis to the ray and keeps the other two coordinates exactly', () => {
    // The vertical line through (0.3, −0.2, 1), pressed at its centre (NDC
    // (0.075, −0.05)). The ray through NDC (0.075, 0.25) reaches z = 1 at
    // (0.3, 1, 1): it crosses the line there, at y = 1.
    const handle = new THREE.Vector3(0.3, -0.2, 1);
    const drag = new DragConstraint();
    drag.beginAxis(rayAt(0.075, -0.05), Y, handle);
    expect(drag.move(rayAt(0.075, 0.25), handle)).toBe(true);
    expect(handle.x).toBe(0.3);
    expect(handle.z).toBe(1);
    expect(handle.y).toBeCloseTo(1, 12);
  });

  it('takes the closest point when the ray passes by the axis', () => {
    // The x axis through the origin, pressed at its centre (NDC (0, 0), the
    // ray along −z: closest at s = 0). The ray (0, 0, 5) + u (0.5, 0.3, −1)
    // and the point (s, 0, 0): d/ds gives s = 0.5 u; d/du gives
    // 5 + 0.5 s − 1.34 u = 0; so u = 5 / 1.09 and s = 2.5 / 1.09.
    const handle = new THREE.Vector3(0, 0, 0);
    const drag = new DragConstraint();
    drag.beginAxis(rayAt(0, 0), X, handle);
    drag.move(rayAt(0.5, 0.3), handle);
    expect(handle.x).toBeCloseTo(2.5 / 1.09, 12);
    expect(handle.y).toBe(0);
    expect(handle.z).toBe(0);
  });

  it('keeps the grab offset along the axis: no jump on the press', () => {
    // Pressed on the arrow 0.2 up the vertical line through (0.3, −0.2, 1),
    // at (0.3, 0, 1) (NDC (0.075, 0)); then the pointer goes where y = 1 is drawn.
    const handle = new THREE.Vector3(0.3, -0.2, 1);
    const drag = new DragConstraint();
    drag.beginAxis(rayAt(0.075, 0), Y, handle);
    expect(drag.move(rayAt(0.075, 0), handle)).toBe(true);
    expectPoint(handle, 0.3, -0.2, 1);
    drag.move(rayAt(0.075, 0.25), handle);
    expectPoint(handle, 0.3, 1 - 0.2, 1);
  });

  it('keeps still along an axis seen end-on', () => {
    // The z axis through the origin points at the camera: the press ray runs
    // along it, and no ray gives a usable closest point (each meets the line
    // at the camera).
    const handle = new THREE.Vector3(0, 0, 0);
    const drag = new DragConstraint();
    drag.beginAxis(rayAt(0, 0), Z, handle);
    for (const [x, y] of [[0.01, 0], [0.5, 0], [-0.3, 0.7]]) {
      expect(drag.move(rayAt(x, y), handle)).toBe(false);
      expect(handle.toArray()).toEqual([0, 0, 0]);
    }
  });

  it('ignores moves whose ray runs nearly along the axis, and follows again after', () => {
    // The z line through (1, 0, 0) is seen at an angle (sine 1/√26 from the
    // press ray) and can be dragged; a ray through NDC (0.02, 0) runs within
    // 1.2° of it (sine ≈ 0.02): ignored, as its closest point lies 45 m down the line.
    const handle = new THREE.Vector3(1, 0, 0);
    const drag = new DragConstraint();
    drag.beginAxis(rayAt(0.2, 0), Z, handle);
    expect(drag.move(rayAt(0.02, 0), handle)).toBe(false);
    expect(handle.toArray()).toEqual([1, 0, 0]);
    // The ray through NDC (0.25, 0) meets the line at x = 1: 0.25 (5 − z) = 1, z = 1.
    expect(drag.move(rayAt(0.25, 0), handle)).toBe(true);
    expect(handle.x).toBe(1);
    expect(handle.y).toBe(0);
    expect(handle.z).toBeCloseTo(1, 12);
  });

  it('restart() gives back where the drag began', () => {
    const handle = new THREE.Vector3(0.3, -0.2, 1);
    const drag = new DragConstraint();
    drag.beginAxis(rayAt(0.075, -0.05), Y, handle);
    drag.move(rayAt(0.075, 0.25), handle);
    drag.restart(handle);
    expect(handle.toArray()).toEqual([0.3, -0.2, 1]);
  });
});
