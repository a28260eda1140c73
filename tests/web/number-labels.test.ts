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
});
