// Every tool of the tools column on every character the page can show —
// the default character, every lesson's rig with its tool (the Retargeting
// lesson with its walk playing) and a loaded glTF (a humanoid-ish file built in code, with
// one arm and one leg: it cannot mirror) — clicked as a user clicks it, in
// Debian's Chromium. Each action either changes the pose (or what it acts
// on: the targets, the camera, the skeleton, the skinning) or shows why it
// cannot (a disabled control with its reason as a tooltip and beside it);
// none raises the error dialog or a console error. Mirroring is expected
// exactly where the bones pair by name. A tool used while a clip plays
// stops it, and its pose stays (playback sampled the clip over it before).
// The bone sliders turn a bone of each rig (the lesson rigs' failed before),
// and so do the rotation gizmo's rings on the lesson rigs.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { armatureRig } from '../web/gltf-fixtures.js';
import { type Ring, dragRing } from './bone-rings.js';
import { ARTIFACTS, artifact, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';
import { maxDifference } from './compare.js';
import { LESSON_IDS } from '../../web/src/lessons/lessons.js';

// Every lesson: each brings its own rig and tool, and the tools column must work beside it.
const RIGS = ['default', ...LESSON_IDS, 'gltf'];
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
  // The Retargeting lesson retargets the walk after it shows the rig, then plays it with its card up.
  if (rig === 'retarget') await page.waitForSelector('.retarget-lesson:not([hidden])');
  await nextFrame(page);
}

const playing = (page: Page): Promise<boolean> => page.evaluate(() => window.kin.time().playing);

/**
 * The other side's name of a bone named for a side, as the README says
 * bones pair (`_l`/`_r`, `.L`/`.R`, `Left…`/`Right…`), or null: written
 * here from the names, not asked of the page.
 */
function otherSide(name: string): string | null {
  const suffix = /^(.+[._])([lLrR])$/.exec(name);
  if (suffix !== null) return suffix[1] + ({ l: 'r', r: 'l', L: 'R', R: 'L' } as Record<string, string>)[suffix[2]];
  const prefix = /^(Left|Right)(.+)$/.exec(name);
  if (prefix !== null) return (prefix[1] === 'Left' ? 'Right' : 'Left') + prefix[2];
  return null;
}

