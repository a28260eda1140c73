// JavaScript allocation during a real drag in Chromium: the right-hand
// handle dragged with the mouse (TransformControls → the app's callback →
// solve → the next frame's bone upload, HUD, energy plot and draw), with
// LBS and with DQS, under V8's sampling heap profiler (a sample about every
// 32 bytes, collected garbage included). Each call path's bytes are charged
// to the nearest function with a source file, by file: the page's modules
// are served unbundled by Vite's dev server, so they keep their names.
// tests/web/drag-allocation.test.ts asserts the per-frame path in Node; this
// measures the whole page. Writes bench/results/drag-allocation.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createServer } from 'vite';
import { launchChromium } from '../tests/e2e/browser.js';
import { type SamplingProfile, chargeToSource, samplingOptions } from '../tests/web/allocation-profile.js';
import type {} from '../web/src/app/kin-api.js'; // declares window.kin
import { describeMachine } from './machine.js';

const SAMPLING_INTERVAL = 32;
const WARM_UP_MOVES = 400;
const DRAG_MOVES = 200;

/** Drags the right-hand handle around a small loop, one pointer move per step. */
async function drag(page: Page, moves: number): Promise<void> {
  const handle = await page.evaluate(() => window.kin.handleScreenPosition('hand_r'));
  await page.mouse.click(handle.x, handle.y); // select: attaches the gizmo
  await page.mouse.move(handle.x, handle.y);
  await page.mouse.down();
  for (let step = 1; step <= moves; step++) {
    const angle = (2 * Math.PI * step) / 50;
    await page.mouse.move(handle.x + 30 * Math.sin(angle), handle.y + 20 * (1 - Math.cos(angle)));
  }
  await page.mouse.up();
}

/** Where a call path's bytes go: our modules by file, everything else together. */
function owner(url: string | undefined): string {
  const path = url ? new URL(url).pathname : '';
  return path.startsWith('/src/') ? path.slice(1) : 'three.js, TransformControls, browser events';
}

const server = await createServer({ configFile: 'vite.config.ts', logLevel: 'warn', server: { port: 0, strictPort: false } });
await server.listen();
const browser = await launchChromium();
const rows: { method: string; moves: number; frames: number; bytes_per_frame: Record<string, number> }[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await page.goto(server.resolvedUrls!.local[0]);
  await page.waitForFunction(() => window.kin !== undefined, undefined, { timeout: 60_000 });
  await page.evaluate(() => window.kin.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (const method of ['lbs', 'dqs'] as const) {
    await page.evaluate((m) => window.kin.setSkinning(m), method);
    await drag(page, WARM_UP_MOVES);
    const framesBefore = await page.evaluate(() => window.kin.renderedFrames());
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.startSampling', samplingOptions(SAMPLING_INTERVAL));
    await drag(page, DRAG_MOVES);
    const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: SamplingProfile };
    const frames = (await page.evaluate(() => window.kin.renderedFrames())) - framesBefore;
    const charged = chargeToSource(profile, (frame) => owner(frame?.url));
    const perFrame = Object.fromEntries([...charged].sort((a, b) => b[1] - a[1]).map(([who, bytes]) => [who, Math.round(bytes / frames)]));
    rows.push({ method, moves: DRAG_MOVES, frames, bytes_per_frame: perFrame });
    console.log(`${method}: ${DRAG_MOVES} pointer moves, ${frames} frames; bytes per frame:`);
    for (const [who, bytes] of Object.entries(perFrame)) console.log(`  ${String(bytes).padStart(7)}  ${who}`);
  }
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
      method: `V8 sampling heap profiler every ~${SAMPLING_INTERVAL} B with collected objects included, after a ${WARM_UP_MOVES}-move warm-up drag; bytes charged to the nearest function with a source file`,
      rows,
    },
    null,
    2,
  ) + '\n',
);
