// The IK benchmark's workloads, all deterministic from fixed seeds:
//   chain-N  — a serial chain of N ball-jointed bones along +Y, total length 1,
//              limits ±π on every Euler slot (no restriction on the rotation);
//              one goal on the last bone's tip; 200 reachable targets (the tip
//              after FK of random angles within ±60° per slot) and 50
//              unreachable ones (random direction, distance 1.5 × reach);
//   humanoid — the default character (assets/character.glb) with both hands'
//              and both feet's tips as four simultaneous goals; 200 reachable
//              target sets (the tips of random poses within its limits, the
//              hips within ±ROOT_RANGE of rest: their heading is free, and a
//              person standing in place turns and tilts them a little);
//   humanoid-drag — the page's drag on the same character and goals: from the
//              page's relaxed start pose the right-hand target sweeps a loop in
//              front of the body, ~5 mm a frame, 1200 frames, the other three
//              targets staying put; warm only, as a drag is;
//   humanoid-drag-4 — every target moving at once on the same character
//              with no joint limits (every Euler slot ±π, as a peer without
//              limits runs it): from the same start pose both hands sweep
//              mirrored loops in front of the body, ~5 mm a frame, and both
//              feet lift and swing fore and aft, 1200 frames; warm only.
import type { KinModule } from '../web/src/wasm/generated/kin.js';
import type { BoneDesc } from '../web/src/rig/rig-desc.js';
import { Rig } from '../web/src/rig/rig.js';
import { rigFromSkinnedMesh } from '../web/src/import/skinned-mesh-rig.js';
import { applyStartPose } from '../web/src/posing/start-pose.js';
import { bodyBones, loadDefaultCharacter } from '../tests/web/default-character.js';
import { seededRandom, uniform } from '../tests/web/seeded-random.js';
import { BenchFk, type GoalPoint, type Vec3 } from './fk.js';

export type WorkloadName = 'chain-3' | 'chain-10' | 'chain-32' | 'chain-100' | 'humanoid' | 'humanoid-drag' | 'humanoid-drag-4';
export type TargetKind = 'reachable' | 'unreachable';

export interface TargetSets {
  kind: TargetKind;
  /** Per set, one model-space target per goal. */
  sets: Vec3[][];
  /** Per set, the least error any pose can reach (0 when reachable). */
  leastError: number[];
}

export interface Workload {
  name: WorkloadName;
  bones: BoneDesc[];
  goals: GoalPoint[];
  /** The longest root-to-goal-point path when stretched straight, model units. */
  reach: number;
  targets: TargetSets[];
  /** The pose before the first frame of a warm sequence (3 angles per bone; cold frames start from zero). */
  start: Float32Array;
  variants: ('cold' | 'warm')[];
}

const REACHABLE = 200;
const UNREACHABLE = 50;
const CHAIN_ANGLE = Math.PI / 3;
export const HUMANOID_GOALS = ['hand_l', 'hand_r', 'foot_l', 'foot_r'];

function length(v: readonly number[]): number {
  return Math.hypot(v[0], v[1], v[2]);
}

/** Sum of the segment lengths from the root joint to each goal point; the largest. */
export function reachOf(bones: readonly BoneDesc[], goals: readonly GoalPoint[]): number {
  return Math.max(
    ...goals.map((g) => {
      let total = length(g.point);
      for (let b = g.bone; bones[b].parent >= 0; b = bones[b].parent) total += length(bones[b].restT ?? [0, 0, 0]);
      return total;
    }),
  );
}

export function chainBones(count: number): BoneDesc[] {
  const l = 1 / count;
  return Array.from({ length: count }, (_, i) => ({
    name: `link${i}`,
    parent: i - 1,
    restT: [0, i === 0 ? 0 : l, 0],
    tip: [0, l, 0],
    min: [-Math.PI, -Math.PI, -Math.PI],
    max: [Math.PI, Math.PI, Math.PI],
  }));
}

function chainWorkload(count: number): Workload {
  const bones = chainBones(count);
  const goals: GoalPoint[] = [{ bone: count - 1, point: [0, 1 / count, 0] }];
  const fk = new BenchFk(bones, goals);
  const reach = reachOf(bones, goals);
  // One seed per chain length, so that adding a workload changes no other.
  const random = seededRandom(1000 + count);
  const reachable: Vec3[][] = [];
  for (let i = 0; i < REACHABLE; i++) {
    const angles = Array.from({ length: 3 * count }, () => uniform(random, -CHAIN_ANGLE, CHAIN_ANGLE));
    reachable.push(fk.pointsFromAngles(angles));
  }
  const unreachable: Vec3[][] = [];
  for (let i = 0; i < UNREACHABLE; i++) {
    // Uniform on the sphere: z uniform in [-1, 1], longitude uniform.
    const z = uniform(random, -1, 1);
    const phi = uniform(random, 0, 2 * Math.PI);
    const r = Math.sqrt(1 - z * z);
    const d = 1.5 * reach;
    unreachable.push([[d * r * Math.cos(phi), d * r * Math.sin(phi), d * z]]);
  }
  return {
    name: `chain-${count}` as WorkloadName,
    bones,
    goals,
    reach,
    targets: [
      { kind: 'reachable', sets: reachable, leastError: reachable.map(() => 0) },
      // The root sits at the origin and every joint turns freely: the chain can
      // stretch straight toward any direction, so the best pose misses by d − reach.
      { kind: 'unreachable', sets: unreachable, leastError: unreachable.map(() => 0.5 * reach) },
    ],
    start: new Float32Array(3 * count),
    variants: ['cold', 'warm'],
  };
}

