// The animation-file fuzz target of npm run fuzz (scripts/fuzz.sh): for
// -max_total_time=N seconds, seeded mutations of glTF animations and of a
// BVH take (tests/web/animation-file-mutations.ts), each read and played as
// the page does in the real WASM module. A finding — an engine error the
// import let through, a pose that is not finite, a leaked rig — stops the run
// with the input saved under the artifact prefix and exit code 1. Its log
// ends in libFuzzer's stat lines, which the script reads.
//
//   npx tsx tests/fuzz/animation-file-fuzz.ts -max_total_time=60 -artifact_prefix=build/fuzz/findings/x- [-seed=S]
import { writeFileSync } from 'node:fs';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { seededRandom } from '../../web/src/posing/seeded-random.js';
import { AnimationFileFinding, animatedFiles, bvhSource, glbSources, mutatedBvh, mutatedGlb, playOrRefuseBvh, playOrRefuseGltf } from '../web/animation-file-mutations.js';

function flag(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`-${name}=`));
  return arg === undefined ? fallback : arg.slice(name.length + 2);
}

const seconds = Number(flag('max_total_time', '60'));
const prefix = flag('artifact_prefix', 'animation_file_fuzz-');
const seed = Number(flag('seed', String(Date.now() % 2 ** 31)));
if (!(seconds > 0) || !Number.isInteger(seed)) {
  console.error(`animation-file-fuzz: -max_total_time must be > 0 and -seed a whole number (got ${seconds}, ${seed})`);
  process.exit(2);
}

const module = await loadKinModuleNode();
const random = seededRandom(seed);
const sources = glbSources(animatedFiles());
const take = bvhSource();
const rigsBefore = module.liveRigs();
const end = performance.now() + 1000 * seconds;
let executions = 0;
let refused = 0;
console.log(`INFO: Seed: ${seed}`);
while (performance.now() < end) {
  const gltf = random() < 0.5;
  const input = gltf ? mutatedGlb(sources[executions % sources.length], random) : mutatedBvh(take, random);
  try {
    const outcome = gltf ? await playOrRefuseGltf(module, input as ArrayBuffer, `execution ${executions}`) : playOrRefuseBvh(module, input as string, `execution ${executions}`);
    if (outcome !== 'played') refused++;
    if (module.liveRigs() !== rigsBefore) throw new AnimationFileFinding(`execution ${executions}: ${module.liveRigs() - rigsBefore} rig(s) left alive`);
  } catch (error) {
    const path = `${prefix}${seed}-${executions}.${gltf ? 'glb' : 'bvh'}`;
    writeFileSync(path, gltf ? new Uint8Array(input as ArrayBuffer) : (input as string));
    console.error(`==finding== ${error instanceof Error ? error.message : String(error)}\nartifact: ${path}`);
    process.exit(1);
  }
  executions++;
}
console.log(`INFO: ${refused} of ${executions} inputs refused by name, the rest played`);
console.log(`stat::number_of_executed_units: ${executions}`);
