// Where a new character stands: to the right (+X) of everyone already in the
// scene, a little apart, facing the same way (+Z, toward the front view), so
// that a second character never starts inside the first.
import type { Rig } from '../rig/rig.js';
import type { CharacterTransform } from './character-transform.js';

/** The gap left between two characters' sides (metres). */
const GAP_M = 0.25;

/** Half the rig's width across X in its current pose (its joints and tips), at least 0.2 m. */
export function halfWidth(rig: Rig): number {
  const model_ms = rig.modelMatrices();
  const tips_ms = rig.boneTips();
  let widest = 0.2;
  for (let b = 0; b < rig.boneCount; b++) widest = Math.max(widest, Math.abs(model_ms[16 * b + 12]), Math.abs(tips_ms[3 * b]));
  return widest;
}

export interface StandingCharacter {
  transform: CharacterTransform;
  halfWidth: number;
}

/** Where a character `halfWidth` wide stands beside `others` (none: the origin). */
export function placeBeside(others: readonly StandingCharacter[], width: number): CharacterTransform {
  if (others.length === 0) return { x: 0, z: 0, heading: 0 };
  let right = -Infinity;
  for (const other of others) right = Math.max(right, other.transform.x + other.halfWidth);
  return { x: right + GAP_M + width, z: 0, heading: 0 };
}
