// Posing tools in Debian's Chromium: a real mouse drag is one undo step that
// Ctrl+Z takes back exactly (palette within 1e-6, targets and handles too)
// and Ctrl+Shift+Z redoes; Mirror L→R makes left and right palettes mirror
// images (checked with three.js matrices on pairs found by name here);
// presets and Reset apply from the toolbar; symmetric drag moves the partner
// target to the mirrored point; "?" opens the help and Esc closes it, but
// not from a text field; and on a phone-sized touch screen a finger drag
// moves a handle.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mirrorGap } from '../web/mirror-check.js';
import { ARTIFACTS, artifact, dragHandle, nextFrame } from './browser.js';
import { demoPage, sharedPage } from './shared-pages.js';
import { type Vec3, distance, maxDifference } from './measure.js';

/** Mirror partners from the names alone (_l ↔ _r), independent of the module's pairing. */
function partnersByName(names: string[]): number[] {
  return names.map((name) => {
    const other = name.endsWith('_l') ? `${name.slice(0, -2)}_r` : name.endsWith('_r') ? `${name.slice(0, -2)}_l` : name;
    const index = names.indexOf(other);
    if (index < 0) throw new Error(`no partner for ${name}`);
    return index;
  });
}

interface PageState {
  palette: number[];
  goals: { name: string; target: Vec3 }[];
  handles: { x: number; y: number }[];
  depth: { undo: number; redo: number };
}

async function pageState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const goals = window.kin.goals();
    return {
      palette: window.posePalette(),
      goals: goals.map((g) => ({ name: g.name, target: g.target })),
      handles: goals.map((g) => window.kin.handleScreenPosition(g.name)),
      depth: window.kin.undoDepth(),
    };
  });
}

function expectSameState(actual: PageState, expected: PageState): void {
  expect(maxDifference(actual.palette, expected.palette)).toBeLessThan(1e-6);
  expect(maxDifference(actual.goals.flatMap((g) => g.target), expected.goals.flatMap((g) => g.target))).toBeLessThan(1e-6);
  expect(maxDifference(actual.handles.flatMap((h) => [h.x, h.y]), expected.handles.flatMap((h) => [h.x, h.y]))).toBeLessThan(1e-3);
}

