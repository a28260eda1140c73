// The skeleton image the ControlNet OpenPose models are trained on, drawn in
// plain TypeScript into RGBA pixels (no canvas: it runs in Node and in
// workers). It follows the ControlNet 1.1 annotator (lllyasviel/ControlNet-v1-1-nightly,
// annotator/openpose/util.py, the same in controlnet_aux's open_pose/util.py):
// - draw_bodypose: on black, the COCO-18 body's 17 limbs (limbSeq), each a
//   filled ellipse along the limb, half-length = its length / 2, half-width
//   stickwidth 4, in colors[i]; then the whole canvas times 0.6 (truncated to
//   a byte, numpy's astype(uint8)); then each point a filled circle of
//   radius 4 in colors[i];
// - draw_handpose: per hand its 20 edges as lines 2 px thick in the colour
//   HSV(edge / 20, 1, 1) · 255, then its points as filled circles of radius
//   4 in (0, 0, 255);
// - draw_facepose: face points as white filled circles of radius 3.
// The annotator draws at those fixed pixel sizes on the detector's picture
// (512 px and up); so does this by default, and `scale` multiplies them for a
// larger output (e.g. width / 512) when the model is to see the same
// proportions. A pixel is painted when its centre lies inside the shape
// (OpenCV's rasteriser, within a pixel's difference at the borders).
import type { Keypoint, PersonKeypoints } from './openpose-keypoints.js';

/** annotator/openpose/util.py draw_bodypose: limbSeq, 1-based COCO-18 indices; the first 17 are drawn. */
export const LIMB_SEQ: readonly (readonly [number, number])[] = [
  [2, 3], [2, 6], [3, 4], [4, 5], [6, 7], [7, 8], [2, 9], [9, 10], [10, 11], [2, 12], [12, 13], [13, 14], [2, 1], [1, 15], [15, 17], [1, 16], [16, 18],
];

/** annotator/openpose/util.py draw_bodypose: colors, per limb and per point (RGB, as the annotator's RGB canvas gets them). */
export const BODY_COLOURS: readonly (readonly [number, number, number])[] = [
  [255, 0, 0], [255, 85, 0], [255, 170, 0], [255, 255, 0], [170, 255, 0], [85, 255, 0], [0, 255, 0], [0, 255, 85], [0, 255, 170],
  [0, 255, 255], [0, 170, 255], [0, 85, 255], [0, 0, 255], [85, 0, 255], [170, 0, 255], [255, 0, 255], [255, 0, 170], [255, 0, 85],
];

/** annotator/openpose/util.py draw_handpose: edges (0-based HAND_21 indices). */
export const HAND_EDGES: readonly (readonly [number, number])[] = [
  [0, 1], [1, 2], [2, 3], [3, 4], [0, 5], [5, 6], [6, 7], [7, 8], [0, 9], [9, 10],
  [10, 11], [11, 12], [0, 13], [13, 14], [14, 15], [15, 16], [0, 17], [17, 18], [18, 19], [19, 20],
];

const STICK_WIDTH = 4;
const BODY_POINT_RADIUS = 4;
const HAND_LINE_THICKNESS = 2;
const HAND_POINT_RADIUS = 4;
const HAND_POINT_COLOUR = [0, 0, 255] as const;
const FACE_POINT_RADIUS = 3;
/** draw_bodypose's dimming of the limbs before the points go on. */
const LIMB_DIMMING = 0.6;

/** HSV (h in [0, 1), s = v = 1) as RGB bytes: X. */
export function handEdgeColour(edge: number): [number, number, number] {
  const h = (edge / HAND_EDGES.length) * 6;
  const i = Math.floor(h);
  const f = h - i;
  const q = 1 - f;
  const rgb = [[1, f, 0], [q, 1, 0], [0, 1, f], [0, q, 1], [f, 0, 1], [1, 0, q]][i % 6];
  return rgb.map((c) => Math.round(c * 255)) as [number, number, number];
}

export interface OpenPoseImageOptions {
  /** Draw points with confidence 0 (and limbs to them) too. */
  keepHidden?: boolean;
  /** Multiplies stick width, line thickness and point radii (default 1: the annotator's pixel sizes). */
  scale?: number;
  /** Face points (x, y, c triples' points) per person, drawn as the annotator's white dots; we have none of our own. */
  faces?: readonly (readonly Keypoint[] | null)[];
}

type Colour = readonly [number, number, number];

class Canvas {
  readonly pixels: Uint8ClampedArray;
  constructor(readonly width: number, readonly height: number) {
    this.pixels = new Uint8ClampedArray(width * height * 4);
    for (let i = 3; i < this.pixels.length; i += 4) this.pixels[i] = 255;
  }

