// The batch solve tool (tools/solve/cli.ts): a batch spread over 3 worker
// threads writes the answers file a single thread writes, byte for byte,
// and its answers are the main thread's own solves of the same requests; a
// refused request is named and the others answered; a bad command line or
// batch is refused naming the problem.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../tools/solve/cli.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { seededRandom, uniform } from './seeded-random.js';

const COUNT = 32;
const bones: BoneDesc[] = Array.from({ length: COUNT }, (_, i) => ({ name: `link${i}`, parent: i - 1, restT: [0, i === 0 ? 0 : 1 / COUNT, 0], tip: [0, 1 / COUNT, 0] }));
const goals = [{ bone: COUNT - 1, target: [0, 1, 0] as Vec3Tuple }, { bone: 15, target: [0, 0.5, 0] as Vec3Tuple, weight: 0.5 }];

/** 30 requests (seed 91): random start poses and targets; request 7's first target 10⁶ km away. */
function requests(): { angles: number[]; targets: Vec3Tuple[] }[] {
  const random = seededRandom(91);
  return Array.from({ length: 30 }, (_, r) => ({
    angles: Array.from({ length: 3 * COUNT }, () => Math.fround(uniform(random, -0.2, 0.2))),
    targets: goals.map((_, g): Vec3Tuple => (r === 7 && g === 0 ? [1e9, 0, 0] : [uniform(random, -0.5, 0.5), uniform(random, 0, 0.9), uniform(random, -0.5, 0.5)])),
  }));
}

let module: KinModule;
let dir: string;
const lines: string[] = [];
const log = (line: string): void => {
  lines.push(line);
};

beforeAll(async () => {
  module = await loadKinModuleNode();
  dir = mkdtempSync(join(tmpdir(), 'solve-batch-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run solve-batch', () => {
  it("writes over 3 threads the answers of 1 thread, byte for byte, and they are the main thread's solves", async () => {
    const batch = requests();
    const file = join(dir, 'batch.json');
    writeFileSync(file, JSON.stringify({ bones, solver: 'dls', options: { maxIterations: 40 }, goals, requests: batch }));
    lines.length = 0;
    expect(await main([file, '--out', join(dir, 'three.json'), '--threads', '3'], log)).toBe(1);
    expect(await main([file, '--out', join(dir, 'one.json'), '--threads', '1'], log)).toBe(1);
    const three = readFileSync(join(dir, 'three.json'), 'utf8');
    expect(three).toBe(readFileSync(join(dir, 'one.json'), 'utf8'));
    expect(lines[0]).toMatch(/^Solved 29 of 30 request\(s\) in [\d.]+ s on 3 thread\(s\); answers in .*three\.json; 1 refused:\n {2}request 7: Rig: goal 0/);

    const { answers } = JSON.parse(three) as { answers: ({ status: string; iterations: number; error: number; angles: number[] } | { failed: string })[] };
    const rig = Rig.create(module, bones);
    rig.setSolver('dls', { maxIterations: 40 });
    try {
      for (const [r, request] of batch.entries()) {
        rig.setPose(request.angles);
        let expected: object;
        try {
          rig.setGoals(goals.map((goal, g) => ({ ...goal, target: request.targets[g] })));
          const { status, iterations, error } = rig.solve();
          expected = { status, iterations, error, angles: Array.from(rig.pose()), rootOffset: [0, 0, 0] };
        } catch (error) {
          expected = { failed: (error as Error).message };
        }
        expect(answers[r], `request ${r}`).toEqual(expected);
      }
    } finally {
      rig.dispose();
    }
  });

  it('refuses a bad command line (exit code 2) and a malformed batch (exit code 1), naming the problem', async () => {
    const file = join(dir, 'short.json');
    writeFileSync(file, JSON.stringify({ bones, solver: 'dls', goals, requests: [{ targets: [[0, 1, 0]] }] }));
    const run = async (args: string[]): Promise<[number, string]> => {
      lines.length = 0;
      const code = await main(args, log);
      return [code, lines.join('\n').split('\n')[0]];
    };
    expect(await run([file, '--out', join(dir, 'x.json'), '--threads', '0'])).toEqual([2, "solve-batch: --threads takes a whole number ≥ 1, not '0'"]);
    expect(await run([file])).toEqual([2, 'solve-batch: --out <answers.json> is required']);
    expect(await run([file, file, '--out', 'x.json'])).toEqual([2, `solve-batch: one batch file at a time ('${file}', then '${file}')`]);
    expect(await run([file, '--out', join(dir, 'x.json')])).toEqual([1, `solve-batch: ${file}: batch: request 0's targets must be 2 (one per goal), not 1`]);
  });
});
