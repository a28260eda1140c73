// Skin weights from each vertex's distance to the bones.
//
// Every bone gets a "flesh capsule": its segment in the rest pose with the radius of the flesh
// around it at each end. A vertex measures its distance to each segment relative to that
// bone's flesh radius at the closest point (1 ≈ on that bone's skin), so a thick torso and a
// thin forearm compete fairly: the side of the chest stays with the chest even though the
// upper arm's bone is closer. Bones whose relative distance is within a margin of the nearest
// one share the vertex with a smooth falloff; any bone beyond that margin, or much further away
// in metres, gets exactly zero, which keeps a hand's vertices free of the torso and the other
// side. The weights are then
// averaged a few times over the mesh and cut down to the four strongest, continuously.
import { FINGER_RADII } from './hand-shape.mjs';
import { vertexNeighbours } from './mesh-neighbours.mjs';
import { restJointPositions_ms } from './skeleton.mjs';

// glTF skins carry four influences per vertex (JOINTS_0 / WEIGHTS_0 are VEC4).
const MAX_INFLUENCES = 4;

// Flesh radius (metres) at the joint and at the tip of each bone, by name without the side
// suffix. Along the limbs adjacent bones agree at the joint they share, so the blend between
// them is centred on that joint. The chest keeps more reach at the neck than the neck has (0.09
// against 0.06) so that the collar, where five bones meet, stays mostly with the chest.
const FLESH_RADII = {
  hips: [0.16, 0.14],
  spine: [0.14, 0.15],
  chest: [0.15, 0.09],
  neck: [0.06, 0.06],
  head: [0.08, 0.09],
  clavicle: [0.06, 0.055],
  upper_arm: [0.055, 0.04],
  forearm: [0.04, 0.035],
  // The hand's reach narrows to the palm's half thickness at the knuckles, where it meets
  // fingers of 7–8 mm.
  hand: [0.035, 0.014],
  thigh: [0.08, 0.05],
  shin: [0.05, 0.035],
  foot: [0.04, 0.03],
  toes: [0.03, 0.02],
  // The ponytail's taper is not its reach: the thin end keeps its pull against the chest and
  // the skull behind which it hangs.
  ponytail_1: [0.032, 0.032],
  ponytail_2: [0.032, 0.032],
  ponytail_3: [0.032, 0.032],
  ...FINGER_RADII,
};

// Where a bone's weighting segment starts instead of at its joint, in the bone's space (written
// for the left side, X mirrored for the right). The foot's starts at the heel, so the heel
// follows the foot when the ankle turns. The clavicle's starts at mid-collarbone, so the
// middle of the chest does not follow the shoulders. The ponytail's starts a little out from
// the skull, so that the back of the head stays with the head when the tail swings.
const SEGMENT_STARTS = { foot: [0, -0.045, -0.045], clavicle: [0.06, 0, 0], ponytail_1: [0, -0.008, -0.02] };

// A bone shares a vertex while its relative distance is below (1 + BLEND_MARGIN) times the
// nearest bone's. A larger margin gives wider, softer joints.
const BLEND_MARGIN = 0.8;

// A bone whose segment is this much further (metres) than the nearest bone's never weighs in.
// The relative measure alone would let a thick bone reach a spot that sticks out far from a
// thin one: the thumb tip is 8 cm from the hand's axis, almost three hand radii, while the
// spine's 15 cm of flesh makes its 80 cm look like five.
const REACH = 0.3;

// Below this distance from a segment (metres) the exact distance stops mattering: where a
// bone runs just under the skin (the toes, the collarbone) the ratio of two tiny distances
// would otherwise swing from one bone to the next within a single edge. The hands, whose
// fingers are 1.5 cm thick, soften at a fifth of that.
const DISTANCE_SOFTENING = 0.02;
const HAND_DISTANCE_SOFTENING = 0.004;

// Rounds of averaging the weights over the mesh. Distances to segments ignore the surface in
// between; a few rounds of diffusion along the skin even out what they get abruptly wrong
// where several bones meet (shoulder, neck), widening each blend by a few edges only.
const DIFFUSION_ROUNDS = 8;

