// A solver race (lessons): every solver that poses with the session's own
// kind of goals runs from the same start pose toward the same seeded
// target sets — each set the goals' points in a random pose within the
// limits, so every set is reachable — and the race reports per solver how
// many sets it converged on, its median iterations and solve time, and its
// largest final error. The session's solver, goals and pose come back after.
import { builtContract, solverNames } from '../rig/contract.js';
import type { SolverName, SolverOptions } from '../rig/rig.js';
import { takesAnyGoals } from './goal-set.js';
import type { PosingSession } from './posing-session.js';
import { seededRandom } from './seeded-random.js';

export interface RaceRow {
  solver: SolverName;
  sets: number;
  converged: number;
  iterations_median: number;
  time_us_median: number;
  error_max_m: number;
}

/** Solves of each set, timed; the median is reported. */
const TIMED_RUNS = 5;
/** How far into its range a random pose turns each angle (full ranges fold limbs through the body). */
const RANGE_USED = 0.6;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/** The solvers a race on this session runs: those that pose with the session's goals (not the look-at solver's own). */
export function raceSolvers(): SolverName[] {
  return solverNames(builtContract).filter((name) => takesAnyGoals(name));
}

/** Runs the race; `options`: the session's solver options, given back with its solver. */
export function runRace(session: PosingSession, options: SolverOptions, sets: number, seed: number, now: () => number): RaceRow[] {
  const { rig } = session;
  const start = Float32Array.from(rig.pose());
  const startRoot = rig.rootOffset;
  const solver = session.solverName;
  const random = seededRandom(seed);
  const poses = Array.from({ length: sets }, () => {
    const angles = new Float32Array(start.length);
    for (let bone = 0; bone < rig.boneCount; bone++) {
      const { min, max } = rig.limits(bone);
      for (let slot = 0; slot < 3; slot++) {
        const mid = 0.5 * (min[slot] + max[slot]);
        angles[3 * bone + slot] = mid + RANGE_USED * (random() - 0.5) * (max[slot] - min[slot]);
      }
    }
    return angles;
  });
  const rows: RaceRow[] = [];
  try {
    for (const name of raceSolvers()) {
      session.useSolver(name, {});
      const iterations: number[] = [];
      const times: number[] = [];
      let converged = 0;
      let errorMax = 0;
      for (const pose of poses) {
        // The goals' points in the random pose are the set's targets (pins hold their tips there too).
        session.placePose(pose, startRoot);
        const runs: number[] = [];
        let report = null;
        for (let k = 0; k < TIMED_RUNS; k++) {
          rig.setPose(start, startRoot);
          const t0 = now();
          report = rig.solve();
          runs.push(now() - t0);
        }
        if (report === null) continue;
        times.push(median(runs));
        iterations.push(report.iterations);
        if (report.status === 'converged') converged++;
        errorMax = Math.max(errorMax, report.error);
      }
      rows.push({ solver: name, sets, converged, iterations_median: median(iterations), time_us_median: 1000 * median(times), error_max_m: errorMax });
    }
  } finally {
    session.useSolver(solver, options);
    session.placePose(start, startRoot);
  }
  return rows;
}
