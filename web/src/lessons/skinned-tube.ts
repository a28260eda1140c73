// A closed tube around a straight chain of bones, for the lesson rigs: rings
// of vertices along the chain's axis (radius given per position), a centre
// vertex closing each end. Each ring follows the bone it lies on; around
// every joint the weight passes smoothly (smoothstep) from the bone below to
// the bone above over a band of ±BLEND of the shorter bone's length, so a
// vertex has at most two influences and its weights sum to 1.
import type { Vec3Tuple } from '../rig/rig-desc.js';

/** A skinned triangle mesh in the rig's model space, bind pose. */
export interface LessonMesh {
  positions: Float32Array;
  /** Outward-wound triangles, three vertex indices each. */
  triangles: Uint32Array;
  /** Four bone indices and four weights per vertex. */
  joints: Uint16Array;
  weights: Float32Array;
}

export interface TubeDesc {
  /** Where the chain starts (the first bone's origin), model space. */
  start_ms: Vec3Tuple;
  /** The chain's direction: every bone lies along it in the bind pose. */
  axis: 'x' | 'y';
  /** The bones' lengths, first bone first (bone indices 0, 1, …). */
  lengths: readonly number[];
  /** The tube's radius at a distance along the chain. */
  radius(along: number): number;
  /** Vertices per ring. */
  segments: number;
  /** Rings at most this far apart. */
  spacing: number;
}

/** Half-width of the weight blend around a joint, as a fraction of the shorter bone at it. */
const BLEND = 0.3;

// Unit vectors (along, p, q) with p × q = along, so that rings wound from p
// toward q with rings advancing along the axis face outward.
const FRAMES: Record<TubeDesc['axis'], [Vec3Tuple, Vec3Tuple, Vec3Tuple]> = {
  x: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  y: [[0, 1, 0], [0, 0, 1], [1, 0, 0]],
};

function smoothstep(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return c * c * (3 - 2 * c);
}

/** The (bone, weight) pairs at a distance along the chain: one bone, or two near a joint. */
export function tubeInfluences(lengths: readonly number[], along: number): [number, number][] {
  let joint = 0;
  for (let bone = 1; bone < lengths.length; bone++) {
    joint += lengths[bone - 1];
    const half = BLEND * Math.min(lengths[bone - 1], lengths[bone]);
    if (along < joint - half) return [[bone - 1, 1]];
    if (along <= joint + half) {
      const w = smoothstep((along - joint + half) / (2 * half));
      return [[bone - 1, 1 - w], [bone, w]];
    }
  }
  return [[lengths.length - 1, 1]];
}

export function skinnedTube(desc: TubeDesc): LessonMesh {
  const [u, p, q] = FRAMES[desc.axis];
  const { segments, start_ms } = desc;
  const total = desc.lengths.reduce((sum, l) => sum + l, 0);
  const rings = Math.ceil(total / desc.spacing) + 1;
  const positions: number[] = [];
  const influences: [number, number][][] = [];
  const point = (along: number, radial: number, angle: number): void => {
    const c = radial * Math.cos(angle);
    const s = radial * Math.sin(angle);
    for (let k = 0; k < 3; k++) positions.push(start_ms[k] + along * u[k] + c * p[k] + s * q[k]);
    influences.push(tubeInfluences(desc.lengths, along));
  };
  for (let r = 0; r < rings; r++) {
    const along = (total * r) / (rings - 1);
    for (let s = 0; s < segments; s++) point(along, desc.radius(along), (2 * Math.PI * s) / segments);
  }
  const caps = rings * segments;
  point(0, 0, 0);
  point(total, 0, 0);

  const triangles: number[] = [];
  const at = (r: number, s: number): number => r * segments + (s % segments);
  for (let r = 0; r + 1 < rings; r++) {
    for (let s = 0; s < segments; s++) triangles.push(at(r, s), at(r, s + 1), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r + 1, s));
  }
  for (let s = 0; s < segments; s++) {
    triangles.push(caps, at(0, s + 1), at(0, s));
    triangles.push(caps + 1, at(rings - 1, s), at(rings - 1, s + 1));
  }

  const joints = new Uint16Array(4 * influences.length);
  const weights = new Float32Array(4 * influences.length);
  influences.forEach((pairs, v) => {
    pairs.forEach(([bone, weight], k) => {
      joints[4 * v + k] = bone;
      weights[4 * v + k] = weight;
    });
  });
  return { positions: Float32Array.from(positions), triangles: Uint32Array.from(triangles), joints, weights };
}
