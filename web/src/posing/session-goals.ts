// A posing session's goals (posing-session.ts builds its solves on them):
// which goals the solver poses with (the editable goal set of goal-set.ts,
// or an analytic solver's own), their targets (held in the core's goals,
// read from the rig: one place for a drag's target), their poles and
// orientations (kept here too, for a solver that does not take them now),
// and what the rig is given of them. The pose editor makes the place…/use…
// methods undoable commands (pose-editor.ts); nothing here is an undo step.
// Every change is told to the session's one listener (the editor) as
// Change bits.
import type { GoalDesc, Rig, SolverName } from '../rig/rig.js';
import { goalSetProblem, solverContract, startGoalSet, takesAnyGoals } from './goal-set.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { type GoalLayout, type GoalLayouts, type PlacedGoal, type PosingGoal, goalLayoutFor, goalsInPose } from './solver-goals.js';

export const TELL_NOBODY = (): void => {};

export class SessionGoals {
  // Kept here: asking the rig would make a string per drag frame.
  protected solver: SolverName;
  protected goalLayout: GoalLayout;
  private goalSet: readonly PosingGoal[];
  private names: readonly string[] = [];
  private bones: readonly number[] = [];
  /** Where targets_ms copies the core's targets to (its size follows the goal count). */
  private targetReads = new Float64Array(0);
  /** Each goal as placed: bone, point, weight, pole bone (its target, pole and orientation live in the arrays). */
  private placed: readonly PlacedGoal[] = [];
  /** 3 per goal: its pole (NaN where it has none). */
  private poles = new Float64Array(0);
  /** 4 per goal, x y z w: its target orientation (NaN where it holds none). */
  private orientations = new Float64Array(0);
  /** Whether solves move the root offset (a root target, and a solver that can). */
  protected rootMoves = false;
  /** Per goal, 1 when the rig has its pole (the solver takes poles). */
  private polesGiven = new Uint8Array(0);
  protected tell: (changes: Changes) => void = TELL_NOBODY;

  /**
   * Starts with the rig's current solver and its goals, targets at the goals'
   * current positions. `layouts` gives the goals per solver (default: the
   * default character's); the editable goal set starts as the general solvers'.
   */
  constructor(readonly rig: Rig, protected readonly layouts: GoalLayouts = goalLayoutFor) {
    this.goalSet = startGoalSet(layouts);
    this.solver = rig.solver;
    this.goalLayout = this.layoutFor(this.solver);
    this.placeGoals();
  }

  /** Tells `listener` every change from now on (one listener: the pose editor). */
  listen(listener: (changes: Changes) => void): void {
    this.tell = listener;
  }

  /** Names of the goals (= their bones' names), in goal order. */
  get goalNames(): readonly string[] {
    return this.names;
  }

  /** Rig bone index of each goal. */
  get goalBones(): readonly number[] {
    return this.bones;
  }

  get layout(): GoalLayout {
    return this.goalLayout;
  }

  /** The editable goal set (goal-set.ts), kept while a solver with its own goals is chosen. */
  get editableGoals(): readonly PosingGoal[] {
    return this.goalSet;
  }

  /** Whether goal `goal` is a pin. */
  pinned(goal: number): boolean {
    return this.goalLayout.goals[goal].pinned === true;
  }

  /**
   * Every goal's target, 3 per goal in goal order, model space: copied from
   * the core's goals (where a target is held) into one array, valid until
   * the next read. Allocation-free while the goal count stays.
   */
  get targets_ms(): Float64Array {
    const size = 3 * this.names.length;
    if (this.targetReads.length !== size) this.targetReads = new Float64Array(size);
    this.rig.readGoalTargets(this.targetReads);
    return this.targetReads;
  }

  /** Goal index from an index or a goal (= bone) name; throws naming the goals if there is none. */
  goalIndex(goal: number | string): number {
    const index = typeof goal === 'string' ? this.names.indexOf(goal) : goal;
    if (!Number.isInteger(index) || index < 0 || index >= this.names.length) {
      throw new Error(`kin: no goal ${JSON.stringify(goal)}; the goals are ${this.names.join(', ')} (or 0…${this.names.length - 1})`);
    }
    return index;
  }

  target_ms(goal: number): [number, number, number] {
    const t = this.targets_ms;
    return [t[3 * goal], t[3 * goal + 1], t[3 * goal + 2]];
  }

  /** Every goal's pole, 3 per goal (NaN where it has none; a view). */
  get poles_ms(): Float64Array {
    return this.poles;
  }

