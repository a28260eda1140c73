// The editor shell in Debian's Chromium at the sizes people use (four
// desktop windows and a phone): the regions never overlap, the renderer
// fills the viewport's region, nothing covers the viewport's centre, and
// every visible control can be hit — a probe at its centre
// (document.elementFromPoint, after scrolling it into view within its
// region) lands on the control itself, not on something over it. Checked
// with nothing selected, with a bone and with a target selected (the
// inspector's sections), with the File menu open, with the side regions
// folded, on the phone with each sheet open, with the timeline open
// (its curve view and a key's T/C/B sliders showing), and with File ▸
// Retarget…'s panel open, with a lesson's panel in the inspector and with
// the lesson index open.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, nextFrame } from './browser.js';
import { sharedPage } from './shared-pages.js';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844, phone: true },
] as const;

/** Every visible control (within `root`) whose centre does not hit it, described; [] when all are hittable. */
function unhittableControls(page: Page, root = '#app'): Promise<string[]> {
  return page.evaluate((root) => {
    const controls = [...document.querySelectorAll<HTMLElement>(['button', 'select', 'input', 'summary', 'a[href]', '.skinning-toggle label'].map((c) => `${root} ${c}`).join(', '))];
    const problems: string[] = [];
    let checked = 0;
    for (const control of controls) {
      const style = getComputedStyle(control);
      if (control.getClientRects().length === 0 || style.visibility !== 'visible' || style.pointerEvents === 'none' || Number(style.opacity) === 0) continue;
      // Inside a folded <details> (its summary aside) a control keeps its box but is not drawn (Chromium hides the content with content-visibility).
      const folded = control.closest('details:not([open])');
      if (folded !== null && control.tagName !== 'SUMMARY' && !control.closest('summary')) continue;
      control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const rect = control.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const hit = document.elementFromPoint(x, y);
      checked++;
      if (hit === null || !(hit === control || control.contains(hit))) {
        const name = control.dataset.action ?? control.getAttribute('aria-label') ?? control.getAttribute('name') ?? control.textContent?.trim() ?? control.tagName;
        problems.push(`${control.tagName.toLowerCase()} '${name}' at (${Math.round(x)}, ${Math.round(y)}) is under ${hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing'}`);
      }
    }
    if (checked < 5) problems.push(`only ${checked} visible controls found`);
    return problems;
  }, root);
}

/** The regions' rectangles, the pairs that overlap, and what the viewport's centre hits. */
function regionCheck(page: Page): Promise<{ overlaps: string[]; centreHit: string; canvas: number[]; region: number[] }> {
  return page.evaluate(() => {
    const names = ['.shell-top', '.shell-tools', '.shell-viewport', '.shell-inspector', '.shell-bottom', '.shell-tabs'];
    const rects = names.map((name) => [name, document.querySelector<HTMLElement>(name)!] as const).filter(([, e]) => e.getClientRects().length > 0).map(([name, e]) => [name, e.getBoundingClientRect()] as const);
    const overlaps: string[] = [];
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const [a, ra] = rects[i];
        const [b, rb] = rects[j];
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 0.5 && h > 0.5) overlaps.push(`${a} and ${b}`);
      }
    }
    const view = document.querySelector<HTMLElement>('.shell-viewport')!;
    const box = view.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const canvas = view.querySelector('canvas')!;
    return {
      overlaps,
      centreHit: hit === canvas ? 'canvas' : `${hit?.tagName.toLowerCase()}.${hit?.className}`,
      canvas: [canvas.clientWidth, canvas.clientHeight],
      region: [view.clientWidth, view.clientHeight],
    };
  });
}

