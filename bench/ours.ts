// Our solvers in the benchmark: the WASM module in this Node process (an
// Adapter over the Rig façade) and the native build (bench/native/ik_bench,
// fed the same workload over stdin; it times each Rig::Solve itself and prints
// the pose every solve left behind, which the bench's FK judges).
import type { BoneDesc } from '../web/src/rig/rig-desc.js';
import { Rig, type SolverName, type SolverOptions } from '../web/src/rig/rig.js';
import type { KinModule } from '../web/src/wasm/generated/kin.js';
import { BenchFk, type GoalPoint, type Vec3, maxDistance } from './fk.js';
import { rigLines } from '../tests/web/native-input.js';
import { nativeTool, runNativeTool } from './native-tool.js';
import type { Adapter, Outcome, RoundPolicy, Sequence } from './run.js';

/** The native tool; KIN_NATIVE_BUILD picks another CMake build folder than build/native. */
export const NATIVE_TOOL = nativeTool('ik_bench');

export class WasmAdapter implements Adapter {
  private readonly rig: Rig;
  private readonly fk: BenchFk;
  private status = '';
  private iterations = 0;

  constructor(module: KinModule, bones: readonly BoneDesc[], goals: readonly GoalPoint[], solver: SolverName, options: SolverOptions) {
    this.rig = Rig.create(module, bones);
    this.fk = new BenchFk(bones, goals);
    this.rig.setGoals(goals.map((g) => ({ bone: g.bone, point: g.point, target: [0, 0, 0] })));
    this.rig.setSolver(solver, options);
  }

  setPose(angles: ArrayLike<number>): void {
    this.rig.setPose(angles);
  }

  setTargets(targets: readonly Vec3[]): void {
    targets.forEach((t, g) => this.rig.setGoalTarget(g, t));
  }

  solve(): void {
    const report = this.rig.solve();
    this.status = report.status;
    this.iterations = report.iterations;
  }

  goalPoints(): Vec3[] {
    return this.fk.pointsFromAngles(this.rig.pose());
  }

  lastReport(): { status: string; iterations: number } {
    return { status: this.status, iterations: this.iterations };
  }

  dispose(): void {
    this.rig.dispose();
  }
}

/** Statuses in the order of kin::SolveStatus. */
const STATUS_NAMES = ['converged', 'stalled', 'max-iterations', 'unreachable', 'invalid-input'];

/** The rig, then the goals. */
function rigText(bones: readonly BoneDesc[], goals: readonly GoalPoint[]): string[] {
  const lines = rigLines(bones);
  lines.push(String(goals.length));
  for (const g of goals) lines.push(`${g.bone} ${g.point.join(' ')} 1`);
  return lines;
}

function optionsText(options: SolverOptions): string {
  const pairs = Object.entries(options).map(([key, value]) => `${key} ${typeof value === 'boolean' ? Number(value) : value}`);
  return [...pairs, 'end'].join(' ');
}

/**
 * Runs every sequence through the native tool (one process, one warm-up round
 * and measured rounds per sequence, as runSequence does in Node).
 */
export function runNative(
  bones: readonly BoneDesc[],
  goals: readonly GoalPoint[],
  solver: SolverName,
  options: SolverOptions,
  sequences: readonly Sequence[],
  policy: RoundPolicy,
): Outcome[] {
  const input = [
    ...rigText(bones, goals),
    solver,
    optionsText(options),
    `${policy.maxRounds} ${policy.budgetMs}`,
    String(sequences.length),
  ];
  for (const s of sequences) {
    input.push(`${s.warm ? 'warm' : 'cold'} ${s.frames.length}`, Array.from(s.start).join(' '));
    for (const targets of s.frames) input.push(targets.flat().join(' '));
  }
  const output = runNativeTool(NATIVE_TOOL, input.join('\n') + '\n');
  const lines = output.trim().split('\n');
  const fk = new BenchFk(bones, goals);
  let line = 0;
  return sequences.map((s) => {
    const outcome: Outcome = { micros: [], rounds: 0, errors: [], statuses: [], iterations: [] };
    if (lines[line++] !== 'poses') throw new Error(`${NATIVE_TOOL}: unexpected output at line ${line}`);
    for (const targets of s.frames) {
      const [status, iterations, ...angles] = lines[line++].split(' ').map(Number);
      outcome.statuses!.push(STATUS_NAMES[status]);
      outcome.iterations!.push(iterations);
      outcome.errors.push(maxDistance(fk.pointsFromAngles(angles), targets));
    }
    outcome.rounds = Number(lines[line++].split(' ')[1]);
    for (let r = 0; r < outcome.rounds; r++) outcome.micros.push(...lines[line++].split(' ').map(Number));
    return outcome;
  });
}
