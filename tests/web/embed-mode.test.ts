// Embed mode's URL rules: only `embed=1` in the query turns it on (not the
// fragment, not other values), and the full-view URL drops the flag and
// nothing else: other parameters, the path and the pose link stay.
import { describe, expect, it } from 'vitest';
import { fullViewUrl, isEmbedMode } from '../../web/src/ui/embed-mode.js';

describe('embed mode', () => {
  it('is on for embed=1 in the query only', () => {
    expect(isEmbedMode('https://host/course/kin/?embed=1')).toBe(true);
    expect(isEmbedMode('https://host/course/kin/index.html?lang=en&embed=1#p=AAA')).toBe(true);
    expect(isEmbedMode('https://host/course/kin/')).toBe(false);
    expect(isEmbedMode('https://host/course/kin/?embed=0')).toBe(false);
    expect(isEmbedMode('https://host/course/kin/?embedded=1')).toBe(false);
    expect(isEmbedMode('https://host/course/kin/#embed=1')).toBe(false);
  });

  it('the full view keeps the path, the other parameters and the pose link', () => {
    expect(fullViewUrl('https://host/a/b/?embed=1#p=AbC-_9')).toBe('https://host/a/b/#p=AbC-_9');
    expect(fullViewUrl('https://host/a/b/index.html?lang=en&embed=1&x=2#p=Q')).toBe('https://host/a/b/index.html?lang=en&x=2#p=Q');
    expect(fullViewUrl('https://host/a/?embed=1')).toBe('https://host/a/');
    expect(fullViewUrl('https://host/a/#p=Q')).toBe('https://host/a/#p=Q');
  });
});
