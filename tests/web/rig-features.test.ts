// The Rig split by feature: the goals buffer gives the core's targets (the
// one place a drag's target lives), the features are freed with their rig
// and refuse use after it, and a feature handle made for no rig says so.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

function arm(): BoneDesc[] {
  return [
    { name: 'shoulder', parent: -1, tip: [0, 1, 0] },
    { name: 'elbow', parent: 0, restT: [0, 1, 0], tip: [0, 1, 0] },
    { name: 'wrist', parent: 1, restT: [0, 1, 0], tip: [0, 0.5, 0] },
  ];
}

describe('Rig features', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('reads each goal target from the core, as setGoals and setGoalTarget left it', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.setGoals([
        { bone: 2, target: [0.5, 1.5, 0.25] },
        { bone: 1, target: [-1, 0.75, 2], weight: 2 },
      ]);
      expect(Array.from(rig.goalTargets())).toEqual([0.5, 1.5, 0.25, -1, 0.75, 2]);
      rig.setGoalTarget(1, [3, -2, 0.5]);
      rig.solve();
      expect([0, 1, 2].map((k) => rig.goalTarget(1, k))).toEqual([3, -2, 0.5]);
      expect([0, 1, 2].map((k) => rig.goalTarget(0, k))).toEqual([0.5, 1.5, 0.25]);
      // A refused move leaves the target the core holds.
      expect(() => rig.setGoalTarget(0, [NaN, 0, 0])).toThrow(/target of goal 0/);
      expect(rig.goalTarget(0, 0)).toBe(0.5);
      rig.setGoals([]);
      expect(rig.goalTargets().length).toBe(0);
    } finally {
      rig.dispose();
    }
  });

  it('names the goal and the count for a bad goal index or component', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.setGoals([{ bone: 2, target: [0, 2, 0] }]);
      expect(() => rig.goalTarget(1, 0)).toThrow('Rig: goal index 1 is out of range [0, 1)');
      expect(() => rig.goalTarget(-1, 0)).toThrow('Rig: goal index -1 is out of range [0, 1)');
      expect(() => rig.goalTarget(0.5, 0)).toThrow('Rig: goal index 0.5 is out of range [0, 1)');
      expect(() => rig.goalTarget(0, 3)).toThrow('Rig: goal 0: target component 3 is not 0, 1 or 2');
    } finally {
      rig.dispose();
    }
  });

  it('frees every feature handle with its rig, and refuses a feature used after it', () => {
    const rig = Rig.create(module, arm());
    const { skinning, clips, springs, teaching, mirroring } = rig;
    rig.dispose();
    for (const feature of [skinning, clips, springs, teaching, mirroring]) expect(feature.disposed).toBe(true);
    expect(() => skinning.dqsPalette()).toThrow('Rig: used after dispose()');
    expect(() => clips.sampleClip(0, 'clamp')).toThrow('Rig: used after dispose()');
    expect(() => springs.stepSprings(16)).toThrow('Rig: used after dispose()');
    expect(() => mirroring.mirror('flip')).toThrow('Rig: used after dispose()');
    expect(() => rig.skinning).toThrow('Rig: used after dispose()');
  });

  it('a feature handle made for an address that is no rig refuses every call, naming the address', () => {
    const skinning = new module.RigSkinning(12345);
    try {
      expect(skinning.skin(0)).toBe(1);
      expect(skinning.errorMessage()).toContain('no rig at address 12345');
    } finally {
      skinning.delete();
    }
  });

  it('publishes a feature buffer in the rig record with its own length, and clears it when the feature goes', () => {
    const rig = Rig.create(module, arm());
    try {
      expect(rig.skinning.dqsPalette().length).toBe(20 * rig.boneCount);
      rig.skinning.setSkin([0, 0.5, 0], [], [0, 0, 0, 0], [1, 0, 0, 0]);
      rig.skinning.skin('lbs');
      expect(Array.from(rig.skinning.skinnedPositions())).toEqual([0, 0.5, 0]);
      expect(rig.skinning.skinnedNormals().length).toBe(0);
    } finally {
      rig.dispose();
    }
  });
});