describe('the editor shell', () => {
  for (const size of SIZES) {
    const phone = 'phone' in size;
    it(`${size.width}×${size.height}: regions apart, the view's centre clear, every control hittable`, async () => {
      // As the page opens in a window of this size (a phone's: a touch screen).
      const { page, problems } = await sharedPage(phone ? 'phone' : 'desktop', { width: size.width, height: size.height });
      const tag = `${size.width}x${size.height}`;
      const check = async (state: string): Promise<void> => {
        await nextFrame(page);
        const regions = await regionCheck(page);
        expect(regions.overlaps, state).toEqual([]);
        expect(regions.centreHit, state).toBe('canvas');
        // The renderer is sized to its region, which keeps most of the window.
        expect(regions.canvas, state).toEqual(regions.region);
        expect(regions.region[0] * regions.region[1], state).toBeGreaterThan((phone ? 0.3 : 0.4) * size.width * size.height);
        expect(await unhittableControls(page), state).toEqual([]);
      };

      await check('nothing selected');
      await artifact(page, `${ARTIFACTS}/layout-${tag}.png`);
      const sheets = phone ? ['inspector'] : [];
      for (const sheet of sheets) await page.click(`[data-action="tab-${sheet}"]`);
      await page.evaluate(() => window.kin.selectBone('forearm_l'));
      await check('a bone selected');
      if (phone) await artifact(page, `${ARTIFACTS}/layout-${tag}-bone.png`);
      await page.evaluate(() => window.kin.selectGoal('hand_r'));
      await check('a target selected');
      if (phone) {
        await page.click('[data-action="tab-tools"]');
        await check('the tools sheet open');
        await artifact(page, `${ARTIFACTS}/layout-${tag}-tools.png`);
        await page.click('[data-action="tab-tools"]');
      } else {
        await page.click('[data-action="fold-tools"]');
        await page.click('[data-action="fold-inspector"]');
        await check('both sides folded');
        await artifact(page, `${ARTIFACTS}/layout-${tag}-folded.png`);
        await page.click('[data-action="fold-tools"]');
        await page.click('[data-action="fold-inspector"]');
      }
      // The timeline open (phones start with its compact bar), a key selected (its interpolation menu), the curve view shown.
      await page.evaluate(() => {
        window.kin.showTimeline({ folded: false, curves: true });
        window.kin.key();
        window.kin.selectKeys([0]);
        window.kin.setKeyInterpolation('tcb');
      });
      await check('the timeline open with its curve view and T/C/B');
      await artifact(page, `${ARTIFACTS}/layout-${tag}-timeline.png`);
      await page.evaluate((folded) => window.kin.showTimeline({ folded, curves: false }), phone);
      await page.click('.menu[data-menu="file"] > summary');
      expect(await unhittableControls(page), 'the File menu open').toEqual([]);
      await artifact(page, `${ARTIFACTS}/layout-${tag}-menu.png`);
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.querySelector<HTMLDetailsElement>('.menu')!.open)).toBe(false);
      // File ▸ Retarget…'s panel over the view (its centre included): every control in it and around it hittable.
      await page.evaluate(() => window.kin.showRetargetPanel(true));
      await nextFrame(page);
      expect(await unhittableControls(page), 'the retarget panel open').toEqual([]);
      await artifact(page, `${ARTIFACTS}/layout-${tag}-retarget.png`);
      await page.evaluate(() => window.kin.showRetargetPanel(false));
      // A lesson's text panel and tools head the inspector (a phone opens its sheet for it); the lesson index over the page.
      for (const lesson of ['ik-steps', 'spaces']) {
        await page.evaluate((id) => window.kin.loadLesson(id), lesson);
        await check(`lesson ${lesson}`);
        await artifact(page, `${ARTIFACTS}/layout-${tag}-lesson-${lesson}.png`);
      }
      await page.click(phone ? '.lesson-card [data-action="lesson-index"]' : '[data-action="lessons"]');
      // A dialog: what is in it can be hit (the page beneath is covered on purpose).
      expect(await unhittableControls(page, '.lesson-index'), 'the lesson index open').toEqual([]);
      await page.keyboard.press('Escape');
      expect(await page.isHidden('.lesson-index')).toBe(true);
      expect(problems).toEqual([]);
    });
  }
});
