// kin.reset() and kin.idle() in Debian's Chromium, which the other e2e files
// stand on (shared-pages.ts hands them reset pages; browser.ts's idle()
// replaces sleeps). A page turned every way a user can turn it — a lesson
// and a loaded file shown, then the default character posed, another
// solver with settings, a target added and pinned, a bone selected, the
// view's toggles, a clip keyed and playing, springs changed, the background
// thread on, dialogs, menus, banners and folds open, the retarget panel with
// a source, the camera moved, the window resized — then reset, reads back
// exactly as a page freshly opened: every kin reading and every element of
// the page with its attributes, text and control state. kin.idle() resolves
// only once the share link is in the address bar and the springs are at
// rest, after which the page draws nothing; it names what keeps it busy.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jointChain } from '../web/gltf-fixtures.js';
import { browserFrames, dragHandle, idle, openDemo, resizeWindow } from './browser.js';
import { demoPage, open, sharedPage } from './shared-pages.js';

/**
 * Everything a user or a script can read of the page: kin's readings, and
 * every element under <body> that is laid out, with its attributes, text and
 * control state (of one that is not, only that: what it holds shows anew when it opens). The
 * canvas's cursor is left out: it follows the pointer, which no reset moves; so is an empty
 * style attribute (a driver's click leaves one), which styles nothing.
 */
function fingerprint(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const { kin } = window;
    const readings = {
      model: kin.model(),
      bones: kin.boneNames(),
      pose: kin.getPose(),
      // Without the spring chains' bones: where they come to rest depends on the frames' timing.
      palette: window.posePalette(),
      goals: kin.goals(),
      solver: kin.solver(),
      energy: kin.energyHistory(),
      undo: kin.undoDepth(),
      clip: kin.clip(),
      clips: kin.clipNames(),
      time: kin.time(),
      keys: kin.keyTimes(),
      skinning: kin.skinning(),
      skeleton: kin.skeletonShown(),
      bone: kin.selectedBone(),
      goal: kin.selectedGoal(),
      symmetric: kin.symmetricDrag(),
      background: kin.backgroundSolving(),
      // To a nanometre: the orbit's round trip through spherical coordinates leaves the last
      // bit of a coordinate to how many updates ran, after a resize one more than on opening.
      camera: ((camera) => ({ position: camera.position.map((c) => Math.round(c * 1e9) / 1e9), target: camera.target.map((c) => Math.round(c * 1e9) / 1e9) }))(kin.camera()),
      springs: kin.springs(),
      lesson: kin.lesson(),
      presets: kin.presets(),
      retarget: { report: kin.retargetReport(), map: kin.retargetMap() },
      hash: location.hash,
      link: kin.shareLink(),
    };
    const elements: string[] = [];
    const describe = (element: Element, depth: number): void => {
      const laidOut = element.getClientRects().length > 0 || element === document.body;
      if (!laidOut) {
        elements.push(`${'  '.repeat(depth)}<${element.tagName.toLowerCase()} class=${element.className}> not shown`);
        return;
      }
      const styled = (a: Attr): string => (a.name === 'style' ? a.value.replace(/cursor: [^;]*;\s*/, '') : a.value);
      const attributes = Array.from(element.attributes).filter((a) => !(a.name === 'style' && styled(a) === '')).map((a) => `${a.name}=${styled(a)}`).sort().join(' ');
      const control = element as HTMLInputElement & HTMLSelectElement & HTMLDetailsElement;
      const state = [
        'value' in control ? `value=${control.value}` : '',
        'checked' in control ? `checked=${control.checked}` : '',
        'selectedIndex' in control ? `selected=${control.selectedIndex}` : '',
        element instanceof HTMLDetailsElement ? `open=${control.open}` : '',
        element instanceof HTMLElement ? `hidden=${element.hidden} scroll=${element.scrollTop},${element.scrollLeft}` : '',
        element === document.activeElement ? 'focused' : '',
      ].filter(Boolean).join(' ');
      const text = Array.from(element.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim();
      elements.push(`${'  '.repeat(depth)}<${element.tagName.toLowerCase()} ${attributes}> ${state} ${JSON.stringify(text)}`);
      for (const child of element.children) describe(child, depth + 1);
    };
    describe(document.body, 0);
    return { readings, elements };
  });
}

