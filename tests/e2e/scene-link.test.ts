// A scene's share link in Debian's Chromium: a page with two default
// characters, each posed and standing apart, shares a link (version 4) that
// opens in a fresh page with both characters, the same one active, each in
// its place and with the same palette (its spring-driven ponytail aside).
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { describe, expect, it } from 'vitest';
import { decodeBase64url } from '../../web/src/share/base64url.js';
import { poseLinkInUrl } from '../../web/src/share/link-url.js';
import { bannerText, openDemo } from './browser.js';
import { demoPage } from './shared-pages.js';
import { maxDifference } from './compare.js';

type Vec3 = [number, number, number];

describe('scene links', () => {
  const demo = demoPage();

  it('two posed default characters open in a fresh page with the same palettes', async () => {
    const { page } = demo;
    const second = await page.evaluate(async () => {
      const id = await window.kin.addCharacter('default');
      window.kin.setCharacterTransform(id, { x: 1.2, z: -0.3, heading: -0.6 });
      return id;
    });
    const first = await page.evaluate(() => window.kin.characters()[0].id);
    // A different pose on each: the right hand forward on the first, the left hand up on the second.
    for (const [id, goal, target] of [[first, 'hand_r', [-0.3, 1.3, 0.35]], [second, 'hand_l', [0.35, 1.6, 0.2]]] as [number, string, Vec3][]) {
      await page.evaluate(([i, g, t]) => {
        window.kin.setActiveCharacter(i);
        window.kin.setGoalTarget(g, t);
      }, [id, goal, target] as [number, string, Vec3]);
    }
    const shared = await page.evaluate(() => ({
      link: window.kin.shareLink(),
      characters: window.kin.characters(),
      palettes: window.kin.characters().map((c) => window.posePalette(window.kin.characterPalette(c.id))),
    }));
    expect(decodeBase64url(poseLinkInUrl(shared.link)!)![1]).toBe(4);
    expect(maxDifference(shared.palettes[0], shared.palettes[1])).toBeGreaterThan(1e-2); // posed apart

    const fresh = await openDemo(demo.browser, shared.link);
    const opened = await fresh.page.evaluate(() => ({
      characters: window.kin.characters(),
      palettes: window.kin.characters().map((c) => window.posePalette(window.kin.characterPalette(c.id))),
    }));
    // Names are the page's (numbered as characters join), not the link's.
    expect(opened.characters.map((c) => c.active)).toEqual(shared.characters.map((c) => c.active));
    const worst = Math.max(...opened.palettes.map((palette, k) => maxDifference(palette, shared.palettes[k])));
    console.log(`scene link in Chromium, 2 default characters: largest palette difference ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(1e-4);
    for (const [k, c] of opened.characters.entries()) {
      const { transform } = shared.characters[k];
      expect(maxDifference([c.transform.x, c.transform.z, c.transform.heading], [transform.x, transform.z, transform.heading])).toBeLessThan(1e-6);
    }
    expect(await bannerText(fresh.page)).toBeNull();
    expect(fresh.problems).toEqual([]);
    expect(demo.problems).toEqual([]);
    await fresh.page.close();
  });
});
