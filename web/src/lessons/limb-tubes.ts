// A body of closed tubes for a lesson rig whose limbs lie straight in the
// bind pose: one skinned tube (skinned-tube.ts) per chain, laid along the
// chain's direction from its first bone's origin, its bones' indices those
// of the rig; the tubes are merged into one mesh (each stays closed).
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type LessonMesh, skinnedTube } from './skinned-tube.js';

export interface LimbChain {
  /** The first bone's origin, model space, bind pose. */
  start_ms: Vec3Tuple;
  /** Unit direction the chain lies along. */
  direction: Vec3Tuple;
  /** Rig bone indices along the chain, and their lengths. */
  bones: readonly number[];
  lengths: readonly number[];
  /** Radius at a distance along the chain. */
  radius(along: number): number;
}

const SEGMENTS = 12;
const SPACING = 0.03;

/** The rotation taking +y to the unit vector d, applied to v (Rodrigues about +y × d; a half turn about z for d = −y). */
function turnFromY(v: Vec3Tuple, d: Vec3Tuple): Vec3Tuple {
  const [x, y, z] = v;
  const c = d[1];
  if (c < -1 + 1e-9) return [-x, -y, z];
  // Axis (d.z, 0, −d.x) / s with s = sin θ; the formula below is Rodrigues' with k = axis · s folded in.
  const kx = d[2];
  const kz = -d[0];
  const f = 1 / (1 + c);
  const cross: Vec3Tuple = [-kz * y, kz * x - kx * z, kx * y];
  const dot = kx * x + kz * z;
  return [c * x + cross[0] + f * dot * kx, c * y + cross[1], c * z + cross[2] + f * dot * kz];
}

export function limbTubes(chains: readonly LimbChain[]): LessonMesh {
  const positions: number[] = [];
  const triangles: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  for (const chain of chains) {
    const tube = skinnedTube({ start_ms: [0, 0, 0], axis: 'y', lengths: chain.lengths, radius: chain.radius, segments: SEGMENTS, spacing: SPACING });
    const first = positions.length / 3;
    for (let v = 0; v < tube.positions.length / 3; v++) {
      const p = turnFromY([tube.positions[3 * v], tube.positions[3 * v + 1], tube.positions[3 * v + 2]], chain.direction);
      positions.push(p[0] + chain.start_ms[0], p[1] + chain.start_ms[1], p[2] + chain.start_ms[2]);
      for (let k = 0; k < 4; k++) {
        const w = tube.weights[4 * v + k];
        // The tube's bone k of the chain is the rig's chain.bones[k]; unused slots stay bone 0, weight 0.
        joints.push(w > 0 ? chain.bones[tube.joints[4 * v + k]] : 0);
        weights.push(w);
      }
    }
    for (const index of tube.triangles) triangles.push(index + first);
  }
  return { positions: Float32Array.from(positions), triangles: Uint32Array.from(triangles), joints: Uint16Array.from(joints), weights: Float32Array.from(weights) };
}
