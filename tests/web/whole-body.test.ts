// Whole-body posing through the module: with moveRoot on, DLS solves for the
// root offset too, so pulling the default character's hips down between
// pinned feet bends its knees; solvers that cannot move the root are refused
// by name, and nothing changes when they are. The hips tip over every way by
// hand, and IK tilts them no further than their IK range from the pose given.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';

function tip(rig: Rig, bone: number): Vec3Tuple {
  const tips = rig.boneTips();
  return [tips[3 * bone], tips[3 * bone + 1], tips[3 * bone + 2]];
}

function origin(rig: Rig, bone: number): Vec3Tuple {
  const m = rig.modelMatrices();
  return [m[16 * bone + 12], m[16 * bone + 13], m[16 * bone + 14]];
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

describe('whole-body posing', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    [module, bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
  });

  it('DLS lowers the hips 0.25 m between pinned feet, bending the knees', () => {
    const rig = Rig.create(module, bones);
    try {
      const hips = rig.boneIndex('hips');
      const feet = ['foot_l', 'foot_r'].map((name) => rig.boneIndex(name));
      const hipsTarget: Vec3Tuple = [origin(rig, hips)[0], origin(rig, hips)[1] - 0.25, origin(rig, hips)[2]];
      const feetTargets = feet.map((foot) => tip(rig, foot));
      rig.setGoals([
        ...feet.map((foot, i) => ({ bone: foot, target: feetTargets[i], weight: 100 })),
        { bone: hips, point: [0, 0, 0] as Vec3Tuple, target: hipsTarget },
      ]);
      rig.setSolver('dls', { maxIterations: 200 });
      expect(rig.moveRoot).toBe(false);
      rig.setMoveRoot(true);
      expect(rig.moveRoot).toBe(true);
      const report = rig.solve();
      expect(report.status).toBe('converged');
      expect(distance(origin(rig, hips), hipsTarget)).toBeLessThan(1e-3);
      feet.forEach((foot, i) => expect(distance(tip(rig, foot), feetTargets[i])).toBeLessThan(1e-3));
      expect(rig.rootOffset[1]).toBeCloseTo(-0.25, 3);
      for (const shin of ['shin_l', 'shin_r']) expect(rig.getAngles(rig.boneIndex(shin))[0]).toBeGreaterThan(0.3);
      // The palette is that of the solved pose and root offset.
      const check = Rig.create(module, bones);
      try {
        check.setPose(rig.pose(), rig.rootOffset);
        expect(Array.from(rig.palette())).toEqual(Array.from(check.palette()));
      } finally {
        check.dispose();
      }
    } finally {
      rig.dispose();
    }
  });

  it('the hips lie down by hand, and a long drag with pinned feet tilts them 0.35 rad at most from there (measured: 0.34 by frame 40, the range reached after)', () => {
    const rig = Rig.create(module, bones);
    try {
      const hips = rig.boneIndex('hips');
      rig.setAngles(hips, -Math.PI / 2, 0, 0.5);
      expect(Array.from(rig.getAngles(hips))).toEqual([Math.fround(-Math.PI / 2), 0, 0.5]);
      const hand = rig.boneIndex('hand_r');
      const feet = ['foot_l', 'foot_r'].map((name) => rig.boneIndex(name));
      const start = tip(rig, hand);
      rig.setGoals([{ bone: hand, target: start }, ...feet.map((foot) => ({ bone: foot, target: tip(rig, foot), weight: 100 }))]);
      rig.setMoveRoot(true);
      for (let frame = 1; frame <= 60; frame++) {
        rig.setGoalTarget(0, [start[0], start[1] + 0.05 * frame, start[2]]);
        rig.solve();
        const [x, , z] = rig.getAngles(hips);
        expect(Math.abs(x + Math.PI / 2), `frame ${frame}`).toBeLessThanOrEqual(0.35 + 1e-6);
        expect(Math.abs(z - 0.5), `frame ${frame}`).toBeLessThanOrEqual(0.35 + 1e-6);
      }
      expect(tip(rig, hand)[1] - start[1]).toBeGreaterThan(0.2);
    } finally {
      rig.dispose();
    }
  });

  it('solvers that cannot move the root are refused by name, both ways round', () => {
    const rig = Rig.create(module, bones);
    try {
      rig.setMoveRoot(true);
      expect(() => rig.setSolver('ccd')).toThrow(
        'Rig: ccd cannot move the root, which is on; only dls, gauss-newton, jacobian-transpose, gradient-descent, projected-gradient can (turn moving the root off first)',
      );
      expect(rig.solver).toBe('dls');
      rig.setMoveRoot(false);
      rig.setSolver('two-bone');
      expect(() => rig.setMoveRoot(true)).toThrow('Rig: two-bone cannot move the root; only dls, gauss-newton,');
      expect(rig.moveRoot).toBe(false);
      for (const solver of rig.contract.solvers) {
        if (!solver.rootTranslation) continue;
        rig.setSolver(solver.name);
        rig.setMoveRoot(true);
        rig.setMoveRoot(false);
      }
    } finally {
      rig.dispose();
    }
  });
});
