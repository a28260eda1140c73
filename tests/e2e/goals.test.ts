// IK targets on any bone in Debian's Chromium: "Add target…" in the toolbar
// puts a target on the head's tip (and window.kin one on an elbow), a foot's
// Pin toggle releases it and pins it again where it stands, and while a hand's handle is dragged with the real
// mouse the pinned foot's tip stays within 1e-3 m; × removes a target and
// Ctrl+Z brings it back; the share link reproduces the targets, the pins and
// the palette (≤ 1e-4) in another page, and a link with two targets on one
// bone is refused by name; the two-bone solver's own targets cannot be
// edited, and the list says why.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { poseLinkInUrl, urlWithPoseLink } from '../../web/src/share/link-url.js';
import { decodePoseLink, encodePoseLink } from '../../web/src/share/pose-link.js';
import { ARTIFACTS, artifact, dragHandle, nextFrame } from './browser.js';
import { demoPage, linkInOtherPage } from './shared-pages.js';
import { type Vec3, distance, maxDifference } from './measure.js';

type Goal = { name: string; bone: number; target: Vec3; pinned: boolean };

const goals = (page: Page): Promise<Goal[]> => page.evaluate(() => window.kin.goals());
const goalNamed = (all: Goal[], name: string): Goal => {
  const goal = all.find((g) => g.name === name);
  if (!goal) throw new Error(`no goal ${name} in ${all.map((g) => g.name).join(', ')}`);
  return goal;
};
const row = (bone: string) => `.goal-list .goal-row[data-goal="${bone}"]`;

