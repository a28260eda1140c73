// Comparing number arrays read from pages (palettes, angles, targets).
import { expect } from 'vitest';

/** The largest absolute difference between two arrays of the same length. */
export function maxDifference(a: number[], b: number[]): number {
  expect(a.length).toBe(b.length);
  return a.reduce((worst, value, i) => Math.max(worst, Math.abs(value - b[i])), 0);
}

/**
 * Run in the page (page.evaluate(posePalette)): the palette of the bones the
 * pose sets, without the default character's ponytail (its bones, last in the
 * rig, swing on springs: their matrices follow the motion before, which a
 * link, an undo step or an export does not carry).
 */
export function posePalette(): number[] {
  const { kin } = window;
  const palette = kin.palette();
  const ponytail = kin.boneNames().indexOf('ponytail_1');
  return ponytail < 0 ? palette : palette.slice(0, 16 * ponytail);
}
