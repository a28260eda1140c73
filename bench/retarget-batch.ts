// The batch retarget tool's throughput: files per second over a batch of
// generated CMU-style BVH walks (tests/web/retarget-cli-fixtures.ts) onto the
// default character, with 1 and 2 worker threads (tools/retarget/pool.ts, one
// WASM module each), in rotation and IK mode. Each run is the whole batch as
// the command line runs it — worker start-up (module, character) included —
// writing GLB and JSON reports to a temporary directory; the median and p95
// over RUNS runs are reported, and the median time one file takes inside a
// worker. Writes bench/results/retarget-batch.json and prints a table.
// Run: npx tsx bench/retarget-batch.ts. A benchmark, not a test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cmuWalkBvh } from '../tests/web/retarget-cli-fixtures.js';
import { batchFiles } from '../tools/retarget/output-names.js';
import { DEFAULT_CHARACTER } from '../tools/retarget/options.js';
import { runBatch } from '../tools/retarget/pool.js';
import type { RetargetMode } from '../web/src/rig/retarget.js';
import { describeMachine } from './machine.js';
import { summarise } from './stats.js';

const FILES = 32;
const FRAMES = 300;
const FPS = 120;
const RUNS = 7;
const WORKERS = [1, 2];
const MODES: RetargetMode[] = ['rotation', 'ik'];

interface Row {
  mode: RetargetMode;
  workers: number;
  files: number;
  framesPerFile: number;
  runs: number;
  median_s: number;
  p95_s: number;
  filesPerSecond: number;
  /** Median seconds one file takes inside a worker (read, retarget, write). */
  perFileMedian_s: number;
  /** Files per second once the workers have started: workers / perFileMedian_s. */
  steadyFilesPerSecond: number;
}

const dir = mkdtempSync(join(tmpdir(), 'kin-retarget-bench-'));
// Other jobs on the machine change how much 2 workers gain: the load is written with the results.
const loadBefore = loadavg()[0];
try {
  const sources = Array.from({ length: FILES }, (_, k) => {
    const path = join(dir, `walk-${k}.bvh`);
    writeFileSync(path, cmuWalkBvh(FRAMES, FPS, (2 * Math.PI * k) / FILES));
    return path;
  });
  const out = join(dir, 'out');
  mkdirSync(out);
  const files = batchFiles(sources, out);
  // The configurations take turns, run after run, so that a busy spell on the machine falls on all of them.
  const configs = MODES.flatMap((mode) => WORKERS.map((workers) => ({ mode, workers, walls: [] as number[], perFile: [] as number[] })));
  for (let run = 0; run < RUNS; run++) {
    for (const config of configs) {
      const start = performance.now();
      const outcomes = await runBatch(files, { out, mode: config.mode, fps: 0, bvh: false, mapEntries: null, onto: DEFAULT_CHARACTER }, config.workers, () => {});
      config.walls.push((performance.now() - start) / 1000);
      for (const outcome of outcomes) {
        if (!outcome.ok) throw new Error(`retarget-batch: ${files[outcome.index].path}: ${outcome.message}`);
        config.perFile.push(outcome.seconds);
      }
    }
  }
  const rows: Row[] = configs.map(({ mode, workers, walls, perFile }) => {
    const wall = summarise(walls);
    const perFileMedian_s = summarise(perFile).median;
    return { mode, workers, files: FILES, framesPerFile: FRAMES, runs: RUNS, median_s: wall.median, p95_s: wall.p95, filesPerSecond: FILES / wall.median, perFileMedian_s, steadyFilesPerSecond: workers / perFileMedian_s };
  });
  const result = {
    machine: describeMachine(),
    loadAverage1min: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) },
    notes: [
      `${FILES} CMU-style BVH walks of ${FRAMES} frames at ${FPS} fps (${FRAMES / FPS} s each) onto the default character (assets/character.glb), GLB and JSON report written per file.`,
      'A run is the whole batch through tools/retarget/pool.ts, as `npm run retarget` runs it: worker start-up (WASM module, character) included; median and p95 over the runs.',
      'perFileMedian_s: one file inside a worker (read, map, retarget, write), median over every file of every run; steadyFilesPerSecond = workers / perFileMedian_s, the rate once the workers have started.',
      'The configurations take turns run after run; the machine is shared with other jobs (see loadAverage1min): compare 1 and 2 workers from the same file only.',
    ],
    rows,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/retarget-batch.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(`${result.machine}; 1-minute load average ${result.loadAverage1min.before} before, ${result.loadAverage1min.after} after`);
  console.log('mode      workers  median s  p95 s  files/s  per file s  steady files/s');
  for (const r of rows) {
    console.log(`${r.mode.padEnd(9)} ${String(r.workers).padStart(7)} ${r.median_s.toFixed(2).padStart(9)} ${r.p95_s.toFixed(2).padStart(6)} ${r.filesPerSecond.toFixed(2).padStart(8)} ${r.perFileMedian_s.toFixed(3).padStart(11)} ${r.steadyFilesPerSecond.toFixed(2).padStart(15)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
