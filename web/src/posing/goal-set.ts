// The goal set that the general solvers pose with, as the user edits it: a
// target on any bone's tip (added where the tip is, so nothing moves),
// targets removed, and pins — a pinned goal holds its tip where it was when
// pinned, with PIN_WEIGHT, while the other targets are dragged. The analytic
// solvers (two-bone, look-at) solve their own goals their own way
// (solver-goals.ts) and keep them. Lists are never changed in place: each
// edit returns a new one, so undo snapshots can keep a list as it is.
import type { ColorRepresentation } from 'three';
import { type SolverContract, builtContract } from '../rig/contract.js';
import type { Rig, SolverName } from '../rig/rig.js';
import { type GoalLayouts, type PosingGoal, goalLayoutFor } from './solver-goals.js';

/** The most targets a goal set may have: the most the core's rig takes (share links carry them all). */
export const MAX_GOALS = builtContract.maxGoals;

/**
 * Whether the solver poses with the editable goal set (false: it keeps its
 * own goals — one per limb, each with its own solve —, as the core's
 * registry says).
 */
export function takesAnyGoals(solver: SolverName): boolean {
  return !solverContract(solver).ownGoals;
}

/** The core's entry for a solver (rig/contract.ts). */
export function solverContract(solver: SolverName): SolverContract {
  const entry = builtContract.solvers.find((candidate) => candidate.name === solver);
  if (entry === undefined) throw new Error(`kin: no solver ${JSON.stringify(solver)}`);
  return entry;
}

/** The goal set a character starts with: its general solvers' layout. */
export function startGoalSet(layouts: GoalLayouts = goalLayoutFor): readonly PosingGoal[] {
  return layouts('dls').goals;
}

// For bones the start set does not colour, clear of the limbs' oranges and blues.
const EXTRA_COLORS: readonly ColorRepresentation[] = [0x9be564, 0xe564c8, 0xf2d14b, 0x64e5d2, 0xb58cff, 0xff6f91];

/**
 * The colour of a goal added to `goals`: the start set's for its bone, else
 * the first extra colour no goal has (they repeat past six). It depends on
 * the goals before it only, so a set rebuilt in order (from a share link)
 * gets the same colours.
 */
function goalColor(goals: readonly PosingGoal[], bone: string): ColorRepresentation {
  const known = startGoalSet().find((goal) => goal.bone === bone);
  if (known) return known.color;
  const unused = EXTRA_COLORS.find((color) => !goals.some((goal) => goal.color === color));
  return unused ?? EXTRA_COLORS[goals.length % EXTRA_COLORS.length];
}

/** What a goal of the editable set may be besides its bone: pinned, a root target, holding an orientation, bending a joint toward a pole. */
export const GOAL_FLAGS = ['pinned', 'movesRoot', 'orient', 'pole'] as const;
export type GoalFlag = (typeof GOAL_FLAGS)[number];
export type GoalFlags = Partial<Record<GoalFlag, boolean>>;

/** A goal set of these bones and flags, coloured in order. */
export function colouredGoals(entries: readonly ({ bone: string } & GoalFlags)[]): PosingGoal[] {
  return entries.reduce<PosingGoal[]>((goals, entry) => [...goals, { ...entry, color: goalColor(goals, entry.bone) }], []);
}

/** Why `goals` cannot be a goal set of `rig`, or null. */
export function goalSetProblem(rig: Rig, goals: readonly PosingGoal[]): string | null {
  // A share link holds at most MAX_GOALS goals.
  if (goals.length > MAX_GOALS) return `${goals.length} targets are more than the ${MAX_GOALS} a share link holds`;
  const seen = new Set<string>();
  for (const { bone } of goals) {
    if (!rig.boneNames.includes(bone)) return `the character has no bone named '${bone}'`;
    if (seen.has(bone)) return `bone '${bone}' has two targets`;
    seen.add(bone);
  }
  return null;
}

/** The set with a target added on `bone`'s tip; throws naming the problem (an unknown bone, one that has a target, too many). */
export function withGoal(rig: Rig, goals: readonly PosingGoal[], bone: string): PosingGoal[] {
  if (goals.some((goal) => goal.bone === bone)) throw new Error(`kin: bone '${bone}' already has a target`);
  const problem = goalSetProblem(rig, [...goals, { bone, color: 0 }]);
  if (problem) throw new Error(`kin: cannot add a target: ${problem}`);
  return [...goals, { bone, color: goalColor(goals, bone) }];
}

/** The set without goal `index` (an index into `goals`). */
export function withoutGoal(goals: readonly PosingGoal[], index: number): PosingGoal[] {
  return goals.filter((_, g) => g !== index);
}

/** The set with one flag of goal `index` on or off. */
export function withFlag(goals: readonly PosingGoal[], index: number, flag: GoalFlag, on: boolean): PosingGoal[] {
  return goals.map((goal, g) => (g === index ? { ...goal, [flag]: on } : goal));
}

/** Same bones in the same order, with the same flags (colours follow the bones). */
export function sameGoalSet(a: readonly PosingGoal[], b: readonly PosingGoal[]): boolean {
  return a.length === b.length && a.every((goal, g) => goal.bone === b[g].bone && GOAL_FLAGS.every((flag) => (goal[flag] === true) === (b[g][flag] === true)));
}
