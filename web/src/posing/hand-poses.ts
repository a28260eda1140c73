// Hand poses for characters with the default character's fingers
// (scripts/character/skeleton.mjs): thumb, index, middle, ring and little,
// three bones each (`index_1_l` at the knuckle … `index_3_l` at the tip).
// Each finger turns in its own frame: slot 2 (Z) curls it, negative toward
// the palm on the left hand; slot 1 (Y) spreads the knuckle; slot 0 (X)
// rolls the thumb's base (opposition). The right hand is the left mirrored:
// a left angle triple (x, y, z) is (x, −y, −z) on the right, exactly, as the
// generator mirrors the limits.
import type { Rig } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';

export const FINGERS = ['thumb', 'index', 'middle', 'ring', 'little'] as const;
export type Finger = (typeof FINGERS)[number];
export type HandSide = 'left' | 'right';
export type HandChoice = HandSide | 'both';
export const HAND_CHOICES: readonly HandChoice[] = ['left', 'right', 'both'];

/** A left hand's angles by bone name without the side (`index_2`); bones it leaves out are straight. */
type HandTable = Readonly<Partial<Record<`${Finger}_${1 | 2 | 3}`, Vec3Tuple>>>;

export interface HandPreset {
  id: string;
  label: string;
  angles: HandTable;
}

/** How far each joint of a finger curls at a curl of 1 (radians), knuckle first: inside every finger's limits. */
const CURL_RANGE: Readonly<Record<Finger, Vec3Tuple>> = {
  thumb: [0.5, 0.9, 1.2],
  index: [1.5, 1.7, 1.2],
  middle: [1.5, 1.7, 1.2],
  ring: [1.5, 1.7, 1.2],
  little: [1.5, 1.7, 1.2],
};

/**
 * How each knuckle turns at a spread of 1 (radians about its Y): the index
 * toward the thumb, the little finger away from it, the middle finger
 * hardly. The thumb has no share: its sideways swing is its curl's axis,
 * which the curl slider and the presets set.
 */
const SPREAD_RANGE: Readonly<Record<Exclude<Finger, 'thumb'>, number>> = { index: -0.3, middle: -0.06, ring: 0.15, little: 0.35 };
const SPREAD_FINGERS = ['index', 'middle', 'ring', 'little'] as const;

/** A finger curled by `curl` (0 straight … 1 fully): its three joints' Z, with `spread` on the knuckle's Y. */
function curled(finger: Finger, curl: readonly [number, number, number], spread = 0): Partial<Record<string, Vec3Tuple>> {
  const range = CURL_RANGE[finger];
  // No −0 for a straight joint: a pose read back compares equal to the one set.
  const z = (k: number) => (curl[k] === 0 ? 0 : -curl[k] * range[k]);
  return {
    [`${finger}_1`]: [0, spread, z(0)],
    [`${finger}_2`]: [0, 0, z(1)],
    [`${finger}_3`]: [0, 0, z(2)],
  };
}

const FIST_CURL: [number, number, number] = [0.95, 0.95, 0.75];

/** The thumb's three joints: its base's roll (opposition), swing and curl, then the two curls past it. */
function thumb(roll: number, swing: number, base: number, middle: number, tip: number): HandTable {
  return { thumb_1: [roll, swing, base], thumb_2: [0, 0, middle], thumb_3: [0, 0, tip] };
}

