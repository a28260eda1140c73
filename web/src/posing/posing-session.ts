// The posing state without any drawing: the rig, the chosen solver and the
// goals it poses with (the editable goal set of goal-set.ts, or an analytic
// solver's own; their targets are held in the core's goals, read from the
// rig), their poles and orientations, and the one solve call that every drag
// frame and script goes through (timed for the HUD). A solve that fails (a
// bad input, a solver not built into the module) is recorded, not thrown: it
// leaves the pose as it was, and a drag must not take the page down.
// Every change of its state is told to one listener (the pose editor, which
// tells the page once per edit) as Change bits.
import type { GoalDesc, Rig, SolveStatus, SolverName, SolverOptions } from '../rig/rig.js';
import { type SolveBuffers, type SolveSetup, packGoalValues } from '../rig/solve-protocol.js';
import { errorMessage } from '../text/error-message.js';
import { goalSetProblem, solverContract, startGoalSet, takesAnyGoals } from './goal-set.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { type GoalLayout, type GoalLayouts, type PlacedGoal, type PosingGoal, goalLayoutFor, goalsInPose } from './solver-goals.js';

const NO_ENERGY = new Float32Array(0);
const TELL_NOBODY = (): void => {};

export interface SolveSummary {
  /** The solver that ran. */
  solver: SolverName;
  /** 'invalid-input' when the solve failed (see `failure`). */
  status: SolveStatus;
  iterations: number;
  /** Largest goal distance after the solve, metres (model units); NaN if the solve failed. */
  error: number;
  /** Wall time of rig.solve(), microseconds; NaN for an untimed solve (see PosingSession.solve). */
  micros: number;
  /** Why the solve failed (the pose is unchanged), or null. */
  failure: string | null;
}

/** Copies a summary's fields (no allocation). */
function copySummary(from: SolveSummary, to: SolveSummary): void {
  to.solver = from.solver;
  to.status = from.status;
  to.iterations = from.iterations;
  to.error = from.error;
  to.micros = from.micros;
  to.failure = from.failure;
}

export class PosingSession {
  /** The latest solve; one object updated in place. */
  readonly lastSolve: SolveSummary;
  /**
   * The latest timed solve, all its numbers from that one solve: what the
   * status line shows (a drag times some of its solves, and its last one
   * when it ends: timeLastSolve()).
   */
  readonly lastTimedSolve: SolveSummary;
  private timedSolves = 0;
  /** The pose the latest untimed solve started from (its angles and root offset), to run it again timed. */
  private preSolveAngles = new Float32Array(0);
  private readonly preSolveRoot = new Float64Array(3);
  // Kept here: asking the rig would make a string per drag frame.
  private solver: SolverName;
  /** The options the rig's solver runs with (a new rig's: the core's defaults). */
  private options: SolverOptions = {};
  private goalLayout: GoalLayout;
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
  private rootMoves = false;
  /** Per goal, 1 when the rig has its pole (the solver takes poles). */
  private polesGiven = new Uint8Array(0);
  private poseChanges = 0;
  // Pose and target changes made by showing a clip's pose (see sampleVersion).
  private samples = 0;
  private targetMoves = 0;
  private solves = 0;
  private goalChanges = 0;
  private solverChanges = 0;
  /** While set, solve() asks this to solve elsewhere (a worker) instead of solving (see deferSolves). */
  private deferral: (() => void) | null = null;
  /** The energies of the latest solve when a worker ran it (null: the rig's own). */
  private deferredEnergy: Float32Array | null = null;
  private tell: (changes: Changes) => void = TELL_NOBODY;

