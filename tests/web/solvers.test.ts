// A sample of the solver suite's C++ tests, repeated through the WASM module
// and the TypeScript façade: every solver reaches reachable targets of a
// chain (seeded), holds the limits, ends unreachable targets at the best
// reachable point, and refuses invalid input without touching the pose.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig, SOLVERS, type SolverName, type SolverOptions } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { seededRandom, uniform } from './seeded-random.js';

/** A serial chain along +Y, total length 1, ±limit on every slot. */
function chain(count: number, limit: number): BoneDesc[] {
  const length = 1 / count;
  return Array.from({ length: count }, (_, i) => ({
    name: `link${i}`,
    parent: i - 1,
    restT: (i === 0 ? [0, 0, 0] : [0, length, 0]) as Vec3Tuple,
    tip: [0, length, 0] as Vec3Tuple,
    min: [-limit, -limit, -limit] as Vec3Tuple,
    max: [limit, limit, limit] as Vec3Tuple,
  }));
}

// Per solver: options that let it converge on the sample, and the share of
// reachable targets it must reach. First-order methods get many iterations
// and a looser tolerance; the analytic solvers have their own cases below.
const SAMPLE: Partial<Record<SolverName, { options: SolverOptions; rate: number }>> = {
  dls: { options: { maxIterations: 200 }, rate: 0.95 },
  'gauss-newton': { options: { maxIterations: 200 }, rate: 0.9 },
  'jacobian-transpose': { options: { maxIterations: 5000, tolerance: 1e-4 }, rate: 0.8 },
  'gradient-descent': { options: { maxIterations: 5000, tolerance: 1e-4, lineSearch: true }, rate: 0.8 },
  'projected-gradient': { options: { maxIterations: 5000, tolerance: 1e-4 }, rate: 0.8 },
  ccd: { options: { maxIterations: 500, tolerance: 1e-4 }, rate: 0.9 },
  fabrik: { options: { maxIterations: 500, tolerance: 1e-4 }, rate: 0.9 },
};

