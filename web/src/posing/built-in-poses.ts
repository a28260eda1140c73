// The pose library's own poses, for the default character, written by hand
// in its conventions (pose-presets.ts describes them: arms along ±X, for the
// left arm −z lowers it, −y swings it forward, −y on the forearm bends the
// elbow; −x swings a thigh forward, +x bends a knee, +x points a foot down;
// +x leans the trunk or head forward, +y turns it to the left; the right side
// mirrors y and z). Each says how it meets the floor: which bones' points
// (joints and tips) rest at which height — the soles' bones at the rest
// pose's 3 cm, a seat's hips 15 cm above it (the buttocks' flesh), the knees 5 cm, a lying
// trunk 11 cm — and the page puts its root there when it applies the pose (pose-ground.ts).
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { HAND_PRESETS, RELAXED_HANDS } from './hand-poses.js';
import type { Contact, Ground } from './pose-ground.js';
import type { LibraryPose, PoseCategory } from './pose-library.js';

type Table = Record<string, Vec3Tuple>;

const SOLES = ['foot_l', 'foot_r', 'toes_l', 'toes_r'];
// Every bone of the body: none goes below the floor (its points 1 cm above it, under the skin).
const BODY: Contact = {
  bones: [
    'hips', 'spine', 'chest', 'neck', 'head',
    ...['clavicle', 'upper_arm', 'forearm', 'hand', 'thigh', 'shin', 'foot', 'toes'].flatMap((bone) => [`${bone}_l`, `${bone}_r`]),
    ...['thumb', 'index', 'middle', 'ring', 'little'].flatMap((finger) => [1, 2, 3].flatMap((k) => [`${finger}_${k}_l`, `${finger}_${k}_r`])),
  ],
  height: 0.01,
};
const FEET: Ground = [{ bones: SOLES, height: 0.03 }, BODY];
const LEFT_FOOT: Ground = [{ bones: ['foot_l', 'toes_l'], height: 0.03 }, BODY];
const RIGHT_FOOT: Ground = [{ bones: ['foot_r', 'toes_r'], height: 0.03 }, BODY];
const TOES: Ground = [{ bones: ['toes_l', 'toes_r'], height: 0.02 }, BODY];
const SEAT: Ground = [{ bones: ['hips'], height: 0.15 }, { bones: SOLES, height: 0.03 }, BODY];
const KNEES: Ground = [{ bones: ['shin_l', 'shin_r'], height: 0.05 }, { bones: SOLES, height: 0.03 }, BODY];
const AIR: Ground = [{ bones: SOLES, height: 0.35 }];
// Lying down, the trunk's joints (on its centre line) rest as far above the floor as the skin is
// from them, at the back and at the front alike (10.5–12.5 cm, measured on the mesh); propped on
// the elbows, the pelvis so and the elbows 4 cm up; on the side, the lower thigh's joints 6 cm
// (the hip's flesh is 8 cm deep and the knee's 5.5, pressed a little).
const TRUNK_DOWN: Ground = [{ bones: ['hips', 'spine', 'chest'], height: 0.11 }, BODY];
const ON_ELBOWS: Ground = [{ bones: ['hips', 'spine'], height: 0.11 }, { bones: ['forearm_l', 'forearm_r'], height: 0.04 }, BODY];
const LEFT_SIDE: Ground = [{ bones: ['thigh_l'], height: 0.06 }, BODY];

const negated = (v: number): number => (v === 0 ? 0 : -v);
/** A left-side triple on the right: (x, −y, −z). */
const right = ([x, y, z]: Vec3Tuple): Vec3Tuple => [x, negated(y), negated(z)];

/** Both sides of the body the same: each `_l` entry gets its mirrored `_r` twin. */
function both(left: Table): Table {
  const table: Table = {};
  for (const [name, angles] of Object.entries(left)) {
    table[name] = angles;
    if (name.endsWith('_l')) table[name.replace(/_l$/, '_r')] = right(angles);
  }
  return table;
}

function hands(id: string, side: 'both' | 'l' | 'r' = 'both'): Table {
  const preset = HAND_PRESETS.find((p) => p.id === id)!;
  const table: Table = {};
  for (const [name, angles] of Object.entries(preset.angles)) {
    if (side !== 'r') table[`${name}_l`] = angles;
    if (side !== 'l') table[`${name}_r`] = right(angles);
  }
  return table;
}

// Arms hanging at the sides, elbows a little bent, as the start pose.
const ARMS_DOWN = both({ upper_arm_l: [0, 0, -1.3], forearm_l: [0, -0.3, 0] });

