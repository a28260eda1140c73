// The handles' translate gizmo (web/src/three/translate-gizmo.ts) in a real
// three.js scene, without drawing: it follows its handle when the scene's
// matrices update (as the renderer does each frame), its arrows keep their
// length on screen — measured with three.js's own Vector3.project — at any
// distance, an arrow seen end-on hides, and a ray through an arrow picks it.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { ARROW_LENGTH_IN_VIEW, NO_AXIS, TranslateGizmo } from '../../web/src/three/translate-gizmo.js';

const Y = 1;

function setUp(minLength = 0): { scene: THREE.Scene; camera: THREE.PerspectiveCamera; handle: THREE.Object3D; gizmo: TranslateGizmo } {
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(35, 4 / 3, 0.05, 100);
  const handle = new THREE.Object3D();
  const gizmo = new TranslateGizmo(camera, minLength);
  scene.add(handle, gizmo);
  gizmo.showOn(handle);
  return { scene, camera, handle, gizmo };
}

/** The y arrow's length on screen, in NDC: from the gizmo's centre to its tip, projected by three.js. */
function yArrowOnScreen(gizmo: TranslateGizmo, camera: THREE.Camera): number {
  const centre = gizmo.position.clone().project(camera);
  const tip = gizmo.position.clone().addScaledVector(new THREE.Vector3(0, 1, 0), gizmo.scale.y).project(camera);
  return tip.y - centre.y;
}

describe('translate gizmo', () => {
  it('follows its handle and keeps its arrows the same length on screen, near and far, centred or not', () => {
    const { scene, camera, handle, gizmo } = setUp();
    for (const [distance, x] of [[2, 0], [8, 0], [3, 0.4], [15, -2]]) {
      handle.position.set(x, 1.2, -0.5);
      camera.position.set(0, 1.2, -0.5 + distance);
      camera.lookAt(0, 1.2, -0.5);
      scene.updateMatrixWorld();
      expect(gizmo.position.toArray()).toEqual([x, 1.2, -0.5]);
      // The view spans 2 in NDC vertically: the arrow covers ARROW_LENGTH_IN_VIEW of it.
      expect(yArrowOnScreen(gizmo, camera)).toBeCloseTo(2 * ARROW_LENGTH_IN_VIEW, 9);
    }
    // The camera moved without anyone updating its matrix: the gizmo uses where it is now.
    camera.position.set(0, 1.2, 6);
    scene.updateMatrixWorld();
    expect(gizmo.scale.y).toBeCloseTo(ARROW_LENGTH_IN_VIEW * 2 * 6.5 * Math.tan((35 / 2) * (Math.PI / 180)), 9);
  });

  it('keeps its arrows no shorter than its minimum length seen from close by', () => {
    const { scene, camera, gizmo } = setUp(0.2);
    camera.position.set(0, 0, 0.3);
    scene.updateMatrixWorld();
    expect(gizmo.scale.toArray()).toEqual([0.2, 0.2, 0.2]);
  });

  it('hides the arrow that points at the camera', () => {
    const { scene, camera, gizmo } = setUp();
    const shown = () => ['x', 'y', 'z'].map((axis) => gizmo.getObjectByName(`translate-gizmo:${axis}`)!.visible);
    camera.position.set(0, 0, 4);
    scene.updateMatrixWorld();
    expect(shown()).toEqual([true, true, false]);
    camera.position.set(0, 4, 0.01);
    camera.lookAt(0, 0, 0);
    scene.updateMatrixWorld();
    expect(shown()).toEqual([true, false, true]);
    // 30° off the y axis: all three show.
    camera.position.set(0, 4 * Math.cos(Math.PI / 6), 4 * Math.sin(Math.PI / 6));
    camera.lookAt(0, 0, 0);
    scene.updateMatrixWorld();
    expect(shown()).toEqual([true, true, true]);
  });

  it('picks the arrow a ray goes through, and nothing beside the arrows or while hidden', () => {
    const { camera, handle, gizmo } = setUp();
    handle.position.set(0.2, 1, 0);
    camera.position.set(1, 2, 4);
    camera.lookAt(0.2, 1, 0);
    const raycaster = new THREE.Raycaster();
    const aimAt = (point: THREE.Vector3): void => {
      const ndc = point.clone().project(camera);
      raycaster.setFromCamera(new THREE.Vector2(ndc.x, ndc.y), camera);
    };
    const point = new THREE.Vector3();
    for (let axis = 0; axis < 3; axis++) {
      aimAt(gizmo.arrowPoint(axis, point));
      expect(gizmo.arrowAt(raycaster)).toBe(axis);
    }
    // Far beside the y arrow (a full arrow length to its side), and behind the centre, away from all three.
    aimAt(gizmo.arrowPoint(Y, point).add(new THREE.Vector3(-1, 0, 1).multiplyScalar(gizmo.scale.x)));
    expect(gizmo.arrowAt(raycaster)).toBe(NO_AXIS);
    aimAt(point.copy(handle.position).addScalar(-0.5 * gizmo.scale.x));
    expect(gizmo.arrowAt(raycaster)).toBe(NO_AXIS);
    aimAt(gizmo.arrowPoint(Y, point));
    gizmo.showOn(null);
    expect(gizmo.arrowAt(raycaster)).toBe(NO_AXIS);
    expect(() => gizmo.arrowPoint(Y, point)).toThrow(/no handle is selected/);
    gizmo.dispose();
    expect(gizmo.parent).toBeNull();
  });
});
