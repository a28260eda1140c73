// Shared e2e plumbing: the site the run's global setup built and serves and
// the Chromium it launched (global-setup.ts), and launching Debian's Chromium (never a downloaded browser) with
// the flags that give WebGL2 through SwiftShader on these machines; opening
// the demo (a fresh page, for the tests that open a URL; the others share
// pages: shared-pages.ts), screenshots (written to the artifacts only with
// KIN_E2E_ARTIFACTS=1), and driving the page: drag its handles with the
// real mouse, drop files on it, wait for loads to report and for the page to
// be idle.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { inject } from 'vitest';
import { type Browser, type BrowserContextOptions, type ConsoleMessage, type Download, type Page, chromium } from 'playwright-core';
import { installPosePalette } from './compare.js';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Site {
  url: string;
}

/** `npm run build`'s static site (dist/), built once for the run and served by `vite preview` (global-setup.ts). */
export function servedSite(): Site {
  return { url: inject('siteUrl') };
}

/** Debian's Chromium, not a downloaded one. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** A Chromium of its own (for a measurement or a bench); `extraArgs`: after CHROMIUM_ARGS (e.g. V8 flags). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * The run's Chromium (global-setup.ts launches it once), through a
 * connection of this test process's own, made once (every file runs in the
 * one process: vitest.config.ts). A Chromium per file compiled every
 * shader of the page again for its first frames (its first page took a
 * second or more longer to load and draw than the next one).
 */
export function sharedChromium(): Promise<Browser> {
  const store = globalThis as { kinChromium?: Promise<Browser> };
  store.kinChromium ??= chromium.connect(inject('chromiumEndpoint'));
  return store.kinChromium;
}

/** A finished download's bytes (through Playwright's stream: download.path() is not offered on a connected browser). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Collects console errors and warnings, and uncaught page errors. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** Opens the page (in a context of its own, a 1280 × 800 window unless `options` say otherwise) and waits until the character is loaded and drawn. */
export async function openDemo(browser: Browser, url: string, options: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage(options);
  const problems = collectProblems(page);
  // On the context: a page it opens (a link's new tab) has it too.
  await page.context().addInitScript(installPosePalette);
  await page.goto(url);
  await page.waitForFunction(() => window.kin !== undefined, undefined, { timeout: 60_000 });
  await page.evaluate(() => window.kin.ready);
  return { page, problems };
}

/** A rectangle of the page in CSS px. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the page tests write their screenshots, with KIN_E2E_ARTIFACTS=1. */
export const ARTIFACTS = 'tests/e2e/artifacts';

/** Whether screenshots are written to ARTIFACTS (KIN_E2E_ARTIFACTS=1), to look at; tests only compare them in memory. */
export const WRITES_ARTIFACTS = process.env.KIN_E2E_ARTIFACTS === '1';

/**
 * A PNG of what the page shows (its viewport, or `clip` of it), also
 * written to `path` when one is given and KIN_E2E_ARTIFACTS=1. Asked of Chromium with optimizeForSpeed: the
 * same pixels as page.screenshot(), whose tightest PNG compression was half
 * of each shot's time here (0.85 s against 0.4 s at 1280×800, 2.0 s against
 * 1.1 s at 1920×1080), and the suites take some 150 shots a run.
 */
export async function screenshot(page: Page, path?: string, clip?: Box): Promise<Buffer> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, ...(clip && { clip: { ...clip, scale: 1 } }) });
    const png = Buffer.from(data, 'base64');
    if (path !== undefined && WRITES_ARTIFACTS) {
      await mkdir(dirname(path), { recursive: true }); // a fresh clone has no artifacts folder yet
      await writeFile(path, png);
    }
    return png;
  } finally {
    await cdp.detach();
  }
}

/** A screenshot nobody compares, only looked at: taken and written to `path` with KIN_E2E_ARTIFACTS=1, else not taken at all. */
export async function artifact(page: Page, path: string): Promise<void> {
  if (WRITES_ARTIFACTS) await screenshot(page, path);
}

/**
 * Resizes the window and waits until the page has seen it: the media
 * queries' changes (a phone's layout) and the view's resize come with the
 * frame after the resize, drawn in the next.
 */
export async function resizeWindow(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await nextFrame(page);
  await nextFrame(page);
}

