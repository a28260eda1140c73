// The WASM module gives the native build's results: the same seeded rigs,
// poses and goals go through build/native's kin_reference (the same Rig
// façade compiled by g++) and through the module, and the answers agree.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig, SOLVE_STATUS, type SolveReport } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { rigLines } from './native-input.js';
import { randomAngles, randomRig } from './random-rigs.js';
import { seededRandom, uniform } from './seeded-random.js';

const REFERENCE = 'build/native/tests/cpp/kin_reference';
// The two builds' sin/cos differ in the last ulp; over a few iterations they
// take the same steps, while a long run may part ways at a borderline
// accept/reject test and end at another (equally valid) point.
const STEP_BY_STEP = { maxIterations: 4, tolerance: 1e-5, damping: 1e-3 };
const FULL = { maxIterations: 200, tolerance: 1e-5, damping: 1e-3 };
type Options = typeof FULL;

interface Case {
  bones: BoneDesc[];
  poses: { root: Vec3Tuple; angles: number[] }[];
  goals: { bone: number; point: Vec3Tuple; target: Vec3Tuple; weight: number }[];
}

function makeCases(seed: number): Case[] {
  const random = seededRandom(seed);
  return Array.from({ length: 12 }, (_, r) => {
    const bones = randomRig(random, { boneCount: 4 + (r % 9), nonUniformScale: r % 2 === 1 });
    const n = bones.length;
    const poses = Array.from({ length: 4 }, () => ({
      root: [uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1)] as Vec3Tuple,
      angles: randomAngles(random, n, 2.5), // beyond ±2 on purpose: clamping must agree too
    }));
    const goals = [n - 1, Math.floor(random() * n)].map((bone) => ({
      bone,
      point: bones[bone].tip!,
      target: [uniform(random, -2, 2), uniform(random, -2, 2), uniform(random, -2, 2)] as Vec3Tuple,
      weight: uniform(random, 0.5, 2),
    }));
    return { bones, poses, goals };
  });
}

function referenceInput(cases: Case[], options: Options): string {
  const lines: string[] = [String(cases.length)];
  for (const c of cases) {
    lines.push(...rigLines(c.bones));
    lines.push(String(c.poses.length));
    for (const p of c.poses) lines.push([...p.root, ...p.angles].map((v) => Math.fround(v)).join(' '));
    lines.push(String(c.goals.length));
    for (const g of c.goals) lines.push([g.bone, ...g.point, ...g.target, g.weight].map((v) => Math.fround(v)).join(' '));
    lines.push(`${options.maxIterations} ${options.tolerance} ${options.damping}`);
  }
  return lines.join('\n') + '\n';
}

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance: number, what: string): void {
  expect(actual.length, what).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const scale = Math.max(1, Math.abs(expected[i]));
    if (!(Math.abs(actual[i] - expected[i]) <= tolerance * scale)) {
      throw new Error(`${what}[${i}]: wasm ${actual[i]} vs native ${expected[i]}`);
    }
  }
}

describe('WASM module matches the native build', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('native reference tool is built', () => {
    expect(existsSync(REFERENCE), `${REFERENCE} (built by scripts/build-native.sh)`).toBe(true);
  });

  /** Runs every case through both builds; `compare` gets each solve. */
  function runBoth(
    cases: Case[],
    options: Options,
    compare: (where: string, rig: Rig, report: SolveReport, native: number[]) => void,
  ): void {
    const output = execFileSync(REFERENCE, { input: referenceInput(cases, options), encoding: 'utf8' }).trim().split('\n');
    let line = 0;
    for (const [r, c] of cases.entries()) {
      const rig = Rig.create(module, c.bones);
      try {
        rig.setGoals(c.goals);
        for (const [p, pose] of c.poses.entries()) {
          const where = `rig ${r} pose ${p}`;
          rig.setPose(pose.angles, pose.root);
          const fk = output[line++].split(' ');
          expect(fk[0]).toBe('fk');
          const numbers = fk.slice(1).map(Number);
          const n = c.bones.length;
          // Same code, two compilers and two libm's: agreement to float noise.
          expectClose(rig.palette(), numbers.slice(0, 16 * n), 2e-5, `${where} palette`);
          expectClose(rig.boneTips(), numbers.slice(16 * n), 2e-5, `${where} tips`);
          rig.setSolver('dls', options);
          const report = rig.solve();
          const solve = output[line++].split(' ');
          expect(solve[0]).toBe('solve');
          compare(where, rig, report, solve.slice(1).map(Number));
        }
      } finally {
        rig.dispose();
      }
    }
    expect(line).toBe(output.length);
  }

  it('FK palettes and tips agree, and DLS takes the same steps (seed 2024)', () => {
    runBoth(makeCases(2024), STEP_BY_STEP, (where, rig, report, [status, iterations, error, ...angles]) => {
      expect(report.status, where).toBe(SOLVE_STATUS[status]);
      expect(report.iterations, where).toBe(iterations);
      expect(Math.abs(report.error - error), `${where} error`).toBeLessThan(1e-5);
      // Mid-solve angles carry the ulp differences amplified by the random
      // rigs' conditioning (measured: up to 1.5e-5 rad after 4 steps).
      expectClose(rig.pose(), angles, 5e-5, `${where} angles`);
    });
  });

  it('complete DLS solves end alike (seed 77)', () => {
    let both = 0;
    let disagreements = 0;
    const differences: number[] = [];
    runBoth(makeCases(77), FULL, (where, _rig, report, [status, , error]) => {
      const nativeConverged = status === 0;
      const wasmConverged = report.status === 'converged';
      if (nativeConverged && wasmConverged) both++;
      if (nativeConverged !== wasmConverged) disagreements++;
      expect(Number.isFinite(report.error), where).toBe(true);
      differences.push(Math.abs(report.error - error));
    });
    differences.sort((a, b) => a - b);
    // Most solves end at the same point; a few may part ways late (see above).
    expect(differences[Math.floor(differences.length * 0.75)]).toBeLessThan(1e-4);
    expect(both).toBeGreaterThanOrEqual(5); // converged solves were among them
    expect(disagreements).toBeLessThanOrEqual(Math.ceil(differences.length / 20));
  });
});
