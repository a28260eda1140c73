// The members of window.kin for scripts and tests that need the page at rest
// or as it opens (see kin-api.ts): kin.idle() (page-idle.ts) instead of
// sleeping for a guessed while, and kin.reset() (page-reset.ts) instead of
// loading the page again.
import type { KinPage } from './kin-tools-api.js';

/** How long kin.idle() waits by default. */
const IDLE_TIMEOUT_MS = 30_000;

export interface KinStateApi {
  /**
   * Resolves once the page has drawn a frame and has nothing left to do by
   * itself: no frame asked for (the camera easing out, springs swinging, a
   * clip playing), no solve in the background thread, no load, no share
   * link due in the address bar. Rejects, naming what is still pending,
   * after `timeoutMillis` (default 30 s): a playing clip never ends by itself.
   */
  idle(timeoutMillis?: number): Promise<void>;
  /**
   * Puts the page back in the state it opens in, without loading it again:
   * the default character anew in its start pose with its goals, the solver
   * and skinning it opened with and their settings, no undo history, an
   * empty clip, nothing selected, the view's toggles off and the camera
   * framing the character, no banner, dialog, menu, lesson or retarget
   * source, the regions as the window's size lays them out, no link in the
   * address bar. A question a load waits on (which skin?) is cancelled.
   * Resolves once that state is drawn and the page is idle.
   */
  reset(): Promise<void>;
}

export function createStateApi(page: () => KinPage): KinStateApi {
  return {
    idle: (timeoutMillis = IDLE_TIMEOUT_MS) => {
      if (!(typeof timeoutMillis === 'number' && timeoutMillis > 0)) throw new Error('kin: idle takes a timeout in milliseconds (> 0)');
      return page().idle(timeoutMillis);
    },
    reset: async () => {
      const running = page();
      await running.reset();
      await running.idle(IDLE_TIMEOUT_MS);
    },
  };
}
