// Renders the picture the render camera takes, at its own resolution, into
// offscreen render targets (tiles of at most TILE pixels a side, so that a
// large picture does not need one huge buffer), and reads it back as RGBA
// bytes, top row first, straight (not premultiplied) alpha, transparent
// where nothing is drawn: the page composes the background and the
// reference image behind it (ui/picture-png.ts).
//
// A clean picture hides what is there for posing: everything the viewport
// draws directly in its scene (handles, gizmos, pole lines, the skeleton,
// the balance overlay, onion ghosts: all of them live in the active
// character's model space beside `world`), the floor grid, and any object
// under `world` marked `userData.overlay = true` (the render camera's own
// frame lines). The scene's content — the characters, props, lights, a
// reference plane — lives under `world`.
//
// Colour: the canvas gets sRGB from our shaders (they write sRGB always) and
// from three.js's materials (their output colour space). three.js writes a
// render target in its linear working space, unless the target is flagged
// as an XR one, whose texture's colour space it writes instead (r187,
// WebGLRenderer/WebGLPrograms): flagged so, with an sRGB texture, every
// material writes the bytes it writes to the canvas, blended as the canvas
// blends them. Its storage is plain RGBA8 (named, so that the multisampled
// buffer and the texture it resolves into agree).
import * as THREE from 'three';
import { type PictureView, placeRenderCamera } from './render-camera-three.js';
import type { Viewport } from './scene.js';

const TILE = 2048;
const SAMPLES = 4;

export interface PicturePixels {
  width: number;
  height: number;
  /** RGBA, rows top first, straight alpha. */
  data: Uint8ClampedArray<ArrayBuffer>;
}

export class PictureRenderer {
  private readonly camera = new THREE.PerspectiveCamera();
  private readonly clearColor = new THREE.Color();

  constructor(private readonly viewport: Viewport) {}

  /**
   * The picture `state` takes of the viewport's scene now; `overlays` keeps
   * what the view draws for posing (else hidden for this render and put
   * back). Throws naming the size when the GPU cannot hold a tile of it.
   */
  render(state: PictureView, overlays: boolean): PicturePixels {
    const { renderer, scene, world } = this.viewport;
    const { width, height } = state;
    const limit = renderer.capabilities.maxTextureSize;
    if (Math.min(TILE, width) > limit || Math.min(TILE, height) > limit) throw new Error(`render camera: ${width} × ${height} is more than this GPU draws (${limit} a side)`);
    world.updateMatrixWorld();
    placeRenderCamera(this.camera, state, world.matrix);
    const hidden = overlays ? [] : this.hideOverlays();
    const target = new THREE.WebGLRenderTarget(Math.min(TILE, width), Math.min(TILE, height), { samples: SAMPLES, colorSpace: THREE.SRGBColorSpace });
    (target as unknown as { isXRRenderTarget: boolean }).isXRRenderTarget = true;
    // Plain bytes, as the canvas holds (an sRGB texture would be stored as SRGB8_ALPHA8 and encoded twice).
    target.texture.internalFormat = 'RGBA8';
    const data = new Uint8ClampedArray(width * height * 4);
    const previous = renderer.getRenderTarget();
    const previousAlpha = renderer.getClearAlpha();
    renderer.getClearColor(this.clearColor);
    try {
      renderer.setClearColor(0x000000, 0);
      for (let y0 = 0; y0 < height; y0 += TILE) {
        for (let x0 = 0; x0 < width; x0 += TILE) {
          const w = Math.min(TILE, width - x0);
          const h = Math.min(TILE, height - y0);
          target.setSize(w, h);
          this.camera.setViewOffset(width, height, x0, y0, w, h);
          renderer.setRenderTarget(target);
          renderer.clear();
          renderer.render(scene, this.camera);
          const tile = new Uint8Array(w * h * 4);
          renderer.readRenderTargetPixels(target, 0, 0, w, h, tile);
          copyTile(tile, w, h, data, width, x0, y0);
        }
      }
    } finally {
      renderer.setRenderTarget(previous);
      renderer.setClearColor(this.clearColor, previousAlpha);
      target.dispose();
      for (const object of hidden) object.visible = true;
    }
    return { width, height, data };
  }

  /** Hides the posing overlays; returns what it hid (only what was visible). */
  private hideOverlays(): THREE.Object3D[] {
    const { scene, world, ground } = this.viewport;
    const hidden: THREE.Object3D[] = [];
    const hide = (object: THREE.Object3D): void => {
      if (!object.visible) return;
      object.visible = false;
      hidden.push(object);
    };
    for (const child of scene.children) if (child !== world) hide(child);
    hide(ground);
    world.traverse((object) => {
      if (object.userData.overlay === true) hide(object);
    });
    return hidden;
  }
}

/** A tile read from GL (rows bottom first, premultiplied by the blending onto a clear of alpha 0) into the picture: top first, straight alpha. */
function copyTile(tile: Uint8Array, w: number, h: number, out: Uint8ClampedArray<ArrayBuffer>, width: number, x0: number, y0: number): void {
  const height = out.length / 4 / width;
  for (let row = 0; row < h; row++) {
    // GL's row 0 is the tile's bottom; the tile's top is the picture's row y0.
    const from = (h - 1 - row) * w * 4;
    const to = ((y0 + row) * width + x0) * 4;
    if (y0 + row >= height) break;
    for (let i = 0; i < w * 4; i += 4) {
      const a = tile[from + i + 3];
      if (a === 0) continue;
      const k = 255 / a;
      out[to + i] = tile[from + i] * k;
      out[to + i + 1] = tile[from + i + 1] * k;
      out[to + i + 2] = tile[from + i + 2] * k;
      out[to + i + 3] = a;
    }
  }
}
