// A library pose on a character of other bones and other proportions: a rig
// with Mixamo's names ("mixamorig:Hips"…), legs 15 % longer, arms 10 %
// shorter, the trunk 5 % longer and no joint limits, as a loaded glTF
// without our extras is. Through the core's bone roles and retargeting by
// rotations, every bone points within 1° of the same bone of the default
// character in that pose (directions from joint to tip, model space), and
// the pose rests on the floor by the same contacts: its lowest body point
// within 5 mm of the default character's.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_POSES } from '../../web/src/posing/built-in-poses.js';
import { libraryPoseByRoles } from '../../web/src/posing/library-by-roles.js';
import { libraryPoseOn } from '../../web/src/posing/pose-library.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bodyBones, defaultCharacterBones } from './default-character.js';
import { MIXAMO_BODY_NAMES as MIXAMO } from './mixamo-names.js';


/** How much longer each bone is on the other character, by the default character's name. */
function lengthScale(name: string): number {
  if (/^(thigh|shin|foot|toes)_/.test(name)) return 1.15;
  if (/^(upper_arm|forearm|hand)_/.test(name)) return 0.9;
  return 1.05;
}

function otherCharacter(body: readonly BoneDesc[]): BoneDesc[] {
  const scaled = (v: Vec3Tuple | undefined, s: number): Vec3Tuple => (v ?? [0, 0, 0]).map((c) => c * s) as Vec3Tuple;
  return body.map((bone) => ({
    name: `mixamorig:${MIXAMO[bone.name]}`,
    parent: bone.parent,
    // A bone's offset is its parent's length: it scales with the parent.
    restT: scaled(bone.restT, bone.parent < 0 ? 1.15 : lengthScale(body[bone.parent].name)),
    tip: scaled(bone.tip, lengthScale(bone.name)),
  }));
}

function directions(rig: Rig): Vec3Tuple[] {
  const model = rig.modelMatrices();
  const tips = rig.boneTips();
  return rig.boneNames.map((_, b) => {
    const d = [0, 1, 2].map((k) => tips[3 * b + k] - model[16 * b + 12 + k]);
    const length = Math.hypot(...d);
    return d.map((c) => c / length) as Vec3Tuple;
  });
}

describe('a library pose on a character of other bones', () => {
  let module: KinModule;
  let library: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    library = await defaultCharacterBones();
  });

  for (const name of ['Punch', 'Sit on a chair', 'Kneel on one knee', 'Run']) {
    it(`${name}: every bone of the Mixamo-named rig within 1° of the default character's`, () => {
      const pose = BUILT_IN_POSES.find((p) => p.name === name)!;
      const body = bodyBones(library);
      const target = Rig.create(module, otherCharacter(body));
      const reference = Rig.create(module, library);
      try {
        const onTarget = libraryPoseByRoles(module, library, target, pose);
        target.setPose(onTarget.angles, onTarget.rootOffset_ms);
        const onReference = libraryPoseOn(reference, pose);
        reference.setPose(onReference.angles, onReference.rootOffset_ms);
        const [got, expected] = [directions(target), directions(reference)];
        body.forEach((bone, b) => {
          const cos = got[b].reduce((sum, c, k) => sum + c * expected[b][k], 0);
          const degrees = (Math.acos(Math.min(1, cos)) * 180) / Math.PI;
          expect(degrees, `${bone.name} (${target.boneNames[b]})`).toBeLessThan(1);
        });
      } finally {
        target.dispose();
        reference.dispose();
      }
    });
  }
});

describe('parts of a library pose on a character of other bones', () => {
  it("upper body only, by the library bones its bones follow: the Mixamo rig's legs and root untouched", async () => {
    const module = await loadKinModuleNode();
    const library = await defaultCharacterBones();
    const target = Rig.create(module, otherCharacter(bodyBones(library)));
    try {
      const before = Float32Array.from(target.pose());
      const carry = (rig: Rig, pose: (typeof BUILT_IN_POSES)[number]) => libraryPoseByRoles(module, library, rig, pose);
      const { angles, rootOffset_ms } = libraryPoseOn(target, BUILT_IN_POSES.find((p) => p.name === 'Punch')!, { part: 'upper' }, carry);
      target.boneNames.forEach((name, b) => {
        const same = [0, 1, 2].every((k) => Object.is(angles[3 * b + k], before[3 * b + k]));
        if (/(Hips|UpLeg|Leg|Foot|ToeBase)$/.test(name)) expect(same, name).toBe(true);
      });
      expect(rootOffset_ms).toEqual([...target.rootOffset]);
      const arm = target.boneIndex('mixamorig:RightArm');
      expect(Math.hypot(angles[3 * arm], angles[3 * arm + 1], angles[3 * arm + 2])).toBeGreaterThan(0.5);
      // Without a carrier such a rig is refused by name.
      expect(() => libraryPoseOn(target, BUILT_IN_POSES[0])).toThrow("kin: the library's poses are for the default character's bones; this character has other ones");
    } finally {
      target.dispose();
    }
  });
});

describe('a library pose on a character of other bones rests on the floor as on the default character', () => {
  /** The lowest joint or tip of the first `count` bones (the body's). */
  const lowest = (rig: Rig, count: number): number => {
    const model = rig.modelMatrices();
    const tips = rig.boneTips();
    return Math.min(...Array.from({ length: count }, (_, b) => Math.min(model[16 * b + 13], tips[3 * b + 1])));
  };

  for (const name of ['Kneel on one knee', 'Sit on a chair', 'Run', 'Crouch']) {
    it(`${name}: its lowest body point within 5 mm of the default character's, legs 15 % longer`, async () => {
      const module = await loadKinModuleNode();
      const library = await defaultCharacterBones();
      const body = bodyBones(library);
      const target = Rig.create(module, otherCharacter(body));
      const reference = Rig.create(module, library);
      try {
        const pose = BUILT_IN_POSES.find((p) => p.name === name)!;
        const carry = (rig: Rig, p: typeof pose) => libraryPoseByRoles(module, library, rig, p);
        const onTarget = libraryPoseOn(target, pose, {}, carry);
        target.setPose(onTarget.angles, onTarget.rootOffset_ms);
        const onReference = libraryPoseOn(reference, pose);
        reference.setPose(onReference.angles, onReference.rootOffset_ms);
        expect(Math.abs(lowest(target, body.length) - lowest(reference, body.length))).toBeLessThan(0.005);
      } finally {
        target.dispose();
        reference.dispose();
      }
    });
  }
});
