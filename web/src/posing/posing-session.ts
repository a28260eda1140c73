// The solve state of one character, without any drawing: the rig, the
// chosen solver with its options, the goals it poses with (session-goals.ts)
// and the one solve call that every drag frame and script goes through
// (timed for the HUD). A solve that fails (a bad input, a solver not built
// into the module) is recorded, not thrown: it leaves the pose as it was,
// and a drag must not take the page down. What changes it is named use… and
// place…: the pose editor's commands over them are the undoable ones, and
// the session has none of the same names. Every change of its
// state is told to one listener (the pose editor, which tells the page once
// per edit) as Change bits.
import { defaultOptions } from '../rig/contract.js';
import type { Rig, SolveStatus, SolverName, SolverOptions } from '../rig/rig.js';
import { type SolveBuffers, type SolveSetup, packGoalValues } from '../rig/solve-protocol.js';
import { skeletonSizeScale } from '../rig/size-scale.js';
import { errorMessage } from '../text/error-message.js';
import { solverContract, takesAnyGoals } from './goal-set.js';
import { Change } from '../scene/scene-change.js';
import { SessionGoals, TELL_NOBODY } from './session-goals.js';
import { type GoalLayouts, goalLayoutFor, goalsInPose } from './solver-goals.js';
import { AS_BUILT, type Proportions, proportionsProblem, restScalesFor } from './proportions.js';

import { type SolveSummary, copySummary } from './solve-summary.js';

export type { SolveSummary } from './solve-summary.js';

const NO_ENERGY = new Float32Array(0);

export class PosingSession extends SessionGoals {
  /** The latest solve; one object updated in place. */
  readonly lastSolve: SolveSummary;
  /**
   * The latest timed solve, all its numbers from that one solve: what the
   * status line shows (a drag times some of its solves, and its last one
   * when it ends: timeLastSolve()).
   */
  readonly lastTimedSolve: SolveSummary;
  /** The pose the latest untimed solve started from (its angles and root offset), to run it again timed. */
  private preSolveAngles = new Float32Array(0);
  private readonly preSolveRoot = new Float64Array(3);
  /** The options the rig's solver runs with (a new rig's: the core's defaults, scaled by sizeDefaults). */
  private options: SolverOptions = {};
  /**
   * The defaults that follow the character's size: a model in other units (a
   * centimetre file, 170 units tall) converges within the core's 10 µm times
   * its scale, the precision its float coordinates have; left empty for a
   * human in metres. Options given to useSolver and the layout's go over them.
   */
  readonly sizeDefaults: SolverOptions;
  /** Set while timeLastSolve() solves again: the same pose, not a change of it. */
  private retiming = false;
  /** While set, solve() asks this to solve elsewhere (a worker) instead of solving (see deferSolves). */
  private deferral: (() => void) | null = null;
  /** The energies of the latest solve when a worker ran it (null: the rig's own). */
  private deferredEnergy: Float32Array | null = null;
  /** Keep balance as asked (useKeepBalance), whichever solver is chosen. */
  private balanceAsked = false;
  /** Keep above the floor as asked (useKeepAboveFloor), whichever solver is chosen. */
  private floorAsked = false;
  private bodyProportions: Proportions = AS_BUILT;

  /** See SessionGoals: the rig's solver and its goals, targets where the goals are now. */
  constructor(rig: Rig, layouts: GoalLayouts = goalLayoutFor) {
    super(rig, layouts);
    this.lastSolve = { solver: this.solver, status: 'converged', iterations: 0, error: 0, worstBone: null, shortBone: null, shortfall: 0, micros: 0, failure: null };
    this.lastTimedSolve = { ...this.lastSolve };
    const scale = skeletonSizeScale(rig.modelMatrices(), rig.boneTips());
    this.sizeDefaults = scale === 1 ? {} : { tolerance: scale * defaultOptions(rig.contract).tolerance };
    if (scale !== 1) {
      this.options = { ...this.sizeDefaults };
      rig.setSolver(this.solver, this.options);
    }
  }

  /** The name of goal `goal` (its bone's), or null for -1 (no goals) or a goal the set no longer has. */
  private goalBoneName(goal: number): string | null {
    return goal >= 0 && goal < this.goalNames.length ? this.goalNames[goal] : null;
  }

  get solverName(): SolverName {
    return this.solver;
  }

