// The check window.kin makes on every 3-vector a script passes in.
export type Vec3 = [number, number, number];

export function isFiniteVec3(value: unknown): value is Vec3 {
  return Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
}
