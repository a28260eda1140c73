// Renders the picture the render camera takes, at its own resolution, into
// offscreen render targets (tiles of at most TILE pixels a side, so that a
// large picture does not need one huge buffer), and reads it back as RGBA
// bytes, top row first, straight (not premultiplied) alpha, transparent
// where nothing is drawn: the page composes the background and the
// reference image behind it (ui/picture-png.ts).
//
// A clean picture hides what is there for posing (offscreen-render.ts's
// viewOverlays); the scene's content — the characters, props, lights, a
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
import { TILE, checkPictureSize, renderTiles, viewOverlays, withHidden } from './offscreen-render.js';
import type { PictureView } from './render-camera-three.js';
import type { Viewport } from './scene.js';

const SAMPLES = 4;

export interface PicturePixels {
  width: number;
  height: number;
  /** RGBA, rows top first, straight alpha. */
  data: Uint8ClampedArray<ArrayBuffer>;
}

export class PictureRenderer {
  private readonly camera = new THREE.PerspectiveCamera();

  constructor(private readonly viewport: Viewport) {}

  /**
   * The picture `state` takes of the viewport's scene now; `overlays` keeps
   * what the view draws for posing (else hidden for this render and put
   * back). Throws naming the size when the GPU cannot hold a tile of it.
   */
  render(state: PictureView, overlays: boolean): PicturePixels {
    const { renderer } = this.viewport;
    const { width, height } = state;
    checkPictureSize(renderer, width, height);
    const target = new THREE.WebGLRenderTarget(Math.min(TILE, width), Math.min(TILE, height), { samples: SAMPLES, colorSpace: THREE.SRGBColorSpace });
    (target as unknown as { isXRRenderTarget: boolean }).isXRRenderTarget = true;
    // Plain bytes, as the canvas holds (an sRGB texture would be stored as SRGB8_ALPHA8 and encoded twice).
    target.texture.internalFormat = 'RGBA8';
    const data = new Uint8ClampedArray(width * height * 4);
    try {
      withHidden(overlays ? [] : viewOverlays(this.viewport), () =>
        renderTiles(this.viewport, this.camera, state, target, (x0, y0, w, h) => {
          const tile = new Uint8Array(w * h * 4);
          renderer.readRenderTargetPixels(target, 0, 0, w, h, tile);
          copyTile(tile, w, h, data, width, x0, y0);
        }),
      );
    } finally {
      target.dispose();
    }
    return { width, height, data };
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
