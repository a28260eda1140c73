// A point through a column-major 4×4 matrix (the layout of the rig's bone
// buffers, three.js's Matrix4.elements and transformMatrix): m · [p, 1], the
// matrix read from m[at] on (16 numbers).
export function transformPoint(m: ArrayLike<number>, at: number, p: readonly number[]): [number, number, number] {
  return [
    m[at] * p[0] + m[at + 4] * p[1] + m[at + 8] * p[2] + m[at + 12],
    m[at + 1] * p[0] + m[at + 5] * p[1] + m[at + 9] * p[2] + m[at + 13],
    m[at + 2] * p[0] + m[at + 6] * p[1] + m[at + 10] * p[2] + m[at + 14],
  ];
}
