// The timeline in Debian's Chromium, driven as a user drives it: two poses
// keyed at two times (the Key button, then K), played (the palette on screen
// changes over time and equals the core's own sample of the clip at the
// time the page shows), scrubbed by dragging the track, a key undone with
// Ctrl+Z, and the curve view redrawn when a key's interpolation changes
// (linear and Catmull-Rom through three keys draw different pixels).
// At 1440×900, 1280×720 and 390×844 it lies within the window (screenshots
// in the artifacts with KIN_E2E_ARTIFACTS=1).
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, dragHandle, idle, nextFrame, resizeWindow } from './browser.js';
import { demoPage } from './shared-pages.js';
import { maxDifference } from './compare.js';

/** The page's palette and the time it shows, read in one go (no frame in between), with the core's sample of the clip at that time. */
function shownAndSampled(page: Page): Promise<{ time: number; field: string; shown: number[]; sampled: number[] }> {
  return page.evaluate(() => {
    const { time, loop } = window.kin.time();
    return {
      time,
      field: document.querySelector<HTMLInputElement>('[data-action="time"]')!.value,
      shown: window.posePalette(),
      sampled: window.posePalette(window.kin.sampledPalette(time, loop ? 'loop' : 'clamp')),
    };
  });
}

const markerCount = (page: Page): Promise<number> => page.$$eval('.timeline-marker', (m) => m.length);

async function setTimeField(page: Page, seconds: string): Promise<void> {
  await page.fill('[data-action="time"]', seconds);
  await page.press('[data-action="time"]', 'Enter');
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  await nextFrame(page);
}

