// Our modules allocate next to nothing per frame while a target handle is
// dragged with the real mouse in Chromium (tests/e2e/drag-profile.ts
// measures it: V8's sampling heap profiler over 400 moves of a held drag
// after 600 of warm-up). The page comes from Vite's dev server so that each
// allocation is charged to our module's own file. Bound: 16 bytes per frame
// on average. What is left is not per frame: the HUD makes a label the first
// time it shows a value (a new solve time or error), and one solve in 16 is
// timed (a clock reading's number); one object, array or string per frame,
// or the energy plot's boxed coordinates, would exceed it. Allocations in three.js's renderer and the
// browser's event objects are reported by bench/drag-allocation.ts, not
// bounded here.
import type { Browser, Page } from 'playwright-core';
import { type ViteDevServer, createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openDemo } from './browser.js';
import { ourBytesPerFrame, profileDrag } from './drag-profile.js';

const WARM_UP_MOVES = 600;
const MOVES = 400;
const BOUND = 16;

describe('allocation during a drag', () => {
  let server: ViteDevServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    server = await createServer({ configFile: 'vite.config.ts', logLevel: 'warn', server: { port: 0, strictPort: false, host: '127.0.0.1' } });
    await server.listen();
    browser = await launchChromium();
    ({ page, problems } = await openDemo(browser, server.resolvedUrls!.local[0]));
    await page.setViewportSize({ width: 640, height: 480 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const method of ['lbs', 'dqs'] as const) {
    it(`${method}: our modules allocate next to nothing per frame`, async () => {
      await page.evaluate((m) => window.kin.setSkinning(m), method);
      const profile = await profileDrag(page, 'hand_r', WARM_UP_MOVES, MOVES);
      // The share link is written when posing pauses for 400 ms, which a
      // slow machine's frames sometimes do mid-drag: per pause, not per frame.
      const linkWriting = [...profile.bytesPerFrame].filter(([who]) => who.startsWith('src/share/') || who === 'src/app/share-link.ts');
      const ours = ourBytesPerFrame(profile) - linkWriting.reduce((sum, [, bytes]) => sum + bytes, 0);
      const listing = [...profile.bytesPerFrame].map(([who, bytes]) => `${bytes.toFixed(1)} ${who}`).join('; ');
      console.log(`${method}: ${profile.frames} frames; our modules ${ours.toFixed(2)} B/frame; all: ${listing}`);
      // The drag drew frames and moved the handle: the sampled moves end
      // part-way round a loop (1000 moves of 48 a loop), ~15 px from the start.
      expect(profile.frames).toBeGreaterThan(MOVES / 4);
      expect(profile.handleOffset_px).toBeGreaterThan(10);
      expect(ours, listing).toBeLessThan(BOUND);
      expect(problems).toEqual([]);
    });
  }
});
