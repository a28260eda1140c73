// Handles a finger can take, in Debian's Chromium with real input: on the
// phone's touch screen a finger pressing 16 px beside a handle grabs it and
// drags its target (the camera stays put), while on the desktop a mouse
// pressing 40 px (or 16 px) beside it orbits the camera and leaves the
// target alone;
// and where two handles are drawn within a few pixels of each other, the
// first press at that place takes the nearer, the second the other, the
// third the first again.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextFrame } from './browser.js';
import { demoPage, sharedPage } from './shared-pages.js';
import { type Vec3, distance, maxDifference } from './measure.js';

interface Seen {
  target: Vec3;
  handle: { x: number; y: number };
  camera: { position: Vec3; target: Vec3 };
}

async function seen(page: Page, goal: string): Promise<Seen> {
  return page.evaluate((name) => ({
    target: window.kin.goals().find((g) => g.name === name)!.target,
    handle: window.kin.handleScreenPosition(name),
    camera: window.kin.camera(),
  }), goal);
}

/**
 * A page point `offset` px beside the goal's handle, towards the hips'
 * handle (the phone's view puts the right hand 26 px from its edge), and
 * which way on screen that is (+1 right, -1 left).
 */
async function besideHandle(page: Page, goal: string, offset: number): Promise<{ x: number; y: number; inward: number }> {
  return page.evaluate(({ name, offset }) => {
    const at = window.kin.handleScreenPosition(name);
    const inward = Math.sign(window.kin.handleScreenPosition('hips').x - at.x);
    return { x: at.x + inward * offset, y: at.y, inward };
  }, { name: goal, offset });
}

describe('handles a finger can take', () => {
  const demo = demoPage();

  it('a finger pressing 16 px beside a handle drags its target; the camera stays put', async () => {
    const { page: phone, problems } = await sharedPage('phone');
    await phone.evaluate(() => window.kin.selectGoal(null));
    await nextFrame(phone);
    const before = await seen(phone, 'hand_r');
    const press = await besideHandle(phone, 'hand_r', 16);
    const cdp = await phone.context().newCDPSession(phone);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }] });
    await touch('touchStart', press.x, press.y);
    for (let step = 1; step <= 8; step++) {
      await touch('touchMove', press.x + 3 * step * press.inward, press.y - 4 * step);
      await nextFrame(phone);
    }
    const lifted = { x: press.x + 24 * press.inward, y: press.y - 32 };
    await touch('touchEnd', lifted.x, lifted.y);
    await nextFrame(phone);
    await cdp.detach();
    const after = await seen(phone, 'hand_r');
    expect(await phone.evaluate(() => window.kin.selectedGoal())).toBe('hand_r');
    expect(distance(after.target, before.target)).toBeGreaterThan(0.02);
    // The handle went with the finger, still 16 px beside it: it did not jump under it.
    expect(Math.hypot(after.handle.x - (before.handle.x + lifted.x - press.x), after.handle.y - (before.handle.y + lifted.y - press.y))).toBeLessThan(1);
    expect(maxDifference([...after.camera.position, ...after.camera.target], [...before.camera.position, ...before.camera.target])).toBeLessThan(1e-9);
    expect(problems).toEqual([]);
  });

  // 16 px too: a finger's reach is not a mouse's.
  it.each([40, 16])('a mouse pressing %i px beside a handle orbits the camera and leaves the target alone', async (offset) => {
    const { page } = demo;
    await page.evaluate(() => window.kin.selectGoal(null));
    await nextFrame(page);
    const before = await seen(page, 'hand_r');
    const press = await besideHandle(page, 'hand_r', offset);
    await page.mouse.move(press.x, press.y);
    await page.mouse.down();
    for (let step = 1; step <= 6; step++) await page.mouse.move(press.x, press.y - 5 * step);
    await page.mouse.up();
    await nextFrame(page);
    const after = await seen(page, 'hand_r');
    expect(await page.evaluate(() => window.kin.selectedGoal())).toBeNull();
    expect(after.target).toEqual(before.target);
    expect(distance(after.camera.position, before.camera.position)).toBeGreaterThan(0.01);
    await page.evaluate(() => window.kin.reset());
    expect(demo.problems).toEqual([]);
  });

  it('presses at one place on two overlapping handles take the nearer, then the other, then the nearer again', async () => {
    const { page } = demo;
    // The left hand's target put behind the right hand's on the camera's
    // line of sight, a centimetre higher: drawn a few pixels above it.
    await page.evaluate(() => {
      const { position: eye } = window.kin.camera();
      const right = window.kin.goals().find((g) => g.name === 'hand_r')!.target;
      const behind = right.map((v, k) => eye[k] + 1.15 * (v + (k === 1 ? 0.01 : 0) - eye[k])) as [number, number, number];
      window.kin.setGoalTarget('hand_l', behind);
      window.kin.selectGoal(null);
    });
    await nextFrame(page);
    const handles = await page.evaluate(() => window.kin.goals().map((g) => ({ name: g.name, at: window.kin.handleScreenPosition(g.name) })));
    const right = handles.find((h) => h.name === 'hand_r')!.at;
    const gap = (h: { at: { x: number; y: number } }) => Math.hypot(h.at.x - right.x, h.at.y - right.y);
    const left = handles.find((h) => h.name === 'hand_l')!;
    expect(gap(left)).toBeGreaterThan(0.5);
    expect(gap(left)).toBeLessThan(5);
    // Only those two are anywhere near.
    for (const other of handles) if (other.name !== 'hand_r' && other.name !== 'hand_l') expect(gap(other)).toBeGreaterThan(40);

    const taken: (string | null)[] = [];
    for (let press = 0; press < 3; press++) {
      await page.mouse.click(right.x, right.y);
      await nextFrame(page);
      taken.push(await page.evaluate(() => window.kin.selectedGoal()));
    }
    expect(taken).toEqual(['hand_r', 'hand_l', 'hand_r']);
    // Neither handle moved: the presses only chose.
    const after = await page.evaluate(() => [window.kin.handleScreenPosition('hand_r'), window.kin.handleScreenPosition('hand_l')]);
    expect(Math.hypot(after[0].x - right.x, after[0].y - right.y)).toBeLessThan(0.5);
    expect(Math.hypot(after[1].x - left.at.x, after[1].y - left.at.y)).toBeLessThan(0.5);
    expect(demo.problems).toEqual([]);
  });
});
