// Spring chains in Chromium: on the default character, a drag of the hips target swings the
// ponytail, measured in the head's frame (its tip lags the head, then settles while the page
// stops drawing); the springs never touch the pose's angles; the springs panel turns the chain
// off (then the tip stays fixed to the head through a drag) and on again, and sets its swing
// limit (read back through window.kin); screenshots of the panel at three window sizes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, browserFrames, dragHandle, idle, nextFrame } from './browser.js';
import { demoPage, sharedPage } from './shared-pages.js';

/**
 * The ponytail's tip in the head's frame (metres): Rᵀ (tip − head origin). The default
 * character's inverse binds have no rotation, so the head's palette entry carries its rotation
 * R; its origin is the neck's tip.
 */
function ponytailTipInHead(page: Page): Promise<[number, number, number]> {
  return page.evaluate(() => {
    const { kin } = window;
    const head = kin.boneNames().indexOf('head');
    const m = kin.palette().slice(16 * head, 16 * head + 16);
    const tip = kin.boneTip('ponytail_3');
    const origin = kin.boneTip('neck');
    const d = [tip[0] - origin[0], tip[1] - origin[1], tip[2] - origin[2]];
    const column = (c: number) => m[4 * c] * d[0] + m[4 * c + 1] * d[1] + m[4 * c + 2] * d[2];
    return [column(0), column(1), column(2)] as [number, number, number];
  });
}

const distance = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** A quick drag of the hips target right, then back: the body lurches and stops. */
async function lurch(page: Page): Promise<void> {
  await dragHandle(page, 'hips', 70, 0, 3);
  await dragHandle(page, 'hips', -70, 0, 3);
}

