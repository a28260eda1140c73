// The default character's spring chains, declared once: its ponytail
// (scripts/character/skeleton.mjs) swings and settles behind the head.
// A slow, lightly damped spring reads as hair: about 2 swings a second,
// each swing about a third of the one before. It rests on the floor rather
// than through it when the body lies down.
import type { Rig } from '../rig/rig.js';
import type { SpringChainDesc } from '../rig/springs.js';

export const DEFAULT_CHARACTER_SPRINGS: readonly SpringChainDesc[] = [
  { name: 'ponytail', bones: ['ponytail_1', 'ponytail_2', 'ponytail_3'], frequencyHz: 2.2, dampingRatio: 0.3, gravity: 9.81, inertia: 1, swingMax: 1.2, floor: true },
];

/** Gives a rig of the default character its spring chains. */
export function addDefaultCharacterSprings(rig: Rig): void {
  rig.springs.setSpringChains(DEFAULT_CHARACTER_SPRINGS);
}
