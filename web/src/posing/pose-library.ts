// The pose library's poses and how one is applied: a pose is Euler angles by
// bone name (the default character's bones and conventions,
// scripts/character/skeleton.mjs) and a root offset, in a category. Applying
// one sets the bones of the chosen part of the body (the whole body, the
// upper or the lower body, the hands), mirrored if asked, blended from the
// current pose by a factor (0 the current pose, 1 the library's, both
// exactly), as one undo step. Body and finger bones the pose does not name
// are straight (their rest), as in a preset; bones it cannot know (the
// ponytail, another rig's own) keep their angles. A pose with a ground (the
// built-in ones) is put on the floor of the character it is applied to.
import type { Rig } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import type { PoseEditor } from './pose-editor.js';
import { type Ground, groundFollowing, groundedRoot } from './pose-ground.js';

// Lying down turns the whole body over: the default character's root (its
// hips) tips over every way, and IK tilts it only 20° from a pose (its IK
// range), so that a lying pose stays lying while its limbs are dragged.
export const POSE_CATEGORIES = [
  'standing',
  'walking and running',
  'sitting',
  'kneeling',
  'crouching',
  'jumping',
  'reaching and picking up',
  'fighting',
  'dancing',
  'lying',
] as const;
export type PoseCategory = (typeof POSE_CATEGORIES)[number];

export const POSE_PARTS = ['whole', 'upper', 'lower', 'hands'] as const;
export type PosePart = (typeof POSE_PARTS)[number];

export interface LibraryPose {
  /** 'builtin:…' for the page's own, 'user:…' for the user's. */
  id: string;
  name: string;
  category: PoseCategory;
  builtIn: boolean;
  /** Euler angles (radians, by slot) by bone name; bones it leaves out are at rest. */
  angles: Readonly<Record<string, Vec3Tuple>>;
  rootOffset_ms: Vec3Tuple;
  /** How the pose meets the floor (the built-in poses): its root's height is found on the character it is applied to. */
  ground?: Ground;
}

export interface ApplyOptions {
  part?: PosePart;
  mirror?: boolean;
  /** 0 keeps the current pose, 1 takes the library's; between, each angle in proportion. */
  blend?: number;
}

/**
 * Carries a library pose onto a rig without the default character's body
 * (library-by-roles.ts): the rig's angles and root offset for it, and per
 * bone the library bone it follows (null: none).
 */
export type PoseCarrier = (rig: Rig, pose: LibraryPose) => { angles: Float32Array; rootOffset_ms: Vec3Tuple; sourceNames: readonly (string | null)[] };

const FINGER = /^(thumb|index|middle|ring|little)_[123]_[lr]$/;
const BODY = /^(hips|spine|chest|neck|head|(clavicle|upper_arm|forearm|hand|thigh|shin|foot|toes)_[lr])$/;

/** The bones a library pose may name: the default character's (scripts/character/skeleton.mjs). */
export const LIBRARY_BONES: readonly string[] = [
  'hips', 'spine', 'chest', 'neck', 'head',
  ...['clavicle', 'upper_arm', 'forearm', 'hand', 'thigh', 'shin', 'foot', 'toes'].flatMap((bone) => [`${bone}_l`, `${bone}_r`]),
  'ponytail_1', 'ponytail_2', 'ponytail_3',
  ...['l', 'r'].flatMap((side) => ['thumb', 'index', 'middle', 'ring', 'little'].flatMap((finger) => [1, 2, 3].map((k) => `${finger}_${k}_${side}`))),
];

/** Whether a rig has the default character's body (the library's poses are written for it). */
export function hasLibraryBody(rig: Rig): boolean {
  return LIBRARY_BONES.slice(0, 21).every((name) => rig.boneNames.includes(name));
}

/** A bone of the default character's body or hands, which a library pose always sets (to rest where it does not name it); the rest (a ponytail, another rig's own bones) keep their angles. */
const knownBone = (name: string): boolean => BODY.test(name) || FINGER.test(name);
const LOWER = /^(hips|thigh_[lr]|shin_[lr]|foot_[lr]|toes_[lr])$/;

/** Whether a bone belongs to a part of the body: the lower body is the hips and the legs; the upper everything above; the hands their fingers. */
export function inPart(name: string, part: PosePart): boolean {
  switch (part) {
    case 'whole':
      return true;
    case 'lower':
      return LOWER.test(name);
    case 'upper':
      return !LOWER.test(name);
    case 'hands':
      return FINGER.test(name);
  }
}

const twin = (name: string): string => name.replace(/_l$/, '_\u0000').replace(/_r$/, '_l').replace(/_\u0000$/, '_r');
const negated = (v: number): number => (v === 0 ? 0 : -v);

/**
 * The pose seen in a mirror through the character's middle (x = 0): each
 * bone takes its twin's angles (left for right), every angle triple
 * (x, −y, −z) — a rotation about an axis mirrored through x = 0 turns the
 * other way about its Y and Z, the same rule the generator mirrors the limits
 * and the fingers' frames by — and the root moves to −x.
 */