  /** Paints every pixel whose centre `inside` accepts, within the box [x0, x1] × [y0, y1]. */
  fill(x0: number, y0: number, x1: number, y1: number, colour: Colour, inside: (px: number, py: number) => boolean): void {
    const i0 = Math.max(0, Math.floor(x0));
    const i1 = Math.min(this.width - 1, Math.ceil(x1));
    const j0 = Math.max(0, Math.floor(y0));
    const j1 = Math.min(this.height - 1, Math.ceil(y1));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        if (!inside(i + 0.5, j + 0.5)) continue;
        const at = 4 * (j * this.width + i);
        this.pixels[at] = colour[0];
        this.pixels[at + 1] = colour[1];
        this.pixels[at + 2] = colour[2];
      }
    }
  }

  circle(x: number, y: number, radius: number, colour: Colour): void {
    this.fill(x - radius, y - radius, x + radius, y + radius, colour, (px, py) => (px - x) ** 2 + (py - y) ** 2 <= radius * radius);
  }

  /** An ellipse from a to b, half-width `halfWidth` across it. */
  limb(a: Keypoint, b: Keypoint, halfWidth: number, colour: Colour): void {
    const cx = (a.x + b.x) / 2;
    const cy = (a.y + b.y) / 2;
    const halfLength = Math.hypot(b.x - a.x, b.y - a.y) / 2;
    const ux = halfLength > 0 ? (b.x - a.x) / (2 * halfLength) : 1;
    const uy = halfLength > 0 ? (b.y - a.y) / (2 * halfLength) : 0;
    const reach = Math.max(halfLength, halfWidth);
    const along = Math.max(halfLength, 1e-9);
    this.fill(cx - reach, cy - reach, cx + reach, cy + reach, colour, (px, py) => {
      const s = (px - cx) * ux + (py - cy) * uy;
      const t = -(px - cx) * uy + (py - cy) * ux;
      return (s / along) ** 2 + (t / halfWidth) ** 2 <= 1;
    });
  }

  /** A line from a to b, `thickness` wide: the pixels within half of it from the segment. */
  line(a: Keypoint, b: Keypoint, thickness: number, colour: Colour): void {
    const r = thickness / 2;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSq = dx * dx + dy * dy;
    this.fill(Math.min(a.x, b.x) - r, Math.min(a.y, b.y) - r, Math.max(a.x, b.x) + r, Math.max(a.y, b.y) + r, colour, (px, py) => {
      const t = lengthSq > 0 ? Math.min(1, Math.max(0, ((px - a.x) * dx + (py - a.y) * dy) / lengthSq)) : 0;
      return (px - a.x - t * dx) ** 2 + (py - a.y - t * dy) ** 2 <= r * r;
    });
  }

  dim(factor: number): void {
    const p = this.pixels;
    for (let i = 0; i < p.length; i += 4) {
      p[i] = Math.floor(p[i] * factor);
      p[i + 1] = Math.floor(p[i + 1] * factor);
      p[i + 2] = Math.floor(p[i + 2] * factor);
    }
  }
}

/** The skeleton image of `people` (their COCO-18 bodies and hands), width × height RGBA, rows top first. */
export function drawOpenPose(people: readonly PersonKeypoints[], width: number, height: number, options: OpenPoseImageOptions = {}): Uint8ClampedArray {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > 16384 || height > 16384) {
    throw new Error(`OpenPose image: size ${width} × ${height} is not a whole number of pixels in [1, 16384]`);
  }
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 64)) throw new Error(`OpenPose image: scale ${scale} is not in (0, 64]`);
  const shown = (p: Keypoint | undefined): p is Keypoint => p !== undefined && (options.keepHidden === true || p.c > 0);
  const canvas = new Canvas(width, height);
  // The annotator's order: every person's limbs, the dimming, every person's points; then hands, then faces.
  LIMB_SEQ.forEach(([a, b], i) => {
    for (const person of people) {
      const pa = person.coco18[a - 1];
      const pb = person.coco18[b - 1];
      if (shown(pa) && shown(pb)) canvas.limb(pa, pb, STICK_WIDTH * scale, BODY_COLOURS[i]);
    }
  });
  canvas.dim(LIMB_DIMMING);
  BODY_COLOURS.forEach((colour, i) => {
    for (const person of people) {
      const p = person.coco18[i];
      if (shown(p)) canvas.circle(p.x, p.y, BODY_POINT_RADIUS * scale, colour);
    }
  });
  for (const person of people) {
    for (const hand of [person.leftHand, person.rightHand]) {
      if (!hand) continue;
      HAND_EDGES.forEach(([a, b], e) => {
        if (shown(hand[a]) && shown(hand[b])) canvas.line(hand[a], hand[b], HAND_LINE_THICKNESS * scale, handEdgeColour(e));
      });
      for (const p of hand) if (shown(p)) canvas.circle(p.x, p.y, HAND_POINT_RADIUS * scale, HAND_POINT_COLOUR);
    }
  }
  for (const face of options.faces ?? []) {
    for (const p of face ?? []) if (shown(p)) canvas.circle(p.x, p.y, FACE_POINT_RADIUS * scale, [255, 255, 255]);
  }
  return canvas.pixels;
}
