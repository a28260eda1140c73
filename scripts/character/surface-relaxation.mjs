// Smooths the polygonized skin: every vertex is pulled toward the centre of its neighbours along
// the surface (tangentially, so the body does not shrink), then projected back onto the
// isosurface. Surface nets vertices sit at averaged grid crossings and show the grid's
// staircase; a few rounds of this spread them evenly over the true smooth surface.
import { projectOntoSurface, surfaceNormal } from './isosurface-projection.mjs';
import { vertexNeighbours } from './mesh-neighbours.mjs';

// How far each round moves a vertex toward its neighbours' centre: halfway keeps the update
// stable (no oscillation between neighbours) while converging in a handful of rounds.
const RELAXATION_RATE = 0.5;

// Projects every vertex onto the surface, then runs `rounds` of tangential relaxation, each
// followed by a projection. `positions` is xyz per vertex in model space; returns a new array.
// Steps never exceed `maxStep` (use the grid's cell size).
export function relaxOntoSurface(distance, positions, quads, rounds, maxStep) {
  const vertexCount = positions.length / 3;
  const neighbours = vertexNeighbours(vertexCount, quads, 4);
  let current = projectAll(distance, positions, maxStep);
  for (let round = 0; round < rounds; round++) {
    const moved = new Array(current.length);
    for (let v = 0; v < vertexCount; v++) {
      const p = [current[3 * v], current[3 * v + 1], current[3 * v + 2]];
      const centre = [0, 0, 0];
      for (const n of neighbours[v]) {
        for (let axis = 0; axis < 3; axis++) centre[axis] += current[3 * n + axis] / neighbours[v].length;
      }
      const [nx, ny, nz] = surfaceNormal(distance, p[0], p[1], p[2]);
      const dx = centre[0] - p[0];
      const dy = centre[1] - p[1];
      const dz = centre[2] - p[2];
      const alongNormal = dx * nx + dy * ny + dz * nz;
      moved[3 * v] = p[0] + RELAXATION_RATE * (dx - alongNormal * nx);
      moved[3 * v + 1] = p[1] + RELAXATION_RATE * (dy - alongNormal * ny);
      moved[3 * v + 2] = p[2] + RELAXATION_RATE * (dz - alongNormal * nz);
    }
    current = projectAll(distance, moved, maxStep);
  }
  return current;
}

function projectAll(distance, positions, maxStep) {
  const projected = new Array(positions.length);
  for (let v = 0; v < positions.length; v += 3) {
    const [x, y, z] = projectOntoSurface(distance, [positions[v], positions[v + 1], positions[v + 2]], maxStep);
    projected[v] = x;
    projected[v + 1] = y;
    projected[v + 2] = z;
  }
  return projected;
}