describe('the timeline', () => {
  const demo = demoPage();

  it('keys two poses at two times and plays between them, the palette matching the core’s sample', async () => {
    const { page } = demo;
    expect(await page.$eval('.timeline', (t) => (t as HTMLElement).dataset.folded)).toBe('false');
    await page.click('[data-action="key"]');
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.keyTimes())).toEqual([0]);
    await setTimeField(page, '1');
    await dragHandle(page, 'hand_r', 60, -80);
    await page.keyboard.press('k');
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.keyTimes())).toEqual([0, 1]);
    expect(await markerCount(page)).toBe(2);

    // From the start: the first sample below lies between the two keys; on a
    // loaded machine the later ones may have passed the second key (or looped).
    await setTimeField(page, '0');
    await page.click('[data-action="play"]');
    // Watched from the first frame that moved the clock (on a loaded machine one can take a while).
    await page.waitForFunction(() => window.kin.time().time > 0, undefined, { timeout: 10_000 });
    const seen: { time: number; shown: number[] }[] = [];
    let last = 0;
    for (let i = 0; i < 4; i++) {
      // A later frame of the clip: the clock moved on.
      await page.waitForFunction((t) => window.kin.time().time !== t, last, { timeout: 10_000 });
      const { time, field, shown, sampled } = await shownAndSampled(page);
      last = time;
      expect(await page.evaluate(() => window.kin.time().playing)).toBe(true);
      // What the page shows is the core's sample at the shown time.
      expect(maxDifference(shown, sampled)).toBeLessThan(1e-6);
      expect(Number(field)).toBeCloseTo(time, 1);
      seen.push({ time, shown });
    }
    // The clock moved and so did the character: from a time between the keys
    // every other time shows another pose.
    expect(new Set(seen.map((s) => s.time)).size).toBeGreaterThan(2);
    expect(seen[0].time).toBeGreaterThan(0);
    expect(seen[0].time).toBeLessThan(1);
    expect(Math.min(...seen.slice(1).map((s) => maxDifference(seen[0].shown, s.shown)))).toBeGreaterThan(1e-4);
    await page.keyboard.press(' ');
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.time().playing)).toBe(false);
  });

  it('scrubs by dragging the track', async () => {
    const { page } = demo;
    const box = (await page.$eval('.timeline-lane', (t) => {
      const r = t.getBoundingClientRect();
      return { x: r.left, y: r.top + r.height / 2, width: r.width };
    }));
    // Away from the markers (at 0 and 1 s of 2 s: 0 % and 50 %).
    await page.mouse.move(box.x + 0.2 * box.width, box.y);
    await page.mouse.down();
    for (const f of [0.22, 0.25, 0.3, 0.35]) await page.mouse.move(box.x + f * box.width, box.y);
    await page.mouse.up();
    await nextFrame(page);
    const { time, shown, sampled } = await shownAndSampled(page);
    // 35 % of 2 s is 0.7 s, snapped to a frame at 30 fps (within one frame of the pointer).
    expect(Math.abs(time - 0.7)).toBeLessThan(1 / 30 + 1e-9);
    expect(Math.round(time * 30)).toBeCloseTo(time * 30, 6);
    expect(maxDifference(shown, sampled)).toBeLessThan(1e-6);
  });

  it('drags a key marker in time as one undo step', async () => {
    const { page } = demo;
    const lane = await page.$eval('.timeline-lane', (t) => {
      const r = t.getBoundingClientRect();
      return { x: r.left, y: r.top + r.height / 2, width: r.width };
    });
    const depth = (await page.evaluate(() => window.kin.undoDepth())).undo;
    // The key at 1 s of 2 s sits half way; 10 % of the lane further is 0.2 s later.
    await page.mouse.move(lane.x + 0.5 * lane.width, lane.y);
    await page.mouse.down();
    for (const f of [0.52, 0.56, 0.6]) await page.mouse.move(lane.x + f * lane.width, lane.y);
    await page.mouse.up();
    await nextFrame(page);
    const moved = await page.evaluate(() => window.kin.keyTimes());
    expect(moved[0]).toBe(0);
    expect(Math.abs(moved[1] - 1.2)).toBeLessThan(1 / 30 + 1e-9);
    expect(await page.$$eval('.timeline-marker.selected', (m) => m.length)).toBe(1);
    expect((await page.evaluate(() => window.kin.undoDepth())).undo).toBe(depth + 1);
    await page.keyboard.press('Control+z');
    expect(await page.evaluate(() => window.kin.keyTimes())).toEqual([0, 1]);
  });

  it('undoes a key with Ctrl+Z and redoes it', async () => {
    const { page } = demo;
    await page.keyboard.press('Control+z');
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.keyTimes())).toEqual([0]);
    expect(await markerCount(page)).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.keyTimes())).toEqual([0, 1]);
  });

  it('redraws the curve view when a key’s interpolation changes', async () => {
    const { page } = demo;
    await setTimeField(page, '2');
    await dragHandle(page, 'hand_r', -90, 60);
    await page.keyboard.press('k');
    // The angle that changes most between the keys, and its bone.
    const { bone, slot } = await page.evaluate(() => {
      const clip = window.kin.clip();
      let best = { bone: '', slot: 0, range: 0 };
      for (const c of clip.channels) {
        if (c.target !== 'angle') continue;
        const values = c.keys.map((k) => k.value[0]);
        const range = Math.max(...values) - Math.min(...values);
        if (range > best.range) best = { bone: window.kin.boneNames()[c.bone], slot: c.slot, range };
      }
      return best;
    });
    await page.evaluate((name) => window.kin.selectBone(name), bone);
    await page.click('[data-action="curves"]');
    await page.selectOption('[data-action="curve-component"]', { index: slot });
    await page.evaluate(() => {
      window.kin.selectKeys(window.kin.keyTimes());
      window.kin.setKeyInterpolation('linear');
    });
    await nextFrame(page);
    const canvas = (): Promise<string> => page.$eval('.curve-canvas', (c) => (c as HTMLCanvasElement).toDataURL());
    const linear = await canvas();
    // The user's way: the interpolation menu of the selected keys.
    await page.selectOption('[data-action="key-interpolation"]', 'catmull-rom');
    await nextFrame(page);
    const catmullRom = await canvas();
    expect(catmullRom).not.toBe(linear);
    expect(await page.evaluate(() => window.kin.clip().channels.every((c) => c.keys.every((k) => k.interpolation === 'catmull-rom')))).toBe(true);
    // TCB at 0/0/0 is Catmull-Rom exactly: the same curve. Its tension
    // slider, clicked near its right end, pulls the curve in at the keys.
    await page.selectOption('[data-action="key-interpolation"]', 'tcb');
    await nextFrame(page);
    expect(await canvas()).toBe(catmullRom);
    const tension = page.locator('[data-action="key-tension"]');
    const box = (await tension.boundingBox())!;
    await page.mouse.click(box.x + box.width - 3, box.y + box.height / 2);
    await nextFrame(page);
    const tensionValue = Number(await tension.inputValue());
    expect(tensionValue).toBeGreaterThan(0.8);
    expect(await canvas()).not.toBe(catmullRom);
    expect(await page.evaluate((t) => window.kin.clip().channels.every((c) => c.keys.every((k) => k.interpolation === 'tcb' && Math.abs((k.tension ?? 0) - t) < 1e-6)), tensionValue)).toBe(true);
    await artifact(page, `${ARTIFACTS}/timeline-1280x800-curves.png`);
    expect(demo.problems).toEqual([]);
  });

  it('lies whole within the window at the usual sizes, its bar on screen', async () => {
    const { page } = demo;
    for (const [width, height] of [[1440, 900], [1280, 720], [390, 844]] as const) {
      await resizeWindow(page, { width, height });
      await idle(page);
      const [timeline, bar] = await page.evaluate(() => ['.timeline', '.timeline-bar'].map((s) => document.querySelector(s)!.getBoundingClientRect().toJSON() as DOMRect));
      expect(timeline.left, `${width}×${height}`).toBeGreaterThanOrEqual(0);
      expect(timeline.right, `${width}×${height}`).toBeLessThanOrEqual(width + 0.5);
      expect(timeline.bottom, `${width}×${height}`).toBeLessThanOrEqual(height + 0.5);
      expect(bar.height, `${width}×${height}`).toBeGreaterThan(10);
      await artifact(page, `${ARTIFACTS}/timeline-${width}x${height}.png`);
    }
  });
});
