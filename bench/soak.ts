// npm run soak [-- --solves N]: the soak of tests/web/soak.ts at full size
// (100,000 seeded solves over every solver by default; the test runs a
// bounded count), then 10,000 create/dispose cycles; writes
// bench/results/soak.json. Exits non-zero if any promise broke.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chainLesson } from '../web/src/lessons/chain-lesson.js';
import { Rig } from '../web/src/rig/rig.js';
import { loadKinModuleNode } from '../web/src/wasm/load-node.js';
import { bodyBones, defaultCharacterBones } from '../tests/web/default-character.js';
import { runSoak } from '../tests/web/soak.js';
import { describeMachine } from './machine.js';

const at = process.argv.indexOf('--solves');
const solves = at >= 0 ? Number(process.argv[at + 1]) : 100_000;
const CYCLES = 10_000;
const SEED = 71;

const module = await loadKinModuleNode();
const body = bodyBones(await defaultCharacterBones());
const soak = runSoak(module, [body, chainLesson().bones], solves, SEED);
console.log(`soak: ${soak.solves} solves in ${soak.seconds.toFixed(1)} s, ${soak.refused} refused, statuses ${JSON.stringify(soak.statuses)}, heap ${soak.heapAfterWarmUp} → ${soak.heapAtEnd} bytes`);
for (const problem of soak.problems) console.log(`  problem: ${problem}`);

const heapBefore = module.HEAPU8.length;
const started = performance.now();
for (let cycle = 0; cycle < CYCLES; cycle++) Rig.create(module, body).dispose();
const cycles = { cycles: CYCLES, seconds: (performance.now() - started) / 1000, heapBefore, heapAfter: module.HEAPU8.length };
console.log(`create/dispose: ${CYCLES} cycles of the default character's body in ${cycles.seconds.toFixed(1)} s, heap ${cycles.heapBefore} → ${cycles.heapAfter} bytes`);

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/soak.json', `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), seed: SEED, soak, createDispose: cycles }, null, 2)}\n`);
console.log('wrote bench/results/soak.json');
if (soak.problems.length > 0 || soak.heapAtEnd !== soak.heapAfterWarmUp || cycles.heapAfter !== cycles.heapBefore) process.exit(1);
