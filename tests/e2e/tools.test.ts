// Every tool of the tools column on every character the page can show —
// the default character, each lesson rig and a loaded glTF (a humanoid-ish
// file built in code, with one arm and one leg: it cannot mirror) — clicked
// as a user clicks it, in Debian's Chromium. Each action either changes
// the pose (or what it acts on: the targets, the camera, the skeleton, the
// skinning) or shows why it cannot (a disabled control with its reason as a
// tooltip and beside it); none raises the error dialog or a console error.
// The bone sliders turn a bone of each rig (the lesson rigs' failed before).
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armatureRig } from '../web/gltf-fixtures.js';
import { ARTIFACTS, type DemoSession, nextFrame, startDemo } from './browser.js';
import { maxDifference } from './compare.js';

const RIGS = ['default', 'arm', 'chain', 'candy', 'gltf'] as const;
type RigName = (typeof RIGS)[number];

// The pose's palette: the default character's ponytail swings on springs for a while after
// every change, which undo and redo do not carry.
const palette = (page: Page): Promise<number[]> => page.evaluate(() => window.posePalette());
const tool = (action: string): string => `.tool-panel [data-action="${action}"]`;

async function showRig(page: Page, rig: RigName, glb: number[]): Promise<void> {
  if (rig === 'gltf') {
    const outcome = await page.evaluate((bytes) => window.kin.loadModel({ name: 'armature.glb', bytes: new Uint8Array(bytes) }), glb);
    expect(outcome.ok).toBe(true);
  } else {
    await page.evaluate((id) => window.kin.loadLesson(id === 'default' ? null : id), rig);
  }
  await nextFrame(page);
}

/** Moves the first target 8 cm sideways and up (a pose that is none of the presets). */
async function dragFirstTarget(page: Page): Promise<void> {
  await page.evaluate(() => {
    const goal = window.kin.goals()[0];
    window.kin.setGoalTarget(goal.name, [goal.target[0] + 0.08, goal.target[1] + 0.08, goal.target[2]]);
  });
}

/** Clicks a tool; if it is disabled, its tooltip says why. Returns whether it could act. */
async function clickOrReason(page: Page, action: string): Promise<boolean> {
  const state = await page.$eval(tool(action), (b) => ({ disabled: (b as HTMLButtonElement).disabled, title: (b as HTMLElement).title }));
  if (state.disabled) {
    expect(state.title.length).toBeGreaterThan(10);
    return false;
  }
  await page.click(tool(action));
  return true;
}

async function expectNoFailure(page: Page, problems: string[]): Promise<void> {
  expect(await page.$('.error-overlay')).toBeNull();
  expect(await page.$eval('.posing-toolbar-problem', (e) => (e as HTMLElement).hidden)).toBe(true);
  expect(problems).toEqual([]);
}