interface Entry {
  name: string;
  category: PoseCategory;
  angles: Table;
  ground: Ground;
  /** Where the root stands on the floor (x, z); its height comes from the ground. */
  at?: [number, number];
}

const ENTRIES: Entry[] = [
  // Standing.
  { name: 'Stand at ease', category: 'standing', ground: FEET, angles: { ...ARMS_DOWN, ...RELAXED_HANDS } },
  { name: 'Attention', category: 'standing', ground: FEET, angles: { ...both({ upper_arm_l: [0, 0, -1.4], forearm_l: [0, -0.05, 0] }), ...hands('open') } },
  { name: 'Hands on hips', category: 'standing', ground: FEET, angles: { ...both({ upper_arm_l: [-0.3, 0.35, -0.9], forearm_l: [0, -1.9, 0], hand_l: [0, 0, 0.3], thigh_l: [0, 0, 0.08] }), ...hands('relaxed') } },
  { name: 'Arms crossed', category: 'standing', ground: FEET, angles: { ...both({ upper_arm_l: [0.3, -0.9, -1.2], forearm_l: [0, -2.1, 0] }), head: [0.1, 0, 0], ...hands('relaxed') } },
  { name: 'Contrapposto', category: 'standing', ground: LEFT_FOOT, angles: { hips: [0, 0.1, -0.08], spine: [0, 0, 0.08], chest: [0, -0.1, 0.05], head: [0, 0.15, -0.08], thigh_l: [0, 0, 0.08], thigh_r: [-0.25, 0, -0.05], shin_r: [0.45, 0, 0], foot_r: [0, 0, 0], ...ARMS_DOWN, ...RELAXED_HANDS } },
  { name: 'Thinking', category: 'standing', ground: FEET, angles: { head: [0.2, 0, 0], upper_arm_l: [0.2, -0.6, -1.2], forearm_l: [0, -1.9, 0], upper_arm_r: right([1.2, -0.5, -1.0]), forearm_r: right([0, -2.4, 0]), hand_r: right([0, 0, 0.4]), ...hands('relaxed', 'l'), ...hands('point', 'r') } },
  { name: 'Wave hello', category: 'standing', ground: FEET, angles: { neck: [0, -0.1, 0], head: [0, -0.2, 0], ...both({ upper_arm_l: [0, 0, -1.3], forearm_l: [0, -0.25, 0] }), clavicle_r: right([0, 0, 0.15]), upper_arm_r: right([-1.35, 0, 0.35]), forearm_r: right([0, -1.3, 0]), ...hands('relaxed', 'l'), ...hands('open', 'r') } },
  { name: 'Point ahead', category: 'standing', ground: FEET, angles: { chest: [0, -0.15, 0], head: [0, -0.1, 0], upper_arm_l: [0, 0, -1.3], forearm_l: [0, -0.3, 0], upper_arm_r: right([0, -1.3, 0.1]), forearm_r: right([0, -0.05, 0]), ...hands('relaxed', 'l'), ...hands('point', 'r') } },
  // Walking and running.
  { name: 'Walk, left foot ahead', category: 'walking and running', ground: FEET, angles: { hips: [0, -0.08, 0], spine: [0.05, 0, 0], chest: [0, 0.1, 0], upper_arm_l: [0, 0.35, -1.3], forearm_l: [0, -0.25, 0], upper_arm_r: right([0, -0.35, -1.3]), forearm_r: right([0, -0.6, 0]), thigh_l: [-0.45, 0, 0], shin_l: [0.15, 0, 0], foot_l: [0.2, 0, 0], thigh_r: [0.35, 0, 0], shin_r: [0.35, 0, 0], foot_r: [-0.3, 0, 0], toes_r: [-0.4, 0, 0], ...RELAXED_HANDS } },
  { name: 'Walk, passing', category: 'walking and running', ground: LEFT_FOOT, angles: { spine: [0.05, 0, 0], ...both({ upper_arm_l: [0, 0, -1.3], forearm_l: [0, -0.4, 0] }), thigh_l: [0.05, 0, 0], shin_l: [0.05, 0, 0], thigh_r: [-0.35, 0, 0], shin_r: [1.0, 0, 0], foot_r: [-0.2, 0, 0], ...RELAXED_HANDS } },
  { name: 'Run', category: 'walking and running', ground: RIGHT_FOOT, angles: { spine: [0.2, 0, 0], chest: [0.1, -0.15, 0], head: [-0.2, 0, 0], upper_arm_l: [0, 0.6, -1.2], forearm_l: [0, -1.6, 0], upper_arm_r: right([0, -0.8, -1.2]), forearm_r: right([0, -1.7, 0]), thigh_l: [-1.1, 0, 0], shin_l: [1.6, 0, 0], foot_l: [0.3, 0, 0], thigh_r: [0.4, 0, 0], shin_r: [0.4, 0, 0], foot_r: [0.4, 0, 0], toes_r: [-0.4, 0, 0], ...hands('relaxed') } },
  { name: 'Sprint start', category: 'walking and running', ground: FEET, angles: { spine: [0.35, 0, 0], chest: [0.3, 0, 0], head: [-0.3, 0, 0], upper_arm_l: [0, 0.8, -1.1], forearm_l: [0, -1.2, 0], upper_arm_r: right([0, -1.1, -1.1]), forearm_r: right([0, -1.4, 0]), thigh_l: [-0.9, 0, 0], shin_l: [1.0, 0, 0], foot_l: [-0.1, 0, 0], thigh_r: [0.45, 0, 0], shin_r: [0.6, 0, 0], foot_r: [0.5, 0, 0], toes_r: [-0.5, 0, 0], ...hands('open') } },
  { name: 'Tiptoe', category: 'walking and running', ground: TOES, angles: { spine: [0.05, 0, 0], ...both({ upper_arm_l: [0, -0.3, -1.1], forearm_l: [0, -0.9, 0], foot_l: [0.6, 0, 0], toes_l: [-0.5, 0, 0] }), ...hands('relaxed') } },
  // Sitting, on a seat (feet on the floor) and on the ground (the seat's hips at 10 cm).
  { name: 'Sit on a chair', category: 'sitting', ground: FEET, angles: { ...both({ thigh_l: [-1.55, 0, 0.05], shin_l: [1.5, 0, 0], foot_l: [0.05, 0, 0], upper_arm_l: [0, -0.35, -1.3], forearm_l: [0, -1.0, 0] }), spine: [0.05, 0, 0], ...RELAXED_HANDS } },
  { name: 'Sit, legs crossed on a chair', category: 'sitting', ground: RIGHT_FOOT, angles: { thigh_r: [-1.55, 0, 0], shin_r: [1.55, 0, 0], thigh_l: [-1.6, -0.4, -0.2], shin_l: [1.1, 0, 0], foot_l: [0.4, 0, 0], ...both({ upper_arm_l: [0, -0.4, -1.25], forearm_l: [0, -1.2, 0] }), ...RELAXED_HANDS } },
  { name: 'Sit on the ground, legs out', category: 'sitting', ground: SEAT, angles: { ...both({ thigh_l: [-1.65, 0, 0.1], shin_l: [0.08, 0, 0], foot_l: [-0.3, 0, 0], upper_arm_l: [0, 0.5, -1.0], forearm_l: [0, -0.1, 0] }), spine: [-0.1, 0, 0], ...hands('open') } },
  { name: 'Sit, leaning back', category: 'sitting', ground: SEAT, angles: { ...both({ thigh_l: [-1.7, 0, 0.15], shin_l: [1.2, 0, 0], foot_l: [-0.2, 0, 0], upper_arm_l: [0, 0.9, -0.65], forearm_l: [0, -0.05, 0] }), hips: [-0.35, 0, 0], spine: [0.1, 0, 0], head: [0.25, 0, 0], ...hands('open') } },
  { name: 'Sit, knees hugged', category: 'sitting', ground: SEAT, angles: { ...both({ thigh_l: [-1.8, 0, 0.1], shin_l: [1.4, 0, 0], foot_l: [-0.1, 0, 0], upper_arm_l: [0.4, -1.2, -0.9], forearm_l: [0, -1.6, 0] }), hips: [-0.35, 0, 0], spine: [0.4, 0, 0], chest: [0.35, 0, 0], head: [0.2, 0, 0], ...hands('grip') } },
  // Kneeling.
  { name: 'Kneel on both knees', category: 'kneeling', ground: KNEES, angles: { ...both({ thigh_l: [-0.2, 0, 0.05], shin_l: [1.9, 0, 0], foot_l: [0.9, 0, 0] }), ...ARMS_DOWN, ...RELAXED_HANDS } },
  { name: 'Kneel on one knee', category: 'kneeling', ground: [{ bones: ['shin_r'], height: 0.05 }, { bones: SOLES, height: 0.03 }, BODY], angles: { thigh_l: [-1.8, 0, 0], shin_l: [1.5, 0, 0], thigh_r: [-0.3, 0, 0], shin_r: [2.0, 0, 0], foot_r: [0.9, 0, 0], upper_arm_l: [0, -0.6, -1.2], forearm_l: [0, -1.3, 0], upper_arm_r: right([0, 0, -1.3]), forearm_r: right([0, -0.3, 0]), ...RELAXED_HANDS } },
  { name: 'Kneel, sitting back', category: 'kneeling', ground: KNEES, angles: { ...both({ thigh_l: [-0.6, 0, 0.05], shin_l: [2.3, 0, 0], foot_l: [0.9, 0, 0], upper_arm_l: [0, -0.45, -1.25], forearm_l: [0, -0.9, 0] }), ...RELAXED_HANDS } },
  { name: 'Pray', category: 'kneeling', ground: KNEES, angles: { ...both({ thigh_l: [-0.3, 0, 0], shin_l: [2.0, 0, 0], foot_l: [0.9, 0, 0], upper_arm_l: [0.9, -0.9, -1.1], forearm_l: [0, -2.1, 0], hand_l: [0, 0.2, 0] }), head: [0.3, 0, 0], ...hands('open') } },
  // Crouching.
  { name: 'Crouch', category: 'crouching', ground: FEET, angles: { spine: [0.3, 0, 0], chest: [0.25, 0, 0], neck: [-0.25, 0, 0], head: [-0.2, 0, 0], ...both({ upper_arm_l: [0, -0.9, -0.6], forearm_l: [0, -0.8, 0], thigh_l: [-1.2, 0, 0], shin_l: [1.9, 0, 0], foot_l: [-0.7, 0, 0] }), ...RELAXED_HANDS } },
  { name: 'Squat, heels down', category: 'crouching', ground: FEET, angles: { spine: [0.35, 0, 0], chest: [0.2, 0, 0], head: [-0.3, 0, 0], ...both({ thigh_l: [-1.8, 0, 0.35], shin_l: [2.4, 0, 0], foot_l: [-0.6, 0, 0], upper_arm_l: [0, -1.2, -0.5], forearm_l: [0, -0.4, 0] }), ...RELAXED_HANDS } },
  { name: 'Sneak', category: 'crouching', ground: FEET, angles: { spine: [0.3, 0, 0], chest: [0.2, 0, 0], head: [-0.25, 0, 0], thigh_l: [-1.1, 0, 0], shin_l: [1.4, 0, 0], foot_l: [-0.3, 0, 0], thigh_r: [-0.3, 0, 0], shin_r: [1.4, 0, 0], foot_r: [0.2, 0, 0], ...both({ upper_arm_l: [0, -0.6, -0.9], forearm_l: [0, -1.2, 0] }), ...hands('claw') } },
  // Jumping (the feet 32 cm up).
  { name: 'Jump, arms up', category: 'jumping', ground: AIR, angles: { spine: [-0.1, 0, 0], head: [-0.2, 0, 0], ...both({ upper_arm_l: [0, 0, 1.3], forearm_l: [0, -0.1, 0], thigh_l: [-0.3, 0, 0], shin_l: [0.6, 0, 0], foot_l: [0.5, 0, 0] }), ...hands('spread') } },
  { name: 'Tuck jump', category: 'jumping', ground: AIR, angles: { spine: [0.3, 0, 0], ...both({ thigh_l: [-1.7, 0, 0], shin_l: [2.2, 0, 0], foot_l: [0.4, 0, 0], upper_arm_l: [0, -1.2, -0.6], forearm_l: [0, -1.0, 0] }), ...hands('fist') } },
  { name: 'Leap', category: 'jumping', ground: AIR, angles: { spine: [0.1, 0, 0], thigh_l: [-1.3, 0, 0], shin_l: [0.2, 0, 0], foot_l: [0.4, 0, 0], thigh_r: [0.5, 0, 0], shin_r: [0.9, 0, 0], foot_r: [0.5, 0, 0], upper_arm_l: [0, 0.6, 0.4], upper_arm_r: right([0, -1.2, 0.5]), ...hands('open') } },
  // Reaching and picking up.
  { name: 'Reach up', category: 'reaching and picking up', ground: TOES, angles: { spine: [-0.1, 0, 0], head: [-0.4, 0, 0], clavicle_r: right([0, 0, 0.3]), upper_arm_r: right([0, -0.2, 1.4]), forearm_r: right([0, -0.1, 0]), upper_arm_l: [0, 0, -1.3], forearm_l: [0, -0.3, 0], ...both({ foot_l: [0.5, 0, 0], toes_l: [-0.5, 0, 0] }), ...hands('relaxed', 'l'), ...hands('open', 'r') } },
  { name: 'Reach forward', category: 'reaching and picking up', ground: FEET, angles: { spine: [0.3, 0, 0], chest: [0.25, -0.1, 0], head: [-0.3, 0, 0], upper_arm_r: right([0, -1.45, 0.2]), forearm_r: right([0, -0.05, 0]), clavicle_r: right([0, -0.2, 0]), upper_arm_l: [0, 0.3, -1.2], forearm_l: [0, -0.4, 0], thigh_r: [-0.5, 0, 0], shin_r: [0.6, 0, 0], foot_r: [-0.1, 0, 0], thigh_l: [0.2, 0, 0], shin_l: [0.3, 0, 0], ...hands('relaxed', 'l'), ...hands('grip', 'r') } },
  { name: 'Pick up from the floor', category: 'reaching and picking up', ground: FEET, angles: { spine: [0.4, 0, 0], chest: [0.4, 0, 0], head: [-0.2, 0, 0], ...both({ thigh_l: [-1.5, 0, 0.2], shin_l: [2.1, 0, 0], foot_l: [-0.6, 0, 0], upper_arm_l: [0, -1.0, -1.0], forearm_l: [0, -0.2, 0] }), ...hands('grip') } },
  { name: 'Carry a box', category: 'reaching and picking up', ground: FEET, angles: { spine: [-0.1, 0, 0], ...both({ upper_arm_l: [0.2, -1.2, -0.9], forearm_l: [0, -1.1, 0], hand_l: [0, 0, 0.3] }), ...hands('open') } },
  // Fighting.
  { name: 'Guard', category: 'fighting', ground: FEET, angles: { hips: [0, 0.4, 0], chest: [0.1, -0.25, 0], head: [0.15, -0.15, 0], thigh_l: [-0.35, 0, 0.15], shin_l: [0.45, 0, 0], thigh_r: [0.15, 0, -0.1], shin_r: [0.45, 0, 0], foot_r: [-0.1, 0, 0], ...both({ upper_arm_l: [0.5, -0.7, -1.1], forearm_l: [0, -2.2, 0] }), ...hands('fist') } },
  { name: 'Punch', category: 'fighting', ground: FEET, angles: { hips: [0, -0.3, 0], chest: [0.1, -0.3, 0], thigh_l: [-0.45, 0, 0.1], shin_l: [0.5, 0, 0], thigh_r: [0.3, 0, -0.1], shin_r: [0.25, 0, 0], upper_arm_r: right([0, -1.45, 0]), forearm_r: right([0, 0, 0]), upper_arm_l: [0.5, -0.6, -1.1], forearm_l: [0, -2.2, 0], ...hands('fist') } },
  { name: 'High kick', category: 'fighting', ground: LEFT_FOOT, angles: { spine: [-0.3, 0, 0], chest: [-0.1, 0, 0], thigh_r: [-1.8, 0, 0], shin_r: [0.1, 0, 0], foot_r: [0.3, 0, 0], thigh_l: [0, 0, 0], shin_l: [0.2, 0, 0], ...both({ upper_arm_l: [0.4, -0.6, -0.9], forearm_l: [0, -1.8, 0] }), ...hands('fist') } },
  { name: 'Sword ready', category: 'fighting', ground: FEET, angles: { hips: [0, 0.3, 0], chest: [0, -0.3, 0], thigh_l: [-0.5, 0, 0.15], shin_l: [0.6, 0, 0], thigh_r: [0.25, 0, -0.15], shin_r: [0.5, 0, 0], upper_arm_r: right([0.3, -1.0, -0.6]), forearm_r: right([0, -1.2, 0]), upper_arm_l: [0.3, -1.0, -0.6], forearm_l: [0, -1.3, 0], ...hands('grip') } },
  // Dancing.
  { name: 'Disco point', category: 'dancing', ground: FEET, angles: { hips: [0, 0, 0.1], spine: [0, 0, -0.1], head: [0, 0.3, 0.1], upper_arm_l: [0, -0.2, 1.2], forearm_l: [0, 0, 0], upper_arm_r: right([0, -0.4, -1.3]), forearm_r: right([0, -1.4, 0]), thigh_l: [0, 0, 0.25], thigh_r: [-0.1, 0, -0.05], shin_r: [0.3, 0, 0], ...hands('point', 'l'), ...hands('relaxed', 'r') } },
  { name: 'Arabesque', category: 'dancing', ground: LEFT_FOOT, angles: { spine: [0.2, 0, 0], chest: [0.1, 0, 0], head: [-0.3, 0, 0], thigh_r: [0.5, 0, -0.1], shin_r: [0, 0, 0], foot_r: [0.3, 0, 0], upper_arm_l: [0, -1.4, 0.3], upper_arm_r: right([0, 0.5, 0.2]), ...hands('relaxed') } },
  { name: 'Twist', category: 'dancing', ground: FEET, angles: { hips: [0, 0.3, 0], spine: [0, -0.3, 0], chest: [0, -0.3, 0], ...both({ thigh_l: [-0.3, 0, 0.05], shin_l: [0.6, 0, 0], upper_arm_l: [0, -0.3, -0.9], forearm_l: [0, -1.6, 0] }), ...hands('fist') } },
  { name: 'Victory', category: 'dancing', ground: FEET, angles: { head: [-0.3, 0, 0], ...both({ upper_arm_l: [0, 0, 1.0], forearm_l: [0, -0.1, 0], thigh_l: [0, 0, 0.2] }), ...hands('fist') } },
  // Lying (the hips turned a quarter turn: −x onto the back, +x onto the front, −z onto the left side).
  { name: 'Lie on the back', category: 'lying', ground: TRUNK_DOWN, angles: { hips: [-Math.PI / 2, 0, 0], neck: [0.1, 0, 0], ...both({ upper_arm_l: [0, 0.1, -1.25], forearm_l: [0, -0.2, 0], thigh_l: [0.05, 0, 0.08], foot_l: [0.6, 0, 0] }), ...RELAXED_HANDS } },
  { name: 'Lie on the back, knees up', category: 'lying', ground: [TRUNK_DOWN[0], { bones: SOLES, height: 0.03 }, BODY], angles: { hips: [-Math.PI / 2, 0, 0], neck: [0.15, 0, 0], ...both({ upper_arm_l: [0, 0.1, -1.0], forearm_l: [0, -0.3, 0], thigh_l: [-0.9, 0, 0.1], shin_l: [2.0, 0, 0], foot_l: [0.45, 0, 0] }), ...hands('open') } },
  { name: 'Lie face down', category: 'lying', ground: TRUNK_DOWN, angles: { hips: [Math.PI / 2, 0, 0], neck: [-0.2, 0.5, 0], head: [0, 0.6, 0], ...both({ upper_arm_l: [0, 0.02, -1.25], forearm_l: [0, 0, 0], thigh_l: [-0.05, 0, 0.06], foot_l: [1.1, 0, 0] }), ...hands('open') } },
  { name: 'Lie on the side', category: 'lying', ground: LEFT_SIDE, angles: { hips: [0, 0, -Math.PI / 2], spine: [0, 0, 0.1], chest: [0, 0, 0.1], neck: [0, 0, -0.3], head: [0.1, 0, -0.3], clavicle_l: [0, 0, 0.1], upper_arm_l: [0, -0.2, 1.3], forearm_l: [0, -0.4, 0], upper_arm_r: right([0, 0, -1.3]), forearm_r: right([0, -0.3, 0]), thigh_l: [-0.7, 0, -0.05], shin_l: [0.9, 0, 0], thigh_r: right([-1.2, -0.4, 0]), shin_r: right([1.3, 0, 0]), ...hands('open', 'l'), ...hands('relaxed', 'r') } },
  { name: 'Read, propped on the elbows', category: 'lying', ground: ON_ELBOWS, angles: { hips: [Math.PI / 2, 0, 0], spine: [-0.35, 0, 0], chest: [-0.35, 0, 0], neck: [-0.2, 0, 0], head: [0.2, 0, 0], ...both({ upper_arm_l: [0, -1.2, -0.6], forearm_l: [0, -1.6, 0], thigh_l: [0, 0, 0.05], shin_l: [1.6, 0, 0], foot_l: [0.4, 0, 0] }), ...hands('open') } },
];

const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const BUILT_IN_POSES: readonly LibraryPose[] = ENTRIES.map((entry) => ({
  id: `builtin:${slug(entry.name)}`,
  name: entry.name,
  category: entry.category,
  builtIn: true,
  angles: entry.angles,
  rootOffset_ms: [entry.at?.[0] ?? 0, 0, entry.at?.[1] ?? 0],
  ground: entry.ground,
}));
