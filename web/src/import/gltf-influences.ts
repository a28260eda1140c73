// The joints and weights of one skinned glTF primitive, in sets of four
// per vertex (JOINTS_0/WEIGHTS_0, then JOINTS_1/WEIGHTS_1 and on, which
// GLTFLoader leaves in the geometry as `joints_1` / `weights_1` …), checked
// and normalised:
// - a joint index out of the skin's range on a weighted influence is an
//   error naming the vertex (an unweighted slot's index is never read, and
//   is set to 0);
// - weights that do not sum to 1 are divided by their sum, and counted so
//   the page can warn; a vertex with no weight at all is bound to its first
//   joint (as three.js's normalizeSkinWeights does), and counted too;
// - a vertex with more than MAX_INFLUENCES weights keeps the largest
//   MAX_INFLUENCES (what the shaders and the core take), renormalised, and
//   the largest share left out is reported;
// - negative or non-finite weights are errors.
// WEIGHTS_0 comes from the copy taken before GLTFLoader normalised it
// (gltf-model.ts): GLTFLoader normalises only the first four weights, which
// is wrong once WEIGHTS_1 holds the rest.
import * as THREE from 'three';

/** Influences per vertex the page skins with, at most. */
export const MAX_INFLUENCES = 8;

export interface GltfInfluences {
  /** Joints (and weights) per vertex. */
  influences: 4 | 8;
  /** Skin joint indices, `influences` per vertex. */
  joints: Uint16Array;
  /** Weights summing to 1 per vertex, `influences` per vertex. */
  weights: Float32Array;
  /** Vertices whose weights did not sum to 1 (now normalised). */
  unnormalized: number;
  /** Vertices with no weight (now bound to their first joint). */
  unweighted: number;
  /** Vertices with more than MAX_INFLUENCES weights (their largest kept). */
  trimmed: number;
  /** The largest weight left out of a trimmed vertex, as a share of its weights' sum (0 when none was). */
  largestDropped: number;
}

type Attribute = THREE.BufferAttribute | THREE.InterleavedBufferAttribute;

// How far from 1 a sum of weights may be before it counts as unnormalised:
// floats round, and 8-bit weights are multiples of 1/255.
const FLOAT_SUM_TOLERANCE = 1e-3;
const INTEGER_SUM_TOLERANCE = 1e-2;

function sumTolerance(attribute: Attribute): number {
  return attribute.array instanceof Float32Array ? FLOAT_SUM_TOLERANCE : INTEGER_SUM_TOLERANCE;
}

/** The primitive's sets of four: set 0 from skinIndex and the file's WEIGHTS_0, then joints_n / weights_n while both are there. */
function influenceSets(geometry: THREE.BufferGeometry, fileWeights0: Float32Array): { joints: Attribute; weights: ArrayLike<number>; tolerance: number }[] {
  const sets = [{ joints: geometry.getAttribute('skinIndex'), weights: fileWeights0 as ArrayLike<number>, tolerance: sumTolerance(geometry.getAttribute('skinWeight')) }];
  for (let n = 1; geometry.getAttribute(`joints_${n}`) && geometry.getAttribute(`weights_${n}`); n++) {
    const weights = geometry.getAttribute(`weights_${n}`);
    sets.push({ joints: geometry.getAttribute(`joints_${n}`), weights: copyVec4(weights), tolerance: sumTolerance(weights) });
  }
  return sets;
}

/**
 * Reads, checks and normalises a skinned mesh's influences. `fileWeights0`
 * is WEIGHTS_0 as the file has it; `where` names the mesh in errors.
 */
