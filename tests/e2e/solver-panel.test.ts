// The solver panel in Debian's Chromium: it sits beside the character, picks
// each solver through the real <select>, shows only the chosen solver's
// settings and applies them, the HUD reports each solve, the energy plot
// draws, a solver missing from the module fails readably without touching
// the pose, window.kin drives the same path, and on a phone-sized view the
// panel folds into a bottom sheet.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SOLVERS, type SolverName } from '../../web/src/rig/rig.js';
import { ARTIFACTS, artifact } from './browser.js';
import { demoPage, sharedPage } from './shared-pages.js';


type Vec3 = [number, number, number];
const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

// These land the hand within 10 cm at their default settings. The
// first-order methods stop at 64 iterations short of it: the feet's pins
// (weight 100) make their steps small, so they only have to close 30 % of the
// distance; two-bone places the wrist, not the hand's tip.
const LANDS_CLOSE: readonly SolverName[] = ['dls', 'gauss-newton', 'ccd', 'fabrik'];
// In front of the right side of the chest: reachable by the whole body and
// by the right arm alone (two-bone moves the wrist, forearm_r's tip).
const HAND_TARGET: Vec3 = [-0.3, 1.3, 0.35];
// Up, ahead and to the character's right of its face.
const LOOK_TARGET: Vec3 = [-0.4, 1.7, 0.6];
// The energy plot's line colour (energy-plot.ts).
const LINE_RGB = [0x6c, 0xc4, 0xff];

/** Which goal a solver's test moves, and where to. */
function goalFor(solver: SolverName): { goal: string; target: Vec3 } {
  if (solver === 'two-bone') return { goal: 'forearm_r', target: HAND_TARGET };
  if (solver === 'look-at') return { goal: 'head', target: LOOK_TARGET };
  return { goal: 'hand_r', target: HAND_TARGET };
}

/** Draws a frame, so that the status line and the plot show the latest solve. */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => window.kin.nextFrame());
}

async function hudText(page: Page): Promise<{ solver: string; status: string; iterations: string; error: string; failure: string | null }> {
  return page.evaluate(() => {
    const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
    const failure = document.querySelector<HTMLElement>('.hud-failure');
    return {
      solver: text('.hud-solver'),
      status: text('.hud-status'),
      iterations: text('.hud-iterations'),
      error: text('.hud-error'),
      failure: failure && !failure.hidden ? failure.textContent : null,
    };
  });
}

/** Cosine of the angle between the head's forward axis (+Z of its bone) and the direction to `target`. */
async function headAimCosine(page: Page, target: Vec3): Promise<number> {
  return page.evaluate((t) => {
    const rig = window.kin.rig!;
    const m = rig.modelMatrices();
    const i = 16 * rig.boneIndex('head');
    const to = [t[0] - m[i + 12], t[1] - m[i + 13], t[2] - m[i + 14]];
    const forward = [m[i + 8], m[i + 9], m[i + 10]];
    const dot = to[0] * forward[0] + to[1] * forward[1] + to[2] * forward[2];
    return dot / (Math.hypot(to[0], to[1], to[2]) * Math.hypot(forward[0], forward[1], forward[2]));
  }, target);
}

