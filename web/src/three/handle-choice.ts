// Which target handle a press takes, from where the handles are drawn: a
// fingertip covers far more than a handle's few pixels and lands beside it,
// so a press takes a handle whose centre is within reach of it, more reach
// for a finger or a pen than for a mouse; and where handles overlap on
// screen (the hands and the hips seen from the side) the nearest one, then,
// pressed again at about the same place, the next one, nearest to farthest,
// round again. Plain numbers only, without three.js: target-handles.ts
// measures the handles, this chooses.

/** How far from a handle's drawn centre a finger's or a pen's press still takes it (CSS px): about a fingertip's half-width. */
export const TOUCH_REACH_PX = 24;
/** The same for a mouse, which lands where it is aimed: a little slack round the handle's edge. */
export const MOUSE_REACH_PX = 8;
/** A press this close to the last one (CSS px) is "the same place": it takes the next of the overlapping handles. */
export const SAME_PLACE_PX = 12;

/** The reach of a press by a pointer of this `PointerEvent.pointerType`. */
export function reach_px(pointerType: string): number {
  return pointerType === 'touch' || pointerType === 'pen' ? TOUCH_REACH_PX : MOUSE_REACH_PX;
}

/** One handle as a press sees it. */
export interface HandleAtPress {
  handle: number;
  /** From the press to the handle's drawn centre, CSS px; NaN for a handle not on screen (never in reach). */
  distance_px: number;
  /** Whether the handle as drawn covers the press point: a handle seen close by is wider than any reach. */
  covers: boolean;
}

/** The handles a press of this reach can take, nearest centre first (equally near: the lower index first). */
export function handlesInReach(handles: readonly HandleAtPress[], reach: number): number[] {
  return handles
    .filter((h) => !Number.isNaN(h.distance_px) && (h.covers || h.distance_px <= reach))
    .sort((a, b) => a.distance_px - b.distance_px || a.handle - b.handle)
    .map((h) => h.handle);
}

const NONE = -1;

/** Remembers the last press, so that pressing the same overlapping handles again takes the next of them. */
export class HandleCycle {
  private lastX = Number.NaN;
  private lastY = Number.NaN;
  /** The handles the cycle goes through, nearest first as the cycle's first press saw them. */
  private order: number[] = [];
  private taken = 0;

  /**
   * The handle a press at page point (x, y) would take of `inReach`
   * (handlesInReach's answer), or -1 for none, remembering nothing: what
   * hovering shows.
   */
  peek(x: number, y: number, inReach: readonly number[]): number {
    if (inReach.length === 0) return NONE;
    return this.continues(x, y, inReach) ? this.order[(this.taken + 1) % this.order.length] : inReach[0];
  }

  /** The handle a press at (x, y) takes, as peek() tells, and the press remembered: the next one at the same place goes on from it. */
  take(x: number, y: number, inReach: readonly number[]): number {
    if (inReach.length === 0) {
      this.forget();
      return NONE;
    }
    if (this.continues(x, y, inReach)) {
      this.taken = (this.taken + 1) % this.order.length;
    } else {
      this.order = inReach.slice();
      this.taken = 0;
    }
    this.lastX = x;
    this.lastY = y;
    return this.order[this.taken];
  }

  /** The next press starts a new cycle (a press went to something else: an arrow, the camera). */
  forget(): void {
    this.lastX = Number.NaN;
    this.lastY = Number.NaN;
    this.order = [];
    this.taken = 0;
  }

  /** Whether a press at (x, y) on `inReach` goes on with the cycle: at about the last press's place, on the same handles. */
  private continues(x: number, y: number, inReach: readonly number[]): boolean {
    return (
      Math.hypot(x - this.lastX, y - this.lastY) <= SAME_PLACE_PX &&
      inReach.length === this.order.length &&
      inReach.every((handle) => this.order.includes(handle))
    );
  }
}
