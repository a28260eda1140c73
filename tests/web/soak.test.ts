// A bounded soak (bench/soak.ts runs 100,000): seeded random solves over
// every solver on the default character's body and a ten-segment chain,
// on random, singular, collinear, unreachable, huge and NaN/Inf targets:
// only named refusals, every answer finite and within the limits, and the
// WASM heap no larger at the end than after the warm-up.
import { beforeAll, describe, expect, it } from 'vitest';
import { chainLesson } from '../../web/src/lessons/chain-lesson.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bodyBones, defaultCharacterBones } from './default-character.js';
import { runSoak } from './soak.js';

describe('soak', () => {
  let module: KinModule;
  let rigs: BoneDesc[][];

  beforeAll(async () => {
    module = await loadKinModuleNode();
    rigs = [bodyBones(await defaultCharacterBones()), chainLesson().bones];
  });

  it('6,000 seeded solves over every solver: named refusals only, answers finite and within limits, a flat heap (seed 61)', () => {
    const result = runSoak(module, rigs, 6000, 61);
    console.log(`soak: ${result.solves} solves in ${result.seconds.toFixed(1)} s, ${result.refused} refused, statuses ${JSON.stringify(result.statuses)}, heap ${result.heapAfterWarmUp} → ${result.heapAtEnd} bytes`);
    expect(result.problems).toEqual([]);
    // Both outcomes happened: the checks ran on answers, and refusals were named.
    expect(result.refused).toBeGreaterThan(100);
    expect(Object.values(result.statuses).reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
    expect(result.heapAtEnd).toBe(result.heapAfterWarmUp);
  }, 300_000);
});