export const HAND_PRESETS: readonly HandPreset[] = [
  {
    id: 'relaxed',
    label: 'Relaxed',
    angles: {
      ...curled('index', [0.15, 0.22, 0.18], -0.02),
      ...curled('middle', [0.2, 0.27, 0.2]),
      ...curled('ring', [0.25, 0.3, 0.22], 0.02),
      ...curled('little', [0.3, 0.33, 0.25], 0.05),
      ...thumb(-0.2, 0, -0.1, -0.15, -0.2),
    },
  },
  {
    id: 'fist',
    label: 'Fist',
    angles: {
      ...curled('index', FIST_CURL),
      ...curled('middle', FIST_CURL),
      ...curled('ring', FIST_CURL),
      ...curled('little', FIST_CURL),
      ...thumb(-0.4, 0.2, -0.2, -0.55, -1.19),
    },
  },
  { id: 'open', label: 'Open', angles: {} },
  {
    id: 'spread',
    label: 'Spread',
    angles: {
      ...curled('index', [0, 0, 0], -0.3),
      ...curled('middle', [0, 0, 0], -0.06),
      ...curled('ring', [0, 0, 0], 0.15),
      ...curled('little', [0, 0, 0], 0.35),
      ...thumb(0, 0, 0.45, 0, 0),
    },
  },
  {
    id: 'point',
    label: 'Point',
    angles: {
      ...curled('index', [0, 0, 0]),
      ...curled('middle', FIST_CURL),
      ...curled('ring', FIST_CURL),
      ...curled('little', FIST_CURL),
      ...thumb(-0.4, 0.2, -0.6, 0.05, -1.4),
    },
  },
  {
    id: 'pinch',
    label: 'Pinch',
    angles: {
      ...curled('index', [0.42, 0.45, 0.25]),
      ...curled('middle', [0.2, 0.25, 0.15]),
      ...curled('ring', [0.25, 0.28, 0.18]),
      ...curled('little', [0.3, 0.3, 0.2], 0.05),
      ...thumb(-0.4, 0.2, -0.5, -0.4, -0.34),
    },
  },
  {
    id: 'grip',
    label: 'Grip',
    angles: {
      ...curled('index', [0.55, 0.75, 0.45]),
      ...curled('middle', [0.6, 0.78, 0.45]),
      ...curled('ring', [0.63, 0.8, 0.47]),
      ...curled('little', [0.66, 0.82, 0.5]),
      ...thumb(-0.4, 0.2, -0.4, -0.1, -0.13),
    },
  },
  {
    id: 'peace',
    label: 'Peace',
    angles: {
      ...curled('index', [0, 0, 0], -0.3),
      ...curled('middle', [0, 0, 0], 0.2),
      ...curled('ring', FIST_CURL),
      ...curled('little', FIST_CURL),
      ...thumb(-0.4, 0.5, -0.7, 0.2, -1.19),
    },
  },
  {
    id: 'thumbs-up',
    label: 'Thumbs up',
    angles: {
      ...curled('index', FIST_CURL),
      ...curled('middle', FIST_CURL),
      ...curled('ring', FIST_CURL),
      ...curled('little', FIST_CURL),
      ...thumb(-0.4, -0.1, 0.5, 0.2, 0.3),
    },
  },
  {
    id: 'claw',
    label: 'Claw',
    angles: {
      ...curled('index', [0.1, 0.75, 0.85], -0.2),
      ...curled('middle', [0.1, 0.75, 0.85]),
      ...curled('ring', [0.1, 0.75, 0.85], 0.1),
      ...curled('little', [0.1, 0.75, 0.85], 0.25),
      ...thumb(-0.3, 0.3, -0.1, -0.5, -0.8),
    },
  },
];

/** A preset's angles by bone name (`index_2_l`) on both hands, as a pose table takes them. */
function bothHandsTable(preset: HandPreset): Record<string, Vec3Tuple> {
  const table: Record<string, Vec3Tuple> = {};
  for (const side of ['left', 'right'] as const) {
    for (const [name, angles] of Object.entries(preset.angles)) table[`${name}_${side === 'left' ? 'l' : 'r'}`] = onSide(side, angles);
  }
  return table;
}

/** The preset called `id`; throws naming the presets for any other. */
export function handPreset(id: unknown): HandPreset {
  const preset = HAND_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`kin: no hand preset ${JSON.stringify(id)}; the presets are ${HAND_PRESETS.map((p) => p.id).join(', ')}`);
  return preset;
}

/** Each hand's finger bones: [finger][joint] → bone index (knuckle first), or null without the default character's fingers. */
type HandBones = Readonly<Record<HandSide, readonly (readonly [number, number, number])[]>>;

// Looked up once per rig: the hand panel reads the curls with every pose change of a drag.
const handBonesOf = new WeakMap<Rig, HandBones | null>();

function findHandBones(rig: Rig): HandBones | null {
  const of = (side: HandSide) =>
    FINGERS.map((finger) => [1, 2, 3].map((k) => rig.boneNames.indexOf(`${finger}_${k}_${side === 'left' ? 'l' : 'r'}`)) as [number, number, number]);
  const bones = { left: of('left'), right: of('right') };
  return [...bones.left, ...bones.right].every((finger) => finger.every((bone) => bone >= 0)) ? bones : null;
}

function handBones(rig: Rig): HandBones | null {
  if (!handBonesOf.has(rig)) handBonesOf.set(rig, findHandBones(rig));
  return handBonesOf.get(rig)!;
}

/** Whether the rig has both hands' fingers by the default character's names. */
export function hasFingers(rig: Rig): boolean {
  return handBones(rig) !== null;
}

