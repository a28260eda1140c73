// What solving in a worker costs and gains (issue 15, item 9), in Node with
// the page's own code (SolveClient, SolveService in worker_threads):
//  - latency: one drag request's round trip through a worker thread (fill,
//    post with transferred buffers, solve, answer) against the same solve on
//    the calling thread, for the default character's drag (DLS, its goal set)
//    and a 100-bone chain (DLS, its tip to a target out of reach);
//  - throughput: a batch of 256 independent chain-100 solves through the
//    solve pool (tools/solve/solve-pool.ts) on 1 and 2 threads, threads
//    started beforehand.
// Medians and p95 over the samples; the configurations take turns, so that a
// busy spell on the shared machine falls on all of them. Writes
// bench/results/solve-worker.json and prints a table.
// Run: npx tsx bench/solve-worker.ts. A benchmark, not a test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { defaultCharacterBones, defaultCharacterEditor } from '../tests/web/default-character.js';
import { Rig, type GoalDesc } from '../web/src/rig/rig.js';
import { SolveClient } from '../web/src/rig/solve-client.js';
import { type FromSolveWorker, GOAL_VALUES, type SolveBuffers, type SolveSetup, packGoalValues } from '../web/src/rig/solve-protocol.js';
import { loadKinModuleNode } from '../web/src/wasm/load-node.js';
import { SolvePool } from '../tools/solve/solve-pool.js';
import { describeMachine } from './machine.js';
import { chainBones } from './workloads.js';
import { summarise } from './stats.js';

const ROUND_TRIPS = 400;
const BATCH = 256;
const BATCH_RUNS = 5;
const THREADS = [1, 2];
const ENTRY = new URL('../tools/solve/solve-worker-entry.mjs', import.meta.url);

interface LatencyRow {
  workload: string;
  bones: number;
  here_us: { median: number; p95: number };
  roundTrip_us: { median: number; p95: number };
  /** What the worker adds to a solve: median round trip − median solve here. */
  overhead_us: number;
}

const module = await loadKinModuleNode();
const loadBefore = loadavg()[0];

/** A workload: a rig, its setup, and a request filler that moves the targets a little each time (as a drag does). */
interface Workload {
  name: string;
  rig: Rig;
  setup: SolveSetup;
  fill(buffers: SolveBuffers, step: number): void;
}

function chainWorkload(): Workload {
  const bones = chainBones(100);
  const rig = Rig.create(module, bones);
  const goals: GoalDesc[] = [{ bone: 99, target: [1.2, 0.3, 0] }];
  rig.setGoals(goals);
  return {
    name: 'chain-100, tip out of reach',
    rig,
    setup: { bones, solver: 'dls', options: {}, moveRoot: false, goals },
    fill: (buffers, step) => {
      buffers.angles.fill(0);
      buffers.rootOffset.fill(0);
      packGoalValues(buffers.goalValues, [1.2, 0.3 + 0.001 * (step % 100), 0], [NaN, NaN, NaN], [NaN, NaN, NaN, NaN]);
    },
  };
}

async function humanoidWorkload(): Promise<Workload> {
  const editor = defaultCharacterEditor(module, await defaultCharacterBones());
  const { session } = editor;
  const hand = session.goalIndex('hand_r');
  const start = session.target_ms(hand);
  const targets = Float64Array.from(session.targets_ms);
  return {
    name: 'default character drag (hand_r)',
    rig: session.rig,
    setup: session.solveSetup(true),
    fill: (buffers, step) => {
      session.fillSolveRequest(buffers);
      targets[3 * hand + 1] = start[1] + 0.1 * Math.sin(step / 20);
      packGoalValues(buffers.goalValues, targets, session.poles_ms, session.orientations_ms);
    },
  };
}

