// Two characters shaking hands in Debian's Chromium, made by real mouse
// drags and the Contacts panel: a second character stands facing the first,
// seen from above; each one's right hand is dragged to the point between
// them; the panel holds each hand on the other's (the hands meet, clasped); a real drag of the second
// one's hand then moves both hands, which stay together within 1 mm (their
// tips measured in world space here from each one's tip and place, not from
// the contacts' own numbers), and one undo brings both characters back.
// Screenshots at 1440×900, 1280×720 and 390×844 with KIN_E2E_ARTIFACTS=1.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, artifactsAt, dragHandle, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';

type V3 = [number, number, number];

/** Character `id`'s right hand tip in world space: its model-space tip turned by its heading and put where it stands. */
async function handWorld(page: Page, id: number): Promise<V3> {
  return page.evaluate((c) => {
    const k = window.kin;
    const before = k.characters().find((one) => one.active)!.id;
    k.setActiveCharacter(c);
    const [x, y, z] = k.boneTip('hand_r');
    const t = k.characters().find((one) => one.id === c)!.transform;
    k.setActiveCharacter(before);
    return [Math.cos(t.heading) * x + Math.sin(t.heading) * z + t.x, y, -Math.sin(t.heading) * x + Math.cos(t.heading) * z + t.z] as V3;
  }, id);
}

const distance = (a: V3, b: V3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Character `id`'s right hand handle on screen (made active for it). */
async function handOnScreen(page: Page, id: number): Promise<{ x: number; y: number }> {
  await page.evaluate((c) => window.kin.setActiveCharacter(c), id);
  await nextFrame(page);
  return page.evaluate(() => window.kin.handleScreenPosition('hand_r'));
}

/** Picks character `name` in the Scene panel, clicks its right hand's handle (selecting it) and adds a contact on the other's hand through the Contacts panel. */
async function holdHandThroughPanel(page: Page, name: string): Promise<void> {
  await page.locator('.scene-character-name', { hasText: new RegExp(`^${name}$`) }).click();
  await nextFrame(page);
  const hand = await page.evaluate(() => window.kin.handleScreenPosition('hand_r'));
  await page.mouse.click(hand.x, hand.y);
  await nextFrame(page);
  const panel = page.locator('.contacts-panel');
  await expect.poll(() => panel.locator('select[name="contact-bone"]').inputValue()).toBe('hand_r');
  await panel.locator('[data-action="add-contact"]').click();
}

describe('two characters shaking hands', () => {
  const demo = demoPage();
  afterAll(async () => {
    expect(demo.problems).toEqual([]);
  });

  it('holds both hands together through a drag of either, and undo brings both back', async () => {
    const { page } = demo;
    const a = await page.evaluate(() => window.kin.characters()[0].id);
    const b = await page.evaluate(() => window.kin.addCharacter('default'));
    // Facing each other across the x axis, 60 cm apart, seen from above.
    await page.evaluate(({ a, b }) => {
      window.kin.setCharacterTransform(a, { x: -0.3, z: 0, heading: Math.PI / 2 });
      window.kin.setCharacterTransform(b, { x: 0.3, z: 0, heading: -Math.PI / 2 });
      window.kin.showView('top');
    }, { a, b });
    await nextFrame(page);

    // A's hand dragged to the point between the two hands (on screen: from above, the hands' plane is the view's), then B's onto A's.
    const handB = await handOnScreen(page, b);
    const handA = await handOnScreen(page, a);
    await dragHandle(page, 'hand_r', (handB.x - handA.x) / 2, (handB.y - handA.y) / 2);
    const metA = await handOnScreen(page, a);
    const startB = await handOnScreen(page, b);
    await dragHandle(page, 'hand_r', metA.x - startB.x, metA.y - startB.y);
    const together = distance(await handWorld(page, a), await handWorld(page, b));
    expect(together).toBeLessThan(0.01);

    await holdHandThroughPanel(page, 'Mannequin');
    await holdHandThroughPanel(page, 'Mannequin 2');
    const contacts = await page.evaluate(() => window.kin.contacts());
    expect(contacts.map((c) => [c.from.character, c.from.bone, c.to.character, c.to.bone])).toEqual([[a, 'hand_r', b, 'hand_r'], [b, 'hand_r', a, 'hand_r']]);
    expect(await page.locator('.contact-row').count()).toBe(2);
    // Clasped: the hands met (each held on the other's own point).
    expect(distance(await handWorld(page, a), await handWorld(page, b))).toBeLessThan(1e-3);

    // B's hand dragged up and aside: A's comes along, both contacts hold.
    const beforeA = await handWorld(page, a);
    const beforeB = await handWorld(page, b);
    await page.evaluate((c) => window.kin.setActiveCharacter(c), b);
    await nextFrame(page);
    await dragHandle(page, 'hand_r', 40, 30);
    const afterA = await handWorld(page, a);
    const afterB = await handWorld(page, b);
    expect(distance(afterB, beforeB)).toBeGreaterThan(0.03);
    expect(distance(afterA, beforeA)).toBeGreaterThan(0.03);
    expect(distance(afterA, afterB)).toBeLessThan(1e-3);
    for (const contact of await page.evaluate(() => window.kin.contacts())) expect(contact.distance).toBeLessThan(1e-3);
    await artifactsAt(page, [{ width: 1440, height: 900 }, { width: 1280, height: 720 }], (size) => `${ARTIFACTS}/contacts-handshake-${size.width}x${size.height}.png`);

    // One undo: both characters as before the drag.
    expect(await page.evaluate(() => window.kin.undo())).toBe(true);
    expect(distance(await handWorld(page, a), beforeA)).toBeLessThan(1e-6);
    expect(distance(await handWorld(page, b), beforeB)).toBeLessThan(1e-6);
    expect(await page.evaluate(() => window.kin.contacts().length)).toBe(2);
    // Two more take the contacts away, one each.
    expect(await page.evaluate(() => window.kin.undo() && window.kin.undo())).toBe(true);
    expect(await page.evaluate(() => window.kin.contacts().length)).toBe(0);
    expect(await page.locator('.contact-row').count()).toBe(0);

    // kin.reset() clears contacts as a fresh page has none.
    await page.evaluate(({ a, b }) => window.kin.addContact({ from: { character: a, bone: 'hand_l' }, to: { character: b, bone: 'chest' } }), { a, b });
    expect(await page.locator('.contact-row').count()).toBe(1);
    await page.evaluate(() => window.kin.reset());
    expect(await page.evaluate(() => window.kin.contacts())).toEqual([]);
    expect(await page.locator('.contact-row').count()).toBe(0);
  });
});
