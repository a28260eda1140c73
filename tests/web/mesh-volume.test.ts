// The enclosed-volume measure the candy-wrapper page reports, against shapes
// whose volumes are known in closed form.
import { describe, expect, it } from 'vitest';
import { enclosedVolume } from '../../web/src/candy/mesh-volume.js';
import { CYLINDER_LENGTH, CYLINDER_RADIUS, twistCylinder } from '../../web/src/lessons/twist-cylinder.js';

// An axis-aligned box from `lo` to `hi`, outward triangles.
function box(lo: number[], hi: number[]): { positions: number[]; triangles: number[] } {
  const positions: number[] = [];
  for (let i = 0; i < 8; i++) positions.push(i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]);
  // Faces as quads (counter-clockwise seen from outside), split in two.
  const quads = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
  const triangles = quads.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]);
  return { positions, triangles };
}

describe('enclosedVolume', () => {
  it('is the box volume wherever the box sits, negative when turned inside out', () => {
    const { positions, triangles } = box([1, -2, 3], [3, 1, 3.5]);
    expect(enclosedVolume(positions, triangles)).toBeCloseTo(2 * 3 * 0.5, 12);
    const inverted = triangles.map((_, t) => triangles[t - (t % 3) + 2 - (t % 3)]);
    expect(enclosedVolume(positions, inverted)).toBeCloseTo(-3, 12);
  });

  it('approaches πr²h for the candy-wrapper cylinder as its rings get finer', () => {
    const exact = Math.PI * CYLINDER_RADIUS ** 2 * CYLINDER_LENGTH;
    const coarse = twistCylinder(3, 12);
    const fine = twistCylinder(3, 256);
    // A prism with an inscribed n-gon base: n/2 · r² · sin(2π/n) · h.
    const prism = (n: number) => (n / 2) * CYLINDER_RADIUS ** 2 * Math.sin((2 * Math.PI) / n) * CYLINDER_LENGTH;
    expect(enclosedVolume(coarse.positions, coarse.triangles)).toBeCloseTo(prism(12), 6); // float32 positions
    expect(enclosedVolume(fine.positions, fine.triangles) / exact).toBeCloseTo(1, 3);
  });
});
