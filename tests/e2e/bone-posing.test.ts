// Forward-kinematics posing in Debian's Chromium: a real click on a bone
// selects it (highlighted in the drawn image, its panel showing one slider
// per Euler slot over the rig's limits), a real slider move turns the bone —
// checked against the elbow angle measured from the bone positions — within
// its limits, the palette and the IK targets follow; a drag of the rotation
// gizmo turns it too (and not the camera); clicks on handles, on empty space
// and orbit drags do not select.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { poseLinkInUrl } from '../../web/src/share/link-url.js';
import { decodePoseLink } from '../../web/src/share/pose-link.js';
import { ARTIFACTS, artifact, nextFrame, screenshot } from './browser.js';
import { demoPage } from './shared-pages.js';
import { maxDifference } from './compare.js';

const BONE = 'forearm_r';
// The right elbow's hinge: slot 1 (about y) in [0, 2.5]; slot 0 twists in ±1.2, slot 2 is locked.
const HINGE_SLOT = 1;

type Vec3 = [number, number, number];

/** The forearm's angles, and the elbow angle measured between the upper arm's and the forearm's model-space directions. */
async function elbow(page: Page): Promise<{ angles: Vec3; measured: number }> {
  return page.evaluate((bone) => {
    const rig = window.kin.rig!;
    const model = rig.modelMatrices();
    const tips = rig.boneTips();
    const direction = (b: number) => {
      const d = [0, 1, 2].map((k) => tips[3 * b + k] - model[16 * b + 12 + k]);
      const length = Math.hypot(d[0], d[1], d[2]);
      return d.map((v) => v / length);
    };
    const forearm = rig.boneIndex(bone);
    const [u, f] = [direction(rig.parents[forearm]), direction(forearm)];
    const angles = rig.getAngles(forearm);
    return { angles, measured: Math.acos(Math.min(1, u[0] * f[0] + u[1] * f[1] + u[2] * f[2])) };
  }, BONE);
}

async function panel(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector<HTMLElement>('.bone-panel')!;
    const sliders = Array.from(element.querySelectorAll<HTMLInputElement>('input[type="range"]'));
    return {
      hidden: element.hidden,
      name: element.querySelector('.bone-panel-name')!.textContent,
      axes: Array.from(element.querySelectorAll('.bone-slot-axis'), (axis) => axis.textContent),
      min: sliders.map((s) => Number(s.min)),
      max: sliders.map((s) => Number(s.max)),
      values: sliders.map((s) => s.valueAsNumber),
      disabled: sliders.map((s) => s.disabled),
      ranges: Array.from(element.querySelectorAll('.bone-slot-range'), (range) => range.textContent),
    };
  });
}

/** How many of the page points are drawn in the highlight's yellow in the screenshot. */
function yellowPixels(shot: Buffer, points: { x: number; y: number }[]): number {
  const png = PNG.sync.read(shot);
  return points.filter(({ x, y }) => {
    const i = (Math.round(y) * png.width + Math.round(x)) * 4;
    return png.data[i] > 180 && png.data[i + 1] > 150 && png.data[i + 2] < 120;
  }).length;
}

/** The camera (position, then orbit target) recorded in a share link. */
function cameraOf(url: string): number[] {
  const decoded = decodePoseLink(poseLinkInUrl(url)!);
  if (!decoded.ok) throw new Error(decoded.error);
  return [...decoded.state.camera.position, ...decoded.state.camera.target];
}


