// Outputs for image pipelines on the real page (File ▸ Export for
// ControlNet…, kin.openPose, kin.renderPass('openpose'), kin.importOpenPose):
// the default character standing at ease, seen from its left side, hides its
// right wrist behind its hips — confidence 0 in the JSON, its forearm not
// drawn — and from the front shows it (confidence 1, the forearm in the
// annotator's colour × 0.6); a 2 s loop at 24 fps exported through the dialog frame by frame is a
// zip of 48 skeleton images and 48 JSON files, and an export cancelled
// halfway writes nothing and leaves the pose and the time as they were; a
// library pose's own keypoints fitted back onto the character in its start
// pose land within a pixel; hostile JSON is refused by name, the pose
// untouched. With KIN_E2E_ARTIFACTS=1 the dialog is shot at three sizes.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RenderCameraState } from '../../web/src/scene/render-camera.js';
import { ARTIFACTS, artifactsAt, clickFileMenu, downloadedBytes, resizeWindow } from './browser.js';
import { demoPage } from './shared-pages.js';

const SIDE = 256;
const R_ELBOW = 3;
const R_WRIST = 4;
/** The annotator's colour of limb 3 (RElbow → RWrist, limbSeq [4, 5]), drawn at 0.6 (annotator/openpose/util.py). */
const FOREARM_R = [255 * 0.6, 255 * 0.6, 0].map(Math.floor);

function camera(position: [number, number, number]): Partial<RenderCameraState> {
  return { width: SIDE, height: SIDE, focalLength: 50, position, target: [0, 0.95, 0], background: 'transparent' };
}

async function openPose(page: Page, options: object = {}): Promise<{ people: { pose_keypoints_2d: number[] }[]; canvas_width: number }> {
  return page.evaluate((o) => window.kin.openPose(o), options) as never;
}

