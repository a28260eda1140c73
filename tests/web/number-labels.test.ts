// Labels made once per key: the same string object comes back for a key (so
// a drag frame's HUD and plot text allocate nothing), and the cache starts
// over instead of growing without bound.
import { describe, expect, it } from 'vitest';
import { NumberLabels } from '../../web/src/ui/number-labels.js';

describe('NumberLabels', () => {
  it('formats a key once and hands back the same label after', () => {
    let made = 0;
    const labels = new NumberLabels((n) => {
      made++;
      return `${n} µs`;
    });
    expect(labels.get(12)).toBe('12 µs');
    expect(labels.get(-3)).toBe('-3 µs');
    expect(labels.get(12)).toBe('12 µs');
    expect(made).toBe(2);
  });

  it('starts over past its bound, still labelling correctly', () => {
    let made = 0;
    const labels = new NumberLabels((n) => {
      made++;
      return String(n);
    });
    for (let n = 0; n < 5000; n++) expect(labels.get(n)).toBe(String(n));
    expect(made).toBe(5000);
    labels.get(4999);
    expect(made).toBe(5000); // still cached after the restart at 4096
    labels.get(0);
    expect(made).toBe(5001); // forgotten in the restart
  });

  it('makes a block of neighbouring labels on a miss, then none until the next block', () => {
    const made: number[] = [];
    const labels = new NumberLabels((n) => {
      made.push(n);
      return `${n} px`;
    }, 8);
    expect(labels.get(13)).toBe('13 px');
    expect(made).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    for (let n = 8; n < 16; n++) expect(labels.get(n)).toBe(`${n} px`);
    expect(made).toHaveLength(8);
    expect(labels.get(-1)).toBe('-1 px'); // the block below zero: -8 … -1
    expect(made.slice(8)).toEqual([-8, -7, -6, -5, -4, -3, -2, -1]);
  });
});