/** The rig's left/right bone pairs by name: [bone, partner] for each bone whose other side's bone exists. */
function namedPairs(names: readonly string[]): [number, number][] {
  return names.flatMap((name, bone): [number, number][] => {
    const other = otherSide(name);
    const partner = other === null ? -1 : names.indexOf(other);
    return partner < 0 ? [] : [[bone, partner]];
  });
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
  const demo = demoPage();
  let glb: number[];

  beforeAll(async () => {
    glb = Array.from(new Uint8Array(armatureRig().glb()));
  });

  for (const rig of RIGS) {
    it(`${rig}: each tool changes something or says why not`, async () => {
      const { page, problems } = demo;
      await showRig(page, rig, glb);

      // Poses: each preset poses the rig away from a dragged pose; Reset too.
      const presets = await page.$$eval('.tool-panel select[name="preset"] option', (options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(presets).toEqual(await page.evaluate(() => window.kin.presets()));
      expect(presets.length).toBeGreaterThan(0);

      // A clip playing (the lesson's walk; no other rig here has one): a preset picked stops it and
      // its pose stays while frames are drawn, rather than the next frame sampling the clip over it.
      expect(await playing(page)).toBe(rig === 'retarget');
      if (rig === 'retarget') {
        await page.selectOption('.tool-panel select[name="preset"]', presets[presets.length - 1]);
        const picked = await palette(page);
        for (let frame = 0; frame < 3; frame++) await nextFrame(page);
        expect(await playing(page)).toBe(false);
        expect(maxDifference(await palette(page), picked)).toBeLessThan(1e-6);
        // A target moved as a drag frame moves it, while the walk plays: it stays where it was put
        // (pausing after the solve had put the clip's pose back and the target onto it).
        await page.evaluate(() => window.kin.play());
        await nextFrame(page);
        const moved = await page.evaluate(() => {
          const goal = window.kin.goals()[0];
          const wanted: [number, number, number] = [goal.target[0] + 0.05, goal.target[1] + 0.05, goal.target[2]];
          window.kin.setGoalTarget(goal.name, wanted);
          return { wanted, target: window.kin.goals()[0].target };
        });
        await nextFrame(page);
        expect(await playing(page)).toBe(false);
        // The core holds targets in single precision: the same number to its last bit (a few 1e-8 m here).
        expect(maxDifference(moved.target, moved.wanted.map(Math.fround))).toBe(0);
      }
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

      // Mirroring: a one-sided pose mirrors where the bones pair left and right (the core pairs the
      // same bones), or the rig says why it cannot.
      const pairs = namedPairs(await page.evaluate(() => window.kin.boneNames()));
      if (pairs.length > 0) {
        const partners = await page.evaluate(() => Array.from(window.kin.rig!.mirrorPartners()));
        for (const [bone, partner] of pairs) expect(partners[bone]).toBe(partner);
      }
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
      // All or nothing: a rig with pairs mirrors with every mode; one without says so.
      expect(mirrored).toBe(pairs.length > 0 ? mirrors.length : 0);
      expect(symmetric).toBe(mirrored > 0);
      expect(note.length > 0).toBe(mirrored === 0);

      // Targets: add one on a bone without one, pin it, remove it — or, with a solver that has its own targets, the list says why not.
      const goals = (await page.evaluate(() => window.kin.goals())).length;
      const adder = await page.$eval('.goal-list select[name="add-goal"]', (s) => ({ disabled: (s as HTMLSelectElement).disabled, title: (s as HTMLElement).title, bone: (s as HTMLSelectElement).options[1]?.value ?? '' }));
      if (adder.disabled) expect(adder.title.length).toBeGreaterThan(10);
      const { bone } = adder;
      if (bone !== '' && !adder.disabled) {
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
      await artifact(page, `${ARTIFACTS}/tools-${rig}-skeleton.png`);
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

  // The rotation gizmo on lesson rigs: the ring of a free slot, dragged with the mouse, turns the
  // bone about that axis (within its limits) as one undo step, without moving the camera.
  const RING_DRAGS: { rig: RigName; bone: string; ring: Ring; slot: number }[] = [
    // The candy wrapper's twist: the second bone about its own axis (x, slot 0).
    { rig: 'candy', bone: 'lower', ring: 'X', slot: 0 },
    // The planar arm's elbow: a hinge about z (slot 2), every other slot locked.
    { rig: 'arm', bone: 'forearm', ring: 'Z', slot: 2 },
    // The Retargeting lesson's left elbow: a hinge about y (slot 1), the walk paused on a frame.
    { rig: 'retarget', bone: 'LeftForeArm', ring: 'Y', slot: 1 },
  ];
  for (const { rig, bone, ring, slot } of RING_DRAGS) {
    it(`${rig}: dragging ${bone}'s ${ring} ring turns it`, async () => {
      const { page, problems } = demo;
      await showRig(page, rig, glb);
      // The pose still while the pointer looks for the ring (a playing clip would move the gizmo under it).
      await page.evaluate(() => window.kin.pause());
      await page.evaluate((name) => window.kin.selectBone(name), bone);
      await nextFrame(page);
      const read = () => page.evaluate((name) => {
        const { rig: posed } = window.kin;
        return { angles: posed!.getAngles(posed!.boneIndex(name)), palette: window.posePalette(), undo: window.kin.undoDepth().undo };
      }, bone);
      const camera = await page.evaluate(() => window.kin.camera());
      const start = await read();
      await dragRing(page, bone, ring);
      const turned = await read();
      await artifact(page, `${ARTIFACTS}/tools-${rig}-ring-${ring}.png`);

      expect(Math.abs(turned.angles[slot] - start.angles[slot]), `slot ${slot}`).toBeGreaterThan(0.05);
      expect(maxDifference(turned.palette, start.palette)).toBeGreaterThan(1e-3);
      const { min, max } = await page.evaluate((name) => window.kin.rig!.limits(window.kin.rig!.boneIndex(name)), bone);
      turned.angles.forEach((angle, k) => {
        expect(angle).toBeGreaterThanOrEqual(min[k] - 1e-6);
        expect(angle).toBeLessThanOrEqual(max[k] + 1e-6);
      });
      // One step: undo gives back the pose the drag began from.
      expect(turned.undo).toBe(start.undo + 1);
      await page.click(tool('undo'));
      expect(maxDifference((await read()).palette, start.palette)).toBeLessThan(1e-6);
      await page.click(tool('redo'));
      expect(maxDifference((await read()).palette, turned.palette)).toBeLessThan(1e-6);
      const after = await page.evaluate(() => window.kin.camera());
      expect(maxDifference([...after.position, ...after.target], [...camera.position, ...camera.target])).toBeLessThan(1e-6);
      expect(await page.evaluate(() => window.kin.selectedBone())).toBe(bone);
      await page.evaluate(() => window.kin.selectBone(null));
      await expectNoFailure(page, problems);
    });
  }
});
