// A user's glTF in Debian's Chromium: a GLB built by the test
// (tests/web/gltf-fixtures.ts) dropped on the page replaces the default
// character, poses by dragging a target handle, and draws; a broken file
// says what is wrong and keeps the character that was there; a file with two
// skins asks which; a file with two animations offers both as clips; ?model=
// loads same-site and data: URLs only; a share link
// of the model waits for the file, then applies its pose.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animatedFile } from '../web/gltf-animated-file.js';
import { armatureRig, influenceChain, twoSkins } from '../web/gltf-fixtures.js';
import { ARTIFACTS, bannerText, dropFile, loadReported, nextFrame, openDemo, screenshot } from './browser.js';
import { demoPage, sharedPage } from './shared-pages.js';
import { changedPixels } from './pixels.js';


type Vec3 = [number, number, number];
const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function maxDifference(a: number[], b: number[]): number {
  expect(a.length).toBe(b.length);
  return a.reduce((worst, value, i) => Math.max(worst, Math.abs(value - b[i])), 0);
}

/** The name of the model on screen ('' for the default character). */
function modelName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const model = window.kin.model();
    return model.kind === 'gltf' ? model.name : '';
  });
}

/** A real pointer drag of HandL's handle, pressed `offset` px right of its centre: its tip before, its tip and its target after. */
async function dragHand(page: Page, offset = 0): Promise<{ before: Vec3; after: { tip: Vec3; target: Vec3 } }> {
  const before = await page.evaluate(() => window.kin.boneTip('HandL'));
  const centre = await page.evaluate(() => window.kin.handleScreenPosition('HandL'));
  const x = centre.x + offset;
  await page.mouse.move(x, centre.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x - 6 * step, centre.y + 5 * step);
  await page.mouse.up();
  const after = await page.evaluate(() => ({ tip: window.kin.boneTip('HandL'), target: window.kin.goals()[0].target }));
  return { before, after };
}

