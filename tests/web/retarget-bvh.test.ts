// BVH files made in the test (CMU names, centimetres, web/src/import/bvh/)
// retargeted onto the default character through the module. A walk with
// waving arms: the report's numbers stay within stated bounds, and the
// result is a clip the character plays whose hands move like the source's
// (positions relative to the shoulder over the arm's length, computed here
// from the two rigs' joints). A stance with a planted foot: contact locks
// keep the character's foot where it stood.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBvh } from '../../web/src/import/bvh/bvh-parse.js';
import { bvhRig } from '../../web/src/import/bvh/bvh-rig.js';
import { type RetargetReport, Retargeter } from '../../web/src/rig/retarget.js';
import type { ClipData } from '../../web/src/rig/clip-data.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';
import { cmuStanceBvh, cmuWalkBvh } from './retarget-fixtures.js';

const LIMBS = { arm_l: ['LeftArm', 'LeftHand', 'upper_arm_l', 'hand_l'], arm_r: ['RightArm', 'RightHand', 'upper_arm_r', 'hand_r'] } as const;

describe('a BVH walk retargeted onto the default character', () => {
  let module: KinModule;
  let source: Rig;
  let target: Rig;
  let retargeter: Retargeter;
  let map: Int32Array;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    const { bones, clip } = bvhRig(parseBvh(cmuWalkBvh()), 'walk');
    source = Rig.create(module, bones);
    source.clips.setClip(clip);
    target = Rig.create(module, await defaultCharacterBones());
    retargeter = Retargeter.create(module);
    map = retargeter.autoMap(source, target);
  });
  afterAll(() => {
    retargeter.dispose();
    source.dispose();
    target.dispose();
  });

  it('maps every bone of the character that has a counterpart; the ponytail (its springs drive it) and the fingers (the walk has none) stay unmapped', () => {
    const mapped = Array.from(map, (s, t) => `${target.boneNames[t]}<-${s < 0 ? '-' : source.boneNames[s]}`);
    expect(mapped).toEqual([
      'hips<-Hips', 'spine<-LowerBack', 'chest<-Spine1', 'neck<-Neck', 'head<-Head',
      'clavicle_l<-LeftShoulder', 'upper_arm_l<-LeftArm', 'forearm_l<-LeftForeArm', 'hand_l<-LeftHand',
      'clavicle_r<-RightShoulder', 'upper_arm_r<-RightArm', 'forearm_r<-RightForeArm', 'hand_r<-RightHand',
      'thigh_l<-LeftUpLeg', 'shin_l<-LeftLeg', 'foot_l<-LeftFoot', 'toes_l<-LeftToeBase',
      'thigh_r<-RightUpLeg', 'shin_r<-RightLeg', 'foot_r<-RightFoot', 'toes_r<-RightToeBase',
      'ponytail_1<--', 'ponytail_2<--', 'ponytail_3<--',
      ...['l', 'r'].flatMap((side) => ['thumb', 'index', 'middle', 'ring', 'little'].flatMap((finger) => [1, 2, 3].map((k) => `${finger}_${k}_${side}<--`))),
    ]);
    expect(retargeter.validate(source, target, map)).toEqual([]);
  });

  /** Per frame and arm: |(hand − shoulder) / arm length|, source minus target, largest. */
  function handDeparture(clip: ClipData, report: RetargetReport): number {
    target.clips.setClip(clip);
    const originOf = (rig: Rig, bone: string) => {
      const i = rig.boneIndex(bone);
      const m = rig.modelMatrices();
      return [m[16 * i + 12], m[16 * i + 13], m[16 * i + 14]];
    };
    const lengths = (rig: Rig, upper: string, hand: string) => {
      rig.setPose(new Float32Array(3 * rig.boneCount));
      let length = 0;
      for (let b = rig.boneIndex(hand); b !== rig.boneIndex(upper); b = rig.parents[b]) {
        const [p, q] = [originOf(rig, rig.boneNames[b]), originOf(rig, rig.boneNames[rig.parents[b]])];
        length += Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
      }
      return length;
    };
    let worst = 0;
    for (const [su, sh, tu, th] of Object.values(LIMBS)) {
      const sourceLength = lengths(source, su, sh);
      const targetLength = lengths(target, tu, th);
      for (const time of report.times) {
        source.clips.sampleClip(time, 'clamp');
        target.clips.sampleClip(time, 'clamp');
        const [s0, s1, t0, t1] = [originOf(source, su), originOf(source, sh), originOf(target, tu), originOf(target, th)];
        const d = [0, 1, 2].map((k) => (s1[k] - s0[k]) / sourceLength - (t1[k] - t0[k]) / targetLength);
        worst = Math.max(worst, Math.hypot(d[0], d[1], d[2]));
      }
    }
    return worst;
  }

  it('by rotation: bone directions within 0.01°, limb ends and hands within 1 % of the limb', () => {
    const { clip, report } = retargeter.retarget(source, target, map, { mode: 'rotation', contactLocks: false, fps: 0, clipName: 'walk', targetName: 'character' });
    expect(clip.name).toBe('walk → character');
    expect(report.frames).toBe(61);
    // Seen: 2e-6° mean, 3e-5° max (the walk stays inside the character's
    // limits, which alone could pull a bone off its source's direction);
    // limb ends 0.7 % off (the two rigs' upper and lower bones differ in
    // ratio), and the hands with them.
    expect(report.meanAngle_deg).toBeLessThan(0.01);
    expect(report.maxAngle_deg).toBeLessThan(0.01);
    expect(report.maxLimbError).toBeLessThan(0.01);
    expect(report.maxLimbError).toBeGreaterThan(1e-3);
    expect(handDeparture(clip, report)).toBeLessThan(0.01);
  });

  it('by IK: every limb end within 1e-4 of its limb length of its goal, and the hands', () => {
    const { clip, report } = retargeter.retarget(source, target, map, { mode: 'ik', contactLocks: true, fps: 30 });
    expect(report.frames).toBe(61);
    // Seen: 1.7e-6 max, 1.3e-7 mean; the bones' directions give way by
    // 0.05° mean, 0.43° max (IK bends the limbs to the target's proportions).
    expect(report.maxLimbError).toBeLessThan(1e-4);
    expect(report.meanLimbError).toBeLessThan(1e-5);
    expect(report.meanAngle_deg).toBeLessThan(0.2);
    expect(report.maxAngle_deg).toBeLessThan(1);
    // The walk never plants a foot (the hips glide at 0.6 m/s): no contacts to slide in.
    expect(Array.from(report.contactFrames)).toEqual([0, 0]);
    expect(report.maxFootSlide).toBe(0);
    expect(handDeparture(clip, report)).toBeLessThan(1e-4);
    // Unmapped bones have no angle error; every mapped one has one per frame.
    const n = target.boneCount;
    for (let b = 0; b < n; b++) expect(Number.isFinite(report.boneAngleError_rad[b]), target.boneNames[b]).toBe(map[b] >= 0);
  });
});

