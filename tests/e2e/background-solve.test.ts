// Solving drags in a background thread (issue 15, item 9) in Chromium: a
// 100-bone chain whose every solve runs a budget of gradient-descent
// iterations (background-drag.ts) dragged with the real mouse, solving on
// the page's thread and then, with the solver settings' toggle on, in the
// worker. The release waits for no solve: the worker's answers land after
// it, and what is shown then is the last of them; one history entry for the
// drag, written once its last answer landed. Undo, redo, Esc and the share
// link as without the worker. The toggle in the inspector at three sizes.
// How free the page's thread stays while the worker solves is measured in
// bench/page/background-solve.test.ts (npm run bench), with solves of
// hundreds of milliseconds.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, countHistoryEntries, idle, nextFrame, resizeWindow } from './browser.js';
import { loadSlowChain, slowSolver, timedDrag } from './background-drag.js';
import { CdpDrag } from './cdp-drag.js';
import { demoPage } from './shared-pages.js';

// Tens of milliseconds a solve here: longer than the moves and the release take to arrive.
const SOLVER = slowSolver(2000);

describe('solving drags in a background thread', () => {
  const demo = demoPage();

  it('the release waits for no solve: the worker\'s last answer is shown, one undo step and one history entry for the drag', async () => {
    const { page, problems } = demo;
    await loadSlowChain(page, SOLVER);
    const here = await timedDrag(page);
    await page.evaluate(() => window.kin.setBackgroundSolving(true));
    expect(await page.evaluate(() => (document.querySelector('input[name="solveInBackground"]') as HTMLInputElement).checked)).toBe(true);
    const before = await page.evaluate(() => window.kin.palette());
    // The last drag's link written.
    await idle(page);
    const entries = await countHistoryEntries(page);
    const threaded = await timedDrag(page);
    const counts = await page.evaluate(() => window.kin.backgroundSolving());
    // The release waited for nothing: the worker's answers landed after it, and what is shown is the last of them (no solve here replaced it).
    expect(here.landedAfterRelease).toBe(0);
    expect(threaded.landedAfterRelease).toBeGreaterThan(0);
    const dragged = await page.evaluate(() => window.kin.palette());
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.palette())).toEqual(dragged);
    // One history entry for the drag, written once its last answer landed (not one at the release and one after).
    await idle(page);
    expect(await entries()).toBe(1);
    // The worker's answers were shown, and moved the chain.
    expect(counts.applied).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.kin.palette())).not.toEqual(before);
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
      await resizeWindow(page, size);
      if (size.width < 640) await page.click('[data-action="tab-inspector"]');
      const toggle = page.locator('input[name="solveInBackground"]');
      await toggle.scrollIntoViewIfNeeded();
      await page.click('.solver-background span');
      expect(await toggle.isChecked()).toBe(true);
      await nextFrame(page);
      await artifact(page, `${ARTIFACTS}/background-solve-${size.width}x${size.height}.png`);
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
