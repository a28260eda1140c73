// The image passes through the render camera (web/src/three/pass-render.ts,
// kin.renderPass and kin.depthImage), on one scene: two mannequins and a
// sphere prop in front of them, seen obliquely. Each pass against an
// independent reference: the raw depth and the normal pass at the sphere
// against a ray cast here into the analytic sphere (its centre and radius as
// prop-kinds.ts gives them, the camera's basis and lens as
// scene/render-camera.ts defines them); the depth pass monotonic in that raw
// depth (never brighter farther away), the characters' nearest point 255;
// each character's mask white at its own head and black at the other's,
// the masks disjoint; edges along the silhouettes and none in an empty
// region; the shaded pass transparent there. With KIN_E2E_ARTIFACTS=1 each
// pass is written to /tmp/passes-<kind>.png to be looked at.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RenderCameraState, type Vec3, projectToPixel, verticalFov } from '../../web/src/scene/render-camera.js';
import { WRITES_ARTIFACTS } from './browser.js';
import { demoPage } from './shared-pages.js';

const SIZE = 384;
const SPHERE_CENTRE: Vec3 = [0.7, 1.0, 0.9];
// A 'sphere' prop's diameter is PRIMITIVE_SIZE_M, 0.4 m.
const SPHERE_RADIUS = 0.2;
const CAMERA: RenderCameraState = {
  focalLength: 35,
  width: SIZE,
  height: SIZE,
  position: [2.6, 1.7, 4.2],
  target: [0.6, 1.0, 0.3],
  background: 'transparent',
};

type Pixels = { width: number; height: number; data: Uint8Array };

async function pass(page: Page, kind: string, options: object = {}): Promise<Pixels> {
  const url = await page.evaluate(([k, o]) => window.kin.renderPass(k as 'depth', o as object), [kind, options] as const);
  const png = PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
  const { mask, width } = options as { mask?: unknown; width?: number };
  const name = `${kind}${typeof mask === 'object' ? '-character' : typeof mask === 'string' ? `-${mask}` : ''}${width === undefined ? '' : `-${width}`}`;
  if (WRITES_ARTIFACTS) writeFileSync(`/tmp/passes-${name}.png`, PNG.sync.write(png));
  return { width: png.width, height: png.height, data: png.data };
}

const rgba = (image: Pixels, x: number, y: number): number[] => {
  const at = (Math.floor(y) * image.width + Math.floor(x)) * 4;
  return Array.from(image.data.subarray(at, at + 4));
};

const sub = (a: readonly number[], b: readonly number[]): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: readonly number[], b: readonly number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: readonly number[], b: readonly number[]): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: readonly number[]): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};

