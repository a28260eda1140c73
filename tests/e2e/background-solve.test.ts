// Solving drags in a background thread (issue 15, item 9) in Chromium: a
// 100-bone chain (a GLB built here, loaded through window.kin) whose solves
// take hundreds of milliseconds is dragged with the real mouse; with the
// solver settings' toggle on, the page's thread stays free while the worker
// solves (its longest task is under a quarter of the longest the same drag
// makes solving on the page's thread, which holds it for about a solve at a
// time: the control that shows the bound can fail). The release waits
// for no solve: the worker's answers land after it, and what is shown then is
// the last of them. Undo, redo, Esc and the share link as without the
// worker. The toggle in the inspector at three sizes.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jointChain } from '../web/gltf-fixtures.js';
import { ARTIFACTS, demoPage, nextFrame } from './browser.js';
import { CdpDrag } from './cdp-drag.js';

// Gradient descent with a fixed small step toward targets out of reach lowers
// E a little every iteration, so each solve runs its whole budget however near
// the optimum it starts (a drag's moves start near the last one's): hundreds of
// milliseconds, far longer than a frame even on a quiet machine.
const HEAVY_SOLVER = { maxIterations: 20000, tolerance: 1e-9, lineSearch: false, step: 1e-4 };
const MOVES = 4;
// Three targets along the chain, all out of reach (the chain is 2 m long): each iteration costs three goals' work.
const TARGETS: [string, [number, number, number]][] = [['j99', [2.4, 0.9, 0]], ['j74', [2.0, 0.5, 0.3]], ['j49', [1.5, 0.2, -0.3]]];

interface DragRun {
  /** The longest task on the page's thread from the press until no solve is under way after the release, ms (0: none reached 50 ms, the browser's long-task threshold). */
  longestTaskMillis: number;
  /** Animation frames meanwhile. */
  frames: number;
  /** The worker's answers shown after the release. */
  landedAfterRelease: number;
}

/** Drags the tip's target with the real mouse (MOVES moves) and releases it, timing the page thread's tasks until no solve is under way. */
async function timedDrag(page: Page): Promise<DragRun> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = await page.evaluate(() => window.kin.handleScreenPosition('j99'));
    await page.evaluate(() => {
      const probe = { tasks: [] as number[], frames: 0, running: true, observer: new PerformanceObserver((list) => probe.tasks.push(...list.getEntries().map((entry) => entry.duration))) };
      (window as unknown as { taskProbe: typeof probe }).taskProbe = probe;
      probe.observer.observe({ type: 'longtask' });
      const tick = (): void => {
        probe.frames++;
        if (probe.running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const drag = new CdpDrag(cdp, start);
    await drag.press();
    await drag.move(MOVES);
    // Released where the pointer is (CdpDrag.release would move it back first: another target).
    const pointer = await page.evaluate(() => (window as unknown as { lastPointer: { x: number; y: number } }).lastPointer);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...pointer, button: 'left', buttons: 0, clickCount: 1 });
    const atRelease = await page.evaluate(() => window.kin.backgroundSolving().applied);
    await page.waitForFunction(() => !window.kin.backgroundSolving().busy, undefined, { timeout: 60_000 });
    // Long tasks are reported after they end: one more frame lets the last one in.
    await nextFrame(page);
    const run = await page.evaluate(() => {
      const probe = (window as unknown as { taskProbe: { tasks: number[]; frames: number; running: boolean; observer: PerformanceObserver } }).taskProbe;
      probe.running = false;
      probe.tasks.push(...probe.observer.takeRecords().map((entry) => entry.duration));
      probe.observer.disconnect();
      return { longestTaskMillis: Math.max(0, ...probe.tasks), frames: probe.frames, landedAfterRelease: window.kin.backgroundSolving().applied };
    });
    return { ...run, landedAfterRelease: run.landedAfterRelease - atRelease };
  } finally {
    await cdp.detach();
  }
}

