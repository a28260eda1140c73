// The default character's demo clips, made by the project with its own IK:
// each key is a pose the DLS solver produced for targets set by a formula
// (no randomness, no clock), read back as the pose's angles and root offset
// and keyed Catmull-Rom on every angle of every bone and on the root. The
// last key repeats the first, so a looping clip closes on itself.
//
// - Wave (2 s): the right arm raised as in the 'wave' preset; the wrist
//   swings on an arc about the elbow (the forearm turning about the model's
//   forward axis, ±WAVE_SWING), twice a second, while pins hold the feet,
//   the head and the left hand.
// - Walk cycle (1 s, in place, as on a treadmill): each ankle follows a
//   stride path — on the ground for the first half of its cycle, sliding back
//   from WALK_STRIDE / 2 in front to as far behind (the planted foot: ankle
//   and ball of the foot held at their standing heights), then lifted up to
//   WALK_LIFT and carried forward in the second half; the right foot half a
//   cycle after the left. The hips (root offset) bob down when both feet are
//   on the ground and sway over the planted foot; each hand swings on an arc
//   about its shoulder against its leg; the head is held above the hips.
//
// The rig's bones are the default character's (import/built-in-characters.ts):
// Y up, facing +Z, left on +X. The clips are built on a rig of their own, so
// the page's rig, goals and solver are untouched.
import type { ClipChannel, ClipData, ClipKey } from './clip.js';
import { type AngleTable, anglesFromTable } from '../posing/angle-table.js';
import { DEFAULT_CHARACTER_PRESETS, presetPose } from '../posing/pose-presets.js';
import { PIN_WEIGHT } from '../posing/solver-goals.js';
import { START_POSE } from '../posing/start-pose.js';
import { type GoalDesc, Rig } from '../rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { KinModule } from '../wasm/generated/kin.js';

export const WAVE_NAME = 'Wave';
export const WALK_NAME = 'Walk cycle';

export const WAVE_DURATION = 2;
/** Keys per second of the wave: eight per swing back and forth. */
const WAVE_KEYS_PER_SECOND = 8;
/** The wrist's swing about the elbow, each way (radians). */
export const WAVE_SWING = 0.4;
/** Back-and-forth swings of the forearm per second. */
const WAVE_RATE = 1;

export const WALK_DURATION = 1;
/** Keys in one walk cycle (the last key, at the cycle's end, repeats the first). */
export const WALK_KEYS = 8;
/** How far an ankle travels on the ground in half a cycle (metres): from half of it in front of the hip to half behind. */
export const WALK_STRIDE = 0.3;
/** How high an ankle lifts at mid-swing (metres, above its standing height). */
export const WALK_LIFT = 0.08;
/** The hips' (root offset's) height: lowest with both feet down, highest over one foot (metres, from standing). */
const HIPS_LOW = -0.055;
const HIPS_HIGH = -0.025;
/** How far the hips sway toward the planted foot (metres). */
const HIPS_SWAY = 0.02;
/** The arms' swing about the shoulders, each way (radians). */
const ARM_SWING = 0.35;

export const DEMO_FPS = 24;
/** Farther than this from a target (metres) after a solve, a key would not be the pose it claims: building throws. */
export const DEMO_REACH_TOLERANCE = 0.005;

/** The walk's standing pose: the relaxed start pose with the arms down at the sides. */
const WALK_BASE: AngleTable = {
  ...START_POSE,
  upper_arm_l: [0, 0, -1.3],
  forearm_l: [0, -0.25, 0],
  upper_arm_r: [0, 0, 1.3],
  forearm_r: [0, 0.25, 0],
};

/** Where the walk's ankles are at a phase of the cycle (0..1), and whether each is planted. */
export interface WalkFeet {
  /** Left then right ankle targets, model space (metres). */
  ankles_ms: [Vec3Tuple, Vec3Tuple];
  planted: [boolean, boolean];
}

/**
 * The walk's ankle targets at `phase` (0..1 of the cycle), from the standing
 * ankles: one leg's stance is the first half of its own cycle, its swing the
 * second half; the right leg runs half a cycle behind the left.
 */
