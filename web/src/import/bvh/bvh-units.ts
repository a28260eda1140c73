// A BVH file's length unit. BVH has none: motion-capture files come in
// centimetres, metres, inches, millimetres, feet, or the unit of the widely
// used conversion of the CMU database (1/0.45 inch, about 5.6 cm). The guess
// is the unit that makes the bind pose's largest extent (a standing figure's
// height or arm span) a human's, 1.4–2.0 m: the first unit in the list that
// does, else the one that comes nearest (by ratio). The summary says which
// unit was taken and why; a caller that knows better passes its own.

export interface BvhUnit {
  /** "centimetres", for messages. */
  name: string;
  metresPerUnit: number;
}

/** The units a guess chooses from, most common first (the first of two that both fit wins). */
export const BVH_UNITS: readonly BvhUnit[] = [
  { name: 'centimetres', metresPerUnit: 0.01 },
  { name: 'metres', metresPerUnit: 1 },
  { name: 'inches', metresPerUnit: 0.0254 },
  { name: "the CMU conversion's units (1/0.45 in)", metresPerUnit: 0.0254 / 0.45 },
  { name: 'millimetres', metresPerUnit: 0.001 },
  { name: 'feet', metresPerUnit: 0.3048 },
];

/** A standing human's height (or arm span), metres. */
export const HUMAN_HEIGHT: readonly [number, number] = [1.4, 2.0];

export interface UnitGuess {
  unit: BvhUnit;
  /** The bind pose's largest extent in metres under that unit. */
  extent_m: number;
  /** Whether it makes the figure a human's size (else it came nearest). */
  human: boolean;
}

/** The unit for a bind pose whose largest extent is `extent` file units (> 0). */
export function guessBvhUnit(extent: number): UnitGuess {
  if (!(extent > 0)) return { unit: BVH_UNITS[1], extent_m: 0, human: false };
  const fitting = BVH_UNITS.find((unit) => extent * unit.metresPerUnit >= HUMAN_HEIGHT[0] && extent * unit.metresPerUnit <= HUMAN_HEIGHT[1]);
  if (fitting) return { unit: fitting, extent_m: extent * fitting.metresPerUnit, human: true };
  const middle = Math.sqrt(HUMAN_HEIGHT[0] * HUMAN_HEIGHT[1]);
  const miss = (unit: BvhUnit): number => Math.abs(Math.log((extent * unit.metresPerUnit) / middle));
  const nearest = BVH_UNITS.reduce((best, unit) => (miss(unit) < miss(best) ? unit : best));
  return { unit: nearest, extent_m: extent * nearest.metresPerUnit, human: false };
}

/** "lengths guessed to be in centimetres (the bind pose 1.72 m at its largest)", or what the caller chose. */
export function describeUnits(metresPerUnit: number, guess: UnitGuess | null): string {
  if (guess === null) {
    const known = BVH_UNITS.find((unit) => unit.metresPerUnit === metresPerUnit);
    return `lengths in ${known ? known.name : `units of ${metresPerUnit} m`} (as asked)`;
  }
  const size = `the bind pose ${guess.extent_m.toFixed(2)} m at its largest`;
  return `lengths guessed to be in ${guess.unit.name} (${guess.human ? size : `${size}, the nearest any unit comes to a person's size`})`;
}
