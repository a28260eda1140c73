// The volume a closed triangle mesh encloses, by the divergence theorem:
// Σ p0 · (p1 × p2) / 6 over outward-wound triangles. Positive when the
// triangles face outward; any origin gives the same sum for a closed mesh.

/** `positions`: xyz per vertex; `triangles`: three vertex indices each. */
export function enclosedVolume(positions: ArrayLike<number>, triangles: ArrayLike<number>): number {
  let sum = 0;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = 3 * triangles[t];
    const b = 3 * triangles[t + 1];
    const c = 3 * triangles[t + 2];
    const p = positions;
    const cx = p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1];
    const cy = p[b + 2] * p[c] - p[b] * p[c + 2];
    const cz = p[b] * p[c + 1] - p[b + 1] * p[c];
    sum += p[a] * cx + p[a + 1] * cy + p[a + 2] * cz;
  }
  return sum / 6;
}
