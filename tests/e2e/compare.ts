// Comparing number arrays read from pages (palettes, angles, targets).
import { expect } from 'vitest';

/** The largest absolute difference between two arrays of the same length. */
export function maxDifference(a: number[], b: number[]): number {
  expect(a.length).toBe(b.length);
  return a.reduce((worst, value, i) => Math.max(worst, Math.abs(value - b[i])), 0);
}


declare global {
  interface Window {
    /** The palette (default: the page's) without the spring-driven bones' entries (installPosePalette). */
    posePalette(palette?: number[]): number[];
  }
}

/**
 * Installs window.posePalette in a page (page.addInitScript; openDemo does):
 * the entries of a palette for the bones the pose sets, without the bones of
 * the character's spring chains (the default character's ponytail, the
 * springs lesson's antenna), which swing on springs: their matrices follow
 * the motion before, which a link, an undo step, a sampled clip or an export
 * does not carry. The ponytail is left out by name too: the default
 * character exported as GLB loads back without its springs, and is compared
 * with palettes taken where it swung. Self-contained, as the page runs it
 * from its source.
 */
export function installPosePalette(): void {
  window.posePalette = (palette = window.kin.palette()) => {
    const names = window.kin.boneNames();
    const sprung = new Set(window.kin.springs().flatMap((chain) => chain.bones));
    return palette.filter((_, k) => {
      const name = names[Math.floor(k / 16)];
      return !sprung.has(name) && !name.startsWith('ponytail_');
    });
  };
}
