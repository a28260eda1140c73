// Props on the page in Debian's Chromium: a chair added from the Props
// panel, moved by a typed value, and sat on — the hips joint (read from the
// rig's bones) over the chair's seat within 5 mm (the seat's height the
// chair's, SEAT_HEIGHT_M, plus the sitting hips' HIPS_ABOVE_SEAT_M), the
// balls of the feet on the floor where they were standing; and a prop read
// from a GLB made here, attached to the right hand, held in it while the
// walk plays: at every sample the matrix it is drawn with is the hand's
// world matrix × its offset, worked out here with three.js.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import * as THREE from 'three';
import { afterAll, describe, expect, it } from 'vitest';
import { HIPS_ABOVE_SEAT_M } from '../../web/src/posing/sit-on-seat.js';
import { SEAT_HEIGHT_M } from '../../web/src/scene/prop-kinds.js';
import { GltfBuilder } from '../web/gltf-builder.js';
import { ARTIFACTS, artifactsAt, nextFrame, resizeWindow } from './browser.js';
import { demoPage } from './shared-pages.js';

/** A long thin box (a sword's blade, 0.8 m along +X) as a GLB. */
function swordGlb(): ArrayBuffer {
  const b = new GltfBuilder();
  const [x0, x1, h] = [0, 0.8, 0.02];
  const positions = new Float32Array([x0, -h, -h, x1, -h, -h, x1, h, -h, x0, h, -h, x0, -h, h, x1, -h, h, x1, h, h, x0, h, h]);
  const indices = new Uint16Array([0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 6, 2, 3, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3]);
  const mesh = b.mesh('blade', [{ attributes: { POSITION: b.accessor(positions, 'VEC3') }, indices: b.accessor(indices, 'SCALAR') }]);
  b.node({ name: 'sword', mesh }, true);
  return b.glb();
}

const composed = (t: { position: number[]; rotation: number[]; scale: number[] }): THREE.Matrix4 =>
  new THREE.Matrix4().compose(new THREE.Vector3().fromArray(t.position), new THREE.Quaternion().setFromEuler(new THREE.Euler(t.rotation[0], t.rotation[1], t.rotation[2], 'XYZ')), new THREE.Vector3().fromArray(t.scale));

const placement = (t: { x: number; z: number; heading: number }): THREE.Matrix4 => new THREE.Matrix4().makeRotationY(t.heading).setPosition(t.x, 0, t.z);