function fleshCapsules_ms(joints) {
  const origins_ms = restJointPositions_ms(joints);
  return joints.map((joint, i) => {
    const kind = joint.name.replace(/_[lr]$/, '');
    const radii = FLESH_RADII[kind];
    if (!radii) throw new Error(`skin weights: no flesh radius for ${joint.name}`);
    const origin = origins_ms[i];
    const [startX, startY, startZ] = SEGMENT_STARTS[kind] ?? [0, 0, 0];
    const start = [joint.name.endsWith('_r') ? -startX : startX, startY, startZ];
    return {
      a: [origin[0] + start[0], origin[1] + start[1], origin[2] + start[2]],
      b: [origin[0] + joint.tip[0], origin[1] + joint.tip[1], origin[2] + joint.tip[2]],
      radiusA: radii[0],
      radiusB: radii[1],
    };
  });
}

// The distance from p to the capsule's segment, softened below `softening`.
function softenedDistance(p, capsule, softening) {
  const { a, b } = capsule;
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const t = Math.min(1, Math.max(0, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / (ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2])));
  const d = [ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2]];
  const distance = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + softening * softening);
  return { distance, fleshRadius: capsule.radiusA + t * (capsule.radiusB - capsule.radiusA) };
}

// 1 at s = 0 down to 0 at s = 1 with zero slope at both ends (smoothstep reversed).
function falloff(s) {
  if (s >= 1) return 0;
  return (1 - s) * (1 - s) * (1 + 2 * s);
}

// One vertex's weight for every joint, summing to one: among the joints `allowed` to weigh
// it, the nearest bone (by relative distance) gets 1 before normalizing, the others less the
// further they are, and 0 past the margin or beyond REACH; the rest get 0.
function distanceWeights(p, capsules, allowed, out) {
  const measured = capsules.map((capsule, joint) => (allowed[joint] ? softenedDistance(p, capsule, DISTANCE_SOFTENING) : null));
  const relative = measured.map((m) => (m ? m.distance / m.fleshRadius : Infinity));
  const nearestRelative = Math.min(...relative);
  const nearestDistance = Math.min(...measured.map((m) => (m ? m.distance : Infinity)));
  let total = 0;
  measured.forEach((m, joint) => {
    out[joint] = m
      ? falloff((relative[joint] / nearestRelative - 1) / BLEND_MARGIN) * falloff((m.distance - nearestDistance) / REACH)
      : 0;
    total += out[joint];
  });
  normalize(out, total, p);
}

function normalize(out, total, p) {
  if (!(total > 0)) throw new Error(`skin weights: no bone near the vertex at (${p.join(', ')})`);
  for (let joint = 0; joint < out.length; joint++) out[joint] /= total;
}

const FINGER_JOINT = /^(thumb|index|middle|ring|little)_[123]_[lr]$/;

// The body's vertices: every bone but the fingers, which only the hands' pieces carry.
export function bodyWeights(joints) {
  const capsules = fleshCapsules_ms(joints);
  const allowed = joints.map((joint) => !FINGER_JOINT.test(joint.name));
  return (p, out) => distanceWeights(p, capsules, allowed, out);
}

// Between two fingers the margin is narrow: the side of a finger facing its neighbour is only
// 1.3 of a finger's radius further from the neighbour's bone than from its own, and the wide
// margin would let the neighbour pull at it. The web between two fingers, as near to both,
// still shares them evenly.
const FINGER_MARGIN = 0.4;

// The left hand's vertices, in two levels. First the groups: the palm (forearm and hand) and
// each finger (its three bones), each as near as its nearest bone. The palm and the fingers
// blend with the body's wide margin, so that the knuckles bend softly; the fingers among
// themselves with FINGER_MARGIN. Then within a group its bones blend with the wide margin.
// Every step is continuous in the vertex's position, so the weights are too.
export function leftHandWeights(joints) {
  const capsules = fleshCapsules_ms(joints);
  const indexOf = new Map(joints.map((joint, i) => [joint.name, i]));
  const palm = ['forearm_l', 'hand_l'].map((name) => indexOf.get(name));
  const fingers = ['thumb', 'index', 'middle', 'ring', 'little'].map((finger) => [1, 2, 3].map((k) => indexOf.get(`${finger}_${k}_l`)));
  const groups = [palm, ...fingers];
  return (p, out) => {
    out.fill(0);
    const relative = new Map(groups.flat().map((joint) => {
      const { distance, fleshRadius } = softenedDistance(p, capsules[joint], HAND_DISTANCE_SOFTENING);
      return [joint, distance / fleshRadius];
    }));
    const nearestIn = groups.map((group) => Math.min(...group.map((joint) => relative.get(joint))));
    const nearest = Math.min(...nearestIn);
    const nearestFinger = Math.min(...nearestIn.slice(1));
    let total = 0;
    groups.forEach((group, g) => {
      let groupWeight = falloff((nearestIn[g] / nearest - 1) / BLEND_MARGIN);
      if (g > 0) groupWeight *= falloff((nearestIn[g] / nearestFinger - 1) / FINGER_MARGIN);
      for (const joint of group) {
        out[joint] = groupWeight * falloff((relative.get(joint) / nearestIn[g] - 1) / BLEND_MARGIN);
        total += out[joint];
      }
    });
    normalize(out, total, p);
  };
}

