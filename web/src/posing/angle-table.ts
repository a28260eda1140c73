// Poses written by hand as tables of Euler angles by bone name (radians, by
// slot), for the default character's bones. A rig without some of those
// bones gets the rest of the table; bones a table does not name stay at zero
// (their bind pose).
import type { Rig } from '../rig/rig.js';

export type AngleTable = Readonly<Record<string, readonly [number, number, number]>>;

/** Every bone's angles (3 per bone, by slot) from the table, zero for bones it does not name. */
export function anglesFromTable(rig: Rig, table: AngleTable): number[] {
  const angles = new Array<number>(3 * rig.boneCount).fill(0);
  rig.boneNames.forEach((name, bone) => {
    // Own keys only: a bone called 'constructor' must not find Object's.
    if (Object.hasOwn(table, name)) angles.splice(3 * bone, 3, ...table[name]);
  });
  return angles;
}
