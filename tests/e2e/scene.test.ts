// A scene of two default characters in Debian's Chromium: the second stands
// beside the first (apart, both on screen); a real mouse drag of the
// second's handle moves its palette and leaves the first's bit for bit;
// picking the first in the scene panel puts the handles on it; undo takes
// the drag back (bringing the second forward); a click on the first's hand
// makes it active again; Duplicate copies the active one's pose; × removes a
// character (its steps gone, its palette no longer asked for); the panel's
// rows follow every change.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { afterAll, describe, expect, it } from 'vitest';
import { dragHandle, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';

describe('a scene of two characters', () => {
  const demo = demoPage();
  afterAll(async () => {
    expect(demo.problems).toEqual([]);
  });

  it('drags the second character by the mouse, leaving the first bit for bit', async () => {
    const { page } = demo;
    const first = await page.evaluate(() => window.kin.characters()[0].id);
    const second = await page.evaluate(() => window.kin.addCharacter('default'));
    await nextFrame(page);
    const characters = await page.evaluate(() => window.kin.characters());
    expect(characters.map((c) => [c.name, c.active])).toEqual([['Mannequin', false], ['Mannequin 2', true]]);
    expect(characters[1].transform.x).toBeGreaterThan(1);
    expect(await page.locator('.scene-character-name').count()).toBe(2);

    // The ponytails swing after the characters appear: both at rest first.
    for (const id of [first, second]) {
      await page.evaluate((c) => window.kin.setActiveCharacter(c), id);
      await page.waitForFunction(() => window.kin.springsSettled(), undefined, { timeout: 30_000 });
    }
    const before1 = await page.evaluate((id) => window.kin.characterPalette(id), first);
    const before2 = await page.evaluate((id) => window.kin.characterPalette(id), second);
    // Both characters are on screen: the second's handle is right of the first's.
    const hand2 = await page.evaluate(() => window.kin.handleScreenPosition('hand_r'));
    await dragHandle(page, 'hand_r', -60, -80);
    const after1 = await page.evaluate((id) => window.kin.characterPalette(id), first);
    const after2 = await page.evaluate((id) => window.kin.characterPalette(id), second);
    const names = await page.evaluate(() => window.kin.boneNames());
    const differing = (a: number[], b: number[]) => names.filter((_, bone) => a.slice(16 * bone, 16 * bone + 16).some((v, k) => v !== b[16 * bone + k]));
    expect(differing(after1, before1)).toEqual([]);
    expect(Math.max(...after2.map((v, i) => Math.abs(v - before2[i])))).toBeGreaterThan(0.01);

    // The first one picked in the panel: its handles now, left of where the second's were.
    await page.locator('.scene-character-name', { hasText: /^Mannequin$/ }).click();
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.characters().find((c) => c.active)?.id)).toBe(first);
    const hand1 = await page.evaluate(() => window.kin.handleScreenPosition('hand_r'));
    expect(hand1.x).toBeLessThan(hand2.x - 50);

    // Undo takes back the second's drag (bringing it forward), the first untouched. The pose comes
    // back bit for bit; its ponytail starts swinging from the pose again (springs are motion, not pose).
    const springBones = await page.evaluate(() => window.kin.springs().flatMap((chain) => chain.bones));
    expect(await page.evaluate(() => window.kin.undo())).toBe(true);
    const undone2 = await page.evaluate((id) => window.kin.characterPalette(id), second);
    expect(differing(undone2, before2).filter((bone) => !springBones.includes(bone))).toEqual([]);
    expect(await page.evaluate((id) => window.kin.characterPalette(id), first)).toEqual(before1);
    expect(await page.evaluate(() => window.kin.characters().find((c) => c.active)?.id)).toBe(second);

    // A click on the first character's hand (where its handle was) makes it active again.
    await page.mouse.click(hand1.x, hand1.y);
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.characters().find((c) => c.active)?.id)).toBe(first);
  });

  it('duplicates the active character in its pose and removes one from the panel', async () => {
    const { page } = demo;
    await page.evaluate(() => window.kin.setGoalTarget('hand_l', [0.5, 1.5, 0.3]));
    const posed = await page.evaluate(() => window.kin.getPose());
    await page.locator('[data-action="duplicate-character"]').click();
    await nextFrame(page);
    const characters = await page.evaluate(() => window.kin.characters());
    expect(characters.map((c) => c.name)).toEqual(['Mannequin', 'Mannequin 2', 'Mannequin 3']);
    expect(await page.evaluate(() => window.kin.getPose())).toEqual(posed);
    await page.locator('.scene-character').nth(1).locator('[data-action="remove-character"]').click();
    await nextFrame(page);
    expect((await page.evaluate(() => window.kin.characters())).map((c) => c.name)).toEqual(['Mannequin', 'Mannequin 3']);
    expect(await page.locator('.scene-character-name').count()).toBe(2);
    const gone = characters[1].id;
    await expect(page.evaluate((id) => window.kin.characterPalette(id), gone)).rejects.toThrow(/no character/);
    await expect(page.evaluate(() => window.kin.addCharacter('nobody'))).rejects.toThrow(/no character "nobody"; add 'default', a lesson/);
  });
});
