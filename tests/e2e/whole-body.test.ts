// Whole-body posing with the mouse and keys, in Debian's Chromium, on the
// default character: the hips' root target dragged down (or grabbed with G)
// lowers the body while the pinned feet hold within 1e-3 m; the Rotation
// toggle gives a hand's target an orientation that R turns, and the hand's
// bone follows it within 1°; the Pole toggle draws a pole handle whose drag
// swings the elbow toward it while the hand stays on its target; 1, 3, 7 and
// F move the camera. Each gesture is one undo step.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, dragHandle, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';
import { type Vec3, distance, maxDifference } from './measure.js';

type Quat = [number, number, number, number];

/** A bone's origin and its model-space rotation matrix (columns, unit length). */
async function boneFrame(page: Page, bone: string): Promise<{ origin: Vec3; axes: [Vec3, Vec3, Vec3] }> {
  return page.evaluate((name) => {
    const rig = window.kin.rig!;
    const m = rig.modelMatrices();
    const i = 16 * rig.boneIndex(name);
    const column = (c: number): Vec3 => {
      const v = [m[i + 4 * c], m[i + 4 * c + 1], m[i + 4 * c + 2]];
      const length = Math.hypot(v[0], v[1], v[2]);
      return [v[0] / length, v[1] / length, v[2] / length];
    };
    return { origin: [m[i + 12], m[i + 13], m[i + 14]] as Vec3, axes: [column(0), column(1), column(2)] as [Vec3, Vec3, Vec3] };
  }, bone);
}

