// Mirror images of palettes, checked with three.js matrices: for each bone j
// with mirror partner σ(j), how far palette_j is from M · reference_σ(j) · M,
// M = diag(−1, 1, 1) (the default character's sagittal plane is x = 0 and
// its bones' axes are the model's, so bone-space mirrors are M as well).
import * as THREE from 'three';

const MIRROR = new THREE.Matrix4().makeScale(-1, 1, 1);

/** Bone j's 4×4 of a palette (16 floats per bone, column-major). */
function matrixOf(palette: ArrayLike<number>, bone: number): THREE.Matrix4 {
  return new THREE.Matrix4().fromArray(Array.from({ length: 16 }, (_, k) => palette[16 * bone + k]));
}

/** Largest entry of |palette_j − M · reference_σ(j) · M| over all bones. */
export function mirrorGap(palette: ArrayLike<number>, reference: ArrayLike<number>, partners: ArrayLike<number>): number {
  let worst = 0;
  for (let bone = 0; bone < partners.length; bone++) {
    const expected = MIRROR.clone().multiply(matrixOf(reference, partners[bone])).multiply(MIRROR).elements;
    const actual = matrixOf(palette, bone).elements;
    expected.forEach((value, k) => (worst = Math.max(worst, Math.abs(actual[k] - value))));
  }
  return worst;
}
