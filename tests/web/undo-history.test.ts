// The undo stack's semantics (UndoStacks) and the steps built on it
// (UndoHistory) over a small live state: changes go back and forth in
// order, a new change clears redo, no-op changes are not steps, the history
// is bounded, nested steps and a whole drag are one step, undo waits for a
// step under way, and restoring records nothing.
import { describe, expect, it } from 'vitest';
import { UndoHistory, UndoStacks } from '../../web/src/posing/undo-history.js';

const sameValue = (a: number, b: number) => a === b;

/** Applies `changes` to a state through `history`, recording each; returns the state. */
function changeThrough(history: UndoStacks<number>, start: number, changes: number[]): number {
  let state = start;
  for (const next of changes) {
    history.record(state, next);
    state = next;
  }
  return state;
}

describe('UndoStacks', () => {
  it('undoes and redoes changes in order', () => {
    const history = new UndoStacks(10, sameValue);
    let state = changeThrough(history, 0, [1, 2, 3]);
    expect(history.undoDepth).toBe(3);
    state = history.undo(state)!;
    expect(state).toBe(2);
    state = history.undo(state)!;
    expect(state).toBe(1);
    expect(history.redoDepth).toBe(2);
    state = history.redo(state)!;
    expect(state).toBe(2);
    state = history.redo(state)!;
    expect(state).toBe(3);
    expect(history.canRedo).toBe(false);
    expect(history.redo(state)).toBeNull();
  });

  it('returns null with nothing to undo', () => {
    const history = new UndoStacks(10, sameValue);
    expect(history.canUndo).toBe(false);
    expect(history.undo(5)).toBeNull();
    expect(history.redoDepth).toBe(0); // the failed undo kept nothing for redo
  });

  it('does not record a change that leaves the state as it was', () => {
    const history = new UndoStacks(10, sameValue);
    expect(history.record(4, 4)).toBe(false);
    expect(history.canUndo).toBe(false);
    expect(history.record(4, 5)).toBe(true);
    expect(history.undoDepth).toBe(1);
  });

  it('clears redo on a new change, but not on a no-op', () => {
    const history = new UndoStacks(10, sameValue);
    let state = changeThrough(history, 0, [1, 2]);
    state = history.undo(state)!;
    expect(history.canRedo).toBe(true);
    history.record(state, state);
    expect(history.canRedo).toBe(true);
    history.record(state, 7);
    expect(history.canRedo).toBe(false);
    expect(history.undo(7)).toBe(1);
  });

  it('forgets the oldest steps past its limit', () => {
    const history = new UndoStacks(3, sameValue);
    let state = changeThrough(history, 0, [1, 2, 3, 4, 5]);
    expect(history.undoDepth).toBe(3);
    const visited: number[] = [];
    for (let next = history.undo(state); next !== null; next = history.undo(state)) visited.push((state = next));
    expect(visited).toEqual([4, 3, 2]);
    // Redo keeps every undone step; redoing them refills the bounded past.
    expect(history.redoDepth).toBe(3);
    while (history.canRedo) state = history.redo(state)!;
    expect(state).toBe(5);
    expect(history.undoDepth).toBe(3);
  });

  it('can be cleared', () => {
    const history = new UndoStacks(3, sameValue);
    const state = changeThrough(history, 0, [1, 2]);
    history.undo(state);
    history.clear();
    expect([history.canUndo, history.canRedo]).toEqual([false, false]);
  });

  it('rejects a limit that is not a positive integer', () => {
    for (const limit of [0, -1, 2.5, Number.NaN]) expect(() => new UndoStacks(limit, sameValue)).toThrow(`UndoStacks: limit ${limit} must be an integer ≥ 1`);
  });
});

/** A live state of numbers with an UndoHistory over it, whose restore goes through a recorded path as the page's does. */
function editable(limit = 50): { state: number[]; history: UndoHistory<number[]>; set: (values: number[]) => void } {
  const live = { state: [0, 0] };
  const sameArray = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const set = (values: number[]) => history.step(() => (live.state = [...values]));
  const history: UndoHistory<number[]> = new UndoHistory(() => [...live.state], (values) => set(values), limit, sameArray);
  return {
    get state() {
      return live.state;
    },
    history,
    set,
  };
}

