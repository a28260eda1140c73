// Motion-capture takes as the files people download come: BVH text in the
// two naming schemes of public conversions, in their units, walking a curve
// that turns the hips past 90°, each foot planted while it carries the body.
//
// - 'cmu': the widespread conversion of the CMU database: Hips, LHipJoint,
//   LeftUpLeg, LeftLeg, LeftFoot, LeftToeBase, LowerBack, Spine, Spine1,
//   Neck, Neck1, Head, LeftShoulder (the collarbone), LeftArm, LeftForeArm,
//   LeftHand, LeftFingerBase, LeftHandIndex1, LThumb; "Zrotation Yrotation
//   Xrotation"; its unit 1/0.45 inch (about 5.6 cm).
// - 'older': the scheme of older files and other conversions: Hips, LeftHip
//   (the thigh), LeftKnee, LeftAnkle, LeftToe, Spine, Chest, Neck, Head,
//   LeftCollar, LeftShoulder (the upper arm), LeftElbow, LeftWrist, lhand;
//   "Zrotation Xrotation Yrotation"; centimetres or inches.
//
// The motion is made in world space — a path, footholds along it, each leg
// solved onto its foothold with the knee ahead — and written as each joint's
// local rotation, as Euler angles in the file's channel order, each frame's
// solution the one nearest the frame before (as capture software writes
// them, gimbal flips and all). Everything in metres here, divided by the
// unit when written.
import * as THREE from 'three';

export type MocapScheme = 'cmu' | 'older';
type Vec3 = [number, number, number];

interface Joint {
  name: string;
  parent: string | null;
  offset: Vec3;
  end?: Vec3;
}

/** Per role, the joint's name in each scheme (null: the scheme has no such joint). */
const NAMES: Record<string, Record<MocapScheme, string | null>> = {
  hipJoint: { cmu: '$HipJoint', older: null },
  thigh: { cmu: '%UpLeg', older: '%Hip' },
  shin: { cmu: '%Leg', older: '%Knee' },
  foot: { cmu: '%Foot', older: '%Ankle' },
  toes: { cmu: '%ToeBase', older: '%Toe' },
  collar: { cmu: '%Shoulder', older: '%Collar' },
  upperArm: { cmu: '%Arm', older: '%Shoulder' },
  forearm: { cmu: '%ForeArm', older: '%Elbow' },
  hand: { cmu: '%Hand', older: '%Wrist' },
  fingers: { cmu: '%FingerBase', older: '#hand' },
};

/** A role's joint name on a side: % the side word, $ its letter, # its lower-case letter. */
function sided(scheme: MocapScheme, role: string, side: 'Left' | 'Right'): string | null {
  const pattern = NAMES[role][scheme];
  return pattern === null ? null : pattern.replace('%', side).replace('$', side[0]).replace('#', side[0].toLowerCase());
}

const ANKLE_HEIGHT = 0.07;
const THIGH = 0.42;
const SHIN = 0.41;
const HIP_DROP = 0.06;
const HIP_WIDTH = 0.09;
/** The hips' height at rest: the ankle, the shin, the thigh and the drop to the hip joints. */
const REST_HIPS = ANKLE_HEIGHT + SHIN + THIGH + HIP_DROP;

