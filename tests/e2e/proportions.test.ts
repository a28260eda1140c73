// The body panel in Chromium: a named body from its button and a slider held
// and dragged are one undo step each, keep the pose, and keep the feet where
// they stood; a scene of two characters of different proportions shares a
// link that opens with each character's own proportions and palette; the
// panel hides for a lesson's tentacle and lies within the inspector at three
// window sizes (screenshots).
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, idle, openDemo } from './browser.js';
import { maxDifference } from './compare.js';
import { demoPage, sharedPage } from './shared-pages.js';

/** The lowest y of the feet's and toes' tips (model space). */
function lowestFoot(page: Page): Promise<number> {
  return page.evaluate(() => {
    const { kin } = window;
    const tips = kin.boneTips();
    return Math.min(...kin.boneNames().flatMap((name, b) => (/^(foot|toes)_[lr]$/.test(name) ? [tips[3 * b + 1]] : [])));
  });
}

async function openBodyPanel(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelector<HTMLDetailsElement>('details.proportions-panel')!.open = true;
  });
  await page.locator('.proportions-panel').scrollIntoViewIfNeeded();
}

describe('the body panel', () => {
  const demo = demoPage();

  it('gives a named body and a dragged slider in one undo step each, the pose and the feet kept', async () => {
    const { page, problems } = demo;
    await openBodyPanel(page);
    const angles = await page.evaluate(() => window.kin.getPose().angles);
    const feet = await lowestFoot(page);
    const depth = await page.evaluate(() => window.kin.undoDepth().undo);
    await page.click('button[name="body-child"]');
    expect(await page.evaluate(() => window.kin.proportions().height)).toBe(0.72);
    expect(await page.evaluate(() => window.kin.undoDepth().undo)).toBe(depth + 1);
    expect(maxDifference(await page.evaluate(() => window.kin.getPose().angles), angles)).toBe(0);
    expect(Math.abs((await lowestFoot(page)) - feet)).toBeLessThan(0.01);
    expect(await page.textContent('.proportions-panel > summary')).toBe('Body child');

    // The leg slider held and dragged to the right: one more step, longer legs, the feet still there.
    const slider = page.locator('input[name="body-legs"]');
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    for (let k = 1; k <= 8; k++) await page.mouse.move(box.x + box.width * (0.3 + 0.06 * k), box.y + box.height / 2);
    await page.mouse.up();
    await idle(page);
    const legs = await page.evaluate(() => window.kin.proportions().legs);
    expect(legs).toBeGreaterThan(1.1);
    expect(await page.evaluate(() => window.kin.undoDepth().undo)).toBe(depth + 2);
    expect(Math.abs((await lowestFoot(page)) - feet)).toBeLessThan(0.01);
    expect(await page.textContent('.proportions-panel > summary')).toBe('Body custom');
    await page.evaluate(() => window.kin.undo());
    expect(await page.evaluate(() => window.kin.proportions().legs)).toBe(0.88);
    await page.evaluate(() => window.kin.undo());
    expect(await page.evaluate(() => window.kin.proportions().height)).toBe(1);
    // A lesson's tentacle has no body: no panel.
    await page.evaluate(() => window.kin.loadLesson('chain'));
    await idle(page);
    expect(await page.isVisible('.proportions-panel')).toBe(false);
    await page.evaluate(() => window.kin.loadLesson(null));
    await idle(page);
    expect(await page.isVisible('.proportions-panel')).toBe(true);
    expect(problems).toEqual([]);
  });

  it('a scene of two bodies opens from its link with each character’s proportions', async () => {
    const { page } = demo;
    await page.evaluate(async () => {
      const { kin } = window;
      kin.applyBodyPreset('heroic');
      const id = await kin.addCharacter('default');
      kin.setCharacterTransform(id, { x: 1.2, z: 0, heading: 0 });
      kin.setActiveCharacter(id);
      kin.setProportions({ height: 0.8, head: 1.2 });
    });
    const shared = await page.evaluate(() => {
      const { kin } = window;
      const bodies = kin.characters().map((c) => {
        kin.setActiveCharacter(c.id);
        return kin.proportions();
      });
      return { link: kin.shareLink(), bodies, palettes: kin.characters().map((c) => window.posePalette(kin.characterPalette(c.id))) };
    });
    expect(shared.bodies[0].shoulders).toBe(1.25);
    expect(shared.bodies[1]).toMatchObject({ height: 0.8, head: 1.2, arms: 1 });
    const fresh = await openDemo(demo.browser, shared.link);
    const opened = await fresh.page.evaluate(() => {
      const { kin } = window;
      const bodies = kin.characters().map((c) => {
        kin.setActiveCharacter(c.id);
        return kin.proportions();
      });
      return { bodies, palettes: kin.characters().map((c) => window.posePalette(kin.characterPalette(c.id))) };
    });
    expect(opened.bodies).toEqual(shared.bodies);
    for (const [k, palette] of opened.palettes.entries()) expect(maxDifference(palette, shared.palettes[k])).toBeLessThan(1e-4);
    expect(fresh.problems).toEqual([]);
    await fresh.page.close();
    await page.evaluate(() => {
      const { kin } = window;
      const [first, second] = kin.characters();
      kin.removeCharacter(second.id);
      kin.setActiveCharacter(first.id);
      kin.applyBodyPreset('average');
    });
  });

  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }]) {
    it(`lies within the inspector at ${size.width}×${size.height} (screenshot)`, async () => {
      const phone = size.width < 600;
      const { page, problems } = await sharedPage(phone ? 'phone' : 'desktop', size);
      if (phone) await page.click('[data-action="tab-inspector"]');
      await page.evaluate(() => window.kin.applyBodyPreset('heroic'));
      await openBodyPanel(page);
      await idle(page);
      const boxes = await page.evaluate(() => {
        const box = (element: Element) => element.getBoundingClientRect().toJSON() as DOMRect;
        return {
          panel: box(document.querySelector('.proportions-panel')!),
          inspector: box(document.querySelector('.shell-inspector')!),
          buttons: [...document.querySelectorAll('.body-presets button')].map((button) => ({ scroll: button.scrollWidth, client: button.clientWidth })),
        };
      });
      expect(boxes.panel.left).toBeGreaterThanOrEqual(boxes.inspector.left);
      expect(boxes.panel.right).toBeLessThanOrEqual(boxes.inspector.right + 0.5);
      expect(boxes.buttons).toHaveLength(4);
      for (const button of boxes.buttons) expect(button.scroll).toBeLessThanOrEqual(button.client);
      await artifact(page, `${ARTIFACTS}/body-panel-${size.width}x${size.height}.png`);
      await page.evaluate(() => window.kin.applyBodyPreset('average'));
      expect(problems).toEqual([]);
    });
  }
});
