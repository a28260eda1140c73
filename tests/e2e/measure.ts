// Comparisons the page tests share: distances between points and the largest
// difference between two lists of numbers (palettes, vertices, targets).
import { expect } from 'vitest';

export type Vec3 = [number, number, number];

export const distance = (a: Vec3, b: Vec3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** max |a_i − b_i|; the lists must be equally long. */
export function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}