/** Median and p95 of solving each request here, and of its round trip through a worker thread, taking turns. */
async function latency(workload: Workload): Promise<LatencyRow> {
  const worker = new Worker(ENTRY);
  let answered: () => void = () => {};
  let step = 0;
  const client = new SolveClient({ post: (message, transfer) => worker.postMessage(message, transfer) }, {
    fill: (buffers) => workload.fill(buffers, step),
    solved: () => answered(),
    failed: (message) => {
      throw new Error(`solve-worker bench: ${message}`);
    },
  });
  worker.on('message', (message: FromSolveWorker) => client.receive(message));
  client.setup(workload.setup, workload.rig.boneCount);
  const { rig, setup } = workload;
  rig.setSolver(setup.solver, setup.options);
  const here = { angles: new Float32Array(3 * rig.boneCount), rootOffset: new Float64Array(3), goalValues: new Float64Array(GOAL_VALUES * setup.goals.length) };
  const hereSamples: number[] = [];
  const tripSamples: number[] = [];
  const goals = setup.goals;
  // The first answers warm the worker's module up; they are not counted.
  for (let k = -20; k < ROUND_TRIPS; k++) {
    step = k;
    workload.fill(here, k);
    rig.setPose(here.angles, [here.rootOffset[0], here.rootOffset[1], here.rootOffset[2]]);
    rig.setGoals(goals.map((goal, g) => ({ ...goal, target: [here.goalValues[GOAL_VALUES * g], here.goalValues[GOAL_VALUES * g + 1], here.goalValues[GOAL_VALUES * g + 2]] })));
    const began = performance.now();
    rig.solve();
    const solved = performance.now();
    const answer = new Promise<void>((resolve) => (answered = resolve));
    const sent = performance.now();
    client.request();
    await answer;
    const back = performance.now();
    if (k < 0) continue;
    hereSamples.push((solved - began) * 1000);
    tripSamples.push((back - sent) * 1000);
  }
  await worker.terminate();
  const hereStats = summarise(hereSamples);
  const tripStats = summarise(tripSamples);
  return {
    workload: workload.name,
    bones: rig.boneCount,
    here_us: { median: round(hereStats.median), p95: round(hereStats.p95) },
    roundTrip_us: { median: round(tripStats.median), p95: round(tripStats.p95) },
    overhead_us: round(tripStats.median - hereStats.median),
  };
}

const round = (x: number): number => Number(x.toFixed(1));

const latencies = [await latency(await humanoidWorkload()), await latency(chainWorkload())];

// Throughput: the pool on 1 and 2 threads, the same batch.
const bones = chainBones(100);
const goals: GoalDesc[] = [{ bone: 99, target: [0, 1, 0] }];
const batch: SolveBuffers[] = Array.from({ length: BATCH }, (_, r) => {
  const goalValues = new Float64Array(GOAL_VALUES).fill(NaN);
  goalValues.set([0.9 * Math.sin(r), 0.5 + 0.3 * Math.cos(r), 0.2], 0);
  return { angles: new Float32Array(3 * bones.length), rootOffset: new Float64Array(3), goalValues };
});
const setup: SolveSetup = { bones, solver: 'dls', options: { maxIterations: 100 }, moveRoot: false, goals };
const pools = THREADS.map((threads) => ({ threads, pool: new SolvePool(threads), walls: [] as number[] }));
for (const { pool } of pools) await pool.solveAll(setup, batch.slice(0, 8)); // modules loaded, warmed up
for (let run = 0; run < BATCH_RUNS; run++) {
  for (const config of pools) {
    const began = performance.now();
    await config.pool.solveAll(setup, batch);
    config.walls.push((performance.now() - began) / 1000);
  }
}
await Promise.all(pools.map(({ pool }) => pool.close()));
const throughput = pools.map(({ threads, walls }) => {
  const wall = summarise(walls);
  return { threads, requests: BATCH, median_s: Number(wall.median.toFixed(3)), p95_s: Number(wall.p95.toFixed(3)), solvesPerSecond: Math.round(BATCH / wall.median) };
});

const result = {
  machine: describeMachine(),
  loadAverage1min: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) },
  notes: [
    `latency: ${ROUND_TRIPS} requests per workload (after 20 for warm-up); here_us is rig.solve() on the calling thread, roundTrip_us is SolveClient.request() until its answer is handed over (a Node worker thread; a browser's Web Worker differs in postMessage cost).`,
    `throughput: ${BATCH} independent chain-100 DLS solves (100 iterations at most) per run through tools/solve/solve-pool.ts, threads started and warmed beforehand; median and p95 over ${BATCH_RUNS} runs.`,
    'The machine is shared with other jobs (see loadAverage1min): compare rows of this file only.',
  ],
  latency: latencies,
  throughput,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/solve-worker.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(`${result.machine}; 1-minute load average ${result.loadAverage1min.before} before, ${result.loadAverage1min.after} after`);
console.log('workload                          bones  here µs (p95)     round trip µs (p95)   overhead µs');
for (const r of latencies) {
  console.log(`${r.workload.padEnd(33)} ${String(r.bones).padStart(5)}  ${`${r.here_us.median} (${r.here_us.p95})`.padEnd(17)} ${`${r.roundTrip_us.median} (${r.roundTrip_us.p95})`.padEnd(21)} ${r.overhead_us}`);
}
console.log('threads  median s  p95 s  solves/s');
for (const r of throughput) console.log(`${String(r.threads).padStart(7)} ${r.median_s.toFixed(3).padStart(9)} ${r.p95_s.toFixed(3).padStart(6)} ${String(r.solvesPerSecond).padStart(9)}`);
