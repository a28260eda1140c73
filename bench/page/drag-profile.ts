// The page's JavaScript allocation during a real mouse drag of a target
// handle in Chromium, by owner (our modules by file, three.js by part, the
// browser's own): V8's sampling heap profiler (a sample about every 32
// bytes, collected garbage included) over the moves of one held drag after
// a warm-up in the same drag, so that V8 has optimised the frame's code and
// the press and release (one-off work: an undo step, a share link) stay out.
// Each pointer event's JavaScript object is made by the browser just before
// the first listener that hears it runs, and the profiler charges it to
// that listener: an empty listener on the window's capture phase (which
// hears every event first) takes that charge, so the object counts as the
// browser's and not as our handles' (~300 B an event).
// The page must come from Vite's dev server, which serves our modules
// unbundled under their own names. Used by bench/page/drag-allocation.test.ts
// and bench/drag-allocation.ts. profilePlayback measures the same way while
// the timeline plays a clip (no pointer at all), in a browser launched with
// PLAYBACK_CHROMIUM_ARGS.
import type { Page } from 'playwright-core';
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { type SamplingProfile, allocationOwner, chargeToSource, samplingOptions } from '../../tests/web/allocation-profile.js';
import { CdpDrag } from '../../tests/e2e/cdp-drag.js';

export const SAMPLING_INTERVAL = 32;

/**
 * V8 flags for measuring playback. A playback frame calls each of its
 * functions once, and SwiftShader draws 10-25 frames a second here: V8 would
 * optimise them after minutes (400 calls for Maglev, 3000 for TurboFan),
 * and until then every fraction the code computes is a new heap number.
 * --jit-fuzzing lowers those thresholds, so that a few seconds of playback
 * run the code a long session runs. Without inlining each function keeps
 * its own frame: the profiler charges bytes to the outermost frame of
 * optimised code, so inlined three.js code would otherwise count as ours
 * (and ours as the caller's), and a number passed between our functions is
 * boxed as it is when V8 decides not to inline — the stricter case.
 */
export const PLAYBACK_CHROMIUM_ARGS = ['--js-flags=--jit-fuzzing --no-turbo-inlining --no-maglev-inlining'];

export interface AllocationProfile {
  frames: number;
  /** Bytes per rendered frame, by owner, largest first. */
  bytesPerFrame: Map<string, number>;
}

export interface DragProfile extends AllocationProfile {
  /** How far the handle was from where it started (CSS px) after the sampled moves, before the release took it back. */
  handleOffset_px: number;
}

// A script without a source URL, so its bytes go to the browser's owner; added once per page.
const EVENT_OBJECT_LISTENER = `if (!window.eventObjectListener) {
  window.eventObjectListener = function eventObjectListener() {};
  window.addEventListener('pointermove', window.eventObjectListener, { capture: true });
}`;

/**
 * Drags goal's handle: `warmUpMoves`, then `windows` sampling windows of
 * `moves` each, in one held drag; a profile per window.
 */
export async function profileDrag(page: Page, goal: string, warmUpMoves: number, moves: number, windows = 1): Promise<DragProfile[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await page.evaluate(EVENT_OBJECT_LISTENER);
    const start = await page.evaluate((g) => window.kin.handleScreenPosition(g), goal);
    const drag = new CdpDrag(cdp, start);
    await drag.press();
    await drag.move(warmUpMoves);
    const profiles: DragProfile[] = [];
    for (let w = 0; w < windows; w++) {
      const framesBefore = await page.evaluate(() => window.kin.renderedFrames());
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.startSampling', samplingOptions(SAMPLING_INTERVAL));
      await drag.move(moves);
      const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: SamplingProfile };
      const frames = (await page.evaluate(() => window.kin.renderedFrames())) - framesBefore;
      const end = await page.evaluate((g) => window.kin.handleScreenPosition(g), goal);
      const charged = chargeToSource(profile, allocationOwner);
      const bytesPerFrame = new Map([...charged].sort((a, b) => b[1] - a[1]).map(([who, bytes]) => [who, bytes / frames]));
      profiles.push({ frames, bytesPerFrame, handleOffset_px: Math.hypot(end.x - start.x, end.y - start.y) });
    }
    await drag.release();
    return profiles;
  } finally {
    await cdp.detach();
  }
}

/**
 * Keys two poses of the default character (the right hand moved between
 * them) 1 s apart, plays the clip looping for `warmUpMillis`, then samples
 * `windows` windows of `sampleMillis` each while it keeps playing. The
 * timeline's curve view is shown (its time line moves with the playhead).
 */
export async function profilePlayback(page: Page, warmUpMillis: number, sampleMillis: number, windows = 1): Promise<AllocationProfile[]> {
  await page.evaluate(() => {
    window.kin.showTimeline({ folded: false, curves: true });
    window.kin.setTime(0);
    window.kin.key();
    window.kin.setTime(1);
    const hand = window.kin.goals().find((g) => g.name === 'hand_r')!;
    window.kin.setGoalTarget('hand_r', [hand.target[0] + 0.1, hand.target[1] + 0.2, hand.target[2]]);
    window.kin.key();
    window.kin.setLoop(true);
    window.kin.play();
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await page.waitForTimeout(warmUpMillis);
    const profiles: AllocationProfile[] = [];
    for (let w = 0; w < windows; w++) {
      const framesBefore = await page.evaluate(() => window.kin.renderedFrames());
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.startSampling', samplingOptions(SAMPLING_INTERVAL));
      await page.waitForTimeout(sampleMillis);
      const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: SamplingProfile };
      const frames = (await page.evaluate(() => window.kin.renderedFrames())) - framesBefore;
      const charged = chargeToSource(profile, allocationOwner);
      profiles.push({ frames, bytesPerFrame: new Map([...charged].sort((a, b) => b[1] - a[1]).map(([who, bytes]) => [who, bytes / frames])) });
    }
    return profiles;
  } finally {
    await page.evaluate(() => window.kin.pause());
    await cdp.detach();
  }
}

/** Our modules' bytes per frame (owners under src/). */
export function ourBytesPerFrame(profile: AllocationProfile): number {
  return [...profile.bytesPerFrame].filter(([who]) => who.startsWith('src/')).reduce((sum, [, bytes]) => sum + bytes, 0);
}