describe('bone posing', () => {
  const demo = demoPage();
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    ({ page, problems } = demo);
  });

  it('a click on a bone selects it, highlights it and shows its sliders over its limits', async () => {
    expect(await page.evaluate(() => window.kin.selectedBone())).toBeNull();
    const at = await page.evaluate((bone) => window.kin.boneScreenPosition(bone), BONE);
    // Points along the bone (the gizmo's rings may cross one or two of them).
    const along = await page.evaluate((bone) => [0.3, 0.4, 0.5, 0.6, 0.7].map((t) => window.kin.boneScreenPosition(bone, t)), BONE);
    expect(yellowPixels(await screenshot(page), along)).toBe(0);
    await page.mouse.click(at.x, at.y);
    expect(await page.evaluate(() => window.kin.selectedBone())).toBe(BONE);

    const limits = await page.evaluate((bone) => window.kin.rig!.limits(window.kin.rig!.boneIndex(bone)), BONE);
    const shown = await panel(page);
    expect(shown.hidden).toBe(false);
    expect(shown.name).toBe(BONE);
    expect(shown.axes).toEqual(['x', 'y', 'z']);
    expect(shown.min).toEqual(limits.min);
    expect(shown.max).toEqual(limits.max);
    expect(shown.disabled).toEqual([false, false, true]);
    expect(shown.ranges[2]).toBe('locked');
    expect(shown.ranges[HINGE_SLOT]).toBe('0.0° … 143.2°');
    expect(maxDifference(shown.values, (await elbow(page)).angles)).toBeLessThan(1e-6);

    // The highlight (yellow, drawn over the skin) is where the bone is.
    await nextFrame(page);
    expect(yellowPixels(await screenshot(page, `${ARTIFACTS}/bone-selected.png`), along)).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });

  it('moving a slider turns the bone within its limits; the palette and the targets follow', async () => {
    const start = { palette: await page.evaluate(() => window.kin.palette()), elbow: await elbow(page) };
    const slider = page.locator('.bone-slot input[type="range"]').nth(HINGE_SLOT);
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + 0.8 * box.width, box.y + box.height / 2);
    const value = await slider.evaluate((input) => (input as HTMLInputElement).valueAsNumber);
    const moved = await elbow(page);
    expect(value).toBeGreaterThan(1.5);
    expect(moved.angles[HINGE_SLOT]).toBeCloseTo(value, 6);
    expect(moved.angles[HINGE_SLOT]).toBeLessThanOrEqual(2.5);
    // The other slots kept their angles; the measured elbow angle is the hinge angle.
    expect(moved.angles[0]).toBeCloseTo(start.elbow.angles[0], 6);
    expect(moved.angles[2]).toBeCloseTo(start.elbow.angles[2], 6);
    expect(moved.measured).toBeCloseTo(moved.angles[HINGE_SLOT], 4);
    expect(maxDifference(await page.evaluate(() => window.kin.palette()), start.palette)).toBeGreaterThan(0.05);
    // The hand's target moved with the hand.
    const follow = await page.evaluate(() => ({ target: window.kin.goals().find((g) => g.name === 'hand_r')!.target, tip: window.kin.boneTip('hand_r') }));
    expect(maxDifference(follow.target, follow.tip)).toBeLessThan(1e-6);

    // The keyboard ends at the limits and stays there.
    await slider.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    expect((await elbow(page)).angles[HINGE_SLOT]).toBeCloseTo(2.5, 6);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    const bent = await elbow(page);
    expect(bent.angles[HINGE_SLOT]).toBe(0);
    expect(bent.measured).toBeLessThan(1e-3);
    await artifact(page, `${ARTIFACTS}/bone-slider.png`);
    expect(problems).toEqual([]);
  });

  it('kin.setBoneAngles clamps to the limits and the panel shows the result', async () => {
    const applied = await page.evaluate((bone) => window.kin.setBoneAngles(bone, [-3, 5, 0.4]), BONE);
    expect(applied).toEqual([-1.2000000476837158, 2.5, 0]); // the limits, as float32
    await nextFrame(page);
    const shown = await panel(page);
    expect(maxDifference(shown.values, applied)).toBeLessThan(1e-6);
    expect((await elbow(page)).measured).toBeCloseTo(2.5, 4);
    await expect(page.evaluate(() => window.kin.setBoneAngles('tail', [0, 0, 0]))).rejects.toThrow(/no bone named 'tail'/);
    await expect(page.evaluate(() => window.kin.setBoneAngles('head', [0, Number.NaN, 0]))).rejects.toThrow(/3 finite numbers/);
    expect(problems).toEqual([]);
  });

  it('dragging the rotation gizmo at the joint turns the bone within its limits, not the camera', async () => {
    await page.evaluate((bone) => {
      window.kin.selectBone(bone);
      window.kin.setBoneAngles(bone, [0, 1, 0]);
    }, BONE);
    await nextFrame(page);
    const start = { palette: await page.evaluate(() => window.kin.palette()), camera: cameraOf(await page.evaluate(() => window.kin.shareLink())) };
    // The gizmo's centre (a free-turning ball) sits on the joint.
    const joint = await page.evaluate((bone) => window.kin.boneScreenPosition(bone, 0), BONE);
    await page.mouse.move(joint.x, joint.y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      await page.mouse.move(joint.x + 8 * step, joint.y + step);
      await nextFrame(page);
    }
    await page.mouse.up();
    await artifact(page, `${ARTIFACTS}/bone-gizmo.png`);
    const turned = await elbow(page);
    expect(maxDifference(turned.angles, [0, 1, 0])).toBeGreaterThan(0.05);
    expect(turned.angles[0]).toBeGreaterThanOrEqual(-1.2000001);
    expect(turned.angles[0]).toBeLessThanOrEqual(1.2000001);
    expect(turned.angles[1]).toBeGreaterThanOrEqual(0);
    expect(turned.angles[1]).toBeLessThanOrEqual(2.5);
    expect(turned.angles[2]).toBe(0);
    // Still a hinge: the measured elbow angle is the hinge angle.
    expect(turned.measured).toBeCloseTo(turned.angles[HINGE_SLOT], 4);
    expect(maxDifference(await page.evaluate(() => window.kin.palette()), start.palette)).toBeGreaterThan(0.01);
    expect(await page.evaluate(() => window.kin.selectedBone())).toBe(BONE);
    expect(maxDifference(cameraOf(await page.evaluate(() => window.kin.shareLink())), start.camera)).toBeLessThan(1e-6);
    expect(problems).toEqual([]);
  });

  it('clicks on a handle or on empty space and orbit drags select no bone', async () => {
    // Empty space above the character deselects.
    await page.mouse.click(512, 40);
    expect(await page.evaluate(() => window.kin.selectedBone())).toBeNull();
    expect((await panel(page)).hidden).toBe(true);
    // A handle (over the hand's bones) is for dragging its target.
    const handle = await page.evaluate(() => window.kin.handleScreenPosition('hand_l'));
    await page.mouse.click(handle.x, handle.y);
    expect(await page.evaluate(() => window.kin.selectedBone())).toBeNull();
    // A press on a bone that drags orbits the camera.
    const at = await page.evaluate(() => window.kin.boneScreenPosition('thigh_l'));
    const camera = await page.evaluate(() => window.kin.shareLink());
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    for (let step = 1; step <= 5; step++) await page.mouse.move(at.x + 10 * step, at.y);
    await page.mouse.up();
    expect(await page.evaluate(() => window.kin.selectedBone())).toBeNull();
    expect(await page.evaluate(() => window.kin.shareLink())).not.toBe(camera);
    // Nor does one that comes back to where it was pressed (and the camera to where it was): a drag, not a click.
    await page.mouse.down();
    for (let step = 4; step >= 0; step--) await page.mouse.move(at.x + 10 * step, at.y);
    await page.mouse.up();
    expect(await page.evaluate(() => window.kin.selectedBone())).toBeNull();
    // The script path selects as a click does.
    await page.evaluate(() => window.kin.selectBone('upper_arm_l'));
    expect((await panel(page)).name).toBe('upper_arm_l');
    await page.evaluate(() => window.kin.selectBone(null));
    expect((await panel(page)).hidden).toBe(true);
    expect(problems).toEqual([]);
  });
});
