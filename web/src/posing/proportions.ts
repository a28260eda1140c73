// Body proportions: a few named factors (height, head size, shoulder width,
// arm, leg and torso length, hand size) turned into the rig's rest scales.
//
// Each bone gets one size factor f: the height times its part's. The
// bone-role map says which bones are the head, the arms and so on; a bone
// without a role takes its parent's part, so a ponytail follows the head, a
// finger its hand, a twist bone its limb; the hips and feet follow the
// height alone. The scales are uniform, and each bone's is divided by its
// parent's (s = f / f_parent): a bone's own size is its f whatever its
// parent's, while the offsets of its children — its length — grow by its f.
// So longer arms do not bring bigger hands, and the mesh follows each bone
// through skinning (the bind pose stays as built). Uniform scales keep every
// joint frame a rotation times a scale (no shear under any pose, the
// Jacobian's fast path, a glTF node's TRS exact); the price is that a limb
// made longer is made as much thicker.
import type { BoneRole } from '../rig/retarget-contract.js';
import { BONE_ROLES } from '../rig/retarget.js';
import type { Rig } from '../rig/rig.js';

export const PROPORTION_KEYS = ['height', 'head', 'shoulders', 'arms', 'legs', 'torso', 'hands'] as const;
export type ProportionKey = (typeof PROPORTION_KEYS)[number];
/** Factors of the character as built (1: as built). */
export type Proportions = Readonly<Record<ProportionKey, number>>;

/** What each slider calls its factor, and the range it allows. */
export const PROPORTION_SLIDERS: Readonly<Record<ProportionKey, { label: string; min: number; max: number }>> = {
  height: { label: 'Height', min: 0.5, max: 1.4 },
  head: { label: 'Head size', min: 0.7, max: 1.5 },
  shoulders: { label: 'Shoulder width', min: 0.7, max: 1.5 },
  arms: { label: 'Arm length', min: 0.7, max: 1.4 },
  legs: { label: 'Leg length', min: 0.7, max: 1.4 },
  torso: { label: 'Torso length', min: 0.7, max: 1.4 },
  hands: { label: 'Hand size', min: 0.6, max: 1.6 },
};

export const AS_BUILT: Proportions = { height: 1, head: 1, shoulders: 1, arms: 1, legs: 1, torso: 1, hands: 1 };

/** Named bodies (from the default character, an average adult): a child's head is near an adult's, so it is large for its height. */
export const BODY_PRESETS: readonly { id: string; name: string; proportions: Proportions }[] = [
  { id: 'average', name: 'Average adult', proportions: AS_BUILT },
  { id: 'tall', name: 'Tall', proportions: { ...AS_BUILT, height: 1.1, legs: 1.04 } },
  { id: 'child', name: 'Child', proportions: { height: 0.72, head: 1.3, shoulders: 0.85, arms: 0.9, legs: 0.88, torso: 0.95, hands: 0.9 } },
  { id: 'heroic', name: 'Heroic', proportions: { height: 1.06, head: 0.88, shoulders: 1.25, arms: 1.05, legs: 1.08, torso: 1.02, hands: 1.1 } },
];

/** The part each bone role sizes (left out: the height alone). */
const PART_OF_ROLE: Partial<Record<BoneRole, ProportionKey>> = {
  spine: 'torso',
  chest: 'torso',
  neck: 'torso',
  head: 'head',
  shoulder_l: 'shoulders',
  shoulder_r: 'shoulders',
  upper_arm_l: 'arms',
  lower_arm_l: 'arms',
  upper_arm_r: 'arms',
  lower_arm_r: 'arms',
  hand_l: 'hands',
  hand_r: 'hands',
  upper_leg_l: 'legs',
  lower_leg_l: 'legs',
  upper_leg_r: 'legs',
  lower_leg_r: 'legs',
};

export function sameProportions(a: Proportions, b: Proportions): boolean {
  return PROPORTION_KEYS.every((key) => a[key] === b[key]);
}

export function isAsBuilt(p: Proportions): boolean {
  return sameProportions(p, AS_BUILT);
}

/** What is wrong with `value` as proportions (every key a finite number within its slider's range, no other key), or null. */
export function proportionsProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'proportions are not an object';
  const record = value as Record<string, unknown>;
  const unknownKey = Object.keys(record).find((key) => !(PROPORTION_KEYS as readonly string[]).includes(key));
  if (unknownKey !== undefined) return `proportions have an unknown part '${unknownKey.slice(0, 40)}' (the parts: ${PROPORTION_KEYS.join(', ')})`;
  for (const key of PROPORTION_KEYS) {
    const { min, max } = PROPORTION_SLIDERS[key];
    const factor = record[key];
    if (typeof factor !== 'number' || !(factor >= min && factor <= max)) return `proportion '${key}' is ${String(factor)}, not a number within [${min}, ${max}]`;
  }
  return null;
}

/** Proportions from a partial set (the rest as built); throws naming the first bad part. */
export function completeProportions(partial: Partial<Record<string, unknown>>, base: Proportions = AS_BUILT): Proportions {
  const whole = { ...base, ...partial };
  const problem = proportionsProblem(whole);
  if (problem) throw new Error(`kin: ${problem}`);
  return whole as Proportions;
}

/** The part each bone of `rig` is sized by (null: the height alone). */
export function bodyParts(rig: Rig): (ProportionKey | null)[] {
  const roles = rig.roleBones();
  const parts: (ProportionKey | null)[] = new Array(rig.boneCount).fill(null);
  const hasRole = new Array<boolean>(rig.boneCount).fill(false);
  roles.forEach((bone, r) => {
    if (bone < 0) return;
    parts[bone] = PART_OF_ROLE[BONE_ROLES[r]] ?? null;
    hasRole[bone] = true;
  });
  // Parent-first: a bone without a role takes its parent's part.
  rig.parents.forEach((parent, bone) => {
    if (!hasRole[bone] && parent >= 0) parts[bone] = parts[parent];
  });
  return parts;
}

/** Each bone's size factor: the height times its part's. */
export function sizeFactors(parts: readonly (ProportionKey | null)[], p: Proportions): Float64Array {
  return Float64Array.from(parts, (part) => p.height * (part === null ? 1 : p[part]));
}

/** The rig's rest scales (3 per bone) for proportions `p`: its description's scales times f / f_parent. */
export function restScalesFor(rig: Rig, p: Proportions): Float32Array {
  const factors = sizeFactors(bodyParts(rig), p);
  const scales = new Float32Array(3 * rig.boneCount);
  rig.description.forEach((bone, b) => {
    const parent = rig.parents[b];
    const relative = factors[b] / (parent < 0 ? 1 : factors[parent]);
    const built = bone.restS ?? [1, 1, 1];
    for (let axis = 0; axis < 3; axis++) scales[3 * b + axis] = built[axis] * relative;
  });
  return scales;
}
