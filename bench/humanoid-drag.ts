// Humanoid solve benchmark: the default character with both hands and both
// feet as goals, solved by damped least squares through our WASM module (in
// this Node process) and our native build (bench/native/humanoid_bench, same
// workload, same run). Workloads:
//   drag  — from the page's relaxed start pose, the right-hand target sweeps a
//           loop in front of the body, 5 mm a frame, each solve starting from
//           the previous one (warm), as in a drag in the page;
//   cold  — 200 reachable target sets (the tips of random poses within the
//           limits, seed 1), each solved from the rest pose;
//   warm  — the same 200 target sets, each from the previous solution.
// Writes bench/results/humanoid.json and prints a table. A benchmark, not a test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { applyStartPose } from '../web/src/app/start-pose.js';
import { EULER_ORDERS } from '../web/src/rig/rig-desc.js';
import { Rig } from '../web/src/rig/rig.js';
import { rigFromSkinnedMesh } from '../web/src/rig/skinned-mesh-rig.js';
import { loadKinModuleNode } from '../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from '../tests/web/default-character.js';
import { seededRandom, uniform } from '../tests/web/seeded-random.js';
import { describeMachine } from './machine.js';
import { summarise } from './stats.js';

type Vec3 = [number, number, number];
const GOALS = ['hand_l', 'hand_r', 'foot_l', 'foot_r'];
const ROUNDS = 5; // the first round warms up the JIT / caches and is dropped

interface Sequence {
  name: 'drag' | 'cold' | 'warm';
  fromRest: boolean;
  start: Float32Array; // the pose before the first frame
  frames: Vec3[][]; // per frame, one target per goal
}

interface Outcome {
  micros: number[];
  converged: number;
  errors: number[];
}

const module = await loadKinModuleNode();
const { mesh } = await loadDefaultCharacter();
const { bones } = rigFromSkinnedMesh(mesh);
const rig = Rig.create(module, bones);
const goalBones = GOALS.map((name) => rig.boneIndex(name));
const tipOf = (bone: number): Vec3 => {
  const t = rig.boneTips();
  return [t[3 * bone], t[3 * bone + 1], t[3 * bone + 2]];
};
const restTips = goalBones.map(tipOf);
const zeroPose = new Float32Array(3 * rig.boneCount);
applyStartPose(rig);
const startPose = Float32Array.from(rig.pose());
const startTips = goalBones.map(tipOf);
rig.setPose(zeroPose);
rig.setGoals(goalBones.map((bone, g) => ({ bone, target: restTips[g] })));

function dragSequence(): Sequence {
  const frames: Vec3[][] = [];
  const [x0, y0, z0] = startTips[1];
  // A loop from the T-pose hand toward the chest and back, ~5 mm per frame.
  for (let f = 0; f < 1200; f++) {
    const a = (2 * Math.PI * f) / 600;
    const hand: Vec3 = [x0 + 0.35 * (1 - Math.cos(a)), y0 - 0.25 * Math.sin(a / 2) ** 2, z0 + 0.3 * Math.sin(a)];
    frames.push(startTips.map((t, g) => (g === 1 ? hand : t)));
  }
  return { name: 'drag', fromRest: false, start: startPose, frames };
}

function randomTargetSets(seed: number, count: number): Vec3[][] {
  const random = seededRandom(seed);
  const sets: Vec3[][] = [];
  for (let i = 0; i < count; i++) {
    const angles = bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, b.min![k], b.max![k])));
    rig.setPose(angles);
    sets.push(goalBones.map(tipOf));
  }
  rig.setPose(zeroPose);
  return sets;
}

const targetSets = randomTargetSets(1, 200);
const sequences: Sequence[] = [
  dragSequence(),
  { name: 'cold', fromRest: true, start: zeroPose, frames: targetSets },
  { name: 'warm', fromRest: false, start: zeroPose, frames: targetSets },
];