describe('IK targets on any bone, and pins', () => {
  const demo = demoPage();
  let page: Page;
  beforeAll(() => {
    page = demo.page;
  });

  it('lists the hands, the pinned feet and the hips, and "Add target…" adds one on the head’s tip', async () => {
    const listed = await page.$$eval('.goal-list .goal-row', (rows) => rows.map((r) => (r as HTMLElement).dataset.goal));
    expect(listed).toEqual(['hand_l', 'hand_r', 'foot_l', 'foot_r', 'hips']);
    const flags = (await goals(page)).map((g) => [g.name, g.pinned]);
    expect(flags).toEqual([['hand_l', false], ['hand_r', false], ['foot_l', true], ['foot_r', true], ['hips', false]]);
    const palette = await page.evaluate(() => window.posePalette());
    await page.selectOption('.goal-list select[name="add-goal"]', 'head');
    await nextFrame(page);
    const head = goalNamed(await goals(page), 'head');
    expect(head.pinned).toBe(false);
    expect(distance(head.target, await page.evaluate(() => window.kin.boneTip('head')))).toBeLessThan(1e-6);
    expect(maxDifference(await page.evaluate(() => window.posePalette()), palette)).toBe(0); // adding moves nothing
    expect(await page.locator(row('head')).textContent()).toContain('head');
    // The picker offers bones without a target only, and is back on its placeholder.
    const picker = await page.$eval('.goal-list select[name="add-goal"]', (s) => ({ value: (s as HTMLSelectElement).value, options: Array.from((s as HTMLSelectElement).options, (o) => o.value) }));
    expect(picker.value).toBe('');
    expect(picker.options).not.toContain('head');
    expect(picker.options).toContain('upper_arm_l');

    // Its handle is drawn and drags the head toward it (as far as the spine and neck allow).
    const before = await page.evaluate(() => window.kin.boneTip('head'));
    await dragHandle(page, 'head', 40, 0);
    const after = await page.evaluate(() => ({ tip: window.kin.boneTip('head'), goals: window.kin.goals() }));
    const target = goalNamed(after.goals, 'head').target;
    expect(distance(target, before)).toBeGreaterThan(0.05);
    expect(distance(after.tip, before)).toBeGreaterThan(0.02);
    expect(distance(after.tip, target)).toBeLessThan(distance(before, target) / 2);
  });

  it('window.kin adds a target on an elbow and refuses a bone that has one', async () => {
    await page.evaluate(() => window.kin.addGoal('upper_arm_l'));
    expect(goalNamed(await goals(page), 'upper_arm_l').bone).toBe(await page.evaluate(() => window.kin.boneNames().indexOf('upper_arm_l')));
    await expect(page.evaluate(() => window.kin.addGoal('upper_arm_l'))).rejects.toThrow("kin: bone 'upper_arm_l' already has a target");
    await expect(page.evaluate(() => window.kin.addGoal('tail'))).rejects.toThrow("no bone named 'tail'");
  });

  it('a foot pinned with its Pin toggle holds its tip within 1e-3 m while a hand is dragged with the mouse', async () => {
    const footTip = await page.evaluate(() => window.kin.boneTip('foot_l'));
    await page.click(`${row('foot_l')} [data-action="pin"]`);
    await nextFrame(page);
    expect(goalNamed(await goals(page), 'foot_l').pinned).toBe(false);
    expect(await page.getAttribute(`${row('foot_l')} [data-action="pin"]`, 'aria-pressed')).toBe('false');
    await page.click(`${row('foot_l')} [data-action="pin"]`);
    await nextFrame(page);
    const pinned = goalNamed(await goals(page), 'foot_l');
    expect(pinned.pinned).toBe(true);
    expect(distance(pinned.target, footTip)).toBeLessThan(1e-6);
    expect(await page.getAttribute(`${row('foot_l')} [data-action="pin"]`, 'aria-pressed')).toBe('true');

    const handBefore = await page.evaluate(() => window.kin.boneTip('hand_r'));
    const depth = await page.evaluate(() => window.kin.undoDepth().undo);
    await dragHandle(page, 'hand_r', 90, 70, 15);
    const after = await page.evaluate(() => ({ foot: window.kin.boneTip('foot_l'), hand: window.kin.boneTip('hand_r'), depth: window.kin.undoDepth().undo }));
    expect(distance(after.hand, handBefore)).toBeGreaterThan(0.05);
    expect(distance(after.foot, footTip)).toBeLessThan(1e-3);
    expect(after.depth).toBe(depth + 1);
    await artifact(page, `${ARTIFACTS}/goals-pinned.png`);
  });

  it('× removes a target; Ctrl+Z brings it back and Ctrl+Shift+Z removes it again', async () => {
    const before = await goals(page);
    await page.click(`${row('foot_r')} [data-action="remove-goal"]`);
    await nextFrame(page);
    const removed = await goals(page);
    expect(removed.map((g) => g.name)).toEqual(before.map((g) => g.name).filter((name) => name !== 'foot_r'));
    expect(await page.locator(row('foot_r')).count()).toBe(0);
    await page.keyboard.press('Control+z');
    await nextFrame(page);
    expect(await goals(page)).toEqual(before);
    expect(await page.locator(row('foot_r')).count()).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await nextFrame(page);
    expect(await goals(page)).toEqual(removed);
  });

  it('× on the selected target, the last in the list, after a drag: the target goes, nothing is selected, nothing fails', async () => {
    const before = await goals(page);
    await page.selectOption('.goal-list select[name="add-goal"]', 'thigh_r');
    await nextFrame(page);
    await dragHandle(page, 'thigh_r', 30, 20);
    await page.click(`${row('thigh_r')} .goal-name`);
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.selectedGoal())).toBe('thigh_r');
    await page.click(`${row('thigh_r')} [data-action="remove-goal"]`);
    await nextFrame(page);
    expect((await goals(page)).map((g) => g.name)).toEqual(before.map((g) => g.name));
    expect(await page.evaluate(() => window.kin.selectedGoal())).toBe(null);
    const alerts = await page.$$eval('[role="alert"]:not([hidden])', (all) => all.map((a) => a.textContent));
    expect(alerts).toEqual([]);
    expect(demo.problems).toEqual([]);
  });

  it('the share link reproduces the targets, the pins and the palette in another page', async () => {
    const link = await page.evaluate(() => window.kin.shareLink());
    const source = await page.evaluate(() => ({ palette: window.posePalette(), goals: window.kin.goals() }));
    expect(source.goals.map((g) => g.name)).toEqual(['hand_l', 'hand_r', 'foot_l', 'hips', 'head', 'upper_arm_l']);

    const fresh = await linkInOtherPage(link);
    const shared = await fresh.page.evaluate(() => ({ palette: window.posePalette(), goals: window.kin.goals() }));
    expect(maxDifference(shared.palette, source.palette)).toBeLessThan(1e-4);
    expect(shared.goals.map((g) => [g.name, g.pinned])).toEqual(source.goals.map((g) => [g.name, g.pinned]));
    expect(maxDifference(shared.goals.flatMap((g) => g.target), source.goals.flatMap((g) => g.target))).toBeLessThan(1e-6);
    const rows = await fresh.page.$$eval('.goal-list .goal-row', (all) =>
      all.map((r) => [(r as HTMLElement).dataset.goal, r.querySelector('[data-action="pin"]')!.getAttribute('aria-pressed')]),
    );
    expect(rows).toEqual(source.goals.map((g) => [g.name, String(g.pinned)]));
    expect(await fresh.page.locator('.link-banner:not([hidden])').count()).toBe(0);

    // The pin holds in the new page too.
    const foot = await fresh.page.evaluate(() => window.kin.boneTip('foot_l'));
    await dragHandle(fresh.page, 'hand_l', -60, 50);
    expect(distance(await fresh.page.evaluate(() => window.kin.boneTip('foot_l')), foot)).toBeLessThan(1e-3);
    expect(fresh.problems).toEqual([]);
  });

  it('a link with two targets on one bone is refused by name and changes nothing', async () => {
    const link = await page.evaluate(() => window.kin.shareLink());
    const decoded = decodePoseLink(poseLinkInUrl(link)!);
    if (!decoded.ok) throw new Error(decoded.error);
    const { state } = decoded;
    const twice = urlWithPoseLink(link, encodePoseLink({ ...state, goals: [...state.goals, { ...state.goals[0], pinned: true }] }));
    const before = await page.evaluate(() => ({ palette: window.posePalette(), goals: window.kin.goals(), depth: window.kin.undoDepth() }));
    const outcome = await page.evaluate((url) => window.kin.applyLink(url), twice);
    expect(outcome).toEqual({ ok: false, error: "This link's targets cannot pose this character: bone 'hand_l' has two targets" });
    expect(await page.evaluate(() => ({ palette: window.posePalette(), goals: window.kin.goals(), depth: window.kin.undoDepth() }))).toEqual(before);
    expect(await page.locator('.link-banner .link-banner-message').textContent()).toBe(outcome.ok ? '' : outcome.error);
    await page.click('.link-banner .link-banner-close');
  });

  it('the two-bone solver keeps its own targets: editing is refused and the list says why', async () => {
    await page.selectOption('.solver-panel select.solver-picker', 'two-bone');
    await nextFrame(page);
    const list = await page.evaluate(() => {
      const picker = document.querySelector<HTMLSelectElement>('.goal-list select[name="add-goal"]')!;
      const pin = document.querySelector<HTMLButtonElement>('.goal-list .goal-row [data-action="pin"]')!;
      return { rows: Array.from(document.querySelectorAll<HTMLElement>('.goal-list .goal-row'), (r) => r.dataset.goal), picker: picker.disabled, title: picker.title, pin: pin.disabled };
    });
    expect(list.rows).toEqual(['forearm_l', 'forearm_r', 'shin_l', 'shin_r']);
    expect(list).toMatchObject({ picker: true, pin: true });
    expect(list.title).toContain('two-bone solver poses with its own targets');
    await expect(page.evaluate(() => window.kin.addGoal('neck'))).rejects.toThrow('kin: the two-bone solver poses with its own targets');
    // Back to DLS: the edited set returns, pin included.
    await page.selectOption('.solver-panel select.solver-picker', 'dls');
    await nextFrame(page);
    const back = await goals(page);
    expect(back.map((g) => g.name)).toEqual(['hand_l', 'hand_r', 'foot_l', 'hips', 'head', 'upper_arm_l']);
    expect(goalNamed(back, 'foot_l').pinned).toBe(true);
    expect(demo.problems).toEqual([]);
  });
});
