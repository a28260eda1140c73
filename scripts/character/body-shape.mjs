// The character's skin as an implicit surface: a smooth union of capsules, ellipsoids and
// rounded boxes, each placed in the space of the bone it hangs on (coordinates relative to that
// joint's rest origin, metres). Moving a joint in the skeleton moves its flesh with it.
import { ellipsoidDistance, roundedBoxDistance, smoothUnion, taperedCapsuleDistance } from './distance-primitives.mjs';
import { restJointPositions_ms } from './skeleton.mjs';

// `blend` is the fillet where a part meets the parts before it. It stays below half of every
// gap that must remain open (between the thighs, between the arms and the torso), so those
// limbs stay separate.
const CENTRE_PARTS = [
  // Pelvis and buttocks.
  { bone: 'hips', kind: 'ellipsoid', centre: [0, -0.01, -0.01], radii: [0.165, 0.125, 0.115], blend: 0.04 },
  { bone: 'hips', kind: 'ellipsoid', centre: [0.07, -0.07, -0.045], radii: [0.08, 0.085, 0.075], blend: 0.03 },
  { bone: 'hips', kind: 'ellipsoid', centre: [-0.07, -0.07, -0.045], radii: [0.08, 0.085, 0.075], blend: 0.03 },
  // Waist and belly.
  { bone: 'spine', kind: 'ellipsoid', centre: [0, 0.04, 0.005], radii: [0.14, 0.13, 0.1], blend: 0.06 },
  // Ribcage, flattened front to back.
  { bone: 'chest', kind: 'ellipsoid', centre: [0, 0.06, 0.005], radii: [0.155, 0.17, 0.11], blend: 0.06 },
  { bone: 'neck', kind: 'capsule', a: [0, -0.04, -0.015], b: [0, 0.13, 0], radiusA: 0.055, radiusB: 0.05, blend: 0.03 },
  // Skull and jaw.
  { bone: 'head', kind: 'ellipsoid', centre: [0, 0.105, 0.005], radii: [0.082, 0.105, 0.1], blend: 0.03 },
  { bone: 'head', kind: 'ellipsoid', centre: [0, 0.035, 0.03], radii: [0.062, 0.055, 0.07], blend: 0.03 },
  // Ponytail: the gathered knot at the skull, then a tapering tail. Its fillets stay small, as
  // the tail's tip hangs 9 cm behind the neck.
  { bone: 'ponytail_1', kind: 'capsule', a: [0, 0, 0], b: [0, -0.03, -0.07], radiusA: 0.032, radiusB: 0.03, blend: 0.02 },
  { bone: 'ponytail_2', kind: 'capsule', a: [0, 0, 0], b: [0, -0.09, -0.025], radiusA: 0.03, radiusB: 0.024, blend: 0.012 },
  { bone: 'ponytail_3', kind: 'capsule', a: [0, 0, 0], b: [0, -0.09, 0], radiusA: 0.024, radiusB: 0.012, blend: 0.012 },
];

