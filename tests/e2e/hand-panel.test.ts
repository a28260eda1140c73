// The hand panel in Chromium, on the default character: a preset button on
// both hands poses the right hand as the left's mirror image (angles x, −y,
// −z) in one undo step; a picked finger bone chooses its hand, and a preset
// then leaves the other hand as it was; a slider held and dragged is one undo
// step and the page reads back the curl it shows; Fingertip targets adds a
// target on each fingertip; the panel is hidden for a lesson rig without
// fingers and back after kin.reset(); screenshots at three window sizes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, idle } from './browser.js';
import { demoPage, sharedPage } from './shared-pages.js';

/** The angles (3 each) of every finger bone of one hand, by name without the side. */
function handAngles(page: Page, side: 'l' | 'r'): Promise<Record<string, number[]>> {
  return page.evaluate((side) => {
    const { kin } = window;
    const names = kin.boneNames();
    const { angles } = kin.getPose();
    const out: Record<string, number[]> = {};
    names.forEach((name, bone) => {
      const match = new RegExp(`^((thumb|index|middle|ring|little)_[123])_${side}$`).exec(name);
      if (match) out[match[1]] = angles.slice(3 * bone, 3 * bone + 3);
    });
    return out;
  }, side);
}

describe('the hand panel', () => {
  const demo = demoPage();

  it('puts a preset on both hands, the right the mirror of the left, in one undo step', async () => {
    const { page, problems } = demo;
    await page.click('button[name="hand-both"]');
    const depth = await page.evaluate(() => window.kin.undoDepth().undo);
    await page.click('button[data-preset="fist"]');
    expect(await page.evaluate(() => window.kin.undoDepth().undo)).toBe(depth + 1);
    const [left, right] = [await handAngles(page, 'l'), await handAngles(page, 'r')];
    expect(Object.keys(left)).toHaveLength(15);
    // A fist curls every finger's middle joint toward the palm: negative Z on the left.
    for (const finger of ['index', 'middle', 'ring', 'little']) expect(left[`${finger}_2`][2]).toBeLessThan(-1);
    for (const [name, [x, y, z]] of Object.entries(left)) expect(right[name], name).toEqual([x, y === 0 ? 0 : -y, z === 0 ? 0 : -z]);
    await page.evaluate(() => window.kin.undo());
    expect((await handAngles(page, 'l')).index_2[2]).toBeGreaterThan(-1);
    expect(problems).toEqual([]);
  });

  it('a picked finger bone chooses its hand: a preset then poses that hand alone', async () => {
    const { page } = demo;
    const rightBefore = await handAngles(page, 'r');
    await page.evaluate(() => window.kin.selectBone('index_2_l'));
    await idle(page);
    expect(await page.textContent('.hand-panel > summary')).toBe('Hands left hand');
    await page.click('button[data-preset="point"]');
    expect((await handAngles(page, 'l')).index_2).toEqual([0, 0, 0]);
    expect((await handAngles(page, 'l')).middle_2[2]).toBeLessThan(-1);
    expect(await handAngles(page, 'r')).toEqual(rightBefore);
    await page.evaluate(() => window.kin.selectBone(null));
  });

  it('a curl slider held and dragged is one undo step, and the page reads back what it shows', async () => {
    const { page } = demo;
    await page.click('button[name="hand-left"]');
    await page.click('button[data-preset="open"]');
    const slider = page.locator('input[name="curl-index"]');
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    const depth = await page.evaluate(() => window.kin.undoDepth().undo);
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 2, y);
    await page.mouse.down();
    for (let step = 1; step <= 6; step++) await page.mouse.move(box.x + 2 + (step * (box.width - 4)) / 8, y);
    await page.mouse.up();
    expect(await page.evaluate(() => window.kin.undoDepth().undo)).toBe(depth + 1);
    const shown = await slider.evaluate((input: HTMLInputElement) => input.valueAsNumber);
    expect(shown).toBeGreaterThan(0.5);
    expect(shown).toBeLessThan(0.9);
    const read = await page.evaluate(() => window.kin.handState('left'));
    expect(read.curl.index).toBeCloseTo(shown, 5);
    expect(read.curl.middle).toBe(0);
  });

  it('Fingertip targets puts a target on each fingertip of the chosen hand, and takes them away', async () => {
    const { page } = demo;
    await page.click('button[name="hand-right"]');
    await page.click('button[name="fingertip-targets"]');
    const names = await page.evaluate(() => window.kin.goals().map((goal) => goal.name));
    for (const tip of ['thumb_3_r', 'index_3_r', 'middle_3_r', 'ring_3_r', 'little_3_r']) expect(names).toContain(tip);
    expect(await page.getAttribute('button[name="fingertip-targets"]', 'aria-pressed')).toBe('true');
    await page.click('button[name="fingertip-targets"]');
    expect(await page.evaluate(() => window.kin.goals().some((goal) => goal.name.endsWith('_3_r')))).toBe(false);
  });

  it('hides for a lesson rig without fingers, and is back after a reset', async () => {
    const { page } = demo;
    await page.evaluate(() => window.kin.loadLesson('arm'));
    await idle(page);
    expect(await page.isVisible('.hand-panel')).toBe(false);
    await page.evaluate(() => window.kin.reset());
    expect(await page.isVisible('.hand-panel')).toBe(true);
    expect(await page.textContent('.hand-panel > summary')).toBe('Hands both, mirrored');
  });

  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }]) {
    it(`lies within the inspector at ${size.width}×${size.height}, every preset button whole (screenshot)`, async () => {
      const phone = size.width < 600;
      const { page, problems } = await sharedPage(phone ? 'phone' : 'desktop', size);
      if (phone) await page.click('[data-action="tab-inspector"]');
      await page.evaluate(() => window.kin.applyHandPreset('peace', 'both'));
      await page.locator('.hand-panel').scrollIntoViewIfNeeded();
      await idle(page);
      const boxes = await page.evaluate(() => {
        const box = (element: Element) => element.getBoundingClientRect().toJSON() as DOMRect;
        return {
          panel: box(document.querySelector('.hand-panel')!),
          inspector: box(document.querySelector('.shell-inspector')!),
          buttons: [...document.querySelectorAll('.hand-presets button')].map((button) => ({ box: box(button), scroll: button.scrollWidth, client: button.clientWidth })),
        };
      });
      expect(boxes.panel.left).toBeGreaterThanOrEqual(boxes.inspector.left);
      expect(boxes.panel.right).toBeLessThanOrEqual(boxes.inspector.right + 0.5);
      expect(boxes.buttons).toHaveLength(10);
      for (const button of boxes.buttons) {
        expect(button.scroll).toBeLessThanOrEqual(button.client);
        expect(button.box.height).toBeGreaterThanOrEqual(24);
      }
      await artifact(page, `${ARTIFACTS}/hand-panel-${size.width}x${size.height}.png`);
      expect(problems).toEqual([]);
    });
  }
});
