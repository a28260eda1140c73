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
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cmuWalkBvh } from '../tests/web/retarget-cli-fixtures.js';
import { batchFiles } from '../tools/retarget/output-names.js';
import { DEFAULT_CHARACTER } from '../tools/retarget/options.js';
import { runBatch } from '../tools/retarget/pool.js';
import type { RetargetMode } from '../web/src/rig/retarget.js';
import { describeMachine } from './machine.js';
import { summarise } from './stats.js';

const FILES = 8;
const FRAMES = 300;
const FPS = 120;
const RUNS = 5;
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
try {
  const sources = Array.from({ length: FILES }, (_, k) => {
    const path = join(dir, `walk-${k}.bvh`);
    writeFileSync(path, cmuWalkBvh(FRAMES, FPS, (2 * Math.PI * k) / FILES));
    return path;
  });
  const out = join(dir, 'out');
  mkdirSync(out);
  const files = batchFiles(sources, out);
  const rows: Row[] = [];
  for (const mode of MODES) {
    for (const workers of WORKERS) {
      const walls: number[] = [];
      const perFile: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        const outcomes = await runBatch(files, { out, mode, fps: 0, bvh: false, onto: DEFAULT_CHARACTER }, workers, () => {});
        walls.push((performance.now() - start) / 1000);
        for (const outcome of outcomes) {
          if (!outcome.ok) throw new Error(`retarget-batch: ${files[outcome.index].path}: ${outcome.message}`);
          perFile.push(outcome.seconds);
        }
      }
      const wall = summarise(walls);
      const perFileMedian_s = summarise(perFile).median;
      rows.push({ mode, workers, files: FILES, framesPerFile: FRAMES, runs: RUNS, median_s: wall.median, p95_s: wall.p95, filesPerSecond: FILES / wall.median, perFileMedian_s, steadyFilesPerSecond: workers / perFileMedian_s });
    }
  }
  const result = {
    machine: describeMachine(),
    notes: [
      `${FILES} CMU-style BVH walks of ${FRAMES} frames at ${FPS} fps (${FRAMES / FPS} s each) onto the default character (assets/character.glb), GLB and JSON report written per file.`,
      'A run is the whole batch through tools/retarget/pool.ts, as `npm run retarget` runs it: worker start-up (WASM module, character) included; median and p95 over the runs.',
      'perFileMedian_s: one file inside a worker (read, map, retarget, write), median over every file of every run; steadyFilesPerSecond = workers / perFileMedian_s, the rate once the workers have started.',
      'The machine is shared with other jobs: compare 1 and 2 workers from the same run.',
    ],
    rows,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/retarget-batch.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(result.machine);
  console.log('mode      workers  median s  p95 s  files/s  per file s  steady files/s');
  for (const r of rows) {
    console.log(`${r.mode.padEnd(9)} ${String(r.workers).padStart(7)} ${r.median_s.toFixed(2).padStart(9)} ${r.p95_s.toFixed(2).padStart(6)} ${r.filesPerSecond.toFixed(2).padStart(8)} ${r.perFileMedian_s.toFixed(3).padStart(11)} ${r.steadyFilesPerSecond.toFixed(2).padStart(15)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