function joints(scheme: MocapScheme): Joint[] {
  const out: Joint[] = [{ name: 'Hips', parent: null, offset: [0, 0, 0] }];
  const add = (name: string | null, parent: string, offset: Vec3, end?: Vec3): string => {
    if (name === null) return parent;
    out.push({ name, parent, offset, ...(end ? { end } : {}) });
    return name;
  };
  const chest = scheme === 'cmu' ? 'Spine1' : 'Chest';
  for (const [side, x] of [['Left', 1], ['Right', -1]] as const) {
    let parent = add(sided(scheme, 'hipJoint', side), 'Hips', [0, 0, 0]);
    parent = add(sided(scheme, 'thigh', side), parent, [HIP_WIDTH * x, -HIP_DROP, 0]);
    parent = add(sided(scheme, 'shin', side), parent, [0, -THIGH, 0]);
    parent = add(sided(scheme, 'foot', side), parent, [0, -SHIN, 0]);
    add(sided(scheme, 'toes', side), parent, [0, -ANKLE_HEIGHT, 0.13], [0, 0, 0.06]);
  }
  if (scheme === 'cmu') {
    add('LowerBack', 'Hips', [0, 0.06, 0]);
    add('Spine', 'LowerBack', [0, 0.12, 0]);
    add('Spine1', 'Spine', [0, 0.12, 0]);
    add('Neck', 'Spine1', [0, 0.14, 0]);
    add('Neck1', 'Neck', [0, 0.05, 0]);
    add('Head', 'Neck1', [0, 0.05, 0], [0, 0.17, 0]);
  } else {
    add('Spine', 'Hips', [0, 0.1, 0]);
    add('Chest', 'Spine', [0, 0.2, 0]);
    add('Neck', 'Chest', [0, 0.14, 0]);
    add('Head', 'Neck', [0, 0.1, 0], [0, 0.17, 0]);
  }
  for (const [side, x] of [['Left', 1], ['Right', -1]] as const) {
    let parent = add(sided(scheme, 'collar', side), chest, [0.03 * x, 0.1, 0]);
    parent = add(sided(scheme, 'upperArm', side), parent, [0.14 * x, 0, 0]);
    parent = add(sided(scheme, 'forearm', side), parent, [0.28 * x, 0, 0]);
    const hand = add(sided(scheme, 'hand', side), parent, [0.25 * x, 0, 0]);
    if (scheme === 'cmu') {
      add(`${side}HandIndex1`, add(sided(scheme, 'fingers', side), hand, [0.06 * x, 0, 0]), [0.03 * x, 0, 0], [0.04 * x, 0, 0]);
      add(`${side[0]}Thumb`, hand, [0.02 * x, 0, 0.03], [0.03 * x, 0, 0.02]);
    } else {
      add(sided(scheme, 'fingers', side), hand, [0.06 * x, 0, 0], [0.08 * x, 0, 0]);
    }
  }
  return out;
}

export interface TakeOptions {
  scheme: MocapScheme;
  /** Metres per file unit: 0.01 centimetres, 0.0254 inches, 0.0254 / 0.45 the CMU conversion's. */
  metresPerUnit: number;
  /** How far the walk turns over the take (degrees, counter-clockwise seen from above). */
  turn_deg?: number;
  seconds?: number;
  fps?: number;
}

/** The walk's speed (m/s) and stride: each foot steps once per STRIDE_S, standing STANCE of it. */
const SPEED = 0.8;
const STRIDE_S = 1.0;
const STANCE = 0.6;
const LIFT = 0.07;
/** The hips' height while walking (the legs bend a little to reach the footholds ahead and behind). */
const WALK_HIPS = REST_HIPS - 0.07;

const Y = new THREE.Vector3(0, 1, 0);
const yaw = (angle: number): THREE.Quaternion => new THREE.Quaternion().setFromAxisAngle(Y, angle);
const forward = (angle: number): THREE.Vector3 => new THREE.Vector3(Math.sin(angle), 0, Math.cos(angle));

/** The walk's path: where the body's centre is on the floor, and which way it faces, at time t. */
class WalkPath {
  constructor(private readonly seconds: number, private readonly turn: number) {
    if (!(seconds > 1)) throw new Error(`a take walks straight for its first second, then turns: ${seconds} s is too short`);
  }

  /** Turning at an even rate after the first second (a straight start). */
  heading(t: number): number {
    const s = Math.min(Math.max((t - 1) / (this.seconds - 1), 0), 1);
    return this.turn * s;
  }

  /** The point on the floor at time t (integrated at fine steps: the heading changes along it). */
  point(t: number): THREE.Vector3 {
    const steps = Math.max(1, Math.ceil(t * 200));
    const p = new THREE.Vector3();
    for (let k = 0; k < steps; k++) p.addScaledVector(forward(this.heading(((k + 0.5) / steps) * t)), (SPEED * t) / steps);
    return p;
  }
}

/** Where a foot is and which way it points at time t: planted through its stance, then swung to the next foothold. */
function footAt(path: WalkPath, side: 1 | -1, t: number): { at: THREE.Vector3; heading: number; planted: boolean } {
  const offset = side === 1 ? 0 : 0.5;
  const cycle = Math.floor(t / STRIDE_S - offset);
  const phase = t / STRIDE_S - offset - cycle; // [0, 1): stance first, then swing
  const foothold = (c: number) => {
    // A foothold is where the path is at the middle of the stance, the foot to its side.
    const middle = (c + offset + STANCE / 2) * STRIDE_S;
    const heading = path.heading(middle);
    const at = path.point(Math.max(middle, 0)).add(new THREE.Vector3(side * HIP_WIDTH, 0, 0).applyQuaternion(yaw(heading)));
    if (middle < 0) at.addScaledVector(forward(0), SPEED * middle);
    return { at, heading };
  };
  if (phase < STANCE) return { ...foothold(cycle), planted: true };
  const s = (phase - STANCE) / (1 - STANCE);
  const ease = s * s * (3 - 2 * s);
  const from = foothold(cycle);
  const to = foothold(cycle + 1);
  const at = from.at.clone().lerp(to.at, ease);
  at.y = LIFT * Math.sin(Math.PI * s);
  return { at, heading: from.heading + (to.heading - from.heading) * ease, planted: false };
}

