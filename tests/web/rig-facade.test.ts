// The TypeScript façade over the module: bad input throws Error('Rig: …')
// naming the problem and leaves the rig as it was, handles are freed, and
// the buffer views survive WASM memory growth.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

/** Three bones along +Y, each 1 long; the middle one is an elbow-like hinge. */
function arm(): BoneDesc[] {
  return [
    { name: 'shoulder', parent: -1, tip: [0, 1, 0] },
    { name: 'elbow', parent: 0, restT: [0, 1, 0], tip: [0, 1, 0], min: [0, 0, 0], max: [2.5, 0, 0] },
    { name: 'wrist', parent: 1, restT: [0, 1, 0], tip: [0, 0.5, 0] },
  ];
}

describe('Rig façade', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it.each([
    ['parent after the bone', (b: BoneDesc[]) => (b[1].parent = 2), /Rig: bone 1 'elbow': parent 2 must be -1 or a bone before it/],
    ['NaN rest translation', (b: BoneDesc[]) => (b[2].restT = [0, NaN, 0]), /Rig: bone 2 'wrist': rest translation is not finite/],
    ['Infinity in a limit', (b: BoneDesc[]) => (b[0].max = [1, Infinity, 1]), /Rig: bone 0 'shoulder': angle limits are not finite/],
    ['min above max', (b: BoneDesc[]) => (b[1].min = [3, 0, 0]), /Rig: bone 1 'elbow': limit min 3 > max 2.5 on slot 0/],
    ['unknown Euler order', (b: BoneDesc[]) => ((b[1] as { order: string }).order = 'XXY'), /Rig: bone 1 'elbow': Euler order 'XXY'/],
    ['non-unit quaternion', (b: BoneDesc[]) => (b[0].restQ = [0, 0, 0, 3]), /rest rotation is not a finite unit quaternion/],
    ['duplicate name', (b: BoneDesc[]) => (b[2].name = 'shoulder'), /Rig: bone 2 'shoulder': the name is used/],
    ['short inverse bind', (b: BoneDesc[]) => b.forEach((bone) => (bone.inverseBind = [1, 0, 0])), /Rig: bone 0 'shoulder': inverseBind has 3 numbers/],
    ['no bones', (b: BoneDesc[]) => b.splice(0), /Rig: a rig needs at least one bone/],
    // A 3 MB name with a broken Euler order: the name's own bound speaks first, quoting only its start.
    ['a 3 MB name', (b: BoneDesc[]) => ((b[1].name = 'e'.repeat(3 << 20)), ((b[1] as { order: string }).order = 'XXY')), /^Rig: bone 1: its name is 3145728 bytes long, more than the 128 a bone name may have \(it starts 'e{24}…'\)$/],
  ])('create rejects %s with a named error and leaks nothing', (_, breaks, message) => {
    const before = module.liveRigs();
    const bones = arm();
    breaks(bones);
    expect(() => Rig.create(module, bones)).toThrow(message);
    expect(module.liveRigs()).toBe(before);
  });

  it('rejects bad goals, poses and targets by name and keeps its state', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.setGoals([{ bone: 'wrist', target: [0.5, 1.5, 0.5] }]);
      rig.solve();
      const palette = Array.from(rig.palette());
      const pose = Array.from(rig.pose());
      expect(() => rig.setGoals([{ bone: 'tail', target: [0, 0, 0] }])).toThrow("Rig: no bone named 'tail'");
      expect(() => rig.setGoals([{ bone: 7, target: [0, 0, 0] }])).toThrow('Rig: goal 0: bone index 7 is out of range [0, 3)');
      expect(() => rig.setGoals([{ bone: 0, target: [0, NaN, 0] }])).toThrow('Rig: goal 0: target is not finite');
      expect(() => rig.setGoals([{ bone: 0, target: [0, 0, 0], weight: -1 }])).toThrow('Rig: goal 0: weight -1 must be finite and > 0');
      expect(() => rig.setGoalTarget(0, [Infinity, 0, 0])).toThrow('Rig: target of goal 0 is not finite');
      expect(() => rig.setGoalTarget(3, [0, 0, 0])).toThrow('Rig: goal index 3 is out of range [0, 1)');
      expect(() => rig.setPose([0, 0, 0])).toThrow('Rig: pose has 3 angles, expected 9 (3 per bone)');
      expect(() => rig.setPose(new Array(9).fill(0).map((_, i) => (i === 4 ? NaN : 0)))).toThrow("Rig: pose angle 4 (bone 1 'elbow') is not finite");
      expect(() => rig.setAngles(5, 0, 0, 0)).toThrow('Rig: bone index 5 is out of range [0, 3)');
      expect(() => rig.setSolver('dls', { maxIterations: 0 })).toThrow('Rig: ik: max_iterations 0 must be in [1, 100000]');
      expect(() => rig.setSolver('dls', { tolerance: NaN })).toThrow('Rig: ik: tolerance nan must be finite and > 0');
      expect(() => rig.setSolver('dls', { maxIterations: 2.5 })).toThrow("Rig: solver option 'maxIterations' must be an integer");
      expect(() => rig.setSolver('dls', { tolerence: 1 } as object)).toThrow("Rig: unknown solver option 'tolerence'");
      expect(() => rig.setSolver('newton' as 'dls')).toThrow("Rig: unknown solver 'newton'");
      expect(() => rig.setGoals([{ bone: 0, target: [0, 0, 0], orientation: [0, 0, 0, 2] }])).toThrow('Rig: goal 0: target orientation is not a finite unit quaternion');
      expect(rig.solver).toBe('dls');
      expect(Array.from(rig.palette())).toEqual(palette);
      expect(Array.from(rig.pose())).toEqual(pose);
      expect(rig.goalCount).toBe(1);
    } finally {
      rig.dispose();
    }
  });

  it('solve without goals is invalid input', () => {
    const rig = Rig.create(module, arm());
    try {
      expect(() => rig.solve()).toThrow('Rig: dls: no goals to solve for');
    } finally {
      rig.dispose();
    }
  });

  it('reaches a target, clamps to limits, and reports truthfully', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.setGoals([{ bone: 'wrist', target: [0, 1.2, 1.0] }]);
      rig.setSolver('dls', { maxIterations: 100 });
      const report = rig.solve();
      expect(report.status).toBe('converged');
      const tips = rig.boneTips();
      expect(Math.hypot(tips[6] - 0, tips[7] - 1.2, tips[8] - 1.0)).toBeLessThan(1e-4);
      expect(report.error).toBeLessThan(1e-5);
      const [x, y, z] = rig.getAngles(1);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(2.5);
      expect([y, z]).toEqual([0, 0]);
      // The energy history starts at the initial E and ends at the final one.
      const energy = rig.energyHistory();
      expect(energy.length).toBe(report.energyCount);
      expect(energy[energy.length - 1]).toBeCloseTo(0.5 * report.error ** 2, 8);
      expect(energy[0]).toBeGreaterThan(energy[energy.length - 1]);
      // One report object, reused: the drag loop allocates nothing for it.
      expect(rig.solve()).toBe(report);
    } finally {
      rig.dispose();
    }
  });

  it('frees its handle on dispose and refuses use afterwards', () => {
    const before = module.liveRigs();
    const rigs = Array.from({ length: 10 }, () => Rig.create(module, arm()));
    expect(module.liveRigs()).toBe(before + 10);
    rigs.forEach((r) => r.dispose());
    rigs[0].dispose(); // idempotent
    expect(module.liveRigs()).toBe(before);
    expect(rigs[3].disposed).toBe(true);
    expect(() => rigs[3].palette()).toThrow('Rig: used after dispose()');
  });

  it('re-creates buffer views after WASM memory grows', () => {
    const rig = Rig.create(module, arm());
    const big = Rig.create(module, arm());
    try {
      rig.setAngles(0, 0.3, 0.2, 0.1);
      const view = rig.palette();
      const values = Array.from(view);
      const bufferBefore = module.HEAPF32.buffer;
      // A large skin forces the module's memory to grow.
      const vertices = 2_000_000;
      big.skinning.setSkin(new Float32Array(3 * vertices), [], new Uint16Array(4 * vertices), new Float32Array(4 * vertices));
      expect(module.HEAPF32.buffer).not.toBe(bufferBefore);
      expect(view.byteLength).toBe(0); // the old view was detached by the growth
      const fresh = rig.palette();
      expect(fresh === view).toBe(false); // (a matcher would iterate the detached view)
      expect(Array.from(fresh)).toEqual(values);
    } finally {
      big.dispose();
      rig.dispose();
    }
  });
});
