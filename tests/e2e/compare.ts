// Comparing number arrays read from pages (palettes, angles, targets).
import { expect } from 'vitest';

/** The largest absolute difference between two arrays of the same length. */
export function maxDifference(a: number[], b: number[]): number {
  expect(a.length).toBe(b.length);
  return a.reduce((worst, value, i) => Math.max(worst, Math.abs(value - b[i])), 0);
}