describe('solver panel', () => {
  const demo = demoPage();
  let page: Page;
  let problems: string[];
  let startPose: { angles: number[]; rootOffset: Vec3 };

  beforeAll(async () => {
    ({ page, problems } = demo);
    startPose = await page.evaluate(() => window.kin.getPose());
  });

  /** Back to the start pose with the given solver picked in the panel. */
  async function pick(solver: SolverName): Promise<void> {
    await page.evaluate((pose) => window.kin.setPose(pose.angles, pose.rootOffset), startPose);
    await page.selectOption('select.solver-picker', solver);
  }

  it('sits in the inspector beside the view and offers every solver', async () => {
    const layout = await page.evaluate(() => {
      const panel = document.querySelector<HTMLDetailsElement>('.solver-panel')!;
      const handles = window.kin.goals().map((goal) => window.kin.handleScreenPosition(goal.name).x);
      const options = [...document.querySelectorAll<HTMLOptionElement>('select.solver-picker option')].map((o) => o.value);
      return { open: panel.open, left: panel.getBoundingClientRect().left, rightmostHandle: Math.max(...handles), options };
    });
    expect(layout.open).toBe(true);
    expect(layout.options).toEqual([...SOLVERS]);
    // The hands' handles are the character's outermost points.
    expect(layout.left).toBeGreaterThan(layout.rightmostHandle + 15);
    await artifact(page, `${ARTIFACTS}/solver-panel.png`);
  });

  it.each([...SOLVERS])('%s: picked in the panel, it solves a move of its goal', async (solver) => {
    await pick(solver);
    expect(await page.evaluate(() => window.kin.solver())).toBe(solver);
    const { goal, target } = goalFor(solver);
    expect(await page.evaluate(() => window.kin.goals().map((g) => g.name))).toContain(goal);
    const before = await page.evaluate(() => ({ tip: window.kin.boneTip('hand_r'), pose: window.kin.getPose().angles }));
    const aimBefore = await headAimCosine(page, target);

    const outcome = await page.evaluate(({ goal, target }) => {
      try {
        return { report: window.kin.setGoalTarget(goal, target), failure: null };
      } catch (error) {
        return { report: null, failure: (error as Error).message };
      }
    }, { goal, target });
    await nextFrame(page);
    const hud = await hudText(page);
    expect(hud.solver).toBe(solver);

    // Every solver is built into the module: a failure is a defect.
    expect(outcome.failure).toBeNull();
    const report = outcome.report!;
    expect(hud.failure).toBeNull();
    expect(hud.status).toBe(report.status);
    expect(hud.iterations).toBe(String(report.iterations));
    // The remaining error in millimetres, to 0.01 mm.
    expect(hud.error).toMatch(/^\d+\.\d\d mm$/);
    expect(Math.abs(Number.parseFloat(hud.error) - report.error * 1000)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(report.solver).toBe(solver);
    if (solver === 'look-at') {
      expect(await headAimCosine(page, target)).toBeGreaterThan(Math.max(aimBefore, 0.99));
    } else {
      const after = await page.evaluate(() => window.kin.boneTip('hand_r'));
      // The hand moves toward the target; two-bone puts the wrist on it, the hand's tip stays a hand's length away.
      const firstOrder = solver === 'jacobian-transpose' || solver === 'gradient-descent' || solver === 'projected-gradient';
      expect(distance(after, target)).toBeLessThan((firstOrder ? 0.7 : 0.5) * distance(before.tip, target));
      if (LANDS_CLOSE.includes(solver)) expect(distance(after, target)).toBeLessThan(0.1);
    }
    if (solver === 'two-bone' || solver === 'look-at') await artifact(page, `${ARTIFACTS}/solver-${solver}.png`);
  });

  it('shows only the chosen solver\'s settings', async () => {
    const visible = async () =>
      page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.solver-settings [data-setting]')].filter((row) => !row.hidden).map((row) => row.dataset.setting));
    await pick('dls');
    expect(await visible()).toEqual(['maxIterations', 'tolerance', 'damping', 'maxEscapes', 'stretch']);
    await pick('ccd');
    expect(await visible()).toEqual(['maxIterations', 'tolerance', 'maxEscapes', 'stretch']);
    await pick('gradient-descent');
    expect(await visible()).toEqual(['maxIterations', 'tolerance', 'maxEscapes', 'step', 'lineSearch']);
    await pick('projected-gradient');
    expect(await visible()).toEqual(['maxIterations', 'tolerance', 'maxEscapes', 'step']);
    await pick('two-bone');
    expect(await visible()).toEqual(['tolerance', 'soften']);
  });

  it('applies a setting typed into the panel', async () => {
    await pick('dls');
    await page.fill('input[name="maxIterations"]', '2');
    await page.press('input[name="maxIterations"]', 'Enter');
    const report = await page.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
    expect(report.iterations).toBeLessThanOrEqual(2);
    expect(report.status).toBe('max-iterations');
    expect(await page.evaluate(() => window.kin.energyHistory().length)).toBe(report.iterations + 1);
    // Back to the default for the tests that follow.
    await page.fill('input[name="maxIterations"]', '64');
    await page.press('input[name="maxIterations"]', 'Enter');
  });

  it('plots the energy per iteration of the last solve', async () => {
    await pick('dls');
    await page.evaluate((t) => window.kin.setGoalTarget('hand_r', t), HAND_TARGET);
    await nextFrame(page);
    const energy = await page.evaluate(() => window.kin.energyHistory());
    expect(energy.length).toBeGreaterThan(1);
    expect(energy[energy.length - 1]).toBeLessThan(energy[0]);
    const linePixels = await page.evaluate((rgb) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.energy-plot canvas')!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const d = Math.abs(data[i] - rgb[0]) + Math.abs(data[i + 1] - rgb[1]) + Math.abs(data[i + 2] - rgb[2]);
        if (data[i + 3] > 128 && d < 60) count++;
      }
      return count;
    }, LINE_RGB);
    expect(linePixels).toBeGreaterThan(50);
    await artifact(page, `${ARTIFACTS}/solver-energy.png`);
  });

  it('shows a rejected setting\'s message and keeps the applied one', async () => {
    await pick('ccd');
    await page.fill('input[name="tolerance"]', '0');
    await page.press('input[name="tolerance"]', 'Enter');
    const problem = await page.evaluate(() => {
      const line = document.querySelector<HTMLElement>('.solver-problem')!;
      return line.hidden ? null : line.textContent;
    });
    expect(problem).toMatch(/tolerance/);
    expect(await page.evaluate(() => window.kin.solver())).toBe('ccd');
    // A valid value clears the message.
    await page.fill('input[name="tolerance"]', '0.00001');
    await page.press('input[name="tolerance"]', 'Enter');
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('.solver-problem')!.hidden)).toBe(true);
  });

  it('a failing solve shows its message in the HUD and keeps the pose', async () => {
    await pick('dls');
    const before = await page.evaluate(() => window.kin.getPose().angles);
    // Goals taken away behind the page's back: the core rejects the solve.
    await page.evaluate(() => window.kin.rig!.setGoals([]));
    await expect(page.evaluate(() => window.kin.solve())).rejects.toThrow(/no goals/);
    await nextFrame(page);
    const hud = await hudText(page);
    expect(hud.status).toBe('failed');
    expect(hud.failure).toMatch(/no goals/);
    expect(await page.evaluate(() => window.kin.getPose().angles)).toEqual(before);
    expect(await page.evaluate(() => window.kin.energyHistory())).toEqual([]);
    // Setting a pose gives the rig the page's goals again.
    await page.evaluate((pose) => window.kin.setPose(pose.angles, pose.rootOffset), startPose);
    expect((await page.evaluate(() => window.kin.solve())).status).toBe('converged');
    expect(await page.evaluate(() => window.kin.error)).toBeNull();
  });

  it('window.kin.setSolver goes through the panel', async () => {
    await page.evaluate(() => window.kin.setSolver('gradient-descent', { maxIterations: 12, lineSearch: false }));
    const shown = await page.evaluate(() => ({
      solver: document.querySelector<HTMLSelectElement>('select.solver-picker')!.value,
      iterations: document.querySelector<HTMLInputElement>('input[name="maxIterations"]')!.value,
      lineSearch: document.querySelector<HTMLInputElement>('input[name="lineSearch"]')!.checked,
    }));
    expect(shown).toEqual({ solver: 'gradient-descent', iterations: '12', lineSearch: false });
    await expect(page.evaluate(() => window.kin.setSolver('newton'))).rejects.toThrow(/no solver "newton"/);
    await expect(page.evaluate(() => window.kin.setSolver('dls', { damping: -1 }))).rejects.toThrow(/damping/);
    expect(await page.evaluate(() => window.kin.solver())).toBe('gradient-descent');
    await page.evaluate(() => window.kin.setSolver('dls'));
    expect(problems).toEqual([]);
  });

  it('waits behind the Inspector tab on a phone, and opens as a sheet below the view', async () => {
    const { page: phone, problems: phoneProblems } = await sharedPage('phone');
    const panel = phone.locator('.solver-panel');
    expect(await panel.isVisible()).toBe(false);
    await artifact(phone, `${ARTIFACTS}/solver-phone-folded.png`);
    await phone.click('[data-action="tab-inspector"]');
    expect(await panel.isVisible()).toBe(true);
    // The sheet is below the view: the view shrank, nothing covers it.
    const view = (await phone.locator('.shell-viewport').boundingBox())!;
    const sheet = (await phone.locator('.shell-inspector').boundingBox())!;
    expect(sheet.y).toBeGreaterThanOrEqual(view.y + view.height - 0.5);
    expect(view.height).toBeGreaterThan(844 / 3);
    await phone.selectOption('select.solver-picker', 'ccd');
    expect(await phone.evaluate(() => window.kin.solver())).toBe('ccd');
    await artifact(phone, `${ARTIFACTS}/solver-phone-open.png`);
    // The same tab folds it away again.
    await phone.click('[data-action="tab-inspector"]');
    expect(await panel.isVisible()).toBe(false);
    expect(phoneProblems).toEqual([]);
  });
});
