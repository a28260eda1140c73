// What every picture taken through the render camera shares (the shaded
// picture, picture-render.ts; the depth, normal and mask passes,
// pass-render.ts): the size check, the posing overlays a clean picture
// leaves out, and drawing the viewport's scene into an offscreen target in
// tiles of at most TILE pixels a side (so that a large picture does not need
// one huge buffer), each tile handed to the caller to read back.
import * as THREE from 'three';
import { type PictureView, placeRenderCamera } from './render-camera-three.js';
import type { Viewport } from './scene.js';

export const TILE = 2048;

/** Throws naming the size when the GPU cannot hold a tile of a `width` × `height` picture. */
export function checkPictureSize(renderer: THREE.WebGLRenderer, width: number, height: number): void {
  const limit = renderer.capabilities.maxTextureSize;
  if (Math.min(TILE, width) > limit || Math.min(TILE, height) > limit) throw new Error(`render camera: ${width} × ${height} is more than this GPU draws (${limit} a side)`);
}

/**
 * What the view draws for posing: everything the viewport draws directly in
 * its scene (handles, gizmos, pole lines, the skeleton, the balance overlay,
 * onion ghosts: all of them live in the active character's model space
 * beside `world`), the floor grid, and any object under `world` marked
 * `userData.overlay = true` (the render camera's own frame lines).
 */
export function viewOverlays(viewport: Viewport): THREE.Object3D[] {
  const { scene, world, ground } = viewport;
  const overlays: THREE.Object3D[] = scene.children.filter((child) => child !== world);
  overlays.push(ground);
  world.traverse((object) => {
    if (object.userData.overlay === true) overlays.push(object);
  });
  return overlays;
}

/** Runs `draw` with `objects` hidden (those that were visible), and shows them again after, whatever happens. */
export function withHidden<T>(objects: Iterable<THREE.Object3D>, draw: () => T): T {
  const hidden: THREE.Object3D[] = [];
  for (const object of objects) {
    if (!object.visible) continue;
    object.visible = false;
    hidden.push(object);
  }
  try {
    return draw();
  } finally {
    for (const object of hidden) object.visible = true;
  }
}

/**
 * Draws the viewport's scene as `view` sees it into `target`, tile by tile
 * (cleared to transparent black first), calling `readTile` after each with
 * the tile's place in the picture (pixels, top-left origin); `placed` hears
 * the camera once it is placed, before anything is drawn. Puts the
 * renderer's target and clear colour back after.
 */
export function renderTiles(
  viewport: Viewport,
  camera: THREE.PerspectiveCamera,
  view: PictureView,
  target: THREE.WebGLRenderTarget,
  readTile: (x0: number, y0: number, w: number, h: number) => void,
  placed: (camera: THREE.PerspectiveCamera) => void = () => {},
): void {
  const { renderer, scene, world } = viewport;
  const { width, height } = view;
  world.updateMatrixWorld();
  placeRenderCamera(camera, view, world.matrix);
  placed(camera);
  const previous = renderer.getRenderTarget();
  const previousAlpha = renderer.getClearAlpha();
  const previousColor = renderer.getClearColor(new THREE.Color());
  try {
    renderer.setClearColor(0x000000, 0);
    for (let y0 = 0; y0 < height; y0 += TILE) {
      for (let x0 = 0; x0 < width; x0 += TILE) {
        const w = Math.min(TILE, width - x0);
        const h = Math.min(TILE, height - y0);
        target.setSize(w, h);
        camera.setViewOffset(width, height, x0, y0, w, h);
        renderer.setRenderTarget(target);
        renderer.clear();
        renderer.render(scene, camera);
        readTile(x0, y0, w, h);
      }
    }
  } finally {
    renderer.setRenderTarget(previous);
    renderer.setClearColor(previousColor, previousAlpha);
  }
}