describe('UndoHistory', () => {
  it('makes each change a step and restores through undo and redo without recording', () => {
    const page = editable();
    page.set([1, 0]);
    page.set([1, 2]);
    expect(page.history.depths).toEqual({ undo: 2, redo: 0 });
    expect(page.history.undo()).toBe(true);
    expect(page.state).toEqual([1, 0]);
    // The restore went through set(), a step of its own: it recorded nothing.
    expect(page.history.depths).toEqual({ undo: 1, redo: 1 });
    expect(page.history.redo()).toBe(true);
    expect(page.state).toEqual([1, 2]);
    expect(page.history.depths).toEqual({ undo: 2, redo: 0 });
  });

  it('makes a whole drag one step, and a drag that moves nothing no step', () => {
    const page = editable();
    page.history.begin();
    for (let frame = 1; frame <= 30; frame++) page.set([frame, -frame]);
    page.history.end();
    expect(page.history.depths.undo).toBe(1);
    page.history.begin();
    page.history.end();
    expect(page.history.depths.undo).toBe(1);
    page.history.undo();
    expect(page.state).toEqual([0, 0]);
    page.history.redo();
    expect(page.state).toEqual([30, -30]);
  });

  it('nests steps into the outermost one', () => {
    const page = editable();
    page.history.step(() => {
      page.set([5, 0]);
      page.history.step(() => page.set([5, 6]));
    });
    expect(page.history.depths.undo).toBe(1);
    page.history.undo();
    expect(page.state).toEqual([0, 0]);
  });

  it('waits for a step under way before undoing', () => {
    const page = editable();
    page.set([1, 1]);
    page.history.begin();
    page.set([2, 2]);
    expect(page.history.canUndo).toBe(false);
    expect(page.history.undo()).toBe(false);
    expect(page.state).toEqual([2, 2]);
    page.history.end();
    expect(page.history.undo()).toBe(true);
    expect(page.state).toEqual([1, 1]);
  });

  it('ends a step whose change throws, keeping what it changed as a step', () => {
    const page = editable();
    expect(() =>
      page.history.step(() => {
        page.set([3, 3]);
        throw new Error('half done');
      }),
    ).toThrow('half done');
    expect(page.history.inStep).toBe(false);
    expect(page.history.undo()).toBe(true);
    expect(page.state).toEqual([0, 0]);
  });

  it('ignores an end without a begin', () => {
    const page = editable();
    page.history.end();
    page.set([1, 0]);
    expect(page.history.depths.undo).toBe(1);
  });

  it('tells its listeners whenever undo or redo availability may change, until they stop', () => {
    const page = editable();
    let moves = 0;
    const stop = page.history.onMove(() => moves++);
    page.set([1, 0]);
    // The step began and ended.
    expect(moves).toBe(2);
    page.history.undo();
    expect(moves).toBe(3);
    // Nothing to undo: no move.
    page.history.undo();
    expect(moves).toBe(3);
    stop();
    page.history.redo();
    expect(moves).toBe(3);
    expect(page.state).toEqual([1, 0]);
  });

  // The page stops playback in beforeChange: it must run before the state
  // is captured (else undo would keep the pose playback was about to
  // replace), once per step however nested, and not for an undo or redo
  // with nothing to take.
  it('calls beforeChange once before each step and each undo or redo that acts, before capturing', () => {
    const live = { state: [0] };
    const calls: string[] = [];
    const history = new UndoHistory(
      () => {
        calls.push('capture');
        return [...live.state];
      },
      (values) => (live.state = [...values]),
      10,
      (a, b) => a[0] === b[0],
      () => calls.push('before'),
    );
    history.undo();
    history.redo();
    expect(calls).toEqual([]);
    history.step(() => history.step(() => (live.state = [1])));
    expect(calls).toEqual(['before', 'capture', 'capture']);
    calls.length = 0;
    history.undo();
    expect(calls).toEqual(['before', 'capture']);
    calls.length = 0;
    history.redo();
    expect(calls).toEqual(['before', 'capture']);
    expect(live.state).toEqual([1]);
  });
});