/** A loop from the T-pose right hand toward the chest and back, ~5 mm per frame. */
function dragFrames(startTargets: readonly Vec3[]): Vec3[][] {
  const hand = HUMANOID_GOALS.indexOf('hand_r');
  const [x0, y0, z0] = startTargets[hand];
  return Array.from({ length: 1200 }, (_, f) => {
    const a = (2 * Math.PI * f) / 600;
    const target: Vec3 = [x0 + 0.35 * (1 - Math.cos(a)), y0 - 0.25 * Math.sin(a / 2) ** 2, z0 + 0.3 * Math.sin(a)];
    return startTargets.map((t, g) => (g === hand ? target : t));
  });
}

/**
 * All four targets at once, each from its start point (frame 0 is the start
 * pose's own tips): the hands as dragFrames' loop, the left one mirrored in
 * x; the feet lift by up to 0.3 m and swing fore and aft, ±0.15 m the right
 * and ±0.1 m the left in the opposite phase, which keeps a straight leg's
 * target within its reach.
 */
function dragAllFrames(startTargets: readonly Vec3[]): Vec3[][] {
  return Array.from({ length: 1200 }, (_, f) => {
    const a = (2 * Math.PI * f) / 600;
    return startTargets.map(([x, y, z], g): Vec3 => {
      const name = HUMANOID_GOALS[g];
      if (name === 'hand_r' || name === 'hand_l') {
        const side = name === 'hand_r' ? 1 : -1;
        return [x + side * 0.35 * (1 - Math.cos(a)), y - 0.25 * Math.sin(a / 2) ** 2, z + 0.3 * Math.sin(a)];
      }
      const swing = name === 'foot_r' ? 0.15 : -0.1;
      return [x, y + 0.15 * (1 - Math.cos(a)), z + swing * Math.sin(a)];
    });
  });
}

/** How far the humanoid sets' random poses turn the root on each slot (radians). */
const ROOT_RANGE = 0.35;

/** The bones with every Euler slot free over ±π: no limits at all. */
function withoutLimits(bones: readonly BoneDesc[]): BoneDesc[] {
  return bones.map((b) => ({ ...b, min: [-Math.PI, -Math.PI, -Math.PI], max: [Math.PI, Math.PI, Math.PI] }));
}

async function humanoidWorkloads(module: KinModule): Promise<Workload[]> {
  const { mesh } = await loadDefaultCharacter();
  const bones = bodyBones(rigFromSkinnedMesh(mesh).bones);
  const rig = Rig.create(module, bones);
  const goals: GoalPoint[] = HUMANOID_GOALS.map((name) => {
    const bone = rig.boneIndex(name);
    return { bone, point: [...bones[bone].tip!] as Vec3 };
  });
  const fk = new BenchFk(bones, goals);
  const random = seededRandom(1);
  const sets: Vec3[][] = [];
  for (let i = 0; i < REACHABLE; i++) {
    const angles = bones.flatMap((b) =>
      [0, 1, 2].map((k) => (b.parent < 0 ? uniform(random, Math.max(b.min![k], -ROOT_RANGE), Math.min(b.max![k], ROOT_RANGE)) : uniform(random, b.min![k], b.max![k]))),
    );
    // The rig projects the angles into every limit it knows; FK of that pose.
    rig.setPose(angles);
    sets.push(fk.pointsFromAngles(rig.pose()));
  }
  rig.setPose(new Float32Array(3 * bones.length));
  applyStartPose(rig);
  const start = Float32Array.from(rig.pose());
  rig.dispose();
  const startTips = fk.pointsFromAngles(start);
  const drag = dragFrames(startTips);
  const dragAll = dragAllFrames(startTips);
  const base = { bones, goals, reach: reachOf(bones, goals) };
  return [
    { ...base, name: 'humanoid', targets: [{ kind: 'reachable', sets, leastError: sets.map(() => 0) }], start: new Float32Array(start.length), variants: ['cold', 'warm'] },
    { ...base, name: 'humanoid-drag', targets: [{ kind: 'reachable', sets: drag, leastError: drag.map(() => 0) }], start, variants: ['warm'] },
    {
      ...base,
      bones: withoutLimits(bones),
      name: 'humanoid-drag-4',
      targets: [{ kind: 'reachable', sets: dragAll, leastError: dragAll.map(() => 0) }],
      start,
      variants: ['warm'],
    },
  ];
}

export async function makeWorkloads(module: KinModule): Promise<Workload[]> {
  return [...[3, 10, 32, 100].map(chainWorkload), ...(await humanoidWorkloads(module))];
}
