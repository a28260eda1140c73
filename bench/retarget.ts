// The retargeting benchmark: µs per retargeted frame through the WASM module
// in this Node process, from a BVH walk (CMU names, 120 fps, 10 s; made by
// tests/web/retarget-fixtures.ts and imported by web/src/import/bvh/) onto
// the default character, for rotation and IK retargeting (IK with and
// without contact locks). Two rows per mode: the module's Retargeter.run()
// alone (sampling, retargeting and the report, one call for the whole clip),
// and the façade's retarget() (reference match, run, and the ClipData and
// report built in JavaScript). Writes bench/results/retarget.json and prints
// a table. A benchmark, not a test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseBvh } from '../web/src/import/bvh/bvh-parse.js';
import { bvhRig } from '../web/src/import/bvh/bvh-rig.js';
import { type RetargetMode, RETARGET_MODES, Retargeter } from '../web/src/rig/retarget.js';
import { Rig } from '../web/src/rig/rig.js';
import { loadKinModuleNode } from '../web/src/wasm/load-node.js';
import { defaultCharacterBones } from '../tests/web/default-character.js';
import { cmuWalkBvh } from '../tests/web/retarget-fixtures.js';
import { describeMachine } from './machine.js';
import { summarise } from './stats.js';

const FPS = 120;
const FRAMES = 10 * FPS + 1;
/** Per row: untimed runs for WARM_UP_MILLIS, then runs until BUDGET_MILLIS or MAX_RUNS. */
const WARM_UP_MILLIS = 300;
const BUDGET_MILLIS = 1500;
const MAX_RUNS = 200;

interface Row {
  mode: RetargetMode;
  contactLocks: boolean;
  path: 'module run' | 'façade retarget';
  frames: number;
  median_us_per_frame: number;
  p95_us_per_frame: number;
  runs: number;
}

/** Microseconds per frame of each timed run. */
function timeRuns(run: () => void): number[] {
  const warmUpEnd = performance.now() + WARM_UP_MILLIS;
  do run();
  while (performance.now() < warmUpEnd);
  const perFrame: number[] = [];
  let spent = 0;
  while (perFrame.length < MAX_RUNS && (perFrame.length === 0 || spent < 1000 * BUDGET_MILLIS)) {
    const start = performance.now();
    run();
    const us = (performance.now() - start) * 1000;
    perFrame.push(us / FRAMES);
    spent += us;
  }
  return perFrame;
}

const module = await loadKinModuleNode();
const { bones, clip } = bvhRig(parseBvh(cmuWalkBvh(FRAMES, FPS)), 'walk');
const source = Rig.create(module, bones);
source.clips.setClip(clip);
const target = Rig.create(module, await defaultCharacterBones());
const retargeter = Retargeter.create(module);
const handle = new module.Retargeter();
const rows: Row[] = [];
const targetBones = target.boneCount;
try {
  const map = retargeter.autoMap(source, target);
  if (handle.setMap(source.address, target.address, map) !== 0 || handle.matchReference(source.address, target.address, []) !== 0) {
    throw new Error(`Retarget: ${handle.errorMessage()}`);
  }
  for (const [mode, contactLocks] of [['rotation', false], ['ik', false], ['ik', true]] as const) {
    const code = RETARGET_MODES.indexOf(mode);
    const add = (path: Row['path'], perFrame: number[]) => {
      const time = summarise(perFrame);
      rows.push({ mode, contactLocks, path, frames: FRAMES, median_us_per_frame: Number(time.median.toFixed(3)), p95_us_per_frame: Number(time.p95.toFixed(3)), runs: perFrame.length });
    };
    add('module run', timeRuns(() => {
      if (handle.run(source.address, target.address, code, contactLocks, 0) !== 0) throw new Error(`Retarget: ${handle.errorMessage()}`);
    }));
    add('façade retarget', timeRuns(() => retargeter.retarget(source, target, map, { mode, contactLocks, fps: 0 })));
    console.error(`${mode}${contactLocks ? ' + locks' : ''}: done`);
  }
} finally {
  handle.delete();
  retargeter.dispose();
  source.dispose();
  target.dispose();
}

const result = {
  machine: describeMachine(),
  notes: [
    `µs per retargeted frame: a ${FRAMES}-frame BVH walk (${bones.length} joints, CMU names, ${FPS} fps) onto the default character (${targetBones} bones), one frame per source key.`,
    'module run: Retargeter.run() through Embind, once per clip (sampling, FK of both skeletons, rotation retargeting, IK per limb, the report).',
    "façade retarget: web/src/rig/retarget.ts's retarget() (map set, reference matched, run, then the ClipData and report copied out in JavaScript).",
    `median and p95 over runs, after ${WARM_UP_MILLIS} ms of untimed runs; up to ${MAX_RUNS} runs or ${BUDGET_MILLIS} ms per row.`,
  ],
  rows,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/retarget.json', JSON.stringify(result, null, 2) + '\n');
console.log(result.machine);
console.log('mode      locks  path              frames  median µs/frame  p95 µs/frame');
for (const r of rows) {
  console.log(
    `${r.mode.padEnd(9)} ${String(r.contactLocks).padEnd(6)} ${r.path.padEnd(17)} ${String(r.frames).padStart(6)} ${r.median_us_per_frame.toFixed(3).padStart(16)} ${r.p95_us_per_frame.toFixed(3).padStart(13)}`,
  );
}