/** A rotation whose columns are the given axes. */
function fromAxes(x: THREE.Vector3, y: THREE.Vector3, z: THREE.Vector3): THREE.Quaternion {
  return new THREE.Quaternion().setFromRotationMatrix(new THREE.Matrix4().makeBasis(x, y, z));
}

/**
 * World rotations of one leg reaching from the hip joint to the ankle, the
 * knee toward `ahead`: the thigh and the shin, each with its −Y along the
 * bone and its X across the leg's plane.
 */
function legRotations(hip: THREE.Vector3, ankle: THREE.Vector3, ahead: THREE.Vector3): [THREE.Quaternion, THREE.Quaternion] {
  const d = ankle.clone().sub(hip);
  const reach = Math.min(d.length(), (THIGH + SHIN) * 0.9999);
  const along = d.clone().normalize();
  const cosHip = (reach * reach + THIGH * THIGH - SHIN * SHIN) / (2 * reach * THIGH);
  const across = ahead.clone().sub(along.clone().multiplyScalar(ahead.dot(along))).normalize();
  const thighDir = along.clone().multiplyScalar(cosHip).addScaledVector(across, Math.sqrt(1 - cosHip * cosHip));
  const knee = hip.clone().addScaledVector(thighDir, THIGH);
  const shinDir = hip.clone().addScaledVector(along, reach).sub(knee).normalize();
  const side = new THREE.Vector3().crossVectors(ahead, along).normalize();
  const bone = (down: THREE.Vector3) => {
    const y = down.clone().negate();
    return fromAxes(side, y, new THREE.Vector3().crossVectors(side, y));
  };
  return [bone(thighDir), bone(shinDir)];
}

/** Euler angles (radians) of `q` in a BVH channel order ("ZYX": R = Rz·Ry·Rx), the solution nearest `previous`. */
function eulerNear(q: THREE.Quaternion, order: 'ZYX' | 'ZXY', previous: Vec3 | null): Vec3 {
  const e = new THREE.Euler().setFromQuaternion(q, order);
  const byAxis = { X: e.x, Y: e.y, Z: e.z };
  const [a, b, c] = order.split('') as ('X' | 'Y' | 'Z')[];
  // The other Tait–Bryan solution: the outer two turned half a turn, the middle mirrored.
  const solutions: Vec3[] = [
    [byAxis[a], byAxis[b], byAxis[c]],
    [byAxis[a] + Math.PI, Math.PI - byAxis[b], byAxis[c] + Math.PI],
  ];
  const near = (s: Vec3): Vec3 => (previous === null ? s : (s.map((v, k) => v + 2 * Math.PI * Math.round((previous[k] - v) / (2 * Math.PI))) as Vec3));
  const distance = (s: Vec3) => (previous === null ? Math.abs(s[0]) + Math.abs(s[1]) + Math.abs(s[2]) : Math.hypot(s[0] - previous[0], s[1] - previous[1], s[2] - previous[2]));
  const [first, second] = solutions.map(near);
  return distance(first) <= distance(second) ? first : second;
}

export interface Take {
  text: string;
  /** Per frame, whether each foot (left, right) stands planted. */
  planted: [boolean, boolean][];
  /** The largest the hips turn from where they started (degrees). */
  largestTurn_deg: number;
  /** Per frame, the hips' heading (radians about +Y, unwrapped). */
  hipsHeading: number[];
}