describe('every solver through the WASM module', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  for (const [name, { options, rate }] of Object.entries(SAMPLE) as [SolverName, { options: SolverOptions; rate: number }][]) {
    it(`${name}: reaches reachable targets of a 5-bone chain within the limits (seed 31)`, () => {
      const rig = Rig.create(module, chain(5, 1.0));
      try {
        const random = seededRandom(31);
        rig.setSolver(name, options);
        rig.setGoals([{ bone: 4, target: [0, 1, 0] }]);
        const tolerance = options.tolerance ?? 1e-5;
        let reached = 0;
        const trials = 20;
        for (let t = 0; t < trials; t++) {
          // A target made by FK of random angles within the limits.
          rig.setPose(Array.from({ length: 15 }, () => uniform(random, -1, 1)));
          const tips = rig.boneTips();
          const target: Vec3Tuple = [tips[12], tips[13], tips[14]];
          rig.setPose(new Array(15).fill(0));
          rig.setGoalTarget(0, target);
          const report = rig.solve();
          const after = rig.boneTips();
          const distance = Math.hypot(after[12] - target[0], after[13] - target[1], after[14] - target[2]);
          expect(Math.abs(distance - report.error), `trial ${t}: the report tells the truth`).toBeLessThan(1e-5);
          if (report.status === 'converged') {
            reached++;
            expect(distance).toBeLessThanOrEqual(tolerance * 1.0001);
          }
          for (const angle of rig.pose()) expect(Math.abs(angle)).toBeLessThanOrEqual(1.0 + 1e-6);
        }
        expect(reached / trials).toBeGreaterThanOrEqual(rate);
      } finally {
        rig.dispose();
      }
    });

    it(`${name}: an unreachable target ends at the closest reachable point`, () => {
      const rig = Rig.create(module, chain(5, Math.PI));
      try {
        rig.setSolver(name, options);
        rig.setGoals([{ bone: 4, target: [0.9, 0.9, 0.6] }]);
        rig.setPose(new Array(15).fill(0.05));
        const report = rig.solve();
        const best = Math.hypot(0.9, 0.9, 0.6) - 1;
        expect(Number.isNaN(report.error)).toBe(false);
        expect(Math.abs(report.error - best)).toBeLessThan(0.01 * best);
      } finally {
        rig.dispose();
      }
    });
  }

  it.each(SOLVERS)('%s: invalid input is refused and the pose left alone', (name) => {
    const rig = Rig.create(module, chain(3, 1.0));
    try {
      rig.setSolver(name);
      rig.setAngles(1, 0.2, -0.1, 0.05);
      const pose = Array.from(rig.pose());
      expect(() => rig.solve()).toThrow(`Rig: ${name}: no goals to solve for`);
      expect(() => rig.setGoals([{ bone: 9, target: [0, 0, 0] }])).toThrow('Rig: goal 0: bone index 9 is out of range');
      expect(() => rig.setGoals([{ bone: 2, target: [NaN, 0, 0] }])).toThrow('Rig: goal 0: target is not finite');
      expect(Array.from(rig.pose())).toEqual(pose);
    } finally {
      rig.dispose();
    }
  });

  it('two-bone reaches a reachable target exactly and bends toward the pole', () => {
    const rig = Rig.create(module, chain(2, Math.PI));
    try {
      rig.setSolver('two-bone');
      for (const side of [1, -1]) {
        rig.setPose(new Array(6).fill(0));
        rig.setGoals([{ bone: 1, target: [0.3, 0.6, 0], pole: [0, 0.5, side] }]);
        const report = rig.solve();
        expect(report.status).toBe('converged');
        const tips = rig.boneTips();
        expect(Math.hypot(tips[3] - 0.3, tips[4] - 0.6, tips[5])).toBeLessThan(1e-5);
        expect(Math.sign(tips[2])).toBe(side); // the middle joint sits on the pole's side
      }
    } finally {
      rig.dispose();
    }
  });

  it('look-at aims the bone axis at the target', () => {
    const rig = Rig.create(module, chain(1, Math.PI));
    try {
      rig.setSolver('look-at', { aimAxis: [0, 1, 0], upAxis: [0, 0, 1] });
      rig.setGoals([{ bone: 0, target: [1, 1, 1] }]);
      const report = rig.solve();
      expect(report.status).toBe('converged');
      const tips = rig.boneTips();
      const length = Math.hypot(tips[0], tips[1], tips[2]);
      expect(Math.abs(tips[0] / length - 1 / Math.sqrt(3))).toBeLessThan(1e-5);
      expect(Math.abs(tips[2] / length - 1 / Math.sqrt(3))).toBeLessThan(1e-5);
    } finally {
      rig.dispose();
    }
  });

  // Two goals on one bone's tip turning about Z: A (weight 100) at 0.1 rad, B (weight 1) at −0.2 rad
  // (tests/cpp/weighted_miss_test.cpp derives it). The weighted best, ≈ 0.097 rad, moves B further
  // away: the largest miss rises from 2 sin 0.1 to ≈ 0.297 while the energy falls tenfold.
  it.each(Object.keys(SAMPLE) as SolverName[])('%s reports the energy it lowered, the largest miss and the goal that misses by it', (name) => {
    const bones = chain(1, 3);
    bones[0].min = [0, 0, -3];
    bones[0].max = [0, 0, 3];
    const rig = Rig.create(module, bones);
    try {
      rig.setSolver(name);
      const at = (angle: number): Vec3Tuple => [-Math.sin(angle), Math.cos(angle), 0];
      rig.setGoals([
        { bone: 0, target: at(0.1), weight: 100 },
        { bone: 0, target: at(-0.2), weight: 1 },
      ]);
      const report = { ...rig.solve() };
      const history = rig.energyHistory();
      const tip = Array.from(rig.boneTips());
      const miss = (angle: number) => Math.hypot(tip[0] - at(angle)[0], tip[1] - at(angle)[1], tip[2] - at(angle)[2]);
      expect(report.worstGoal).toBe(1);
      expect(report.error).toBeCloseTo(miss(-0.2), 5);
      expect(report.error).toBeGreaterThan(1.4 * 2 * Math.sin(0.1));
      const energy = 0.5 * (100 * miss(0.1) ** 2 + miss(-0.2) ** 2);
      expect(report.energy).toBeCloseTo(energy, 5);
      expect(history[history.length - 1]).toBeCloseTo(energy, 5);
      expect(report.energy).toBeLessThan(0.1 * history[0]);
    } finally {
      rig.dispose();
    }
  });
});
