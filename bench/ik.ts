// The IK benchmark: our solvers (WASM in this Node process, and native) side
// by side with three.js CCDIKSolver and closed-chain-ik, in one run, on the
// workloads of bench/workloads.ts, each target solved from the rest pose
// (cold) and from the previous solution (warm). Every error comes from the
// bench's own FK (bench/fk.ts) of the pose each implementation left behind.
// Writes bench/results/ik.json and prints a table. A benchmark, not a test.
//
// Options: --workloads chain-3,humanoid  --impls wasm,native,three-ccd-10,...
//          --solvers dls,ccd  (subsets, for a quick look; the default is all)
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SOLVERS, type SolverName, type SolverOptions } from '../web/src/rig/rig.js';
import { loadKinModuleNode } from '../web/src/wasm/load-node.js';
import { ClosedChainAdapter, type ClosedChainSettings } from './closed-chain-ik.js';
import { describeMachine } from './machine.js';
import { WasmAdapter, runNative } from './ours.js';
import { type Adapter, type Outcome, type RoundPolicy, type Sequence, runSequence } from './run.js';
import { summarise } from './stats.js';
import { ThreeCcdAdapter } from './three-ccd.js';
import { type TargetKind, type Workload, makeWorkloads } from './workloads.js';

/** Success: the error is within this fraction of the reach of the least possible error. */
const SUCCESS = 1e-4;
/** The solver issue's looser rule for unreachable targets (reported beside SUCCESS for every row). */
const SUCCESS_LOOSE = 1e-3;
const TOLERANCE = 1e-5;

/** Iteration caps: second-order methods converge in tens of iterations, first-order ones need hundreds. */
const OUR_OPTIONS: Partial<Record<SolverName, SolverOptions>> = {
  dls: { maxIterations: 100, tolerance: TOLERANCE },
  'gauss-newton': { maxIterations: 100, tolerance: TOLERANCE },
  'jacobian-transpose': { maxIterations: 1000, tolerance: TOLERANCE },
  'gradient-descent': { maxIterations: 1000, tolerance: TOLERANCE },
  'projected-gradient': { maxIterations: 1000, tolerance: TOLERANCE },
  ccd: { maxIterations: 200, tolerance: TOLERANCE },
  fabrik: { maxIterations: 200, tolerance: TOLERANCE },
};
/** Analytic solvers for one limb or one bone: no workload here has that shape. */
const NOT_APPLICABLE: Partial<Record<SolverName, string>> = {
  'two-bone': 'analytic for a two-bone limb with one goal; the chains and the humanoid are not that shape',
  'look-at': 'aims one bone at a target; no workload here is a single bone',
};

const CLOSED_CHAIN: Record<string, ClosedChainSettings> = {
  dls: { maxIterations: 100, translationConvergeThreshold: TOLERANCE },
  'dls-tuned': { maxIterations: 100, translationConvergeThreshold: TOLERANCE, dampingFactor: 0.05, restPoseFactor: 0 },
};

const POLICY: RoundPolicy = { maxRounds: 5, budgetMs: 300 };

interface Row {
  solver: string;
  impl: string;
  workload: string;
  variant: 'cold' | 'warm';
  targets: TargetKind;
  options: object;
  target_sets: number;
  solves: number;
  median_us: number;
  p95_us: number;
  success_rate: number;
  success_rate_1e3: number;
  median_error: number;
  max_error: number;
  median_iterations?: number;
  statuses?: Record<string, number>;
}

const { values: args } = parseArgs({ options: { workloads: { type: 'string' }, impls: { type: 'string' }, solvers: { type: 'string' } } });
const wanted = (list: string | undefined, name: string) => !list || list.split(',').includes(name);

const module = await loadKinModuleNode();
const workloads = (await makeWorkloads(module)).filter((w) => wanted(args.workloads, w.name));
const rows: Row[] = [];
const notes: string[] = [];
const note = (text: string) => {
  if (notes.includes(text)) return;
  notes.push(text);
  console.error(`note: ${text}`);
};

function sequencesOf(workload: Workload): { kind: TargetKind; leastError: number[]; sequence: Sequence }[] {
  return workload.targets.flatMap((t) =>
    workload.variants.map((variant) => ({
      kind: t.kind,
      leastError: t.leastError,
      sequence: { warm: variant === 'warm', start: workload.start, frames: t.sets },
    })),
  );
}