describe('a BVH stance with a planted foot retargeted onto the default character', () => {
  let module: KinModule;
  let source: Rig;
  let target: Rig;
  let retargeter: Retargeter;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    const { bones, clip } = bvhRig(parseBvh(cmuStanceBvh()), 'stance');
    source = Rig.create(module, bones);
    source.clips.setClip(clip);
    target = Rig.create(module, await defaultCharacterBones());
    retargeter = Retargeter.create(module);
  });
  afterAll(() => {
    retargeter.dispose();
    source.dispose();
    target.dispose();
  });

  for (const mode of ['rotation', 'ik'] as const) {
    it(`keeps the foot planted with contact locks (${mode})`, () => {
      const map = retargeter.autoMap(source, target);
      const free = retargeter.retarget(source, target, map, { mode, contactLocks: false, fps: 0 }).report;
      const locked = retargeter.retarget(source, target, map, { mode, contactLocks: true, fps: 0 }).report;
      // The left foot stands for 0.6 s (18 frames, less an edge); the right one swings in the air.
      for (const report of [free, locked]) {
        expect(report.contactFrames[0]).toBeGreaterThanOrEqual(16);
        expect(report.contactFrames[0]).toBeLessThanOrEqual(18);
        expect(report.contactFrames[1]).toBe(0);
      }
      // Seen: 1.0 mm free (the character's hip height over the source's is
      // not quite its leg length over theirs), 5e-8 m locked.
      expect(free.footSlide[0]).toBeGreaterThan(5e-4);
      expect(locked.footSlide[0]).toBeLessThan(1e-5);
      expect(locked.maxFootSlide).toBeLessThan(1e-5);
    });
  }
});
