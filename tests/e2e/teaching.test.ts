// The lessons in Debian's Chromium: every lesson opens (as the lesson menu
// and window.kin open it, in one page) with no console errors, shows its
// text panel with its task not yet done and, where it has a tool, that
// tool's overlay in the view (a character drawn, not a blank canvas); a
// lesson's link (?lesson=<id>, opened in a fresh page) opens it, where
// stepping DLS three times shows three energies below the start, falling;
// a lesson's share link keeps its tool's state; the lesson index opens a
// lesson; a link to a lesson that does not exist says so (its name as
// text, never markup); embed mode shows the view and the text panel only.
// Screenshots at the usual sizes go to the artifacts with KIN_E2E_ARTIFACTS=1.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, artifactsAt, bannerText, canvasScreenshot, nextFrame, openDemo, resizeWindow } from './browser.js';
import { demoPage, sharedPage } from './shared-pages.js';
import { showsCharacter } from './pixels.js';
import { decodePoseLink, encodePoseLink } from '../../web/src/share/pose-link.js';
import { poseLinkInUrl, urlWithPoseLink } from '../../web/src/share/link-url.js';

// What each tool draws as soon as its lesson opens (kin.lessonOverlay's names).
const OVERLAY: Record<string, string[]> = {
  'step-through': ['residual'],
  frames: ['pose-frames', 'bind-frames'],
  triangle: ['two-bone-triangle', 'two-bone-third-side'],
  trails: ['tip-trail'],
  curves: [],
  'solver-duel': [],
  race: [],
  weights: ['weight-colors'],
};

