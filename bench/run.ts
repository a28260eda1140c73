// Runs one sequence of solves through any implementation the same way: an
// untimed warm-up round that also yields each solve's error (by the bench's
// own FK), then measured rounds until a time budget or a round cap is spent.
import type { Vec3 } from './fk.js';
import { maxDistance } from './fk.js';

export interface Sequence {
  /** Warm: each frame starts from the previous solution; cold: from zero angles (the rest pose). */
  warm: boolean;
  /** The pose before the first frame (3 angles per bone). */
  start: Float32Array;
  /** Per frame, one model-space target per goal. */
  frames: Vec3[][];
}

export interface RoundPolicy {
  /** Measured rounds at most (at least one is always run). */
  maxRounds: number;
  /** Stop measuring once the timed solves of a sequence add up to this. */
  budgetMs: number;
}

export interface Outcome {
  /** Time of every measured solve, µs. */
  micros: number[];
  rounds: number;
  /** Per frame: the largest goal distance after the solve. */
  errors: number[];
  /** Per frame, where reported: the implementation's own status and iterations. */
  statuses?: string[];
  iterations?: number[];
}

/** One implementation behind the runner; only solve() is timed. */
export interface Adapter {
  setPose(angles: ArrayLike<number>): void;
  setTargets(targets: readonly Vec3[]): void;
  solve(): void;
  /** Goal points of the pose the solver left behind, by the bench's FK. */
  goalPoints(): Vec3[];
  /** What the last solve reported, where the implementation reports anything. */
  lastReport?(): { status: string; iterations?: number };
}

function runRound(adapter: Adapter, sequence: Sequence, zero: Float32Array, micros: number[] | null, outcome: Outcome | null): number {
  let spent = 0;
  adapter.setPose(sequence.start);
  for (const targets of sequence.frames) {
    adapter.setTargets(targets);
    if (!sequence.warm) adapter.setPose(zero);
    const start = performance.now();
    adapter.solve();
    const us = (performance.now() - start) * 1000;
    spent += us;
    micros?.push(us);
    if (!outcome) continue;
    outcome.errors.push(maxDistance(adapter.goalPoints(), targets));
    const report = adapter.lastReport?.();
    if (report) {
      (outcome.statuses ??= []).push(report.status);
      if (report.iterations !== undefined) (outcome.iterations ??= []).push(report.iterations);
    }
  }
  return spent;
}

export function runSequence(adapter: Adapter, sequence: Sequence, policy: RoundPolicy): Outcome {
  const outcome: Outcome = { micros: [], rounds: 0, errors: [] };
  const zero = new Float32Array(sequence.start.length);
  runRound(adapter, sequence, zero, null, outcome);
  let spent = 0;
  while (outcome.rounds < policy.maxRounds && (outcome.rounds === 0 || spent < 1000 * policy.budgetMs)) {
    spent += runRound(adapter, sequence, zero, outcome.micros, null);
    outcome.rounds++;
  }
  return outcome;
}
