// The render camera (scene/render-camera.ts holds its state) as a three.js
// camera in the viewport's scene. The scene draws in the active character's
// model space (viewport.world holds the inverse of its placement), and the
// render camera stands in the world: its position and target go through
// world's matrix.
import * as THREE from 'three';

/** What a perspective picture is taken from: world-space aim, vertical field of view (radians), the picture's size. */
export interface PictureView {
  position: readonly number[];
  target: readonly number[];
  verticalFov: number;
  width: number;
  height: number;
}

const position = new THREE.Vector3();
const target = new THREE.Vector3();

/** Sets `camera` to see what `state` sees, in the space `worldToScene` (viewport.world.matrix) maps the world into. */
export function placeRenderCamera(camera: THREE.PerspectiveCamera, state: PictureView, worldToScene: THREE.Matrix4): void {
  position.fromArray(state.position).applyMatrix4(worldToScene);
  target.fromArray(state.target).applyMatrix4(worldToScene);
  camera.fov = THREE.MathUtils.radToDeg(state.verticalFov);
  camera.aspect = state.width / state.height;
  const distance = position.distanceTo(target);
  // Clipping planes around what it looks at: depth precision where the characters are.
  camera.near = Math.max(0.01, distance / 200);
  camera.far = Math.max(100, distance * 50);
  camera.position.copy(position);
  camera.up.set(0, 1, 0);
  camera.lookAt(target);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
}
