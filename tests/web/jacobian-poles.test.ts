// Poles for the Jacobian solvers through the module: on the default
// character, DLS brings the wrist (the forearm's tip) to a reachable target
// and swings the elbow round to the pole; moving the pole with setGoalPole
// (a pole handle's drag, allocation-free) swings the elbow while the wrist
// stays; solvers that take no poles refuse them by name.
import type { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bytesPerCall, heapProfiler } from './allocation-profile.js';
import { defaultCharacterBones } from './default-character.js';

type V = [number, number, number];
const sub = (a: ArrayLike<number>, b: ArrayLike<number>): V => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scale = (a: V, s: number): V => [a[0] * s, a[1] * s, a[2] * s];
const across = (v: V, unit: V): V => sub(v, scale(unit, dot(v, unit)));

function origin(rig: Rig, bone: number): V {
  const m = rig.modelMatrices();
  return [m[16 * bone + 12], m[16 * bone + 13], m[16 * bone + 14]];
}

function tip(rig: Rig, bone: number): V {
  const t = rig.boneTips();
  return [t[3 * bone], t[3 * bone + 1], t[3 * bone + 2]];
}

/** Degrees between the elbow's offset from the shoulder→wrist line and the pole's. */
function swing(rig: Rig, upper: number, lower: number, pole: V): number {
  const a = origin(rig, upper);
  const c = tip(rig, lower);
  const line = scale(sub(c, a), 1 / Math.hypot(...sub(c, a)));
  const e = across(sub(origin(rig, lower), a), line);
  const p = across(sub(pole, a), line);
  return (Math.acos(Math.min(1, dot(e, p) / (Math.hypot(...e) * Math.hypot(...p)))) * 180) / Math.PI;
}

describe('poles with the Jacobian solvers', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  let inspector: Session;
  beforeAll(async () => {
    [module, bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
    inspector = await heapProfiler();
  });
  afterAll(() => inspector?.disconnect());

  /** The left arm: the wrist where a lowered, bent arm puts it; the elbow of that pose. */
  function arm(rig: Rig): { upper: number; lower: number; wrist: V; elbow: V } {
    const upper = rig.boneIndex('upper_arm_l');
    const lower = rig.boneIndex('forearm_l');
    rig.setAngles(upper, 0, 0.3, -0.9);
    rig.setAngles(lower, 0, -1.2, 0);
    const wrist = tip(rig, lower);
    const elbow = origin(rig, lower);
    rig.setPose(new Array(3 * rig.boneCount).fill(0));
    rig.setAngles(lower, 0, -0.5, 0);
    return { upper, lower, wrist, elbow };
  }

  it('DLS reaches the wrist and swings the elbow to each pole as it moves', async () => {
    const rig = Rig.create(module, bones);
    try {
      const { upper, lower, wrist, elbow } = arm(rig);
      const poles: V[] = [[0, 0, -0.5], [0, 0.5, 0], [0, -0.5, 0]].map((o) => [elbow[0] + o[0], elbow[1] + o[1], elbow[2] + o[2]]);
      rig.setSolver('dls', { maxIterations: 200 });
      rig.setGoals([{ bone: lower, target: wrist, pole: poles[0] }]);
      let elbowBefore = origin(rig, lower);
      poles.forEach((pole, i) => {
        if (i > 0) rig.setGoalPole(0, pole);
        const report = rig.solve();
        expect(report.status, `pole ${i}`).toBe('converged');
        expect(Math.hypot(...sub(tip(rig, lower), wrist)), `pole ${i}`).toBeLessThan(1e-5);
        expect(swing(rig, upper, lower, pole), `pole ${i}`).toBeLessThan(2);
        if (i > 0) expect(Math.hypot(...sub(origin(rig, lower), elbowBefore)), `pole ${i}`).toBeGreaterThan(0.05);
        elbowBefore = origin(rig, lower);
      });

      // A pole handle's drag frame allocates nothing on the JavaScript side.
      const moving: Vec3Tuple = [...poles[0]];
      const bytes = await bytesPerCall(
        inspector,
        function movePole(call: number): void {
          moving[1] = poles[0][1] + 0.05 * Math.sin(call / 40);
          rig.setGoalPole(0, moving);
        },
        4000,
        32,
      );
      expect(bytes).toBeLessThan(4);
    } finally {
      rig.dispose();
    }
  });

  it('bad poles and solvers that take none are refused by name', () => {
    const rig = Rig.create(module, bones);
    try {
      const { lower, wrist, elbow } = arm(rig);
      rig.setGoals([{ bone: lower, target: wrist }]);
      expect(() => rig.setGoalPole(0, elbow)).toThrow('Rig: goal 0 has no pole to move');
      rig.setGoals([{ bone: lower, target: wrist, pole: elbow, poleWeight: 2 }]);
      expect(() => rig.setGoalPole(0, [NaN, 0, 0])).toThrow('Rig: pole of goal 0 is not finite');
      expect(() => rig.setGoals([{ bone: lower, target: wrist, pole: elbow, poleWeight: 0 }])).toThrow('Rig: goal 0: pole weight 0 must be finite and > 0');
      rig.setGoals([{ bone: 'hips', target: wrist, pole: elbow }]);
      expect(() => rig.solve()).toThrow("Rig: dls: goal 0 has a pole, but its bone 0 'hips' has no parent");
      rig.setGoals([{ bone: lower, target: wrist, pole: elbow }]);
      const pose = Array.from(rig.pose());
      rig.setSolver('ccd');
      expect(() => rig.solve()).toThrow('Rig: ccd: goal 0 has a pole, which only dls, gauss-newton, jacobian-transpose, gradient-descent, projected-gradient, two-bone, look-at take');
      expect(Array.from(rig.pose())).toEqual(pose);
      expect(rig.contract.solvers.filter((s) => s.poles).map((s) => s.name)).toEqual([
        'dls', 'gauss-newton', 'jacobian-transpose', 'gradient-descent', 'projected-gradient', 'two-bone', 'look-at',
      ]);
    } finally {
      rig.dispose();
    }
  });
});
