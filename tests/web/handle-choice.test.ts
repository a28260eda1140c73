// Choosing the handle a press takes (web/src/three/handle-choice.ts), on
// distances made up here: the nearest handle within the pointer's reach
// (a finger's and a pen's wider than a mouse's), none beyond it unless the
// handle as drawn covers the press, off-screen handles never; and presses
// at the same place on overlapping handles going through them nearest to
// farthest and round again, until a press elsewhere starts afresh.
import { describe, expect, it } from 'vitest';
import { HandleCycle, MOUSE_REACH_PX, SAME_PLACE_PX, TOUCH_REACH_PX, type HandleAtPress, handlesInReach, reach_px } from '../../web/src/three/handle-choice.js';

const at = (handle: number, distance_px: number, covers = false): HandleAtPress => ({ handle, distance_px, covers });

describe('reach_px', () => {
  it('gives a finger and a pen the wide reach, a mouse the narrow one', () => {
    expect(reach_px('touch')).toBe(TOUCH_REACH_PX);
    expect(reach_px('pen')).toBe(TOUCH_REACH_PX);
    expect(reach_px('mouse')).toBe(MOUSE_REACH_PX);
    expect(TOUCH_REACH_PX).toBe(24);
    expect(MOUSE_REACH_PX).toBe(8);
  });
});

describe('handlesInReach', () => {
  it('takes the handles within reach, nearest first, none beyond it', () => {
    const handles = [at(0, 30), at(1, 16), at(2, 5), at(3, 25)];
    expect(handlesInReach(handles, TOUCH_REACH_PX)).toEqual([2, 1]);
    expect(handlesInReach(handles, MOUSE_REACH_PX)).toEqual([2]);
    expect(handlesInReach([at(0, 30), at(1, 24.5)], TOUCH_REACH_PX)).toEqual([]);
    // The edge of the reach is in it.
    expect(handlesInReach([at(0, 8)], MOUSE_REACH_PX)).toEqual([0]);
  });

  it('tells a finger from a mouse: 16 px off is in a finger’s reach only', () => {
    const handles = [at(0, 16)];
    expect(handlesInReach(handles, reach_px('touch'))).toEqual([0]);
    expect(handlesInReach(handles, reach_px('mouse'))).toEqual([]);
  });

  it('takes a handle that covers the press however far its centre, never one off screen', () => {
    expect(handlesInReach([at(0, 40, true), at(1, 7)], MOUSE_REACH_PX)).toEqual([1, 0]);
    expect(handlesInReach([at(0, Number.NaN, true), at(1, Number.NaN)], TOUCH_REACH_PX)).toEqual([]);
  });

  it('puts equally near handles in index order', () => {
    expect(handlesInReach([at(4, 3), at(1, 3), at(2, 3)], MOUSE_REACH_PX)).toEqual([1, 2, 4]);
  });
});

describe('HandleCycle', () => {
  it('takes the nearest, then at the same place the next ones, nearest to farthest, and round again', () => {
    const cycle = new HandleCycle();
    const inReach = [3, 0, 5];
    expect(cycle.take(100, 100, inReach)).toBe(3);
    expect(cycle.take(100, 100, inReach)).toBe(0);
    // About the same place, the same handles (whatever order the new press sees them in).
    expect(cycle.take(100 + SAME_PLACE_PX / 2, 100 - SAME_PLACE_PX / 2, [0, 3, 5])).toBe(5);
    expect(cycle.take(100, 100, inReach)).toBe(3);
  });

  it('peeks at what the next press takes without moving on', () => {
    const cycle = new HandleCycle();
    expect(cycle.peek(10, 10, [1, 2])).toBe(1);
    expect(cycle.take(10, 10, [1, 2])).toBe(1);
    expect(cycle.peek(10, 10, [1, 2])).toBe(2);
    expect(cycle.peek(10, 10, [1, 2])).toBe(2);
    expect(cycle.take(10, 10, [1, 2])).toBe(2);
    expect(cycle.peek(10, 10, [])).toBe(-1);
  });

  it('starts afresh on a press elsewhere, on other handles, on none, or after forget()', () => {
    const cycle = new HandleCycle();
    cycle.take(50, 50, [1, 2]);
    expect(cycle.take(50 + SAME_PLACE_PX + 1, 50, [1, 2])).toBe(1);
    expect(cycle.take(50 + SAME_PLACE_PX + 1, 50, [1, 2, 3])).toBe(1);
    expect(cycle.take(50 + SAME_PLACE_PX + 1, 50, [1, 2, 3])).toBe(2);
    expect(cycle.take(50 + SAME_PLACE_PX + 1, 50, [])).toBe(-1);
    expect(cycle.take(50 + SAME_PLACE_PX + 1, 50, [1, 2, 3])).toBe(1);
    cycle.forget();
    expect(cycle.take(50 + SAME_PLACE_PX + 1, 50, [1, 2, 3])).toBe(1);
  });

  it('keeps taking a lone handle', () => {
    const cycle = new HandleCycle();
    expect(cycle.take(0, 0, [7])).toBe(7);
    expect(cycle.take(0, 0, [7])).toBe(7);
  });
});
