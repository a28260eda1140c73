// JavaScript allocation during a real drag in Chromium: the right-hand
// handle dragged with the mouse (the handle's drag → the app's callback →
// solve → the next frame's bone upload, HUD, energy plot and draw), with
// LBS and with DQS, measured by bench/page/drag-profile.ts: bytes per frame
// by owner — our modules by file, three.js by part, and the browser's own
// (event objects, API results). bench/page/drag-allocation.test.ts asserts
// our modules' share; tests/web/drag-allocation.test.ts the per-frame path
// in Node. Then the same measurement while the timeline plays a two-key
// clip with the curve view shown (no pointer: the clock, the core's
// sampling, the bone upload, the playhead, the time field, the curve's time
// line), in a browser of its own that optimises early and inlines nothing
// (PLAYBACK_CHROMIUM_ARGS, bench/page/drag-profile.ts). Writes
// bench/results/drag-allocation.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { createServer } from 'vite';
import { launchChromium } from '../tests/e2e/browser.js';
import { PLAYBACK_CHROMIUM_ARGS, SAMPLING_INTERVAL, ourBytesPerFrame, profileDrag, profilePlayback } from './page/drag-profile.js';
import { describeMachine } from './machine.js';

const WARM_UP_MOVES = 1500;
const DRAG_MOVES = 1000;
const PLAYBACK_WARM_UP_MILLIS = 10_000;
// About as many frames as the drag's warm-up moves, at this machine's ~23 fps under SwiftShader.
const PLAYBACK_LONG_WARM_UP_MILLIS = 65_000;
const PLAYBACK_MILLIS = 5000;

const server = await createServer({ configFile: 'vite.config.ts', logLevel: 'warn', server: { port: 0, strictPort: false } });
await server.listen();
const rows: { method: string; moves: number; frames: number; ours_bytes_per_frame: number; bytes_per_frame: Record<string, number> }[] = [];
const openPage = async (browser: Browser): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await page.goto(server.resolvedUrls!.local[0]);
  await page.waitForFunction(() => window.kin !== undefined, undefined, { timeout: 60_000 });
  await page.evaluate(() => window.kin.ready);
  return page;
};
async function profileAndReport(page: Page, method: string, warmUpMillis = PLAYBACK_WARM_UP_MILLIS): Promise<void> {
  const [playback] = await profilePlayback(page, warmUpMillis, PLAYBACK_MILLIS);
  const ours = ourBytesPerFrame(playback);
  const perFrame = Object.fromEntries([...playback.bytesPerFrame].map(([who, bytes]) => [who, Math.round(bytes * 10) / 10]));
  rows.push({ method, moves: 0, frames: playback.frames, ours_bytes_per_frame: Math.round(ours * 10) / 10, bytes_per_frame: perFrame });
  console.log(`${method}: ${PLAYBACK_MILLIS} ms after ${warmUpMillis} ms playing, ${playback.frames} frames; our modules ${ours.toFixed(1)} B/frame; bytes per frame:`);
  for (const [who, bytes] of Object.entries(perFrame)) console.log(`  ${bytes.toFixed(1).padStart(8)}  ${who}`);
}
let browser = await launchChromium();
try {
  const page = await openPage(browser);
  for (const method of ['lbs', 'dqs'] as const) {
    await page.evaluate((m) => window.kin.setSkinning(m), method);
    const [profile] = await profileDrag(page, 'hand_r', WARM_UP_MOVES, DRAG_MOVES);
    const ours = ourBytesPerFrame(profile);
    const perFrame = Object.fromEntries([...profile.bytesPerFrame].map(([who, bytes]) => [who, Math.round(bytes * 10) / 10]));
    rows.push({ method, moves: DRAG_MOVES, frames: profile.frames, ours_bytes_per_frame: Math.round(ours * 10) / 10, bytes_per_frame: perFrame });
    console.log(`${method}: ${DRAG_MOVES} pointer moves, ${profile.frames} frames; our modules ${ours.toFixed(1)} B/frame; bytes per frame:`);
    for (const [who, bytes] of Object.entries(perFrame)) console.log(`  ${bytes.toFixed(1).padStart(8)}  ${who}`);
  }
  // Playback twice: in this browser (V8's own tiering: a playback frame's
  // functions have not left its interpreter and baseline tiers yet) and in
  // one that optimises early and inlines nothing (the steady state; what
  // bench/page/drag-allocation.test.ts bounds).
  await page.evaluate(() => window.kin.setSkinning('lbs'));
  await profileAndReport(page, 'lbs, playback, default V8 tiering');
  await profileAndReport(page, 'lbs, playback, default V8 tiering, after ~1500 frames', PLAYBACK_LONG_WARM_UP_MILLIS);
  await browser.close();
  browser = await launchChromium(PLAYBACK_CHROMIUM_ARGS);
  // The frame callback's own charge fades over the first windows (tier-up settling), so a longer warm-up.
  await profileAndReport(await openPage(browser), 'lbs, playback, early tier-up, no inlining', PLAYBACK_LONG_WARM_UP_MILLIS);
} finally {
  await browser.close();
  await server.close();
}

mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/drag-allocation.json',
  JSON.stringify(
    {
      machine: describeMachine(),
      browser: 'Debian Chromium, headless, SwiftShader WebGL',
      method: `V8 sampling heap profiler every ~${SAMPLING_INTERVAL} B with collected objects included, over ${DRAG_MOVES} moves after ${WARM_UP_MOVES} in the same held drag; mouse events through CDP Input.dispatchMouseEvent; bytes charged to the nearest function with a source file. Playback: ${PLAYBACK_MILLIS} ms after ${PLAYBACK_WARM_UP_MILLIS} ms (and after ${PLAYBACK_LONG_WARM_UP_MILLIS} ms) playing, curve view shown, with V8's default tiering and in a browser with ${PLAYBACK_CHROMIUM_ARGS.join(' ')}`,
      rows,
    },
    null,
    2,
  ) + '\n',
);