// Left side only; the right side is its mirror image.
const LEFT_PARTS = [
  // Shoulder line (trapezius and collarbone).
  { bone: 'clavicle_l', kind: 'capsule', a: [0, -0.01, -0.01], b: [0.15, 0, -0.01], radiusA: 0.06, radiusB: 0.055, blend: 0.04 },
  // Deltoid, then the upper arm.
  { bone: 'upper_arm_l', kind: 'ellipsoid', centre: [0.035, 0.005, 0], radii: [0.075, 0.06, 0.06], blend: 0.03 },
  { bone: 'upper_arm_l', kind: 'capsule', a: [0, 0, 0], b: [0.28, 0, 0], radiusA: 0.05, radiusB: 0.04, blend: 0.02 },
  // Forearm with its muscle bulge near the elbow.
  { bone: 'forearm_l', kind: 'capsule', a: [0, 0, 0], b: [0.26, 0, 0], radiusA: 0.04, radiusB: 0.03, blend: 0.02 },
  { bone: 'forearm_l', kind: 'ellipsoid', centre: [0.07, 0, 0], radii: [0.09, 0.042, 0.046], blend: 0.02 },
  // The hands are pieces of their own (hand-shape.mjs): the forearm ends rounded at the wrist.
  // Thigh: the bone, then the muscle mass in front of it.
  { bone: 'thigh_l', kind: 'capsule', a: [0, 0, 0], b: [0, -0.42, 0], radiusA: 0.08, radiusB: 0.05, blend: 0.03 },
  { bone: 'thigh_l', kind: 'ellipsoid', centre: [0, -0.16, 0.01], radii: [0.072, 0.17, 0.078], blend: 0.03 },
  // Shin and calf.
  { bone: 'shin_l', kind: 'capsule', a: [0, 0, 0], b: [0, -0.41, 0], radiusA: 0.05, radiusB: 0.033, blend: 0.02 },
  { bone: 'shin_l', kind: 'ellipsoid', centre: [0, -0.13, -0.02], radii: [0.048, 0.11, 0.05], blend: 0.02 },
  // Foot from heel to the ball, sole flat on y = 0; then the toes.
  { bone: 'foot_l', kind: 'box', centre: [0, -0.0425, 0.04], halfSize: [0.045, 0.0375, 0.1], rounding: 0.03, blend: 0.02 },
  { bone: 'toes_l', kind: 'box', centre: [0, -0.01, 0.03], halfSize: [0.043, 0.02, 0.04], rounding: 0.018, blend: 0.015 },
];

export function mirrorPart(part) {
  const flipX = ([x, y, z]) => [-x, y, z];
  const mirrored = { ...part, bone: part.bone.replace(/_l$/, '_r') };
  for (const key of ['centre', 'a', 'b']) {
    if (part[key]) mirrored[key] = flipX(part[key]);
  }
  return mirrored;
}

const BODY_PARTS = [...CENTRE_PARTS, ...LEFT_PARTS, ...LEFT_PARTS.map(mirrorPart)];

// A box, in model space, that holds the whole body with room to spare: the polygonizer samples
// the field inside it and checks that its faces are outside the body.
export const BODY_BOUNDS_MS = { min: [-0.8, -0.04, -0.25], max: [0.8, 1.8, 0.25] };

// Returns the signed distance function of the rest-pose body in model space, (x, y, z) → metres.
export function makeBodyDistance(joints) {
  return makePartsDistance(joints, BODY_PARTS);
}

// The smooth union of `parts` (each placed on its bone, as above) as a signed distance function
// in model space.
export function makePartsDistance(joints, parts) {
  const jointPositions_ms = restJointPositions_ms(joints);
  const origin_ms = new Map(joints.map((joint, i) => [joint.name, jointPositions_ms[i]]));
  const toModel = (bone, [x, y, z]) => {
    const o = origin_ms.get(bone);
    if (!o) throw new Error(`body shape: no bone named ${bone}`);
    return [o[0] + x, o[1] + y, o[2] + z];
  };

  const partDistances = parts.map((part) => {
    switch (part.kind) {
      case 'capsule': {
        const a = toModel(part.bone, part.a);
        const b = toModel(part.bone, part.b);
        return (x, y, z) => taperedCapsuleDistance(x, y, z, a, b, part.radiusA, part.radiusB);
      }
      case 'ellipsoid': {
        const centre = toModel(part.bone, part.centre);
        return (x, y, z) => ellipsoidDistance(x, y, z, centre, part.radii);
      }
      case 'box': {
        const centre = toModel(part.bone, part.centre);
        return (x, y, z) => roundedBoxDistance(x, y, z, centre, part.halfSize, part.rounding);
      }
      default:
        throw new Error(`body shape: unknown part kind ${part.kind}`);
    }
  });
  const blends = parts.map((part) => part.blend);

  return (x, y, z) => {
    let distance = partDistances[0](x, y, z);
    for (let i = 1; i < partDistances.length; i++) {
      distance = smoothUnion(distance, partDistances[i](x, y, z), blends[i]);
    }
    return distance;
  };
}