export function walkFeet(standingAnkles_ms: readonly [Vec3Tuple, Vec3Tuple], phase: number): WalkFeet {
  const ankles = [0, 1].map((side) => {
    const own = (phase + 0.5 * side) % 1;
    const [x, y, z] = standingAnkles_ms[side];
    const half = WALK_STRIDE / 2;
    if (own <= 0.5) return { at: [x, y, z + half - 2 * half * (own / 0.5)] as Vec3Tuple, planted: true };
    // Swing: eased forward, lifted on a half sine.
    const s = (own - 0.5) / 0.5;
    return { at: [x, y + WALK_LIFT * Math.sin(Math.PI * s), z - half + 2 * half * ((1 - Math.cos(Math.PI * s)) / 2)] as Vec3Tuple, planted: false };
  });
  return { ankles_ms: [ankles[0].at, ankles[1].at], planted: [ankles[0].planted, ankles[1].planted] };
}

/** One key of every channel: the pose's angles (3 per bone) and root offset. */
interface KeyPose {
  time: number;
  angles: number[];
  root_ms: Vec3Tuple;
}

/** The demo clips for the default character's bones: the wave, then the walk cycle. Throws naming a bone the rig lacks, or a target IK could not reach. */
export function buildDemoClips(module: KinModule, bones: readonly BoneDesc[]): ClipData[] {
  const rig = Rig.create(module, bones);
  try {
    rig.setSolver('dls');
    return [waveClip(rig), walkClip(rig)];
  } finally {
    rig.dispose();
  }
}

const tipOf = (rig: Rig, bone: string): Vec3Tuple => {
  const b = rig.boneIndex(bone);
  const tips = rig.boneTips();
  return [tips[3 * b], tips[3 * b + 1], tips[3 * b + 2]];
};

const originOf = (rig: Rig, bone: string): Vec3Tuple => {
  const m = 16 * rig.boneIndex(bone);
  const model = rig.modelMatrices();
  return [model[m + 12], model[m + 13], model[m + 14]];
};

/** `point` turned by `angle` about the axis through `centre` along x (axis 0) or z (axis 2), model space. */
function turnedAbout(point: Vec3Tuple, centre: Vec3Tuple, axis: 0 | 2, angle: number): Vec3Tuple {
  const d = [point[0] - centre[0], point[1] - centre[1], point[2] - centre[2]];
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  // About x: (y, z) turn; about z: (x, y) turn (right-handed).
  const turned = axis === 0 ? [d[0], c * d[1] - s * d[2], s * d[1] + c * d[2]] : [c * d[0] - s * d[1], s * d[0] + c * d[1], d[2]];
  return [centre[0] + turned[0], centre[1] + turned[1], centre[2] + turned[2]];
}

/** The pose DLS reaches from `base` (angles, root offset fixed) for `goals`; throws if a goal stays farther than DEMO_REACH_TOLERANCE. */
function solvedKey(rig: Rig, time: number, base: readonly number[], root_ms: Vec3Tuple, goals: GoalDesc[], what: string): KeyPose {
  rig.setPose(base, root_ms);
  rig.setGoals(goals);
  const report = rig.solve();
  if (!(report.error <= DEMO_REACH_TOLERANCE)) throw new Error(`demo clips: ${what} at ${time} s: IK left a goal ${report.error.toFixed(4)} m from its target (${report.status})`);
  return { time, angles: Array.from(rig.pose()), root_ms: rig.rootOffset };
}

const pin = (rig: Rig, bone: string): GoalDesc => ({ bone, target: tipOf(rig, bone), weight: PIN_WEIGHT });

