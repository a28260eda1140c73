// The left hand as a piece of its own: palm, thumb and four fingers of three bones each, sampled
// on a finer grid than the body (a finger is 1.5 cm thick, the body's grid 12 mm). Its wrist
// sinks into the forearm's rounded end, as a mannequin's hand sits in its wrist; the right hand
// is this one mirrored (build-character.mjs).
import { restJointPositions_ms } from './skeleton.mjs';

// Flesh radius at the joint and at the tip of each finger bone (metres), by name without the
// side: the shape's capsules and the skin weights' reach (skin-weights.mjs) read the same table.
export const FINGER_RADII = {
  thumb_1: [0.0125, 0.0105],
  thumb_2: [0.0105, 0.0095],
  thumb_3: [0.0095, 0.0078],
  index_1: [0.0082, 0.0076],
  index_2: [0.0076, 0.007],
  index_3: [0.007, 0.006],
  middle_1: [0.0085, 0.0079],
  middle_2: [0.0079, 0.0072],
  middle_3: [0.0072, 0.0062],
  ring_1: [0.008, 0.0074],
  ring_2: [0.0074, 0.0068],
  ring_3: [0.0068, 0.0058],
  little_1: [0.007, 0.0065],
  little_2: [0.0065, 0.006],
  little_3: [0.006, 0.0052],
};

const FINGER_BONE = /^(thumb|index|middle|ring|little)_[123]_l$/;

// Fillets: the palm's parts merge softly; a finger meets the palm and its own next bone with a
// small one, less than half the 4–6 mm between neighbouring fingers, so they stay apart.
const PALM_BLEND = 0.012;
const KNUCKLE_BLEND = 0.0035;

const PALM_PARTS = [
  // The wrist: a stub inside the forearm's rounded end, then the heel of the hand.
  { bone: 'hand_l', kind: 'capsule', a: [-0.04, 0, 0], b: [0.01, 0, 0], radiusA: 0.026, radiusB: 0.024, blend: 0 },
  { bone: 'hand_l', kind: 'ellipsoid', centre: [0.022, -0.002, 0], radii: [0.03, 0.019, 0.032], blend: PALM_BLEND },
  // The palm, flat and a little narrower than the knuckles' row.
  { bone: 'hand_l', kind: 'box', centre: [0.052, 0, -0.002], halfSize: [0.044, 0.0115, 0.037], rounding: 0.011, blend: PALM_BLEND },
];

// A capsule along each finger bone from its joint to its tip; the last bone's stops short of
// its tip by its radius, so the fingertip ends where the bone does.
function fingerParts(joints) {
  return joints.flatMap((joint) => {
    if (!FINGER_BONE.test(joint.name)) return [];
    const [radiusA, radiusB] = FINGER_RADII[joint.name.replace(/_l$/, '')];
    const isLast = !joints.some((other) => other.parentIndex >= 0 && joints[other.parentIndex] === joint);
    const length = Math.sqrt(joint.tip[0] * joint.tip[0] + joint.tip[1] * joint.tip[1] + joint.tip[2] * joint.tip[2]);
    const shorten = isLast ? 1 - radiusB / length : 1;
    // The thumb's base is the fleshy ball of the thumb: it merges into the palm like the palm's parts.
    const blend = joint.name === 'thumb_1_l' ? PALM_BLEND : KNUCKLE_BLEND;
    return [{ bone: joint.name, kind: 'capsule', a: [0, 0, 0], b: joint.tip.map((c) => c * shorten), radiusA, radiusB, blend }];
  });
}

// The parts of the left hand, each on its bone (as body-shape.mjs places parts).
export function leftHandParts(joints) {
  return [...PALM_PARTS, ...fingerParts(joints)];
}

// A model-space box holding the left hand with room to spare.
export function leftHandBounds_ms(joints) {
  const [x, y, z] = restJointPositions_ms(joints)[joints.findIndex((joint) => joint.name === 'hand_l')];
  return { min: [x - 0.075, y - 0.06, z - 0.07], max: [x + 0.24, y + 0.035, z + 0.13] };
}
