// Gestures and undo in Debian's Chromium, with the real mouse and keyboard:
// every kind of edit is one undo step per completed gesture — a target
// drag, a slider drag, a rotation-gizmo drag, a G grab, an R turn, a key
// press on a slider — however many moves it made; Esc during each gesture
// puts the pose back bit for bit (every angle, Object.is) and records no
// step. And the page draws nothing while nothing changes.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserFrames, idle, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';

interface Snapshot {
  angles: number[];
  rootOffset: number[];
  targets: number[];
  undo: number;
}

async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const { angles, rootOffset } = window.kin.getPose();
    return { angles, rootOffset, targets: window.kin.goals().flatMap((g) => g.target), undo: window.kin.undoDepth().undo };
  });
}

/** Every number the same, bit for bit. */
function sameBits(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

/** Press at `at`, move by (dx, dy) in `steps`, then `finish` (release, or Esc and release). */
async function mouseGesture(page: Page, at: { x: number; y: number }, dx: number, dy: number, finish: 'release' | 'escape', steps = 8): Promise<void> {
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) await page.mouse.move(at.x + (dx * step) / steps, at.y + (dy * step) / steps);
  if (finish === 'escape') await page.keyboard.press('Escape');
  await page.mouse.up();
  await nextFrame(page);
}

/** Runs a gesture twice: cancelled (the state must come back bit for bit, no step), then completed (one step, a changed pose). */
async function oneStepOrNone(page: Page, gesture: (finish: 'release' | 'escape') => Promise<void>): Promise<void> {
  const before = await snapshot(page);
  await gesture('escape');
  const cancelled = await snapshot(page);
  expect(sameBits(cancelled.angles, before.angles)).toBe(true);
  expect(sameBits(cancelled.rootOffset, before.rootOffset)).toBe(true);
  expect(sameBits(cancelled.targets, before.targets)).toBe(true);
  expect(cancelled.undo).toBe(before.undo);
  await gesture('release');
  const done = await snapshot(page);
  expect(sameBits(done.angles, before.angles)).toBe(false);
  expect(done.undo).toBe(before.undo + 1);
  // And that one step takes it all back.
  await page.keyboard.press('Control+z');
  const undone = await snapshot(page);
  expect(sameBits(undone.angles, before.angles)).toBe(true);
  await page.keyboard.press('Control+Shift+z');
}

describe('gestures and undo', () => {
  const demo = demoPage();
  let page: Page;

  beforeAll(async () => {
    page = demo.page;
  });

  it('a target drag: one step, or none and the exact pose back with Esc', async () => {
    await oneStepOrNone(page, async (finish) => {
      const at = await page.evaluate(() => window.kin.handleScreenPosition('hand_r'));
      await mouseGesture(page, at, 60, -40, finish);
    });
  });

  it('a slider drag: one step, or none with Esc', async () => {
    await page.evaluate(() => window.kin.selectBone('forearm_r'));
    await oneStepOrNone(page, async (finish) => {
      const box = (await page.locator('.bone-slot:not(:has(input[disabled])) input[type="range"]').nth(1).boundingBox())!;
      await mouseGesture(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, -50, 0, finish, 10);
    });
  });

  it('a rotation gizmo drag: one step, or none with Esc', async () => {
    await page.evaluate(() => window.kin.selectBone('upper_arm_l'));
    await nextFrame(page);
    await oneStepOrNone(page, async (finish) => {
      // The gizmo's centre (a free-turning ball) sits on the joint.
      const joint = await page.evaluate(() => window.kin.boneScreenPosition('upper_arm_l', 0));
      await mouseGesture(page, joint, 40, 25, finish);
    });
  });

  it('G grabs the selected target until a click (one step), or Esc puts it back (none)', async () => {
    await page.evaluate(() => window.kin.selectGoal('hand_l'));
    await oneStepOrNone(page, async (finish) => {
      const at = await page.evaluate(() => window.kin.handleScreenPosition('hand_l'));
      await page.mouse.move(at.x + 10, at.y + 10);
      await page.keyboard.press('g');
      for (let step = 1; step <= 6; step++) await page.mouse.move(at.x + 10 - 7 * step, at.y + 10 - 5 * step);
      if (finish === 'escape') await page.keyboard.press('Escape');
      else await page.mouse.click(at.x - 32, at.y - 20);
      await nextFrame(page);
    });
  });

  it('R turns the selected bone until a click (one step), or Esc puts it back (none)', async () => {
    await page.evaluate(() => window.kin.selectBone('forearm_l'));
    await oneStepOrNone(page, async (finish) => {
      const joint = await page.evaluate(() => window.kin.boneScreenPosition('forearm_l', 0));
      await page.mouse.move(joint.x + 60, joint.y);
      await page.keyboard.press('r');
      for (let step = 1; step <= 6; step++) await page.mouse.move(joint.x + 60 * Math.cos(0.12 * step), joint.y - 60 * Math.sin(0.12 * step));
      if (finish === 'escape') await page.keyboard.press('Escape');
      else await page.mouse.click(joint.x + 60 * Math.cos(0.72), joint.y - 60 * Math.sin(0.72));
      await nextFrame(page);
    });
  });

  it('each key press on a slider is one step', async () => {
    await page.evaluate(() => window.kin.selectBone('forearm_r'));
    const before = await snapshot(page);
    await page.locator('.bone-slot:not(:has(input[disabled])) input[type="range"]').nth(1).focus();
    for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowLeft');
    const after = await snapshot(page);
    expect(sameBits(after.angles, before.angles)).toBe(false);
    expect(after.undo).toBe(before.undo + 3);
    await page.evaluate(() => window.kin.selectBone(null));
    expect(demo.problems).toEqual([]);
  });

  it('draws no frame while nothing changes, and one after a change', async () => {
    await page.mouse.move(5, 400);
    // The ponytail's springs swing after every change until they settle:
    // with them off, a change is one frame.
    await page.locator('input[name="spring-ponytail"]').uncheck();
    // The camera's damping and any pending write settled.
    await idle(page);
    const still = await page.evaluate(() => window.kin.renderedFrames());
    // The browser's own frames go by (asking the page for none): the page draws none of them.
    await browserFrames(page, 30);
    expect(await page.evaluate(() => window.kin.renderedFrames())).toBe(still);
    await page.evaluate(() => window.kin.applyPreset('wave'));
    await browserFrames(page, 10);
    const changed = await page.evaluate(() => window.kin.renderedFrames());
    expect(changed).toBeGreaterThan(still);
    expect(changed - still).toBeLessThan(5);
  });

  it('with springs on, a change draws frames while the ponytail swings, then none', async () => {
    await page.locator('input[name="spring-ponytail"]').check();
    const before = await page.evaluate(() => window.kin.renderedFrames());
    await page.evaluate(() => window.kin.applyPreset('relaxed'));
    await idle(page); // throws if the page keeps drawing for 30 s
    const settled = await page.evaluate(() => window.kin.renderedFrames());
    expect(settled - before).toBeGreaterThan(3);
    await browserFrames(page, 30);
    expect(await page.evaluate(() => window.kin.renderedFrames())).toBe(settled);
  });
});
