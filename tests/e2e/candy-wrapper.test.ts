// The candy-wrapper page in Chromium: it loads without console problems,
// draws its specimens, and the volumes it shows tell the known story —
// linear blend skinning loses volume under twist (2/9 of the cylinder at
// 180°, analytically), dual quaternions keep it.
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {} from '../../web/src/candy/candy-page.js'; // declares window.candy
import type { VolumeCell } from '../../web/src/candy/volume-table.js';
import { ARTIFACTS, type Site, collectProblems, screenshot, servedSite, sharedChromium } from './browser.js';

describe('candy-wrapper page', () => {
  let site: Site;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let cells: VolumeCell[];

  beforeAll(async () => {
    site = servedSite();
    browser = await sharedChromium();
    page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    problems = collectProblems(page);
    await page.goto(new URL('candy-wrapper.html', site.url).href);
    await page.waitForFunction(() => window.candy !== undefined, undefined, { timeout: 60_000 });
    await page.evaluate(() => window.candy.ready);
    cells = await page.evaluate(() => window.candy.cells());
  });

  afterAll(async () => {
    await page?.context().close();
  });

  const share = (specimen: string, method: string, degrees: number): number => {
    const cell = cells.find((c) => c.specimen === specimen && c.method === method && c.twistDegrees === degrees)!;
    return cell.volume / cell.restVolume;
  };

  it('loads without console errors and measures every specimen, method and twist', () => {
    expect(problems).toEqual([]);
    expect(cells).toHaveLength(2 * 2 * 3);
    for (const cell of cells) expect(cell.volume, JSON.stringify(cell)).toBeGreaterThan(0);
  });

  it('the cylinder: LBS keeps 7/9 of its volume at 180°, DQS all of it', () => {
    expect(share('cylinder', 'lbs', 0)).toBeCloseTo(1, 6);
    expect(share('cylinder', 'lbs', 180)).toBeCloseTo(7 / 9, 2);
    expect(share('cylinder', 'lbs', 90)).toBeLessThan(share('cylinder', 'lbs', 0));
    for (const degrees of [90, 180]) expect(Math.abs(share('cylinder', 'dqs', degrees) - 1)).toBeLessThan(0.01);
  });

  it('the wrist: LBS loses volume as the hand twists, DQS far less', () => {
    const lost = (method: string, degrees: number) => 1 - share('wrist', method, degrees);
    expect(lost('lbs', 180)).toBeGreaterThan(lost('lbs', 90));
    expect(lost('lbs', 90)).toBeGreaterThan(0);
    expect(Math.abs(lost('dqs', 180))).toBeLessThan(0.25 * lost('lbs', 180));
  });

  it('shows the volumes in the table and draws the specimens', async () => {
    const shown = await page.$$eval('.volumes td[data-twist]', (tds) => tds.map((td) => td.textContent ?? ''));
    expect(shown).toHaveLength(12);
    expect(shown.filter((text) => text.endsWith('%'))).toHaveLength(6);
    expect(shown.filter((text) => text.endsWith('ml'))).toHaveLength(6);
    const png = PNG.sync.read(await screenshot(page, `${ARTIFACTS}/candy-wrapper.png`));
    // Orange (LBS) and blue (DQS) surfaces both cover part of the view.
    let orange = 0;
    let blue = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
      if (r > g + 40 && g > b + 20) orange++;
      if (b > r + 40 && b > g + 10) blue++;
    }
    const pixels = png.width * png.height;
    expect(orange / pixels).toBeGreaterThan(0.01);
    expect(blue / pixels).toBeGreaterThan(0.01);
  });
});
