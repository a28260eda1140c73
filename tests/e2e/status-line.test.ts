// The status line's solve time in Debian's Chromium (ui/status-bar.ts). A
// target moved as a drag frame moves it (kin.setGoalTarget, which returns
// that solve's report) shows that solve: its solver, status, iterations,
// largest miss and the goal that misses by it, and time, as the status line
// rounds them (written out again here), a target out of reach said in
// words in place of the status; a short and a long solve show different times. After a real mouse drag
// (whose last solve window.kin does not report) the line shows a plausible
// new time, not the one before, and the error the pose has now. A
// character chosen from the menu clears every number: nothing of the
// previous rig's solves stays on show.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dragHandle, nextFrame } from './browser.js';
import { demoPage } from './shared-pages.js';

const PLACEHOLDER = '–';
const CLEARED = { solver: PLACEHOLDER, status: PLACEHOLDER, iterations: PLACEHOLDER, error: PLACEHOLDER, worst: PLACEHOLDER, time: PLACEHOLDER };

type Shown = typeof CLEARED;

/** What the status line shows, field by field. */
function statusLine(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const text = (name: string) => document.querySelector(`.status-bar .hud-${name}`)!.textContent!;
    return { solver: text('solver'), status: text('status'), iterations: text('iterations'), error: text('error'), worst: text('worst'), time: text('time') };
  });
}

/** A solve time (µs) as the status line shows it: two significant digits (whole µs below 100), in µs below 1 ms, else ms. */
function timeText(micros: number): string {
  const unit = micros < 100 ? 1 : micros < 1000 ? 10 : micros < 10000 ? 100 : 1000;
  const rounded = Math.round(micros / unit) * unit;
  return rounded < 1000 ? `${rounded} µs` : `${(rounded / 1000).toFixed(rounded < 10000 ? 1 : 0)} ms`;
}

/** The time text back in µs (NaN when it is not a time). */
function micros(text: string): number {
  const match = /^(\d+(?:\.\d)?) (µs|ms)$/.exec(text);
  return match === null ? Number.NaN : Number(match[1]) * (match[2] === 'ms' ? 1000 : 1);
}

/** A solve's status as the status line shows it: a goal out of reach in words ("Right hand out of reach — 12 cm short"), else the status. */
function statusText(report: { status: string; shortGoal: string | null; shortfall: number }, words: string): string {
  if (report.status === 'converged' || report.shortGoal === null) return report.status;
  const mm = Math.round(report.shortfall * 1000);
  const short = mm >= 10 ? `${Math.round(report.shortfall * 100)} cm` : mm < 1 ? 'under 1 mm' : `${mm} mm`;
  return `${words} out of reach — ${short} short`;
}

/** An error (m) as the status line shows it: millimetres to 0.01. */
function errorText(error_m: number): string {
  const hundredths = Math.round(error_m * 1e5);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')} mm`;
}

/**
 * The largest distance (m) from a goal's point to its target: the error of the pose on screen.
 * A goal pulls its bone's tip; a root target (the hips) pulls the joint itself.
 */
function poseError(page: Page): Promise<number> {
  return page.evaluate(() => {
    const model = window.kin.rig!.modelMatrices();
    return Math.max(...window.kin.goals().map((goal) => {
      const at = goal.movesRoot ? [0, 1, 2].map((k) => model[16 * goal.bone + 12 + k]) : window.kin.boneTip(goal.name);
      return Math.hypot(at[0] - goal.target[0], at[1] - goal.target[1], at[2] - goal.target[2]);
    }));
  });
}

/** Moves a goal's target by `offset` as a drag frame does; returns the solve's report and what the line shows after the next frame. */
async function moveTarget(page: Page, goal: string, offset: [number, number, number]) {
  const report = await page.evaluate(([name, [dx, dy, dz]]) => {
    const target = window.kin.goals().find((g) => g.name === name)!.target;
    return window.kin.setGoalTarget(name, [target[0] + dx, target[1] + dy, target[2] + dz]);
  }, [goal, offset] as const);
  await nextFrame(page);
  return { report, shown: await statusLine(page) };
}

