// Pose presets: the poses a character offers (its first is its start pose,
// what Reset applies). The default character's are written by hand, written by hand within its joint
// limits (scripts/character/skeleton.mjs). Its bones have no rest rotation
// and XYZ Euler angles about the model axes (Y up, facing +Z, left on +X):
// - arms (along ±X at bind): x twists the arm about itself; for the left
//   arm +y swings it back and −z lowers it; the right arm mirrors (y, z
//   change sign). The elbow hinge is y: −y (left) / +y (right) bends the
//   forearm forward.
// - legs (along −Y): −x swings the thigh forward, +x bends the knee; the
//   foot's +x points the toes down; −x on the toes lifts them.
// - trunk and head: +x leans forward (nods), +y turns toward the left.
// The root offset moves the whole body (crouching lowers the hips).
import type { Rig } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type AngleTable, anglesFromTable } from './angle-table.js';
import { RELAXED_HANDS } from './hand-poses.js';
import { START_POSE } from './start-pose.js';

export interface PosePreset {
  /** What window.kin calls it. */
  name: string;
  /** What the preset menu shows. */
  label: string;
  /** Angles by bone name; bones it does not name take zero (their bind pose). */
  angles: AngleTable;
  rootOffset_ms: Vec3Tuple;
}

const STANDING: Vec3Tuple = [0, 0, 0];

/** Any rig's one pose that needs no knowledge of its bones: every angle zero. */
export const BIND_POSE: PosePreset = { name: 'bind', label: 'Rest (bind pose)', angles: {}, rootOffset_ms: STANDING };

const DEFAULT_PRESETS: Readonly<Record<string, Omit<PosePreset, 'name'>>> = {
  // The page's start pose: what Reset returns to.
  relaxed: { label: 'Relaxed (start)', angles: START_POSE, rootOffset_ms: STANDING },
  // The bind pose: every angle zero.
  't-pose': { label: 'T-pose', angles: {}, rootOffset_ms: STANDING },
  'a-pose': {
    label: 'A-pose',
    angles: {
      ...RELAXED_HANDS,
      upper_arm_l: [0, 0, -0.7],
      upper_arm_r: [0, 0, 0.7],
      forearm_l: [0, -0.1, 0],
      forearm_r: [0, 0.1, 0],
    },
    rootOffset_ms: STANDING,
  },
  // Mid-stride: left heel down in front, right foot pushing off behind, the
  // arms swinging against the legs and the chest turning with the arms.
  walk: {
    label: 'Walk',
    angles: {
      ...RELAXED_HANDS,
      hips: [0, -0.08, 0],
      spine: [0.05, 0, 0],
      chest: [0, 0.1, 0],
      upper_arm_l: [0, 0.35, -1.3],
      forearm_l: [0, -0.25, 0],
      upper_arm_r: [0, 0.35, 1.3],
      forearm_r: [0, 0.6, 0],
      thigh_l: [-0.45, 0, 0],
      shin_l: [0.15, 0, 0],
      foot_l: [0.2, 0, 0],
      thigh_r: [0.35, 0, 0],
      shin_r: [0.35, 0, 0],
      foot_r: [-0.3, 0, 0],
      toes_r: [-0.4, 0, 0],
    },
    rootOffset_ms: [0, -0.07, 0],
  },
  // The right hand raised beside the head: the upper arm twisted so that the
  // elbow hinge bends upward, the head turned toward the hand.
  wave: {
    label: 'Wave',
    angles: {
      ...START_POSE,
      neck: [0, -0.1, 0],
      head: [0, -0.2, 0],
      clavicle_r: [0, 0, -0.15],
      upper_arm_r: [-1.35, 0, -0.35],
      forearm_r: [0, 1.3, 0],
      hand_r: [0, 0, -0.2],
      upper_arm_l: [0, 0, -1.3],
      forearm_l: [0, -0.25, 0],
    },
    rootOffset_ms: STANDING,
  },
  // Knees deep, feet flat (thigh + shin + foot = 0 about x), hips lowered
  // and moved back over the feet, the trunk leaning forward, arms reaching.
  crouch: {
    label: 'Crouch',
    angles: {
      ...RELAXED_HANDS,
      spine: [0.3, 0, 0],
      chest: [0.25, 0, 0],
      neck: [-0.25, 0, 0],
      head: [-0.2, 0, 0],
      upper_arm_l: [0, -0.9, -0.6],
      forearm_l: [0, -0.8, 0],
      upper_arm_r: [0, 0.9, 0.6],
      forearm_r: [0, 0.8, 0],
      thigh_l: [-1.2, 0, 0],
      shin_l: [1.9, 0, 0],
      foot_l: [-0.7, 0, 0],
      thigh_r: [-1.2, 0, 0],
      shin_r: [1.9, 0, 0],
      foot_r: [-0.7, 0, 0],
    },
    rootOffset_ms: [0, -0.36, -0.12],
  },
};

/** The default character's presets, its relaxed start pose first. */
export const DEFAULT_CHARACTER_PRESETS: readonly PosePreset[] = Object.entries(DEFAULT_PRESETS).map(([name, preset]) => ({ name, ...preset }));

/**
 * Whether a preset fits a rig: it names no bone the rig lacks (a pose for
 * other bones would leave this rig half posed).
 */
export function presetFits(rig: Rig, preset: PosePreset): boolean {
  return Object.keys(preset.angles).every((bone) => rig.boneNames.includes(bone));
}

/** The preset's angles for every bone of `rig` (3 per bone) and its root offset. */
export function presetPose(rig: Rig, preset: PosePreset): { angles: number[]; rootOffset_ms: Vec3Tuple } {
  return { angles: anglesFromTable(rig, preset.angles), rootOffset_ms: [...preset.rootOffset_ms] };
}

