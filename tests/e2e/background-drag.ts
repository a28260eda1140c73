// A drag whose solves take a while, for the background-solve tests
// (tests/e2e/background-solve.test.ts) and their measurement
// (bench/page/background-solve.test.ts): a 100-bone chain (a GLB built
// here, loaded through window.kin) with three targets out of reach, solved
// by gradient descent with a fixed small step, which lowers E a little every
// iteration and so runs its whole budget however near the optimum it starts;
// its tip's target dragged with mouse events sent through the DevTools
// protocol, the page thread's long tasks timed meanwhile.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { jointChain } from '../web/gltf-fixtures.js';
import { nextFrame, resizeWindow } from './browser.js';
import { CdpDrag } from './cdp-drag.js';

const MOVES = 4;
// Three targets along the chain, all out of reach (the chain is 2 m long): each iteration costs three goals' work.
const TARGETS: [string, [number, number, number]][] = [['j99', [2.4, 0.9, 0]], ['j74', [2.0, 0.5, 0.3]], ['j49', [1.5, 0.2, -0.3]]];

/** A solver budget: `maxIterations` iterations of gradient descent every solve. */
export function slowSolver(maxIterations: number): { maxIterations: number; tolerance: number; lineSearch: boolean; step: number } {
  return { maxIterations, tolerance: 1e-9, lineSearch: false, step: 1e-4 };
}

/** Loads the chain, places its three targets with quick solves, then sets `solver`; returns one solve's time (ms). */
export async function loadSlowChain(page: Page, solver: ReturnType<typeof slowSolver>): Promise<number> {
  // A small window: cheap frames under SwiftShader.
  await resizeWindow(page, { width: 900, height: 560 });
  const bytes = Array.from(new Uint8Array(jointChain(100, 0.02).glb()));
  const loaded = await page.evaluate((b) => window.kin.loadModel({ name: 'chain-100.glb', bytes: Uint8Array.from(b) }), bytes);
  expect(loaded).toMatchObject({ ok: true });
  await page.evaluate(([options, targets]) => {
    const { kin } = window;
    const pointer = window as unknown as { lastPointer?: object };
    // Once per page (a shared page keeps it): where the pointer is, for the release.
    if (pointer.lastPointer === undefined) {
      pointer.lastPointer = { x: 0, y: 0 };
      window.addEventListener('pointermove', (event) => (pointer.lastPointer = { x: event.clientX, y: event.clientY }), { capture: true });
    }
    for (const [name] of targets) if (!kin.goals().some((goal) => goal.name === name)) kin.addGoal(name);
    for (const goal of kin.goals()) if (!targets.some(([name]) => name === goal.name)) kin.removeGoal(goal.name);
    // Placed with quick solves, then the long ones.
    kin.setSolver('gradient-descent', { maxIterations: 1 });
    for (const [name, target] of targets) kin.setGoalTarget(name, target);
    kin.setSolver('gradient-descent', options);
    kin.selectGoal('j99');
    kin.frame();
  }, [solver, TARGETS] as const);
  await nextFrame(page);
  return (await page.evaluate(() => window.kin.setGoalTarget('j99', [2.4, 0.95, 0]))).micros / 1000;
}

export interface DragRun {
  /** The longest task on the page's thread from the press until no solve is under way after the release, ms (0: none reached 50 ms, the browser's long-task threshold). */
  longestTaskMillis: number;
  /** Animation frames meanwhile. */
  frames: number;
  /** The worker's answers shown after the release. */
  landedAfterRelease: number;
}

/** Drags the tip's target with the real mouse (MOVES moves) and releases it, timing the page thread's tasks until no solve is under way. */
export async function timedDrag(page: Page): Promise<DragRun> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = await page.evaluate(() => window.kin.handleScreenPosition('j99'));
    await page.evaluate(() => {
      const probe = { tasks: [] as number[], frames: 0, running: true, observer: new PerformanceObserver((list) => probe.tasks.push(...list.getEntries().map((entry) => entry.duration))) };
      (window as unknown as { taskProbe: typeof probe }).taskProbe = probe;
      probe.observer.observe({ type: 'longtask' });
      const tick = (): void => {
        probe.frames++;
        if (probe.running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const drag = new CdpDrag(cdp, start);
    await drag.press();
    await drag.move(MOVES);
    // Released where the pointer is (CdpDrag.release would move it back first: another target).
    const pointer = await page.evaluate(() => (window as unknown as { lastPointer: { x: number; y: number } }).lastPointer);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...pointer, button: 'left', buttons: 0, clickCount: 1 });
    const atRelease = await page.evaluate(() => window.kin.backgroundSolving().applied);
    await page.waitForFunction(() => !window.kin.backgroundSolving().busy, undefined, { timeout: 60_000 });
    // Long tasks are reported after they end: one more frame lets the last one in.
    await nextFrame(page);
    const run = await page.evaluate(() => {
      const probe = (window as unknown as { taskProbe: { tasks: number[]; frames: number; running: boolean; observer: PerformanceObserver } }).taskProbe;
      probe.running = false;
      probe.tasks.push(...probe.observer.takeRecords().map((entry) => entry.duration));
      probe.observer.disconnect();
      return { longestTaskMillis: Math.max(0, ...probe.tasks), frames: probe.frames, landedAfterRelease: window.kin.backgroundSolving().applied };
    });
    return { ...run, landedAfterRelease: run.landedAfterRelease - atRelease };
  } finally {
    await cdp.detach();
  }
}
