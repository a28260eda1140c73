// The whole pipeline, from the skeleton to the GLB bytes. Pure and deterministic: the same
// bytes on every run and every machine (no randomness, no clock, only correctly rounded math).
import { BODY_BOUNDS_MS, makeBodyDistance } from './body-shape.mjs';
import { characterGlb } from './character-gltf.mjs';
import { surfaceNormal } from './isosurface-projection.mjs';
import { JOINTS } from './skeleton.mjs';
import { computeSkinWeights } from './skin-weights.mjs';
import { surfaceNets } from './surface-nets.mjs';
import { relaxOntoSurface } from './surface-relaxation.mjs';
import { triangulateQuads } from './triangulate-quads.mjs';

// Grid spacing of the polygonizer (metres). 12 mm gives about 16k vertices and a 1.2 MB asset,
// while the thinnest part (the 3 cm thick mitten) still spans more than two cells.
const CELL_SIZE = 0.012;
// Rounds of tangential relaxation: four even out the grid's staircase; more mostly cost time.
const RELAXATION_ROUNDS = 4;

// The skinned rest-pose mesh as typed arrays ready for the GLB: positions and normals
// (Float32Array, xyz per vertex, model space), triangles (Uint32Array, counter-clockwise seen
// from outside), jointIndices (Uint16Array) and weights (Float32Array), four per vertex.
export function buildCharacterMesh() {
  const distance = makeBodyDistance(JOINTS);
  const nets = surfaceNets(distance, BODY_BOUNDS_MS, CELL_SIZE);
  const positions_ms = relaxOntoSurface(distance, nets.positions, nets.quads, RELAXATION_ROUNDS, CELL_SIZE);
  const normals_ms = new Float32Array(positions_ms.length);
  for (let v = 0; v < positions_ms.length; v += 3) {
    normals_ms.set(surfaceNormal(distance, positions_ms[v], positions_ms[v + 1], positions_ms[v + 2]), v);
  }
  const triangles = new Uint32Array(triangulateQuads(positions_ms, nets.quads));
  const { joints: jointIndices, weights } = computeSkinWeights(JOINTS, positions_ms, triangles);
  return {
    positions: new Float32Array(positions_ms),
    normals: normals_ms,
    triangles,
    jointIndices,
    weights,
  };
}

// The default character as GLB bytes (what assets/character.glb holds).
export function buildCharacterGlb() {
  return characterGlb(JOINTS, buildCharacterMesh());
}
