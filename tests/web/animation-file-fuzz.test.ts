// Animation files from anywhere, end to end (animation-file-mutations.ts):
// seeded mutations of glTF animations and of a BVH take's motion, each read
// and played as the page does — played, or refused with an error naming the
// problem, never another exception, never a pose that is not finite, no rig
// leaked. npm run fuzz runs the same mutations for as long as it is given
// (tests/fuzz/animation-file-fuzz.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { animatedFiles, bvhSource, glbSources, mutatedBvh, mutatedGlb, playOrRefuseBvh, playOrRefuseGltf } from './animation-file-mutations.js';
import { seededRandom } from './seeded-random.js';

describe('animation files from anywhere', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('the unmutated files play', async () => {
    for (const [k, file] of animatedFiles().entries()) expect(await playOrRefuseGltf(module, file, `seed ${k + 1}`)).toBe('played');
    expect(playOrRefuseBvh(module, bvhSource().lines.join('\n'), 'the take')).toBe('played');
  });

  it('400 mutated glTF animations: played or refused by name, never a pose that is not finite, nothing leaks (seed 91)', async () => {
    const random = seededRandom(91);
    const sources = glbSources(animatedFiles());
    const before = module.liveRigs();
    let refused = 0;
    for (let trial = 0; trial < 400; trial++) {
      if ((await playOrRefuseGltf(module, mutatedGlb(sources[trial % sources.length], random), `trial ${trial}`)) !== 'played') refused++;
    }
    console.log(`animation mutations: ${refused} of 400 refused`);
    expect(refused).toBeGreaterThan(50);
    expect(refused).toBeLessThan(400);
    expect(module.liveRigs()).toBe(before);
  });

  it('300 BVH takes with numbers of their motion replaced: played or refused by name (seed 92)', () => {
    const random = seededRandom(92);
    const source = bvhSource();
    const before = module.liveRigs();
    let refused = 0;
    for (let trial = 0; trial < 300; trial++) {
      if (playOrRefuseBvh(module, mutatedBvh(source, random), `trial ${trial}`) !== 'played') refused++;
    }
    console.log(`BVH mutations: ${refused} of 300 refused`);
    expect(refused).toBeGreaterThan(30);
    expect(module.liveRigs()).toBe(before);
  });
});