describe('posing tools', () => {
  const demo = demoPage();
  let page: Page;
  let problems: string[];
  let partners: number[];
  let startPalette: number[];

  beforeAll(async () => {
    ({ page, problems } = demo);
    // The body's bones, as window.posePalette gives their palette (the spring-driven ponytail comes after them).
    partners = partnersByName((await page.evaluate(() => window.kin.boneNames())).filter((name) => !name.startsWith('ponytail_')));
    startPalette = await page.evaluate(() => window.posePalette());
  });

  it('shows the toolbar with undo and redo disabled until something changes', async () => {
    const toolbar = await page.evaluate(() => {
      const button = (action: string) => document.querySelector<HTMLButtonElement>(`.posing-toolbar [data-action="${action}"]`)!;
      return { undo: button('undo').disabled, redo: button('redo').disabled, mirror: button('mirror-left-to-right').textContent, presets: window.kin.presets() };
    });
    expect(toolbar).toEqual({ undo: true, redo: true, mirror: 'L→R', presets: ['relaxed', 't-pose', 'a-pose', 'walk', 'wave', 'crouch'] });
    await artifact(page, `${ARTIFACTS}/posing-toolbar.png`);
  });

  it('Ctrl+Z undoes a whole mouse drag as one step and Ctrl+Shift+Z redoes it', async () => {
    const before = await pageState(page);
    await dragHandle(page, 'hand_r', 80, 60);
    const dragged = await pageState(page);
    expect(maxDifference(dragged.palette, before.palette)).toBeGreaterThan(0.01); // the drag posed
    expect(dragged.depth).toEqual({ undo: before.depth.undo + 1, redo: 0 }); // ten moves, one step
    expect(await page.locator('.posing-toolbar [data-action="undo"]').isEnabled()).toBe(true);

    await page.keyboard.press('Control+z');
    await nextFrame(page);
    const undone = await pageState(page);
    expectSameState(undone, before);
    expect(undone.depth).toEqual({ undo: before.depth.undo, redo: 1 });

    await page.keyboard.press('Control+Shift+z');
    await nextFrame(page);
    expectSameState(await pageState(page), dragged);
    // Ctrl+Y redoes too, after another undo.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    expectSameState(await pageState(page), dragged);
    expect(problems).toEqual([]);
  });

  it('the toolbar buttons undo and redo as the keys do', async () => {
    const posed = await pageState(page);
    await page.click('.posing-toolbar [data-action="undo"]');
    expect(maxDifference((await pageState(page)).palette, posed.palette)).toBeGreaterThan(0.01);
    await page.click('.posing-toolbar [data-action="redo"]');
    expectSameState(await pageState(page), posed);
  });

  it('Mirror L→R makes the left and right palettes mirror images, in one undoable step', async () => {
    await dragHandle(page, 'hand_l', 70, -50);
    const asymmetric = await pageState(page);
    expect(mirrorGap(asymmetric.palette, asymmetric.palette, partners)).toBeGreaterThan(0.05);

    await page.click('.posing-toolbar [data-action="mirror-left-to-right"]');
    await nextFrame(page);
    // A goal's point is its bone's tip, or its origin for a root target (the hips).
    const mirrored = await page.evaluate(() => {
      const model = window.kin.rig!.modelMatrices();
      const origin = (bone: number): Vec3 => [model[16 * bone + 12], model[16 * bone + 13], model[16 * bone + 14]];
      const goals = window.kin.goals();
      return { palette: window.posePalette(), goals, tips: goals.map((g) => (g.movesRoot ? origin(g.bone) : window.kin.boneTip(g.name))) };
    });
    expect(mirrorGap(mirrored.palette, mirrored.palette, partners)).toBeLessThan(1e-4);
    // The left hand stayed where the drag put it; the right hand is its mirror image.
    const tipL = mirrored.tips[mirrored.goals.findIndex((g) => g.name === 'hand_l')];
    const tipR = mirrored.tips[mirrored.goals.findIndex((g) => g.name === 'hand_r')];
    expect(distance(tipR, [-tipL[0], tipL[1], tipL[2]])).toBeLessThan(1e-4);
    // The targets moved onto the mirrored pose.
    mirrored.goals.forEach((goal, g) => expect(distance(goal.target, mirrored.tips[g])).toBeLessThan(1e-5));
    await artifact(page, `${ARTIFACTS}/posing-mirrored.png`);

    await page.keyboard.press('Control+z');
    expectSameState(await pageState(page), asymmetric);
    await page.keyboard.press('Control+Shift+z');
    expect(maxDifference((await pageState(page)).palette, mirrored.palette)).toBeLessThan(1e-6);
  });

  it('applies a preset from the toolbar and Reset returns to the start pose', async () => {
    const hipsBefore = await page.evaluate(() => window.kin.boneTip('hips'));
    await page.selectOption('.posing-toolbar select.tool-select', 'crouch');
    await nextFrame(page);
    const crouched = await page.evaluate(() => ({ hips: window.kin.boneTip('hips'), palette: window.posePalette(), picker: document.querySelector<HTMLSelectElement>('.posing-toolbar select')!.value }));
    expect(hipsBefore[1] - crouched.hips[1]).toBeGreaterThan(0.3);
    expect(mirrorGap(crouched.palette, crouched.palette, partners)).toBeLessThan(1e-4);
    expect(crouched.picker).toBe(''); // back to the placeholder, ready to pick again
    // window.kin applies the same preset to the same pose.
    await page.evaluate(() => window.kin.applyPreset('t-pose'));
    await page.evaluate(() => window.kin.applyPreset('crouch'));
    expect(maxDifference(await page.evaluate(() => window.posePalette()), crouched.palette)).toBe(0);
    await artifact(page, `${ARTIFACTS}/posing-crouch.png`);

    await page.click('.posing-toolbar [data-action="reset"]');
    expect(maxDifference(await page.evaluate(() => window.posePalette()), startPalette)).toBeLessThan(1e-6);
    await expect(page.evaluate(() => window.kin.applyPreset('moonwalk'))).rejects.toThrow('kin: no preset "moonwalk"');
  });

  it('symmetric drag moves the partner target to the mirrored point in the same solve', async () => {
    await page.click('.posing-toolbar [data-action="symmetric"]');
    expect(await page.evaluate(() => window.kin.symmetricDrag())).toBe(true);
    expect(await page.getAttribute('.posing-toolbar [data-action="symmetric"]', 'aria-pressed')).toBe('true');
    const depth = (await pageState(page)).depth.undo;
    await dragHandle(page, 'hand_l', -60, -50); // toward the chest and up: in reach
    const after = await page.evaluate(() => {
      const goals = window.kin.goals();
      const target = (name: string) => goals.find((g) => g.name === name)!.target;
      return { left: target('hand_l'), right: target('hand_r'), tipL: window.kin.boneTip('hand_l'), tipR: window.kin.boneTip('hand_r'), depth: window.kin.undoDepth().undo };
    });
    expect(after.right).toEqual([-after.left[0], after.left[1], after.left[2]]);
    expect(distance(after.tipL, after.left)).toBeLessThan(0.01);
    expect(distance(after.tipR, after.right)).toBeLessThan(0.01);
    expect(after.depth).toBe(depth + 1);
    await page.click('.posing-toolbar [data-action="symmetric"]');
    expect(await page.evaluate(() => window.kin.symmetricDrag())).toBe(false);
  });

  it('"?" opens the keyboard help and Esc closes it, but not from a text field', async () => {
    const overlayOpen = () => page.evaluate(() => !document.querySelector<HTMLElement>('.help-overlay')!.hidden);
    await page.keyboard.press('?');
    expect(await overlayOpen()).toBe(true);
    const text = await page.textContent('.help-card');
    expect(text).toContain('Ctrl+Z');
    expect(text).toContain('Ctrl+Shift+Z');
    await artifact(page, `${ARTIFACTS}/posing-help.png`);
    await page.keyboard.press('Escape');
    expect(await overlayOpen()).toBe(false);

    // In the solver panel's number field the keys belong to the field.
    const depth = (await pageState(page)).depth;
    await page.focus('.solver-field:not([hidden]) input[type="number"]');
    await page.keyboard.press('?');
    await page.keyboard.press('Control+z');
    expect(await overlayOpen()).toBe(false);
    expect((await pageState(page)).depth).toEqual(depth);
    expect(problems).toEqual([]);
  });

  it('a finger drags a handle on a phone-sized touch screen', async () => {
    const { page: phone, problems: phoneProblems } = await sharedPage('phone');

    // The view has the screen: the tools and the inspector wait behind their tabs.
    expect(await phone.locator('.posing-toolbar').isVisible()).toBe(false);
    expect(await phone.locator('.solver-panel').isVisible()).toBe(false);

    const before = await phone.evaluate(() => ({ tip: window.kin.boneTip('hand_r'), depth: window.kin.undoDepth().undo }));
    const start = await phone.evaluate(() => window.kin.handleScreenPosition('hand_r'));
    // Real touch input through the browser's input pipeline (pointer events of type 'touch').
    const cdp = await phone.context().newCDPSession(phone);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }] });
    await touch('touchStart', start.x, start.y);
    // Toward the chest and up: the hand handle starts near the screen's left edge.
    for (let step = 1; step <= 10; step++) {
      await touch('touchMove', start.x + 5 * step, start.y - 4 * step);
      await nextFrame(phone);
    }
    await touch('touchEnd', start.x + 50, start.y - 40);
    await nextFrame(phone);
    const after = await phone.evaluate(() => {
      const target = window.kin.goals().find((g) => g.name === 'hand_r')!.target;
      return { tip: window.kin.boneTip('hand_r'), target, depth: window.kin.undoDepth().undo };
    });
    expect(distance(after.tip, before.tip)).toBeGreaterThan(0.02);
    expect(distance(after.tip, after.target)).toBeLessThan(0.01);
    expect(after.depth).toBe(before.depth + 1);
    await artifact(phone, `${ARTIFACTS}/posing-phone.png`);
    await cdp.detach();
    expect(phoneProblems).toEqual([]);
  });
});
