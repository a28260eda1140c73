// The pages the e2e files share: one page per kind (the desktop window, a
// phone, a second desktop page to open links and compare in, and the page
// embedded: ?embed=1), opened
// once in the run and handed to each file put back by kin.reset() in the
// state a fresh page opens in (the window at its kind's size, no console
// problem on record), instead of a page loaded per file: a load and its first
// frames (the WASM module, the character, the shaders) cost seconds here,
// a reset a frame or two. Every file runs in one process (vitest.config.ts),
// so the pages live on globalThis, with the connection to the run's
// Chromium (browser.ts). A page that failed (kin.error) is not reused: a new
// one is opened in its place. Tests that open a URL (a link, ?lesson=,
// ?model=, embed mode) open a fresh page of their own with openDemo.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { type Site, openDemo, resizeWindow, servedSite, sharedChromium } from './browser.js';

export type PageKind = 'desktop' | 'phone' | 'other' | 'embed';

const KINDS: Record<PageKind, BrowserContextOptions & { viewport: { width: number; height: number }; query?: string }> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  // A second desktop page: a link made in one page opened in another.
  other: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  embed: { viewport: { width: 1280, height: 800 }, query: '?embed=1' },
};

export interface SharedPage {
  site: Site;
  browser: Browser;
  /** The demo, as a fresh page opens it, drawn and idle. */
  page: Page;
  /** Its console errors and warnings since it was opened or its reset began (the same array from then on). */
  problems: string[];
}

const pages = ((globalThis as { kinSharedPages?: Map<PageKind, { page: Page; problems: string[] }> }).kinSharedPages ??= new Map());

/** A fresh page of `kind`, not shared (to compare a reset page with). */
export function open(browser: Browser, kind: PageKind): Promise<{ page: Page; problems: string[] }> {
  const { query = '', ...options } = KINDS[kind];
  return openDemo(browser, `${servedSite().url}${query}`, options);
}

/** A window's size, CSS px. */
export interface WindowSize {
  width: number;
  height: number;
}

/** The page of `kind`, put back in the state a fresh page opens in at `size` (default: its kind's). */
export async function sharedPage(kind: PageKind = 'desktop', size: WindowSize = KINDS[kind].viewport): Promise<SharedPage> {
  const browser = await sharedChromium();
  let held = pages.get(kind);
  if (held !== undefined && (held.page.isClosed() || (await held.page.evaluate(() => window.kin.error)) !== null)) {
    if (!held.page.isClosed()) await held.page.context().close();
    held = undefined;
  }
  const opened = held === undefined;
  if (held === undefined) {
    held = await open(browser, kind);
    pages.set(kind, held);
  }
  const { page } = held;
  const now = page.viewportSize();
  const resized = now?.width !== size.width || now.height !== size.height;
  // The window's new size seen before the reset lays the page out and frames the character in it.
  if (resized) await resizeWindow(page, size);
  if (!opened || resized) {
    await page.mouse.move(0, 0);
    // The last holder's problems were its own (a page just opened keeps its load's); what the reset itself reports is the new holder's.
    if (!opened) held.problems.length = 0;
    await page.evaluate(() => window.kin.reset());
  }
  return { site: servedSite(), browser, page: held.page, problems: held.problems };
}

/**
 * For a describe block: the shared page of `kind`, reset, before its tests;
 * the fields are set once they run. The tests in the block go on from each
 * other's state, as in a page of their own.
 */
export function demoPage(kind: PageKind = 'desktop', size?: WindowSize): SharedPage {
  const demo = {} as SharedPage;
  beforeAll(async () => {
    Object.assign(demo, await sharedPage(kind, size));
  });
  return demo;
}

/**
 * A link made in one page, applied in the second desktop page (reset first)
 * as opening it there would (kin.applyLink): for the tests that compare a
 * page with the one its link gives. The opening itself is tested once per
 * kind of link, in fresh pages (openDemo).
 */
export async function linkInOtherPage(link: string): Promise<SharedPage> {
  const other = await sharedPage('other');
  const outcome = await other.page.evaluate((url) => window.kin.applyLink(url), link);
  if (!outcome.ok) throw new Error(`linkInOtherPage: the link did not apply: ${outcome.error}`);
  await other.page.evaluate(() => window.kin.nextFrame());
  return other;
}
