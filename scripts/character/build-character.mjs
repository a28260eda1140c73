// The whole pipeline, from the skeleton to the GLB bytes. Pure and deterministic: the same
// bytes on every run and every machine (no randomness, no clock, only correctly rounded math).
//
// The skin is a few closed pieces: the body, each hand (finer, so that the fingers read), and
// the face's nose, ears and eyes (finer still). Each piece is polygonized from its own distance
// field, skin-weighted, and the right-side pieces are the left ones mirrored exactly.
import { BODY_BOUNDS_MS, makeBodyDistance, makePartsDistance } from './body-shape.mjs';
import { characterGlb } from './character-gltf.mjs';
import { FACE_LANDMARKS, FACE_PIECES } from './face-shape.mjs';
import { leftHandBounds_ms, leftHandParts } from './hand-shape.mjs';
import { surfaceNormal } from './isosurface-projection.mjs';
import { JOINTS, restJointPositions_ms } from './skeleton.mjs';
import { bodyWeights, computeSkinWeights, leftHandWeights } from './skin-weights.mjs';
import { surfaceNets } from './surface-nets.mjs';
import { relaxOntoSurface } from './surface-relaxation.mjs';
import { triangulateQuads } from './triangulate-quads.mjs';

// Grid spacing of the polygonizer (metres). 12 mm gives the body about 14k vertices, with the
// thinnest part (the wrist) still spanning five cells; the hands' 3 mm puts four cells across
// the thinnest fingertip, and the face's 2.5 mm shapes the nose and ears.
const BODY_CELL = 0.012;
const HAND_CELL = 0.003;
const FACE_CELL = 0.0025;
// Rounds of averaging the hands' weights over their skin: their edges are a quarter of the
// body's, so it takes more rounds to smooth a blend over the same few millimetres.
const HAND_DIFFUSION_ROUNDS = 24;
// Rounds of tangential relaxation: four even out the grid's staircase; more mostly cost time.
const RELAXATION_ROUNDS = 4;

const SKIN_COLOUR = [1, 1, 1];

// One closed surface of `distance` over `bounds`: positions and normals (xyz per vertex, model
// space) and triangles (counter-clockwise seen from outside).
function polygonize(distance, bounds, cellSize) {
  const nets = surfaceNets(distance, bounds, cellSize);
  const positions = relaxOntoSurface(distance, nets.positions, nets.quads, RELAXATION_ROUNDS, cellSize);
  const normals = new Float32Array(positions.length);
  for (let v = 0; v < positions.length; v += 3) {
    normals.set(surfaceNormal(distance, positions[v], positions[v + 1], positions[v + 2]), v);
  }
  return { positions: new Float32Array(positions), normals, triangles: new Uint32Array(triangulateQuads(positions, nets.quads)) };
}

function weighted(surface, weigh, diffusionRounds) {
  return { ...surface, ...computeSkinWeights(JOINTS, surface.positions, surface.triangles, weigh, diffusionRounds) };
}

// Every vertex wholly on one joint.
function rigid(surface, joint) {
  const vertexCount = surface.positions.length / 3;
  const weights = new Float32Array(4 * vertexCount);
  for (let v = 0; v < vertexCount; v++) weights[4 * v] = 1;
  return { ...surface, joints: new Uint16Array(4 * vertexCount).fill(0).map((_, k) => (k % 4 === 0 ? joint : 0)), weights };
}

// The piece's mirror image through x = 0: positions and normals flip x, triangles their
// winding, and each left joint's weights go to its right twin.
function mirrored(piece) {
  const flipX = (values) => values.map((value, k) => (k % 3 === 0 ? (value === 0 ? 0 : -value) : value));
  const triangles = new Uint32Array(piece.triangles.length);
  for (let t = 0; t < triangles.length; t += 3) triangles.set([piece.triangles[t], piece.triangles[t + 2], piece.triangles[t + 1]], t);
  const indexOf = new Map(JOINTS.map((joint, i) => [joint.name, i]));
  const twin = JOINTS.map((joint, i) => indexOf.get(joint.name.replace(/_l$/, '_r')) ?? i);
  return { ...piece, positions: flipX(piece.positions), normals: flipX(piece.normals), triangles, joints: piece.joints.map((joint) => twin[joint]) };
}

function coloured(piece, colour) {
  const vertexCount = piece.positions.length / 3;
  const colours = new Float32Array(3 * vertexCount);
  for (let v = 0; v < vertexCount; v++) colours.set(colour, 3 * v);
  return { ...piece, colours };
}

// The pieces as one mesh: arrays end to end, each piece's triangles offset past the ones before.
function joined(pieces) {
  const concat = (Type, key) => {
    const out = new Type(pieces.reduce((sum, piece) => sum + piece[key].length, 0));
    let at = 0;
    for (const piece of pieces) {
      out.set(piece[key], at);
      at += piece[key].length;
    }
    return out;
  };
  const triangles = new Uint32Array(pieces.reduce((sum, piece) => sum + piece.triangles.length, 0));
  let at = 0;
  let firstVertex = 0;
  for (const piece of pieces) {
    for (let k = 0; k < piece.triangles.length; k++) triangles[at + k] = piece.triangles[k] + firstVertex;
    at += piece.triangles.length;
    firstVertex += piece.positions.length / 3;
  }
  return {
    positions: concat(Float32Array, 'positions'),
    normals: concat(Float32Array, 'normals'),
    colours: concat(Float32Array, 'colours'),
    triangles,
    jointIndices: concat(Uint16Array, 'joints'),
    weights: concat(Float32Array, 'weights'),
  };
}

function facePieces() {
  const head = JOINTS.findIndex((joint) => joint.name === 'head');
  const head_ms = restJointPositions_ms(JOINTS)[head];
  return FACE_PIECES.flatMap((piece) => {
    const bounds = {
      min: piece.bounds_hs.min.map((c, axis) => c + head_ms[axis]),
      max: piece.bounds_hs.max.map((c, axis) => c + head_ms[axis]),
    };
    const left = coloured(rigid(polygonize(makePartsDistance(JOINTS, piece.parts), bounds, FACE_CELL), head), piece.colour ?? SKIN_COLOUR);
    return piece.mirrored ? [left, mirrored(left)] : [left];
  });
}

// The skinned rest-pose mesh as typed arrays ready for the GLB: positions, normals and colours
// (Float32Array, three per vertex, model space), triangles (Uint32Array, counter-clockwise seen
// from outside), jointIndices (Uint16Array) and weights (Float32Array), four per vertex.
export function buildCharacterMesh() {
  const body = weighted(polygonize(makeBodyDistance(JOINTS), BODY_BOUNDS_MS, BODY_CELL), bodyWeights(JOINTS));
  const handSurface = polygonize(makePartsDistance(JOINTS, leftHandParts(JOINTS)), leftHandBounds_ms(JOINTS), HAND_CELL);
  const hand_l = weighted(handSurface, leftHandWeights(JOINTS), HAND_DIFFUSION_ROUNDS);
  return joined([coloured(body, SKIN_COLOUR), coloured(hand_l, SKIN_COLOUR), coloured(mirrored(hand_l), SKIN_COLOUR), ...facePieces()]);
}

// The default character as GLB bytes (what assets/character.glb holds).
export function buildCharacterGlb() {
  return characterGlb(JOINTS, buildCharacterMesh(), FACE_LANDMARKS);
}