/** The columns of a unit quaternion's rotation matrix (hand-derived, independent of three.js and the core). */
function quaternionAxes([x, y, z, w]: Quat): [Vec3, Vec3, Vec3] {
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
    [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
    [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
  ];
}

/** The angle (degrees) of the rotation taking frame `a` to frame `b`: acos((tr(aᵀb) − 1) / 2). */
function angleBetween(a: [Vec3, Vec3, Vec3], b: [Vec3, Vec3, Vec3]): number {
  const trace = a.reduce((sum, column, k) => sum + column[0] * b[k][0] + column[1] * b[k][1] + column[2] * b[k][2], 0);
  return (Math.acos(Math.min(1, Math.max(-1, (trace - 1) / 2))) * 180) / Math.PI;
}

const undoSteps = (page: Page): Promise<number> => page.evaluate(() => window.kin.undoDepth().undo);
const feet = (page: Page): Promise<Vec3[]> => page.evaluate(() => [window.kin.boneTip('foot_l'), window.kin.boneTip('foot_r')]);
const goal = (page: Page, name: string) => page.evaluate((n) => window.kin.goals().find((g) => g.name === n)!, name);

describe('whole-body posing', () => {
  const demo = demoPage();
  let page: Page;
  let start: { angles: number[]; rootOffset: Vec3 };

  beforeEach(async () => {
    page = demo.page;
    start ??= await page.evaluate(() => window.kin.getPose());
    await page.evaluate((pose) => {
      window.kin.selectGoal(null);
      window.kin.setPose(pose.angles, pose.rootOffset);
    }, start);
    await nextFrame(page);
  });

  it('dragging the hips’ target down lowers the body; the pinned feet hold within 1e-3 m; one undo step', async () => {
    const hips = goal(page, 'hips');
    expect(await hips).toMatchObject({ movesRoot: true, pinned: false });
    const before = { feet: await feet(page), hips: await boneFrame(page, 'hips'), hand: (await goal(page, 'hand_l')).target, steps: await undoSteps(page), palette: await page.evaluate(() => window.posePalette()) };

    await dragHandle(page, 'hips', 0, 70, 12);
    const after = { feet: await feet(page), hips: await boneFrame(page, 'hips'), hips_target: (await goal(page, 'hips')).target, hand: (await goal(page, 'hand_l')).target };
    await artifact(page, `${ARTIFACTS}/whole-body-crouch.png`);
    // The body went down and the knees bent to keep the feet where they were.
    expect(before.hips.origin[1] - after.hips.origin[1]).toBeGreaterThan(0.08);
    expect(distance(after.hips.origin, after.hips_target)).toBeLessThan(2e-3);
    after.feet.forEach((foot, k) => expect(distance(foot, before.feet[k])).toBeLessThan(1e-3));
    // The hands' free targets were carried down with the body.
    expect(before.hand[1] - after.hand[1]).toBeGreaterThan(0.05);
    expect(await undoSteps(page)).toBe(before.steps + 1);

    await page.keyboard.press('Control+z');
    expect(maxDifference(await page.evaluate(() => window.posePalette()), before.palette)).toBeLessThan(1e-6);
    expect(demo.problems).toEqual([]);
  });

  it('G grabs the hips’ target: the body follows the pointer until a click, the feet holding', async () => {
    await page.evaluate(() => window.kin.selectGoal('hips'));
    const before = { feet: await feet(page), hips: await boneFrame(page, 'hips'), steps: await undoSteps(page) };
    const at = await page.evaluate(() => window.kin.handleScreenPosition('hips'));
    await page.mouse.move(at.x, at.y);
    await page.keyboard.press('g');
    for (let step = 1; step <= 8; step++) await page.mouse.move(at.x + 2 * step, at.y + 7 * step);
    await page.mouse.click(at.x + 16, at.y + 56);
    await nextFrame(page);
    const after = { feet: await feet(page), hips: await boneFrame(page, 'hips') };
    expect(before.hips.origin[1] - after.hips.origin[1]).toBeGreaterThan(0.05);
    after.feet.forEach((foot, k) => expect(distance(foot, before.feet[k])).toBeLessThan(1e-3));
    expect(await undoSteps(page)).toBe(before.steps + 1);
    expect(demo.problems).toEqual([]);
  });

  it('the Rotation toggle gives a hand’s target an orientation; R turns it and the hand follows within 1°', async () => {
    await page.evaluate(() => window.kin.selectGoal('hand_l'));
    await nextFrame(page);
    const toggle = '.target-panel [data-action="target-orient"]';
    expect(await page.getAttribute(toggle, 'aria-pressed')).toBe('false');
    await page.click(toggle);
    await nextFrame(page);
    expect(await page.getAttribute(toggle, 'aria-pressed')).toBe('true');
    const held = (await goal(page, 'hand_l')).orientation as Quat;
    expect(held).not.toBeNull();
    // It starts as the hand is now.
    expect(angleBetween(quaternionAxes(held), (await boneFrame(page, 'hand_l')).axes)).toBeLessThan(0.1);

    const steps = await undoSteps(page);
    const at = await page.evaluate(() => window.kin.handleScreenPosition('hand_l'));
    await page.mouse.move(at.x + 70, at.y);
    await page.keyboard.press('r');
    for (let step = 1; step <= 6; step++) await page.mouse.move(at.x + 70 * Math.cos(0.06 * step), at.y - 70 * Math.sin(0.06 * step));
    await page.mouse.click(at.x + 70 * Math.cos(0.36), at.y - 70 * Math.sin(0.36));
    await nextFrame(page);
    await artifact(page, `${ARTIFACTS}/whole-body-rotation.png`);
    const turned = (await goal(page, 'hand_l')).orientation as Quat;
    expect(angleBetween(quaternionAxes(turned), quaternionAxes(held))).toBeGreaterThan(10);
    expect(angleBetween(quaternionAxes(turned), (await boneFrame(page, 'hand_l')).axes)).toBeLessThan(1);
    expect(await undoSteps(page)).toBe(steps + 1);

    // Off again: the target no longer holds an orientation.
    await page.click(toggle);
    expect((await goal(page, 'hand_l')).orientation).toBeNull();
    expect(demo.problems).toEqual([]);
  });

  it('the Pole toggle draws a pole handle; dragging it swings the elbow toward it while the hand stays on its target', async () => {
    // The hand in front of the chest, so that the elbow bends (a straight arm has no bend to swing).
    await page.evaluate(() => {
      window.kin.setGoalTarget('hand_r', [-0.3, 1.2, 0.3]);
      window.kin.selectGoal('hand_r');
    });
    await nextFrame(page);
    await page.click('.target-panel [data-action="target-pole"]');
    await nextFrame(page);
    const hand = await goal(page, 'hand_r');
    expect(hand.pole).not.toBeNull();
    const elbowBefore = (await boneFrame(page, 'forearm_r')).origin;
    const steps = await undoSteps(page);

    // Drag the pole handle up the screen, over the shoulder.
    const pole = await page.evaluate(() => window.kin.poleScreenPosition('hand_r'));
    await page.mouse.move(pole.x, pole.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(pole.x + 3 * step, pole.y - 12 * step);
    await page.mouse.up();
    await nextFrame(page);
    await artifact(page, `${ARTIFACTS}/whole-body-pole.png`);
    const moved = await goal(page, 'hand_r');
    const elbowAfter = (await boneFrame(page, 'forearm_r')).origin;
    expect(distance(moved.pole!, hand.pole!)).toBeGreaterThan(0.1);
    // The elbow went toward the pole, and the hand did not leave its target.
    expect(distance(elbowAfter, moved.pole!)).toBeLessThan(distance(elbowBefore, moved.pole!) - 0.02);
    expect(elbowAfter[1]).toBeGreaterThan(elbowBefore[1]);
    expect(distance(await page.evaluate(() => window.kin.boneTip('hand_r')), moved.target)).toBeLessThan(5e-3);
    expect(await undoSteps(page)).toBe(steps + 1);
    expect(demo.problems).toEqual([]);
  });

  it('1, 3 and 7 show the front, side and top views; F frames the selected target', async () => {
    const camera = () => page.evaluate(() => window.kin.camera());
    const seen: number[][] = [];
    for (const key of ['1', '3', '7']) {
      await page.keyboard.press(key);
      const { position, target } = await camera();
      seen.push([position[0] - target[0], position[1] - target[1], position[2] - target[2]].map((v) => v / Math.hypot(position[0] - target[0], position[1] - target[1], position[2] - target[2])));
    }
    // Front looks along −z (from +z), side along ∓x, top down −y: the dominant axis of each direction.
    expect(seen.map((d) => d.map(Math.abs).indexOf(Math.max(...d.map(Math.abs))))).toEqual([2, 0, 1]);
    await page.evaluate(() => window.kin.selectGoal('hand_r'));
    const before = await camera();
    await page.keyboard.press('f');
    const framed = await camera();
    const hand = (await goal(page, 'hand_r')).target;
    expect(distance(framed.target, hand)).toBeLessThan(distance(before.target, hand));
    expect(distance(framed.target, hand)).toBeLessThan(0.05);
    expect(demo.problems).toEqual([]);
  });
});
