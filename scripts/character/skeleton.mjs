// The default character's skeleton: 54 joints in parent-first order, T-pose, metres, +Y up,
// facing +Z, the character's left side on +X. Rest joints carry no rotation, so every bone's
// local axes are the model axes; limits are Euler angles (radians) about those axes, X then Y
// then Z — except where a joint has a `frame` (a quaternion x, y, z, w: the columns of its
// rotation are the axes the joint turns about), as the fingers do. `offset` is the rest translation from the parent joint, `tip` where the bone ends in
// its own space (the first child's offset, or an end point for the leaves). `stiffness` (default
// 1) tells the IK solver how reluctantly a joint turns: the trunk and collarbones are stiffer
// than the limbs, so a reach moves the arm before it bends the spine.

const SYMMETRIC = (x, y, z) => ({ min: [-x, -y, -z], max: [x, y, z] });

const CENTRE_JOINTS = [
  // The hips are the root: they turn freely about their upright axis (Y, the body's heading: a
  // walk that turns round), up to a whole turn either way so that a turning walk's keys stay
  // continuous, and tip over every way (lying down, bending far over). IK tilts them only as far
  // as a person's pelvis does from the pose they were given (`ikRange`, X and Z: 20°; the heading
  // as its limits allow): with the feet pinned a pull bends the knees rather than tip the body.
  { name: 'hips', parent: null, offset: [0, 0.96, 0], tip: [0, 0.1, 0], ...SYMMETRIC(Math.PI, 2 * Math.PI, Math.PI), ikRange: [0.35, 4 * Math.PI, 0.35], stiffness: 30 },
  { name: 'spine', parent: 'hips', offset: [0, 0.1, 0], tip: [0, 0.16, 0], ...SYMMETRIC(0.4, 0.4, 0.4), stiffness: 15 },
  { name: 'chest', parent: 'spine', offset: [0, 0.16, 0], tip: [0, 0.22, 0], ...SYMMETRIC(0.4, 0.4, 0.4), stiffness: 15 },
  { name: 'neck', parent: 'chest', offset: [0, 0.22, 0], tip: [0, 0.1, 0], ...SYMMETRIC(0.5, 0.5, 0.5), stiffness: 8 },
  // The head's tip is the top of the skull.
  { name: 'head', parent: 'neck', offset: [0, 0.1, 0], tip: [0, 0.21, 0], ...SYMMETRIC(0.6, 0.6, 0.6) },
];

// A ponytail of three bones from the back of the skull, hanging back and down: the default
// character's spring chain (web/src/import/default-character-springs.ts). Its joints come last
// so that the 21 body joints keep their indices (share links and clips made before it still
// apply). The limits are for posing it by hand; the springs swing it on top of the pose.
const PONYTAIL_JOINTS = [
  { name: 'ponytail_1', parent: 'head', offset: [0, 0.15, -0.085], tip: [0, -0.03, -0.07], ...SYMMETRIC(0.8, 0.8, 0.8) },
  { name: 'ponytail_2', parent: 'ponytail_1', offset: [0, -0.03, -0.07], tip: [0, -0.09, -0.025], ...SYMMETRIC(0.8, 0.8, 0.8) },
  { name: 'ponytail_3', parent: 'ponytail_2', offset: [0, -0.09, -0.025], tip: [0, -0.09, 0], ...SYMMETRIC(0.8, 0.8, 0.8) },
];

// The fingers of the left hand, in the hand's space (wrist at the origin, the palm facing −Y
// in the T-pose, the thumb toward +Z). Lengths are an adult's (a 19 cm hand); the fingers fan
// out a little at rest (`fan`, the direction each points in) so that the mesh keeps them apart. Each finger turns in its own frame:
// X along the finger, Z the axis it curls about (negative Z curls it toward the palm, for
// every finger and the thumb alike), Y the axis it spreads about. The three bones of a finger
// share their frame; the knuckle (_1) curls and spreads, the two joints past it only curl.
// The thumb's frame lies along the thumb, which sits on the palm's side pointing forward and
// out, and its base also rolls about its length (opposition: the pad turns to face the
// fingers).
const FINGERS = [
  { name: 'thumb', base: [0.025, -0.012, 0.022], direction: [0.7, -0.2, 0.65], across: [0, -0.45, -1], lengths: [0.046, 0.033, 0.028] },
  { name: 'index', base: [0.09, 0.002, 0.026], fan: [1, 0, 0.1], lengths: [0.04, 0.024, 0.019] },
  { name: 'middle', base: [0.095, 0.002, 0.007], fan: [1, 0, 0.02], lengths: [0.045, 0.027, 0.021] },
  { name: 'ring', base: [0.09, 0.002, -0.012], fan: [1, 0, -0.07], lengths: [0.042, 0.026, 0.02] },
  { name: 'little', base: [0.081, 0, -0.03], fan: [1, 0, -0.17], lengths: [0.033, 0.019, 0.018] },
];
const MIDDLE_KNUCKLE = FINGERS[2].base;