describe('the status line’s solve time', () => {
  const demo = demoPage();

  it('shows the time of the solve it reports, a new one for each solve', async () => {
    const { page, problems } = demo;
    expect(await statusLine(page)).toEqual(CLEARED);

    // A short solve (DLS, a hand moved 3 cm) and a long one (gradient descent held to its
    // 20000 iterations by a target out of reach): each line is that solve's, to the digit.
    // One solve first, untested: the first one in a page also pays for warming the module up.
    await moveTarget(page, 'hand_r', [0.01, 0, 0]);
    const short = await moveTarget(page, 'hand_r', [0.03, 0.02, 0]);
    await page.evaluate(() => window.kin.setSolver('gradient-descent', { maxIterations: 20000 }));
    const long = await moveTarget(page, 'hand_r', [-2, 0, 0]);
    for (const { report, shown } of [short, long]) {
      expect(shown).toEqual({
        solver: report.solver,
        status: statusText(report, 'Right hand'),
        iterations: String(report.iterations),
        error: errorText(report.error),
        worst: report.status === 'converged' ? PLACEHOLDER : report.worstGoal,
        time: timeText(report.micros),
      });
    }
    expect(long.report.iterations).toBe(20000);
    // Out of reach, the hand sent 2 m away misses most: the line names it, and says so in words.
    expect(long.shown.worst).toBe('hand_r');
    expect(long.report.shortGoal).toBe('hand_r');
    expect(long.shown.status).toMatch(/^Right hand out of reach — \d+ cm short$/);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('.status-bar .hud-status')!.dataset.status)).toBe('out-of-reach');
    // Far enough apart that equal texts would mean a stale time.
    expect(long.report.micros).toBeGreaterThan(3 * short.report.micros);
    expect(long.shown.time).not.toBe(short.shown.time);

    // A real mouse drag with DLS: its last solve is timed when the drag ends. The line shows a
    // plausible time other than the long solve's, and the error of the pose the drag left.
    // Back to the short solve's pose and DLS first (the long one pulled the whole body off its pins).
    expect(await page.evaluate(() => window.kin.undo() && window.kin.undo())).toBe(true);
    expect(await page.evaluate(() => window.kin.solver())).toBe('dls');
    await dragHandle(page, 'hand_l', 40, -30);
    const dragged = await statusLine(page);
    expect(dragged.solver).toBe('dls');
    expect(micros(dragged.time)).toBeGreaterThan(0);
    expect(micros(dragged.time)).toBeLessThan(long.report.micros / 3);
    expect(Math.abs(Number.parseFloat(dragged.error) - 1000 * (await poseError(page)))).toBeLessThanOrEqual(0.0100001);
    expect(problems).toEqual([]);
  });

  it('is cleared when a character is chosen from the menu, then shows the new rig’s own solves', async () => {
    const { page, problems } = demo;
    const solved = await moveTarget(page, 'hand_r', [0.02, 0, 0.02]);
    expect(solved.shown.time).toBe(timeText(solved.report.micros));

    // The Retargeting lesson solves by IK as it retargets its walk: none of that is the line's.
    for (const lesson of ['arm', 'retarget', 'default', 'candy']) {
      await page.selectOption('select[name=lesson]', lesson);
      if (lesson === 'retarget') await page.waitForSelector('.retarget-lesson:not([hidden])');
      await nextFrame(page);
      expect(await statusLine(page), lesson).toEqual(CLEARED);
      // The new rig's first solve: its own numbers.
      const goal = (await page.evaluate(() => window.kin.goals()))[0].name;
      const own = await moveTarget(page, goal, [0.02, 0.02, 0]);
      expect(own.shown.time, lesson).toBe(timeText(own.report.micros));
      expect(own.shown.iterations, lesson).toBe(String(own.report.iterations));
    }
    expect(problems).toEqual([]);
  });
});
