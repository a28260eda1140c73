// A character's proportions in a link record (pose-link.ts documents where):
// a mask of the parts that are not 1, then each such factor as float64 (a
// float32 would move a slider's end, 0.7, outside its own range).
import { PROPORTION_KEYS, type ProportionKey, type Proportions } from '../posing/proportions.js';
import { type ByteReader, type ByteWriter, MalformedInput as MalformedLink } from './byte-io.js';

export function writeProportions(out: ByteWriter, proportions: Proportions): void {
  const set = PROPORTION_KEYS.filter((key) => proportions[key] !== 1);
  out.u8(set.reduce((mask, key) => mask | (1 << PROPORTION_KEYS.indexOf(key)), 0));
  for (const key of set) out.f64(proportions[key]);
}

export function readProportions(input: ByteReader): Proportions {
  const mask = input.u8();
  // Writers leave the flag off for proportions as built: a mask of 0 is no link's.
  if (mask === 0 || mask >> PROPORTION_KEYS.length !== 0) throw new MalformedLink(`proportions mask ${mask} names no known part or an unknown one`);
  return Object.fromEntries(PROPORTION_KEYS.map((key, k) => [key, (mask & (1 << k)) !== 0 ? input.f64() : 1])) as Record<ProportionKey, number>;
}
