// Framing a retarget's figures (the character and the skeletons beside it)
// in the part of the view a panel over its right side leaves free: the
// points are framed as usual, widened to the right by as much again as the
// covered part takes, so that they land left of the panel. A panel that
// covers nearly all of the view (a phone's) is ignored: the user closes it to watch.
import * as THREE from 'three';
import type { Viewport } from '../../three/scene.js';
import { frameSelection } from '../../three/view-presets.js';

/** Beyond this fraction covered, framing ignores the panel. */
const MOST_OF_THE_VIEW = 0.6;

/** Frames `points_ws` padded by `pad` (world units) each way, left of a panel covering `covered` of the view's width. */
export function framePoints(viewport: Viewport, points_ws: readonly THREE.Vector3[], pad: number, covered: number): void {
  const box = new THREE.Box3().setFromPoints([...points_ws]).expandByScalar(pad);
  if (covered > 0 && covered < MOST_OF_THE_VIEW) box.max.x += ((box.max.x - box.min.x) * covered) / (1 - covered);
  const corners = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((k) => [k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y, k & 4 ? box.max.z : box.min.z]);
  frameSelection(viewport, new THREE.Float32BufferAttribute(corners, 3));
}
