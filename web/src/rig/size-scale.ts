// How far a character is from human size, for everything set for a human in
// metres: the viewport's limits, handle sizes and grid (three/character-
// framing.ts, from the mesh) and the IK tolerance (posing/posing-session.ts,
// from the skeleton). 1 inside the range a human's box spans in any pose;
// else the size over a human's (a model 100 units tall: about 50).

/** The bounding-box diagonal (metres) the human defaults are set for. */
const HUMAN_SIZE = 2;
/** Diagonals the defaults suit as they are. */
const HUMAN_RANGE = [0.5, 4];

export function sizeScale(diagonal: number): number {
  return !(diagonal > 0) || (diagonal >= HUMAN_RANGE[0] && diagonal <= HUMAN_RANGE[1]) ? 1 : diagonal / HUMAN_SIZE;
}

/** The scale of a skeleton from its joints and bone tips as posed now (model space: 16 floats per matrix, 3 per tip). */
export function skeletonSizeScale(model_ms: ArrayLike<number>, tips_ms: ArrayLike<number>): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  const add = (x: number, k: number) => {
    lo[k] = Math.min(lo[k], x);
    hi[k] = Math.max(hi[k], x);
  };
  for (let b = 0; 16 * b < model_ms.length; b++) for (let k = 0; k < 3; k++) add(model_ms[16 * b + 12 + k], k);
  for (let i = 0; i < tips_ms.length; i++) add(tips_ms[i], i % 3);
  return sizeScale(Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]));
}
