// The pose presets on the default character through the built module: every
// preset lies within the joint limits (setting it clamps nothing), the
// T-pose is the bind (identity palette), the symmetric presets give
// mirror-image palettes, and each action pose does what its name says,
// measured on bone tips and origins. Tables skip bones a rig lacks.
import { beforeAll, describe, expect, it } from 'vitest';
import { anglesFromTable } from '../../web/src/posing/angle-table.js';
import { DEFAULT_CHARACTER_PRESETS, presetPose } from '../../web/src/posing/pose-presets.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';
import { mirrorGap } from './mirror-check.js';

type Vec3 = [number, number, number];

describe('pose presets on the default character', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  let rig: Rig;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
    rig = Rig.create(module, bones);
    return () => rig.dispose();
  });

  const posed = (name: string) => {
    const preset = DEFAULT_CHARACTER_PRESETS.find((p) => p.name === name);
    if (!preset) throw new Error(`no preset ${name}`);
    const { angles, rootOffset_ms } = presetPose(rig, preset);
    rig.setPose(angles, rootOffset_ms);
    return angles;
  };
  const tip = (name: string): Vec3 => {
    const t = rig.boneTips();
    const b = rig.boneIndex(name);
    return [t[3 * b], t[3 * b + 1], t[3 * b + 2]];
  };
  const origin = (name: string): Vec3 => {
    const m = rig.modelMatrices();
    const b = 16 * rig.boneIndex(name);
    return [m[b + 12], m[b + 13], m[b + 14]];
  };

  it('starts with the relaxed start pose and offers the six presets', () => {
    expect(DEFAULT_CHARACTER_PRESETS.map((p) => p.name)).toEqual(['relaxed', 't-pose', 'a-pose', 'walk', 'wave', 'crouch']);
  });

  for (const { name } of DEFAULT_CHARACTER_PRESETS) {
    it(`${name} lies within the joint limits`, () => {
      const angles = posed(name);
      const held = rig.pose();
      expect(Math.max(...angles.map((a, i) => Math.abs(a - held[i])))).toBeLessThan(1e-6);
    });
  }

  it('t-pose is the bind pose: an identity palette', () => {
    posed('t-pose');
    const palette = rig.palette();
    const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(Math.max(...Array.from(palette, (v, i) => Math.abs(v - identity[i % 16])))).toBeLessThan(1e-5);
  });

  for (const name of ['relaxed', 't-pose', 'a-pose', 'crouch'] as const) {
    it(`${name} is left–right symmetric`, () => {
      posed(name);
      expect(mirrorGap(rig.palette(), rig.palette(), rig.mirrorPartners())).toBeLessThan(1e-5);
    });
  }

  it('a-pose lowers both arms at an angle, hands clear of the body', () => {
    posed('a-pose');
    for (const side of ['l', 'r']) {
      const shoulder = origin(`upper_arm_${side}`);
      const hand = tip(`hand_${side}`);
      const drop = shoulder[1] - hand[1];
      const out = Math.abs(hand[0]) - Math.abs(shoulder[0]);
      // About 40° below horizontal: the hand is well below and well out from the shoulder.
      expect(drop).toBeGreaterThan(0.3);
      expect(out).toBeGreaterThan(0.4);
    }
  });

  it('walk puts the left foot ahead, the right behind, arms swinging against the legs, both feet at the ground', () => {
    posed('walk');
    expect(tip('foot_l')[2] - tip('foot_r')[2]).toBeGreaterThan(0.4);
    expect(tip('hand_r')[2] - tip('hand_l')[2]).toBeGreaterThan(0.2);
    const lowest = (side: string) => Math.min(tip(`foot_${side}`)[1], tip(`toes_${side}`)[1], origin(`foot_${side}`)[1] - 0.05);
    // The bind pose's soles are at y = 0.03: each foot's lowest point is within 2 cm of that.
    for (const side of ['l', 'r']) expect(Math.abs(lowest(side) - 0.03)).toBeLessThan(0.02);
  });

  it('wave raises the right hand above the head and keeps the left arm down', () => {
    posed('wave');
    expect(tip('forearm_r')[1]).toBeGreaterThan(origin('head')[1]);
    expect(tip('hand_r')[1]).toBeGreaterThan(tip('forearm_r')[1]);
    expect(tip('hand_l')[1]).toBeLessThan(origin('hips')[1] + 0.15);
  });

  it('crouch lowers the hips with the feet flat on the ground', () => {
    posed('t-pose');
    const standingHips = origin('hips')[1];
    posed('crouch');
    expect(standingHips - origin('hips')[1]).toBeGreaterThan(0.3);
    for (const side of ['l', 'r']) {
      const ankle = origin(`foot_${side}`);
      const toe = tip(`foot_${side}`);
      // Flat: the foot's bind offset (0, −0.05, 0.13) from the ankle, unrotated.
      expect(toe[1] - ankle[1]).toBeCloseTo(-0.05, 2);
      expect(toe[2] - ankle[2]).toBeCloseTo(0.13, 2);
      expect(Math.abs(toe[1] - 0.03)).toBeLessThan(0.02);
    }
  });

  it('tables name bones by their own keys and skip bones a rig lacks', () => {
    const small = Rig.create(module, [
      { name: 'constructor', parent: -1 },
      { name: 'forearm_l', parent: 0 },
    ]);
    try {
      expect(anglesFromTable(small, { forearm_l: [0, -0.5, 0], hand_l: [1, 1, 1] })).toEqual([0, 0, 0, 0, -0.5, 0]);
    } finally {
      small.dispose();
    }
  });
});