function histogram(values: readonly string[] | undefined): Record<string, number> | undefined {
  if (!values) return undefined;
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

function addRow(solver: string, impl: string, workload: Workload, item: ReturnType<typeof sequencesOf>[number], options: object, o: Outcome): void {
  const time = summarise(o.micros);
  const error = summarise(o.errors);
  const within = (fraction: number) => o.errors.filter((e, i) => e - item.leastError[i] < fraction * workload.reach).length / o.errors.length;
  rows.push({
    solver,
    impl,
    workload: workload.name,
    variant: item.sequence.warm ? 'warm' : 'cold',
    targets: item.kind,
    options,
    target_sets: item.sequence.frames.length,
    solves: o.micros.length,
    median_us: Number(time.median.toFixed(2)),
    p95_us: Number(time.p95.toFixed(2)),
    success_rate: Number(within(SUCCESS).toFixed(4)),
    success_rate_1e3: Number(within(SUCCESS_LOOSE).toFixed(4)),
    median_error: Number(error.median.toPrecision(4)),
    max_error: Number(error.max.toPrecision(4)),
    median_iterations: o.iterations ? summarise(o.iterations).median : undefined,
    statuses: histogram(o.statuses),
  });
}

/** Runs every sequence of a workload through one Node-side implementation. */
function runAdapter(solver: string, impl: string, workload: Workload, options: object, make: () => Adapter): void {
  const began = performance.now();
  const adapter = make();
  for (const item of sequencesOf(workload)) addRow(solver, impl, workload, item, options, runSequence(adapter, item.sequence, POLICY));
  (adapter as { dispose?: () => void }).dispose?.();
  console.error(`${impl} ${solver} ${workload.name}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
}

for (const workload of workloads) {
  for (const solver of SOLVERS.filter((s) => wanted(args.solvers, s))) {
    if (NOT_APPLICABLE[solver]) {
      note(`${solver} skipped: ${NOT_APPLICABLE[solver]}`);
      continue;
    }
    const options = OUR_OPTIONS[solver]!;
    if (wanted(args.impls, 'wasm')) {
      runAdapter(solver, 'wasm', workload, options, () => new WasmAdapter(module, workload.bones, workload.goals, solver, options));
    }
    if (wanted(args.impls, 'native')) {
      const began = performance.now();
      const items = sequencesOf(workload);
      const outcomes = runNative(workload.bones, workload.goals, solver, options, items.map((i) => i.sequence), POLICY);
      items.forEach((item, k) => addRow(solver, 'native', workload, item, options, outcomes[k]));
      console.error(`native ${solver} ${workload.name}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
    }
  }
  for (const sweeps of [10, 50]) {
    const impl = `three-ccd-${sweeps}`;
    if (!wanted(args.impls, impl) || !wanted(args.solvers, 'ccd')) continue;
    const options = workload.goals.length === 1 ? { iteration: sweeps, updates: 1 } : { iteration: 1, updates: sweeps };
    runAdapter('ccd', impl, workload, options, () => new ThreeCcdAdapter(workload.bones, workload.goals, sweeps));
  }
  for (const [solver, settings] of Object.entries(CLOSED_CHAIN)) {
    if (!wanted(args.impls, 'closed-chain-ik') || !wanted(args.solvers, solver)) continue;
    runAdapter(solver, 'closed-chain-ik', workload, settings, () => new ClosedChainAdapter(workload.bones, workload.goals, settings));
  }
}

const result = {
  machine: describeMachine(),
  success: `success_rate: error within ${SUCCESS} × reach of the least possible error (0 for reachable targets, distance − reach for unreachable ones)`,
  success_1e3: `success_rate_1e3: the same within ${SUCCESS_LOOSE} × reach`,
  reach: Object.fromEntries(workloads.map((w) => [w.name, Number(w.reach.toFixed(4))])),
  rounds: POLICY,
  notes,
  rows,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/ik.json', JSON.stringify(result, null, 2) + '\n');

const columns: [string, (r: Row) => string][] = [
  ['workload', (r) => r.workload],
  ['targets', (r) => r.targets],
  ['variant', (r) => r.variant],
  ['impl', (r) => r.impl],
  ['solver', (r) => r.solver],
  ['n', (r) => String(r.target_sets)],
  ['median µs', (r) => r.median_us.toFixed(1)],
  ['p95 µs', (r) => r.p95_us.toFixed(1)],
  ['success', (r) => `${(100 * r.success_rate).toFixed(1)} %`],
  ['success 1e-3', (r) => `${(100 * r.success_rate_1e3).toFixed(1)} %`],
  ['median err', (r) => r.median_error.toExponential(1)],
  ['max err', (r) => r.max_error.toExponential(1)],
];
const cells = [columns.map(([h]) => h), ...rows.map((r) => columns.map(([, f]) => f(r)))];
const widths = columns.map((_, c) => Math.max(...cells.map((line) => line[c].length)));
console.log(result.machine);
for (const line of cells) console.log(line.map((v, c) => (c < 5 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  '));
for (const n of notes) console.log(`note: ${n}`);
