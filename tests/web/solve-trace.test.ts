// Rig.traceSolve and finiteDifferenceJacobian through the module, on the
// default character with goals on both hands and feet: a traced solve ends
// where solve() does from the same start, DLS's energies fall on a reachable
// target, the recorded Jacobian columns are the finite differences, and
// nothing leaks.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig, SOLVERS } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';

const LIMB_ENDS = ['hand_l', 'hand_r', 'foot_l', 'foot_r'];

describe('traced solves', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    [module, bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
  });

  /** A rig at rest whose goals sit where a bent pose put the limb ends (reachable). */
  function posedRig(): Rig {
    const rig = Rig.create(module, bones);
    const angles = new Array(3 * rig.boneCount).fill(0).map((_, i) => 0.25 * Math.sin(i));
    rig.setPose(angles);
    const tips = rig.boneTips();
    const goals = LIMB_ENDS.map((name) => {
      const bone = rig.boneIndex(name);
      const target: Vec3Tuple = [tips[3 * bone], tips[3 * bone + 1], tips[3 * bone + 2]];
      return { bone, target };
    });
    rig.setPose(new Array(3 * rig.boneCount).fill(0));
    rig.setGoals(goals);
    return rig;
  }

  it.each(SOLVERS.filter((s) => s !== 'two-bone' && s !== 'look-at'))('%s: the last entry is the pose solve() returns', (solver) => {
    const plain = posedRig();
    const traced = posedRig();
    try {
      plain.setSolver(solver);
      traced.setSolver(solver);
      const report = { ...plain.solve() };
      const trace = traced.teaching.traceSolve();
      expect(trace.report).toEqual(report);
      const last = trace.iterations[trace.iterations.length - 1];
      expect(last.final).toBe(true);
      expect(Array.from(last.angles)).toEqual(Array.from(plain.pose()));
      expect(Array.from(traced.pose())).toEqual(Array.from(plain.pose()));
      expect(Array.from(traced.energyHistory())).toEqual(trace.iterations.slice(0, report.energyCount).map((it) => Math.fround(it.energy)));
      expect(trace.truncated).toBe(false);
    } finally {
      plain.dispose();
      traced.dispose();
    }
  });

  it('DLS: energies fall from iteration to iteration toward a reachable target', () => {
    const rig = posedRig();
    try {
      const trace = rig.teaching.traceSolve();
      expect(trace.report.status).toBe('converged');
      const energies = trace.iterations.map((it) => it.energy);
      for (let i = 1; i < energies.length; ++i) expect(energies[i], `iteration ${i}`).toBeLessThanOrEqual(energies[i - 1]);
      expect(energies[energies.length - 1]).toBeLessThan(1e-3 * energies[0]);
      const stepped = trace.iterations.filter((it) => it.jacobian !== undefined);
      expect(stepped.length).toBeGreaterThan(0);
      for (const it of stepped) {
        expect(it.damping).toBeGreaterThan(0);
        expect(it.gradient?.length).toBe(trace.dofs.length);
        expect(it.jacobian?.length).toBe(3 * LIMB_ENDS.length * trace.dofs.length);
        expect(it.trials.length).toBe(1);
      }
    } finally {
      rig.dispose();
    }
  });

  it('the recorded Jacobian columns are the finite differences (1e-2 relative)', () => {
    const rig = posedRig();
    try {
      rig.setSolver('gauss-newton');
      const trace = rig.teaching.traceSolve();
      const first = trace.iterations.find((it) => it.jacobian !== undefined);
      if (!first?.jacobian || !first.startAngles || !first.startRootOffset) throw new Error('no Jacobian recorded');
      const [x, y, z] = first.startRootOffset;
      rig.setPose(first.startAngles, [x, y, z]);
      const fd = rig.teaching.finiteDifferenceJacobian(1e-3);
      expect(fd.length).toBe(first.jacobian.length);
      for (let i = 0; i < fd.length; i += 3) {
        const ours = first.jacobian.subarray(i, i + 3);
        const size = Math.max(1e-3, Math.hypot(...ours));
        expect(Math.hypot(ours[0] - fd[i], ours[1] - fd[i + 1], ours[2] - fd[i + 2]) / size, `column ${i / 3}`).toBeLessThan(1e-2);
      }
      expect(() => rig.teaching.finiteDifferenceJacobian(0)).toThrow(/^Rig: finite-difference step 0 /);
    } finally {
      rig.dispose();
    }
  });

  it('FABRIK records both passes of each iteration', () => {
    const rig = posedRig();
    try {
      rig.setSolver('fabrik');
      const trace = rig.teaching.traceSolve();
      const passes = trace.iterations.filter((it) => it.fabrikBackward !== undefined);
      expect(passes.length).toBe(trace.report.iterations);
      for (const it of passes) {
        expect(it.fabrikBackward?.length).toBe(3 * (it.fabrikBones?.length ?? 0));
        expect(it.fabrikForward?.length).toBe(it.fabrikBackward?.length);
      }
    } finally {
      rig.dispose();
    }
  });

  it('leaks no rig handle', () => {
    const before = module.liveRigs();
    const rig = posedRig();
    rig.teaching.traceSolve();
    rig.teaching.finiteDifferenceJacobian();
    rig.dispose();
    expect(module.liveRigs()).toBe(before);
    expect(() => rig.teaching.traceSolve()).toThrow(/^Rig: used after dispose\(\)/);
  });
});
