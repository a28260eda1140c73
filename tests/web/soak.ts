// The soak: seeded random solves through the WASM module over every solver
// and rig, on the targets that break solvers — random, singular (on the
// goal bone's joint), collinear (along the rest chain), unreachable, huge,
// NaN/Inf — with random escapes and iteration budgets, and rigs disposed
// and made again along the way. After every solve the module may refuse
// (a "Rig: …" error) or answer; an answer must be finite everywhere and
// within the joint limits. Used by soak.test.ts (a bounded count) and
// `npm run soak` (100,000, recorded in bench/results/soak.json).
import { Rig, SOLVERS } from '../../web/src/rig/rig.js';
import type { GoalDesc, SolverOptions } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { seededRandom } from './seeded-random.js';

export interface SoakResult {
  solves: number;
  /** Requests the module refused with a named error. */
  refused: number;
  /** Answered solves by status. */
  statuses: Record<string, number>;
  /** Broken promises (empty when the soak passed), at most 20. */
  problems: string[];
  /** WASM heap bytes after the warm-up and at the end. */
  heapAfterWarmUp: number;
  heapAtEnd: number;
  seconds: number;
}

const TARGET_KINDS = ['random', 'singular', 'collinear', 'unreachable', 'huge', 'non-finite'] as const;
/** How often each kind is drawn: the ones the module refuses (one in a goal set refuses the set) less often, so that most solves are answered. */
const TARGET_ODDS = [0.3, 0.15, 0.15, 0.3, 0.05, 0.05];
/** Solves per rig before it is disposed and made again. */
const SOLVES_PER_RIG = 500;
const WARM_UP = 1000;
/** Limits are floats; a solver may land on one within rounding. */
const LIMIT_SLACK = 1e-4;

function firstNonFinite(values: ArrayLike<number>): number {
  for (let k = 0; k < values.length; k++) if (!Number.isFinite(values[k])) return k;
  return -1;
}

export function runSoak(module: KinModule, rigs: readonly (readonly BoneDesc[])[], solves: number, seed: number): SoakResult {
  const random = seededRandom(seed);
  const uniform = (lo: number, hi: number): number => lo + (hi - lo) * random();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const targetKind = (): (typeof TARGET_KINDS)[number] => {
    let u = random();
    for (const [k, odds] of TARGET_ODDS.entries()) if ((u -= odds) < 0) return TARGET_KINDS[k];
    return TARGET_KINDS[0];
  };
  const result: SoakResult = { solves, refused: 0, statuses: {}, problems: [], heapAfterWarmUp: 0, heapAtEnd: 0, seconds: 0 };
  const started = performance.now();
  const problem = (text: string): void => {
    if (result.problems.length < 20) result.problems.push(text);
  };
  let rig: Rig | null = null;
  let bones: readonly BoneDesc[] = rigs[0];
  let limits: { min: Vec3Tuple; max: Vec3Tuple }[] = [];

  const target = (kind: (typeof TARGET_KINDS)[number], bone: number, rigNow: Rig): Vec3Tuple => {
    const tips = rigNow.boneTips();
    const model = rigNow.modelMatrices();
    const tip: Vec3Tuple = [tips[3 * bone], tips[3 * bone + 1], tips[3 * bone + 2]];
    if (kind === 'random') return [tip[0] + uniform(-0.6, 0.6), tip[1] + uniform(-0.6, 0.6), tip[2] + uniform(-0.6, 0.6)];
    if (kind === 'singular') return [model[16 * bone + 12], model[16 * bone + 13], model[16 * bone + 14]];
    if (kind === 'collinear') {
      const o: Vec3Tuple = [model[16 * bone + 12], model[16 * bone + 13], model[16 * bone + 14]];
      const s = uniform(-2, 3);
      return [o[0] + s * (tip[0] - o[0]), o[1] + s * (tip[1] - o[1]), o[2] + s * (tip[2] - o[2])];
    }
    if (kind === 'unreachable') return [tip[0] + uniform(5, 20), tip[1] + uniform(-20, 20), tip[2] + uniform(-20, 20)];
    if (kind === 'huge') return [pick([1e19, -1e19, 3e38, 1e6]), uniform(-1, 1), uniform(-1, 1)];
    return [pick([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0]), 0, 0];
  };

  for (let solve = 0; solve < solves; solve++) {
    if (solve === WARM_UP) result.heapAfterWarmUp = module.HEAPU8.length;
    if (rig === null || solve % SOLVES_PER_RIG === 0) {
      rig?.dispose();
      bones = pick(rigs);
      rig = Rig.create(module, bones);
      const made = rig;
      limits = bones.map((_, b) => made.limits(b));
    }
    const solver = pick(SOLVERS);
    const options: SolverOptions = { maxIterations: 1 + Math.floor(random() * 100), maxEscapes: Math.floor(random() * 101) };
    const goals: GoalDesc[] = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      const bone = Math.floor(random() * bones.length);
      const goal: GoalDesc = { bone, target: target(targetKind(), bone, rig!) };
      if (random() < 0.2) goal.pole = target(targetKind(), bone, rig!);
      return goal;
    });
    try {
      rig.setMoveRoot(random() < 0.2);
      rig.setSolver(solver, options);
      rig.setGoals(goals);
      const report = rig.solve();
      result.statuses[report.status] = (result.statuses[report.status] ?? 0) + 1;
      const what = `solve ${solve} (${solver}, escapes ${options.maxEscapes}, targets ${JSON.stringify(goals.map((g) => g.target))})`;
      if (!Number.isFinite(report.error)) problem(`${what}: error ${report.error}`);
      const pose = rig.pose();
      for (const [name, values] of [['pose', pose], ['palette', rig.palette()], ['tips', rig.boneTips()]] as const) {
        const bad = firstNonFinite(values);
        if (bad >= 0) problem(`${what}: ${name}[${bad}] = ${values[bad]}`);
      }
      limits.forEach(({ min, max }, b) => {
        for (let slot = 0; slot < 3; slot++) {
          const angle = pose[3 * b + slot];
          if (!(angle >= min[slot] - LIMIT_SLACK && angle <= max[slot] + LIMIT_SLACK)) problem(`${what}: bone ${b} slot ${slot} angle ${angle} outside [${min[slot]}, ${max[slot]}]`);
        }
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message.startsWith('Rig: ')) result.refused++;
      else problem(`solve ${solve} (${solver}): threw ${message}`);
      // A refused request leaves the rig usable: a plain solve toward its own tips must answer.
      try {
        rig.setSolver('dls');
        rig.setGoals([]);
      } catch (afterError) {
        problem(`solve ${solve} (${solver}): the rig is unusable after a refusal: ${String(afterError)}`);
      }
    }
  }
  rig?.dispose();
  result.heapAtEnd = module.HEAPU8.length;
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
