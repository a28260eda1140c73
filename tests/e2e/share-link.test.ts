// Share links in Debian's Chromium: a posed page's link reproduces its pose,
// solver and camera in a fresh page opened on it; a damaged link or one for a
// file that is not loaded shows the banner and keeps the default pose; the URL follows
// posing with one history entry per completed change, and Back and Forward
// walk the poses; Copy link copies it (or offers it selected when the
// clipboard is refused); a state no link holds (a 600-joint glTF) leaves the
// URL without a link and Copy link saying why, with no page error.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BONES, type PoseLinkState, decodePoseLink, encodePoseLink } from '../../web/src/share/pose-link.js';
import { jointChain } from '../web/gltf-fixtures.js';
import { poseLinkInUrl, urlWithPoseLink } from '../../web/src/share/link-url.js';
import { ARTIFACTS, artifact, bannerText, countHistoryEntries, idle, openDemo } from './browser.js';
import { maxDifference } from './compare.js';
import { demoPage, sharedPage } from './shared-pages.js';

/** Waits until the page is idle (the fragment's 400 ms wait after a change included, link-fragment.ts): it holds a link other than `previous`. */
async function fragmentChange(page: Page, previous: string): Promise<void> {
  await idle(page);
  const hash = await page.evaluate(() => location.hash);
  expect(hash.startsWith('#p=') && hash !== previous, `${hash} after ${previous}`).toBe(true);
}

type Vec3 = [number, number, number];
// In front of the right side of the chest: reachable by the whole body.
const HAND_TARGET: Vec3 = [-0.3, 1.3, 0.35];

function linkState(url: string): PoseLinkState {
  const link = poseLinkInUrl(url);
  if (link === null) throw new Error(`no pose link in ${url}`);
  const decoded = decodePoseLink(link);
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.state;
}

/** The URL with one character of its link changed: here the first, which holds the magic byte. */
function damaged(url: string): string {
  const link = poseLinkInUrl(url)!;
  return urlWithPoseLink(url, (link[0] === 'A' ? 'B' : 'A') + link.slice(1));
}

