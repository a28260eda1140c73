// The real page in Debian's Chromium: it loads without console errors,
// draws a skinned character (not a blank canvas), and dragging the right
// hand's target moves the hand, through a real pointer drag and through the
// same code path from window.kin.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, screenshot } from './browser.js';
import { demoPage } from './shared-pages.js';
import { showsCharacter } from './pixels.js';

type Vec3 = [number, number, number];
const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('demo page', () => {
  const demo = demoPage();
  let page: Page;
  let problems: string[];

  beforeAll(() => {
    ({ page, problems } = demo);
  });

  it('loads the default character without console errors', async () => {
    const state = await page.evaluate(() => ({ error: window.kin.error, bones: window.kin.boneNames().length, frames: window.kin.renderedFrames() }));
    expect(state.error).toBeNull();
    expect(state.bones).toBe(54); // 21 body joints, the ponytail's 3, 15 finger bones a hand
    expect(state.frames).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('renders a non-blank skinned character', async () => {
    // The figure, the grid and the handles cover a real part of the view, and
    // the middle of the view (the body) is not the background colour.
    expect(showsCharacter(await screenshot(page, `${ARTIFACTS}/loaded.png`))).toBe(true);
  });

  it('a real pointer drag on the right-hand handle moves the hand', async () => {
    const before = await page.evaluate(() => window.kin.boneTip('hand_r'));
    const handle = await page.evaluate(() => window.kin.handleScreenPosition('hand_r'));
    await page.mouse.click(handle.x, handle.y); // select: attaches the gizmo
    await page.mouse.move(handle.x, handle.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(handle.x + 8 * step, handle.y + 6 * step);
    await page.mouse.up();
    const after = await page.evaluate(() => {
      const goal = window.kin.goals().find((g) => g.name === 'hand_r')!;
      return { tip: window.kin.boneTip('hand_r'), target: goal.target };
    });
    expect(distance(after.tip, before)).toBeGreaterThan(0.02); // the hand moved...
    expect(distance(after.tip, after.target)).toBeLessThan(0.01); // ...to the dragged target
    await artifact(page, `${ARTIFACTS}/dragged.png`);
  });

  it('moving the hand target through window.kin brings the hand tip onto it', async () => {
    const target: Vec3 = [-0.3, 1.3, 0.35]; // in front of the right side of the chest
    const start = await page.evaluate(() => window.kin.boneTip('hand_r'));
    expect(distance(start, target)).toBeGreaterThan(0.1);
    const report = await page.evaluate((t) => window.kin.setGoalTarget('hand_r', t), target);
    const end = await page.evaluate(() => window.kin.boneTip('hand_r'));
    expect(report.status).toBe('converged');
    expect(distance(end, target)).toBeLessThan(1e-3);
    // The skin follows: the palette changed with the pose.
    await artifact(page, `${ARTIFACTS}/posed.png`);
    expect(problems).toEqual([]);
  });
});
