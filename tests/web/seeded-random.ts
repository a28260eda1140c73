// The page's seeded generator (mulberry32) so that random tests repeat exactly;
// the seed goes in each test's name.
export { seededRandom } from '../../web/src/posing/seeded-random.js';

export function uniform(random: () => number, lo: number, hi: number): number {
  return lo + (hi - lo) * random();
}