  /**
   * Starts with the rig's current solver and its goals, targets at the goals'
   * current positions. `layouts` gives the goals per solver (default: the
   * default character's); the editable goal set starts as the general solvers'.
   */
  constructor(readonly rig: Rig, private readonly layouts: GoalLayouts = goalLayoutFor) {
    this.goalSet = startGoalSet(layouts);
    this.solver = rig.solver;
    this.lastSolve = { solver: this.solver, status: 'converged', iterations: 0, error: 0, micros: 0, failure: null };
    this.lastTimedSolve = { ...this.lastSolve };
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

  /** Bumped whenever the pose may have changed (solve, setPose). */
  get poseVersion(): number {
    return this.poseChanges;
  }

  /** Bumped whenever a target moves (a drag, setTargets, new goals placed on a pose). */
  get targetsVersion(): number {
    return this.targetMoves;
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

  /** Bumped by every solve, failed or not. */
  get solveCount(): number {
    return this.solves;
  }

  /** Bumped by every timed solve. */
  get timedSolveCount(): number {
    return this.timedSolves;
  }


  /** Bumped whenever the goals change (another solver's goals, an edited goal set, a pin). */
  get goalsVersion(): number {
    return this.goalChanges;
  }

  /** Bumped by every accepted setSolver, even one that keeps the goals. */
  get solverVersion(): number {
    return this.solverChanges;
  }

  get solverName(): SolverName {
    return this.solver;
  }

  /**
   * Chooses the solver and its options (any left out take the core's
   * defaults). A solver that poses with other goals replaces the goals, with
   * targets where the new goals are now. Throws, changing nothing, on an
   * unknown solver or a bad option.
   */
  setSolver(solver: SolverName, options: SolverOptions): void {
    const keepsGoals = takesAnyGoals(solver) ? takesAnyGoals(this.solver) : this.layouts(solver) === this.goalLayout;
    const layout = keepsGoals ? this.goalLayout : this.layoutFor(solver);
    // Placed first: a rig without the layout's bones throws before anything changed.
    const goals = keepsGoals ? null : goalsInPose(this.rig, layout);
    // The rig refuses another solver while it moves the root: off first, on again when the goals are given again.
    const wasMovingRoot = this.rootMoves;
    if (wasMovingRoot) {
      this.rig.setMoveRoot(false);
      this.rootMoves = false;
    }
    try {
      this.rig.setSolver(solver, { ...layout.options, ...options });
    } catch (error) {
      if (wasMovingRoot) {
        this.rig.setMoveRoot(true);
        this.rootMoves = true;
      }
      throw error;
    }
    this.solver = solver;
    this.options = { ...layout.options, ...options };
    this.solverChanges++;
    this.tell(Change.SOLVER);
    if (goals === null) {
      // The same goals, but what the new solver takes of them (orientations, poles, the root).
      this.pushGoals();
      return;
    }
    this.useGoals(layout, goals);
    this.goalChanges++;
    this.tell(Change.GOALS);
  }

  /**
   * Replaces the editable goal set; the goals change now if the solver poses
   * with it. Goals that stay keep their targets, except a goal pinned by
   * this change: it and any new goal target their tips, so the pose does not
   * move. Throws, changing nothing, on an unknown or repeated bone.
   */
  setEditableGoals(goals: readonly PosingGoal[]): void {
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
    this.goalChanges++;
    this.tell(Change.GOALS);
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

  /** The bone whose origin bends toward the goal's pole (the middle joint), or -1. */
  poleBone(goal: number): number {
    if (this.pole_ms(goal) === null) return -1;
    return this.placed[goal].poleBone ?? this.placed[goal].bone;
  }

  /** Whether solves move the root offset too (a root target, under a solver that can). */
  get movesRoot(): boolean {
    return this.rootMoves;
  }

  /** Moves a goal's pole to `pole_ms` (x, y, z) and solves (see solve()); allocation-free. */
  movePole(goal: number, pole_ms: ArrayLike<number>, timed = true): SolveSummary {
    this.placePole(goal, pole_ms);
    return this.solve(timed);
  }

  /** Moves a goal's pole to `pole_ms` (x, y, z) without solving; allocation-free. */
  placePole(goal: number, pole_ms: ArrayLike<number>): void {
    // A pole the solver does not take is kept for the next solver that does.
    if (this.polesGiven[goal] === 1) this.rig.setGoalPole(goal, pole_ms);
    this.poles[3 * goal] = pole_ms[0];
    this.poles[3 * goal + 1] = pole_ms[1];
    this.poles[3 * goal + 2] = pole_ms[2];
    this.targetMoves++;
    this.tell(Change.TARGETS);
  }

  /** Turns a goal's target orientation (x y z w, model space) and solves. */
  turnGoal(goal: number, orientation_ms: ArrayLike<number>): SolveSummary {
    if (Number.isNaN(this.orientations[4 * goal])) throw new Error(`kin: goal '${this.names[goal]}' holds no orientation; turn its rotation on first`);
    const length = Math.hypot(orientation_ms[0], orientation_ms[1], orientation_ms[2], orientation_ms[3]);
    if (!(length > 0) || !Number.isFinite(length)) throw new Error('kin: an orientation must be 4 finite numbers, not all zero');
    for (let k = 0; k < 4; k++) this.orientations[4 * goal + k] = orientation_ms[k] / length;
    this.pushGoals();
    this.targetMoves++;
    this.tell(Change.TARGETS);
    return this.solve();
  }

  /** Puts back every goal's target, pole and orientation (as an undo state holds them), without solving. */
  setGoalState(targets_ms: ArrayLike<number>, poles_ms: ArrayLike<number>, orientations_ms: ArrayLike<number>): void {
    if (targets_ms.length !== 3 * this.names.length || poles_ms.length !== this.poles.length || orientations_ms.length !== this.orientations.length) {
      throw new Error(`kin: goal state for ${targets_ms.length / 3} goals, the session has ${this.names.length}`);
    }
    this.poles.set(poles_ms);
    this.orientations.set(orientations_ms);
    this.pushGoals(targets_ms);
    this.targetMoves++;
    this.tell(Change.TARGETS);
  }

  /** Moves one target to `target_ms` (x, y, z) and solves from the current pose (see solve()); allocation-free. */
  moveGoal(goal: number, target_ms: ArrayLike<number>, timed = true): SolveSummary {
    this.placeTarget(goal, target_ms);
    return this.solve(timed);
  }

  /** Moves one target to `target_ms` (x, y, z) without solving; allocation-free. */
  placeTarget(goal: number, target_ms: ArrayLike<number>): void {
    this.rig.setGoalTarget(goal, target_ms);
    this.targetMoves++;
    this.tell(Change.TARGETS);
  }

  /** Moves every target (model space, in goal order) without solving: a shared link's targets for its pose. */
  setTargets(targets_ms: readonly [number, number, number][]): void {
    if (targets_ms.length !== this.names.length) throw new Error(`kin: ${targets_ms.length} targets for ${this.names.length} goals`);
    for (const [goal, target_ms] of targets_ms.entries()) this.placeTarget(goal, target_ms);
  }

  /** E per iteration of the last solve (a view; empty before the first solve and after a failed one). */
  energyHistory(): Float32Array {
    if (this.lastSolve.failure !== null) return NO_ENERGY;
    return this.deferredEnergy ?? this.rig.energyHistory();
  }

  /**
   * While `deferral` is set, solve() calls it instead of solving: the solve
   * is asked of a worker (posing/background-solve.ts), whose answer comes
   * back through applySolved() or solveFailed(). Null: solve() solves again.
   */
  deferSolves(deferral: (() => void) | null): void {
    this.deferral = deferral;
  }

  /** Whether solve() asks a worker now (deferSolves). */
  get solvesDeferred(): boolean {
    return this.deferral !== null;
  }

  /** What a solve worker needs to solve as this session does (the rig's bones only when asked: they rarely change). */
  solveSetup(withBones: boolean): SolveSetup {
    return { bones: withBones ? this.rig.description : undefined, solver: this.solver, options: this.options, moveRoot: this.rootMoves, goals: this.rigGoals() };
  }

  /** A solve request of the state now: the rig's pose and root offset, every goal's target, pole and orientation. */
  fillSolveRequest(buffers: SolveBuffers): void {
    buffers.angles.set(this.rig.pose());
    this.rig.readRootOffset(buffers.rootOffset);
    packGoalValues(buffers.goalValues, this.targets_ms, this.poles, this.orientations);
  }

  /** A worker's solve of a request filled here: its pose (clamped as any pose is, then FK and palette) and its report become the latest solve, timed by the worker. */
  applySolved(angles: Float32Array, rootOffset_ms: Float64Array, report: { status: SolveStatus; iterations: number; error: number }, micros: number, energy: Float32Array): void {
    this.rig.setPose(angles, [rootOffset_ms[0], rootOffset_ms[1], rootOffset_ms[2]]);
    const summary = this.lastSolve;
    summary.solver = this.solver;
    summary.status = report.status;
    summary.iterations = report.iterations;
    summary.error = report.error;
    summary.micros = micros;
    summary.failure = null;
    this.deferredEnergy = energy;
    this.poseChanges++;
    this.solves++;
    this.keepTimedSolve();
    this.tell(Change.POSE | Change.SOLVE | Change.TIMED_SOLVE);
  }

  /** A worker's solve failed (`message`: the Rig's error): recorded as a failed solve; the pose stays. */
  solveFailed(message: string): void {
    const summary = this.lastSolve;
    summary.solver = this.solver;
    summary.status = 'invalid-input';
    summary.iterations = 0;
    summary.error = Number.NaN;
    summary.micros = Number.NaN;
    summary.failure = message;
    this.solves++;
    // Shown on the status line as a failed solve on this thread is.
    this.keepTimedSolve();
    this.tell(Change.SOLVE | Change.TIMED_SOLVE);
  }

  /**
   * Solves from the current pose towards the current targets; a failure is
   * recorded in the summary, which always describes this solve. A drag
   * times only some of its solves (`timed` false for the others), because
   * until V8 has fully optimised the caller each clock reading allocates its
   * number; an untimed solve keeps the pose it started from, so that
   * timeLastSolve() can run it again, timed. Allocation-free untimed.
   */
  solve(timed = true): SolveSummary {
    const summary = this.lastSolve;
    if (this.deferral !== null) {
      this.deferral();
      return summary;
    }
    this.deferredEnergy = null;
    summary.solver = this.solver;
    if (!timed) this.keepPreSolvePose();
    const start = timed ? performance.now() : 0;
    try {
      const report = this.rig.solve();
      summary.micros = timed ? (performance.now() - start) * 1000 : Number.NaN;
      summary.status = report.status;
      summary.iterations = report.iterations;
      summary.error = report.error;
      summary.failure = null;
      this.poseChanges++;
    } catch (error) {
      summary.micros = timed ? (performance.now() - start) * 1000 : Number.NaN;
      summary.status = 'invalid-input';
      summary.iterations = 0;
      summary.error = Number.NaN;
      summary.failure = errorMessage(error);
    }
    this.solves++;
    if (timed) this.keepTimedSolve();
    // A failed solve leaves the pose as it was.
    this.tell((summary.failure === null ? Change.POSE : 0) | Change.SOLVE | (timed ? Change.TIMED_SOLVE : 0));
    return summary;
  }

  /**
   * If the latest solve was not timed, runs it again from the pose it
   * started from, timed: the same inputs give the same solve, bit for bit,
   * now with its time (a drag's end, so that the status line shows the
   * drag's last solve).
   */
  timeLastSolve(): void {
    if (!Number.isNaN(this.lastSolve.micros) || this.lastSolve.failure !== null) return;
    const root = this.preSolveRoot;
    this.rig.setPose(this.preSolveAngles, [root[0], root[1], root[2]]);
    // The same pose again: not a change of the pose (a share link is not written anew for it).
    const poseChanges = this.poseChanges;
    this.solve(true);
    this.poseChanges = poseChanges;
  }

  /**
   * Sets every angle (clamped to the limits) and the root offset, then moves
   * each target to its goal's new position: the goals describe the new pose
   * instead of pulling the next solve back to the old one. Pins move too:
   * they hold their tips where the new pose puts them.
   */
  setPose(angles: ArrayLike<number>, rootOffset_ms?: [number, number, number]): void {
    this.rig.setPose(angles, rootOffset_ms);
    this.placeGoals();
    this.poseChanges++;
    this.tell(Change.POSE);
  }

  /**
   * The rig's pose was written by sampling a clip (a playback frame): what
   * draws the pose sees a new one. Allocation-free; the goals stay where they
   * were until setPose() (when playback stops) moves them onto the pose.
   */
  poseSampled(): void {
    this.poseChanges++;
    this.samples++;
    this.tell(Change.POSE | Change.SAMPLE);
  }

  /**
   * The sampled pose stays (playback stopped, the time scrubbed): the goals
   * move onto it as after setPose(), but like poseSampled() this is the
   * clip's pose at a time, not an edit (sampleVersion counts both).
   */
  settleSampledPose(): void {
    const targetMoves = this.targetMoves;
    // One change, all of it the clip's: the goals' move is not told apart.
    const tell = this.tell;
    this.tell = TELL_NOBODY;
    try {
      this.placeGoals();
    } finally {
      this.tell = tell;
    }
    this.poseChanges++;
    this.samples += 1 + this.targetMoves - targetMoves;
    this.tell(Change.POSE | Change.TARGETS | Change.SAMPLE);
  }

  /** How much of poseVersion + targetsVersion came from sampling a clip rather than from edits. */
  get sampleVersion(): number {
    return this.samples;
  }

  private keepPreSolvePose(): void {
    const pose = this.rig.pose();
    if (this.preSolveAngles.length !== pose.length) this.preSolveAngles = new Float32Array(pose.length);
    this.preSolveAngles.set(pose);
    this.rig.readRootOffset(this.preSolveRoot);
  }

  private keepTimedSolve(): void {
    copySummary(this.lastSolve, this.lastTimedSolve);
    this.timedSolves++;
  }

  /** The goal set for a solver that takes any goals, else the solver's own layout. */
  private layoutFor(solver: SolverName): GoalLayout {
    const layout = this.layouts(solver);
    return takesAnyGoals(solver) ? { ...layout, goals: this.goalSet } : layout;
  }

  private placeGoals(): void {
    this.useGoals(this.goalLayout, goalsInPose(this.rig, this.goalLayout));
  }

  /** Takes a layout's goals (placed): their targets, poles and orientations, given to the rig. */
  private useGoals(layout: GoalLayout, goals: readonly PlacedGoal[]): void {
    // The placed targets go to the core, which holds them from now on.
    const targets = new Float64Array(goals.flatMap((goal) => goal.target));
    const poles = new Float64Array(goals.flatMap((goal) => goal.pole ?? [Number.NaN, Number.NaN, Number.NaN]));
    const orientations = new Float64Array(goals.flatMap((goal) => goal.orientation ?? [Number.NaN, Number.NaN, Number.NaN, Number.NaN]));
    const previous = { layout: this.goalLayout, placed: this.placed, poles: this.poles, orientations: this.orientations };
    this.goalLayout = layout;
    this.placed = goals;
    this.poles = poles;
    this.orientations = orientations;
    try {
      this.pushGoals(targets);
    } catch (error) {
      // Refused (a bone without a parent for a pole, say): everything as it was (the core kept its goals).
      Object.assign(this, { goalLayout: previous.layout, placed: previous.placed, poles: previous.poles, orientations: previous.orientations });
      throw error;
    }
    this.names = layout.goals.map((goal) => goal.bone);
    this.bones = goals.map((goal) => goal.bone);
    this.targetMoves++;
    this.tell(Change.TARGETS);
  }

  /**
   * Gives the rig the goals as they stand, with what the solver takes of
   * them (orientations, poles: the core's contract), and whether solves
   * move the root (a root target, under a solver that can).
   */
  private pushGoals(targets_ms: ArrayLike<number> = this.targets_ms): void {
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
  private rigGoals(targets_ms: ArrayLike<number> = this.targets_ms): GoalDesc[] {
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