async function skeletonImage(page: Page): Promise<PNG> {
  const url = await page.evaluate(() => window.kin.renderPass('openpose'));
  return PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

/** The colour at the middle of the right forearm (between the elbow and wrist as projected, hidden or not). */
async function forearmColour(page: Page): Promise<number[]> {
  const [{ pose_keypoints_2d: all }] = (await openPose(page, { keepHidden: true })).people;
  const image = await skeletonImage(page);
  const x = Math.floor((all[3 * R_ELBOW] + all[3 * R_WRIST]) / 2);
  const y = Math.floor((all[3 * R_ELBOW + 1] + all[3 * R_WRIST + 1]) / 2);
  const at = (y * image.width + x) * 4;
  return Array.from(image.data.subarray(at, at + 3));
}

describe('outputs for image pipelines', () => {
  const demo = demoPage();

  beforeEach(async () => {
    await demo.page.evaluate(() => window.kin.reset());
  });

  it('leaves a wrist behind the torso out of the keypoints and the skeleton, and keeps it in front', async () => {
    const { page, problems } = demo;
    await page.evaluate(() => window.kin.applyLibraryPose(window.kin.poseLibrary().find((p) => p.name === 'Stand at ease')!.id));
    // From the character's left (+x: it faces +z), its right wrist hangs behind its hips.
    await page.evaluate((c) => window.kin.setRenderCamera(c), camera([3, 0.95, 0]));
    const fromLeft = (await openPose(page)).people[0].pose_keypoints_2d;
    expect(fromLeft[3 * R_WRIST + 2]).toBe(0);
    expect(fromLeft.slice(3 * R_WRIST, 3 * R_WRIST + 2)).toEqual([0, 0]);
    expect(await forearmColour(page)).not.toEqual(FOREARM_R);
    // Its left wrist, on the near side, is seen; so is the neck, made from the near shoulder.
    expect(fromLeft[3 * 7 + 2]).toBe(1);
    expect(fromLeft[3 * 1 + 2]).toBe(1);

    await page.evaluate((c) => window.kin.setRenderCamera(c), camera([0, 0.95, 3]));
    const fromFront = (await openPose(page)).people[0].pose_keypoints_2d;
    expect(fromFront[3 * R_WRIST + 2]).toBe(1);
    const colour = await forearmColour(page);
    colour.forEach((channel, k) => expect(Math.abs(channel - FOREARM_R[k])).toBeLessThanOrEqual(1));
    expect(problems).toEqual([]);
  });

  it('exports a 48-frame clip frame by frame through the dialog, and a cancelled export writes nothing', async () => {
    const { page, problems } = demo;
    await page.evaluate((c) => {
      window.kin.setRenderCamera(c);
      window.kin.useClip('Wave');
      window.kin.setClip({ ...window.kin.clip(), fps: 24 });
      window.kin.setLoop(true);
      window.kin.setTime(0.5);
    }, { ...camera([0, 1.2, 4]), width: 96, height: 96 });
    await clickFileMenu(page, 'export-controlnet');
    await page.waitForSelector('.outputs-dialog:not([hidden])');
    await page.uncheck('[data-action="outputs-pass-depth"]');
    await page.selectOption('select[name="outputs-run"]', 'sequence');
    expect(await page.textContent('.outputs-run-line')).toContain('48 frames');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 240_000 }), page.click('[data-action="outputs-export"]')]);
    const entries = unzipSync(new Uint8Array(await downloadedBytes(download)));
    const names = Object.keys(entries);
    expect(names.filter((n) => /^openpose\/openpose_\d{4}\.png$/.test(n))).toHaveLength(48);
    expect(names.filter((n) => /^openpose\/openpose_\d{4}\.json$/.test(n))).toHaveLength(48);
    expect(names).toHaveLength(96);
    const first = JSON.parse(new TextDecoder().decode(entries['openpose/openpose_0000.json']));
    expect(first.canvas_width).toBe(96);
    expect(first.people[0].pose_keypoints_2d).toHaveLength(75);
    // The waving wrist moves between frames.
    const wrist = (name: string) => JSON.parse(new TextDecoder().decode(entries[name])).people[0].pose_keypoints_2d.slice(3 * R_WRIST, 3 * R_WRIST + 2);
    expect(wrist('openpose/openpose_0006.json')).not.toEqual(wrist('openpose/openpose_0000.json'));

    const before = await page.evaluate(() => ({ pose: window.kin.getPose().angles, time: window.kin.time().time }));
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await page.click('[data-action="outputs-export"]');
    await page.waitForFunction(() => Number((document.querySelector('.outputs-progress') as HTMLProgressElement).value) >= 24, undefined, { timeout: 240_000 });
    await page.click('[data-action="outputs-cancel"]');
    await page.waitForFunction(() => document.querySelector('.outputs-status')?.textContent?.startsWith('Cancelled'));
    await page.evaluate(() => window.kin.idle(5000));
    expect(downloaded).toBe(false);
    const after = await page.evaluate(() => ({ pose: window.kin.getPose().angles, time: window.kin.time().time }));
    expect(after.time).toBe(before.time);
    after.pose.forEach((angle, i) => expect(Math.abs(angle - before.pose[i])).toBeLessThan(1e-6));
    expect(await page.isEnabled('[data-action="outputs-export"]')).toBe(true);
    await artifactsAt(page, [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }], (size) => `${ARTIFACTS}/controlnet-dialog-${size.width}x${size.height}.png`);
    await resizeWindow(page, { width: 1280, height: 800 });
    expect(problems).toEqual([]);
  });

  it('fits a library pose’s keypoints back onto the character within a pixel, and refuses hostile JSON with the pose untouched', async () => {
    const { page, problems } = demo;
    await page.evaluate((c) => window.kin.setRenderCamera(c), { ...camera([1.6, 1.6, 3.2]), width: 512, height: 512 });
    const library = await page.evaluate(() => window.kin.poseLibrary().filter((p) => p.builtIn).map((p) => p.id));
    await page.evaluate((id) => window.kin.applyLibraryPose(id), library[0]);
    const json = await openPose(page, { keepHidden: true });
    await page.evaluate(() => window.kin.reset());
    await page.evaluate((c) => window.kin.setRenderCamera(c), { ...camera([1.6, 1.6, 3.2]), width: 512, height: 512 });
    const fit = await page.evaluate((j) => window.kin.importOpenPose(j), json as object);
    expect(fit.maxErrorPx).toBeLessThan(1);
    expect(fit.perJoint.length).toBeGreaterThanOrEqual(15);

    const pose = await page.evaluate(() => window.kin.getPose().angles);
    const hostile = [
      ['not JSON', '{people'],
      ['wrong length', JSON.stringify({ people: [{ pose_keypoints_2d: [1, 2] }], canvas_width: 512, canvas_height: 512 })],
      ['NaN', '{"people":[{"pose_keypoints_2d":[NaN]}],"canvas_width":512,"canvas_height":512}'],
      ['__proto__', '{"__proto__":{"x":1},"people":[],"canvas_width":512,"canvas_height":512}'],
      ['a million people', `{"people":[${Array.from({ length: 1_000_000 }, () => '{}').join(',')}],"canvas_width":512,"canvas_height":512}`],
    ];
    for (const [what, text] of hostile) {
      const message = await page.evaluate((t) => window.kin.importOpenPose(t).then(() => 'accepted', (e: Error) => e.message), text);
      expect(message, what).toMatch(/OpenPose JSON/);
    }
    expect(await page.evaluate(() => window.kin.getPose().angles)).toEqual(pose);
    expect(problems).toEqual([]);
  });
});
