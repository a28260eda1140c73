// The render camera in Debian's Chromium: Save PNG and kin.snapshot() at the
// camera's 1024×1024, not the view's size, showing what the frame guide
// frames (the head put at the frame's left edge lands where the projection
// of scene/render-camera.ts and the look-through view's guide both say);
// clean pictures without the handles' colours (the overlays option keeps
// them); a reference image (a red PNG drawn on a canvas here) behind the
// scene at 50 % opacity blended over a white background in an empty corner;
// a transparent background with alpha 0 there; the camera staying put in
// the world when another character becomes active; pictures refused by
// their header; a lone picture dropped going to the reference image; the
// share link saying it leaves the image out. Screenshots of the panels and
// the frame guide at three window sizes.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { type RenderCameraState, projectToPixel } from '../../web/src/scene/render-camera.js';
import { WRITES_ARTIFACTS, clickFileMenu, downloadedBytes, dropFile, nextFrame, resizeWindow, screenshot } from './browser.js';
import { demoPage } from './shared-pages.js';

const ARTIFACTS = 'tests/e2e/artifacts';

async function picture(page: Page): Promise<PNG> {
  const url = await page.evaluate(() => window.kin.snapshot());
  return PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

function pixel(png: PNG, x: number, y: number): number[] {
  const at = (Math.round(y) * png.width + Math.round(x)) * 4;
  return Array.from(png.data.subarray(at, at + 4));
}

/** A 64×64 PNG of one colour, drawn on a canvas in the page. */
function solidPng(page: Page, color: string): Promise<number[]> {
  return page.evaluate(async (fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 64, 64);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, color);
}

describe('the render camera', () => {
  const demo = demoPage();
  afterAll(async () => {
    expect(demo.problems).toEqual([]);
  });

  it('Save PNG is 1024×1024 through the render camera and shows what the frame guide frames', async () => {
    const { page } = demo;
    const head = await page.evaluate(() => window.kin.boneTip('head'));
    // Looking along −Z from 3 m, the head 95 % of the way to the frame's left edge.
    const tanHalf = 18 / 50;
    const shift = 0.95 * 3 * tanHalf;
    const state: RenderCameraState = {
      focalLength: 50,
      width: 1024,
      height: 1024,
      position: [head[0] + shift, head[1] - 0.3, head[2] + 3],
      target: [head[0] + shift, head[1] - 0.3, head[2]],
      background: 'transparent',
    };
    await page.evaluate((s) => window.kin.setRenderCamera(s), state);
    const expected = projectToPixel(state, head);
    expect(expected.x).toBeCloseTo(0.025 * 1024, 0);

    // Looking through, the head's tip sits in the guide's frame where the picture has it.
    await page.evaluate(() => window.kin.setLookThrough(true));
    await nextFrame(page);
    const guide = await page.evaluate(() => window.kin.frameGuide());
    expect(guide.rect).not.toBeNull();
    const rect = guide.rect!;
    expect(rect.width / rect.height).toBeCloseTo(1, 2);
    const onScreen = await page.evaluate(() => window.kin.boneScreenPosition('head', 1));
    expect((onScreen.x - rect.x) / rect.width).toBeCloseTo(expected.x / 1024, 2);
    expect((onScreen.y - rect.y) / rect.height).toBeCloseTo(expected.y / 1024, 2);
    await page.evaluate(() => window.kin.setLookThrough(false));

    const [download] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, 'save-png')]);
    const png = PNG.sync.read(await downloadedBytes(download));
    expect([png.width, png.height]).toEqual([1024, 1024]);
    // The head just below its tip is drawn; the same height across the frame is empty.
    const neck = projectToPixel(state, [head[0], head[1] - 0.1, head[2]]);
    expect(pixel(png, neck.x, neck.y)[3]).toBe(255);
    expect(pixel(png, 1024 - neck.x, neck.y)[3]).toBe(0);
    // The picture is clean at the corner: no floor grid.
    expect(pixel(png, 1020, 1020)[3]).toBe(0);
  });

  it('a clean picture shows none of the handles’ colours; the overlays option keeps them', async () => {
    const { page } = demo;
    // The orbit view frames the character again (it stayed where looking through left it), and the camera takes it.
    await page.evaluate(() => window.kin.showView('front'));
    await page.evaluate(() => window.kin.renderCameraFromView());
    await page.evaluate(() => window.kin.setSnapshotOverlays(true));
    const kept = await picture(page);
    await page.evaluate(() => window.kin.setSnapshotOverlays(false));
    const clean = await picture(page);
    const state = await page.evaluate(() => window.kin.renderCamera());
    const goals = await page.evaluate(() => window.kin.goals().map((g) => g.target));
    // The handles' colours: what the kept picture shows at each target.
    const colours = goals.map((target) => projectToPixel(state, target)).map((p) => pixel(kept, p.x, p.y));
    const near = (png: PNG): number => {
      let count = 0;
      for (let i = 0; i < png.data.length; i += 4) {
        if (png.data[i + 3] === 255 && colours.some((c) => Math.abs(c[0] - png.data[i]) + Math.abs(c[1] - png.data[i + 1]) + Math.abs(c[2] - png.data[i + 2]) < 12)) count++;
      }
      return count;
    };
    expect(near(kept)).toBeGreaterThan(200);
    expect(near(clean)).toBeLessThan(20);
  });

  it('a reference image behind the scene at 50 % shows blended in an empty corner; transparent gives alpha 0', async () => {
    const { page } = demo;
    const red = await solidPng(page, '#ff0000');
    await page.evaluate((bytes) => window.kin.setReferenceImage(new Uint8Array(bytes), { mode: 'behind', opacity: 0.5 }), red);
    expect(await page.evaluate(() => window.kin.referenceImage())).toMatchObject({ width: 64, height: 64, mime: 'image/png', opacity: 0.5 });
    await page.evaluate(() => window.kin.setRenderCamera({ background: '#ffffff' }));
    let png = await picture(page);
    const corner = pixel(png, 8, 8);
    expect(corner[3]).toBe(255);
    expect(Math.abs(corner[0] - 255)).toBeLessThanOrEqual(2);
    expect(Math.abs(corner[1] - 128)).toBeLessThanOrEqual(2);
    expect(Math.abs(corner[2] - 128)).toBeLessThanOrEqual(2);
    // Left out of pictures: the white background alone.
    await page.evaluate(() => window.kin.setReferenceImage(undefined, { inPicture: false }));
    png = await picture(page);
    expect(pixel(png, 8, 8)).toEqual([255, 255, 255, 255]);
    await page.evaluate(() => window.kin.setReferenceImage(null));
    await page.evaluate(() => window.kin.setRenderCamera({ background: 'transparent' }));
    png = await picture(page);
    expect(pixel(png, 8, 8)[3]).toBe(0);
    expect(pixel(png, 512, 512)[3]).toBe(255);
  });

  it('shows a reference image on a plane where it stands, and the lights change the picture', async () => {
    const { page } = demo;
    const state = await page.evaluate(() => window.kin.renderCamera());
    // A red plane 0.4 m tall beside the character, facing the camera's side of the scene.
    const red = await solidPng(page, '#ff0000');
    const centre: [number, number, number] = [state.target[0] - 0.7, state.target[1] + 0.4, state.target[2] - 0.3];
    await page.evaluate(([bytes, position]) => window.kin.setReferenceImage(new Uint8Array(bytes as number[]), { mode: 'plane', opacity: 1, position: position as [number, number, number], size: 0.4, turn: 0, inPicture: true }), [red, centre] as const);
    const at = projectToPixel(state, centre);
    let png = await picture(page);
    expect(pixel(png, at.x, at.y)).toEqual([255, 0, 0, 255]);
    // Left out of pictures: not there.
    await page.evaluate(() => window.kin.setReferenceImage(undefined, { inPicture: false }));
    png = await picture(page);
    expect(pixel(png, at.x, at.y)[0]).toBeLessThan(250);
    await page.evaluate(() => window.kin.setReferenceImage(null, { inPicture: true }));

    // The chest, lit as the page opens, then with the key light off and no ambient light: far darker.
    const chest = projectToPixel(state, state.target);
    const lit = pixel(await picture(page), chest.x, chest.y);
    await page.evaluate(() => window.kin.setLights({ keyIntensity: 0, ambient: 0 }));
    const dark = pixel(await picture(page), chest.x, chest.y);
    expect(dark[3]).toBe(255);
    expect(dark[0] + dark[1] + dark[2]).toBeLessThan((lit[0] + lit[1] + lit[2]) * 0.6);
    await page.evaluate(() => window.kin.setLights({ keyIntensity: 1, ambient: 1 }));
    const refused = await page.evaluate(() => { try { window.kin.setLights({ ambient: -1 }); return 'accepted'; } catch (error) { return (error as Error).message; } });
    expect(refused).toBe('kin.setLights.ambient must be a number from 0 to 10 (× the page’s ambient light; got -1)');
  });

  it('stays put in the world when another character becomes active', async () => {
    const { page } = demo;
    const first = await page.evaluate(() => window.kin.characters()[0].id);
    const before = await page.evaluate(() => window.kin.renderCamera());
    await page.evaluate(() => window.kin.addCharacter('default'));
    await page.evaluate(() => window.kin.setCharacterTransform(window.kin.characters()[1].id, { x: 0.9, z: -0.5, heading: 1 }));
    expect(await page.evaluate(() => window.kin.renderCamera())).toEqual(before);
    const second = await picture(page);
    // Looking through, the view stays on the render camera too: the drawing space moved, not the view.
    await page.evaluate(() => window.kin.setLookThrough(true));
    await page.evaluate((id) => window.kin.setActiveCharacter(id), first);
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.lookingThrough())).toBe(true);
    await page.evaluate(() => window.kin.setLookThrough(false));
    const again = await picture(page);
    let differing = 0;
    for (let i = 0; i < second.data.length; i += 4) if (Math.abs(second.data[i + 3] - again.data[i + 3]) > 64) differing++;
    // The same picture, but for the new character's ponytail swinging meanwhile (a camera moved with the active character shifts it all).
    expect(differing / (1024 * 1024)).toBeLessThan(0.01);
  });

  it('refuses a picture by its header, takes a lone picture dropped, and the link says it leaves the image out', async () => {
    const { page } = demo;
    const huge = await page.evaluate(async () => {
      const bytes = new Uint8Array(33);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      new DataView(bytes.buffer).setUint32(16, 20000);
      new DataView(bytes.buffer).setUint32(20, 100);
      return window.kin.setReferenceImage(bytes).then(() => 'loaded', (error: Error) => error.message);
    });
    expect(huge).toBe('"reference image" is 20000 × 100 pixels; a reference image may be 8192 on a side and 40 million pixels at most');
    const text = await page.evaluate(() => window.kin.setReferenceImage(new TextEncoder().encode('hello')).then(() => 'loaded', (error: Error) => error.message));
    expect(text).toBe('"reference image" is not a PNG, JPEG or WebP picture');
    expect(await page.evaluate(() => window.kin.referenceImage())).toBeNull();

    await dropFile(page, 'photo.png', new Uint8Array(await solidPng(page, '#00ff00')).buffer);
    await page.waitForFunction(() => window.kin.referenceImage() !== null);
    expect(await page.evaluate(() => window.kin.referenceImage()?.name)).toBe('photo.png');
    expect(await page.evaluate(() => window.kin.model().kind)).toBe('default');
    await page.click('[data-action="copy-link"]');
    await page.waitForSelector('.copy-link-note:not([hidden])');
    expect(await page.evaluate(() => document.querySelector('.copy-link-note')!.textContent)).toContain('The link leaves out the reference image.');
  });

  it('kin.reset() puts the camera, its views, the lights and the reference image back as a fresh page has them', async () => {
    const { page } = demo;
    await page.evaluate(() => { window.kin.setRenderCamera({ width: 333, background: '#102030' }); window.kin.saveView('Kept?'); window.kin.setLights({ ambient: 3 }); window.kin.setLookThrough(true); });
    const fresh = await page.evaluate(async () => {
      await window.kin.reset();
      return { camera: window.kin.renderCamera(), orbit: window.kin.camera(), views: window.kin.views(), lights: window.kin.lights(), reference: window.kin.referenceImage(), through: window.kin.lookingThrough() };
    });
    expect(fresh.camera).toMatchObject({ width: 1024, height: 1024, focalLength: 50, background: 'transparent', position: fresh.orbit.position, target: fresh.orbit.target });
    expect(fresh.views).toEqual([]);
    expect(fresh.lights).toMatchObject({ keyIntensity: 1, ambient: 1 });
    expect(fresh.reference).toBeNull();
    expect(fresh.through).toBe(false);
  });

  it('screenshots of the panels and the frame guide', async () => {
    const { page } = demo;
    await page.evaluate(() => window.kin.saveView('Front'));
    for (const name of ['camera-panel', 'lights-panel', 'reference-panel']) await page.evaluate((n) => (document.querySelector<HTMLDetailsElement>(`.${n}`)!.open = true), name);
    await page.evaluate(() => window.kin.setLookThrough(true));
    expect(await page.evaluate(() => window.kin.lookingThrough())).toBe(true);
    if (!WRITES_ARTIFACTS) return;
    for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await resizeWindow(page, size);
      await screenshot(page, `${ARTIFACTS}/render-camera-${size.width}x${size.height}.png`);
      // The panels: the inspector (a phone's sheet) scrolled to them.
      if (size.width < 640) await page.click('.shell-tab:has-text("Inspector")');
      for (const name of ['camera-panel', 'reference-panel']) {
        await page.evaluate((n) => document.querySelector(`.${n}`)!.scrollIntoView({ block: 'start' }), name);
        await screenshot(page, `${ARTIFACTS}/render-camera-${name}-${size.width}x${size.height}.png`);
      }
    }
  });
});