/** A walking take (see the top of the file). */
export function walkingTake(options: TakeOptions): Take {
  const { scheme, metresPerUnit } = options;
  const seconds = options.seconds ?? 4;
  const fps = options.fps ?? 30;
  const turn = THREE.MathUtils.degToRad(options.turn_deg ?? 150);
  const order = scheme === 'cmu' ? 'ZYX' : 'ZXY';
  const channels = scheme === 'cmu' ? 'Zrotation Yrotation Xrotation' : 'Zrotation Xrotation Yrotation';
  const list = joints(scheme);
  const path = new WalkPath(seconds, turn);
  const frames = Math.round(seconds * fps) + 1;
  const rows: string[] = [];
  const planted: [boolean, boolean][] = [];
  const hipsHeading: number[] = [];
  let previous: (Vec3 | null)[] = list.map(() => null);
  let largestTurn = 0;
  const unit = (v: number) => (v / metresPerUnit).toFixed(5);
  for (let f = 0; f < frames; f++) {
    const t = f / fps;
    const w = (2 * Math.PI * t) / STRIDE_S;
    const heading = path.heading(t);
    largestTurn = Math.max(largestTurn, Math.abs(heading));
    const local = new Map<string, THREE.Quaternion>();
    const world = new Map<string, THREE.Quaternion>();
    const set = (name: string | null, parentWorld: THREE.Quaternion, q_ws: THREE.Quaternion) => {
      if (name === null) return;
      world.set(name, q_ws);
      local.set(name, parentWorld.clone().invert().multiply(q_ws));
    };
    // The hips: the path's heading, swaying with the stride, leaning a little into the walk and
    // rolling from side to side (so that a heading near ±90° meets the file's gimbal lock).
    hipsHeading.push(heading + 0.08 * Math.sin(w));
    const hipsQ = yaw(hipsHeading[f])
      .multiply(new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), 0.05))
      .multiply(new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 0, 1), 0.05 * Math.sin(w)));
    const hipsAt = path.point(t).setY(WALK_HIPS + 0.012 * Math.cos(2 * w));
    set('Hips', new THREE.Quaternion(), hipsQ);
    const feet: boolean[] = [];
    for (const [side, x] of [['Left', 1], ['Right', -1]] as const) {
      const foot = footAt(path, x, t);
      feet.push(foot.planted);
      const hip = new THREE.Vector3(HIP_WIDTH * x, -HIP_DROP, 0).applyQuaternion(hipsQ).add(hipsAt);
      const ankle = foot.at.clone().add(new THREE.Vector3(0, ANKLE_HEIGHT, 0));
      const ahead = forward(0.5 * (heading + foot.heading));
      const [thighQ, shinQ] = legRotations(hip, ankle, ahead);
      const hipJoint = sided(scheme, 'hipJoint', side);
      set(hipJoint, hipsQ, hipsQ.clone());
      set(sided(scheme, 'thigh', side), hipsQ, thighQ);
      set(sided(scheme, 'shin', side), thighQ, shinQ);
      set(sided(scheme, 'foot', side), shinQ, yaw(foot.heading));
    }
    planted.push([feet[0], feet[1]]);
    // The trunk turns against the hips' sway; the arms hang and swing against the legs.
    const chest = scheme === 'cmu' ? ['LowerBack', 'Spine', 'Spine1'] : ['Spine', 'Chest'];
    for (const name of chest) local.set(name, yaw((-0.1 * Math.sin(w)) / chest.length));
    local.set('Head', yaw(0.1 * Math.sin(w)));
    for (const [side, x] of [['Left', 1], ['Right', -1]] as const) {
      const swing = -0.35 * x * Math.sin(w);
      // Lowered from the T-pose about Z, then swung about X; the elbow bends forward about Y.
      local.set(sided(scheme, 'upperArm', side)!, new THREE.Quaternion().setFromEuler(new THREE.Euler(swing, 0, -1.2 * x, 'XYZ')));
      local.set(sided(scheme, 'forearm', side)!, new THREE.Quaternion().setFromEuler(new THREE.Euler(0, -x * (0.35 + 0.15 * Math.sin(w)), 0)));
    }
    const row: string[] = [unit(hipsAt.x), unit(hipsAt.y), unit(hipsAt.z)];
    // The channels list the axes in the Euler order's own sequence (outermost first).
    previous = list.map((joint, k) => eulerNear(local.get(joint.name) ?? new THREE.Quaternion(), order, previous[k]));
    for (const angles of previous) for (const v of angles!) row.push(THREE.MathUtils.radToDeg(v).toFixed(4));
    rows.push(row.join(' '));
  }
  const lines = ['HIERARCHY'];
  const write = (joint: Joint, depth: number): void => {
    const pad = '  '.repeat(depth);
    lines.push(`${pad}${joint.parent === null ? 'ROOT' : 'JOINT'} ${joint.name}`, `${pad}{`, `${pad}  OFFSET ${joint.offset.map(unit).join(' ')}`);
    lines.push(`${pad}  CHANNELS ${joint.parent === null ? `6 Xposition Yposition Zposition ${channels}` : `3 ${channels}`}`);
    for (const child of list.filter((j) => j.parent === joint.name)) write(child, depth + 1);
    if (joint.end) lines.push(`${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET ${joint.end.map(unit).join(' ')}`, `${pad}  }`);
    lines.push(`${pad}}`);
  };
  write(list[0], 0);
  lines.push('MOTION', `Frames: ${frames}`, `Frame Time: ${(1 / fps).toFixed(6)}`, ...rows);
  return { text: `${lines.join('\n')}\n`, planted, largestTurn_deg: THREE.MathUtils.radToDeg(largestTurn), hipsHeading };
}
