// Publishing the tool, in Debian's Chromium: embed mode (?embed=1) shows the
// character and a link to the full view and nothing else, the link carries
// the pose, and an embedded page leaves the history of the page around it
// alone; Save PNG and kin.snapshot() give a PNG through the render camera at
// its size; the built dist/
// served from a deep sub-path of a plain static server loads, asks for
// nothing outside its folder, and reproduces a pose from a link.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, type Site, artifact, clickFileMenu, collectProblems, downloadedBytes, openDemo, screenshot, servedSite, sharedChromium } from './browser.js';
import { demoPage } from './shared-pages.js';
import { maxDifference } from './compare.js';
import { showsCharacter } from './pixels.js';
import { type StaticSite, serveStatic } from './static-server.js';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const MOUNT = '/some/deep/path/';
// Everything a page draws or reacts to besides the canvas, in full view.
const PANEL_SELECTORS = ['.hud', '.solver-panel', '.energy-plot', '.bone-panel', '.copy-link-button', '.save-image-button', '.page-nav', '.skinning-toggle'];

type Vec3 = [number, number, number];
// In front of the right side of the chest: reachable by the whole body.
const HAND_TARGET: Vec3 = [-0.3, 1.3, 0.35];

/** The page's URL with `query` (e.g. '?embed=1') in place of its query. */
function withQuery(url: string, query: string): string {
  const result = new URL(url);
  result.search = query;
  return result.href;
}

/** Decodes a PNG and checks it is the render camera's picture: its size, the body opaque in the middle, a transparent corner. */
function checkViewPng(bytes: Buffer, size: { width: number; height: number }): void {
  const png = PNG.sync.read(bytes);
  expect([png.width, png.height]).toEqual([size.width, size.height]);
  let opaque = 0;
  for (let i = 3; i < png.data.length; i += 4) if (png.data[i] > 0) opaque++;
  // The figure covers a real part of the picture (clean: no grid)...
  expect(opaque / (png.width * png.height)).toBeGreaterThan(0.03);
  // ...the framed body fills the middle, and the default background is transparent.
  expect(png.data[((png.height >> 1) * png.width + (png.width >> 1)) * 4 + 3]).toBe(255);
  expect(png.data[3]).toBe(0);
}

/** The render camera's picture size: what snapshots are taken at (not the canvas's). */
async function pictureSize(page: Page): Promise<{ width: number; height: number }> {
  return page.evaluate(() => {
    const { width, height } = window.kin.renderCamera();
    return { width, height };
  });
}

