// A loaded model's own material, skinned by our shaders, in Debian's
// Chromium. The model is tests/web/textured-model.ts's capsule (a base colour
// checkerboard, a normal map of ridges, a metal/rough map), dropped on the
// page as .gltf + .bin + .png files, or loaded as a GLB. Renders are compared
// pixel by pixel, through window.kin.setDebugView, against what three.js
// draws of the same file alone — GLTFLoader's SkinnedMesh with its own
// MeshStandardMaterial, its bones posed like the rig, in the same page, camera,
// lights and size — and, for DQS and 8 influences (which three.js does not
// skin), against the same material on the mesh skinned on the CPU by the
// WASM core. Each comparison is shown to see what it guards: the same model
// without its base colour texture, or a joint bent 0.1 rad further, fails it.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { PNG } from 'pngjs';
import type { ElementHandle, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texturedCapsule } from '../web/textured-model.js';
import { ARTIFACTS, dropFiles, idle, loadReported, screenshot } from './browser.js';
import { demoPage } from './shared-pages.js';

/**
 * The capsule's pose: the base turned and leaning, each segment bent its
 * own way (angles about the joints' local axes, by Euler slot).
 */
const POSE: Readonly<Record<string, [number, number, number]>> = {
  Base: [0.25, 0.5, 0.2],
  Segment1: [0.1, 0, 0.55],
  Segment2: [0.45, 0.3, -0.4],
  Tip: [0, 0.8, 0.35],
};

/** A pixel of the model differs visibly when a channel differs by more than this (of 255). */
const VISIBLE = 24;
/**
 * Two renders of the model count as the same when at most this share of its
 * pixels differs visibly and the mean difference is under MEAN_SAME. What is
 * left between ours and three.js's is the edge of the silhouette, where a
 * position 1e-6 m off flips a pixel, and the normal's blend: three.js blends
 * normals by the bone matrices, ours by their inverse transpose (exact
 * under scale), a hair apart where two bones meet. In SwiftShader: no pixel
 * of ~85 000 differs visibly, the mean difference is 0.3 (against the CPU
 * skinning: 0); the bounds leave room for another rasteriser's rounding.
 * A lost texture changes nearly all of the model (the untextured capsule
 * below: 99.8 %, mean 59), a joint bent 0.1 rad a band along its edges, the
 * other skinning method under twist 6 %.
 */
const SAME_SHARE = 0.005;
const MEAN_SAME = 1;

/** Draws a frame and takes a screenshot of the page. */
async function shot(page: Page, name: string): Promise<PNG> {
  await page.evaluate(() => window.kin.nextFrame());
  return PNG.sync.read(await screenshot(page, `${ARTIFACTS}/model-materials-${name}.png`));
}

function channelDifference(a: PNG, b: PNG, i: number): number {
  return Math.max(Math.abs(a.data[i] - b.data[i]), Math.abs(a.data[i + 1] - b.data[i + 1]), Math.abs(a.data[i + 2] - b.data[i + 2]));
}

/**
 * The model's pixels: where its renders in the two flat debug colours
 * (world position, normal) differ — everything else on the page (floor,
 * background) is drawn alike in both.
 */
async function modelMask(page: Page): Promise<Uint8Array> {
  await page.evaluate(() => window.kin.setDebugView('ours', 'position'));
  const position = await shot(page, 'mask-position');
  await page.evaluate(() => window.kin.setDebugView('ours', 'normal'));
  const normal = await shot(page, 'mask-normal');
  await page.evaluate(() => window.kin.setDebugView('ours', 'shaded'));
  const mask = new Uint8Array(position.width * position.height);
  for (let p = 0; p < mask.length; p++) mask[p] = channelDifference(position, normal, 4 * p) > 8 ? 1 : 0;
  return mask;
}

/** The byte offsets of the model's pixels in a screenshot's RGBA data. */
function* modelPixels(mask: Uint8Array): Generator<number> {
  for (let p = 0; p < mask.length; p++) if (mask[p]) yield 4 * p;
}

/** Over the model's pixels: the share that differs visibly, and the mean channel difference (0–255). */
function difference(a: PNG, b: PNG, mask: Uint8Array): { share: number; mean: number; pixels: number } {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let pixels = 0;
  let visible = 0;
  let sum = 0;
  for (const i of modelPixels(mask)) {
    pixels++;
    if (channelDifference(a, b, i) > VISIBLE) visible++;
    sum += (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2])) / 3;
  }
  return { share: visible / pixels, mean: sum / pixels, pixels };
}

