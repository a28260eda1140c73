// When the URL gets a history entry: settled pose changes push, one gesture
// (however often the URL caught up during it) is one entry, camera-only
// changes rewrite the current entry, and an embedded page never pushes.
// Each case plays the sequence of calls the page makes, by hand.
import { describe, expect, it } from 'vitest';
import { HistoryPolicy } from '../../web/src/share/browser-history-policy.js';
import { NO_GESTURE } from '../../web/src/share/pointer-gestures.js';

describe('HistoryPolicy', () => {
  it('pushes one entry per settled scripted pose change', () => {
    const policy = new HistoryPolicy(0, true);
    policy.changed(NO_GESTURE);
    expect(policy.settle(1)).toBe('push');
    policy.changed(NO_GESTURE);
    expect(policy.settle(2)).toBe('push');
  });

  it('keeps a whole drag in one entry, even when the URL catches up mid-drag', () => {
    const policy = new HistoryPolicy(0, true);
    // Gesture 1 changes the pose, pauses long enough to settle, then goes on.
    policy.changed(1);
    expect(policy.settle(3)).toBe('push');
    policy.changed(1);
    expect(policy.settle(7)).toBe('replace');
    // Its last change settles after the release.
    policy.changed(1);
    expect(policy.settle(9)).toBe('replace');
    // The next drag is another entry, and so is a scripted change after it.
    policy.changed(2);
    expect(policy.settle(12)).toBe('push');
    policy.changed(NO_GESTURE);
    expect(policy.settle(13)).toBe('push');
  });

  it('rewrites the current entry when only the camera moved', () => {
    const policy = new HistoryPolicy(5, true);
    policy.changed(4); // an orbit drag
    expect(policy.settle(5)).toBe('replace');
    policy.changed(NO_GESTURE); // damping after the release
    expect(policy.settle(5)).toBe('replace');
    // A drag during which the camera also moved is a pose change.
    policy.changed(6);
    expect(policy.settle(6)).toBe('push');
  });

  it('after Back or Forward, the next change pushes from the entry shown', () => {
    const policy = new HistoryPolicy(0, true);
    policy.changed(1);
    expect(policy.settle(1)).toBe('push');
    policy.adopt(2); // Back applied another entry's pose
    policy.changed(NO_GESTURE); // the camera eases into the entry's view
    expect(policy.settle(2)).toBe('replace');
    policy.changed(2);
    expect(policy.settle(3)).toBe('push');
  });

  it('never pushes for an embedded page', () => {
    const policy = new HistoryPolicy(0, false);
    policy.changed(NO_GESTURE);
    expect(policy.settle(1)).toBe('replace');
    policy.changed(1);
    expect(policy.settle(2)).toBe('replace');
  });
});