/** Bone index of joint `k` (0 knuckle … 2 tip) of a finger; throws for a rig without the fingers. */
function boneOf(rig: Rig, side: HandSide, finger: Finger, k: number): number {
  const bones = handBones(rig);
  if (bones === null) throw new Error("kin: this character has no fingers by the default character's names (thumb_1_l … little_3_r): hand poses need them");
  return bones[side][FINGERS.indexOf(finger)][k];
}

/** The hands a choice names; throws for anything but 'left', 'right' or 'both'. */
export function handSides(choice: HandChoice): HandSide[] {
  if (choice !== 'left' && choice !== 'right' && choice !== 'both') throw new Error(`kin: a hand is 'left', 'right' or 'both', not ${JSON.stringify(choice)}`);
  return choice === 'both' ? ['left', 'right'] : [choice];
}

/** A left-hand triple on `side`: the right hand's is its mirror image (x, −y, −z). */
function onSide(side: HandSide, [x, y, z]: Vec3Tuple): Vec3Tuple {
  return side === 'left' ? [x, y, z] : [x, y === 0 ? 0 : -y, z === 0 ? 0 : -z];
}

/** `angles` (3 per bone) with `preset` on the chosen hands: every finger bone set, straight where the preset leaves it out. */
export function withHandPreset(rig: Rig, angles: ArrayLike<number>, preset: HandPreset, choice: HandChoice): Float32Array {
  const out = Float32Array.from(angles);
  for (const side of handSides(choice)) {
    for (const finger of FINGERS) {
      for (const k of [1, 2, 3] as const) {
        const name = `${finger}_${k}` as const;
        out.set(onSide(side, preset.angles[name] ?? [0, 0, 0]), 3 * boneOf(rig, side, finger, k - 1));
      }
    }
  }
  return out;
}

/** How curled a finger of `side` is in `angles`, 0 straight … 1 fully (the mean over its joints' curl ranges). */
export function fingerCurl(rig: Rig, angles: ArrayLike<number>, side: HandSide, finger: Finger): number {
  const range = CURL_RANGE[finger];
  const sign = side === 'left' ? -1 : 1;
  let sum = 0;
  for (let k = 0; k < 3; k++) sum += (sign * angles[3 * boneOf(rig, side, finger, k) + 2]) / range[k];
  return sum / 3;
}

/** `angles` with the fingers of the chosen hands curled to `curl` (0 … 1) at every joint, their spread and the thumb's roll kept. */
export function withFingerCurl(rig: Rig, angles: ArrayLike<number>, choice: HandChoice, fingers: readonly Finger[], curl: number): Float32Array {
  if (!Number.isFinite(curl)) throw new Error(`kin: a curl is a number from 0 to 1, not ${curl}`);
  const c = Math.min(1, Math.max(0, curl));
  const out = Float32Array.from(angles);
  for (const side of handSides(choice)) {
    const sign = side === 'left' ? -1 : 1;
    for (const finger of fingers) {
      CURL_RANGE[finger].forEach((range, k) => {
        out[3 * boneOf(rig, side, finger, k) + 2] = c === 0 ? 0 : sign * c * range;
      });
    }
  }
  return out;
}

/** How spread the hand of `side` is in `angles`: its index knuckle's turn over the index's spread range (0 … 1, negative when closed in). */
export function handSpread(rig: Rig, angles: ArrayLike<number>, side: HandSide): number {
  const y = angles[3 * boneOf(rig, side, 'index', 0) + 1];
  return (side === 'left' ? y : -y) / SPREAD_RANGE.index;
}

/** `angles` with every knuckle of the chosen hands spread to `spread` (−1 … 1 of each finger's spread range). */
export function withSpread(rig: Rig, angles: ArrayLike<number>, choice: HandChoice, spread: number): Float32Array {
  if (!Number.isFinite(spread)) throw new Error(`kin: a spread is a number from -1 to 1, not ${spread}`);
  const s = Math.min(1, Math.max(-1, spread));
  const out = Float32Array.from(angles);
  for (const side of handSides(choice)) {
    for (const finger of SPREAD_FINGERS) {
      const y = s === 0 ? 0 : s * SPREAD_RANGE[finger];
      out[3 * boneOf(rig, side, finger, 0) + 1] = side === 'left' ? y : -y;
    }
  }
  return out;
}

/** Both hands relaxed, by bone name: the start pose's and the body presets' hands. */
export const RELAXED_HANDS: Readonly<Record<string, Vec3Tuple>> = bothHandsTable(handPreset('relaxed'));
