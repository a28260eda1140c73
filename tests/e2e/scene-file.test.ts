// The outliner and scene files in Debian's Chromium: a second character is
// renamed by a double-click, placed by typed numbers, hidden by its eye
// (its meshes gone from the picture) and locked by its padlock (a click on
// it no longer picks it); File ▸ Save scene downloads a .kinscene; after
// kin.reset() the file picked in File ▸ Open scene… brings back the scene —
// names, flags, places, poses bit for bit — and a broken one is refused on
// the banner, naming the field, the scene as it was.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { bannerText, canvasScreenshot, clickFileMenu, downloadedBytes, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';

describe('the outliner and scene files', () => {
  const demo = demoPage();
  afterAll(async () => {
    expect(demo.problems).toEqual([]);
  });

  it('renames, places, hides and locks a character, saves the scene and opens it again', async () => {
    const { page } = demo;
    const first = await page.evaluate(() => window.kin.characters()[0].id);
    const second = await page.evaluate(() => window.kin.addCharacter('default'));
    await nextFrame(page);

    // A double-click on its name, a new name typed.
    await page.locator('.scene-character-name', { hasText: 'Mannequin 2' }).dblclick();
    await page.locator('input[name="rename-character"]').fill('Bob');
    await page.keyboard.press('Enter');
    expect(await page.locator('.scene-character-name').allTextContents()).toEqual(['Mannequin', 'Bob']);

    // Typed numbers move the active one (Bob).
    await page.locator('input[name="place-x"]').fill('1.5');
    await page.locator('input[name="place-x"]').press('Enter');
    await page.locator('input[name="place-heading"]').fill('90');
    await page.locator('input[name="place-heading"]').press('Enter');
    const bob = (await page.evaluate(() => window.kin.characters())).find((c) => c.id === second)!;
    expect(bob.transform.x).toBe(1.5);
    expect(bob.transform.heading).toBeCloseTo(Math.PI / 2, 12);

    // Hidden: its pixels leave the picture (a picture without it differs from one with it).
    await page.evaluate((id) => window.kin.setActiveCharacter(id), first);
    await nextFrame(page);
    const shown = await canvasScreenshot(page);
    await page.locator('.scene-character').nth(1).locator('[data-action="hide-character"]').click();
    await nextFrame(page);
    expect((await page.evaluate(() => window.kin.characters()))[1].hidden).toBe(true);
    expect((await canvasScreenshot(page)).equals(shown)).toBe(false);
    await page.locator('.scene-character').nth(1).locator('[data-action="hide-character"]').click();

    // Locked: the padlock pressed, Bob cannot be picked from the list.
    await page.locator('.scene-character').nth(1).locator('[data-action="lock-character"]').click();
    await page.locator('.scene-character-name', { hasText: 'Bob' }).click();
    expect(await page.locator('.panel-problem').first().textContent()).toMatch(/Bob is locked/);
    expect((await page.evaluate(() => window.kin.characters())).map((c) => [c.name, c.active, c.locked])).toEqual([['Mannequin', true, false], ['Bob', false, true]]);

    await page.evaluate(() => window.kin.setGoalTarget('hand_l', [0.45, 1.4, 0.35]));
    // The ponytails swing on (springs are motion, not the pose a file keeps): every other bone's palette entry compared.
    const scene = () => page.evaluate(() => {
      const springBones = new Set(window.kin.springs().flatMap((chain) => chain.bones));
      const names = window.kin.boneNames();
      const posedBones = (palette: number[]) => palette.filter((_, k) => !springBones.has(names[Math.floor(k / 16)]));
      return window.kin.characters().map((c) => ({ ...c, palette: posedBones(window.kin.characterPalette(c.id)) }));
    });
    const posed = await scene();
    const [download] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, 'save-scene')]);
    expect(download.suggestedFilename()).toBe('kin-scene.kinscene');
    const file = await downloadedBytes(download);
    expect(Object.keys(unzipSync(file))).toEqual(['scene.json']);

    await page.evaluate(() => window.kin.reset());
    expect(await page.evaluate(() => window.kin.characters().length)).toBe(1);
    await page.setInputFiles('input[aria-label="scene file to open"]', { name: 'kin-scene.kinscene', mimeType: 'application/zip', buffer: file });
    await page.waitForFunction(() => window.kin.characters().length === 2);
    expect(await bannerText(page, '.model-banner')).toBe('Opened kin-scene.kinscene.');
    expect(await scene()).toEqual(posed);
    expect(await page.locator('.scene-character-name').allTextContents()).toEqual(['Mannequin', 'Bob']);

    // One field wrong: refused on the banner by name, the scene as it was.
    const entries = unzipSync(file);
    const json = JSON.parse(strFromU8(entries['scene.json']));
    json.characters.list[1].transform.z = 'far';
    const broken = zipSync({ 'scene.json': strToU8(JSON.stringify(json)) });
    await page.setInputFiles('input[aria-label="scene file to open"]', { name: 'broken.kinscene', mimeType: 'application/zip', buffer: Buffer.from(broken) });
    await page.waitForFunction(() => document.querySelector('.model-banner')?.textContent?.includes('Could not open'));
    expect(await bannerText(page, '.model-banner')).toMatch(/Could not open broken\.kinscene: scene\.characters\.list\[1\]\.transform\.z must be a finite number/);
    expect(await scene()).toEqual(posed);
    await expect(page.evaluate(() => window.kin.openScene(new Uint8Array([1, 2, 3])))).rejects.toThrow(/kin: this is not a scene file/);
  });
});