  /**
   * Takes `solver` with its options (any left out take the core's
   * defaults). A solver that poses with other goals replaces the goals, with
   * targets where the new goals are now. Throws, changing nothing, on an
   * unknown solver or a bad option.
   */
  useSolver(solver: SolverName, options: SolverOptions): void {
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
    // Keeping balance and above the floor likewise: off first, on again under the solver chosen when it can.
    this.rig.setKeepBalance(false);
    this.rig.setKeepAboveFloor(false);
    try {
      this.rig.setSolver(solver, { ...this.sizeDefaults, ...layout.options, ...options });
    } catch (error) {
      if (wasMovingRoot) {
        this.rig.setMoveRoot(true);
        this.rootMoves = true;
      }
      this.holdBodyGoals();
      throw error;
    }
    this.solver = solver;
    this.holdBodyGoals();
    this.options = { ...this.sizeDefaults, ...layout.options, ...options };
    this.tell(Change.SOLVER);
    if (goals === null) {
      // The same goals, but what the new solver takes of them (orientations, poles, the root).
      this.pushGoals();
      return;
    }
    this.useGoals(layout, goals);
    this.tell(Change.GOALS);
  }

  /**
   * Keep balance: solves hold the centre of mass over the support polygon of
   * the planted feet (Rig.setKeepBalance). Kept as asked across solver
   * changes; a solver that cannot keep balance (the geometric ones: the
   * contract's balance) solves without it until one that can is chosen.
   */
  useKeepBalance(on: boolean): void {
    this.balanceAsked = on;
    this.holdBodyGoals();
    this.tell(Change.SOLVER);
  }

  /** Whether Keep balance is asked for (useKeepBalance). */
  get keepBalanceAsked(): boolean {
    return this.balanceAsked;
  }

  /** Whether solves keep balance now: asked for, under a solver that can. */
  get keepsBalance(): boolean {
    return this.rig.keepBalance;
  }

  /**
   * Keep above the floor: solves keep every bone's joint origin and tip at
   * or above the character's floor (Rig.setKeepAboveFloor). Kept as asked
   * across solver changes, as Keep balance is (the contract's floor).
   */
  useKeepAboveFloor(on: boolean): void {
    this.floorAsked = on;
    this.holdBodyGoals();
    this.tell(Change.SOLVER);
  }

  /** Whether Keep above the floor is asked for (useKeepAboveFloor). */
  get keepAboveFloorAsked(): boolean {
    return this.floorAsked;
  }

  /** Whether solves keep above the floor now: asked for, under a solver that can. */
  get keepsAboveFloor(): boolean {
    return this.rig.keepAboveFloor;
  }

  /** The goals on the whole body (balance, the floor) as asked, where the solver takes them. */
  private holdBodyGoals(): void {
    const solver = solverContract(this.solver);
    this.rig.setKeepBalance(this.balanceAsked && solver.balance);
    this.rig.setKeepAboveFloor(this.floorAsked && solver.floor);
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
    return { bones: withBones ? this.rig.description : undefined, solver: this.solver, options: this.options, moveRoot: this.rootMoves, keepBalance: this.keepsBalance, keepAboveFloor: this.keepsAboveFloor, restScales: this.rig.restScales, goals: this.rigGoals() };
  }

  /** A solve request of the state now: the rig's pose and root offset, every goal's target, pole and orientation. */
  fillSolveRequest(buffers: SolveBuffers): void {
    buffers.angles.set(this.rig.pose());
    buffers.ikFrom?.set(this.rig.ikFrom());
    this.rig.readRootOffset(buffers.rootOffset);
    packGoalValues(buffers.goalValues, this.targets_ms, this.poles_ms, this.orientations_ms);
  }

  /** A worker's solve of a request filled here: its pose (clamped as any pose is, then FK and palette) and its report become the latest solve, timed by the worker. */
  applySolved(angles: Float32Array, rootOffset_ms: Float64Array, report: { status: SolveStatus; iterations: number; error: number; worstGoal: number; shortGoal: number; shortfall: number }, micros: number, energy: Float32Array, ikFrom?: Float32Array): void {
    this.rig.setPose(angles, [rootOffset_ms[0], rootOffset_ms[1], rootOffset_ms[2]]);
    // A solved pose is not one set by hand: IK's ranges stay where the request had them.
    if (ikFrom) this.rig.setIkFrom(ikFrom);
    const summary = this.lastSolve;
    summary.solver = this.solver;
    summary.status = report.status;
    summary.iterations = report.iterations;
    summary.error = report.error;
    summary.worstBone = this.goalBoneName(report.worstGoal);
    summary.shortBone = this.goalBoneName(report.shortGoal);
    summary.shortfall = report.shortfall;
    summary.micros = micros;
    summary.failure = null;
    this.deferredEnergy = energy;
    copySummary(this.lastSolve, this.lastTimedSolve);
    this.tell(Change.POSE | Change.SOLVE | Change.TIMED_SOLVE);
  }

