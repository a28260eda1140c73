// An orientation goal through the module: DLS turns the default character's
// hand to a target orientation within 1° while its fingertip reaches the
// target, with the feet pinned as the page pins them.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, QuatTuple, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';

function rotation(rig: Rig, bone: number): THREE.Quaternion {
  const m = new THREE.Matrix4().fromArray(rig.modelMatrices(), 16 * bone);
  return new THREE.Quaternion().setFromRotationMatrix(m);
}

function tip(rig: Rig, bone: number): Vec3Tuple {
  const t = rig.boneTips();
  return [t[3 * bone], t[3 * bone + 1], t[3 * bone + 2]];
}

describe('orientation goals', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    [module, bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
  });

  it('DLS turns the hand within 1° and reaches its fingertip target', () => {
    const rig = Rig.create(module, bones);
    try {
      const hand = rig.boneIndex('hand_r');
      // The target: where a pose within the limits puts the hand.
      rig.setAngles(rig.boneIndex('upper_arm_r'), 0.6, -0.4, 0.9);
      rig.setAngles(rig.boneIndex('forearm_r'), 0.8, 1.3, 0);
      rig.setAngles(hand, -0.4, 0.5, 0.3);
      const target = tip(rig, hand);
      const q = rotation(rig, hand);
      const orientation: QuatTuple = [q.x, q.y, q.z, q.w];
      rig.setPose(new Array(3 * rig.boneCount).fill(0));
      const feet = ['foot_l', 'foot_r'].map((name) => rig.boneIndex(name));
      rig.setGoals([
        { bone: hand, target, orientation },
        ...feet.map((foot) => ({ bone: foot, target: tip(rig, foot), weight: 100 })),
      ]);
      rig.setSolver('dls', { maxIterations: 200 });
      const report = rig.solve();
      expect(report.status).toBe('converged');
      const reached = tip(rig, hand);
      expect(Math.hypot(reached[0] - target[0], reached[1] - target[1], reached[2] - target[2])).toBeLessThan(1e-5);
      expect((rotation(rig, hand).angleTo(q) * 180) / Math.PI).toBeLessThan(1);
    } finally {
      rig.dispose();
    }
  });
});