/** Expects two renders of the model to count as the same (see SAME_SHARE), and the first to show the texture's checker. */
function expectSame(what: string, ours: PNG, reference: PNG, mask: Uint8Array): void {
  const same = difference(ours, reference, mask);
  const checker = checkerShares(ours, mask);
  console.log(`${what}: ${(100 * same.share).toFixed(2)} % of ${same.pixels} pixels visibly differ, mean ${same.mean.toFixed(2)}; checker orange ${(100 * checker.orange).toFixed(0)} %, blue ${(100 * checker.blue).toFixed(0)} %`);
  expect(same.pixels, what).toBeGreaterThan(20_000);
  expect(same.share, what).toBeLessThanOrEqual(SAME_SHARE);
  expect(same.mean, what).toBeLessThan(MEAN_SAME);
  // The texture is on it: both squares' colours cover much of the model.
  expect(Math.min(checker.orange, checker.blue), what).toBeGreaterThan(0.2);
}

/** Shares of the model's pixels that are clearly the checker's orange (red over blue) and clearly its blue. */
function checkerShares(png: PNG, mask: Uint8Array): { orange: number; blue: number } {
  let pixels = 0;
  let orange = 0;
  let blue = 0;
  for (const i of modelPixels(mask)) {
    pixels++;
    const [r, , b] = png.data.subarray(i, i + 3);
    if (r > b + 50) orange++;
    if (b > r + 50) blue++;
  }
  return { orange: orange / pixels, blue: blue / pixels };
}

/** The capsule's angles in rig order, `change` applied to them. */
async function poseAngles(page: Page, change: (angles: Record<string, [number, number, number]>) => void = () => {}): Promise<number[]> {
  const names = await page.evaluate(() => window.kin.boneNames());
  const angles = structuredClone(POSE) as Record<string, [number, number, number]>;
  change(angles);
  return names.flatMap((name) => angles[name] ?? [0, 0, 0]);
}

async function loadGlb(page: Page, name: string, bytes: ArrayBuffer): Promise<void> {
  const outcome = await page.evaluate(({ name, bytes }) => window.kin.loadModel({ name, bytes: Uint8Array.from(bytes) }), { name, bytes: Array.from(new Uint8Array(bytes)) });
  expect(outcome.ok).toBe(true);
}

