// The skinning benchmark: CPU skinning of positions and normals, 4 influences
// per vertex, through our WASM module in this Node process (Rig.skin, the
// SIMD kernels), our native build (bench/native/skinning_bench) and a plain
// three.js loop (bench/skin-three.ts), in one run, on the meshes of
// bench/skin-workloads.ts. Before timing, each implementation's output is
// checked against the others', so that all do the same work. Writes
// bench/results/skinning.json and prints a table. A benchmark, not a test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { SKINNING_METHODS, type SkinningMethod } from '../web/src/rig/rig.js';
import { loadKinModuleNode } from '../web/src/wasm/load-node.js';
import { describeMachine } from './machine.js';
import { runNativeSkinning } from './skin-native.js';
import { ThreeSkinningLoop } from './skin-three.js';
import { type SkinWorkload, makeSkinBench } from './skin-workloads.js';
import { summarise } from './stats.js';

/** Per implementation and mesh: untimed calls for WARM_UP_MILLIS, then timed calls until they add up to BUDGET_MILLIS or the cap. */
const BUDGET_MILLIS = 1500;
const MAX_CALLS = 400;
// V8 first runs WASM (and JavaScript) through its baseline compiler and
// recompiles hot functions optimised in the background: without a warm-up a
// whole row was sometimes timed in baseline code (the character's LBS at
// ~330 µs a call, as `node --liftoff-only` measures it, against ~215 once
// optimised). A page skinning every frame runs the optimised code.
const WARM_UP_MILLIS = 500;
/** Agreement required before timing: our builds among themselves, and our LBS positions with three.js's. */
const OURS_AGREE = 1e-5;
const THREE_AGREES = 1e-4;

interface Row {
  method: SkinningMethod;
  impl: 'wasm' | 'native' | 'three-js';
  workload: SkinWorkload['name'];
  vertices: number;
  influences: number;
  median_vertices_per_s: number;
  median_us: number;
  p95_us: number;
  calls: number;
}

function timeCalls(call: () => void): number[] {
  const warmUpEnd = performance.now() + WARM_UP_MILLIS;
  do call();
  while (performance.now() < warmUpEnd);
  const micros: number[] = [];
  let spent = 0;
  while (micros.length < MAX_CALLS && (micros.length === 0 || spent < 1000 * BUDGET_MILLIS)) {
    const start = performance.now();
    call();
    const us = (performance.now() - start) * 1000;
    micros.push(us);
    spent += us;
  }
  return micros;
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>, what: string): number {
  if (a.length !== b.length) throw new Error(`${what}: ${a.length} values against ${b.length}`);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

function requireAgreement(a: ArrayLike<number>, b: ArrayLike<number>, tolerance: number, what: string): void {
  const difference = maxDifference(a, b, what);
  if (!(difference <= tolerance)) throw new Error(`${what} differ by ${difference}, more than ${tolerance}: not the same work`);
}

function row(method: SkinningMethod, impl: Row['impl'], workload: SkinWorkload, micros: number[]): Row {
  const time = summarise(micros);
  return {
    method,
    impl,
    workload: workload.name,
    vertices: workload.vertices,
    influences: 4,
    median_vertices_per_s: Math.round((workload.vertices / time.median) * 1e6),
    median_us: Number(time.median.toFixed(1)),
    p95_us: Number(time.p95.toFixed(1)),
    calls: micros.length,
  };
}

const module = await loadKinModuleNode();
const { rig, source, workloads } = await makeSkinBench(module);
const rows: Row[] = [];
const portableKernel: { method: SkinningMethod; impl: 'native'; workload: string; median_vertices_per_s: number }[] = [];

for (const workload of workloads) {
  rig.skinning.setSkin(workload.positions, workload.normals, workload.rigJoints, workload.weights);
  const native = runNativeSkinning(rig.palette(), workload, MAX_CALLS, BUDGET_MILLIS);
  const three = new ThreeSkinningLoop(source, workload);
  const threePositions = new Float32Array(3 * workload.vertices);
  const threeNormals = new Float32Array(3 * workload.vertices);
  for (const method of SKINNING_METHODS) {
    const wasmMicros = timeCalls(() => rig.skinning.skin(method));
    for (const run of native.filter((r) => r.method === method)) {
      requireAgreement(run.positions, rig.skinning.skinnedPositions(), OURS_AGREE, `${workload.name} ${method}: native ${run.kernel} and WASM positions`);
      requireAgreement(run.normals, rig.skinning.skinnedNormals(), OURS_AGREE, `${workload.name} ${method}: native ${run.kernel} and WASM normals`);
      if (run.kernel === 'portable') {
        portableKernel.push({ method, impl: 'native', workload: workload.name, median_vertices_per_s: row(method, 'native', workload, run.micros).median_vertices_per_s });
      } else {
        rows.push(row(method, 'native', workload, run.micros));
      }
    }
    rows.push(row(method, 'wasm', workload, wasmMicros));
    if (method === 'lbs') {
      const threeMicros = timeCalls(() => three.run(threePositions, threeNormals));
      requireAgreement(threePositions, rig.skinning.skinnedPositions(), THREE_AGREES, `${workload.name}: three.js and WASM LBS positions`);
      rows.push(row(method, 'three-js', workload, threeMicros));
    }
    console.error(`${workload.name} ${method}: done`);
  }
}
rig.dispose();

const result = {
  machine: describeMachine(),
  wasm_simd: module.hasSimdSkinning(),
  notes: [
    'Each call skins every vertex: positions and unit normals, 4 influences (all 4 slots are evaluated by ours; three.js skips zero weights).',
    'wasm: Rig.skin() through Embind (validation of the buffers included); native: LbsJob / DqsJob Run() (the same validation); three-js: SkinnedMesh.applyBoneTransform per vertex, normals by the blended bone matrix as three.js\'s skinnormal chunk (it has no CPU normal path).',
    'three.js has no dual quaternion skinning: no three-js row for dqs.',
    'portable_kernel: the same jobs with the plain C++ build of the kernel (no vector extensions), native.',
    `median over up to ${MAX_CALLS} calls or ${BUDGET_MILLIS} ms per row, after ${WARM_UP_MILLIS} ms of untimed calls (V8 tiers WASM up from its baseline compiler in the background).`,
  ],
  rows,
  portable_kernel: portableKernel,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/skinning.json', JSON.stringify(result, null, 2) + '\n');

console.log(`${result.machine}; WASM SIMD: ${result.wasm_simd}`);
console.log('workload   method  impl      vertices  median µs  M vertices/s');
for (const r of rows) {
  console.log(
    `${r.workload.padEnd(10)} ${r.method.padEnd(7)} ${r.impl.padEnd(9)} ${String(r.vertices).padStart(8)} ${r.median_us.toFixed(0).padStart(10)} ${(r.median_vertices_per_s / 1e6).toFixed(1).padStart(13)}`,
  );
}
for (const p of portableKernel) console.log(`portable kernel, native: ${p.workload} ${p.method} ${(p.median_vertices_per_s / 1e6).toFixed(1)} M vertices/s`);
