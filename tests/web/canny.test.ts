// The edges pass's Canny detector (web/src/outputs/canny.ts) on synthetic
// images whose edges are known by construction: a white square on black
// has its outline, one pixel wide and closed, within a pixel of the square's
// border and nothing inside or outside; smooth ramps and flat images have
// none; the thresholds separate a faint step from a strong one.
import { describe, expect, it } from 'vitest';
import { cannyEdges } from '../../web/src/outputs/canny.js';
import { edgesPicture } from '../../web/src/outputs/pass-images.js';

const W = 64;
const H = 48;
// The square covers x in [X0, X1), y in [Y0, Y1).
const [X0, X1, Y0, Y1] = [16, 40, 12, 36];

function image(value: (x: number, y: number) => number, width = W, height = H): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = value(x, y);
  return out;
}

const square = (level: number): Float32Array => image((x, y) => (x >= X0 && x < X1 && y >= Y0 && y < Y1 ? level : 0));

/** Distance (pixels, Chebyshev) from pixel (x, y) to the square's border: the line between its last pixel inside and first outside. */
function borderDistance(x: number, y: number): number {
  const dx = x < X0 ? X0 - 0.5 - x : x >= X1 ? x - (X1 - 0.5) : 0;
  const dy = y < Y0 ? Y0 - 0.5 - y : y >= Y1 ? y - (Y1 - 0.5) : 0;
  if (dx > 0 || dy > 0) return Math.max(dx, dy);
  // Inside: to the nearest side.
  return Math.min(x - (X0 - 0.5), X1 - 0.5 - x, y - (Y0 - 0.5), Y1 - 0.5 - y);
}

function edgePixels(edges: Uint8Array, width = W): [number, number][] {
  const out: [number, number][] = [];
  edges.forEach((v, i) => {
    if (v === 255) out.push([i % width, Math.floor(i / width)]);
    else expect(v).toBe(0);
  });
  return out;
}

/** The number of 8-connected groups of edge pixels. */
function components(edges: Uint8Array, width = W, height = H): number {
  const seen = new Uint8Array(edges.length);
  let count = 0;
  for (let i = 0; i < edges.length; i++) {
    if (edges[i] === 0 || seen[i]) continue;
    count++;
    const stack = [i];
    seen[i] = 1;
    while (stack.length) {
      const j = stack.pop()!;
      const x = j % width;
      const y = Math.floor(j / width);
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const n = ny * width + nx;
        if (edges[n] !== 0 && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
  }
  return count;
}

describe('Canny edges', () => {
  it('a white square on black gives its outline: closed, one pixel wide, at the border, nothing inside or out', () => {
    const edges = cannyEdges(square(255), W, H);
    const pixels = edgePixels(edges);
    // At the border: every edge pixel within a pixel of it (the pixel either side of the step).
    for (const [x, y] of pixels) expect(borderDistance(x, y), `edge at (${x}, ${y})`).toBeLessThanOrEqual(1);
    // One pixel wide: each row through the square's sides (away from the corners) crosses the outline exactly twice, one pixel each;
    // likewise each column.
    for (let y = Y0 + 3; y < Y1 - 3; y++) {
      const row = pixels.filter(([, py]) => py === y).map(([px]) => px);
      expect(row.length, `row ${y}: ${row}`).toBe(2);
      expect(Math.abs(row[0] - (X0 - 0.5))).toBeLessThanOrEqual(0.5);
      expect(Math.abs(row[1] - (X1 - 0.5))).toBeLessThanOrEqual(0.5);
    }
    for (let x = X0 + 3; x < X1 - 3; x++) {
      const column = pixels.filter(([px]) => px === x).map(([, py]) => py);
      expect(column.length, `column ${x}: ${column}`).toBe(2);
    }
    // No 2 × 2 block all edge (thick lines); closed: one connected loop, and it goes round (each side has pixels).
    for (const [x, y] of pixels) {
      const block = [edges[y * W + x + 1], edges[(y + 1) * W + x], edges[(y + 1) * W + x + 1]];
      expect(block.every((v) => v === 255), `2×2 at (${x}, ${y})`).toBe(false);
    }
    expect(components(edges)).toBe(1);
    // Every pixel of the outline has at least two neighbours on it: no loose ends.
    for (const [x, y] of pixels) {
      let neighbours = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && edges[(y + dy) * W + x + dx] === 255) neighbours++;
      expect(neighbours, `neighbours of (${x}, ${y})`).toBeGreaterThanOrEqual(2);
    }
  });

  it('ramps without a step, and a flat image, give no edge', () => {
    // 0 to 255 across the image, and a steeper ramp of 8 grey levels a pixel: both far below the thresholds.
    expect(edgePixels(cannyEdges(image((x) => (255 * x) / (W - 1)), W, H))).toEqual([]);
    expect(edgePixels(cannyEdges(image((x) => Math.min(255, Math.max(0, 8 * (x - 16)))), W, H))).toEqual([]);
    expect(edgePixels(cannyEdges(image(() => 180), W, H))).toEqual([]);
  });

  it('the thresholds decide: a faint step gives nothing at 100/200, its outline at lower thresholds', () => {
    // A step of 40 grey levels: blurred, its gradient's size peaks near 40 · 4 · 0.5 = 80 (below 100).
    expect(edgePixels(cannyEdges(square(40), W, H))).toEqual([]);
    expect(edgePixels(cannyEdges(square(40), W, H, { low: 20, high: 40 })).length).toBeGreaterThan(2 * (X1 - X0 + Y1 - Y0) - 16);
  });

  it('refuses a size that does not match the pixels, or thresholds out of order', () => {
    expect(() => cannyEdges(new Float32Array(10), 4, 4)).toThrow(/4 × 4 image has 16 pixels, not 10/);
    expect(() => cannyEdges(new Float32Array(16), 4, 4, { low: 50, high: 10 })).toThrow(/thresholds/);
  });
});

describe('the edges pass', () => {
  it('outlines a dark character on the transparent backdrop, which the grey alone is too faint for', () => {
    // A near-black square, opaque, on transparent: its grey step (12) is under the low threshold.
    const data = new Uint8ClampedArray(W * H * 4);
    for (let y = Y0; y < Y1; y++) for (let x = X0; x < X1; x++) data.set([12, 12, 12, 255], 4 * (y * W + x));
    const grey = image((x, y) => (x >= X0 && x < X1 && y >= Y0 && y < Y1 ? 12 : 0));
    expect(cannyEdges(grey, W, H).some((v) => v !== 0)).toBe(false);
    const edges = edgesPicture({ width: W, height: H, data });
    let onBorder = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const white = edges.data[4 * (y * W + x)] === 255;
        if (white) expect(borderDistance(x, y)).toBeLessThanOrEqual(1);
        if (white) onBorder++;
        expect(edges.data[4 * (y * W + x) + 3]).toBe(255);
      }
    }
    // Every side of the square is outlined.
    expect(onBorder).toBeGreaterThanOrEqual(2 * (X1 - X0) + 2 * (Y1 - Y0) - 4);
  });
});