describe('every tool on every rig', () => {
  let demo: DemoSession;
  let glb: number[];

  beforeAll(async () => {
    demo = await startDemo();
    glb = Array.from(new Uint8Array(armatureRig().glb()));
  });

  afterAll(async () => {
    await demo?.close();
  });

  for (const rig of RIGS) {
    it(`${rig}: each tool changes something or says why not`, async () => {
      const { page, problems } = demo;
      await showRig(page, rig, glb);

      // Poses: each preset poses the rig away from a dragged pose; Reset too.
      const presets = await page.$$eval('.tool-panel select[name="preset"] option', (options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(presets).toEqual(await page.evaluate(() => window.kin.presets()));
      expect(presets.length).toBeGreaterThan(0);
      for (const preset of presets) {
        await dragFirstTarget(page);
        const dragged = await palette(page);
        await page.selectOption('.tool-panel select[name="preset"]', preset);
        expect(maxDifference(await palette(page), dragged), `preset ${preset}`).toBeGreaterThan(1e-3);
      }
      await dragFirstTarget(page);
      let before = await palette(page);
      await page.click(tool('reset'));
      expect(maxDifference(await palette(page), before)).toBeGreaterThan(1e-3);

      // Undo and redo walk the changes.
      before = await palette(page);
      await page.click(tool('undo'));
      expect(maxDifference(await palette(page), before)).toBeGreaterThan(1e-3);
      await page.click(tool('redo'));
      expect(maxDifference(await palette(page), before)).toBeLessThan(1e-6);

      // Mirroring: a one-sided pose mirrors, or the rig says why it cannot.
      const mirrors = ['mirror-left-to-right', 'mirror-right-to-left', 'mirror-flip'];
      let mirrored = 0;
      for (const action of mirrors) {
        await dragFirstTarget(page);
        before = await palette(page);
        if (await clickOrReason(page, action)) {
          expect(maxDifference(await palette(page), before), action).toBeGreaterThan(1e-4);
          mirrored++;
        }
      }
      const symmetric = await clickOrReason(page, 'symmetric');
      if (symmetric) {
        expect(await page.evaluate(() => window.kin.symmetricDrag())).toBe(true);
        await page.click(tool('symmetric'));
      }
      const note = await page.$eval('.tool-panel .tool-note', (e) => ((e as HTMLElement).hidden ? '' : e.textContent));
      // All or nothing: a rig mirrors or it does not, and then says so.
      expect(mirrored === 0 ? 'cannot' : 'can').toBe(rig === 'default' ? 'can' : 'cannot');
      expect(symmetric).toBe(mirrored > 0);
      expect(note.length > 0).toBe(mirrored === 0);

      // Targets: add one on a bone without one, pin it, remove it.
      const goals = (await page.evaluate(() => window.kin.goals())).length;
      const bone = await page.$eval('.goal-list select[name="add-goal"]', (s) => (s as HTMLSelectElement).options[1]?.value ?? '');
      if (bone !== '') {
        await page.selectOption('.goal-list select[name="add-goal"]', bone);
        expect((await page.evaluate(() => window.kin.goals())).length).toBe(goals + 1);
        await page.click(`.goal-list .goal-row[data-goal="${bone}"] [data-action="pin"]`);
        expect((await page.evaluate(() => window.kin.goals())).find((g) => g.name === bone)!.pinned).toBe(true);
        await page.click(`.goal-list .goal-row[data-goal="${bone}"] [data-action="remove-goal"]`);
        expect((await page.evaluate(() => window.kin.goals())).length).toBe(goals);
      }

      // The view: each standard view and framing moves the camera; the skeleton and the skinning toggle.
      for (const action of ['view-front', 'view-side', 'view-top', 'frame']) {
        await page.click(tool('view-front') === tool(action) ? tool('view-top') : tool('view-front'));
        // Framing frames the selection: a target.
        if (action === 'frame') await page.evaluate(() => window.kin.selectGoal(0));
        const camera = await page.evaluate(() => window.kin.camera());
        await page.click(tool(action));
        const moved = await page.evaluate(() => window.kin.camera());
        expect(maxDifference([...moved.position, ...moved.target], [...camera.position, ...camera.target]), action).toBeGreaterThan(1e-3);
      }
      await page.evaluate(() => window.kin.selectGoal(null));
      await page.click(tool('skeleton'));
      expect(await page.evaluate(() => window.kin.skeletonShown())).toBe(true);
      await nextFrame(page);
      await page.screenshot({ path: `${ARTIFACTS}/tools-${rig}-skeleton.png` });
      await page.click(tool('skeleton'));
      expect(await page.evaluate(() => window.kin.skeletonShown())).toBe(false);
      await page.click('.skinning-toggle input[value="dqs"] + span');
      expect(await page.evaluate(() => window.kin.skinning())).toBe('dqs');
      await page.click('.skinning-toggle input[value="lbs"] + span');
      expect(await page.evaluate(() => window.kin.skinning())).toBe('lbs');

      // A bone's sliders turn it: the first bone with a free slot, a key press on its slider.
      const names = await page.evaluate(() => window.kin.boneNames());
      const free = await page.evaluate(() => window.kin.boneNames().findIndex((_, b) => {
        const { min, max } = window.kin.rig!.limits(b);
        return min.some((m, k) => max[k] > m);
      }));
      await page.evaluate((name) => window.kin.selectBone(name), names[free]);
      const slider = page.locator('.bone-slot input[type="range"]:not([disabled])').first();
      before = await palette(page);
      await slider.focus();
      // Net one step, whichever end of its range the slider starts at.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      expect(maxDifference(await palette(page), before)).toBeGreaterThan(1e-4);
      await page.evaluate(() => window.kin.selectBone(null));
      await expectNoFailure(page, problems);
    });
  }
});
