// Signed distance functions for the body's building blocks: negative inside, zero on the
// surface, roughly the Euclidean distance nearby. They take scalar coordinates so that sampling
// a million grid points allocates nothing.
//
// Only + − × ÷, Math.sqrt, min, max and abs appear here: those are correctly rounded on every
// platform, which keeps the generated asset byte-identical across machines. (Math.exp, pow,
// hypot and the trigonometric functions are not pinned by the standard.)

// A capsule whose radius varies linearly from `radiusA` at `a` to `radiusB` at `b`. The radius
// follows the parameter of the closest point on the axis, which is not an exact distance for a
// strong taper but is smooth with a non-zero gradient, all the polygonizer needs.
export function taperedCapsuleDistance(x, y, z, a, b, radiusA, radiusB) {
  const abx = b[0] - a[0];
  const aby = b[1] - a[1];
  const abz = b[2] - a[2];
  const apx = x - a[0];
  const apy = y - a[1];
  const apz = z - a[2];
  const t = Math.min(1, Math.max(0, (apx * abx + apy * aby + apz * abz) / (abx * abx + aby * aby + abz * abz)));
  const dx = apx - t * abx;
  const dy = apy - t * aby;
  const dz = apz - t * abz;
  return Math.sqrt(dx * dx + dy * dy + dz * dz) - (radiusA + t * (radiusB - radiusA));
}

// An axis-aligned ellipsoid, using the first-order distance estimate k0 (k0 − 1) / k1, where k0
// is the scaled radius |p / r| and k1 = |p / r²|: exact on the surface, smooth everywhere but the
// centre.
export function ellipsoidDistance(x, y, z, centre, radii) {
  const px = x - centre[0];
  const py = y - centre[1];
  const pz = z - centre[2];
  const sx = px / radii[0];
  const sy = py / radii[1];
  const sz = pz / radii[2];
  const k1x = sx / radii[0];
  const k1y = sy / radii[1];
  const k1z = sz / radii[2];
  const k1 = Math.sqrt(k1x * k1x + k1y * k1y + k1z * k1z);
  if (k1 === 0) return -Math.min(radii[0], radii[1], radii[2]);
  const k0 = Math.sqrt(sx * sx + sy * sy + sz * sz);
  return (k0 * (k0 - 1)) / k1;
}

// An axis-aligned box with rounded edges: `halfSize` is the half extent of the whole box, and
// `rounding` the radius of its edges and corners (at most the smallest half extent).
export function roundedBoxDistance(x, y, z, centre, halfSize, rounding) {
  const qx = Math.abs(x - centre[0]) - (halfSize[0] - rounding);
  const qy = Math.abs(y - centre[1]) - (halfSize[1] - rounding);
  const qz = Math.abs(z - centre[2]) - (halfSize[2] - rounding);
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  const oz = Math.max(qz, 0);
  const outside = Math.sqrt(ox * ox + oy * oy + oz * oz);
  const inside = Math.min(Math.max(qx, qy, qz), 0);
  return outside + inside - rounding;
}

// The union of two shapes with a fillet of about `blend` metres where they meet (the quadratic
// polynomial smooth minimum). It equals min(a, b) wherever the two distances differ by more
// than `blend`, so shapes further apart than that stay separate.
export function smoothUnion(a, b, blend) {
  const h = Math.max(blend - Math.abs(a - b), 0) / blend;
  return Math.min(a, b) - h * h * blend * 0.25;
}