/** Screenshots nobody compares at each of `sizes`, the window resized to each in turn (left at the last): with KIN_E2E_ARTIFACTS=1 only. */
export async function artifactsAt(page: Page, sizes: readonly { width: number; height: number }[], path: (size: { width: number; height: number }) => string): Promise<void> {
  if (!WRITES_ARTIFACTS) return;
  for (const size of sizes) {
    await resizeWindow(page, size);
    await screenshot(page, path(size));
  }
}

/** A PNG of the view's canvas alone (as screenshot()). */
export async function canvasScreenshot(page: Page): Promise<Buffer> {
  const box = await page.locator('canvas').first().boundingBox();
  if (box === null) throw new Error('canvasScreenshot: the page shows no canvas');
  return screenshot(page, undefined, box);
}

/** Draws a frame, which shows every change made before (the page draws on demand). */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => window.kin.nextFrame());
}

/**
 * Waits until the page has drawn and has nothing pending (kin.idle(): no
 * frame asked for — a resize, the camera's damping, swinging springs — no
 * background solve, no load, no share link due); throws naming what is
 * still pending after 30 s.
 */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(() => window.kin.idle());
}

/** Waits for `count` of the browser's own animation frames, asking the page for none: a page at rest draws nothing meanwhile. */
export async function browserFrames(page: Page, count: number): Promise<void> {
  await page.evaluate(async (n) => {
    for (let k = 0; k < n; k++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/**
 * Counts the page's new history entries from now on (history.pushState
 * calls): on a page used long, history.length stops at the browser's cap
 * (50 entries in Chromium). The returned function reads the count and stops
 * counting.
 */
export async function countHistoryEntries(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { historyEntries: number };
    counted.historyEntries = 0;
    const push = History.prototype.pushState;
    history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
      counted.historyEntries++;
      push.apply(this, args);
    };
  });
  return () => page.evaluate(() => {
    delete (history as { pushState?: unknown }).pushState;
    return (window as unknown as { historyEntries: number }).historyEntries;
  });
}

/** A real mouse drag of a goal's handle by (dx, dy) CSS pixels over `steps` moves. */
export async function dragHandle(page: Page, goal: string, dx: number, dy: number, steps = 10): Promise<void> {
  const handle = await page.evaluate((g) => window.kin.handleScreenPosition(g), goal);
  await page.mouse.click(handle.x, handle.y); // attaches the gizmo to this handle
  await page.mouse.move(handle.x, handle.y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) await page.mouse.move(handle.x + (dx * step) / steps, handle.y + (dy * step) / steps);
  await page.mouse.up();
  await nextFrame(page);
}

/** The message a banner shows ('.link-banner' for links, '.model-banner' for models), or null while it is hidden. */
export async function bannerText(page: Page, selector: '.model-banner' | '.link-banner' = '.link-banner'): Promise<string | null> {
  return page.evaluate((s) => {
    const banner = document.querySelector<HTMLElement>(s);
    return banner && !banner.hidden ? banner.querySelector('.link-banner-message')!.textContent : null;
  }, selector);
}

/** Opens the top bar's File menu and clicks its item `action` (its data-action). */
export async function clickFileMenu(page: Page, action: string): Promise<void> {
  await page.click('.menu[data-menu="file"] > summary');
  await page.click(`.menu[data-menu="file"] [data-action="${action}"]`);
}

/** Drops files with these names and bytes on the page together, as a user dragging them from their desktop. */
export async function dropFiles(page: Page, files: readonly { name: string; bytes: ArrayBuffer }[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, bytes } of list) transfer.items.add(new File([new Uint8Array(bytes)], name));
    return transfer;
  }, files.map(({ name, bytes }) => ({ name, bytes: Array.from(new Uint8Array(bytes)) })));
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('#app', type, { dataTransfer });
}

/** Drops one file on the page, as a user dragging it from their desktop. */
export function dropFile(page: Page, name: string, bytes: ArrayBuffer): Promise<void> {
  return dropFiles(page, [{ name, bytes }]);
}

/** Waits until the model banner tells how a load ended (a message other than `before`, past "Loading …"), and returns it. */
export async function loadReported(page: Page, before: string | null): Promise<string> {
  await page.waitForFunction(
    (previous) => {
      const banner = document.querySelector<HTMLElement>('.model-banner');
      const text = banner === null || banner.hidden ? null : banner.querySelector('.link-banner-message')!.textContent!;
      return text !== null && text !== previous && !text.startsWith('Loading ');
    },
    before,
    { timeout: 30_000 },
  );
  return (await bannerText(page, '.model-banner'))!;
}