  /** Every goal's target orientation, 4 per goal, x y z w (NaN where it holds none; a view). */
  get orientations_ms(): Float64Array {
    return this.orientations;
  }

  /** The goal's pole, or null. */
  pole_ms(goal: number): [number, number, number] | null {
    const p = this.poles;
    return Number.isNaN(p[3 * goal]) ? null : [p[3 * goal], p[3 * goal + 1], p[3 * goal + 2]];
  }

  /** The goal's target orientation (x y z w), or null. */
  orientation_ms(goal: number): [number, number, number, number] | null {
    const q = this.orientations;
    return Number.isNaN(q[4 * goal]) ? null : [q[4 * goal], q[4 * goal + 1], q[4 * goal + 2], q[4 * goal + 3]];
  }

  /** The point goal `goal` pulls, in its bone's space (undefined: the bone's tip). */
  goalPoint_bs(goal: number): readonly [number, number, number] | undefined {
    return this.placed[goal].point;
  }

  /** The bone whose origin bends toward the goal's pole (the middle joint), or -1. */
  poleBone(goal: number): number {
    if (this.pole_ms(goal) === null) return -1;
    return this.placed[goal].poleBone ?? this.placed[goal].bone;
  }

  /** Whether solves move the root offset too (a root target, under a solver that can). */
  get movesRoot(): boolean {
    return this.rootMoves;
  }

  /**
   * Takes `goals` as the editable goal set; the goals change now if the
   * solver poses with it. Goals that stay keep their targets, except a goal
   * pinned by this change: it and any new goal target their tips, so the
   * pose does not move. Throws, changing nothing, on an unknown or repeated bone.
   */
  useEditableGoals(goals: readonly PosingGoal[]): void {
    const problem = goalSetProblem(this.rig, goals);
    if (problem) throw new Error(`kin: ${problem}`);
    if (!takesAnyGoals(this.solver)) {
      this.goalSet = goals;
      return;
    }
    const layout = { ...this.goalLayout, goals };
    const placed = goalsInPose(this.rig, layout);
    for (const [g, goal] of goals.entries()) {
      const before = this.names.indexOf(goal.bone);
      if (before < 0) continue;
      // What stays keeps where it was: the target (unless newly pinned or newly a root target), the pole, the orientation.
      const was = this.goalLayout.goals[before];
      if ((goal.pinned !== true || this.pinned(before)) && goal.movesRoot === was.movesRoot) placed[g].target = this.target_ms(before);
      placed[g].pole = placed[g].pole && (this.pole_ms(before) ?? placed[g].pole);
      placed[g].orientation = placed[g].orientation && (this.orientation_ms(before) ?? placed[g].orientation);
    }
    this.goalSet = goals;
    this.useGoals(layout, placed);
    this.tell(Change.GOALS);
  }

  /** Puts a goal's pole at `pole_ms` (x, y, z), without solving; allocation-free. */
  placePole(goal: number, pole_ms: ArrayLike<number>): void {
    // A pole the solver does not take is kept for the next solver that does.
    if (this.polesGiven[goal] === 1) this.rig.setGoalPole(goal, pole_ms);
    this.poles[3 * goal] = pole_ms[0];
    this.poles[3 * goal + 1] = pole_ms[1];
    this.poles[3 * goal + 2] = pole_ms[2];
    this.tell(Change.TARGETS);
  }

  /** Turns a goal's target orientation to `orientation_ms` (x y z w, model space, normalised here), without solving. */
  placeOrientation(goal: number, orientation_ms: ArrayLike<number>): void {
    if (Number.isNaN(this.orientations[4 * goal])) throw new Error(`kin: goal '${this.names[goal]}' holds no orientation; turn its rotation on first`);
    const length = Math.hypot(orientation_ms[0], orientation_ms[1], orientation_ms[2], orientation_ms[3]);
    if (!(length > 0) || !Number.isFinite(length)) throw new Error('kin: an orientation must be 4 finite numbers, not all zero');
    for (let k = 0; k < 4; k++) this.orientations[4 * goal + k] = orientation_ms[k] / length;
    this.pushGoals();
    this.tell(Change.TARGETS);
  }

