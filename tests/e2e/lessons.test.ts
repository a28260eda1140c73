// Lesson rigs in Debian's Chromium: choosing one from the HUD's menu puts it
// on screen; dragging its handle poses it; its share link, opened in a fresh
// page, shows the lesson and reproduces the palette (≤ 1e-4); a link for a
// lesson the page does not have says so and keeps the default character; a
// default-character link opened while a lesson is shown brings the default
// character back, posed. Screenshots of the lessons go to the artifacts
// with KIN_E2E_ARTIFACTS=1.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { describe, expect, it } from 'vitest';
import { decodePoseLink, encodePoseLink } from '../../web/src/share/pose-link.js';
import { poseLinkInUrl, urlWithPoseLink } from '../../web/src/share/link-url.js';
import { ARTIFACTS, artifact, bannerText, dragHandle, nextFrame, openDemo } from './browser.js';
import { demoPage, sharedPage } from './shared-pages.js';
import { maxDifference } from './compare.js';

describe('lesson rigs', () => {
  const demo = demoPage();

  it('a lesson chosen from the menu, posed by a drag, travels by link to a fresh page', async () => {
    const { page, problems } = demo;
    expect(await page.evaluate(() => window.kin.lessons().map((l) => l.id))).toEqual(['spaces', 'canonical', 'arm', 'ik-steps', 'arm4', 'two-bone', 'chain', 'reach', 'race', 'candy', 'keyframes', 'euler-quaternion', 'retarget', 'springs']);
    expect(await page.inputValue('select[name=lesson]')).toBe('default');
    await page.selectOption('select[name=lesson]', 'arm');
    await nextFrame(page);
    const shown = await page.evaluate(() => ({ model: window.kin.model(), bones: window.kin.boneNames(), goals: window.kin.goals().map((g) => g.name) }));
    expect(shown).toEqual({ model: { kind: 'lesson', id: 'arm' }, bones: ['upper_arm', 'forearm', 'hand'], goals: ['hand'] });
    // The toolbar's target list follows the new character's goals.
    expect(await page.$$eval('.goal-list .goal-row', (rows) => rows.map((r) => (r as HTMLElement).dataset.goal))).toEqual(['hand']);

    const before = await page.evaluate(() => ({ palette: window.posePalette(), tip: window.kin.boneTip('hand') }));
    await dragHandle(page, 'hand', 60, 40);
    const after = await page.evaluate(() => ({ palette: window.posePalette(), tip: window.kin.boneTip('hand'), pose: window.kin.getPose() }));
    expect(maxDifference(after.palette, before.palette)).toBeGreaterThan(0.01);
    // A planar arm stays in its plane (every other axis locked).
    expect(Math.abs(after.tip[2])).toBeLessThan(1e-5);
    after.pose.angles.forEach((angle, k) => (k % 3 !== 2 ? expect(angle).toBe(0) : undefined));

    const link = await page.evaluate(() => window.kin.shareLink());
    const decoded = decodePoseLink(poseLinkInUrl(link)!);
    expect(decoded.ok && decoded.state.character).toEqual({ kind: 'lesson', id: 'arm' });
    await artifact(page, `${ARTIFACTS}/lesson-arm.png`);

    const fresh = await openDemo(demo.browser, link);
    const opened = await fresh.page.evaluate(() => ({ model: window.kin.model(), palette: window.posePalette(), menu: document.querySelector<HTMLSelectElement>('select[name=lesson]')!.value }));
    expect(opened.model).toEqual({ kind: 'lesson', id: 'arm' });
    expect(opened.menu).toBe('arm');
    expect(maxDifference(opened.palette, after.palette)).toBeLessThan(1e-4);
    expect(await bannerText(fresh.page)).toBeNull();
    expect(fresh.problems).toEqual([]);
    await fresh.page.close();

    // Reset goes back to the lesson's own start pose, not the default character's.
    await page.click('.tool-button:has-text("Reset")');
    expect(maxDifference(await page.evaluate(() => window.posePalette()), before.palette)).toBeLessThan(1e-6);
    expect(problems).toEqual([]);
  });

  it('a link for a lesson the page does not have says so and keeps the default character', async () => {
    const link = encodePoseLink({
      character: { kind: 'lesson', id: 'octopus' },
      solver: 'dls',
      boneCount: 3,
      angles: [0, 0, 0.1, 0, 0, 0.2, 0, 0, 0.3],
      rootOffset: [0, 0, 0],
      goals: [],
      camera: { position: [0, 1, 3], target: [0, 1, 0] },
    });
    // In another page, as opening it there would (the opening of a lesson's link is the test above's).
    const fresh = await sharedPage('other');
    expect(await fresh.page.evaluate((url) => window.kin.applyLink(url), urlWithPoseLink(demo.site.url, link))).toMatchObject({ ok: false });
    expect(await bannerText(fresh.page)).toBe("This link poses lesson 'octopus', which this page does not have (its lessons: spaces, canonical, arm, ik-steps, arm4, two-bone, chain, reach, race, candy, keyframes, euler-quaternion, retarget, springs)");
    expect(await fresh.page.evaluate(() => window.kin.model())).toEqual({ kind: 'default' });
    expect(fresh.problems).toEqual([]);
  });

  it('a default-character link opened while a lesson is shown brings the default character back, posed', async () => {
    const fresh = await sharedPage('other');
    const { page } = fresh;
    await page.evaluate(() => window.kin.setGoalTarget('hand_r', [-0.3, 1.3, 0.35]));
    const posed = await page.evaluate(() => ({ link: window.kin.shareLink(), palette: window.posePalette() }));
    for (const id of ['candy', 'chain']) {
      await page.evaluate((lesson) => window.kin.loadLesson(lesson), id);
      await nextFrame(page);
      await artifact(page, `${ARTIFACTS}/lesson-${id}.png`);
    }
    expect(await page.evaluate(() => ({ model: window.kin.model(), bones: window.kin.boneNames().length }))).toEqual({ model: { kind: 'lesson', id: 'chain' }, bones: 10 });
    expect(await page.evaluate((url) => window.kin.applyLink(url), posed.link)).toEqual({ ok: true });
    await nextFrame(page);
    const back = await page.evaluate(() => ({ model: window.kin.model(), palette: window.posePalette(), menu: document.querySelector<HTMLSelectElement>('select[name=lesson]')!.value }));
    expect(back.model).toEqual({ kind: 'default' });
    expect(back.menu).toBe('default');
    expect(maxDifference(back.palette, posed.palette)).toBeLessThan(1e-4);
    await expect(page.evaluate(() => window.kin.loadLesson('octopus'))).rejects.toThrow(/no lesson "octopus"; the lessons are spaces, canonical, arm, ik-steps/);
    expect(fresh.problems).toEqual([]);
  });
});