describe('spring chains on the default character', () => {
  const demo = demoPage();

  it('shows the springs panel with the ponytail on', async () => {
    const { page } = demo;
    expect(await page.isVisible('.springs-panel')).toBe(true);
    expect(await page.isChecked('input[name="spring-ponytail"]')).toBe(true);
    expect(await page.textContent('.springs-panel > summary')).toBe('Springs ponytail on');
  });

  it('rests the ponytail on the floor as the panel says: its checkbox turns the chain\'s floor off and on', async () => {
    const { page } = demo;
    const floor = '.springs-chain input[name="floor"]';
    await page.locator(floor).scrollIntoViewIfNeeded();
    expect(await page.isChecked(floor)).toBe(true);
    await page.click(floor);
    expect(await page.evaluate(() => window.kin.springs()[0].floor)).toBe(false);
    await page.click(floor);
    expect(await page.evaluate(() => window.kin.springs()[0].floor)).toBe(true);
  });

  it('swings the ponytail during a drag: its tip leaves its place in the head\'s frame, then settles', async () => {
    const { page } = demo;
    await idle(page);
    const rested = await ponytailTipInHead(page);
    await lurch(page);
    const swung = await ponytailTipInHead(page);
    // Settled: the page stops drawing, and the tip is back where the springs hold it.
    await idle(page);
    const settled = await ponytailTipInHead(page);
    // The browser's frames go by, then one is drawn: nothing moved meanwhile.
    await browserFrames(page, 20);
    await nextFrame(page);
    const later = await ponytailTipInHead(page);
    console.log(`ponytail tip in the head's frame: rested ${rested.map((v) => v.toFixed(4))}, right after the drag ${swung.map((v) => v.toFixed(4))}, settled ${settled.map((v) => v.toFixed(4))}`);
    expect(distance(swung, settled)).toBeGreaterThan(0.005);
    expect(distance(settled, later)).toBeLessThan(1e-4);
    // Gravity holds it where it rested before (the drag came back to the same pose, up to the solve).
    expect(distance(settled, rested)).toBeLessThan(0.01);
    // The springs moved bones, not angles: the ponytail's pose stays at rest.
    const pose = await page.evaluate(() => window.kin.getPose().angles);
    const first = await page.evaluate(() => window.kin.boneNames().indexOf('ponytail_1'));
    expect(pose.slice(3 * first, 3 * first + 9)).toEqual(new Array(9).fill(0));
  });

  it('turned off in the panel, the ponytail keeps to the head through a drag; turned on, it swings again', async () => {
    const { page } = demo;
    await page.click('input[name="spring-ponytail"]');
    expect(await page.textContent('.springs-panel > summary')).toBe('Springs ponytail off');
    await idle(page);
    const off = await ponytailTipInHead(page);
    await lurch(page);
    expect(distance(await ponytailTipInHead(page), off)).toBeLessThan(1e-5);
    await idle(page);
    expect(distance(await ponytailTipInHead(page), off)).toBeLessThan(1e-5);

    await page.click('input[name="spring-ponytail"]');
    await idle(page);
    const on = await ponytailTipInHead(page);
    // Gravity bends the chain that springs hold, which the bare pose does not.
    expect(distance(on, off)).toBeGreaterThan(0.003);
    await lurch(page);
    expect(distance(await ponytailTipInHead(page), on)).toBeGreaterThan(0.005);
    await idle(page);
  });

  it('refuses a frequency out of range on the panel, naming it, and keeps the chain', async () => {
    const { page } = demo;
    await page.fill('.springs-chain input[name="frequencyHz"]', '50');
    await page.press('.springs-chain input[name="frequencyHz"]', 'Enter');
    await page.locator('.springs-chain input[name="frequencyHz"]').blur();
    expect(await page.textContent('.springs-problem')).toContain("spring chain 0 'ponytail': frequency 50 Hz is not in (0, 20]");
    await page.fill('.springs-chain input[name="frequencyHz"]', '2.5');
    await page.locator('.springs-chain input[name="frequencyHz"]').blur();
    expect(await page.isHidden('.springs-problem')).toBe(true);
    expect(await page.textContent('.springs-half-life')).toBe(`A swing halves in ${(Math.log(2) / (0.3 * 2 * Math.PI * 2.5)).toFixed(2)} s.`);
    await idle(page);
    expect(demo.problems).toEqual([]);
  });

  it('window.kin lists the chains by bone name and changes them as the panel does, which follows', async () => {
    const { page } = demo;
    const chains = await page.evaluate(() => window.kin.springs());
    expect(chains.map((c) => [c.name, c.bones])).toEqual([['ponytail', ['ponytail_1', 'ponytail_2', 'ponytail_3']]]);
    await page.evaluate(() => window.kin.setSpring('ponytail', { enabled: false, frequencyHz: 3 }));
    await nextFrame(page);
    expect(await page.isChecked('input[name="spring-ponytail"]')).toBe(false);
    expect(await page.inputValue('.springs-chain input[name="frequencyHz"]')).toBe('3');
    expect(await page.evaluate(() => window.kin.springsSettled())).toBe(true);
    const refused = await page.evaluate(() => {
      try {
        window.kin.setSpring('tail', { enabled: true });
        return '';
      } catch (error) {
        return String(error);
      }
    });
    expect(refused).toContain("no spring chain 'tail' (chains: ponytail)");
    await page.evaluate(() => window.kin.setSpring('ponytail', { enabled: true, frequencyHz: 2.5 }));
    await nextFrame(page);
    expect(await page.isChecked('input[name="spring-ponytail"]')).toBe(true);
    await idle(page);
  });

  it('sets the swing limit from the panel in degrees, every bone\'s; window.kin reads it back in radians', async () => {
    const { page } = demo;
    const field = '.springs-chain input[name="swingMax"]';
    const ponytail = () => page.evaluate(() => window.kin.springs()[0]);
    expect(await page.inputValue(field)).toBe('68.8'); // the default 1.2 rad
    await page.fill(field, '45');
    await page.locator(field).blur();
    expect((await ponytail()).swingMax).toBeCloseTo(Math.PI / 4, 6);
    expect((await ponytail()).boneSwingMax).toEqual([]);
    expect(await page.isHidden('.springs-problem')).toBe(true);

    // Bones with limits of their own (from window.kin) show as "per bone", listed in the title; the panel's value replaces them all.
    await page.evaluate(() => window.kin.setSpring('ponytail', { boneSwingMax: [0.3, 0.6, 0.9] }));
    await nextFrame(page);
    expect(await page.inputValue(field)).toBe('');
    expect(await page.getAttribute(field, 'placeholder')).toBe('per bone');
    expect(await page.getAttribute('.springs-field:has(input[name="swingMax"])', 'title')).toContain('(17.2°, 34.4°, 51.6°)');
    // Gravity presses the stiff root against its 17° limit, where it rests: the page stops drawing.
    await idle(page);
    await page.fill(field, '60');
    await page.locator(field).blur();
    expect((await ponytail()).swingMax).toBeCloseTo(Math.PI / 3, 6);
    expect((await ponytail()).boneSwingMax).toEqual([]);

    await page.fill(field, '0');
    await page.locator(field).blur();
    expect(await page.textContent('.springs-problem')).toContain("spring chain 0 'ponytail': swing limit 0 rad is not in (0, pi]");
    expect((await ponytail()).swingMax).toBeCloseTo(Math.PI / 3, 6);
    await page.fill(field, '60');
    await page.locator(field).blur();
    expect(await page.isHidden('.springs-problem')).toBe(true);
    await page.evaluate(() => window.kin.setSpring('ponytail', { swingMax: 1.2 }));
    await nextFrame(page);
    expect(await page.inputValue(field)).toBe('68.8');
    await idle(page);
    expect(demo.problems).toEqual([]);
  });

  it('from the side: the ponytail hangs behind the head at rest and swings out in a lurch (screenshots)', async () => {
    const { page } = demo;
    await page.click('[data-action="view-side"]');
    await idle(page);
    await artifact(page, `${ARTIFACTS}/springs-side-rest.png`);
    const rested = await ponytailTipInHead(page);
    await dragHandle(page, 'hips', 0, -60, 2);
    const swung = await ponytailTipInHead(page);
    await artifact(page, `${ARTIFACTS}/springs-side-swing.png`);
    expect(distance(swung, rested)).toBeGreaterThan(0.005);
    await dragHandle(page, 'hips', 0, 60, 2);
    await page.click('[data-action="view-front"]');
    await idle(page);
  });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
    { width: 390, height: 844, phone: true },
  ]) {
    it(`${size.width}×${size.height}: the panel is on screen, inside the inspector, every field readable`, async () => {
      const phone = 'phone' in size;
      const { page, problems } = await sharedPage(phone ? 'phone' : 'desktop', { width: size.width, height: size.height });
      if (phone) await page.click('[data-action="tab-inspector"]');
      await page.locator('.springs-panel').scrollIntoViewIfNeeded();
      await idle(page);
      const boxes = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect;
        const inputs = [...document.querySelectorAll<HTMLInputElement>('.springs-field input')].map((input) => ({ width: input.getBoundingClientRect().width, scroll: input.scrollWidth, client: input.clientWidth }));
        return { panel: box('.springs-panel'), inspector: box('.shell-inspector'), inputs };
      });
      expect(boxes.panel.left).toBeGreaterThanOrEqual(boxes.inspector.left);
      expect(boxes.panel.right).toBeLessThanOrEqual(boxes.inspector.right + 0.5);
      expect(boxes.panel.width).toBeGreaterThan(150);
      for (const input of boxes.inputs) {
        expect(input.width).toBeGreaterThan(50);
        expect(input.scroll).toBeLessThanOrEqual(input.client);
      }
      await artifact(page, `${ARTIFACTS}/springs-${size.width}x${size.height}.png`);
      expect(problems).toEqual([]);
    });
  }
});
