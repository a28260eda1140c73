// The default character's skeleton: 24 joints in parent-first order, T-pose, metres, +Y up,
// facing +Z, the character's left side on +X. Rest joints carry no rotation, so every bone's
// local axes are the model axes; limits are Euler angles (radians) about those axes, X then Y
// then Z. `offset` is the rest translation from the parent joint, `tip` where the bone ends in
// its own space (the first child's offset, or an end point for the leaves). `stiffness` (default
// 1) tells the IK solver how reluctantly a joint turns: the trunk and collarbones are stiffer
// than the limbs, so a reach moves the arm before it bends the spine.

const SYMMETRIC = (x, y, z) => ({ min: [-x, -y, -z], max: [x, y, z] });

const CENTRE_JOINTS = [
  // The hips are the root: they turn freely about their upright axis (Y, the body's heading: a
  // walk that turns round), up to a whole turn either way so that a turning walk's keys stay
  // continuous, and tilt as far as a person's pelvis does.
  { name: 'hips', parent: null, offset: [0, 0.96, 0], tip: [0, 0.1, 0], ...SYMMETRIC(0.35, 2 * Math.PI, 0.35), stiffness: 30 },
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

// One arm, written for the left side (+X); `mirror` derives the right one. The elbow hinge is
// Y: for the left arm, negative Y rotation swings the forearm (+X) toward +Z, i.e. forward.
function leftArm() {
  return [
    { name: 'clavicle_l', parent: 'chest', offset: [0.02, 0.18, 0], tip: [0.16, 0, 0], ...SYMMETRIC(0.2, 0.3, 0.3), stiffness: 8 },
    { name: 'upper_arm_l', parent: 'clavicle_l', offset: [0.16, 0, 0], tip: [0.28, 0, 0], ...SYMMETRIC(1.4, 1.5, 1.4) },
    { name: 'forearm_l', parent: 'upper_arm_l', offset: [0.28, 0, 0], tip: [0.26, 0, 0], min: [-1.2, -2.5, 0], max: [1.2, 0, 0] },
    // The hand is a mitten; its tip is the fingertip.
    { name: 'hand_l', parent: 'forearm_l', offset: [0.26, 0, 0], tip: [0.18, 0, 0], ...SYMMETRIC(0.6, 0.8, 0.6) },
  ];
}

// One leg, left side. The knee hinge is X: positive X rotation swings the shin (−Y) toward −Z,
// i.e. the knee bends backward.
function leftLeg() {
  return [
    { name: 'thigh_l', parent: 'hips', offset: [0.1, -0.05, 0], tip: [0, -0.42, 0], min: [-1.8, -0.6, -0.8], max: [0.5, 0.6, 0.8] },
    { name: 'shin_l', parent: 'thigh_l', offset: [0, -0.42, 0], tip: [0, -0.41, 0], min: [0, 0, 0], max: [2.4, 0, 0] },
    { name: 'foot_l', parent: 'shin_l', offset: [0, -0.41, 0], tip: [0, -0.05, 0.13], ...SYMMETRIC(0.7, 0.3, 0.3) },
    // The toes' tip is the tip of the big toe.
    { name: 'toes_l', parent: 'foot_l', offset: [0, -0.05, 0.13], tip: [0, 0, 0.07], min: [-0.5, 0, 0], max: [0.5, 0, 0] },
  ];
}

// Mirrors a left-side joint to the right side: X offsets flip sign, and so do the limits about
// Y and Z (a rotation about Y or Z mirrored through the X = 0 plane turns the other way).
// Limits about X keep their sign. The forearm's hinge follows: Y [-2.5, 0] becomes [0, 2.5].
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

// Parent-first, in the order the skin lists its joints:
// { name, parentIndex (-1 for the root), offset, tip, min, max, stiffness? }.
export const JOINTS = withParentIndices([
  ...CENTRE_JOINTS,
  ...arm_l,
  ...arm_l.map(mirrorToRight),
  ...leg_l,
  ...leg_l.map(mirrorToRight),
  ...PONYTAIL_JOINTS,
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