export function mirroredPose(pose: LibraryPose): LibraryPose {
  // No prototype: a bone may be called anything, '__proto__' too.
  const angles: Record<string, Vec3Tuple> = Object.create(null);
  for (const [name, [x, y, z]] of Object.entries(pose.angles)) angles[twin(name)] = [x, negated(y), negated(z)];
  const [x, y, z] = pose.rootOffset_ms;
  // Its floor contacts go to the twin bones too: a pose lying on its left side rests on its right.
  const ground = pose.ground?.map((contact) => ({ ...contact, bones: contact.bones.map(twin) }));
  return { ...pose, angles, rootOffset_ms: [negated(x), y, z], ...(ground ? { ground } : {}) };
}

function checkOptions({ part = 'whole', mirror = false, blend = 1 }: ApplyOptions): Required<ApplyOptions> {
  if (!(POSE_PARTS as readonly unknown[]).includes(part)) throw new Error(`kin: a part is one of ${POSE_PARTS.join(', ')}, not ${JSON.stringify(part)}`);
  if (typeof mirror !== 'boolean') throw new Error('kin: mirror is true or false');
  if (typeof blend !== 'number' || !(blend >= 0 && blend <= 1)) throw new Error(`kin: a blend is a number from 0 to 1, not ${String(blend)}`);
  return { part, mirror, blend };
}

/**
 * The angles (3 per bone) and root offset the pose gives `rig` from its
 * current pose, with the options. A rig without the default character's body
 * takes the pose through `carry` (by bone roles), its parts by the library
 * bones its bones follow; without `carry` it is refused.
 */
export function libraryPoseOn(rig: Rig, pose: LibraryPose, options: ApplyOptions = {}, carry?: PoseCarrier): { angles: Float32Array; rootOffset_ms: Vec3Tuple } {
  const { part, mirror, blend } = checkOptions(options);
  const source = mirror ? mirroredPose(pose) : pose;
  const current = rig.pose();
  // The library's pose on this rig, every bone, and the library bone each follows; its root where its ground puts it.
  let whole: Float32Array;
  let libraryRoot: Vec3Tuple;
  let followed: readonly (string | null)[];
  if (hasLibraryBody(rig)) {
    whole = Float32Array.from(current);
    rig.boneNames.forEach((name, bone) => {
      if (Object.hasOwn(source.angles, name)) whole.set(source.angles[name], 3 * bone);
      else if (knownBone(name)) whole.fill(0, 3 * bone, 3 * bone + 3);
    });
    libraryRoot = source.ground ? groundedRoot(rig, whole, source.rootOffset_ms, source.ground) : source.rootOffset_ms;
    followed = rig.boneNames;
  } else {
    if (!carry) throw new Error("kin: the library's poses are for the default character's bones; this character has other ones");
    const carried = carry(rig, source);
    whole = carried.angles;
    followed = carried.sourceNames;
    // Its own bones on the floor as the library's would be: the same contacts, by the library bones they follow.
    libraryRoot = source.ground ? groundedRoot(rig, whole, carried.rootOffset_ms, groundFollowing(rig, source.ground, followed)) : carried.rootOffset_ms;
  }
  const angles = Float32Array.from(current);
  // (1 − t)·a + t·b is a at t = 0 and b at t = 1, exactly.
  const mix = (a: number, b: number) => (1 - blend) * a + blend * b;
  rig.boneNames.forEach((_, bone) => {
    const name = followed[bone];
    if (name === null || !inPart(name, part)) return;
    for (let k = 0; k < 3; k++) angles[3 * bone + k] = mix(current[3 * bone + k], whole[3 * bone + k]);
  });
  const root = rig.rootOffset;
  // The root offset carries the body's height and place: the whole body's or the legs' business.
  const rootOffset_ms: Vec3Tuple = part === 'whole' || part === 'lower' ? ([0, 1, 2].map((k) => mix(root[k], libraryRoot[k])) as Vec3Tuple) : [...root];
  return { angles, rootOffset_ms };
}

/** Applies a library pose to the editor's character (one undo step). */
export function applyLibraryPose(editor: PoseEditor, pose: LibraryPose, options: ApplyOptions = {}, carry?: PoseCarrier): void {
  const { angles, rootOffset_ms } = libraryPoseOn(editor.session.rig, pose, options, carry);
  editor.setPose(angles, rootOffset_ms);
}

/** The character's pose as a library pose: every bone's angles by name (straight ones left out), the root offset. */
export function capturedPose(rig: Rig, id: string, name: string, category: PoseCategory): LibraryPose {
  const pose = rig.pose();
  const angles: Record<string, Vec3Tuple> = Object.create(null);
  rig.boneNames.forEach((bone, b) => {
    const triple: Vec3Tuple = [pose[3 * b], pose[3 * b + 1], pose[3 * b + 2]];
    if (triple.some((angle) => angle !== 0)) angles[bone] = triple;
  });
  return { id, name, category, builtIn: false, angles, rootOffset_ms: [...rig.rootOffset] };
}
