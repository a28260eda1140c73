// Which bone and which point on it each OpenPose keypoint is, for a rig with
// bone roles (kin::FindRoleBones, Rig.roleBones()): the joints are bone
// origins (shoulder = the upper arm's, elbow = the forearm's, wrist = the
// hand's, hip = the thigh's, knee = the shin's, ankle = the foot's); Neck and
// MidHip are the midpoints of the shoulders and of the hips, as OpenPose
// defines them for its BODY_25 training data (it has no joint of its own
// there); nose, eyes, ears, big toe, small toe and heel are landmark points
// on the skin.
//
// The default character (scripts/character/) defines its landmarks: the
// face's are its face-shape.mjs FACE_LANDMARKS (the nose's tip, the front of
// each eye, the outside of each ear, head space; the asset carries them in
// the head joint's extras.kin.landmarks), the feet's are read off its foot
// parts in body-shape.mjs (rounded boxes: the toes' front face at 7 cm past
// the toes joint, the heel's back face 6 cm behind the ankle) — a test checks
// each lies on the built mesh. A loaded character gets the same offsets
// placed from its head, toes and foot bones in its bind pose, scaled by its
// size: an estimate, said so in `estimated`.
//
// Each keypoint also says how deep under the skin it sits (`tolerance`,
// metres): a joint inside a limb is behind its own skin by about the limb's
// radius, and visibility (openpose-visibility.ts) must not hide it for that.
import { BONE_ROLES } from '../rig/retarget.js';
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import { type Mat4, invertAffine } from '../scene/prop-transform.js';
import { transformPoint } from './column-major.js';
import { BODY_25, type Body25Name, FINGERS, HAND_21 } from './openpose-layouts.js';

/** What the landmarks need of a rig (a Rig has all of it). */
export interface LandmarkRig {
  readonly boneNames: readonly string[];
  readonly description: readonly BoneDesc[];
  roleBones(): Int32Array;
  /** Bind-pose bone-to-model matrices, 16 floats per bone. */
  bindMatrices(): Float32Array;
}

/** A point in one bone's space. */
export interface BonePoint {
  bone: number;
  point_bs: Vec3Tuple;
}

/** One keypoint: the mean of its points (one, or two for Neck and MidHip), and how deep under the skin it sits (metres). */
export interface KeypointSource {
  name: string;
  points: BonePoint[];
  tolerance: number;
}

export interface BodyLandmarks {
  /** BODY_25 order (openpose-layouts.ts). */
  body: KeypointSource[];
  /** HAND_21 order, or null when the rig has no finger bones found by name. */
  leftHand: KeypointSource[] | null;
  rightHand: KeypointSource[] | null;
  /** True for a loaded character: face and foot landmarks and the tolerances are estimated from its bones. */
  estimated: boolean;
}

export interface MissingBody {
  /** The bone roles the rig lacks. */
  missing: string[];
  message: string;
}

type Side = 'l' | 'r';
type Role = (typeof BONE_ROLES)[number];

/** The roles a body needs; the toes are optional (the foot's tip stands in). */
const NEEDED_ROLES: readonly Role[] = [
  'head', 'upper_arm_l', 'lower_arm_l', 'hand_l', 'upper_arm_r', 'lower_arm_r', 'hand_r',
  'upper_leg_l', 'lower_leg_l', 'foot_l', 'upper_leg_r', 'lower_leg_r', 'foot_r',
];

/**
 * A landmark: an offset from an anchor on a bone, in the body's axes
 * (x the character's left, y up, z forward — the default character's model
 * axes, so its head-space and foot-space points are these offsets as they
 * are). Written for the left side; the right mirrors x.
 */
interface Landmark {
  anchor: 'head' | 'toes-tip' | 'foot';
  offset: Vec3Tuple;
}

