// The retargeting lesson's rig: the default character's other half of a
// pair that differs in everything a retarget must bridge — legs a third
// longer (hips at 1.20 m instead of 0.96 m) with long shins (shin to thigh
// 4 : 3 where the default character's are 1 : 1) and long forearms, so that
// carrying the joint rotations alone puts hands and feet elsewhere than
// their sources' reach says; a spine of five bones where the default
// character has two; and motion-capture bone names
// (Hips, Spine…Spine4, LeftUpLeg, LeftForeArm, …) instead of hand_l and
// thigh_l. Like the default character it stands in a T-pose, Y up, facing
// +Z, its left on +X, with no rest rotations (every bone turns about the
// model axes) and the same kinds of limits: knees and elbows are hinges
// that bend one way. The page plays the default character's walk
// retargeted onto it (app/retarget/retarget-lesson.ts).
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { Lesson } from './lesson.js';
import { type LimbChain, limbTubes } from './limb-tubes.js';

const SPINE_BONES = 5;
const HIPS_MS: Vec3Tuple = [0, 1.2, 0];
const HIPS_LENGTH = 0.08;
const SPINE_LENGTH = 0.085;
const NECK_LENGTH = 0.1;
const HEAD_LENGTH = 0.2;
const CLAVICLE = 0.14;
const UPPER_ARM = 0.22;
const FOREARM = 0.28;
const HAND = 0.15;
const HIP_WIDTH = 0.1;
const THIGH = 0.5;
const SHIN = 0.66;
const FOOT = 0.14;
const TOES = 0.06;
/** Where the shoulders leave the top spine bone, above its origin. */
const SHOULDER_RISE = 0.06;

const symmetric = (x: number, y: number, z: number): Pick<BoneDesc, 'min' | 'max'> => ({ min: [-x, -y, -z], max: [x, y, z] });

/** The bones, parent-first: hips, the spine, neck and head, then each arm, then each leg (left before right). */
function bones(): BoneDesc[] {
  const list: BoneDesc[] = [{ name: 'Hips', parent: -1, restT: HIPS_MS, tip: [0, HIPS_LENGTH, 0], ...symmetric(0.35, 0.35, 0.35) }];
  for (let k = 0; k < SPINE_BONES; k++) {
    // Five bones share the bend the default character's two make: each turns less.
    list.push({ name: k === 0 ? 'Spine' : `Spine${k}`, parent: list.length - 1, restT: [0, k === 0 ? HIPS_LENGTH : SPINE_LENGTH, 0], tip: [0, SPINE_LENGTH, 0], ...symmetric(0.2, 0.2, 0.2) });
  }
  const chest = list.length - 1;
  list.push({ name: 'Neck', parent: chest, restT: [0, SPINE_LENGTH, 0], tip: [0, NECK_LENGTH, 0], ...symmetric(0.5, 0.5, 0.5) });
  list.push({ name: 'Head', parent: list.length - 1, restT: [0, NECK_LENGTH, 0], tip: [0, HEAD_LENGTH, 0], ...symmetric(0.6, 0.6, 0.6) });
  for (const [side, x] of [['Left', 1], ['Right', -1]] as const) {
    const shoulder = list.length;
    list.push({ name: `${side}Shoulder`, parent: chest, restT: [0, SHOULDER_RISE, 0], tip: [x * CLAVICLE, 0, 0], ...symmetric(0.2, 0.3, 0.3) });
    list.push({ name: `${side}Arm`, parent: shoulder, restT: [x * CLAVICLE, 0, 0], tip: [x * UPPER_ARM, 0, 0], ...symmetric(1.4, 1.5, 1.4) });
    // The elbow bends the forearm forward: about −Y on the left, +Y on the right (as the default character's).
    list.push({ name: `${side}ForeArm`, parent: shoulder + 1, restT: [x * UPPER_ARM, 0, 0], tip: [x * FOREARM, 0, 0], min: [-1.2, x > 0 ? -2.5 : 0, 0], max: [1.2, x > 0 ? 0 : 2.5, 0] });
    list.push({ name: `${side}Hand`, parent: shoulder + 2, restT: [x * FOREARM, 0, 0], tip: [x * HAND, 0, 0], ...symmetric(0.6, 0.8, 0.6) });
  }
  for (const [side, x] of [['Left', 1], ['Right', -1]] as const) {
    const thigh = list.length;
    list.push({ name: `${side}UpLeg`, parent: 0, restT: [x * HIP_WIDTH, 0, 0], tip: [0, -THIGH, 0], min: [-1.8, -0.6, -0.8], max: [0.5, 0.6, 0.8] });
    // The knee bends the shin backward (+X), as the default character's.
    list.push({ name: `${side}Leg`, parent: thigh, restT: [0, -THIGH, 0], tip: [0, -SHIN, 0], min: [0, 0, 0], max: [2.4, 0, 0] });
    list.push({ name: `${side}Foot`, parent: thigh + 1, restT: [0, -SHIN, 0], tip: [0, 0, FOOT], ...symmetric(0.7, 0.3, 0.3) });
    list.push({ name: `${side}ToeBase`, parent: thigh + 2, restT: [0, 0, FOOT], tip: [0, 0, TOES], min: [-0.5, 0, 0], max: [0.5, 0, 0] });
  }
  return list;
}

