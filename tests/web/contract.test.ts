// The contract between the TypeScript and the core (web/src/rig/contract.ts):
// the page is built against the loaded module's contract, the Rig takes
// statuses, codes and record slots from its module's contract (a module whose
// contract differs changes what the Rig does), the defaults are what a solve
// with no options uses, and a malformed contract is refused by name.
import { beforeAll, describe, expect, it } from 'vitest';
import { type KinContract, builtContract, checkContract, defaultOptions, readContract, solverNames } from '../../web/src/rig/contract.js';
import { valueSize } from '../../web/src/rig/clip-data.js';
import { CHANNEL_TARGETS, INTERPOLATIONS, LOOP_MODES, MIRROR_MODES, Rig, SKINNING_METHODS, SOLVE_STATUS, SOLVERS } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { BUILT_CONTRACT } from '../../web/src/wasm/generated/contract.js';
import type { KinModule, ModuleContract } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { MAX_GOALS } from '../../web/src/posing/goal-set.js';
import { MAX_COORDINATE } from '../../web/src/share/pose-link.js';
import { MAX_SKIN_JOINTS } from '../../web/src/import/gltf-limits.js';

/** Three bones along +Y with a hinge in the middle. */
function arm(): BoneDesc[] {
  return [
    { name: 'shoulder', parent: -1, tip: [0, 1, 0] },
    { name: 'elbow', parent: 0, restT: [0, 1, 0], tip: [0, 1, 0], min: [0, 0, 0], max: [2.5, 0, 0] },
    { name: 'wrist', parent: 1, restT: [0, 1, 0], tip: [0, 0.5, 0] },
  ];
}

/** A root with a left and a right arm: a rig that mirrors. */
function twoArms(): BoneDesc[] {
  return [
    { name: 'chest', parent: -1, tip: [0, 0.5, 0] },
    { name: 'arm_l', parent: 0, restT: [0.2, 0.4, 0], tip: [0.5, 0, 0] },
    { name: 'arm_r', parent: 0, restT: [-0.2, 0.4, 0], tip: [-0.5, 0, 0] },
  ];
}

/** The real module with contract() replaced: every other member is the module's own. */
function withContract(module: KinModule, change: (contract: ModuleContract) => void): KinModule {
  const contract = module.contract();
  change(contract);
  return Object.create(module, { contract: { value: () => contract } }) as KinModule;
}