describe('props', () => {
  const demo = demoPage();
  afterAll(async () => {
    expect(demo.problems).toEqual([]);
  });

  it('adds a chair from the Props panel, moves it by a typed value and sits the character on it', async () => {
    const { page } = demo;
    const standingBall = await page.evaluate(() => window.kin.boneTip('foot_l')[1]);
    await page.selectOption('select[name="prop-kind"]', 'chair');
    const [chair] = await page.evaluate(() => window.kin.props());
    expect(chair.kind).toBe('chair');
    expect(await page.evaluate(() => window.kin.selectedProp())).toBe(chair.id);
    await page.fill('input[name="prop-position-x"]', '1.2');
    await page.press('input[name="prop-position-x"]', 'Enter');
    await page.fill('input[name="prop-rotation-y"]', '-30');
    await page.press('input[name="prop-rotation-y"]', 'Enter');
    const moved = (await page.evaluate(() => window.kin.props()))[0].transform;
    expect(moved.position[0]).toBeCloseTo(1.2, 9);
    expect(moved.rotation[1]).toBeCloseTo(-Math.PI / 6, 9);

    await page.click('button[data-action="prop-sit"]');
    const seated = await page.evaluate(() => ({ model: Array.from(window.kin.rig!.modelMatrices()), tips: window.kin.boneTips(), names: window.kin.boneNames(), transform: window.kin.characters()[0].transform }));
    const toWorld = placement(seated.transform);
    const hips = new THREE.Vector3().fromArray(seated.model, 16 * seated.names.indexOf('hips') + 12).applyMatrix4(toWorld);
    expect(Math.abs(hips.y - (SEAT_HEIGHT_M + HIPS_ABOVE_SEAT_M))).toBeLessThan(5e-3);
    expect(Math.hypot(hips.x - moved.position[0], hips.z - moved.position[2])).toBeLessThan(5e-3);
    for (const foot of ['foot_l', 'foot_r']) {
      const ball = new THREE.Vector3().fromArray(seated.tips, 3 * seated.names.indexOf(foot)).applyMatrix4(toWorld);
      expect(Math.abs(ball.y - standingBall)).toBeLessThan(5e-3);
    }
    // Facing away from the back: the character's heading is the chair's turn.
    expect(seated.transform.heading).toBeCloseTo(-Math.PI / 6, 6);
    await nextFrame(page);
    await artifactsAt(page, [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }], ({ width, height }) => `${ARTIFACTS}/props-sitting-${width}x${height}.png`);
    await resizeWindow(page, { width: 1280, height: 800 });
  });

  it('holds a prop loaded from a GLB in the right hand while the walk plays', async () => {
    const { page } = demo;
    await page.evaluate(() => window.kin.reset());
    const bytes = Array.from(new Uint8Array(swordGlb()));
    const id = await page.evaluate((b) => window.kin.addProp({ name: 'sword.glb', bytes: new Uint8Array(b) }), bytes);
    const hand = await page.evaluate(() => window.kin.rightHand());
    expect(hand).toBe('hand_r');
    // Into the hand's reach first, then held there.
    const tip = await page.evaluate(() => window.kin.boneTip('hand_r'));
    await page.evaluate(([prop, p]) => window.kin.setPropTransform(prop as number, { position: p as number[] as [number, number, number] }), [id, tip] as const);
    await page.evaluate((prop) => window.kin.attachProp(prop, 'hand_r'), id);
    const { offset } = (await page.evaluate(() => window.kin.props()))[0].attachment!;
    const offsetMatrix = composed(offset);

    await page.selectOption('[data-action="clip-menu"]', 'Walk cycle');
    await page.click('[data-action="play"]');
    const seen = new Set<number>();
    let worst = 0;
    let last = -1;
    for (let i = 0; i < 6; i++) {
      await page.waitForFunction((t) => window.kin.time().time !== t, last, { timeout: 10_000 });
      const sample = await page.evaluate((prop) => ({
        time: window.kin.time().time,
        drawn: window.kin.propDrawnMatrix(prop)!,
        model: Array.from(window.kin.rig!.modelMatrices()),
        bone: window.kin.boneNames().indexOf('hand_r'),
        transform: window.kin.characters()[0].transform,
      }), id);
      last = sample.time;
      seen.add(sample.time);
      const expected = placement(sample.transform).multiply(new THREE.Matrix4().fromArray(sample.model, 16 * sample.bone)).multiply(offsetMatrix);
      worst = Math.max(worst, ...expected.elements.map((v, k) => Math.abs(v - sample.drawn[k])));
    }
    expect(seen.size).toBeGreaterThan(3);
    expect(worst).toBeLessThan(1e-5);
    await page.keyboard.press(' ');
    await nextFrame(page);
    await artifactsAt(page, [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }], ({ width, height }) => `${ARTIFACTS}/props-held-${width}x${height}.png`);
    await resizeWindow(page, { width: 1280, height: 800 });
  });

  it('picks a prop by a click, drags it by its gizmo (not the character, not the camera), refuses bad input by name; reset takes every prop away', async () => {
    const { page } = demo;
    await page.evaluate(() => window.kin.reset());
    const id = await page.evaluate(() => window.kin.addProp('box'));
    await page.evaluate(() => window.kin.selectProp(null));
    await nextFrame(page);
    const at = (await page.evaluate((prop) => window.kin.propScreenPosition(prop), id))!;
    await page.mouse.click(at.x, at.y);
    expect(await page.evaluate(() => window.kin.selectedProp())).toBe(id);
    expect(await page.inputValue('input[name="prop-name"]')).toBe('Box 1');

    // The gizmo's centre (free move in the view's plane) is on the box's origin: a real drag from there.
    await nextFrame(page);
    const before = await page.evaluate(() => ({ props: window.kin.props(), pose: window.kin.getPose(), camera: window.kin.camera() }));
    const origin = (await page.evaluate((prop) => window.kin.propScreenPosition(prop), id))!;
    await page.mouse.move(origin.x, origin.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(origin.x + 8 * i, origin.y - 4 * i);
    await page.mouse.up();
    const after = await page.evaluate(() => ({ props: window.kin.props(), pose: window.kin.getPose(), camera: window.kin.camera() }));
    const moved = Math.hypot(...after.props[0].transform.position.map((v, i) => v - before.props[0].transform.position[i]));
    expect(moved).toBeGreaterThan(0.05);
    expect(after.pose).toEqual(before.pose);
    expect(after.camera).toEqual(before.camera);

    // A locked prop keeps still.
    await page.click('button[data-action="prop-lock"]');
    expect((await page.evaluate(() => window.kin.props()))[0].locked).toBe(true);
    const refusals = await page.evaluate((prop) => {
      const tries: [string, () => unknown][] = [
        ['locked', () => window.kin.setPropTransform(prop, { position: [0, 0, 0] })],
        ['nan', () => (window.kin.setPropFlags(prop, { locked: false }), window.kin.setPropTransform(prop, { scale: [1, Number.NaN, 1] }))],
        ['id', () => window.kin.setPropTransform(1.5, {})],
        ['bone', () => window.kin.attachProp(prop, 'tail')],
        ['to', () => window.kin.attachProp(prop, 7 as unknown as string)],
        ['flags', () => window.kin.setPropFlags(prop, { hidden: 1 as unknown as boolean })],
        ['seat', () => window.kin.sitOn(prop)],
      ];
      return tries.map(([what, run]) => {
        try {
          run();
          return `${what}: no error`;
        } catch (error) {
          return `${what}: ${(error as Error).message}`;
        }
      });
    }, id);
    expect(refusals[0]).toMatch(/^locked: kin: prop \d+ \('Box 1'\) is locked/);
    expect(refusals[1]).toMatch(/^nan: kin: transform\.scale\[1\] must be a finite number/);
    expect(refusals[2]).toMatch(/^id: kin: a prop id is a whole number/);
    expect(refusals[3]).toMatch(/^bone: kin: character \d+ has no bone "tail"/);
    expect(refusals[4]).toMatch(/^to: kin: attachProp takes a bone name/);
    expect(refusals[5]).toMatch(/^flags: kin: flags\.hidden must be true or false/);
    expect(refusals[6]).toMatch(/^seat: kin: prop \d+ \('Box 1'\) is a box: only a stool or a chair/);
    await expect(page.evaluate(() => window.kin.addProp('teapot'))).rejects.toThrow(/no prop kind "teapot"; the kinds are box, sphere/);
    await expect(page.evaluate(() => window.kin.addProp({ name: 'notes.txt', bytes: new Uint8Array([1]) }))).rejects.toThrow(/'notes.txt' is not a prop file/);
    await expect(page.evaluate(() => window.kin.addProp({ name: 'broken.glb', bytes: new Uint8Array([1, 2, 3, 4]) }))).rejects.toThrow(/Could not read the prop file 'broken.glb'/);
    expect(await page.evaluate(() => window.kin.props().length)).toBe(1);

    await page.evaluate(() => window.kin.reset());
    expect(await page.evaluate(() => [window.kin.props().length, window.kin.selectedProp()])).toEqual([0, null]);
  });
});
