// The candy-wrapper specimen: a closed cylinder along +X (length 2, radius
// 0.25) skinned to two bones that meet in its middle, the second bone's
// weight ramping from 0 to 1 over the middle third. Twisting the second bone
// about its axis shows linear blend skinning pinching the middle (by 2/9 of
// the volume at 180°: the cross-section there scales by (1 − 2w)²) while
// dual-quaternion skinning keeps it.
import type { BoneDesc } from '../rig/rig-desc.js';

export const CYLINDER_LENGTH = 2;
export const CYLINDER_RADIUS = 0.25;

export interface TwistCylinder {
  positions: Float32Array;
  /** Outward-wound triangles, three vertex indices each; the caps close the mesh. */
  triangles: Uint32Array;
  /** Four bone indices and four weights per vertex (two used). */
  joints: Uint16Array;
  weights: Float32Array;
  /** Bone 1 starts at x = 1 and twists about +X with slot 0 of its XYZ order. */
  bones: BoneDesc[];
}

/** `rings` rings of `segments` vertices, plus a centre vertex per cap. */
export function twistCylinder(rings: number, segments: number): TwistCylinder {
  const positions: number[] = [];
  for (let r = 0; r < rings; r++) {
    const x = (CYLINDER_LENGTH * r) / (rings - 1);
    for (let s = 0; s < segments; s++) {
      const a = (2 * Math.PI * s) / segments;
      positions.push(x, CYLINDER_RADIUS * Math.cos(a), CYLINDER_RADIUS * Math.sin(a));
    }
  }
  const caps = rings * segments;
  positions.push(0, 0, 0, CYLINDER_LENGTH, 0, 0);

  const triangles: number[] = [];
  const at = (r: number, s: number) => r * segments + (s % segments);
  for (let r = 0; r + 1 < rings; r++) {
    for (let s = 0; s < segments; s++) {
      triangles.push(at(r, s), at(r, s + 1), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r + 1, s));
    }
  }
  for (let s = 0; s < segments; s++) {
    triangles.push(caps, at(0, s + 1), at(0, s));
    triangles.push(caps + 1, at(rings - 1, s), at(rings - 1, s + 1));
  }

  const vertices = positions.length / 3;
  const joints = new Uint16Array(4 * vertices);
  const weights = new Float32Array(4 * vertices);
  const third = CYLINDER_LENGTH / 3;
  for (let v = 0; v < vertices; v++) {
    const w = Math.min(1, Math.max(0, (positions[3 * v] - third) / third));
    joints.set([0, 1, 0, 0], 4 * v);
    weights.set([1 - w, w, 0, 0], 4 * v);
  }
  const half = CYLINDER_LENGTH / 2;
  const bones: BoneDesc[] = [
    { name: 'upper', parent: -1, tip: [half, 0, 0] },
    { name: 'lower', parent: 0, restT: [half, 0, 0], tip: [half, 0, 0] },
  ];
  return { positions: Float32Array.from(positions), triangles: Uint32Array.from(triangles), joints, weights, bones };
}