/** The camera-space hit of pixel (px, py)'s centre ray on the analytic sphere (OpenGL axes: x right, y up, z toward the viewer), or null. */
function sphereHit(px: number, py: number): { depth: number; normal: Vec3 } | null {
  const forward = unit(sub(CAMERA.target, CAMERA.position));
  const right = unit(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  const toCentre = sub(SPHERE_CENTRE, CAMERA.position);
  const c: Vec3 = [dot(toCentre, right), dot(toCentre, up), -dot(toCentre, forward)];
  const tanY = Math.tan(verticalFov(CAMERA) / 2);
  const tanX = (tanY * CAMERA.width) / CAMERA.height;
  const d = unit([(((px + 0.5) / CAMERA.width) * 2 - 1) * tanX, (1 - ((py + 0.5) / CAMERA.height) * 2) * tanY, -1]);
  // |t d − c|² = r²: t² − 2 t (d·c) + |c|² − r² = 0, the nearer root.
  const b = dot(d, c);
  const disc = b * b - (dot(c, c) - SPHERE_RADIUS * SPHERE_RADIUS);
  if (disc < 0) return null;
  const t = b - Math.sqrt(disc);
  const hit: Vec3 = [t * d[0], t * d[1], t * d[2]];
  return { depth: -hit[2], normal: unit(sub(hit, c)) };
}

describe('image passes through the render camera', () => {
  const demo = demoPage();
  let depth: number[] = [];
  let ids: number[] = [];
  const drawn = (x: number, y: number): boolean => depth[y * SIZE + x] >= 0;

  beforeAll(async () => {
    const { page } = demo;
    ids = [await page.evaluate(() => window.kin.characters()[0].id), await page.evaluate(() => window.kin.addCharacter('default'))];
    const sphere = await page.evaluate(() => window.kin.addProp('sphere'));
    await page.evaluate(([id, p]) => window.kin.setPropTransform(id as number, { position: p as Vec3 }), [sphere, SPHERE_CENTRE] as const);
    await page.evaluate((s) => window.kin.setRenderCamera(s), CAMERA);
    // The ponytails swing as the characters appear: every pass is taken of them at rest.
    for (const id of ids) {
      await page.evaluate((c) => window.kin.setActiveCharacter(c), id);
      await page.waitForFunction(() => window.kin.springsSettled(), undefined, { timeout: 30_000 });
    }
    // Infinity as −1: what page.evaluate carries plainly.
    depth = await page.evaluate(async () => Array.from((await window.kin.depthImage()).data, (d) => (d === Infinity ? -1 : d)));
  });
  afterAll(() => {
    expect(demo.problems).toEqual([]);
  });

  it('raw depth at the sphere is its analytic distance along the view axis within 1 cm; the depth pass is never brighter farther away', async () => {
    expect(depth.length).toBe(SIZE * SIZE);
    const centre = projectToPixel(CAMERA, SPHERE_CENTRE);
    let checked = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        // Well inside the sphere's disc on screen (its silhouette ~ radius · focal / distance).
        if (Math.hypot(x + 0.5 - centre.x, y + 0.5 - centre.y) > 12) continue;
        const hit = sphereHit(x, y);
        expect(hit, `pixel (${x}, ${y})`).not.toBeNull();
        expect(Math.abs(depth[y * SIZE + x] - hit!.depth), `depth at (${x}, ${y})`).toBeLessThan(0.01);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);

    const image = await pass(demo.page, 'depth');
    expect([image.width, image.height]).toEqual([SIZE, SIZE]);
    // Along the column down from the sphere's centre to its rim, depth grows and the pass dims (strictly, some levels apart).
    const column = Math.floor(centre.x);
    const values: number[] = [];
    for (let y = Math.floor(centre.y); sphereHit(column, y) !== null && drawn(column, y); y++) values.push(rgba(image, column, y)[0]);
    expect(values.length).toBeGreaterThan(10);
    for (let k = 1; k < values.length; k++) expect(values[k], `row ${k} below the centre`).toBeLessThanOrEqual(values[k - 1]);
    expect(values[0] - values[values.length - 1]).toBeGreaterThan(5);
    // Over the whole picture: sorted by raw depth, the pass's grey never rises; nothing drawn is black, the nearest point 255.
    const order = depth.map((d, i) => [d, i]).filter(([d]) => d >= 0).sort((a, b) => a[0] - b[0]);
    let previous = 256;
    for (const [, i] of order) {
      const grey = image.data[4 * i];
      expect(image.data[4 * i + 1]).toBe(grey);
      expect(grey).toBeLessThanOrEqual(previous);
      previous = grey;
    }
    expect(Math.max(...order.map(([, i]) => image.data[4 * i]))).toBe(255);
    depth.forEach((d, i) => {
      if (d < 0) expect(image.data[4 * i]).toBe(0);
    });
  });

  it('the normal pass at the sphere is its analytic camera-space normal within 2/255 (red = left, green = up, blue = toward the viewer)', async () => {
    const image = await pass(demo.page, 'normal');
    const centre = projectToPixel(CAMERA, SPHERE_CENTRE);
    let checked = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        if (Math.hypot(x + 0.5 - centre.x, y + 0.5 - centre.y) > 12) continue;
        const { normal } = sphereHit(x, y)!;
        const expected = [((1 - normal[0]) / 2) * 255, ((normal[1] + 1) / 2) * 255, ((normal[2] + 1) / 2) * 255];
        const got = rgba(image, x, y);
        for (let k = 0; k < 3; k++) expect(Math.abs(got[k] - expected[k]), `channel ${k} at (${x}, ${y}): ${got} vs ${expected.map(Math.round)}`).toBeLessThanOrEqual(2);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
    // The background is the camera-facing normal.
    expect(rgba(image, 2, 2)).toEqual([128, 128, 255, 255]);
  });

  it('each character’s mask is white at its own head and black at the other’s; the two are disjoint and make up the characters’ mask', async () => {
    const { page } = demo;
    const heads: { x: number; y: number }[] = [];
    for (const id of ids) {
      await page.evaluate((c) => window.kin.setActiveCharacter(c), id);
      const tip = await page.evaluate(() => window.kin.boneTip('head'));
      const { transform } = (await page.evaluate(() => window.kin.characters())).find((c) => c.id === id)!;
      expect(transform.heading).toBe(0);
      heads.push(projectToPixel(CAMERA, [tip[0] + transform.x, tip[1] - 0.08, tip[2] + transform.z]));
    }
    const masks = [await pass(page, 'mask', { mask: { character: ids[0] } }), await pass(page, 'mask', { mask: { character: ids[1] } })];
    const all = await pass(page, 'mask');
    const props = await pass(page, 'mask', { mask: 'props' });
    expect(rgba(masks[0], heads[0].x, heads[0].y)).toEqual([255, 255, 255, 255]);
    expect(rgba(masks[0], heads[1].x, heads[1].y)).toEqual([0, 0, 0, 255]);
    expect(rgba(masks[1], heads[1].x, heads[1].y)).toEqual([255, 255, 255, 255]);
    expect(rgba(masks[1], heads[0].x, heads[0].y)).toEqual([0, 0, 0, 255]);
    const centre = projectToPixel(CAMERA, SPHERE_CENTRE);
    expect(rgba(props, centre.x, centre.y)[0]).toBe(255);
    expect(rgba(all, centre.x, centre.y)[0]).toBe(0);
    let white = 0;
    for (let i = 0; i < SIZE * SIZE; i++) {
      const [a, b, c, p] = [masks[0].data[4 * i], masks[1].data[4 * i], all.data[4 * i], props.data[4 * i]];
      expect(a === 0 || b === 0, `pixel ${i} in both masks`).toBe(true);
      expect(c, `pixel ${i}`).toBe(Math.max(a, b));
      // Drawn is a character or a prop, never both; nothing drawn is in no mask.
      expect(c === 255 || p === 255).toBe(depth[i] >= 0);
      expect(c === 255 && p === 255).toBe(false);
      if (a === 255) white++;
    }
    expect(white).toBeGreaterThan(500);
  });

  it('edges follow the silhouettes and leave an empty region empty; the shaded pass is transparent there', async () => {
    const { page } = demo;
    const edges = await pass(page, 'edges');
    const shaded = await pass(page, 'shaded');
    // An empty block: nothing drawn in the picture's top-left 40 × 40.
    for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) expect(drawn(x, y)).toBe(false);
    let onSilhouette = 0;
    for (let y = 1; y < SIZE - 1; y++) {
      for (let x = 1; x < SIZE - 1; x++) {
        if (x < 40 && y < 40) {
          expect(rgba(edges, x, y)[0]).toBe(0);
          expect(rgba(shaded, x, y)[3]).toBe(0);
        }
        const inside = [drawn(x - 1, y), drawn(x + 1, y), drawn(x, y - 1), drawn(x, y + 1), drawn(x, y)];
        if (inside.some(Boolean) && !inside.every(Boolean) && rgba(edges, x, y)[0] === 255) onSilhouette++;
      }
    }
    expect(onSilhouette).toBeGreaterThan(200);
    // Where something is drawn the shaded picture is opaque (its own look, transparent only around it).
    const head = projectToPixel(CAMERA, SPHERE_CENTRE);
    expect(rgba(shaded, head.x, head.y)[3]).toBe(255);
  });

  it('refuses an unknown pass, option, size or character by name', async () => {
    const { page } = demo;
    await expect(page.evaluate(() => window.kin.renderPass('xray' as 'depth'))).rejects.toThrow(/no pass "xray"; the passes are openpose, depth, normal, edges, mask, shaded/);
    await expect(page.evaluate(() => window.kin.renderPass('depth', { width: 0 }))).rejects.toThrow(/width must be a whole number of pixels from 1 to 8192/);
    await expect(page.evaluate(() => window.kin.renderPass('depth', { height: 1.5 }))).rejects.toThrow(/height must be a whole number/);
    await expect(page.evaluate(() => window.kin.renderPass('depth', { size: 3 } as object))).rejects.toThrow(/no option "size"/);
    await expect(page.evaluate(() => window.kin.renderPass('mask', { mask: { character: 999 } }))).rejects.toThrow(/no character 999 to mask/);
    await expect(page.evaluate(() => window.kin.renderPass('normal', { mask: 'props' }))).rejects.toThrow(/mask option is for the 'mask' pass/);
    // Another size is drawn at that size.
    const small = await pass(page, 'shaded', { width: 200, height: 100 });
    expect([small.width, small.height]).toEqual([200, 100]);
  });
});