describe('the module contract', () => {
  let module: KinModule;
  let contract: KinContract;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    contract = readContract(module);
  });

  it('is what the page was built against, and the names rig.ts exports are its own', () => {
    expect(module.contract()).toEqual(JSON.parse(JSON.stringify(BUILT_CONTRACT)));
    expect(contract).toEqual(builtContract);
    expect(SOLVERS).toEqual(solverNames(contract));
    expect(SOLVE_STATUS).toEqual(contract.solveStatus);
    expect(SKINNING_METHODS).toEqual(contract.skinningMethods);
    expect(MIRROR_MODES).toEqual(contract.mirrorModes);
    expect(INTERPOLATIONS).toEqual(contract.interpolations);
    expect(CHANNEL_TARGETS).toEqual(contract.channelTargets);
    expect(LOOP_MODES).toEqual(contract.loopModes);
    expect(readContract(module)).toBe(contract); // read once per module
  });

  it('lists the solvers in share-link order with what they take and read', () => {
    expect(solverNames(contract)).toEqual([
      'dls', 'gauss-newton', 'jacobian-transpose', 'gradient-descent', 'projected-gradient', 'ccd', 'fabrik', 'two-bone', 'look-at',
    ]);
    const dls = contract.solvers[0];
    expect(dls.orientation).toBe(true);
    expect(dls.settings).toEqual(['maxIterations', 'tolerance', 'damping', 'maxEscapes', 'stretch']);
    expect(contract.solvers.filter((s) => s.settings.includes('stretch')).map((s) => s.name)).toEqual(['dls', 'ccd', 'fabrik']);
    expect(contract.options.stretch).toMatchObject({ type: 'boolean', default: true });
    const twoBone = contract.solvers.find((s) => s.name === 'two-bone')!;
    expect([twoBone.poles, twoBone.ownGoals, twoBone.orientation, twoBone.rootTranslation]).toEqual([true, true, false, false]);
    expect(contract.solvers.filter((s) => s.rootTranslation).map((s) => s.name)).toEqual([
      'dls', 'gauss-newton', 'jacobian-transpose', 'gradient-descent', 'projected-gradient',
    ]);
    expect(contract.options.soften).toEqual({ type: 'number', default: 0, min: 0, minInclusive: true, max: 1, maxInclusive: false });
    expect(contract.options.tolerance).toMatchObject({ default: 1e-5, min: 0, minInclusive: false, max: Infinity });
  });

  it('lists the clip names in the core\'s order, with the value size of each target', () => {
    expect(contract.interpolations).toEqual(['step', 'linear', 'catmull-rom', 'tcb', 'cubic-spline']);
    expect(contract.channelTargets).toEqual(['angle', 'rotation', 'root', 'translation', 'scale']);
    expect(contract.channelValueSizes).toEqual([1, 4, 3, 3, 3]);
    expect(contract.channelTargets.map((t) => valueSize(t))).toEqual([1, 4, 3, 3, 3]);
    expect(contract.loopModes).toEqual(['clamp', 'loop']);
    expect(contract.maxChannelSamples).toBeGreaterThanOrEqual(1024);
    expect(contract.tcbLimit).toBe(1); // Kochanek and Bartels' own range
  });

  it('bounds bones as the glTF check does, goal counts and coordinates as the share link does', () => {
    expect(contract.maxBones).toBe(MAX_SKIN_JOINTS);
    expect(contract.maxBones).toBe(4096);
    expect(contract.maxBoneNameBytes).toBe(128);
    expect(contract.maxGoals).toBe(MAX_GOALS);
    expect(contract.maxGoals).toBeGreaterThanOrEqual(4);
    expect(contract.maxCoordinate).toBe(MAX_COORDINATE);
    expect(contract.maxCoordinate).toBe(1e5);
  });

  it('a module with other interpolation, target and loop codes gets those codes from the Rig', () => {
    // Reversed lists: 'step' is code 4 (the real 'cubic-spline', whose zero
    // tangents make a smooth ease), 'scale' is code 0 ('angle', whose values,
    // by code, have 1 number), 'loop' is code 0 ('clamp').
    const swapped = withContract(module, (c) => {
      c.interpolations = [...c.interpolations].reverse();
      c.channelTargets = [...c.channelTargets].reverse();
      c.loopModes = [...c.loopModes].reverse();
    });
    const rig = Rig.create(swapped, arm());
    try {
      // Real codes: an 'angle' channel (code 0) with cubic-spline keys (code 4), sampled with 'clamp' (code 0).
      rig.clips.setClip({
        name: 'codes', duration: 1, fps: 30,
        channels: [{ target: 'scale', bone: 1, slot: 0, keys: [{ time: 0, value: [0], interpolation: 'step' }, { time: 1, value: [1], interpolation: 'step' }] }],
      });
      rig.clips.sampleClip(1.5, 'loop');
      // Clamped at 1 s: the last key, 1 rad on the elbow.
      expect(rig.pose()[3]).toBeCloseTo(1, 6);
      rig.clips.sampleClip(0.5, 'loop');
      // Hermite with zero tangents at s = ½: ½ (a step would give 0).
      expect(rig.pose()[3]).toBeCloseTo(0.5, 6);
      expect(() => rig.clips.sampleClip(0, 'bounce' as 'loop')).toThrow("Rig: unknown loop mode 'bounce'; the modes are loop, clamp");
    } finally {
      rig.dispose();
    }
  });

  it('the ranges are the ones setSolver enforces', () => {
    const rig = Rig.create(module, arm());
    try {
      for (const [key, option] of Object.entries(contract.options)) {
        if (option.type !== 'integer' && option.type !== 'number') continue;
        const setting = (value: number) => () => rig.setSolver('dls', { [key]: value });
        const step = option.type === 'integer' ? 1 : 0.5;
        if (option.minInclusive) expect(setting(option.min), key).not.toThrow();
        else expect(setting(option.min), key).toThrow(/^Rig: /);
        expect(setting(option.min - step), key).toThrow(/^Rig: /);
        if (option.max === Infinity) continue;
        if (option.maxInclusive) expect(setting(option.max), key).not.toThrow();
        else expect(setting(option.max), key).toThrow(/^Rig: /);
        expect(setting(option.max + step), key).toThrow(/^Rig: /);
      }
    } finally {
      rig.dispose();
    }
  });

  // For every solver: a solve with no options and one with every option at
  // the contract's default end in the same pose after the same iterations.
  it.each(SOLVERS)('%s: the defaults are what a solve with no options uses', (solver) => {
    const lookAt = solver === 'look-at';
    const solve = (options: object): { pose: number[]; iterations: number } => {
      const rig = Rig.create(module, arm());
      try {
        rig.setAngles(1, 0.4, 0, 0);
        rig.setSolver(solver, options);
        // Look-at aims the bone's default aim axis (+Y) at the target, with its default up axis (+Z) toward the pole.
        const goal = lookAt ? { bone: 2, target: [0.6, 2.2, 0.9] as [number, number, number] } : { bone: 2, target: [0.7, 1.6, 0.4] as [number, number, number] };
        rig.setGoals([goal]);
        const report = rig.solve();
        return { pose: Array.from(rig.pose()), iterations: report.iterations };
      } finally {
        rig.dispose();
      }
    };
    const defaults = defaultOptions(contract);
    const taken = contract.solvers.find((s) => s.name === solver)!.settings;
    const explicit = Object.fromEntries(taken.map((key) => [key, defaults[key]]));
    expect(solve(explicit)).toEqual(solve({}));
    expect(solve(defaults)).toEqual(solve({}));
  });

  it('a module whose statuses are named differently changes the report the Rig gives', () => {
    const renamed = withContract(module, (c) => {
      c.solveStatus = c.solveStatus.map((name) => (name === 'invalid-input' ? name : `module-${name}`));
    });
    const rig = Rig.create(renamed, arm());
    try {
      rig.setGoals([{ bone: 2, target: [0.5, 1.5, 0.5] }]);
      expect(rig.solve().status).toBe('module-converged');
      expect(rig.contract.solveStatus[0]).toBe('module-converged');
    } finally {
      rig.dispose();
    }
  });

  it('a module with other method and mirror codes gets those codes from the Rig', () => {
    const swapped = withContract(module, (c) => {
      c.skinningMethods = [...c.skinningMethods].reverse();
      c.mirrorModes = [...c.mirrorModes].reverse();
    });
    const bones = arm();
    const positions = [0.3, 1.5, 0.2, -0.2, 2.2, 0.1];
    const joints = [1, 2, 0, 0, 1, 2, 0, 0];
    const weights = [0.5, 0.5, 0, 0, 0.3, 0.7, 0, 0];
    const skinned = (m: KinModule, method: 'lbs' | 'dqs'): number[] => {
      const rig = Rig.create(m, bones);
      try {
        rig.setPose([0, 0.3, 0.2, 1.4, 0, 0, 0.5, 0.9, -0.7]);
        rig.skinning.setSkin(positions, [], joints, weights);
        rig.skinning.skin(method);
        return Array.from(rig.skinning.skinnedPositions());
      } finally {
        rig.dispose();
      }
    };
    // The real module's code for 'dqs' is the swapped one's for 'lbs'.
    expect(skinned(swapped, 'lbs')).toEqual(skinned(module, 'dqs'));
    expect(skinned(swapped, 'dqs')).toEqual(skinned(module, 'lbs'));
    expect(skinned(module, 'lbs')).not.toEqual(skinned(module, 'dqs'));

    // 'flip' is code 0 in the swapped contract: the real module's 'left-to-right'.
    const mirrored = (m: KinModule, mode: 'flip' | 'left-to-right'): number[] => {
      const rig = Rig.create(m, twoArms());
      try {
        rig.setPose([0.1, 0.2, 0.05, 0.3, -0.4, 0.5, -0.2, 0.1, 0.6]);
        rig.mirror(mode);
        return Array.from(rig.pose());
      } finally {
        rig.dispose();
      }
    };
    expect(mirrored(swapped, 'flip')).toEqual(mirrored(module, 'left-to-right'));
    expect(mirrored(module, 'flip')).not.toEqual(mirrored(module, 'left-to-right'));
    const rig = Rig.create(swapped, twoArms());
    try {
      expect(() => rig.mirror('sideways' as 'flip')).toThrow("Rig: unknown mirror mode 'sideways'; the modes are flip, right-to-left, left-to-right");
    } finally {
      rig.dispose();
    }
  });

  it('reads the buffers at the slots the module reports', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.setGoals([{ bone: 2, target: [0.5, 1.5, 0.5] }]);
      rig.solve();
      const { exchange } = contract;
      // The record's address, as the Rig's exchange record holds it (a private field).
      const record = (rig as unknown as { exchange: { byteOffset: number } }).exchange.byteOffset;
      // Two uint32 per slot: the byte offset, then the length in elements.
      const slots = new Uint32Array(module.HEAPU8.buffer, record + exchange.bufferByteOffset, 2 * exchange.bufferCount);
      for (const [slot, view, length] of [
        ['palette', rig.palette(), 16 * rig.boneCount],
        ['model', rig.modelMatrices(), 16 * rig.boneCount],
        ['pose', rig.pose(), 3 * rig.boneCount],
      ] as const) {
        expect(view.byteOffset, slot).toBe(slots[2 * exchange.buffers[slot].index]);
        expect(view.length, slot).toBe(length);
        expect(slots[2 * exchange.buffers[slot].index + 1], slot).toBe(length);
      }
      // One goal: one record in the goals slot.
      expect(slots[2 * exchange.buffers.goals.index + 1]).toBe(contract.goalRecord.floats);
      const floats = new Float32Array(module.HEAPU8.buffer, record, exchange.floatCount);
      const report = rig.solve();
      expect(report.iterations).toBe(floats[exchange.floats.iterations]);
      expect(report.error).toBe(floats[exchange.floats.error]);
    } finally {
      rig.dispose();
    }
    // A contract that swaps the palette's and the model matrices' slots: the Rig follows it.
    const swapped = withContract(module, (c) => {
      const { palette, model } = c.exchange.buffers;
      c.exchange.buffers.palette = model;
      c.exchange.buffers.model = palette;
    });
    const a = Rig.create(module, arm());
    const b = Rig.create(swapped, arm());
    try {
      for (const rig of [a, b]) rig.setPose([0.1, 0.2, 0.3, 0.4, 0, 0, 0.5, 0.6, 0.7], [0.2, 0, 0]);
      expect(Array.from(b.palette())).toEqual(Array.from(a.modelMatrices()));
      expect(Array.from(b.modelMatrices())).toEqual(Array.from(a.palette()));
    } finally {
      a.dispose();
      b.dispose();
    }
  });

  it.each([
    ['no solvers', (c: ModuleContract) => (c.solvers = []), 'solver names is empty'],
    ['a repeated solver', (c: ModuleContract) => (c.solvers[1].name = 'dls'), 'solver names repeats a name'],
    ['a setting that is no option', (c: ModuleContract) => c.solvers[0].settings.push('speed'), "solver 'dls' reads 'speed', which is not an option"],
    ['a default out of range', (c: ModuleContract) => (c.options.tolerance.default = 0), 'options.tolerance.default 0 is outside its range'],
    ['an unknown option type', (c: ModuleContract) => ((c.options.step as { type: string }).type = 'float'), "options.step.type 'float'"],
    ['no invalid-input status', (c: ModuleContract) => (c.solveStatus = ['converged']), "solveStatus has no 'invalid-input'"],
    ['a missing buffer slot', (c: ModuleContract) => delete (c.exchange.buffers as Partial<typeof c.exchange.buffers>).palette, "exchange.buffers has no 'palette'"],
    ['a slot past the record', (c: ModuleContract) => (c.exchange.buffers.tips.index = 99), 'exchange.buffers.tips.index is not an index below'],
    ['a slot of an unknown type', (c: ModuleContract) => ((c.exchange.buffers.tips as { type: string }).type = 'float64'), "exchange.buffers.tips.type 'float64'"],
    ['a goal target past its record', (c: ModuleContract) => (c.goalRecord.target = c.goalRecord.floats - 2), 'goalRecord is not a record'],
    ['a target without room', (c: ModuleContract) => (c.exchange.floats.target = c.exchange.floatCount - 2), 'exchange.floats.target does not leave room for 3 floats'],
    ['no time slot', (c: ModuleContract) => delete (c.exchange.floats as Record<string, number>).time, "exchange.floats has no 'time'"],
    ['no loop modes', (c: ModuleContract) => (c.loopModes = []), 'loopModes is empty'],
    ['a repeated interpolation', (c: ModuleContract) => (c.interpolations[1] = 'step'), 'interpolations repeats a name'],
    ['value sizes not matching the targets', (c: ModuleContract) => c.channelValueSizes.pop(), 'channelValueSizes is not one size in 1..4 per channel target'],
    // The JSON types are checked against the built contract's, field by field.
    ['a flag that is a number', (c: ModuleContract) => ((c.solvers[2] as { poles: unknown }).poles = 1), 'solvers[2].poles is not a boolean'],
    ['no shapes', (c: ModuleContract) => delete (c as Partial<ModuleContract>).shapes, "the contract has no 'shapes'"],
    ['a goal field without its kind', (c: ModuleContract) => delete (c.shapes.goal.pole as Partial<typeof c.shapes.goal.pole>).kind, "shapes.goal.pole has no 'kind'"],
  ])('refuses a contract with %s, and the Rig refuses its module', (_, breaks, message) => {
    const broken = withContract(module, breaks);
    expect(() => checkContract(broken.contract())).toThrow(`Rig: module contract: ${message}`);
    const before = module.liveRigs();
    expect(() => Rig.create(broken, arm())).toThrow(`Rig: module contract: ${message}`);
    expect(module.liveRigs()).toBe(before);
  });
});