describe('solving drags in a background thread', () => {
  const demo = demoPage();

  it('keeps the page drawing while a 100-bone chain solves, and shows the last finished solve', async () => {
    const { page, problems } = demo;
    // A small window: cheap frames under SwiftShader.
    await page.setViewportSize({ width: 900, height: 560 });
    const bytes = Array.from(new Uint8Array(jointChain(100, 0.02).glb()));
    const loaded = await page.evaluate((b) => window.kin.loadModel({ name: 'chain-100.glb', bytes: Uint8Array.from(b) }), bytes);
    expect(loaded).toMatchObject({ ok: true });
    await page.evaluate(([options, targets]) => {
      const { kin } = window;
      window.addEventListener('pointermove', (event) => ((window as unknown as { lastPointer: object }).lastPointer = { x: event.clientX, y: event.clientY }), { capture: true });
      for (const [name] of targets) if (!kin.goals().some((goal) => goal.name === name)) kin.addGoal(name);
      for (const goal of kin.goals()) if (!targets.some(([name]) => name === goal.name)) kin.removeGoal(goal.name);
      // Placed with quick solves, then the long ones.
      kin.setSolver('gradient-descent', { maxIterations: 1 });
      for (const [name, target] of targets) kin.setGoalTarget(name, target);
      kin.setSolver('gradient-descent', options);
      kin.selectGoal('j99');
      kin.frame();
    }, [HEAVY_SOLVER, TARGETS] as const);
    await nextFrame(page);
    const oneSolveMillis = (await page.evaluate(() => window.kin.setGoalTarget('j99', [2.4, 0.95, 0]))).micros / 1000;
    expect(oneSolveMillis).toBeGreaterThan(300);

    const here = await timedDrag(page);
    await page.evaluate(() => window.kin.setBackgroundSolving(true));
    expect(await page.evaluate(() => (document.querySelector('input[name="solveInBackground"]') as HTMLInputElement).checked)).toBe(true);
    const before = await page.evaluate(() => window.kin.palette());
    await page.waitForTimeout(1000); // the last drag's link written
    const entries = await page.evaluate(() => history.length);
    const threaded = await timedDrag(page);
    const counts = await page.evaluate(() => window.kin.backgroundSolving());
    // The release waited for nothing: the worker's answers landed after it, and what is shown is the last of them (no solve here replaced it).
    expect(here.landedAfterRelease).toBe(0);
    expect(threaded.landedAfterRelease).toBeGreaterThan(0);
    const dragged = await page.evaluate(() => window.kin.palette());
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.palette())).toEqual(dragged);
    // One history entry for the drag, written once its last answer landed (not one at the release and one after).
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    console.log(`one solve ${oneSolveMillis.toFixed(0)} ms; longest task on the page's thread: ${here.longestTaskMillis.toFixed(0)} ms solving there (${here.frames} frames), ${threaded.longestTaskMillis.toFixed(0)} ms solving in the worker (${threaded.frames} frames); answers ${JSON.stringify(counts)}`);
    // The worker's answers were shown, and moved the chain.
    expect(counts.applied).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.kin.palette())).not.toEqual(before);
    // Solving there, a move holds the page's thread for a solve (the drag's start from near
    // the last one's optimum, shorter than the first); solving in the worker, no task there comes near that.
    expect(here.longestTaskMillis).toBeGreaterThan(250);
    expect(threaded.longestTaskMillis).toBeLessThan(0.25 * here.longestTaskMillis);
    // One undo step per drag, bit for bit both ways, as solving here.
    const link = await page.evaluate(() => window.kin.shareLink());
    expect(await page.evaluate(() => window.kin.undo())).toBe(true);
    expect(await page.evaluate(() => window.kin.palette())).toEqual(before);
    expect(await page.evaluate(() => window.kin.redo())).toBe(true);
    expect(await page.evaluate(() => window.kin.palette())).toEqual(dragged);
    // Esc in the middle of a drag: the answers still coming are refused, the pose is as it was.
    const refusedBefore = counts.refused;
    const cdp = await page.context().newCDPSession(page);
    const drag = new CdpDrag(cdp, await page.evaluate(() => window.kin.handleScreenPosition('j99')));
    await drag.press();
    await drag.move(3);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !window.kin.backgroundSolving().busy, undefined, { timeout: 60_000 });
    await drag.release();
    await cdp.detach();
    expect(await page.evaluate(() => window.kin.palette())).toEqual(dragged);
    expect((await page.evaluate(() => window.kin.backgroundSolving())).refused).toBeGreaterThan(refusedBefore);
    // The drag's share link gives its pose back.
    await page.evaluate(() => window.kin.undo());
    expect(await page.evaluate((url) => window.kin.applyLink(url), link)).toMatchObject({ ok: true });
    const linked = await page.evaluate(() => window.kin.palette());
    expect(Math.max(...linked.map((x, i) => Math.abs(x - dragged[i])))).toBeLessThan(1e-4);
    await page.evaluate(() => window.kin.setBackgroundSolving(false));
    expect(await page.evaluate(() => window.kin.backgroundSolving())).toMatchObject({ on: false, busy: false });
    expect(problems).toEqual([]);
  });

  it('shows its toggle in the solver settings at 1440×900, 1280×720 and 390×844', async () => {
    const { page } = demo;
    for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      if (size.width < 640) await page.click('[data-action="tab-inspector"]');
      const toggle = page.locator('input[name="solveInBackground"]');
      await toggle.scrollIntoViewIfNeeded();
      await page.click('.solver-background span');
      expect(await toggle.isChecked()).toBe(true);
      await nextFrame(page);
      await page.screenshot({ path: `${ARTIFACTS}/background-solve-${size.width}x${size.height}.png` });
      // Whole on screen, and what a click there reaches.
      const box = (await page.locator('.solver-background').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      await toggle.click();
      expect(await page.evaluate(() => window.kin.backgroundSolving().on)).toBe(false);
      if (size.width < 640) await page.click('[data-action="tab-inspector"]');
    }
  });
});
