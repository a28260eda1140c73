// The image passes' PNG pixels from what the GPU drew (three/pass-render.ts
// reads it back): depth, normal and mask as ControlNet's models take them,
// and the edges of the shaded picture. DOM-free: RGBA bytes, rows top first,
// opaque. The conventions and the documents they come from:
//
// Depth: the depth ControlNets are trained on MiDaS's output, relative
// inverse depth (disparity) scaled so that the image's smallest value is 0
// and its largest 255 (ControlNet's annotator/midas/__init__.py:
// `depth -= min; depth /= max; * 255`): near white, far dark, a far
// background black. Here: inverse depth normalised over the characters'
// drawn range — their nearest point 255, their farthest DEPTH_FLOOR, so a
// character's far side stays apart from the background — props beyond that
// range clamped to it, nothing drawn 0. Monotonic: a farther surface is never
// brighter. With no character in the picture, the range is every drawn pixel's.
//
// Normal: ControlNet 1.1's normal model (control_v11p_sd15_normalbae) reads
// "blue is front, red is left, green is top" (lllyasviel/ControlNet-v1-1-nightly,
// README, Normal 1.1), encoded as its NormalBae annotator writes it,
// ((n + 1) / 2 · 255) (annotator/normalbae/__init__.py). From OpenGL's camera
// space (x right, y up, z toward the viewer) that flips red. The annotator
// has no background of its own (it estimates a normal everywhere; a blank
// wall comes out facing the camera), and a mesh renderer's conversion to
// this convention found in public code (its convert_normal_map, quoting the
// README's colours) fills the background with the camera-facing normal,
// [127, 127, 255]: here (128, 128, 255), the encoding of (0, 0, 1) rounded.
//
// Mask: white (255) where what the mask shows is the nearest surface drawn,
// black elsewhere — what hides it (another character, a prop) stays black.
//
// Edges: a Canny edge image (canny.ts) of the shaded picture composed over
// black, in OpenCV's grey (0.299 R + 0.587 G + 0.114 B, cv2.cvtColor's
// RGB2GRAY): white edges on black. With them the silhouettes' own edges (a
// Canny of the picture's alpha): a dark character over the black backdrop
// has too little contrast for the thresholds, but it always has an outline.
import type { CannyOptions } from './canny.js';
import { cannyEdges } from './canny.js';

/** RGBA bytes, rows top first (as a PNG's pixels). */
export interface PassPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray<ArrayBuffer>;
}

/** Per pixel the view-axis depth in metres, rows top first, +Infinity where nothing is drawn; `character` 1 where the nearest surface is a character's. */
export interface DepthImage {
  width: number;
  height: number;
  data: Float32Array;
  character: Uint8Array;
}

/** What the GPU drew for a normal or mask pass: RGBA floats, rows top first, alpha 0 where nothing is drawn. */
export interface PassFloats {
  width: number;
  height: number;
  data: Float32Array;
}

/** The depth pass's value for a character's farthest drawn point. */
export const DEPTH_FLOOR = 20;

/** The normal pass's background: the camera-facing normal (0, 0, 1) encoded. */
export const NORMAL_BACKGROUND: readonly [number, number, number] = [128, 128, 255];

function opaqueBlack(width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return data;
}

/** The nearest and farthest depth among the characters' pixels (or, with none, every drawn pixel); null when nothing is drawn. */
export function depthRange(depth: DepthImage): { near: number; far: number } | null {
  let near = Infinity;
  let far = -Infinity;
  for (const characters of [true, false]) {
    for (let i = 0; i < depth.data.length; i++) {
      const d = depth.data[i];
      if (d === Infinity || (characters && depth.character[i] === 0)) continue;
      if (d < near) near = d;
      if (d > far) far = d;
    }
    if (near <= far) return { near, far };
  }
  return null;
}

/** The depth pass: inverse depth over the characters' range, their nearest 255, their farthest DEPTH_FLOOR, background 0. */
export function depthPicture(depth: DepthImage): PassPixels {
  const { width, height } = depth;
  const data = opaqueBlack(width, height);
  const range = depthRange(depth);
  if (range === null) return { width, height, data };
  const inverseFar = 1 / range.far;
  const span = 1 / range.near - inverseFar;
  for (let i = 0; i < depth.data.length; i++) {
    const d = depth.data[i];
    if (d === Infinity) continue;
    const t = span > 0 ? Math.min(1, Math.max(0, (1 / Math.max(d, 1e-9) - inverseFar) / span)) : 1;
    const value = Math.round(DEPTH_FLOOR + (255 - DEPTH_FLOOR) * t);
    data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = value;
  }
  return { width, height, data };
}

/** The normal pass from camera-space normals (OpenGL's axes): red = left, green = up, blue = toward the viewer, (n + 1) / 2 · 255. */
export function normalPicture(normals: PassFloats): PassPixels {
  const { width, height } = normals;
  const data = new Uint8ClampedArray(width * height * 4);
  const from = normals.data;
  for (let i = 0; i < data.length; i += 4) {
    data[i + 3] = 255;
    if (from[i + 3] === 0) {
      [data[i], data[i + 1], data[i + 2]] = NORMAL_BACKGROUND;
      continue;
    }
    data[i] = Math.round(((1 - from[i]) / 2) * 255);
    data[i + 1] = Math.round(((from[i + 1] + 1) / 2) * 255);
    data[i + 2] = Math.round(((from[i + 2] + 1) / 2) * 255);
  }
  return { width, height, data };
}

/** The mask pass from a mask render (red 1 where the masked thing is nearest): white on black. */
export function maskPicture(mask: PassFloats): PassPixels {
  const { width, height } = mask;
  const data = opaqueBlack(width, height);
  for (let i = 0; i < data.length; i += 4) {
    if (mask.data[i + 3] !== 0 && mask.data[i] > 0.5) data[i] = data[i + 1] = data[i + 2] = 255;
  }
  return { width, height, data };
}

/** The edges pass: Canny edges (white on black) of a straight-alpha RGBA picture over black. */
export function edgesPicture(shaded: PassPixels, options: Partial<CannyOptions> = {}): PassPixels {
  const { width, height } = shaded;
  const gray = new Float32Array(width * height);
  const alpha = new Float32Array(width * height);
  const rgba = shaded.data;
  for (let i = 0; i < gray.length; i++) {
    alpha[i] = rgba[4 * i + 3];
    gray[i] = (alpha[i] / 255) * (0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2]);
  }
  const edges = cannyEdges(gray, width, height, options);
  const outline = cannyEdges(alpha, width, height, options);
  const data = opaqueBlack(width, height);
  for (let i = 0; i < edges.length; i++) if (edges[i] !== 0 || outline[i] !== 0) data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = 255;
  return { width, height, data };
}
