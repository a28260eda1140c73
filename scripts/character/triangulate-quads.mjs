// Splits each quad into two triangles along its shorter diagonal, which avoids the long thin
// triangles the other diagonal would give on a bent quad. Winding is kept.
export function triangulateQuads(positions, quads) {
  const triangles = [];
  const squaredDistance = (a, b) => {
    const dx = positions[3 * a] - positions[3 * b];
    const dy = positions[3 * a + 1] - positions[3 * b + 1];
    const dz = positions[3 * a + 2] - positions[3 * b + 2];
    return dx * dx + dy * dy + dz * dz;
  };
  for (let q = 0; q < quads.length; q += 4) {
    const [a, b, c, d] = [quads[q], quads[q + 1], quads[q + 2], quads[q + 3]];
    if (squaredDistance(a, c) <= squaredDistance(b, d)) {
      triangles.push(a, b, c, a, c, d);
    } else {
      triangles.push(a, b, d, b, c, d);
    }
  }
  return triangles;
}