describe('kin.reset()', () => {
  const demo = demoPage();

  it('gives back, after every kind of change, exactly what a freshly opened page shows', async () => {
    const fresh = await openDemo(demo.browser, demo.site.url);
    await idle(fresh.page);
    const opened = await fingerprint(fresh.page);
    expect(fresh.problems).toEqual([]);
    await fresh.page.close();

    const { page, problems } = demo;
    // Another character, then a file of the user's, then the default character edited every way.
    await page.evaluate(() => window.kin.loadLesson('ik-steps'));
    await page.click('[data-action="lesson-step"]');
    const chain = Array.from(new Uint8Array(jointChain(6).glb()));
    expect(await page.evaluate((bytes) => window.kin.loadModel({ name: 'chain.glb', bytes: Uint8Array.from(bytes) }).then((o) => o.ok), chain)).toBe(true);
    await page.evaluate(() => window.kin.loadLesson(null));
    await dragHandle(page, 'hand_r', 60, -40);
    await page.evaluate(() => {
      const { kin } = window;
      kin.setSolver('fabrik', { maxIterations: 7 });
      kin.addGoal('head');
      kin.pin('hand_l');
      kin.setGoalTarget('head', [0.1, 1.8, 0.2]);
      kin.setSkinning('dqs');
      kin.setDebugView('cpu-skinned', 'normal');
      kin.showSkeleton(true);
      kin.setSymmetricDrag(true);
      kin.setBackgroundSolving(true);
      kin.setSpring('ponytail', { frequencyHz: 4, enabled: false });
      kin.showTimeline({ folded: true, curves: true });
      kin.setLoop(false);
      kin.key();
      kin.setTime(1);
      kin.key();
      kin.selectKeys([1]);
      kin.showView('side');
      kin.selectBone('forearm_l');
      kin.applyLink(`${location.href.split('#')[0]}#p=damaged`);
      kin.retargetBuiltIn('Default character', { clip: 'Wave' });
      kin.showRetargetPanel(true);
      kin.play();
    });
    await page.click('[data-action="ghosts"]');
    await page.click('[data-action="fold-tools"]');
    await page.click('.menu[data-menu="file"] > summary');
    await page.evaluate(() => document.querySelector<HTMLElement>('.help-overlay')!.hidden = false);
    await resizeWindow(page, { width: 1000, height: 700 });
    await page.evaluate(() => {
      document.querySelector('.shell-inspector .shell-body')!.scrollTop = 200;
    });
    await page.evaluate(() => window.kin.pause());

    await resizeWindow(page, { width: 1280, height: 800 });
    await idle(page);
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.kin.reset());
    expect(await fingerprint(page)).toEqual(opened);
    expect(problems).toEqual([]);
  });

  it('is undone by nothing: undo has no step, and the page draws nothing until something changes', async () => {
    const { page } = demo;
    await page.evaluate(() => window.kin.reset());
    expect(await page.evaluate(() => window.kin.undo())).toBe(false);
    const frames = await page.evaluate(() => window.kin.renderedFrames());
    await browserFrames(page, 10);
    expect(await page.evaluate(() => window.kin.renderedFrames())).toBe(frames);
  });
});

describe('kin.reset() on a phone', () => {
  it('gives back what a phone opening the page shows, after a sheet, a lesson, a selection and another window size', async () => {
    const { browser, page, problems } = await sharedPage('phone');
    const fresh = await open(browser, 'phone');
    await idle(fresh.page);
    const opened = await fingerprint(fresh.page);
    expect(fresh.problems).toEqual([]);
    await fresh.page.context().close();

    await page.click('[data-action="tab-inspector"]');
    await page.evaluate(() => {
      window.kin.loadLesson('arm');
      window.kin.selectGoal('hand');
      window.kin.showTimeline({ folded: false, curves: true });
    });
    await resizeWindow(page, { width: 600, height: 900 });
    await resizeWindow(page, { width: 390, height: 844 });
    await idle(page);
    await page.evaluate(() => window.kin.reset());
    expect(await fingerprint(page)).toEqual(opened);
    expect(problems).toEqual([]);
  });
});

describe('kin.idle()', () => {
  const demo = demoPage();

  it('resolves once the share link is in the address bar and the ponytail has come to rest; then nothing is drawn', async () => {
    const { page, problems } = demo;
    const written = await page.evaluate(async () => {
      window.kin.setGoalTarget('hand_r', [-0.3, 1.3, 0.35]);
      const before = location.hash;
      await window.kin.idle();
      return { before, after: { hash: location.hash, settled: window.kin.springsSettled(), link: window.kin.shareLink(), href: location.href } };
    });
    // Right after the move nothing is written yet (the link waits 400 ms): idle waited for it, and for the springs.
    expect(written.before).toBe('');
    expect(written.after.hash.startsWith('#p=')).toBe(true);
    expect(written.after.href).toBe(written.after.link);
    expect(written.after.settled).toBe(true);
    const frames = await page.evaluate(() => window.kin.renderedFrames());
    await browserFrames(page, 10);
    expect(await page.evaluate(() => window.kin.renderedFrames())).toBe(frames);
    expect(problems).toEqual([]);
  });

  it('names what keeps the page busy: a playing clip never lets it rest', async () => {
    const { page } = demo;
    await page.evaluate(() => {
      window.kin.useClip('Wave');
      window.kin.play();
    });
    await expect(page.evaluate(() => window.kin.idle(500))).rejects.toThrow(/still busy after 500 ms: a clip playing/);
    await page.evaluate(() => window.kin.pause());
    await idle(page);
    await expect(page.evaluate(() => window.kin.idle(0))).rejects.toThrow(/timeout in milliseconds/);
  });
});
