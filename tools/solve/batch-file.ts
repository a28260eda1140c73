// The batch solve tool's files (cli.ts). A batch is JSON:
//   { "bones": [BoneDesc…], "solver": "dls", "options": {…}, "moveRoot": false,
//     "goals": [GoalDesc…],
//     "requests": [{ "angles": [3 per bone], "rootOffset": [x, y, z], "targets": [[x, y, z] per goal] }, …] }
// Each request solves from its own start pose (angles default 0, root offset
// default 0) toward its targets (default: the goals' own). The answers file:
//   { "answers": [{ "status", "iterations", "error", "angles", "rootOffset" } or { "failed": "Rig: …" }, …] }
// in request order. A malformed batch throws naming the field.
import type { GoalDesc } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { SolverName, SolverOptions } from '../../web/src/rig/contract.js';
import { GOAL_VALUES, ORIENTATION_AT, POLE_AT, type SolveBuffers, type SolveSetup } from '../../web/src/rig/solve-protocol.js';
import type { SolveOutcome } from './solve-pool.js';

export interface Batch {
  setup: SolveSetup & { bones: readonly BoneDesc[] };
  requests: SolveBuffers[];
}

function fail(where: string, what: string): never {
  throw new Error(`batch: ${where} ${what}`);
}

function numbers(value: unknown, length: number, where: string): number[] {
  if (!Array.isArray(value) || value.length !== length || !value.every((x) => typeof x === 'number')) fail(where, `must be ${length} numbers`);
  return value as number[];
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) fail(where, 'must be a list');
  return value;
}

/** The batch in `text` (JSON); the rig checks the bones, solver, options and goals when it is set up. */
export function readBatch(text: string): Batch {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`batch: not JSON (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('the file', 'must hold one object');
  const bones = list(json.bones, "'bones'") as BoneDesc[];
  const goals = list(json.goals, "'goals'") as GoalDesc[];
  if (typeof json.solver !== 'string') fail("'solver'", 'must be a solver name');
  const options = (json.options ?? {}) as SolverOptions;
  if (typeof options !== 'object' || Array.isArray(options)) fail("'options'", 'must be an object');
  const moveRoot = json.moveRoot ?? false;
  if (typeof moveRoot !== 'boolean') fail("'moveRoot'", 'must be true or false');
  const requests = list(json.requests, "'requests'").map((entry, r): SolveBuffers => {
    const where = `request ${r}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) fail(where, 'must be an object');
    const request = entry as Record<string, unknown>;
    const angles = request.angles === undefined ? new Float32Array(3 * bones.length) : Float32Array.from(numbers(request.angles, 3 * bones.length, `${where}'s angles`));
    const rootOffset = Float64Array.from(request.rootOffset === undefined ? [0, 0, 0] : numbers(request.rootOffset, 3, `${where}'s rootOffset`));
    const targets = request.targets === undefined ? goals.map((goal) => goal.target) : list(request.targets, `${where}'s targets`);
    if (targets.length !== goals.length) fail(`${where}'s targets`, `must be ${goals.length} (one per goal), not ${targets.length}`);
    const goalValues = new Float64Array(GOAL_VALUES * goals.length);
    goals.forEach((goal, g) => {
      const at = GOAL_VALUES * g;
      goalValues.set(numbers(targets[g], 3, `${where}'s target ${g}`), at);
      goalValues.set(goal.pole ?? [NaN, NaN, NaN], at + POLE_AT);
      goalValues.set(goal.orientation ?? [NaN, NaN, NaN, NaN], at + ORIENTATION_AT);
    });
    return { angles, rootOffset, goalValues };
  });
  return { setup: { bones, solver: json.solver as SolverName, options, moveRoot, goals }, requests };
}

/** The answers file's text: one entry per outcome, in order. */
export function answersJson(outcomes: readonly SolveOutcome[]): string {
  const answers = outcomes.map((o) =>
    o.ok ? { status: o.report.status, iterations: o.report.iterations, error: o.report.error, angles: Array.from(o.angles), rootOffset: Array.from(o.rootOffset) } : { failed: o.message },
  );
  return `${JSON.stringify({ answers }, null, 1)}\n`;
}