export function readGltfInfluences(geometry: THREE.BufferGeometry, fileWeights0: Float32Array, jointCount: number, where: string): GltfInfluences {
  const sets = influenceSets(geometry, fileWeights0);
  const read = 4 * sets.length;
  const influences = read > 4 ? 8 : 4;
  const tolerance = Math.max(...sets.map((set) => set.tolerance));
  const count = sets[0].joints.count;
  const joints = new Uint16Array(influences * count);
  const weights = new Float32Array(influences * count);
  // One vertex's influences as read, before the largest are kept.
  const vertexJoints = new Uint16Array(read);
  const vertexWeights = new Float64Array(read);
  const order = Array.from({ length: read }, (_, k) => k);
  const byWeight = (a: number, b: number): number => vertexWeights[b] - vertexWeights[a] || a - b;
  let unnormalized = 0;
  let unweighted = 0;
  let trimmed = 0;
  let largestDropped = 0;
  for (let v = 0; v < count; v++) {
    let sum = 0;
    let weighted = 0;
    sets.forEach((set, s) => {
      for (let k = 0; k < 4; k++) {
        const weight = set.weights[4 * v + k];
        const joint = set.joints.getComponent(v, k);
        if (!Number.isFinite(weight) || weight < 0) throw new Error(`${where}: vertex ${v} has weight ${weight} (WEIGHTS_${s}); weights must be finite and ≥ 0`);
        if (weight > 0 && !(joint < jointCount)) throw new Error(`${where}: vertex ${v} uses joint ${joint} (JOINTS_${s}), but the skin has ${jointCount} joints`);
        vertexJoints[4 * s + k] = weight > 0 ? joint : 0;
        vertexWeights[4 * s + k] = weight;
        sum += weight;
        if (weight > 0) weighted++;
      }
    });
    const first = influences * v;
    if (sum === 0) {
      unweighted++;
      const joint = sets[0].joints.getComponent(v, 0);
      if (!(joint < jointCount)) throw new Error(`${where}: vertex ${v} has no weight and its first joint ${joint} is out of range (${jointCount} joints)`);
      joints[first] = joint;
      weights[first] = 1;
      continue;
    }
    if (Math.abs(sum - 1) > tolerance) unnormalized++;
    let kept = sum;
    if (weighted > influences) {
      // The largest first (ties by slot, as the file lists them); the rest left out.
      order.sort(byWeight);
      trimmed++;
      largestDropped = Math.max(largestDropped, vertexWeights[order[influences]] / sum);
      kept = 0;
      for (let k = 0; k < influences; k++) kept += vertexWeights[order[k]];
      for (let k = 0; k < influences; k++) {
        joints[first + k] = vertexJoints[order[k]];
        weights[first + k] = vertexWeights[order[k]] / kept;
      }
      for (let k = 0; k < read; k++) order[k] = k;
      continue;
    }
    // Slots as the file has them (up to 8: no choice needed), normalised; with more sets, the weighted ones packed first.
    let slot = 0;
    for (let k = 0; k < read; k++) {
      if (read > influences && vertexWeights[k] === 0) continue;
      joints[first + slot] = vertexJoints[k];
      weights[first + slot] = vertexWeights[k] / kept;
      slot++;
    }
  }
  return { influences, joints, weights, unnormalized, unweighted, trimmed, largestDropped };
}

/** The values of a 4-component attribute as floats (integers denormalised when marked normalized). */
export function copyVec4(attribute: Attribute): Float32Array {
  const out = new Float32Array(4 * attribute.count);
  for (let v = 0; v < attribute.count; v++) for (let k = 0; k < 4; k++) out[4 * v + k] = attribute.getComponent(v, k);
  return out;
}

/**
 * Puts the influences into the geometry as three.js and our shader read
 * them: skinIndex/skinWeight hold the first four, skinIndex1/skinWeight1 the
 * other four when there are eight.
 */
export function setSkinAttributes(geometry: THREE.BufferGeometry, skin: GltfInfluences): void {
  const count = skin.joints.length / skin.influences;
  const names = [['skinIndex', 'skinWeight'], ['skinIndex1', 'skinWeight1']];
  for (let s = 0; s < skin.influences / 4; s++) {
    const joints = new Uint16Array(4 * count);
    const weights = new Float32Array(4 * count);
    for (let v = 0; v < count; v++) {
      for (let k = 0; k < 4; k++) {
        joints[4 * v + k] = skin.joints[skin.influences * v + 4 * s + k];
        weights[4 * v + k] = skin.weights[skin.influences * v + 4 * s + k];
      }
    }
    geometry.setAttribute(names[s][0], new THREE.BufferAttribute(joints, 4));
    geometry.setAttribute(names[s][1], new THREE.BufferAttribute(weights, 4));
  }
}
