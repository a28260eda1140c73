// The clip-playback benchmark: µs per frame to go from a clip and a time to
// a skinning palette — for ours one Rig.sampleClip call (sampling every
// channel, the limits, FK, tips and palette) through the WASM module in this
// Node process and through the native build (bench/native/animation_bench),
// and for three.js AnimationMixer.update plus the matrix updates that give
// its bone matrices (bench/animation-three.ts), in one run, on the workloads
// of bench/animation-workloads.ts. Before timing, the native palettes are
// checked against the WASM module's at random times, and three.js's at the
// key times (where every interpolation passes through the keys), so that all
// do the same work. Writes bench/results/animation.json and prints a table.
// A benchmark, not a test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Rig } from '../web/src/rig/rig.js';
import { loadKinModuleNode } from '../web/src/wasm/load-node.js';
import { seededRandom, uniform } from '../tests/web/seeded-random.js';
import { runNativePlayback } from './animation-native.js';
import { ThreeClipPlayer } from './animation-three.js';
import { type AnimationWorkload, DURATION_S, makeAnimationWorkloads } from './animation-workloads.js';
import { describeMachine } from './machine.js';
import { summarise } from './stats.js';

/** Playback at 60 frames per second, timed in batches of one second of animation. */
const FRAMES = 60;
const DT_S = 1 / 60;
/** Per implementation and workload: untimed batches for WARM_UP_MILLIS (V8 tiers up), then batches until BUDGET_MILLIS or MAX_BATCHES. */
const WARM_UP_MILLIS = 300;
const BUDGET_MILLIS = 500;
const MAX_BATCHES = 400;
const OURS_AGREE = 1e-5;
const THREE_AGREES = 1e-4;

interface Row {
  rig: AnimationWorkload['rig'];
  variant: AnimationWorkload['variant'];
  impl: 'wasm' | 'native' | 'three-js';
  bones: number;
  channels: number;
  keys: number;
  median_us: number;
  p95_us: number;
  frames: number;
}

/** Microseconds per frame of each measured batch. */
function timeBatches(batch: () => void): number[] {
  const warmUpEnd = performance.now() + WARM_UP_MILLIS;
  do batch();
  while (performance.now() < warmUpEnd);
  const perFrame: number[] = [];
  let spent = 0;
  while (perFrame.length < MAX_BATCHES && (perFrame.length === 0 || spent < 1000 * BUDGET_MILLIS)) {
    const start = performance.now();
    batch();
    const us = (performance.now() - start) * 1000;
    perFrame.push(us / FRAMES);
    spent += us;
  }
  return perFrame;
}

function requireAgreement(a: ArrayLike<number>, b: ArrayLike<number>, tolerance: number, what: string): void {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  if (a.length !== b.length || !(worst <= tolerance)) throw new Error(`${what} differ by ${worst}, more than ${tolerance}: not the same work`);
}

function row(w: AnimationWorkload, impl: Row['impl'], perFrame: number[]): Row {
  const time = summarise(perFrame);
  return {
    rig: w.rig,
    variant: w.variant,
    impl,
    bones: w.bones.length,
    channels: w.clip.channels.length,
    keys: w.clip.channels.reduce((n, c) => n + c.keys.length, 0),
    median_us: Number(time.median.toFixed(2)),
    p95_us: Number(time.p95.toFixed(2)),
    frames: perFrame.length * FRAMES,
  };
}

const module = await loadKinModuleNode();
const rows: Row[] = [];
for (const w of await makeAnimationWorkloads(module)) {
  const rig = Rig.create(module, w.bones);
  try {
    rig.clips.setClip(w.clip);
    const random = seededRandom(42);
    const checkTimes = Array.from({ length: 8 }, () => uniform(random, 0, DURATION_S));
    const native = runNativePlayback(w.bones, w.clip, { frames: FRAMES, dt: DT_S, maxBatches: MAX_BATCHES, budgetMs: BUDGET_MILLIS }, checkTimes);
    checkTimes.forEach((t, i) => {
      rig.clips.sampleClip(t, 'loop');
      requireAgreement(native.palettes[i], rig.palette(), OURS_AGREE, `${w.rig} ${w.variant}: native and WASM palettes at ${t.toFixed(3)} s`);
    });
    const three = new ThreeClipPlayer(w.bones, w.clip);
    // The last key is the loop's end (0 again in both): the keys before it.
    for (const t of w.keyTimes.slice(0, -1)) {
      three.seek(t);
      rig.clips.sampleClip(t, 'loop');
      requireAgreement(three.palette(), rig.palette(), THREE_AGREES, `${w.rig} ${w.variant}: three.js and WASM palettes at key ${t} s`);
    }

    let frame = 0;
    const wasm = timeBatches(() => {
      for (let f = 0; f < FRAMES; f++, frame++) rig.clips.sampleClip(frame * DT_S, 'loop');
    });
    three.seek(0);
    const threeJs = timeBatches(() => {
      for (let f = 0; f < FRAMES; f++) three.step(DT_S);
    });
    rows.push(row(w, 'wasm', wasm), row(w, 'native', native.batchMicros.map((us) => us / FRAMES)), row(w, 'three-js', threeJs));
    console.error(`${w.rig} ${w.variant}: done`);
  } finally {
    rig.dispose();
  }
}

const result = {
  machine: describeMachine(),
  notes: [
    'µs per frame of playback at 60 fps (loop), timed in batches of 60 frames; median and p95 over batches.',
    'wasm: Rig.sampleClip() (one plain WASM export: every channel, limits, FK, tips, palette); native: Rig::SampleClip in bench/native/animation_bench.',
    'three-js: AnimationMixer.update(dt), then updateMatrixWorld() over the bone hierarchy and Skeleton.update() (bone matrices = the palette).',
    "angle channels in three.js are NumberKeyframeTracks on bone.rotation[x|y|z] with InterpolateSmooth (its cubic; equal to ours at the keys); rotation channels QuaternionKeyframeTracks (slerp).",
    `checked before timing: native against WASM palettes within ${OURS_AGREE} at 8 random times; three.js against WASM within ${THREE_AGREES} at the key times.`,
    `after ${WARM_UP_MILLIS} ms of untimed batches; up to ${MAX_BATCHES} batches or ${BUDGET_MILLIS} ms per row.`,
  ],
  rows,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/animation.json', JSON.stringify(result, null, 2) + '\n');

console.log(result.machine);
console.log('rig        clip                impl      bones channels  median µs  p95 µs');
for (const r of rows) {
  console.log(
    `${r.rig.padEnd(10)} ${r.variant.padEnd(19)} ${r.impl.padEnd(9)} ${String(r.bones).padStart(5)} ${String(r.channels).padStart(8)} ${r.median_us.toFixed(2).padStart(10)} ${r.p95_us.toFixed(2).padStart(7)}`,
  );
}