function waveClip(rig: Rig): ClipData {
  const preset = DEFAULT_CHARACTER_PRESETS.find((p) => p.name === 'wave')!;
  const base = presetPose(rig, preset).angles;
  rig.setPose(base, [0, 0, 0]);
  const elbow_ms = originOf(rig, 'forearm_r');
  const wrist_ms = tipOf(rig, 'forearm_r');
  const pins = ['foot_l', 'foot_r', 'head', 'hand_l'].map((bone) => pin(rig, bone));
  const count = WAVE_DURATION * WAVE_KEYS_PER_SECOND;
  const poses = Array.from({ length: count }, (_, k) => {
    const time = k / WAVE_KEYS_PER_SECOND;
    const swing = WAVE_SWING * Math.sin(2 * Math.PI * WAVE_RATE * time);
    const goals = [...pins, { bone: 'forearm_r', target: turnedAbout(wrist_ms, elbow_ms, 2, swing) }];
    return solvedKey(rig, time, base, [0, 0, 0], goals, WAVE_NAME);
  });
  return clipFromPoses(rig, WAVE_NAME, WAVE_DURATION, poses);
}

function walkClip(rig: Rig): ClipData {
  const base = anglesFromTable(rig, WALK_BASE);
  rig.setPose(base, [0, 0, 0]);
  const standing: [Vec3Tuple, Vec3Tuple] = [tipOf(rig, 'shin_l'), tipOf(rig, 'shin_r')];
  const ballOffsets = (['l', 'r'] as const).map((side, k) => tipOf(rig, `foot_${side}`).map((v, i) => v - standing[k][i]));
  const hands = [tipOf(rig, 'hand_l'), tipOf(rig, 'hand_r')];
  const shoulders = [originOf(rig, 'upper_arm_l'), originOf(rig, 'upper_arm_r')];
  const head_ms = tipOf(rig, 'head');
  const poses = Array.from({ length: WALK_KEYS }, (_, k) => {
    const phase = k / WALK_KEYS;
    const time = phase * WALK_DURATION;
    const { ankles_ms } = walkFeet(standing, phase);
    // Lowest at phases 0 and ½ (both feet down), highest over one foot; over the left foot in the first half.
    const bob = (1 - Math.cos(4 * Math.PI * phase)) / 2;
    const root_ms: Vec3Tuple = [HIPS_SWAY * Math.sin(2 * Math.PI * phase), HIPS_LOW + (HIPS_HIGH - HIPS_LOW) * bob, 0];
    // Positive turns about +x swing a hanging hand back: the left hand is back while the left foot is in front.
    const armSwing = ARM_SWING * Math.cos(2 * Math.PI * phase);
    const goals: GoalDesc[] = [
      ...(['l', 'r'] as const).flatMap((side, s): GoalDesc[] => [
        { bone: `shin_${side}`, target: ankles_ms[s] },
        { bone: `foot_${side}`, target: ankles_ms[s].map((v, i) => v + ballOffsets[s][i]) as Vec3Tuple },
        { bone: `hand_${side}`, target: turnedAbout(hands[s], shoulders[s], 0, s === 0 ? armSwing : -armSwing) },
      ]),
      { bone: 'head', target: [head_ms[0] + root_ms[0], head_ms[1] + root_ms[1], head_ms[2]] },
    ];
    return solvedKey(rig, time, base, root_ms, goals, WALK_NAME);
  });
  return clipFromPoses(rig, WALK_NAME, WALK_DURATION, poses);
}

/** A Catmull-Rom clip keying every angle and the root at each pose, closed by a last key at `duration` repeating the first. */
function clipFromPoses(rig: Rig, name: string, duration: number, poses: readonly KeyPose[]): ClipData {
  const closed = [...poses, { ...poses[0], time: duration }];
  const key = (time: number, value: number[]): ClipKey => ({ time, value, interpolation: 'catmull-rom' });
  const channels: ClipChannel[] = [];
  for (let bone = 0; bone < rig.boneCount; bone++) {
    for (let slot = 0; slot < 3; slot++) channels.push({ target: 'angle', bone, slot, keys: closed.map((p) => key(p.time, [p.angles[3 * bone + slot]])) });
  }
  channels.push({ target: 'root', bone: 0, slot: 0, keys: closed.map((p) => key(p.time, [...p.root_ms])) });
  return { name, duration, fps: DEMO_FPS, channels };
}
