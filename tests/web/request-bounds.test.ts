// Requests beyond the core's bounds, through the WASM module: positions
// beyond ±maxCoordinate (a finite but huge tip or target used to pass and
// leave NaN angles behind), more than maxGoals goals (which used to grow
// the heap by the square of the count and, at 10,000, throw a bare number
// and leave a rig that trapped on its next call), and oversized skins and
// rig descriptions are refused by name before anything is allocated, and
// the rig stays as it was and usable.
import { beforeAll, describe, expect, it } from 'vitest';
import { type GoalDesc, Rig } from '../../web/src/rig/rig.js';
import { type BoneDesc, flattenRigDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

/** Ten bones along +Y, each 0.1 long. */
function chain(): BoneDesc[] {
  return Array.from({ length: 10 }, (_, i) => ({
    name: `b${i}`,
    parent: i - 1,
    restT: [0, i === 0 ? 0 : 0.1, 0],
    tip: [0, 0.1, 0],
  }));
}

describe('request bounds', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('refuses a swing-twist bone with a huge finite tip by name', () => {
    const before = module.liveRigs();
    const bones = chain();
    bones[3] = { ...bones[3], tip: [3e19, 0, 0], swingMax: 1 };
    expect(() => Rig.create(module, bones)).toThrow(/^Rig: bone 3 'b3': tip is beyond ±100000 m \(3e\+19 on axis 0\)$/);
    expect(module.liveRigs()).toBe(before);
  });

  it('refuses targets and poles beyond the bound by name and keeps solving', () => {
    const rig = Rig.create(module, chain());
    try {
      rig.setSolver('fabrik');
      rig.setGoals([{ bone: 'b9', target: [0.3, 0.5, 0] }]);
      expect(() => rig.setGoals([{ bone: 'b9', target: [1e19, 0, 0] }])).toThrow(
        /^Rig: goal 0: target is beyond ±100000 m \(1e\+19 on axis 0\)$/,
      );
      expect(() => rig.setGoalTarget(0, [0, -1e19, 0])).toThrow(/^Rig: target of goal 0 is beyond ±100000 m \(-1e\+19 on axis 1\)$/);
      const report = rig.solve();
      expect(report.status).not.toBe('invalid-input');
      expect(Array.from(rig.pose()).every(Number.isFinite)).toBe(true);
    } finally {
      rig.dispose();
    }
  });

  it('refuses 10,000 goals by name, unchanged, without growing the heap', () => {
    const before = module.liveRigs();
    const rig = Rig.create(module, chain());
    rig.setGoals([{ bone: 'b9', target: [0.3, 0.5, 0] }]);
    rig.solve();
    const heapBefore = module.HEAPU8.length;
    const many: GoalDesc[] = Array.from({ length: 10_000 }, (_, i) => ({ bone: i % 10, target: [0, 0.5, 0] }));
    expect(() => rig.setGoals(many)).toThrow(/^Rig: 10000 goals, over the 32 a rig takes$/);
    expect(() => rig.setGoals(many.slice(0, 33))).toThrow(/^Rig: 33 goals, over the 32 a rig takes$/);
    expect(rig.goalCount).toBe(1);
    expect(module.HEAPU8.length).toBeLessThanOrEqual(heapBefore + (4 << 20));
    expect(rig.solve().status).not.toBe('invalid-input');
    rig.setGoals(many.slice(0, 32));
    expect(rig.goalCount).toBe(32);
    expect(rig.solve().status).not.toBe('invalid-input');
    rig.dispose();
    expect(module.liveRigs()).toBe(before);
  });

  it('refuses an oversized skin and rig description before copying them, and stays usable', () => {
    const rig = Rig.create(module, chain());
    try {
      rig.setGoals([{ bone: 'b9', target: [0.3, 0.5, 0] }]);
      const heapBefore = module.HEAPU8.length;
      const huge = { length: 3e9 } as ArrayLike<number>; // a claimed length; nothing to copy
      expect(() => rig.skinning.setSkin(huge, [], huge, huge)).toThrow(/^Rig: skin of 1000000000 vertices, over the 2097152 a rig takes$/);
      const handle = new module.Rig();
      try {
        const desc = { ...flattenRigDesc(chain()), restT: { length: 1e9 } as unknown as Float32Array };
        expect(handle.load(desc)).toBe(1);
        expect(handle.errorMessage()).toBe('restT has 1000000000 numbers, expected 30 (3 per bone)');
        expect(handle.load(flattenRigDesc(chain()))).toBe(0);
      } finally {
        handle.delete();
      }
      expect(module.HEAPU8.length).toBeLessThanOrEqual(heapBefore + (4 << 20));
      expect(rig.solve().status).not.toBe('invalid-input');
    } finally {
      rig.dispose();
    }
  });
});
