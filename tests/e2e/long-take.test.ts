// A motion-capture take with a key on every frame of every channel, its
// frames 10 s apart (a 33-hour clip), in Debian's Chromium: loading took as
// long as the clip lasts (key times merged and markers drawn one per key,
// each key looked up among all the others; 123 s for 10⁵ frames). Now it
// loads in about a second, the track draws at most one marker per 1/2048 of
// its span, a press still finds the keys, and the character poses.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { describe, expect, it } from 'vitest';
import { cmuWalkBvh } from '../web/retarget-cli-fixtures.js';
import { dragHandle, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';

const FRAMES = 12000;

describe('a long motion-capture take', () => {
  const suite = demoPage();

  it('loads, poses by a handle drag, and its timeline markers are thinned to the track', async () => {
    const { page, problems } = suite;
    // The walk as written at 30 fps (its hips 400 m along by the end), its frames 10 s apart.
    const text = cmuWalkBvh(FRAMES, 30).replace(/^Frame Time: .*$/m, 'Frame Time: 10');
    const started = performance.now();
    const outcome = await page.evaluate((t) => window.kin.loadModel({ name: 'long-take.bvh', bytes: new TextEncoder().encode(t) }), text);
    console.log(`long take of ${FRAMES} frames loaded in ${(performance.now() - started).toFixed(0)} ms: ${outcome.ok ? outcome.summary : outcome.error}`);
    expect(outcome.ok && outcome.summary).toMatch(/^Loaded 'long-take\.bvh': \d+ joints, 12000 frames at 0\.1 fps/);
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.keyTimes().length)).toBe(FRAMES);
    const drawn = await page.$$eval('.timeline-marker', (markers) => markers.length);
    expect(drawn).toBeGreaterThan(1000);
    expect(drawn).toBeLessThanOrEqual(2049);
    const goal = await page.evaluate(() => window.kin.goals()[0].name);
    const before = await page.evaluate((g) => window.kin.boneTip(g), goal);
    await page.evaluate(() => window.kin.pause());
    await dragHandle(page, goal, 40, -30);
    const after = await page.evaluate((g) => window.kin.boneTip(g), goal);
    expect(Math.hypot(after[0] - before[0], after[1] - before[1], after[2] - before[2])).toBeGreaterThan(0.02);
    expect(problems).toEqual([]);
  });
});
