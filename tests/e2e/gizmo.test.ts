// The target handles' translate gizmo in Debian's Chromium, with the real
// mouse: pressing a handle's centre and dragging moves its target in the
// view plane (its distance to the camera's plane unchanged, the handle
// following the pointer on screen); dragging the selected handle's y arrow
// moves the target along model y only, up for a drag up; a click on an arrow
// selects no bone; Escape during a drag puts the target back. The camera is
// read from the page's share link.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poseLinkInUrl } from '../../web/src/share/link-url.js';
import { decodePoseLink } from '../../web/src/share/pose-link.js';
import { ARTIFACTS, artifact, dragHandle, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';
import { type Vec3, distance } from './measure.js';

const GOAL = 'hand_r';

/** A goal's target, model space. */
async function target(page: Page, goal = GOAL): Promise<Vec3> {
  return page.evaluate((g) => window.kin.goals().find((candidate) => candidate.name === g)!.target, goal);
}

/** The camera (its position and the point it looks at), from the page's share link. */
async function camera(page: Page): Promise<{ position: Vec3; target: Vec3 }> {
  const decoded = decodePoseLink(poseLinkInUrl(await page.evaluate(() => window.kin.shareLink()))!);
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.state.camera;
}

/** The distance of a point in front of the camera's plane. */
async function viewDepth(page: Page, point: Vec3): Promise<number> {
  const { position, target: looked } = await camera(page);
  const forward = looked.map((v, k) => v - position[k]);
  const length = Math.hypot(...forward);
  return forward.reduce((sum, f, k) => sum + (f / length) * (point[k] - position[k]), 0);
}

/** A real mouse press at a page point, moves by (dx, dy) in `steps`, and the release. */
async function mouseDrag(page: Page, at: { x: number; y: number }, dx: number, dy: number, steps = 10): Promise<void> {
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) await page.mouse.move(at.x + (dx * step) / steps, at.y + (dy * step) / steps);
  await page.mouse.up();
  await nextFrame(page);
}

describe('translate gizmo', () => {
  const demo = demoPage();

  it('a drag from the centre of a handle moves its target in the view plane, under the pointer', async () => {
    const { page } = demo;
    const before = await target(page);
    const depthBefore = await viewDepth(page, before);
    const undoBefore = (await page.evaluate(() => window.kin.undoDepth())).undo;
    const start = await page.evaluate((g) => window.kin.handleScreenPosition(g), GOAL);
    await dragHandle(page, GOAL, 50, -40);
    const after = await target(page);
    expect(distance(after, before)).toBeGreaterThan(0.05);
    expect(Math.abs((await viewDepth(page, after)) - depthBefore)).toBeLessThan(1e-5);
    // Pressed at its centre, the handle stays under the pointer (to a pixel: the point pressed is on its sphere's front).
    const end = await page.evaluate((g) => window.kin.handleScreenPosition(g), GOAL);
    expect(Math.hypot(end.x - (start.x + 50), end.y - (start.y - 40))).toBeLessThan(1);
    expect((await page.evaluate(() => window.kin.undoDepth())).undo).toBe(undoBefore + 1);
    expect(demo.problems).toEqual([]);
  });

  it("dragging the selected handle's y arrow moves its target along model y only", async () => {
    const { page } = demo;
    // The drag above selected the handle: its arrows show.
    await artifact(page, `${ARTIFACTS}/gizmo-arrows.png`);
    const before = await target(page);
    const undoBefore = (await page.evaluate(() => window.kin.undoDepth())).undo;
    const arrow = await page.evaluate((g) => window.kin.gizmoArrowScreenPosition(g, 'y'), GOAL);
    // Up the screen and a little sideways: only the climb counts.
    await mouseDrag(page, arrow, 12, -60);
    const after = await target(page);
    expect(Math.abs(after[0] - before[0])).toBeLessThan(1e-6);
    expect(Math.abs(after[2] - before[2])).toBeLessThan(1e-6);
    expect(after[1] - before[1]).toBeGreaterThan(0.05);
    expect((await page.evaluate(() => window.kin.undoDepth())).undo).toBe(undoBefore + 1);
    // And back down.
    const lower = await page.evaluate((g) => window.kin.gizmoArrowScreenPosition(g, 'y'), GOAL);
    await mouseDrag(page, lower, 0, 30);
    const down = await target(page);
    expect(down[1]).toBeLessThan(after[1] - 0.02);
    expect([down[0], down[2]]).toEqual([after[0], after[2]]);
    expect(demo.problems).toEqual([]);
  });

  it('a click on an arrow selects no bone and moves nothing; arrows show only on the selected handle', async () => {
    const { page } = demo;
    const before = await target(page);
    const arrow = await page.evaluate((g) => window.kin.gizmoArrowScreenPosition(g, 'x'), GOAL);
    await page.mouse.click(arrow.x, arrow.y);
    expect(await page.evaluate(() => window.kin.selectedBone())).toBeNull();
    expect(await target(page)).toEqual(before);
    await expect(page.evaluate(() => window.kin.gizmoArrowScreenPosition('foot_l', 'y'))).rejects.toThrow(/not the selected handle/);
    await expect(page.evaluate((g) => window.kin.gizmoArrowScreenPosition(g, 'w'), GOAL)).rejects.toThrow(/no gizmo axis "w"/);
  });

  it('Escape during a drag puts the target back; the camera stays put until the button is released', async () => {
    const { page } = demo;
    const before = await target(page);
    const view = await camera(page);
    const at = await page.evaluate((g) => window.kin.handleScreenPosition(g), GOAL);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    for (let step = 1; step <= 5; step++) await page.mouse.move(at.x + 10 * step, at.y + 6 * step);
    expect(distance(await target(page), before)).toBeGreaterThan(0.03);
    await page.keyboard.press('Escape');
    expect(distance(await target(page), before)).toBeLessThan(1e-6);
    for (let step = 1; step <= 5; step++) await page.mouse.move(at.x + 50 - 10 * step, at.y + 30);
    await page.mouse.up();
    await nextFrame(page);
    expect(distance(await target(page), before)).toBeLessThan(1e-6);
    expect(await camera(page)).toEqual(view);
    expect(demo.problems).toEqual([]);
  });
});