describe('a loaded model keeps its own material, skinned by our shaders', () => {
  const suite = demoPage('desktop', { width: 1280, height: 720 });
  let page: Page;
  let problems: string[];
  const files = texturedCapsule().separateFiles('capsule');
  // The style that hides the controls over the view for the comparisons, taken out after (the page is shared).
  let hidden: ElementHandle<Node> | undefined;

  beforeAll(() => {
    ({ page, problems } = suite);
  });

  afterAll(async () => {
    await hidden?.evaluate((style) => (style as Element).remove());
  });

  it('a .gltf dropped without its .bin says which file is missing and changes nothing', async () => {
    await idle(page);
    const before = { palette: await page.evaluate(() => window.kin.palette()), view: await page.evaluate(() => window.kin.snapshot()) };
    await dropFiles(page, [files[0], ...files.slice(2)]);
    expect(await loadReported(page, null)).toBe("Could not load 'capsule.gltf': 'capsule.gltf' needs 'capsule.bin' (buffer 0): drop it together with the .gltf");
    expect(await page.evaluate(() => window.kin.model().kind)).toBe('default');
    expect(await page.evaluate(() => window.kin.palette())).toEqual(before.palette);
    await page.evaluate(() => window.kin.nextFrame());
    expect(await page.evaluate(() => window.kin.snapshot())).toBe(before.view);
    expect(problems).toEqual([]);
  });

  it('the .gltf dropped with its .bin and .png files loads, textured, and draws as three.js draws it', async () => {
    const before = await page.evaluate(() => document.querySelector('.model-banner .link-banner-message')?.textContent ?? null);
    await dropFiles(page, files);
    expect(await loadReported(page, before)).toBe("Loaded 'capsule.gltf': skin 'Capsule', 4 joints, 4 influences per vertex.");
    expect(await page.evaluate(() => window.kin.model())).toMatchObject({ kind: 'gltf', name: 'capsule.gltf' });
    await page.evaluate((angles) => window.kin.setPose(angles), await poseAngles(page));
    await shot(page, 'page'); // the page as a user sees it (the report's screenshot)

    hidden = await page.addStyleTag({ content: '.hud, .solver-panel, .skinning-toggle, .link-banner, .model-banner, .posing-toolbar, .page-nav, .top-bar, .inspector, .status-bar { visibility: hidden !important; }' });
    const mask = await modelMask(page);
    const ours = await shot(page, 'ours');
    await page.evaluate(() => window.kin.setDebugView('three-skinned-mesh', 'shaded'));
    const three = await shot(page, 'three');
    expectSame('textured capsule, LBS, ours vs three.js', ours, three, mask);

    // The comparison sees a joint bent 0.1 rad further.
    await page.evaluate(async (angles) => {
      window.kin.setPose(angles);
      window.kin.setDebugView('ours', 'shaded');
    }, await poseAngles(page, (angles) => (angles.Segment2[2] += 0.1)));
    const bent = difference(await shot(page, 'bent'), three, mask);
    console.log(`a joint bent 0.1 rad further vs three.js: ${(100 * bent.share).toFixed(2)} % visibly differ, mean ${bent.mean.toFixed(2)}`);
    expect(bent.share).toBeGreaterThan(2 * SAME_SHARE);

    // It sees a lost texture: the same capsule without its base colour map, drawn by us, against three.js's textured one.
    await loadGlb(page, 'untextured.glb', texturedCapsule({ untextured: true }).glb());
    await page.evaluate((angles) => window.kin.setPose(angles), await poseAngles(page));
    const untextured = await shot(page, 'untextured');
    const lost = difference(untextured, three, mask);
    const lostChecker = checkerShares(untextured, mask);
    console.log(`untextured capsule vs three.js's textured: ${(100 * lost.share).toFixed(1)} % visibly differ, mean ${lost.mean.toFixed(1)}; checker orange ${(100 * lostChecker.orange).toFixed(0)} %, blue ${(100 * lostChecker.blue).toFixed(0)} %`);
    expect(lost.share).toBeGreaterThan(0.4);
    expect(lost.mean).toBeGreaterThan(10 * MEAN_SAME);
    expect(Math.min(lostChecker.orange, lostChecker.blue)).toBeLessThan(0.05);
    expect(problems).toEqual([]);
  });

  it('DQS and 8 influences per vertex draw the material as the CPU skins the mesh', async () => {
    await loadGlb(page, 'capsule-8.glb', texturedCapsule({ joints: 8 }).glb());
    expect(await page.evaluate(() => window.kin.model())).toMatchObject({ kind: 'gltf', influences: 8 });
    // Each joint bent a little and twisted about the body's axis (slot 1, y): where the methods part.
    const angles = await page.evaluate(() => window.kin.boneNames().flatMap((_, b) => [0.12 * Math.sin(b), 0.35, 0.2 * Math.cos(1.3 * b)]));
    await page.evaluate((a) => window.kin.setPose(a), angles);
    const mask = await modelMask(page);
    const shots: Partial<Record<string, PNG>> = {};
    for (const method of ['dqs', 'lbs'] as const) {
      await page.evaluate((m) => {
        window.kin.setSkinning(m);
        window.kin.setDebugView('ours', 'shaded');
      }, method);
      const ours = await shot(page, `eight-${method}-ours`);
      await page.evaluate(() => window.kin.setDebugView('cpu-skinned', 'shaded'));
      const cpu = await shot(page, `eight-${method}-cpu`);
      expectSame(`8 influences, ${method}, ours vs the CPU-skinned mesh in the same material`, ours, cpu, mask);
      shots[method] = ours;
    }
    // The comparison tells the methods apart.
    const methods = difference(shots.dqs!, shots.lbs!, mask);
    console.log(`8 influences: DQS vs LBS ${(100 * methods.share).toFixed(2)} % visibly differ, mean ${methods.mean.toFixed(2)}`);
    expect(methods.share).toBeGreaterThan(2 * SAME_SHARE);
    await page.evaluate(() => window.kin.setDebugView('ours', 'shaded'));
    expect(problems).toEqual([]);
  });

  it('unlit and clearcoat materials (MeshBasicMaterial, MeshPhysicalMaterial) draw as three.js draws them', async () => {
    const variants = [
      ['unlit', { KHR_materials_unlit: {} }, 'MeshBasicMaterial'],
      ['clearcoat', { KHR_materials_clearcoat: { clearcoatFactor: 0.8, clearcoatRoughnessFactor: 0.2 } }, 'MeshPhysicalMaterial'],
    ] as const;
    await page.evaluate(() => window.kin.setSkinning('lbs'));
    for (const [name, materialExtensions, type] of variants) {
      await loadGlb(page, `capsule-${name}.glb`, texturedCapsule({ materialExtensions }).glb());
      await page.evaluate((angles) => window.kin.setPose(angles), await poseAngles(page));
      const mask = await modelMask(page);
      const ours = await shot(page, `${name}-ours`);
      await page.evaluate(() => window.kin.setDebugView('three-skinned-mesh', 'shaded'));
      const three = await shot(page, `${name}-three`);
      expectSame(`${name} (${type}), ours vs three.js`, ours, three, mask);
      await page.evaluate(() => window.kin.setDebugView('ours', 'shaded'));
    }
    expect(problems).toEqual([]);
  });
});