describe('share links', () => {
  const demo = demoPage();
  let page: Page;
  let problems: string[];
  let defaultPalette: number[];

  beforeAll(async () => {
    ({ page, problems } = demo);
    defaultPalette = await page.evaluate(() => window.posePalette());
  });

  it('keeps the URL current while posing, one history entry per completed change', async () => {
    const start = await page.evaluate(() => ({ hash: location.hash }));
    const entries = await countHistoryEntries(page);
    expect(start.hash).toBe(''); // nothing changed yet: no link written
    await page.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
    await fragmentChange(page, start.hash);
    const posed = await page.evaluate(() => ({ hash: location.hash, href: location.href, link: window.kin.shareLink() }));
    expect(posed.hash).toMatch(/^#p=[A-Za-z0-9_-]+$/);
    expect(posed.href).toBe(posed.link);

    // A real 20-frame pointer drag of the left hand's handle.
    const handle = await page.evaluate(() => window.kin.handleScreenPosition('hand_l'));
    await page.mouse.click(handle.x, handle.y);
    await page.mouse.move(handle.x, handle.y);
    await page.mouse.down();
    for (let frame = 1; frame <= 20; frame++) {
      await page.mouse.move(handle.x + 4 * frame, handle.y - 3 * frame);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      // Held still mid-drag: the URL waits for the release (no link is encoded mid-gesture).
      // Idle once the write has come due and found the pointer held.
      if (frame === 10) {
        await idle(page);
        expect(await page.evaluate(() => location.hash)).toBe(posed.hash);
      }
    }
    await page.mouse.up();
    // Idle: no write is left that would still change it.
    await fragmentChange(page, posed.hash);
    const dragged = await page.evaluate(() => ({ hash: location.hash, href: location.href, link: window.kin.shareLink() }));
    expect(dragged.hash).not.toBe(posed.hash);
    expect(dragged.href).toBe(dragged.link);
    // One entry for the scripted move, one for the whole drag.
    expect(await entries()).toBe(2);
    expect(problems).toEqual([]);
  });

  it('Back and Forward walk the poses', async () => {
    const fresh = await sharedPage('other');
    const entries = await countHistoryEntries(fresh.page);
    const palette = () => fresh.page.evaluate(() => window.posePalette());
    const written = async (): Promise<void> => fragmentChange(fresh.page, await fresh.page.evaluate(() => location.hash));
    const posedPalette = async (previous: number[]): Promise<number[]> => {
      await fresh.page.waitForFunction((before) => window.posePalette().some((v, i) => i < before.length && Math.abs(v - before[i]) > 1e-3), previous, { timeout: 10_000 });
      return palette();
    };

    // Pose A (a solve), then pose B (a set pose: the other arm bent).
    await fresh.page.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
    await written();
    const a = await palette();
    await fresh.page.evaluate(() => {
      const { angles, rootOffset } = window.kin.getPose();
      angles[3 * window.kin.boneNames().indexOf('forearm_l') + 1] = -1.5;
      window.kin.setPose(angles, rootOffset);
    });
    await written();
    const b = await palette();
    expect(maxDifference(a, b)).toBeGreaterThan(1e-2);

    await fresh.page.evaluate(() => history.back());
    expect(maxDifference(await posedPalette(b), a)).toBeLessThan(1e-4);
    await fresh.page.evaluate(() => history.back());
    expect(maxDifference(await posedPalette(a), defaultPalette)).toBeLessThan(1e-4); // the page as it opened
    await fresh.page.evaluate(() => history.forward());
    expect(maxDifference(await posedPalette(defaultPalette), a)).toBeLessThan(1e-4);
    await fresh.page.evaluate(() => history.forward());
    expect(maxDifference(await posedPalette(a), b)).toBeLessThan(1e-4);
    // Walking adds no entries, and applying an entry writes no new one: the URL stays B's link.
    await idle(fresh.page);
    const end = await fresh.page.evaluate(() => ({ href: location.href, link: window.kin.shareLink() }));
    expect(await entries()).toBe(2);
    expect(end.href).toBe(end.link);
    expect(fresh.problems).toEqual([]);
  });

  it('a link reproduces the pose, solver and camera in a fresh page opened on it', async () => {
    await page.evaluate(() => window.kin.setSolver('gauss-newton'));
    await page.evaluate((t) => window.kin.setGoalTarget('hand_r', t), [-0.25, 1.35, 0.4] as Vec3);
    const link = await page.evaluate(() => window.kin.shareLink());
    const source = { palette: await page.evaluate(() => window.posePalette()), ...(await page.evaluate(() => ({ solver: window.kin.solver(), goals: window.kin.goals() }))) };

    const fresh = await openDemo(demo.browser, link);
    const shared = { palette: await fresh.page.evaluate(() => window.posePalette()), ...(await fresh.page.evaluate(() => ({ solver: window.kin.solver(), goals: window.kin.goals(), link: window.kin.shareLink() }))) };
    expect(maxDifference(shared.palette, source.palette)).toBeLessThan(1e-4);
    expect(maxDifference(shared.palette, defaultPalette)).toBeGreaterThan(1e-2); // really posed
    expect(shared.solver).toBe(source.solver);
    expect(shared.goals.map((g) => g.name)).toEqual(source.goals.map((g) => g.name));
    expect(maxDifference(shared.goals.flatMap((g) => g.target), source.goals.flatMap((g) => g.target))).toBeLessThan(1e-6);
    const [from, to] = [linkState(link).camera, linkState(shared.link).camera];
    expect(maxDifference([...to.position, ...to.target], [...from.position, ...from.target])).toBeLessThan(1e-5);
    expect(await bannerText(fresh.page)).toBeNull();
    expect(fresh.problems).toEqual([]);
    await fresh.page.close();
  });

  it('a damaged link shows the decoder’s error in a banner and keeps the default pose', async () => {
    const intact = await page.evaluate(() => window.kin.shareLink());
    const link = damaged(intact);
    const decoded = decodePoseLink(poseLinkInUrl(link)!);
    expect(decoded.ok).toBe(false);
    // Applied in another page, as opening it would (the opening of a pose link is the test above's).
    const fresh = await sharedPage('other');
    expect(await fresh.page.evaluate((url) => window.kin.applyLink(url), link)).toMatchObject({ ok: false });
    const banner = await bannerText(fresh.page);
    expect(banner).toContain(decoded.ok ? '' : decoded.error);
    expect(banner).toContain('damaged');
    expect(maxDifference(await fresh.page.evaluate(() => window.posePalette()), defaultPalette)).toBeLessThan(1e-6);
    await artifact(fresh.page, `${ARTIFACTS}/link-banner.png`);
    // The same through window.kin, for a truncated link.
    const truncated = urlWithPoseLink(intact, poseLinkInUrl(intact)!.slice(0, -3));
    const outcome = await fresh.page.evaluate((url) => window.kin.applyLink(url), truncated);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.error).toContain('truncated');
    expect(maxDifference(await fresh.page.evaluate(() => window.posePalette()), defaultPalette)).toBeLessThan(1e-6);
    expect(fresh.problems).toEqual([]);
  });

  it('a link for a glTF file that is not loaded asks for the file and keeps the default pose', async () => {
    const state = linkState(await page.evaluate(() => window.kin.shareLink()));
    const name = '<b>robot</b>.glb';
    const joints = Array.from({ length: state.boneCount }, (_, k) => k);
    const link = urlWithPoseLink(demo.site.url, encodePoseLink({ ...state, character: { kind: 'gltf', name, joints } }));
    const fresh = await sharedPage('other');
    expect(await fresh.page.evaluate((url) => window.kin.applyLink(url), link)).toMatchObject({ ok: false });
    expect(await bannerText(fresh.page)).toBe(`Load '${name}' to apply this pose`);
    expect(await fresh.page.evaluate(() => document.querySelector('.link-banner b'))).toBeNull(); // text, not markup
    expect(maxDifference(await fresh.page.evaluate(() => window.posePalette()), defaultPalette)).toBeLessThan(1e-6);
    expect(fresh.problems).toEqual([]);
  });

  it('Copy link copies the current link', async () => {
    const { page: copying, problems: copyProblems } = await sharedPage('other');
    await copying.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await copying.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
    // Straight after posing: the button must not copy a stale URL.
    await copying.click('.copy-link-button');
    await copying.waitForFunction(() => document.querySelector('.copy-link-button')?.textContent === 'Link copied');
    const copied = await copying.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await copying.evaluate(() => window.kin.shareLink()));
    expect(copied).toBe(await copying.evaluate(() => location.href));
    expect(copyProblems).toEqual([]);
    await copying.context().clearPermissions();
  });

  it('a character with more joints than a link holds: no page error, no link in the URL, Copy link and kin.shareLink() say why', async () => {
    const { page: fresh, problems: freshProblems } = await sharedPage('other');
    // The default character posed: its link is in the URL, and must leave it with the character.
    await fresh.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
    await fragmentChange(fresh, '');
    const chain = Array.from(new Uint8Array(jointChain(600).glb()));
    const loaded = await fresh.evaluate((bytes) => window.kin.loadModel({ name: 'chain600.glb', bytes: Uint8Array.from(bytes) }), chain);
    expect(loaded.ok).toBe(true);
    const tip = await fresh.evaluate(() => window.kin.goals()[0].name);
    expect(tip).toBe('j599');
    await fresh.evaluate(() => window.kin.setGoalTarget(0, [0.5, 5, 0]));
    // Idle: past the fragment's wait, the writer has run.
    await idle(fresh);
    expect(freshProblems).toEqual([]);
    const reason = `This state cannot be shared as a link: bone count 600 exceeds ${MAX_BONES}`;
    expect(await fresh.evaluate(() => location.hash)).toBe('');
    expect(await fresh.evaluate(() => {
      try {
        return window.kin.shareLink();
      } catch (error) {
        return (error as Error).message;
      }
    })).toBe(`kin: ${reason}`);
    await fresh.click('.copy-link-button');
    await fresh.waitForSelector('.copy-link-note:not([hidden])');
    expect(await fresh.evaluate(() => document.querySelector('.copy-link-note')!.textContent)).toBe(reason);
    expect(await fresh.evaluate(() => document.querySelector('.copy-link-button')!.textContent)).toBe('No link');
    expect(await fresh.evaluate(() => location.hash)).toBe('');
    expect(freshProblems).toEqual([]);
  });

  it('where the clipboard is refused, Copy link offers the link selected', async () => {
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    });
    await page.click('.copy-link-button');
    await page.waitForSelector('.copy-link-fallback:not([hidden])');
    const offered = await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('.copy-link-fallback')!;
      return { value: input.value, selected: input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0), href: location.href };
    });
    expect(offered.value).toBe(offered.href);
    expect(offered.selected).toBe(offered.value);
    // The page's own clipboard again (the page is shared with the files after this one).
    await page.evaluate(() => delete (navigator.clipboard as { writeText?: unknown }).writeText);
    expect(await page.evaluate(() => typeof navigator.clipboard.writeText)).toBe('function');
    expect(problems).toEqual([]);
  });
});
