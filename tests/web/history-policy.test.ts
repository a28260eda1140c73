// When the URL gets a history entry: settled edits push, one gesture
// (however often the URL caught up during it) is one entry, changes of the
// view alone (the camera) rewrite the current entry, and an embedded page
// never pushes. Each case plays the sequence of calls the page makes, by hand.
import { describe, expect, it } from 'vitest';
import { HistoryPolicy } from '../../web/src/share/browser-history-policy.js';
import { NO_GESTURE } from '../../web/src/share/pointer-gestures.js';

describe('HistoryPolicy', () => {
  it('pushes one entry per settled scripted edit', () => {
    const policy = new HistoryPolicy(true);
    policy.changed(NO_GESTURE, true);
    expect(policy.settle()).toBe('push');
    policy.changed(NO_GESTURE, true);
    expect(policy.settle()).toBe('push');
  });

  it('keeps a whole drag in one entry, even when the URL catches up mid-drag', () => {
    const policy = new HistoryPolicy(true);
    // Gesture 1 changes the pose, pauses long enough to settle, then goes on.
    policy.changed(1, true);
    expect(policy.settle()).toBe('push');
    policy.changed(1, true);
    expect(policy.settle()).toBe('replace');
    // Its last change settles after the release.
    policy.changed(1, true);
    expect(policy.settle()).toBe('replace');
    // The next drag is another entry, and so is a scripted change after it.
    policy.changed(2, true);
    expect(policy.settle()).toBe('push');
    policy.changed(NO_GESTURE, true);
    expect(policy.settle()).toBe('push');
  });

  it('rewrites the current entry when only the view changed', () => {
    const policy = new HistoryPolicy(true);
    policy.changed(4, false); // an orbit drag
    expect(policy.settle()).toBe('replace');
    policy.changed(NO_GESTURE, false); // damping after the release
    expect(policy.settle()).toBe('replace');
    // A drag during which the camera also moved is an edit.
    policy.changed(6, false);
    policy.changed(6, true);
    policy.changed(6, false);
    expect(policy.settle()).toBe('push');
  });

  it('after Back or Forward, the next edit pushes from the entry shown', () => {
    const policy = new HistoryPolicy(true);
    policy.changed(1, true);
    policy.adopt(); // Back applied another entry's pose before the edit was written
    policy.changed(NO_GESTURE, false); // the camera eases into the entry's view
    expect(policy.settle()).toBe('replace');
    policy.changed(2, true);
    expect(policy.settle()).toBe('push');
  });

  it('never pushes for an embedded page', () => {
    const policy = new HistoryPolicy(false);
    policy.changed(NO_GESTURE, true);
    expect(policy.settle()).toBe('replace');
    policy.changed(1, true);
    expect(policy.settle()).toBe('replace');
  });
});