// Limits per finger bone in its frame, [min, max] per axis: curl (Z) from a little past
// straight to ~100° at the knuckles, ±20° of spread (Y) at the knuckle, no twist except at the
// thumb's base.
const FINGER_LIMITS = [
  { min: [0, -0.35, -1.6], max: [0, 0.35, 0.35] },
  { min: [0, 0, -1.75], max: [0, 0, 0] },
  { min: [0, 0, -1.4], max: [0, 0, 0.15] },
];
const THUMB_LIMITS = [
  { min: [-0.6, -0.5, -0.7], max: [0.4, 0.5, 0.5] },
  { min: [0, -0.15, -1], max: [0, 0.15, 0.2] },
  { min: [0, 0, -1.4], max: [0, 0, 0.3] },
];

// Only correctly rounded math (+ − × ÷ and sqrt) here, as in distance-primitives.mjs: the
// asset must come out byte for byte the same on every machine.
const unit = (v) => {
  const length = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return v.map((c) => c / length);
};
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

// The quaternion (x, y, z, w) of the rotation whose columns are the orthonormal axes x, y, z.
function quaternionFromAxes(x, y, z) {
  const trace = x[0] + y[1] + z[2];
  if (trace > 0) {
    const s = 2 * Math.sqrt(1 + trace);
    return [(y[2] - z[1]) / s, (z[0] - x[2]) / s, (x[1] - y[0]) / s, s / 4];
  }
  if (x[0] > y[1] && x[0] > z[2]) {
    const s = 2 * Math.sqrt(1 + x[0] - y[1] - z[2]);
    return [s / 4, (y[0] + x[1]) / s, (z[0] + x[2]) / s, (y[2] - z[1]) / s];
  }
  if (y[1] > z[2]) {
    const s = 2 * Math.sqrt(1 + y[1] - x[0] - z[2]);
    return [(y[0] + x[1]) / s, s / 4, (z[1] + y[2]) / s, (z[0] - x[2]) / s];
  }
  const s = 2 * Math.sqrt(1 + z[2] - x[0] - y[1]);
  return [(z[0] + x[2]) / s, (z[1] + y[2]) / s, s / 4, (x[1] - y[0]) / s];
}

// A finger's frame: X along it, Y the way its curl turns X away from (so that a negative turn
// about Z = X × Y brings the tip toward the palm, −Y for a finger, `across` for the thumb).
function fingerAxes(finger) {
  if (finger.direction) {
    const x = unit(finger.direction);
    const across = unit(finger.across);
    const along = across[0] * x[0] + across[1] * x[1] + across[2] * x[2];
    const y = unit([-(across[0] - along * x[0]), -(across[1] - along * x[1]), -(across[2] - along * x[2])]);
    return { x, y, z: cross(x, y) };
  }
  const x = unit(finger.fan);
  return { x, y: [0, 1, 0], z: cross(x, [0, 1, 0]) };
}

const round = (v) => v.map((c) => Math.round(c * 1e6) / 1e6 || 0);

function leftFingers() {
  return FINGERS.flatMap((finger) => {
    const axes = fingerAxes(finger);
    const frame = round(quaternionFromAxes(axes.x, axes.y, axes.z));
    const limits = finger.name === 'thumb' ? THUMB_LIMITS : FINGER_LIMITS;
    return finger.lengths.map((length, k) => ({
      name: `${finger.name}_${k + 1}_l`,
      parent: k === 0 ? 'hand_l' : `${finger.name}_${k}_l`,
      offset: k === 0 ? finger.base : round(axes.x.map((c) => c * finger.lengths[k - 1])),
      tip: round(axes.x.map((c) => c * length)),
      frame,
      ...limits[k],
    }));
  });
}

// One arm, written for the left side (+X); `mirror` derives the right one. The elbow hinge is
// Y: for the left arm, negative Y rotation swings the forearm (+X) toward +Z, i.e. forward.
function leftArm() {
  return [
    { name: 'clavicle_l', parent: 'chest', offset: [0.02, 0.18, 0], tip: [0.16, 0, 0], ...SYMMETRIC(0.2, 0.3, 0.3), stiffness: 8 },
    { name: 'upper_arm_l', parent: 'clavicle_l', offset: [0.16, 0, 0], tip: [0.28, 0, 0], ...SYMMETRIC(1.4, 1.5, 1.4) },
    { name: 'forearm_l', parent: 'upper_arm_l', offset: [0.28, 0, 0], tip: [0.26, 0, 0], min: [-1.2, -2.5, 0], max: [1.2, 0, 0] },
    // The hand's tip is the middle finger's knuckle.
    { name: 'hand_l', parent: 'forearm_l', offset: [0.26, 0, 0], tip: MIDDLE_KNUCKLE, ...SYMMETRIC(0.6, 0.8, 0.6) },
  ];
}

