// Vertex adjacency of a polygon mesh.

// For every vertex, the vertices it shares a polygon edge with, in first-seen order (so the
// result, and everything averaged over it, is the same on every run). `polygons` is a flat list
// of vertex indices, `cornerCount` per polygon (3 for triangles, 4 for quads).
export function vertexNeighbours(vertexCount, polygons, cornerCount) {
  const neighbours = Array.from({ length: vertexCount }, () => new Set());
  for (let first = 0; first < polygons.length; first += cornerCount) {
    for (let corner = 0; corner < cornerCount; corner++) {
      const a = polygons[first + corner];
      const b = polygons[first + ((corner + 1) % cornerCount)];
      neighbours[a].add(b);
      neighbours[b].add(a);
    }
  }
  return neighbours.map((set) => [...set]);
}
