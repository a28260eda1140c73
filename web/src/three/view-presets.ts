// The camera's standard views, as Blender's numpad gives them — front (1),
// side (3), top (7) — and framing (F): the camera keeps its direction and
// moves so that a set of points (the selection, or the whole posed
// skeleton) fills the view, orbiting around their middle. The character
// faces +Z with Y up, left on +X: front looks from +Z, the side view from
// +X (the character's left), the top view from above with the front at the
// bottom of the screen.
import * as THREE from 'three';
import { framePoints } from './camera-framing.js';
import type { Viewport } from './scene.js';

export const VIEW_NAMES = ['front', 'side', 'top'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

// From the orbit point toward the camera. Straight down is the orbit
// controls' pole, where the azimuth is undefined: the top view leans a
// hair toward the front, which fixes which way is up on screen.
const DIRECTIONS_WS: Readonly<Record<ViewName, THREE.Vector3>> = {
  front: new THREE.Vector3(0, 0, 1),
  side: new THREE.Vector3(1, 0, 0),
  top: new THREE.Vector3(0, 1, 1e-4).normalize(),
};

const MARGIN = 0.1;

/** The middle of a set of points (the centre of their bounding box). */
function middle(points_ws: THREE.BufferAttribute): THREE.Vector3 {
  return new THREE.Box3().setFromBufferAttribute(points_ws).getCenter(new THREE.Vector3());
}

/** Looks at the points from `direction_ws` (toward the camera), close enough that they fill the view. */
function look(viewport: Viewport, points_ws: THREE.BufferAttribute, direction_ws: THREE.Vector3): void {
  const { camera, orbit } = viewport;
  const target_ws = middle(points_ws);
  framePoints(camera, target_ws, points_ws, direction_ws, MARGIN);
  // Never nearer than the orbit allows: a single joint would put the camera inside it.
  const distance = camera.position.distanceTo(target_ws);
  if (distance < orbit.minDistance) camera.position.sub(target_ws).setLength(orbit.minDistance).add(target_ws);
  orbit.target.copy(target_ws);
  orbit.update();
}

/** One of the standard views of the points (the whole character, usually). */
export function showView(viewport: Viewport, name: ViewName, points_ws: THREE.BufferAttribute): void {
  look(viewport, points_ws, DIRECTIONS_WS[name]);
}

/** Frames the points from where the camera looks now. */
export function frameSelection(viewport: Viewport, points_ws: THREE.BufferAttribute): void {
  const { camera, orbit } = viewport;
  const direction_ws = camera.position.clone().sub(orbit.target);
  if (direction_ws.lengthSq() === 0) direction_ws.copy(DIRECTIONS_WS.front);
  look(viewport, points_ws, direction_ws);
}
