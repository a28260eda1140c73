// Naive surface nets: sample a signed distance field on a regular grid, put one vertex in every
// cell the surface crosses (the mean of the crossings on the cell's edges), and for every grid
// edge the surface crosses, join the four cells around that edge with a quad.
//
// The result is closed and edge-manifold when no cell is ambiguous, i.e. in every cell the
// inside corners are connected to each other along cube edges and so are the outside ones.
// Otherwise a grid face could carry four crossings and its mesh edge four quads, or a cell's
// vertex could pinch two sheets. Ambiguous cells appear where the surface has a saddle finer
// than the grid (the web of the thumb, the crease where toes meet the foot); we remove them by
// filling in, one sample at a time, the outside corner nearest to the surface, which closes
// such a crease at grid scale. The projection onto the true surface afterwards puts the
// vertices back on the smooth skin.

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

// Fills in samples (flips their value from outside to inside) until no cell is ambiguous.
// Samples only ever go from outside to inside, so this ends: at worst a cell fills completely.
function fillAmbiguousCells(values, counts, sampleIndex) {
  const [nx, ny, nz] = counts;
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = 0; k < nz - 1; k++) {
      for (let j = 0; j < ny - 1; j++) {
        for (let i = 0; i < nx - 1; i++) {
          const corners = CORNER_OFFSETS.map(([di, dj, dk]) => sampleIndex(i + di, j + dj, k + dk));
          const insideMask = () => corners.reduce((mask, s, c) => (values[s] <= 0 ? mask | (1 << c) : mask), 0);
          while (!UNAMBIGUOUS[insideMask()]) {
            const outside = corners.filter((s) => values[s] > 0);
            const nearest = outside.reduce((best, s) => (values[s] < values[best] ? s : best));
            values[nearest] = -values[nearest];
            changed = true;
          }
        }
      }
    }
  }
}

// Samples `distance(x, y, z)` on a grid over `bounds` ({min, max}, model space) with cubic cells
// of `cellSize`, and returns the surface as { positions: number[] (xyz per vertex),
// quads: number[] (4 vertex indices per quad, counter-clockwise seen from outside) }.
export function surfaceNets(distance, bounds, cellSize) {
  const counts = [0, 1, 2].map((axis) => Math.ceil((bounds.max[axis] - bounds.min[axis]) / cellSize) + 1);
  const [nx, ny, nz] = counts;
  // The grid is centred in the bounds, so a shape that is mirror-symmetric about the bounds'
  // middle (the body about x = 0) is sampled, and meshed, symmetrically.
  const origin = [0, 1, 2].map((axis) => (bounds.min[axis] + bounds.max[axis]) / 2 - ((counts[axis] - 1) * cellSize) / 2);
  const sampleIndex = (i, j, k) => i + nx * (j + ny * k);
  const samplePosition = (i, j, k) => [origin[0] + i * cellSize, origin[1] + j * cellSize, origin[2] + k * cellSize];

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
  fillAmbiguousCells(values, counts, sampleIndex);
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
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3;
    const v = (axis + 2) % 3;
    // The cell on the minus (0) or plus (1) side of the edge from `sample` along u and along v.
    const cellAround = (sample, uSide, vSide) => {
      const cell = [...sample];
      cell[u] -= 1 - uSide;
      cell[v] -= 1 - vSide;
      return cellVertex[sampleIndex(cell[0], cell[1], cell[2])];
    };
    // A crossed edge has an inside end, which is not a boundary sample, so across the edge
    // (along u and v) it lies strictly inside the grid and all four cells around it exist.
    const first = [1, 1, 1];
    first[axis] = 0;
    for (let k = first[2]; k < nz - 1; k++) {
      for (let j = first[1]; j < ny - 1; j++) {
        for (let i = first[0]; i < nx - 1; i++) {
          const end = [i, j, k];
          end[axis] += 1;
          const startInside = inside(i, j, k);
          if (startInside === inside(end[0], end[1], end[2])) continue;
          const start = [i, j, k];
          const ring = [cellAround(start, 0, 0), cellAround(start, 1, 0), cellAround(start, 1, 1), cellAround(start, 0, 1)];
          if (!startInside) ring.reverse();
          quads.push(...ring);
        }
      }
    }
  }
  return { positions, quads };
}
