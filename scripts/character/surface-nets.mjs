// Naive surface nets: sample a signed distance field on a regular grid, put one vertex in every
// cell the surface crosses (the mean of the crossings on the cell's edges), and for every grid
// edge the surface crosses, join the four cells around that edge with a quad.
//
// The result is closed and edge-manifold as long as no cell is ambiguous, i.e. in every cell
// the inside corners are connected to each other along cube edges and so are the outside ones.
// Otherwise a grid face could carry four crossings and its mesh edge four quads, or a cell's
// vertex could pinch two sheets. We refuse those cells instead of guessing: they mean the shape
// has a feature thinner than the grid.

// Corner c of a cell sits at offset (c & 1, (c >> 1) & 1, (c >> 2) & 1) from its minimum corner.
const CORNER_OFFSETS = Array.from({ length: 8 }, (_, c) => [c & 1, (c >> 1) & 1, (c >> 2) & 1]);

// The 12 cube edges as corner pairs: corners that differ in exactly one bit.
const CUBE_EDGES = [];
for (let c = 0; c < 8; c++) {
  for (const bit of [1, 2, 4]) {
    if ((c & bit) === 0) CUBE_EDGES.push([c, c | bit]);
  }
}

// Whether the corners in `mask` (bit c set for corner c) form one group along cube edges.
function cornersConnected(mask) {
  if (mask === 0) return true;
  let reached = mask & -mask; // start from the lowest corner in the set
  for (let grown = true; grown; ) {
    grown = false;
    for (const [a, b] of CUBE_EDGES) {
      const bitA = 1 << a;
      const bitB = 1 << b;
      if ((mask & bitA) && (mask & bitB) && ((reached & bitA) !== 0) !== ((reached & bitB) !== 0)) {
        reached |= bitA | bitB;
        grown = true;
      }
    }
  }
  return reached === mask;
}

// UNAMBIGUOUS[mask] for every inside-corner mask of a cell.
const UNAMBIGUOUS = Array.from({ length: 256 }, (_, mask) => cornersConnected(mask) && cornersConnected(~mask & 255));

// Samples `distance(x, y, z)` on a grid over `bounds` ({min, max}, model space) with cubic cells
// of `cellSize`, and returns the surface as { positions: number[] (xyz per vertex),
// quads: number[] (4 vertex indices per quad, counter-clockwise seen from outside) }.
export function surfaceNets(distance, bounds, cellSize) {
  const counts = [0, 1, 2].map((axis) => Math.ceil((bounds.max[axis] - bounds.min[axis]) / cellSize) + 1);
  const [nx, ny, nz] = counts;
  const sampleIndex = (i, j, k) => i + nx * (j + ny * k);
  const samplePosition = (i, j, k) => [
    bounds.min[0] + i * cellSize,
    bounds.min[1] + j * cellSize,
    bounds.min[2] + k * cellSize,
  ];

  const values = new Float64Array(nx * ny * nz);
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const [x, y, z] = samplePosition(i, j, k);
        const value = distance(x, y, z);
        const onBoundary = i === 0 || j === 0 || k === 0 || i === nx - 1 || j === ny - 1 || k === nz - 1;
        if (onBoundary && value <= 0) {
          throw new Error(`surface nets: the shape reaches the sampling bounds at (${x}, ${y}, ${z})`);
        }
        values[sampleIndex(i, j, k)] = value;
      }
    }
  }
  const inside = (i, j, k) => values[sampleIndex(i, j, k)] <= 0;

  // One vertex per crossed cell; cells are indexed like samples (by their minimum corner).
  const positions = [];
  const cellVertex = new Int32Array(nx * ny * nz).fill(-1);
  const cornerValues = new Float64Array(8);
  for (let k = 0; k < nz - 1; k++) {
    for (let j = 0; j < ny - 1; j++) {
      for (let i = 0; i < nx - 1; i++) {
        let mask = 0;
        for (let c = 0; c < 8; c++) {
          const [di, dj, dk] = CORNER_OFFSETS[c];
          cornerValues[c] = values[sampleIndex(i + di, j + dj, k + dk)];
          if (cornerValues[c] <= 0) mask |= 1 << c;
        }
        if (mask === 0 || mask === 255) continue;
        if (!UNAMBIGUOUS[mask]) {
          const [x, y, z] = samplePosition(i, j, k);
          throw new Error(`surface nets: ambiguous cell at (${x}, ${y}, ${z}); the shape is thinner than the grid there`);
        }
        const sum = [0, 0, 0];
        let crossings = 0;
        for (const [a, b] of CUBE_EDGES) {
          const valueA = cornerValues[a];
          const valueB = cornerValues[b];
          if ((valueA <= 0) === (valueB <= 0)) continue;
          const t = valueA / (valueA - valueB);
          for (let axis = 0; axis < 3; axis++) {
            sum[axis] += CORNER_OFFSETS[a][axis] + t * (CORNER_OFFSETS[b][axis] - CORNER_OFFSETS[a][axis]);
          }
          crossings++;
        }
        const [x, y, z] = samplePosition(i, j, k);
        cellVertex[sampleIndex(i, j, k)] = positions.length / 3;
        positions.push(x + (sum[0] / crossings) * cellSize, y + (sum[1] / crossings) * cellSize, z + (sum[2] / crossings) * cellSize);
      }
    }
  }

  // One quad per crossed grid edge. For an edge along `axis`, (u, v) are the other two axes in
  // cyclic order, so u × v = axis and walking the four cells (u−, v−), (u+, v−), (u+, v+),
  // (u−, v+) turns counter-clockwise seen from +axis. That is outward when the edge leaves the
  // body toward +axis; the other way round the quad is reversed.
  const quads = [];
  const step = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3;
    const v = (axis + 2) % 3;
    const cellAround = (s, du, dv) =>
      cellVertex[sampleIndex(
        s[0] - step[u][0] * (1 - du) - step[v][0] * (1 - dv),
        s[1] - step[u][1] * (1 - du) - step[v][1] * (1 - dv),
        s[2] - step[u][2] * (1 - du) - step[v][2] * (1 - dv),
      )];
    // A crossed edge has an inside end, which is not a boundary sample, so across the edge
    // (along u and v) it lies strictly inside the grid and all four cells around it exist.
    const first = [1, 1, 1];
    first[axis] = 0;
    for (let k = first[2]; k < nz - 1; k++) {
      for (let j = first[1]; j < ny - 1; j++) {
        for (let i = first[0]; i < nx - 1; i++) {
          const s = [i, j, k];
          const startInside = inside(i, j, k);
          if (startInside === inside(i + step[axis][0], j + step[axis][1], k + step[axis][2])) continue;
          const ring = [cellAround(s, 0, 0), cellAround(s, 1, 0), cellAround(s, 1, 1), cellAround(s, 0, 1)];
          if (!startInside) ring.reverse();
          quads.push(...ring);
        }
      }
    }
  }
  return { positions, quads };
}
