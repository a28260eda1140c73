// The frame loop's part for spring chains (one per character): steps the
// rig's springs on every frame that draws a new pose (the chains ride on it) or after the chains
// changed (a chain turned off goes back onto the pose), and on every frame
// while they have not settled, asking for the next frame then. The step
// takes the real time since the last one, in whole milliseconds (no float
// boxed per frame), clamped to the core's range: at least 4 ms (about one
// 1/240 s substep) and at most 100 ms (a stall does not replay seconds of
// motion). Allocation-free while the rig stays the same.
import type { Rig } from '../rig/rig.js';

const MIN_STEP_MILLIS = 4;
const MAX_STEP_MILLIS = 100;
/** The first step after the springs rested: one ordinary frame. */
const RESUMED_STEP_MILLIS = 16;

export class SpringFrames {
  private rig: Rig | null = null;
  private hasChains = false;
  // Raised by the rig's chains changing (set, turned on or off, reset): they need a step to show it.
  private chainsChanged = false;
  private stopListening = (): void => {};
  private lastStepMillis = -1;
  private readonly onChainsChanged = (): void => {
    this.chainsChanged = true;
  };

  /**
   * Steps `rig`'s springs for the frame at `nowMillis` if they move: its pose
   * changed since the last step (`poseChanged`), or its chains did, or they
   * have not settled. Returns whether it stepped (the palette changed).
   */
  step(rig: Rig, poseChanged: boolean, nowMillis: number): boolean {
    if (rig !== this.rig) {
      this.stopListening();
      this.rig = rig;
      this.hasChains = rig.springs.springChains().length > 0;
      this.stopListening = rig.springs.onChange(this.onChainsChanged);
      this.chainsChanged = true;
      this.lastStepMillis = -1;
    }
    if (!this.hasChains) return false;
    if (!poseChanged && !this.chainsChanged && rig.springs.springsSettled) {
      this.lastStepMillis = -1;
      return false;
    }
    const dtMillis = this.lastStepMillis < 0 ? RESUMED_STEP_MILLIS : Math.min(MAX_STEP_MILLIS, Math.max(MIN_STEP_MILLIS, nowMillis - this.lastStepMillis));
    rig.springs.stepSprings(dtMillis);
    this.lastStepMillis = nowMillis;
    this.chainsChanged = false;
    return true;
  }

  /** Whether the springs want the next frame (some chain still moving). */
  get moving(): boolean {
    return this.hasChains && this.rig !== null && !this.rig.disposed && !this.rig.springs.springsSettled;
  }
}
