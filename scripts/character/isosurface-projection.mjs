// Moving points onto the zero set of a signed distance function, and the surface normal there.

// Half the central-difference step of the gradient. The body's fields bend over centimetres, so
// 10 µm is far below their curvature yet far above float64 cancellation.
const GRADIENT_STEP = 1e-5;

// The gradient of `distance` at (x, y, z) by central differences.
function distanceGradient(distance, x, y, z) {
  const h = GRADIENT_STEP;
  return [
    (distance(x + h, y, z) - distance(x - h, y, z)) / (2 * h),
    (distance(x, y + h, z) - distance(x, y - h, z)) / (2 * h),
    (distance(x, y, z + h) - distance(x, y, z - h)) / (2 * h),
  ];
}

// The outward unit normal of the surface through (x, y, z): the normalized gradient.
export function surfaceNormal(distance, x, y, z) {
  const [gx, gy, gz] = distanceGradient(distance, x, y, z);
  const length = Math.sqrt(gx * gx + gy * gy + gz * gz);
  return [gx / length, gy / length, gz / length];
}

const NEWTON_ITERATIONS = 8;
// Far below the float32 spacing of a coordinate near 1 m (~6e-8 m), where the asset stores it.
const ON_SURFACE_TOLERANCE = 1e-8;

// Newton steps along the gradient, p ← p − f(p) ∇f / |∇f|², from `point` ([x, y, z]) toward the
// surface. Each step is clamped to `maxStep` so a point near a narrow gap cannot jump onto the
// far side of it.
export function projectOntoSurface(distance, point, maxStep) {
  let [x, y, z] = point;
  for (let iteration = 0; iteration < NEWTON_ITERATIONS; iteration++) {
    const value = distance(x, y, z);
    if (Math.abs(value) < ON_SURFACE_TOLERANCE) break;
    const [gx, gy, gz] = distanceGradient(distance, x, y, z);
    const scale = value / (gx * gx + gy * gy + gz * gz);
    let sx = scale * gx;
    let sy = scale * gy;
    let sz = scale * gz;
    const stepLength = Math.sqrt(sx * sx + sy * sy + sz * sz);
    if (stepLength > maxStep) {
      sx *= maxStep / stepLength;
      sy *= maxStep / stepLength;
      sz *= maxStep / stepLength;
    }
    x -= sx;
    y -= sy;
    z -= sz;
  }
  return [x, y, z];
}