// Averages each vertex's weights with its neighbours' (`rounds` times, half own, half
// neighbours' mean). `weights` holds jointCount values per vertex.
function diffuseOverSurface(weights, jointCount, neighbours, rounds) {
  let current = weights;
  for (let round = 0; round < rounds; round++) {
    const next = new Float64Array(current.length);
    neighbours.forEach((around, v) => {
      for (let joint = 0; joint < jointCount; joint++) {
        let sum = 0;
        for (const n of around) sum += current[n * jointCount + joint];
        next[v * jointCount + joint] = 0.5 * current[v * jointCount + joint] + (0.5 * sum) / around.length;
      }
    });
    current = next;
  }
  return current;
}

// The four strongest of one vertex's dense weights, strongest first, summing to one.
//
// Keeping only the top four would make a weight jump from w to 0 where the fourth and fifth
// bones swap places; subtracting the fifth-strongest weight from the kept ones first makes
// both 0 at the swap, so the weights stay continuous over the surface.
function strongestInfluences(dense) {
  const ranked = Array.from(dense, (weight, joint) => ({ joint, weight }))
    .filter((influence) => influence.weight > 0)
    .sort((x, y) => y.weight - x.weight || x.joint - y.joint);
  const floor = ranked.length > MAX_INFLUENCES ? ranked[MAX_INFLUENCES].weight : 0;
  const kept = ranked.slice(0, MAX_INFLUENCES).map(({ joint, weight }) => ({ joint, weight: weight - floor }));
  const total = kept.reduce((sum, influence) => sum + influence.weight, 0);
  return kept.filter((influence) => influence.weight > 0).map(({ joint, weight }) => ({ joint, weight: weight / total }));
}

// Returns { joints: Uint16Array, weights: Float32Array }, four slots per vertex, strongest first;
// unused slots hold joint 0 with weight 0. `positions_ms` is xyz per vertex in the rest pose,
// `triangles` the mesh's vertex indices, three per triangle. `weigh(p, out)` writes the weights
// of the vertex at p, one per joint, before smoothing (bodyWeights, leftHandWeights).
export function computeSkinWeights(joints, positions_ms, triangles, weigh, diffusionRounds = DIFFUSION_ROUNDS) {
  const jointCount = joints.length;
  const vertexCount = positions_ms.length / 3;
  const dense = new Float64Array(vertexCount * jointCount);
  for (let v = 0; v < vertexCount; v++) {
    const p = [positions_ms[3 * v], positions_ms[3 * v + 1], positions_ms[3 * v + 2]];
    weigh(p, dense.subarray(v * jointCount, (v + 1) * jointCount));
  }
  const smooth = diffuseOverSurface(dense, jointCount, vertexNeighbours(vertexCount, triangles, 3), diffusionRounds);

  const jointIndices = new Uint16Array(vertexCount * MAX_INFLUENCES);
  const weights = new Float32Array(vertexCount * MAX_INFLUENCES);
  for (let v = 0; v < vertexCount; v++) {
    const influences = strongestInfluences(smooth.subarray(v * jointCount, (v + 1) * jointCount));
    influences.forEach(({ joint, weight }, slot) => {
      jointIndices[v * MAX_INFLUENCES + slot] = joint;
      weights[v * MAX_INFLUENCES + slot] = weight;
    });
    // Float32 rounding of each weight leaves the stored sum a few ulps off one; the strongest
    // slot takes the remainder, so the stored values add up to one within one rounding.
    let others = 0;
    for (let slot = 1; slot < MAX_INFLUENCES; slot++) others += weights[v * MAX_INFLUENCES + slot];
    weights[v * MAX_INFLUENCES] = 1 - others;
  }
  return { joints: jointIndices, weights };
}
