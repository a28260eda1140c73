// Spring chains as the page describes them (kin/springs/spring_chain.h):
// bones by index or name, parameters in the core's units. The Rig takes and
// gives these (Rig.setSpringChains, Rig.springChains).
import type { SpringChainShape } from '../wasm/generated/shapes.js';

/**
 * A spring chain: the core's chain fields (kin/shape_fields.h,
 * generated/shapes.ts) with a name and its bones, parent-first (each the
 * parent of the next), by index or name. frequencyHz: oscillations per
 * second of the undamped spring, (0, 20]; dampingRatio: 0 undamped, 1
 * critically damped, up to 10 (the amplitude halves in
 * ln 2 / (dampingRatio · 2π frequencyHz) s); gravity: along the model's −Y,
 * model units per s² (9.81 for a rig in metres), [0, 1000]; inertia: how much
 * of the driving motion's acceleration the chain feels, [0, 4] (1 like a
 * mass on a spring); swingMax: the most a bone swings from its driven
 * direction, radians, (0, π]; boneSwingMax: each bone's own, one per bone in
 * the order of `bones` (absent or empty: every bone takes swingMax); floor:
 * the tips stay at or above the floor, y = 0 in model space (absent: no).
 */
export type SpringChainDesc = Omit<SpringChainShape, 'name' | 'bones' | 'boneSwingMax'> & {
  name: string;
  bones: readonly (number | string)[];
  boneSwingMax?: readonly number[];
};

/** A chain as the rig holds it: bone indices and every parameter (boneSwingMax as given: empty when every bone takes swingMax; boneSwingLimits() gives each bone's either way). */
export type SpringChain = Readonly<Required<Omit<SpringChainShape, 'bones' | 'boneSwingMax'>>> & {
  readonly bones: readonly number[];
  readonly boneSwingMax: readonly number[];
};

/** The parameters a page may change on a chain (SpringChain without its name and bones). */
export type SpringParameters = Omit<SpringChain, 'name' | 'bones'>;

/** Seconds in which a chain's swing halves (damping ratio ≤ 1; Infinity undamped). */
export function springHalfLife_s(chain: Pick<SpringChain, 'frequencyHz' | 'dampingRatio'>): number {
  return Math.log(2) / (chain.dampingRatio * 2 * Math.PI * chain.frequencyHz);
}

/** Each bone's swing limit (radians), in the order of its bones: its own, or the chain's swingMax. */
export function boneSwingLimits(chain: Pick<SpringChain, 'bones' | 'swingMax' | 'boneSwingMax'>): number[] {
  return chain.boneSwingMax.length > 0 ? [...chain.boneSwingMax] : chain.bones.map(() => chain.swingMax);
}

/**
 * The chain with `change` made. A swingMax without a boneSwingMax is every
 * bone's limit: it clears the bones' own, which would otherwise override it.
 */
export function changeSpringChain(chain: SpringChain, change: Partial<SpringParameters>): SpringChain {
  const clearsBoneLimits = change.swingMax !== undefined && change.boneSwingMax === undefined;
  return { ...chain, ...(clearsBoneLimits ? { boneSwingMax: [] } : {}), ...change };
}
