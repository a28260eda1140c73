// The posing state without any drawing: the rig, its named goals and their
// targets, and the one solve call that every drag frame and script goes
// through (timed for the HUD). Counters tell the frame loop what changed.
import type { Rig, SolveStatus } from '../rig/rig.js';

export interface SolveSummary {
  status: SolveStatus;
  iterations: number;
  /** Largest goal distance after the solve, metres (model units). */
  error: number;
  /** Wall time of rig.solve(), microseconds. */
  micros: number;
}

export class PosingSession {
  readonly goalNames: readonly string[];
  /** Rig bone index of each goal. */
  readonly goalBones: readonly number[];
  /** The latest solve; one object updated in place. */
  readonly lastSolve: SolveSummary = { status: 'converged', iterations: 0, error: 0, micros: 0 };
  private readonly targets_ms: Float64Array;
  private poseChanges = 0;
  private solves = 0;

  /** One goal per named bone, pulling the bone's tip; targets start at the current tips. */
  constructor(
    readonly rig: Rig,
    goalNames: readonly string[],
  ) {
    this.goalNames = [...goalNames];
    this.goalBones = goalNames.map((name) => rig.boneIndex(name));
    this.targets_ms = new Float64Array(3 * goalNames.length);
    this.copyTipsToTargets();
    rig.setGoals(this.goalBones.map((bone, g) => ({ bone, target: this.target_ms(g) })));
  }

  /** Bumped whenever the pose may have changed (solve, setPose). */
  get poseVersion(): number {
    return this.poseChanges;
  }

  /** Bumped by every solve. */
  get solveCount(): number {
    return this.solves;
  }

  /** Goal index from an index or a goal (= bone) name; throws naming the goals if there is none. */
  goalIndex(goal: number | string): number {
    const index = typeof goal === 'string' ? this.goalNames.indexOf(goal) : goal;
    if (!Number.isInteger(index) || index < 0 || index >= this.goalNames.length) {
      throw new Error(`kin: no goal ${JSON.stringify(goal)}; the goals are ${this.goalNames.join(', ')} (or 0…${this.goalNames.length - 1})`);
    }
    return index;
  }

  target_ms(goal: number): [number, number, number] {
    const t = this.targets_ms;
    return [t[3 * goal], t[3 * goal + 1], t[3 * goal + 2]];
  }

  /** Moves one target and solves from the current pose; allocation-free. */
  moveGoal(goal: number, x_ms: number, y_ms: number, z_ms: number): SolveSummary {
    this.rig.setGoalTarget(goal, x_ms, y_ms, z_ms);
    this.targets_ms[3 * goal] = x_ms;
    this.targets_ms[3 * goal + 1] = y_ms;
    this.targets_ms[3 * goal + 2] = z_ms;
    return this.solve();
  }

  /** Solves from the current pose towards the current targets. */
  solve(): SolveSummary {
    const start = performance.now();
    const report = this.rig.solve();
    const micros = (performance.now() - start) * 1000;
    this.lastSolve.status = report.status;
    this.lastSolve.iterations = report.iterations;
    this.lastSolve.error = report.error;
    this.lastSolve.micros = micros;
    this.solves++;
    this.poseChanges++;
    return this.lastSolve;
  }

  /**
   * Sets every angle (clamped to the limits) and the root offset, then moves
   * each target to its bone's new tip: the goals describe the new pose
   * instead of pulling the next solve back to the old one.
   */
  setPose(angles: ArrayLike<number>, rootOffset_ms?: [number, number, number]): void {
    this.rig.setPose(angles, rootOffset_ms);
    this.copyTipsToTargets();
    for (let g = 0; g < this.goalBones.length; g++) {
      this.rig.setGoalTarget(g, this.targets_ms[3 * g], this.targets_ms[3 * g + 1], this.targets_ms[3 * g + 2]);
    }
    this.poseChanges++;
  }

  private copyTipsToTargets(): void {
    const tips_ms = this.rig.boneTips();
    this.goalBones.forEach((bone, g) => this.targets_ms.set(tips_ms.subarray(3 * bone, 3 * bone + 3), 3 * g));
  }
}
