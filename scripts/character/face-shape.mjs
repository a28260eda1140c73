// The face: a nose, ears and eyes on the skull, each a small closed piece of its own sampled
// finer than the body, so that the head shows where it looks. The landmark points (head space)
// are where the outputs put OpenPose's nose, eye and ear points; the asset carries them in the
// head joint's extras (character-gltf.mjs).

// Eyes are dark so that they read from across the room; the rest has the skin's colour.
export const EYE_COLOUR = [0.06, 0.055, 0.05];

const NOSE_TIP = { centre: [0, 0.07, 0.114], radii: [0.013, 0.011, 0.012] };
const EAR_L = { centre: [0.081, 0.095, -0.01], radii: [0.012, 0.03, 0.019] };
const EYE_L = { centre: [0.03, 0.112, 0.09], radius: 0.014 };

// Each piece: its parts (on the head, as body-shape.mjs places parts), a head-space box that
// holds it with room to spare, whether the right side gets its mirror image, and its colour.
export const FACE_PIECES = [
  {
    name: 'nose',
    parts: [
      // The bridge from between the eyes, sunk into the skull, down to the tip.
      { bone: 'head', kind: 'capsule', a: [0, 0.112, 0.092], b: [0, 0.078, 0.11], radiusA: 0.0065, radiusB: 0.009, blend: 0 },
      { bone: 'head', kind: 'ellipsoid', ...NOSE_TIP, blend: 0.008 },
    ],
    bounds_hs: { min: [-0.03, 0.04, 0.07], max: [0.03, 0.135, 0.15] },
    mirrored: false,
  },
  { name: 'ear', parts: [{ bone: 'head', kind: 'ellipsoid', ...EAR_L, blend: 0 }], bounds_hs: { min: [0.05, 0.05, -0.05], max: [0.11, 0.14, 0.03] }, mirrored: true },
  {
    name: 'eye',
    parts: [{ bone: 'head', kind: 'ellipsoid', centre: EYE_L.centre, radii: [EYE_L.radius, EYE_L.radius, EYE_L.radius], blend: 0 }],
    bounds_hs: { min: [0.005, 0.085, 0.065], max: [0.055, 0.14, 0.12] },
    mirrored: true,
    colour: EYE_COLOUR,
  },
];

const flipX = ([x, y, z]) => [x === 0 ? 0 : -x, y, z];
const eyeFront = [EYE_L.centre[0], EYE_L.centre[1], EYE_L.centre[2] + EYE_L.radius];
const earSide = [EAR_L.centre[0] + EAR_L.radii[0], EAR_L.centre[1], EAR_L.centre[2]];

// Head-space landmarks: the nose's tip, the front of each eye, the outside of each ear.
export const FACE_LANDMARKS = {
  nose: [NOSE_TIP.centre[0], NOSE_TIP.centre[1], NOSE_TIP.centre[2] + NOSE_TIP.radii[2]],
  eye_l: eyeFront,
  eye_r: flipX(eyeFront),
  ear_l: earSide,
  ear_r: flipX(earSide),
};