describe('glTF import in the page', () => {
  const suite = demoPage();
  const armature = armatureRig().glb();

  // A model authored in centimetres with no scale node (about 160 units tall):
  // the camera frames it from outside, and its handles, gizmo and floor grow
  // with it, so that a real pointer drag on a hand's handle takes it.
  it('a model 160 units tall is framed and posed as a human is', async () => {
    const { page, problems } = suite;
    await dropFile(page, 'centimetres.glb', armatureRig({ armatureScale: 1 }).glb());
    expect(await loadReported(page, null)).toMatch(/^Loaded 'centimetres.glb'/);
    await nextFrame(page);
    // Pressed 5 px off its centre, as a hand does: a handle a few pixels across is missed.
    const { before, after } = await dragHand(page, 5);
    // The hand followed the pointer some centimetres, as far as a human's hand goes a few.
    expect(distance(after.tip, before)).toBeGreaterThan(2);
    expect(distance(after.tip, after.target)).toBeLessThan(1);
    await page.keyboard.press('Control+z');
    expect(problems).toEqual([]);
  });

  it('a dropped GLB replaces the default character and poses by dragging a target', async () => {
    const { page, problems } = suite;
    // The previous test's banner is still up: wait for this file's.
    const previous = await bannerText(page, '.model-banner');
    await dropFile(page, 'armature.glb', armature);
    expect(await loadReported(page, previous)).toBe("Loaded 'armature.glb': skin 'Armature', 9 joints, 4 influences per vertex.");
    const model = await page.evaluate(() => window.kin.model());
    expect(model).toMatchObject({ kind: 'gltf', name: 'armature.glb', skin: 0, skinName: 'Armature', influences: 4, warnings: [] });
    expect(await page.evaluate(() => window.kin.boneNames())).toEqual(['Hips', 'Spine', 'Head', 'UpperArmL', 'ForeArmL', 'HandL', 'ThighR', 'ShinR', 'FootR']);
    // Hands and feet found by name: the goals of every solver but two-bone and look-at;
    // it stands on its foot, so the foot is pinned and the hips carry a root target.
    const found = await page.evaluate(() => window.kin.goals().map((g) => [g.name, g.pinned, g.movesRoot]));
    expect(found).toEqual([['HandL', false, false], ['FootR', true, false], ['Hips', false, true]]);
    const still = await screenshot(page, `${ARTIFACTS}/gltf-loaded.png`);

    // A real pointer drag on the hand's handle, selected by a click first.
    const handle = await page.evaluate(() => window.kin.handleScreenPosition('HandL'));
    await page.mouse.click(handle.x, handle.y);
    const { before, after } = await dragHand(page);
    expect(distance(after.tip, before)).toBeGreaterThan(0.02);
    expect(distance(after.tip, after.target)).toBeLessThan(0.01);
    // The skin drawn on the GPU followed.
    await page.evaluate(() => window.kin.nextFrame());
    const posed = await screenshot(page, `${ARTIFACTS}/gltf-dragged.png`);
    expect(changedPixels(still, posed)).toBeGreaterThan(200);

    // Two-bone sits on the forearm and pulls the wrist; look-at on the head.
    await page.evaluate(() => window.kin.setSolver('two-bone'));
    expect(await page.evaluate(() => window.kin.goals().map((g) => g.name))).toEqual(['ForeArmL', 'ShinR']);
    // A target 80 % of the way from the shoulder (the upper arm's origin) to the wrist (the goal's point), a little forward.
    const { shoulder, wrist } = await page.evaluate(() => {
      const rig = window.kin.rig!;
      const m = 16 * rig.boneIndex('UpperArmL');
      const model = rig.modelMatrices();
      return { shoulder: [model[m + 12], model[m + 13], model[m + 14]], wrist: window.kin.goals()[0].target };
    });
    const target = [0, 1, 2].map((k) => shoulder[k] + 0.8 * (wrist[k] - shoulder[k]) + (k === 2 ? 0.08 : 0)) as Vec3;
    const report = await page.evaluate((t) => window.kin.setGoalTarget('ForeArmL', t), target);
    expect(report.status).toBe('converged');
    expect(report.error).toBeLessThan(1e-4);
    await page.evaluate(() => window.kin.setSolver('look-at'));
    expect(await page.evaluate(() => window.kin.goals().map((g) => g.name))).toEqual(['Head']);
    await page.evaluate(() => window.kin.setSolver('dls'));
    expect(problems).toEqual([]);
  });

  it('a broken file says what is wrong and keeps the character, still posable', async () => {
    const { page, problems } = suite;
    const palette = await page.evaluate(() => window.kin.palette());
    const previous = await bannerText(page, '.model-banner');
    await dropFile(page, 'broken.glb', armature.slice(0, armature.byteLength - 64));
    expect(await loadReported(page, previous)).toBe(`Could not load 'broken.glb': truncated GLB: its header says ${armature.byteLength} bytes, the file has ${armature.byteLength - 64}`);
    expect(await page.evaluate(() => document.querySelector('.error-overlay'))).toBeNull();
    expect(await modelName(page)).toBe('armature.glb');
    expect(maxDifference(await page.evaluate(() => window.kin.palette()), palette)).toBe(0);
    const target = await page.evaluate(() => {
      const tip = window.kin.boneTip('HandL');
      return [tip[0], tip[1] + 0.05, tip[2]] as Vec3;
    });
    const report = await page.evaluate((t) => window.kin.setGoalTarget('HandL', t), target);
    expect(report.status).toBe('converged');

    const notGltf = await page.evaluate(() => window.kin.loadModel({ name: 'notes.txt', bytes: new TextEncoder().encode('hello') }));
    expect(notGltf).toEqual({ ok: false, error: "Could not load 'notes.txt': 'notes.txt' is not a format the page reads (glTF, BVH, pose JSON)" });
    expect(problems).toEqual([]);
  });

  it('eight influences per vertex draw through the second joint set; unnormalised weights are flagged in the HUD', async () => {
    const { page, problems } = suite;
    const chain = Array.from(new Uint8Array(influenceChain({ unnormalizedEvery: 3 }).glb()));
    const outcome = await page.evaluate((bytes) => window.kin.loadModel({ name: 'tentacle.glb', bytes: Uint8Array.from(bytes) }), chain);
    const warning = 'The weights of 8 vertices did not sum to 1; they were normalised.';
    expect(outcome).toMatchObject({ ok: true, model: { name: 'tentacle.glb', influences: 8, warnings: [warning] } });
    expect(await page.$eval('.hud-warning', (e) => (e as HTMLElement).hidden ? null : e.textContent)).toBe(warning);
    // No hands or feet by name: the goal is the deepest leaf.
    expect(await page.evaluate(() => window.kin.goals().map((g) => g.name))).toEqual(['seg7']);
    const still = await screenshot(page);
    const tip = await page.evaluate(() => window.kin.boneTip('seg7'));
    await page.evaluate((t) => window.kin.setGoalTarget('seg7', t), [tip[0] + 0.5, tip[1] - 0.4, tip[2]] as Vec3);
    await page.evaluate(() => window.kin.nextFrame());
    const bent = await screenshot(page, `${ARTIFACTS}/gltf-eight-influences.png`);
    expect(changedPixels(still, bent)).toBeGreaterThan(200);
    expect(problems).toEqual([]); // the 8-influence shader compiled
  });

  it('a file with two skins asks which one to pose', async () => {
    const { page } = suite;
    const bytes = twoSkins().glb();
    const before = await bannerText(page, '.model-banner');
    await dropFile(page, 'two-skins.glb', bytes);
    await page.waitForSelector('.skin-chooser');
    const options = await page.$$eval('.skin-chooser-option', (buttons) => buttons.map((b) => b.textContent));
    expect(options).toEqual(['Tail — 2 joints, 1 mesh', 'Arm — 3 joints, 1 mesh']);
    await page.click('.skin-chooser-option[data-skin="1"]');
    expect(await loadReported(page, before)).toMatch(/^Loaded 'two-skins.glb': skin 'Arm', 3 joints/);
    expect(await page.evaluate(() => window.kin.boneNames())).toEqual(['Shoulder', 'Elbow', 'Wrist']);
  });

  it('a file with two animations offers both in the clip menu, the first picked; the second picked plays as the core samples it', async () => {
    const { page, problems } = suite;
    const before = await bannerText(page, '.model-banner');
    await dropFile(page, 'animated.glb', animatedFile(1));
    expect(await loadReported(page, before)).toMatch(/^Loaded 'animated.glb'/);
    const menu = await page.$$eval('[data-action="clip-menu"] option', (options) => options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
    expect(menu).toEqual(['New clip', 'mixed', 'second']);
    expect(await page.evaluate(() => window.kin.clip().name)).toBe('mixed');
    await page.selectOption('[data-action="clip-menu"]', 'second');
    const clip = await page.evaluate(() => window.kin.clip());
    expect(clip.name).toBe('second');
    expect(clip.duration).toBeCloseTo(0.9, 5);
    // Shown at two times: the pose on screen is the core's sample there, and it moved between them.
    const shownAt = async (time: number): Promise<{ shown: number[]; sampled: number[] }> => {
      await page.evaluate((t) => window.kin.setTime(t), time);
      await nextFrame(page);
      return page.evaluate((t) => ({ shown: window.posePalette(), sampled: window.posePalette(window.kin.sampledPalette(t, 'clamp')) }), time);
    };
    const [early, late] = [await shownAt(0.1), await shownAt(0.8)];
    for (const at of [early, late]) expect(maxDifference(at.shown, at.sampled)).toBeLessThan(1e-6);
    expect(maxDifference(early.shown, late.shown)).toBeGreaterThan(1e-3);
    expect(problems).toEqual([]);
  });

  it('?model= loads this site\'s and data: URLs only', async () => {
    const { browser, site } = suite;
    const dataUrl = `data:model/gltf-binary;base64,${Buffer.from(armature).toString('base64')}`;
    const fromData = await openDemo(browser, `${site.url}?model=${encodeURIComponent(dataUrl)}`);
    await fromData.page.waitForFunction(() => window.kin.model().kind === 'gltf', undefined, { timeout: 30_000 });
    expect(await modelName(fromData.page)).toBe('model.glb');
    expect(fromData.problems).toEqual([]);
    await fromData.page.close();

    // Another site's URL, as ?model= hands it to the loader (in the page: the opening above is ?model='s one).
    const { page, problems } = await sharedPage('other');
    await page.evaluate((url) => window.kin.loadModel(url), 'https://example.com/robot.glb');
    expect(await loadReported(page, null)).toBe('Could not load the model: only models from this site or data: URLs can be loaded, not from https://example.com');
    expect(await page.evaluate(() => window.kin.model().kind)).toBe('default');
    expect(problems).toEqual([]);
  });

  it('a share link of a glTF waits for the file, then applies its pose by joint names', async () => {
    const { page } = suite;
    await dropFile(page, 'armature.glb', armature);
    await page.waitForFunction(() => (window.kin.model() as { name?: string }).name === 'armature.glb');
    const hand = await page.evaluate(() => window.kin.boneTip('HandL'));
    await page.evaluate((t) => window.kin.setGoalTarget('HandL', t), [hand[0] - 0.15, hand[1] + 0.2, hand[2] + 0.1] as Vec3);
    const posed = await page.evaluate(() => ({ link: window.kin.shareLink(), palette: window.kin.palette() }));

    // In another page that has not got the file.
    const fresh = await sharedPage('other');
    expect(await fresh.page.evaluate((url) => window.kin.applyLink(url), posed.link)).toMatchObject({ ok: false });
    expect(await bannerText(fresh.page, '.link-banner')).toBe("Load 'armature.glb' to apply this pose");
    // Another model does not fit: the page says why and keeps waiting.
    await fresh.page.evaluate((bytes) => window.kin.loadModel({ name: 'tentacle.glb', bytes: Uint8Array.from(bytes) }), Array.from(new Uint8Array(influenceChain().glb())));
    expect(await bannerText(fresh.page, '.link-banner')).toBe(
      "This link poses 'armature.glb', but 'tentacle.glb' does not fit it: the link poses 9 joints, this model has 8, and 9 of the link's joint names are not among this model's",
    );
    await dropFile(fresh.page, 'armature.glb', armature);
    await fresh.page.waitForFunction(() => (window.kin.model() as { name?: string }).name === 'armature.glb');
    expect(await bannerText(fresh.page, '.link-banner')).toBeNull();
    expect(await fresh.page.$eval('.hud-warning', (e) => (e as HTMLElement).hidden)).toBe(true);
    expect(maxDifference(await fresh.page.evaluate(() => window.kin.palette()), posed.palette)).toBeLessThan(1e-4);
    expect(fresh.problems).toEqual([]);
  });
});