// Face: face-shape.mjs FACE_LANDMARKS (head space, the head joint's origin).
// Feet: body-shape.mjs's foot_l box (centre [0, -0.0425, 0.04], half size
// [0.045, 0.0375, 0.1], rounding 0.03) and toes_l box (centre [0, -0.01,
// 0.03], half size [0.043, 0.02, 0.04], rounding 0.018): the big toe on the
// toes' front face toward the body's middle (x −0.022, where the front is
// still flat), the small toe on its rounded outer corner (x 0.032: front at
// 0.052 + √(0.018² − 0.007²) ≈ 0.0686, taken 0.066 for the surface nets'
// shrink), 1–1.2 cm above the sole; the heel on the foot's back face
// (z 0.04 − 0.1), 3 cm above the sole. The toes' tip (skeleton.mjs) is
// [0, 0, 0.07] of toes space, so toe offsets are from it.
const FACE: Record<'nose' | 'eye' | 'ear', Vec3Tuple> = {
  nose: [0, 0.07, 0.126],
  eye: [0.03, 0.112, 0.104],
  ear: [0.093, 0.095, -0.01],
};
const LANDMARKS: Partial<Record<Body25Name, Landmark>> = {
  Nose: { anchor: 'head', offset: FACE.nose },
  LEye: { anchor: 'head', offset: FACE.eye },
  REye: { anchor: 'head', offset: FACE.eye },
  LEar: { anchor: 'head', offset: FACE.ear },
  REar: { anchor: 'head', offset: FACE.ear },
  LBigToe: { anchor: 'toes-tip', offset: [-0.022, -0.01, 0] },
  RBigToe: { anchor: 'toes-tip', offset: [-0.022, -0.01, 0] },
  LSmallToe: { anchor: 'toes-tip', offset: [0.032, -0.012, -0.004] },
  RSmallToe: { anchor: 'toes-tip', offset: [0.032, -0.012, -0.004] },
  LHeel: { anchor: 'foot', offset: [0, -0.05, -0.06] },
  RHeel: { anchor: 'foot', offset: [0, -0.05, -0.06] },
};

/**
 * How far each BODY_25 point of the default character lies from its skin
 * (metres): the distance from the point to the nearest point of the
 * bind-pose mesh (assets/character.glb), rounded up to 0.5 mm
 * (tests/web/openpose-landmarks.test.ts measures it again with
 * three-mesh-bvh). The landmarks lie on the skin.
 */
const BODY_SKIN_DEPTH: Record<Body25Name, number> = {
  Nose: 0.0005, Neck: 0.0695, RShoulder: 0.0575, RElbow: 0.045, RWrist: 0.0245, LShoulder: 0.0575, LElbow: 0.045, LWrist: 0.0245,
  MidHip: 0.083, RHip: 0.08, RKnee: 0.055, RAnkle: 0.034, LHip: 0.08, LKnee: 0.055, LAnkle: 0.034,
  REye: 0.0005, LEye: 0.0005, REar: 0.0005, LEar: 0.0005,
  LBigToe: 0.0005, LSmallToe: 0.0015, LHeel: 0.0005, RBigToe: 0.0005, RSmallToe: 0.0015, RHeel: 0.0005,
};

/** The same for the hand's 21 points (HAND_21 order), measured alike; both hands are mirror images. */
const HAND_SKIN_DEPTH: readonly number[] = [
  0.0245,
  0.006, 0.0115, 0.0105, 0.0005,
  0.009, 0.0085, 0.008, 0.0005,
  0.0085, 0.009, 0.008, 0.0005,
  0.009, 0.0085, 0.0075, 0.0005,
  0.0095, 0.0075, 0.007, 0.0005,
];

/**
 * How much nearer than a point its own skin may be drawn, from its nearest
 * skin distance: a limb's cross-section is no round tube (up to 1.5 times as
 * deep one way as the other: the thigh, the trunk), and a depth pass's
 * facets and pixels add up to a centimetre.
 */
function toleranceOf(skinDepth: number): number {
  return 1.5 * skinDepth + 0.01;
}

/** The default character's distance from its ankles' midpoint to its head joint at bind (metres): a loaded one's tolerances scale by its own. */
const DEFAULT_ANKLE_TO_HEAD = 1.46;

/** The default character's bones a rig must have, named so, to take its landmarks as defined. */
const DEFAULT_NAMES = ['hips', 'head', 'upper_arm_l', 'forearm_l', 'hand_l', 'upper_arm_r', 'forearm_r', 'hand_r', 'thigh_l', 'shin_l', 'foot_l', 'toes_l', 'thigh_r', 'shin_r', 'foot_r', 'toes_r'];