/** Each bone's origin in the bind pose (no rest rotations: the sums of the translations up the chain). */
function origins(list: readonly BoneDesc[]): Vec3Tuple[] {
  const out: Vec3Tuple[] = [];
  for (const bone of list) {
    const t = bone.restT ?? [0, 0, 0];
    const base = bone.parent < 0 ? [0, 0, 0] : out[bone.parent];
    out.push([base[0] + t[0], base[1] + t[1], base[2] + t[2]]);
  }
  return out;
}

/** The thickest tube radius (metres): the chest. */
export const LONG_LEGS_MAX_RADIUS = 0.12;

function body(list: readonly BoneDesc[]): ReturnType<typeof limbTubes> {
  const at = origins(list);
  const index = (name: string): number => list.findIndex((b) => b.name === name);
  const chain = (names: readonly string[], direction: Vec3Tuple, radius: (along: number) => number): LimbChain => {
    const indices = names.map(index);
    return { start_ms: at[indices[0]], direction, bones: indices, lengths: indices.map((b) => Math.hypot(...(list[b].tip as Vec3Tuple))), radius };
  };
  const spine = ['Hips', 'Spine', ...Array.from({ length: SPINE_BONES - 1 }, (_, k) => `Spine${k + 1}`), 'Neck', 'Head'];
  const neckAt = HIPS_LENGTH + SPINE_BONES * SPINE_LENGTH;
  // Pelvis, waist, chest, a thin neck, a round head.
  const torso = (along: number): number => {
    if (along < neckAt) return 0.1 + 0.02 * Math.sin((Math.PI * along) / neckAt) ** 2;
    if (along < neckAt + NECK_LENGTH) return 0.045;
    const h = (along - neckAt - NECK_LENGTH) / HEAD_LENGTH;
    return 0.045 + 0.05 * Math.sin(Math.PI * Math.min(1, h));
  };
  const chains = [chain(spine, [0, 1, 0], torso)];
  for (const [side, x] of [['Left', 1], ['Right', -1]] as const) {
    chains.push(chain([`${side}Shoulder`, `${side}Arm`, `${side}ForeArm`, `${side}Hand`], [x, 0, 0], (along) => Math.max(0.025, 0.05 - 0.03 * (along / (CLAVICLE + UPPER_ARM + FOREARM)))));
    chains.push(chain([`${side}UpLeg`, `${side}Leg`], [0, -1, 0], (along) => 0.07 - (0.03 * along) / (THIGH + SHIN)));
    chains.push(chain([`${side}Foot`, `${side}ToeBase`], [0, 0, 1], () => 0.035));
  }
  return limbTubes(chains);
}

export function longLegsLesson(): Lesson {
  const list = bones();
  const relaxed = {
    LeftForeArm: [0, -0.35, 0],
    RightForeArm: [0, 0.35, 0],
    LeftUpLeg: [-0.08, 0, 0],
    RightUpLeg: [-0.08, 0, 0],
    LeftLeg: [0.16, 0, 0],
    RightLeg: [0.16, 0, 0],
    LeftArm: [0, 0, -1.2],
    RightArm: [0, 0, 1.2],
  } satisfies Record<string, Vec3Tuple>;
  return {
    bones: list,
    mesh: body(list),
    poses: [
      { name: 'start', label: 'Relaxed (start)', angles: relaxed, rootOffset_ms: [0, 0, 0] },
      { name: 't-pose', label: 'T-pose (its rest)', angles: {}, rootOffset_ms: [0, 0, 0] },
    ],
  };
}