// One leg, left side. The knee hinge is X: positive X rotation swings the shin (−Y) toward −Z,
// i.e. the knee bends backward.
function leftLeg() {
  return [
    { name: 'thigh_l', parent: 'hips', offset: [0.1, -0.05, 0], tip: [0, -0.42, 0], min: [-1.8, -0.6, -0.8], max: [0.5, 0.6, 0.8] },
    { name: 'shin_l', parent: 'thigh_l', offset: [0, -0.42, 0], tip: [0, -0.41, 0], min: [0, 0, 0], max: [2.4, 0, 0] },
    // The ankle points the toes down further (+X, 63°) than it lifts them (40°): kneeling with
    // the feet flat behind, on tiptoe and in a dancer's point need it.
    { name: 'foot_l', parent: 'shin_l', offset: [0, -0.41, 0], tip: [0, -0.05, 0.13], min: [-0.7, -0.3, -0.3], max: [1.1, 0.3, 0.3] },
    // The toes' tip is the tip of the big toe.
    { name: 'toes_l', parent: 'foot_l', offset: [0, -0.05, 0.13], tip: [0, 0, 0.07], min: [-0.5, 0, 0], max: [0.5, 0, 0] },
  ];
}

// Mirrors a left-side joint to the right side: X offsets flip sign, and so do the limits about
// Y and Z (a rotation about Y or Z mirrored through the X = 0 plane turns the other way).
// Limits about X keep their sign. The forearm's hinge follows: Y [-2.5, 0] becomes [0, 2.5].
// A frame F mirrors to M·F·M (M the mirror): its quaternion's y and z flip, and the same rule
// holds for the limits about its axes.
function mirrorToRight(joint) {
  const rightName = (name) => name.replace(/_l$/, '_r');
  const negate = (v) => (v === 0 ? 0 : -v); // no -0 in the asset
  const flipX = ([x, y, z]) => [negate(x), y, z];
  return {
    name: rightName(joint.name),
    parent: rightName(joint.parent),
    offset: flipX(joint.offset),
    tip: flipX(joint.tip),
    min: [joint.min[0], negate(joint.max[1]), negate(joint.max[2])],
    max: [joint.max[0], negate(joint.min[1]), negate(joint.min[2])],
    ...(joint.frame === undefined ? {} : { frame: [joint.frame[0], negate(joint.frame[1]), negate(joint.frame[2]), joint.frame[3]] }),
    ...(joint.stiffness === undefined ? {} : { stiffness: joint.stiffness }),
  };
}

function withParentIndices(namedJoints) {
  const indexOf = new Map(namedJoints.map((joint, i) => [joint.name, i]));
  return namedJoints.map(({ parent, ...joint }) => ({
    ...joint,
    parentIndex: parent === null ? -1 : indexOf.get(parent),
  }));
}

const arm_l = leftArm();
const leg_l = leftLeg();
const fingers_l = leftFingers();

// Parent-first, in the order the skin lists its joints:
// { name, parentIndex (-1 for the root), offset, tip, min, max, stiffness? }.
export const JOINTS = withParentIndices([
  ...CENTRE_JOINTS,
  ...arm_l,
  ...arm_l.map(mirrorToRight),
  ...leg_l,
  ...leg_l.map(mirrorToRight),
  ...PONYTAIL_JOINTS,
  // The fingers came last of all, after the ponytail, for the same reason.
  ...fingers_l,
  ...fingers_l.map(mirrorToRight),
]);

// Model-space rest position of every joint origin. With no rest rotations this is the sum of
// the offsets up the chain.
export function restJointPositions_ms(joints) {
  const positions_ms = [];
  joints.forEach((joint, i) => {
    if (joint.parentIndex >= i) throw new Error(`skeleton: joint ${joint.name} comes before its parent`);
    const parent_ms = joint.parentIndex < 0 ? [0, 0, 0] : positions_ms[joint.parentIndex];
    positions_ms.push([parent_ms[0] + joint.offset[0], parent_ms[1] + joint.offset[1], parent_ms[2] + joint.offset[2]]);
  });
  return positions_ms;
}