const sub = (a: readonly number[], b: readonly number[]): Vec3Tuple => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: readonly number[], b: readonly number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: readonly number[], b: readonly number[]): Vec3Tuple => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
function unit(v: readonly number[]): Vec3Tuple {
  const length = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** The rig's bind pose, read once: bone origins and tips in model space, a model point into a bone's space. */
class BindPose {
  private readonly bind: Float32Array;
  private readonly inverses = new Map<number, Mat4>();
  constructor(private readonly rig: LandmarkRig) {
    this.bind = rig.bindMatrices();
  }
  origin(bone: number): Vec3Tuple {
    const at = 16 * bone;
    return [this.bind[at + 12], this.bind[at + 13], this.bind[at + 14]];
  }
  tip_bs(bone: number): Vec3Tuple {
    return this.rig.description[bone]?.tip ?? [0, 0, 0];
  }
  tip(bone: number): Vec3Tuple {
    return transformPoint(this.bind, 16 * bone, this.tip_bs(bone));
  }
  toBone(bone: number, p_ms: readonly number[]): Vec3Tuple {
    let inverse = this.inverses.get(bone);
    if (!inverse) {
      inverse = invertAffine(this.bind.subarray(16 * bone, 16 * bone + 16), new Float64Array(16));
      this.inverses.set(bone, inverse);
    }
    return transformPoint(inverse, 0, p_ms);
  }
}

/** Per role name, its bone (-1: none). */
function rolesOf(rig: LandmarkRig): Map<Role, number> {
  const bones = rig.roleBones();
  return new Map(BONE_ROLES.map((role, r) => [role, bones[r] ?? -1]));
}

function isDefaultCharacter(rig: LandmarkRig): boolean {
  if (!DEFAULT_NAMES.every((name) => rig.boneNames.includes(name))) return false;
  // Its head's tip is the top of the skull, 21 cm up (skeleton.mjs): another rig named alike is measured as loaded.
  const tip = rig.description[rig.boneNames.indexOf('head')].tip ?? [0, 0, 0];
  return Math.abs(tip[0]) < 1e-4 && Math.abs(tip[1] - 0.21) < 1e-4 && Math.abs(tip[2]) < 1e-4;
}

/**
 * The body's axes and size at bind, for placing landmark offsets: up from
 * the shoulders' midpoint to the head, left from the right shoulder to the
 * left (made square to up), forward = left × up; scale = ankles-to-head
 * distance over the default character's. For the default character these
 * are its model axes and 1.
 */
interface BodyFrame {
  left: Vec3Tuple;
  up: Vec3Tuple;
  forward: Vec3Tuple;
  scale: number;
}

function bodyFrame(pose: BindPose, roles: Map<Role, number>): BodyFrame {
  const shoulderL = pose.origin(roles.get('upper_arm_l')!);
  const shoulderR = pose.origin(roles.get('upper_arm_r')!);
  const head = pose.origin(roles.get('head')!);
  const shoulders = shoulderL.map((c, k) => (c + shoulderR[k]) / 2);
  const up = unit(sub(head, shoulders));
  const across = sub(shoulderL, shoulderR);
  const left = unit(sub(across, up.map((c) => c * dot(across, up))));
  const ankleL = pose.origin(roles.get('foot_l')!);
  const ankleR = pose.origin(roles.get('foot_r')!);
  const ankles = ankleL.map((c, k) => (c + ankleR[k]) / 2);
  return { left, up, forward: cross(left, up), scale: Math.hypot(...sub(head, ankles)) / DEFAULT_ANKLE_TO_HEAD };
}

/** The landmark `mark` on the `side` side as a point on its anchor bone (bone space). */
function landmarkPoint(mark: Landmark, side: Side, pose: BindPose, roles: Map<Role, number>, frame: BodyFrame | null): BonePoint {
  const x = side === 'l' ? mark.offset[0] : -mark.offset[0];
  const toes = roles.get(`toes_${side}`) ?? -1;
  const foot = roles.get(`foot_${side}`)!;
  // Without toes the foot's tip (where the toes would start) stands in for the toes' tip.
  const bone = mark.anchor === 'head' ? roles.get('head')! : mark.anchor === 'foot' || toes < 0 ? foot : toes;
  const anchor_bs: Vec3Tuple = mark.anchor === 'toes-tip' ? pose.tip_bs(bone) : [0, 0, 0];
  if (!frame) return { bone, point_bs: [anchor_bs[0] + x, anchor_bs[1] + mark.offset[1], anchor_bs[2] + mark.offset[2]] };
  const anchor_ms = mark.anchor === 'toes-tip' ? pose.tip(bone) : pose.origin(bone);
  const s = frame.scale;
  const p_ms = [0, 1, 2].map((k) => anchor_ms[k] + s * (x * frame.left[k] + mark.offset[1] * frame.up[k] + mark.offset[2] * frame.forward[k]));
  return { bone, point_bs: pose.toBone(bone, p_ms) };
}

/** Per BODY_25 name, the role whose origin it is (the joints). */
const JOINT_ROLE: Partial<Record<Body25Name, Role>> = {
  RShoulder: 'upper_arm_r', RElbow: 'lower_arm_r', RWrist: 'hand_r',
  LShoulder: 'upper_arm_l', LElbow: 'lower_arm_l', LWrist: 'hand_l',
  RHip: 'upper_leg_r', RKnee: 'lower_leg_r', RAnkle: 'foot_r',
  LHip: 'upper_leg_l', LKnee: 'lower_leg_l', LAnkle: 'foot_l',
};

const origin = (bone: number): BonePoint => ({ bone, point_bs: [0, 0, 0] });

/** The finger bones named by the default character's convention, Mixamo's or Unreal's, in order from the palm out (at least 3), or null. */
function fingerBones(names: readonly string[], finger: (typeof FINGERS)[number], side: Side): number[] | null {
  const Side = side === 'l' ? 'Left' : 'Right';
  const mixamoFinger = finger === 'little' ? 'Pinky' : finger[0].toUpperCase() + finger.slice(1);
  const nameSets = [
    [1, 2, 3].map((k) => new RegExp(`^${finger}_${k}_${side}$`)),
    [1, 2, 3, 4].map((k) => new RegExp(`^(?:.*:)?${Side}Hand${mixamoFinger}${k}$`, 'i')),
    [1, 2, 3].map((k) => new RegExp(`^(?:.*:)?(?:${finger === 'little' ? 'little|pinky' : finger})_0${k}_${side}$`, 'i')),
  ];
  for (const patterns of nameSets) {
    const bones: number[] = [];
    for (const pattern of patterns) {
      const bone = names.findIndex((name) => pattern.test(name));
      if (bone < 0) break;
      bones.push(bone);
    }
    if (bones.length >= 3) return bones;
  }
  return null;
}

/** The hand's 21 points on `side`, or null without all five fingers. */
function handSources(rig: LandmarkRig, pose: BindPose, hand: number, side: Side, toleranceScale: number): KeypointSource[] | null {
  const points: BonePoint[] = [origin(hand)];
  for (const finger of FINGERS) {
    const bones = fingerBones(rig.boneNames, finger, side);
    if (!bones) return null;
    points.push(origin(bones[0]), origin(bones[1]), origin(bones[2]));
    // The tip: a fourth (end) bone's origin, else the third bone's tip; a
    // third bone without a tip is given 0.8 of the second's length (an estimate).
    if (bones.length > 3) points.push(origin(bones[3]));
    else {
      const tip = pose.tip_bs(bones[2]);
      if (Math.hypot(...tip) > 1e-6) points.push({ bone: bones[2], point_bs: tip });
      else {
        const o2 = pose.origin(bones[1]);
        const o3 = pose.origin(bones[2]);
        points.push({ bone: bones[2], point_bs: pose.toBone(bones[2], o3.map((c, k) => c + 0.8 * (c - o2[k]))) });
      }
    }
  }
  return points.map((point, i) => ({ name: HAND_21[i], points: [point], tolerance: toleranceOf(HAND_SKIN_DEPTH[i]) * toleranceScale }));
}

/**
 * The OpenPose keypoints of `rig` as points on its bones, or the roles it
 * lacks (a lesson's arm chain has no body): `{missing, message}`, never a throw.
 */
export function openPoseBody(rig: LandmarkRig): BodyLandmarks | MissingBody {
  const roles = rolesOf(rig);
  const missing = NEEDED_ROLES.filter((role) => (roles.get(role) ?? -1) < 0);
  if (missing.length > NEEDED_ROLES.length / 2) return { missing, message: 'no OpenPose body: not a humanoid rig (no head, arms and legs among its bones)' };
  if (missing.length > 0) return { missing, message: `no OpenPose body: the rig lacks roles ${missing.join(', ')}` };
  const pose = new BindPose(rig);
  const estimated = !isDefaultCharacter(rig);
  const frame = estimated ? bodyFrame(pose, roles) : null;
  const toleranceScale = frame?.scale ?? 1;
  const body = BODY_25.map((name): KeypointSource => {
    const tolerance = toleranceOf(BODY_SKIN_DEPTH[name]) * toleranceScale;
    const jointRole = JOINT_ROLE[name];
    if (jointRole) return { name, points: [origin(roles.get(jointRole)!)], tolerance };
    if (name === 'Neck') return { name, points: [origin(roles.get('upper_arm_l')!), origin(roles.get('upper_arm_r')!)], tolerance };
    if (name === 'MidHip') return { name, points: [origin(roles.get('upper_leg_l')!), origin(roles.get('upper_leg_r')!)], tolerance };
    // The nose lies on the middle (x = 0): either side gives it.
    const side: Side = name.startsWith('L') ? 'l' : 'r';
    return { name, points: [landmarkPoint(LANDMARKS[name]!, side, pose, roles, frame)], tolerance };
  });
  return {
    body,
    leftHand: handSources(rig, pose, roles.get('hand_l')!, 'l', toleranceScale),
    rightHand: handSources(rig, pose, roles.get('hand_r')!, 'r', toleranceScale),
    estimated,
  };
}