function runWasm(sequence: Sequence): Outcome {
  const outcome: Outcome = { micros: [], converged: 0, errors: [] };
  rig.setPose(sequence.start);
  for (const targets of sequence.frames) {
    if (sequence.fromRest) rig.setPose(zeroPose);
    targets.forEach((t, g) => rig.setGoalTarget(g, t[0], t[1], t[2]));
    const start = performance.now();
    const report = rig.solve();
    outcome.micros.push((performance.now() - start) * 1000);
    outcome.converged += report.status === 'converged' ? 1 : 0;
    outcome.errors.push(report.error);
  }
  return outcome;
}

function nativeInput(rounds: number): string {
  const lines = [String(bones.length)];
  for (const b of bones) {
    lines.push([b.parent, EULER_ORDERS.indexOf(b.order ?? 'XYZ'), ...b.restT!, ...b.restQ!, ...b.restS!, ...(b.frame ?? [0, 0, 0, 1]), ...b.min!, ...b.max!, ...b.tip!, b.stiffness ?? 1].join(' '));
  }
  lines.push(String(GOALS.length));
  goalBones.forEach((bone) => lines.push(`${bone} ${bones[bone].tip!.join(' ')} 1`));
  lines.push(String(rounds * sequences.length));
  for (let r = 0; r < rounds; r++) {
    for (const s of sequences) {
      lines.push(`${s.fromRest ? 'cold' : 'warm'} ${s.frames.length}`);
      lines.push(Array.from(s.start).join(' '));
      for (const targets of s.frames) lines.push(targets.flat().join(' '));
    }
  }
  return lines.join('\n') + '\n';
}

function runNative(): Map<string, Outcome> {
  const output = execFileSync('build/native/bench/native/humanoid_bench', { input: nativeInput(ROUNDS), encoding: 'utf8', maxBuffer: 1 << 28 })
    .trim()
    .split('\n');
  const outcomes = new Map<string, Outcome>(sequences.map((s) => [s.name, { micros: [], converged: 0, errors: [] }]));
  let line = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of sequences) {
      for (let f = 0; f < s.frames.length; f++) {
        const [micros, status, error] = output[line++].split(' ').map(Number);
        if (r === 0) continue;
        const o = outcomes.get(s.name)!;
        o.micros.push(micros);
        o.converged += status === 0 ? 1 : 0;
        o.errors.push(error);
      }
    }
  }
  return outcomes;
}

const wasm = new Map<string, Outcome>(sequences.map((s) => [s.name, { micros: [], converged: 0, errors: [] }]));
for (let r = 0; r < ROUNDS; r++) {
  for (const s of sequences) {
    const o = runWasm(s);
    if (r === 0) continue;
    const all = wasm.get(s.name)!;
    all.micros.push(...o.micros);
    all.converged += o.converged;
    all.errors.push(...o.errors);
  }
}
const native = runNative();
rig.dispose();

const rows = [];
for (const [impl, outcomes] of [['wasm', wasm], ['native', native]] as const) {
  for (const s of sequences) {
    const o = outcomes.get(s.name)!;
    const time = summarise(o.micros);
    const error = summarise(o.errors);
    rows.push({
      solver: 'dls',
      impl,
      workload: s.name === 'drag' ? 'humanoid-drag' : 'humanoid',
      variant: s.name === 'cold' ? 'cold' : 'warm',
      targets: 'reachable',
      solves: o.micros.length,
      median_us: Number(time.median.toFixed(2)),
      p95_us: Number(time.p95.toFixed(2)),
      success_rate: Number((o.converged / o.micros.length).toFixed(4)),
      median_error: error.median,
      max_error: error.max,
    });
  }
}
const result = { machine: describeMachine(), rows };
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/humanoid.json', JSON.stringify(result, null, 2) + '\n');
console.log(result.machine);
console.table(rows.map((r) => ({ impl: r.impl, workload: r.workload, variant: r.variant, 'median µs': r.median_us, 'p95 µs': r.p95_us, success: r.success_rate, 'max error': r.max_error.toExponential(1) })));
