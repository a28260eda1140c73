// Mirroring through the built module on the default character: a flipped
// pose's palette is the original's mirror image bone for bone
// (palette'_j = M · palette_σ(j) · M with M = diag(−1, 1, 1), computed with
// three.js matrices in mirror-check.ts), a side copy leaves left and right
// palettes mirror images of each other, flipping twice gives the pose back,
// and a rig that is not symmetric is refused by name, the pose untouched.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';
import { mirrorGap } from './mirror-check.js';
import { seededRandom, uniform } from './seeded-random.js';

function randomPose(bones: readonly BoneDesc[], seed: number): number[] {
  const random = seededRandom(seed);
  return bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, b.min![k], b.max![k])));
}

describe('mirroring the default character through the module', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
  });

  it('pairs the bones by their _l / _r names', () => {
    const rig = Rig.create(module, bones);
    try {
      const partners = rig.mirrorPartners();
      const name = (bone: number) => rig.boneNames[partners[bone]];
      expect(name(rig.boneIndex('hand_l'))).toBe('hand_r');
      expect(name(rig.boneIndex('thigh_r'))).toBe('thigh_l');
      expect(name(rig.boneIndex('spine'))).toBe('spine');
      expect(name(rig.boneIndex('thumb_1_l'))).toBe('thumb_1_r');
      expect(name(rig.boneIndex('little_3_r'))).toBe('little_3_l');
      // 8 limb bones and 15 finger bones a side.
      expect(partners.filter((partner, bone) => partner !== bone).length).toBe(46);
    } finally {
      rig.dispose();
    }
  });

  for (const seed of [21, 22, 23]) {
    it(`a flipped pose's palette is the mirror image of the original's, and flipping twice restores it (seed ${seed})`, () => {
      const rig = Rig.create(module, bones);
      try {
        const angles = randomPose(bones, seed);
        rig.setPose(angles, [0.04, -0.1, 0.2]);
        const original = Float32Array.from(rig.palette());
        const pose = Float32Array.from(rig.pose());
        rig.mirror('flip');
        expect(mirrorGap(rig.palette(), original, rig.mirrorPartners())).toBeLessThan(1e-4);
        expect(rig.rootOffset.map((v) => Math.fround(v))).toEqual([-0.04, -0.1, 0.2].map((v) => Math.fround(v)));
        // The pose did change: the character is not symmetric in a random pose.
        expect(mirrorGap(original, original, rig.mirrorPartners())).toBeGreaterThan(0.05);
        rig.mirror('flip');
        const back = rig.pose();
        // The same rotations; a slot that spans more than a turn (the hips' heading) may come back a whole turn away.
        const turns = (d: number) => Math.abs(d - 2 * Math.PI * Math.round(d / (2 * Math.PI)));
        expect(Math.max(...pose.map((v, i) => turns(v - back[i])))).toBeLessThan(1e-5);
      } finally {
        rig.dispose();
      }
    });
  }

  for (const mode of ['left-to-right', 'right-to-left'] as const) {
    it(`${mode} makes the left and right palettes mirror images and keeps the copied side (seed 24)`, () => {
      const rig = Rig.create(module, bones);
      try {
        rig.setPose(randomPose(bones, 24));
        const before = Float32Array.from(rig.pose());
        rig.mirror(mode);
        const partners = rig.mirrorPartners();
        // Symmetric: each bone's palette is its partner's mirror image (a centre bone's its own).
        expect(mirrorGap(rig.palette(), rig.palette(), partners)).toBeLessThan(1e-4);
        const kept = mode === 'left-to-right' ? /_l$/ : /_r$/;
        const after = rig.pose();
        rig.boneNames.forEach((name, bone) => {
          if (!kept.test(name)) return;
          for (let k = 0; k < 3; k++) expect(after[3 * bone + k]).toBe(before[3 * bone + k]);
        });
      } finally {
        rig.dispose();
      }
    });
  }

  it('refuses a rig that is not symmetric, naming the bone, and keeps the pose', () => {
    const renamed = bones.map((b) => (b.name === 'foot_r' ? { ...b, name: 'paw_r' } : b));
    const rig = Rig.create(module, renamed);
    try {
      rig.setPose(randomPose(renamed, 25));
      const pose = Float32Array.from(rig.pose());
      expect(() => rig.mirror('flip')).toThrow("Rig: mirror: bone 15 'foot_l' is on the left but there is no bone 'foot_r'");
      expect(() => rig.mirrorPartners()).toThrow("there is no bone 'foot_r'");
      expect(Array.from(rig.pose())).toEqual(Array.from(pose));
      expect(() => rig.mirror('sideways' as never)).toThrow("Rig: unknown mirror mode 'sideways'");
    } finally {
      rig.dispose();
    }
  });
});