describe('lessons', () => {
  const demo = demoPage();
  let ids: string[];

  beforeAll(async () => {
    ids = await demo.page.evaluate(() => window.kin.lessons().map((l) => l.id));
  });

  it('opens every lesson, with its text, its task not done, and its overlay', async () => {
    expect(ids.length).toBeGreaterThanOrEqual(13);
    const { page, problems } = demo;
    for (const id of ids) {
      // Each as the page opens it (the page as it opens, then the lesson).
      await page.evaluate((lesson) => window.kin.reset().then(() => window.kin.loadLesson(lesson)), id);
      await nextFrame(page);
      const state = await page.evaluate(() => window.kin.lesson());
      expect(state?.id, id).toBe(id);
      expect(state?.done, id).toBe(false);
      const card = await page.$eval('.lesson-card', (c) => ({ shown: !(c as HTMLElement).hidden, title: c.querySelector('h2')?.textContent, task: c.querySelector('.lesson-task-text')?.textContent, status: c.querySelector('.lesson-task-status')?.textContent }));
      expect(card.shown, id).toBe(true);
      expect(card.title, id).toBe(state?.title);
      expect(card.task?.length, id).toBeGreaterThan(20);
      expect(card.status, id).toBe('Not done yet.');
      const overlay = await page.evaluate(() => window.kin.lessonOverlay());
      for (const name of OVERLAY[state?.tool ?? ''] ?? []) expect(overlay[name] ?? 0, `${id}: ${name}`).toBeGreaterThan(0);
      // The keyframes lesson opens the curve view on its keyed bone.
      if (id === 'keyframes') expect(await page.evaluate(() => window.kin.selectedBone())).toBe('forearm');
      const shot = await canvasScreenshot(page);
      expect(showsCharacter(shot), id).toBe(true);
      await artifact(page, `${ARTIFACTS}/lesson-${id}-1280x800.png`);
      expect(problems, id).toEqual([]);
    }
  }, 600_000);

  it('a lesson\'s link opens it; stepping DLS three times: three energies below the start, falling, and the trial points of each step', async () => {
    const { page, problems } = await openDemo(demo.browser, `${demo.site.url}?lesson=ik-steps`);
    expect(await page.evaluate(() => window.kin.lesson()?.id)).toBe('ik-steps');
    await nextFrame(page);
    expect(await page.inputValue('select[name=step-method]')).toBe('dls');
    for (let k = 0; k < 3; k++) await page.click('[data-action="lesson-step"]');
    await nextFrame(page);
    const shows = (await page.evaluate(() => window.kin.lesson()?.shows)) as { energies: number[]; shown: number; steps: number };
    expect(shows.shown).toBe(3);
    expect(shows.steps).toBe(3);
    expect(shows.energies).toHaveLength(4);
    for (let k = 1; k < 4; k++) expect(shows.energies[k]).toBeLessThan(shows.energies[k - 1]);
    const summary = await page.textContent('.lesson-step-summary');
    expect(summary).toMatch(/^Iteration 3 of \d+/);
    // The analytic Jacobian beside finite differences: one row per active angle of the arm (three hinges), differences small.
    const differences = await page.$$eval('.lesson-jacobian tbody tr', (rows) => rows.map((r) => Number(r.children[3].textContent)));
    expect(differences).toHaveLength(3);
    for (const d of differences) expect(d).toBeLessThan(1e-2);
    expect((await page.evaluate(() => window.kin.lessonOverlay()))['trial-point'] ?? 0).toBeGreaterThan(0);
    // Gauss–Newton on the unreachable target: the page says when E rose.
    await page.selectOption('select[name=step-method]', 'gauss-newton');
    await page.selectOption('select[name=step-target]', 'unreachable');
    await page.click('[data-action="lesson-run"]');
    const gn = (await page.evaluate(() => window.kin.lesson()?.shows)) as { status: string; method: string };
    expect(gn.method).toBe('gauss-newton');
    expect(gn.status).not.toBe('converged');
    await artifact(page, `${ARTIFACTS}/lesson-ik-steps-stepped-1280x800.png`);
    await artifactsAt(page, [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }], ({ width, height }) => `${ARTIFACTS}/lesson-ik-steps-${width}x${height}.png`);
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('a lesson\'s share link keeps its tool\'s state: the step-through\'s method, target and iteration, the duel\'s λ, a rebuilt skeleton', async () => {
    /** Applies `url` in another page (reset first), as opening it there would, and returns what the lesson shows there, its pose and bone tips. */
    const reopen = async (url: string): Promise<{ shows: Record<string, unknown>; angles: number[]; tips: number[]; banner: string | null }> => {
      const { page, problems } = await sharedPage('other');
      await page.evaluate((link) => window.kin.applyLink(link), url);
      await nextFrame(page);
      const state = await page.evaluate(() => ({ shows: window.kin.lesson()?.shows ?? {}, angles: window.kin.getPose().angles, tips: window.kin.boneTips() }));
      const banner = await bannerText(page);
      expect(problems, url).toEqual([]);
      return { ...state, banner };
    };
    const near = (a: number[], b: number[], tolerance: number): void => {
      expect(a).toHaveLength(b.length);
      a.forEach((v, k) => expect(Math.abs(v - b[k]), `entry ${k}`).toBeLessThan(tolerance));
    };

    // The source page: one page, each lesson shown through window.kin as its menu shows it;
    // checked to be that lesson, not done.
    const { page, problems } = demo;
    await page.evaluate(() => window.kin.reset().then(() => window.kin.loadLesson('ik-steps')));
    await nextFrame(page);
    const showLesson = async (id: string): Promise<void> => {
      await page.evaluate((lesson) => window.kin.loadLesson(lesson), id);
      await nextFrame(page);
      expect(await page.evaluate(() => ({ id: window.kin.lesson()?.id, done: window.kin.lesson()?.done }))).toEqual({ id, done: false });
    };

    // Step-through: CCD on the unreachable target, shown at iteration 2.
    await page.selectOption('select[name=step-method]', 'ccd');
    await page.selectOption('select[name=step-target]', 'unreachable');
    for (let k = 0; k < 2; k++) await page.click('[data-action="lesson-step"]');
    const stepped = await page.evaluate(() => ({ shows: window.kin.lesson()?.shows as Record<string, unknown>, angles: window.kin.getPose().angles, link: window.kin.shareLink() }));
    expect(stepped.shows.method).toBe('ccd');
    expect(stepped.shows.shown).toBe(2);
    const steps = await reopen(stepped.link);
    expect(steps.banner).toBeNull();
    expect(steps.shows.method).toBe('ccd');
    expect(steps.shows.shown).toBe(2);
    expect(steps.shows.energies).toEqual(stepped.shows.energies);
    near(steps.angles, stepped.angles, 1e-6);
    // Settings that break the tool's rules: each named, the tool at its start for those (the method is taken).
    const decoded = decodePoseLink(poseLinkInUrl(stepped.link)!);
    if (!decoded.ok || decoded.state.character.kind !== 'lesson') throw new Error('the step-through link does not decode as a lesson link');
    const forged = encodePoseLink({ ...decoded.state, character: { ...decoded.state.character, settings: { method: 1, unreachable: 0, iteration: 999, bogus: 1 } } });
    const forgedBack = await reopen(urlWithPoseLink(stepped.link, forged));
    expect(forgedBack.shows.method).toBe('gauss-newton');
    expect(forgedBack.shows.shown).toBe(0);
    expect(forgedBack.banner).toMatch(/^This link's lesson settings were partly refused \('iteration' = 999 is not a whole number within \[0, \d+\]; unknown 'bogus'\)/);
    expect(problems).toEqual([]);

    // The 4-DOF arm's duel: λ 0.1 on the unreachable target, the arm showing the transpose's result.
    await showLesson('arm4');
    await page.selectOption('select[name=duel-target]', 'unreachable');
    await page.selectOption('select[name=duel-damping]', '0.1');
    await page.selectOption('select[name=duel-shown]', 'transpose');
    const duel = await page.evaluate(() => ({ shows: window.kin.lesson()?.shows as Record<string, unknown>, angles: window.kin.getPose().angles, link: window.kin.shareLink() }));
    expect(duel.shows).toMatchObject({ damping: 0.1, unreachable: true });
    const duelBack = await reopen(duel.link);
    expect(duelBack.shows).toMatchObject({ damping: 0.1, unreachable: true });
    near(duelBack.angles, duel.angles, 1e-6);
    expect(problems).toEqual([]);

    // Spaces and axes: the upper arm's extent changed (the rig rebuilt), the forearm bent by its slider.
    await showLesson('spaces');
    const tipsBefore = await page.evaluate(() => window.kin.boneTips());
    await page.selectOption('select[name=frames-bone]', '0');
    await page.$eval('input[data-key="extent-0"]', (input) => {
      (input as HTMLInputElement).valueAsNumber = 0.45;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await nextFrame(page);
    const rebuilt = await page.evaluate(() => ({ shows: window.kin.lesson()?.shows as Record<string, unknown>, angles: window.kin.getPose().angles, tips: window.kin.boneTips(), link: window.kin.shareLink() }));
    expect(rebuilt.shows.parameters).toMatchObject({ bone: 0, 'extent-0.0': 0.45 });
    // The whole arm moved along x by the longer upper bone (0.45 − 0.3 m, its rest direction unchanged in the pose shown).
    expect(Math.abs(rebuilt.tips[0] - tipsBefore[0])).toBeGreaterThan(0.1);
    const spacesBack = await reopen(rebuilt.link);
    expect(spacesBack.banner).toBeNull();
    expect(spacesBack.shows.parameters).toEqual(rebuilt.shows.parameters);
    near(spacesBack.tips, rebuilt.tips, 1e-5);
    near(spacesBack.angles, rebuilt.angles, 1e-6);
    expect(problems).toEqual([]);

    // The candy wrapper's weights: capsules, the first bone, its radius dragged.
    await showLesson('candy');
    await page.selectOption('select[name=weights-source]', 'capsule');
    await page.selectOption('select[name=weights-bone]', '0');
    await page.$eval('input[name=weights-radius]', (input) => {
      (input as HTMLInputElement).valueAsNumber = 0.2;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await nextFrame(page);
    const weights = await page.evaluate(() => ({ shows: window.kin.lesson()?.shows as Record<string, unknown>, link: window.kin.shareLink() }));
    expect(weights.shows).toMatchObject({ bone: 0, capsule: true });
    expect((weights.shows.radii as number[])[0]).toBe(0.2);
    const weightsBack = await reopen(weights.link);
    expect(weightsBack.shows).toMatchObject({ bone: 0, capsule: true, radii: weights.shows.radii, note: weights.shows.note });
    expect(problems).toEqual([]);
  }, 600_000);

  it('window.kin builds rigs in both seed conventions, and names bad input', async () => {
    // Building rigs changes nothing the page shows: the index's test below still finds it as it opened.
    const { page, problems } = demo;
    await page.evaluate(() => window.kin.reset());
    const built = await page.evaluate(() => {
      const axes = window.kin.axesFromBoneRig([
        { name: 'a', parent: -1, extent: [0, 1, 0], roll: 0, base: [0, 0.5, 0] },
        { name: 'b', parent: 0, extent: [1, 0, 0], roll: Math.PI / 2 },
      ]);
      const canonical = window.kin.canonicalBoneRig([{ name: 'c', parent: -1, restT: [0, 1, 0], restQ: [0, 0, Math.SQRT1_2, Math.SQRT1_2], length: 0.5 }]);
      let error = '';
      try {
        window.kin.axesFromBoneRig([{ name: 'bad', parent: -1, extent: [0, Number.NaN, 0], roll: 0 }]);
      } catch (e) {
        error = (e as Error).message;
      }
      return { axes, canonical, error };
    });
    // The child starts at its parent's tip: base + extent.
    expect(built.axes[1].restT).toEqual([0, 1, 0]);
    expect(built.axes[1].tip?.map((v) => Number(v.toFixed(6)))).toEqual([1, 0, 0]);
    expect(built.canonical[0].order).toBe('XZX');
    expect(built.error).toMatch(/^Rig: .*bad.*extent/);
    expect(problems).toEqual([]);
  }, 300_000);

  it('the lesson index lists every lesson and opens one', async () => {
    const { page, problems } = demo;
    expect(await page.evaluate(() => ({ model: window.kin.model(), lesson: window.kin.lesson() }))).toEqual({ model: { kind: 'default' }, lesson: null });
    await page.click('[data-action="lessons"]');
    const listed = await page.$$eval('.lesson-index-list a', (links) => links.map((a) => (a as HTMLElement).dataset.lesson));
    expect(listed).toEqual(ids);
    await artifact(page, `${ARTIFACTS}/lesson-index-1280x800.png`);
    await page.click('.lesson-index-list a[data-lesson="two-bone"]');
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.lesson()?.id)).toBe('two-bone');
    expect(await page.isHidden('.lesson-index')).toBe(true);
    expect(problems).toEqual([]);
  }, 300_000);

  it('a link to a lesson the page does not have says so and shows the default character', async () => {
    const { page, problems } = await openDemo(demo.browser, `${demo.site.url}?lesson=%3Cimg%3Eoctopus`);
    await nextFrame(page);
    expect(await bannerText(page)).toBe(`This page has no lesson "<img>octopus"; its lessons are ${ids.join(', ')}`);
    expect(await page.evaluate(() => ({ model: window.kin.model(), lesson: window.kin.lesson() }))).toEqual({ model: { kind: 'default' }, lesson: null });
    expect(await page.$('.link-banner img')).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('a bone picked in a lesson shows its sliders in sight, below the lesson’s card (candy at 1440×900)', async () => {
    const { page, problems } = await sharedPage('desktop', { width: 1440, height: 900 });
    await page.evaluate(() => window.kin.loadLesson('candy'));
    await nextFrame(page);
    await page.evaluate(() => window.kin.selectBone('lower'));
    await nextFrame(page);
    const boxes = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      return { panel: box('.bone-panel'), card: box('.lesson-card'), timeline: box('.timeline'), slider: box('.bone-panel input[type=range]') };
    });
    expect(boxes.panel.top).toBeGreaterThanOrEqual(boxes.card.bottom);
    expect(boxes.slider.bottom).toBeLessThanOrEqual(boxes.timeline.top);
    expect(problems).toEqual([]);
  }, 300_000);

  it('embedded, a lesson shows the view and its text panel only', async () => {
    // The embedded page (opened with ?embed=1: publishing.test.ts's), the lesson shown in it as its link shows it.
    const { page, problems } = await sharedPage('embed');
    await page.evaluate(() => window.kin.loadLesson('spaces'));
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.lesson()?.id)).toBe('spaces');
    expect(await page.isVisible('.lesson-card')).toBe(true);
    for (const selector of ['.shell-top', '.shell-tools', '.shell-inspector', '.timeline', '.lesson-index']) expect(await page.$(selector), selector).toBeNull();
    await artifact(page, `${ARTIFACTS}/lesson-spaces-embed-1280x800.png`);
    // On a phone the card lies across the view's lower part: each lesson's handles are drawn above it, and its task is in sight inside it.
    await resizeWindow(page, { width: 390, height: 844 });
    for (const lesson of ['spaces', 'arm', 'ik-steps', 'candy', 'chain']) {
      await page.evaluate((id) => window.kin.loadLesson(id), lesson);
      await nextFrame(page);
      await nextFrame(page);
      const seen = await page.evaluate(() => {
        const card = document.querySelector('.lesson-card')!.getBoundingClientRect();
        const task = document.querySelector('.lesson-card .lesson-task')!.getBoundingClientRect();
        const handles = window.kin.goals().map((goal) => window.kin.handleScreenPosition(goal.name));
        return { cardTop: card.top, cardBottom: card.bottom, taskTop: task.top, taskBottom: task.bottom, handles, height: innerHeight };
      });
      for (const handle of seen.handles) expect(handle.y, lesson).toBeLessThan(seen.cardTop);
      expect(seen.taskTop, lesson).toBeGreaterThanOrEqual(seen.cardTop);
      expect(seen.taskBottom, lesson).toBeLessThanOrEqual(Math.min(seen.cardBottom, seen.height));
    }
    await page.evaluate(() => window.kin.loadLesson('spaces'));
    await nextFrame(page);
    await artifact(page, `${ARTIFACTS}/lesson-spaces-embed-390x844.png`);
    await resizeWindow(page, { width: 1280, height: 800 });
    expect(problems).toEqual([]);
  }, 300_000);
});