  /** Puts back every goal's target, pole and orientation (as an undo state holds them), without solving. */
  placeGoalState(targets_ms: ArrayLike<number>, poles_ms: ArrayLike<number>, orientations_ms: ArrayLike<number>): void {
    if (targets_ms.length !== 3 * this.names.length || poles_ms.length !== this.poles.length || orientations_ms.length !== this.orientations.length) {
      throw new Error(`kin: goal state for ${targets_ms.length / 3} goals, the session has ${this.names.length}`);
    }
    this.poles.set(poles_ms);
    this.orientations.set(orientations_ms);
    this.pushGoals(targets_ms);
    this.tell(Change.TARGETS);
  }

  /** Puts one target at `target_ms` (x, y, z), without solving; allocation-free. */
  placeTarget(goal: number, target_ms: ArrayLike<number>): void {
    this.rig.setGoalTarget(goal, target_ms);
    this.tell(Change.TARGETS);
  }

  /** Puts every target (model space, in goal order), without solving: a shared link's targets for its pose. */
  placeTargets(targets_ms: readonly [number, number, number][]): void {
    if (targets_ms.length !== this.names.length) throw new Error(`kin: ${targets_ms.length} targets for ${this.names.length} goals`);
    for (const [goal, target_ms] of targets_ms.entries()) this.placeTarget(goal, target_ms);
  }

  /** The goal set for a solver that takes any goals, else the solver's own layout. */
  protected layoutFor(solver: SolverName): GoalLayout {
    const layout = this.layouts(solver);
    return takesAnyGoals(solver) ? { ...layout, goals: this.goalSet } : layout;
  }

  /** Every goal placed on the pose as it is now (targets at the tips). */
  protected placeGoals(): void {
    this.useGoals(this.goalLayout, goalsInPose(this.rig, this.goalLayout));
  }

  /** Takes a layout's goals (placed): their targets, poles and orientations, given to the rig. */
  protected useGoals(layout: GoalLayout, goals: readonly PlacedGoal[]): void {
    // The placed targets go to the core, which holds them from now on.
    const targets = new Float64Array(goals.flatMap((goal) => goal.target));
    const poles = new Float64Array(goals.flatMap((goal) => goal.pole ?? [Number.NaN, Number.NaN, Number.NaN]));
    const orientations = new Float64Array(goals.flatMap((goal) => goal.orientation ?? [Number.NaN, Number.NaN, Number.NaN, Number.NaN]));
    const previous = { goalLayout: this.goalLayout, placed: this.placed, poles: this.poles, orientations: this.orientations };
    this.goalLayout = layout;
    this.placed = goals;
    this.poles = poles;
    this.orientations = orientations;
    try {
      this.pushGoals(targets);
    } catch (error) {
      // Refused (a bone without a parent for a pole, say): everything as it was (the core kept its goals).
      Object.assign(this, previous);
      throw error;
    }
    this.names = layout.goals.map((goal) => goal.bone);
    this.bones = goals.map((goal) => goal.bone);
    this.tell(Change.TARGETS);
  }

  /**
   * Gives the rig the goals as they stand, with what the solver takes of
   * them (orientations, poles: the core's contract), and whether solves
   * move the root (a root target, under a solver that can).
   */
  protected pushGoals(targets_ms: ArrayLike<number> = this.targets_ms): void {
    const solver = solverContract(this.solver);
    const goals = this.rigGoals(targets_ms);
    const polesGiven = Uint8Array.from(goals, (goal) => (goal.pole === undefined ? 0 : 1));
    const rootMoves = solver.rootTranslation && this.goalLayout.goals.some((goal) => goal.movesRoot === true);
    if (this.rootMoves && !rootMoves) this.rig.setMoveRoot(false);
    this.rig.setGoals(goals);
    this.polesGiven = polesGiven;
    if (rootMoves && !this.rootMoves) this.rig.setMoveRoot(true);
    this.rootMoves = rootMoves;
  }

  /** The goals as they stand, with what the solver takes of them (orientations, poles: the core's contract). */
  protected rigGoals(targets_ms: ArrayLike<number> = this.targets_ms): GoalDesc[] {
    const solver = solverContract(this.solver);
    return this.placed.map((goal, g): PlacedGoal => {
      const t = targets_ms;
      const pole = this.pole_ms(g);
      const orientation = this.orientation_ms(g);
      const usesPole = pole !== null && solver.poles;
      return {
        bone: goal.bone,
        point: goal.point,
        weight: goal.weight,
        target: [t[3 * g], t[3 * g + 1], t[3 * g + 2]],
        pole: usesPole ? pole : undefined,
        poleBone: usesPole ? goal.poleBone : undefined,
        orientation: orientation !== null && solver.orientation ? orientation : undefined,
      };
    });
  }
}