  /** A worker's solve failed (`message`: the Rig's error): recorded as a failed solve; the pose stays. */
  solveFailed(message: string): void {
    const summary = this.lastSolve;
    summary.solver = this.solver;
    summary.status = 'invalid-input';
    summary.iterations = 0;
    summary.error = Number.NaN;
    summary.worstBone = null;
    summary.shortBone = null;
    summary.shortfall = 0;
    summary.micros = Number.NaN;
    summary.failure = message;
    // Shown on the status line as a failed solve on this thread is.
    copySummary(this.lastSolve, this.lastTimedSolve);
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
      summary.worstBone = this.goalBoneName(report.worstGoal);
      summary.shortBone = this.goalBoneName(report.shortGoal);
      summary.shortfall = report.shortfall;
      summary.failure = null;
    } catch (error) {
      summary.micros = timed ? (performance.now() - start) * 1000 : Number.NaN;
      summary.status = 'invalid-input';
      summary.iterations = 0;
      summary.error = Number.NaN;
      summary.worstBone = null;
      summary.shortBone = null;
      summary.shortfall = 0;
      summary.failure = errorMessage(error);
    }
    if (timed) copySummary(this.lastSolve, this.lastTimedSolve);
    // A failed solve leaves the pose as it was, and so does solving again what was solved (timeLastSolve).
    const posed = summary.failure === null && !this.retiming;
    this.tell((posed ? Change.POSE : 0) | Change.SOLVE | (timed ? Change.TIMED_SOLVE : 0));
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
    // Put back as a solve's start, not a pose set by hand: IK's ranges stay where the solve had them.
    const ikFrom = Float32Array.from(this.rig.ikFrom());
    this.rig.setPose(this.preSolveAngles, [root[0], root[1], root[2]]);
    this.rig.setIkFrom(ikFrom);
    // The same pose again: not a change of the pose (a share link is not written anew for it).
    this.retiming = true;
    try {
      this.solve(true);
    } finally {
      this.retiming = false;
    }
  }

  /**
   * Puts every angle (clamped to the limits) and the root offset, then moves
   * each target to its goal's new position: the goals describe the new pose
   * instead of pulling the next solve back to the old one. Pins move too:
   * they hold their tips where the new pose puts them.
   */
  /** The character's proportions (AS_BUILT: as its file or generator made it). */
  get proportions(): Proportions {
    return this.bodyProportions;
  }

  /** Rescales the rig's rest to `proportions` (proportions.ts); the angles, root offset and targets stay. Throws, changing nothing, on bad proportions. */
  placeProportions(proportions: Proportions): void {
    const problem = proportionsProblem(proportions);
    if (problem) throw new Error(`kin: ${problem}`);
    this.rig.setRestScales(restScalesFor(this.rig, proportions));
    this.bodyProportions = proportions;
    this.tell(Change.POSE | Change.BODY);
  }

  placePose(angles: ArrayLike<number>, rootOffset_ms?: [number, number, number]): void {
    this.rig.setPose(angles, rootOffset_ms);
    this.placeGoals();
    this.tell(Change.POSE);
  }

  /**
   * The rig's pose was written by sampling a clip (a playback frame): what
   * draws the pose sees a new one. Allocation-free; the goals stay where they
   * were until placePose() (when playback stops) moves them onto the pose.
   */
  poseSampled(): void {
    this.tell(Change.POSE | Change.SAMPLE);
  }

  /**
   * The sampled pose stays (playback stopped, the time scrubbed): the goals
   * move onto it as after placePose(), but like poseSampled() this is the
   * clip's pose at a time, not an edit (told with the SAMPLE bit).
   */
  settleSampledPose(): void {
    // One change, all of it the clip's: the goals' move is not told apart.
    const tell = this.tell;
    this.tell = TELL_NOBODY;
    try {
      this.placeGoals();
    } finally {
      this.tell = tell;
    }
    this.tell(Change.POSE | Change.TARGETS | Change.SAMPLE);
  }

  private keepPreSolvePose(): void {
    const pose = this.rig.pose();
    if (this.preSolveAngles.length !== pose.length) this.preSolveAngles = new Float32Array(pose.length);
    this.preSolveAngles.set(pose);
    this.rig.readRootOffset(this.preSolveRoot);
  }
}