describe('publishing', () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    site = servedSite();
    browser = await sharedChromium();
  });

  describe('embed mode', () => {
    let page: Page;
    let problems: string[];

    beforeAll(async () => {
      ({ page, problems } = await openDemo(browser, withQuery(site.url, '?embed=1')));
    });

    afterAll(async () => {
      await page?.context().close();
    });

    it('shows the canvas with the character and the full-view link, no panels', async () => {
      const dom = await page.evaluate((selectors) => ({
        panels: selectors.filter((selector) => document.querySelector(selector) !== null),
        shown: Array.from(document.getElementById('app')!.children)
          // Shown: not hidden and taking room (the banners' column is empty while no banner shows).
          .filter((element) => !(element as HTMLElement).hidden && element.getBoundingClientRect().width * element.getBoundingClientRect().height > 0)
          .map((element) => element.tagName.toLowerCase() + (element.className ? `.${element.className}` : '')),
      }), PANEL_SELECTORS);
      expect(dom.panels).toEqual([]);
      expect(dom.shown).toEqual(['canvas', 'a.full-view-link']);
      expect(showsCharacter(await screenshot(page, `${ARTIFACTS}/embed.png`))).toBe(true);
      await expect(page.evaluate(() => window.kin.selectBone('head'))).rejects.toThrow(/embed mode/);
      expect(problems).toEqual([]);
    });

    it('the full-view link carries the pose to the full page', async () => {
      await page.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
      const embedded = await page.evaluate(() => ({ palette: window.posePalette(), link: window.kin.shareLink() }));
      await page.hover('.full-view-link');
      const href = await page.getAttribute('.full-view-link', 'href');
      // The same page and pose link, without the embed flag.
      expect(href).toBe(withQuery(embedded.link, ''));

      // Following it for real opens the full view in a new tab, posed.
      const [full] = await Promise.all([page.context().waitForEvent('page'), page.click('.full-view-link')]);
      const fullProblems = collectProblems(full);
      await full.waitForFunction(() => window.kin !== undefined, undefined, { timeout: 60_000 });
      await full.evaluate(() => window.kin.ready);
      expect(full.url()).toBe(href);
      expect(maxDifference(await full.evaluate(() => window.posePalette()), embedded.palette)).toBeLessThan(1e-4);
      expect(await full.evaluate(() => document.querySelector('.solver-panel') !== null)).toBe(true);
      expect(fullProblems).toEqual([]);
      await full.close();
      expect(problems).toEqual([]);
    });

    it('in an iframe, posing keeps the URL current without adding to the page’s history', async () => {
      const host = await browser.newPage({ viewport: { width: 900, height: 600 } });
      const hostProblems = collectProblems(host);
      await host.setContent(`<iframe src="${withQuery(site.url, '?embed=1')}" width="640" height="420"></iframe>`);
      const frame = await (await host.waitForSelector('iframe')).contentFrame();
      await frame!.waitForFunction(() => window.kin !== undefined, undefined, { timeout: 60_000 });
      await frame!.evaluate(() => window.kin.ready);
      const before = await host.evaluate(() => history.length);
      await frame!.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
      await frame!.waitForFunction(() => location.hash.startsWith('#p='), undefined, { timeout: 10_000 });
      await frame!.evaluate(() => window.kin.setGoalTarget('hand_l', [0.3, 1.3, 0.35]));
      await frame!.waitForFunction((first) => location.hash !== first, await frame!.evaluate(() => location.hash), { timeout: 10_000 });
      expect(await host.evaluate(() => history.length)).toBe(before);
      expect(await frame!.evaluate(() => location.href)).toBe(await frame!.evaluate(() => window.kin.shareLink()));
      await artifact(host, `${ARTIFACTS}/embed-iframe.png`);
      expect(hostProblems).toEqual([]);
      await host.close();
    });
  });

  describe('snapshots', () => {
    const demo = demoPage();
    let page: Page;
    let problems: string[];

    beforeAll(() => {
      ({ page, problems } = demo);
    });

    it('kin.snapshot() is a PNG through the render camera at its size, not blank', async () => {
      const dataUrl = await page.evaluate(() => window.kin.snapshot());
      expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
      checkViewPng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), await pictureSize(page));
      expect(problems).toEqual([]);
    });

    it('Save PNG downloads the same kind of PNG', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, 'save-png')]);
      expect(download.suggestedFilename()).toBe('kin-pose.png');
      checkViewPng(await downloadedBytes(download), await pictureSize(page));
      expect(problems).toEqual([]);
    });
  });

  describe('dist/ from a sub-path of a static server', () => {
    let host: StaticSite;
    let served: { page: Page; problems: string[] };

    beforeAll(async () => {
      // The run's global setup built dist/; vite preview is not involved here.
      host = await serveStatic(DIST, MOUNT);
    });

    afterAll(async () => {
      if (served !== undefined && !served.page.isClosed()) await served.page.close();
      await host?.close();
    });

    it('loads the character, asking for nothing outside its folder', async () => {
      served = await openDemo(browser, host.url);
      const { page, problems } = served;
      expect(await page.evaluate(() => window.kin.boneNames().length)).toBe(54); // 21 body joints, the ponytail's 3, 15 finger bones a hand
      expect(showsCharacter(await screenshot(page))).toBe(true);
      expect(host.requests.filter((path) => !path.startsWith(MOUNT))).toEqual([]);
      // The WASM module and the character came from the folder.
      expect(host.requests.some((path) => path.endsWith('.wasm'))).toBe(true);
      expect(host.requests.some((path) => path.endsWith('.glb'))).toBe(true);
      expect(problems).toEqual([]);
    });

    it('a pose link made there opens there and reproduces the pose', async () => {
      // The page the test above loaded there.
      const { page, problems } = served;
      await page.evaluate(() => window.kin.setSolver('fabrik'));
      await page.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
      const source = await page.evaluate(() => ({ palette: window.posePalette(), link: window.kin.shareLink() }));
      expect(source.link.startsWith(`${host.url}#p=`)).toBe(true);
      // Each page closed once read: its ponytail, still swinging, would draw beside the next one's load.
      await page.close();

      const fresh = await openDemo(browser, source.link);
      expect(maxDifference(await fresh.page.evaluate(() => window.posePalette()), source.palette)).toBeLessThan(1e-4);
      expect(await fresh.page.evaluate(() => window.kin.solver())).toBe('fabrik');
      expect(await fresh.page.evaluate(() => document.querySelector<HTMLElement>('.link-banner')!.hidden)).toBe(true);
      await fresh.page.close();

      // Embedded from there, its full-view link stays in the folder too.
      const embed = await openDemo(browser, withQuery(source.link, '?embed=1'));
      expect(maxDifference(await embed.page.evaluate(() => window.posePalette()), source.palette)).toBeLessThan(1e-4);
      await embed.page.hover('.full-view-link');
      expect(await embed.page.getAttribute('.full-view-link', 'href')).toBe(source.link);

      expect(host.requests.filter((path) => !path.startsWith(MOUNT))).toEqual([]);
      expect([...problems, ...fresh.problems, ...embed.problems]).toEqual([]);
      await embed.page.close();
    });
  });
});
