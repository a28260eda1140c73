// window.kin's goals: reading them, adding, removing and pinning targets,
// their options, poles and held orientations, and moving a target as a drag
// does — each through the editor's undoable commands, as the inspector's
// controls and the handles go.
import type { SolveStatus, SolverName } from '../rig/rig.js';
import { addTarget, pinTarget, removeTarget, setGoalFlag } from '../posing/goal-actions.js';
import { GOAL_FLAGS, type GoalFlag } from '../posing/goal-set.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { SolveSummary } from '../posing/posing-session.js';
import { type Vec3, isFiniteVec3 } from './finite-vec3.js';

/** A solve's outcome (a copy). */
export interface KinSolveResult {
  /** The solver that ran. */
  solver: SolverName;
  status: SolveStatus;
  iterations: number;
  /** Largest distance from a goal's bone tip to its target after the solve, metres. */
  error: number;
  /** The goal (its bone's name) that misses by `error`, or null without goals. */
  worstGoal: string | null;
  /** The goal (its bone's name) whose target lies farthest beyond any pose's reach, or null: every target within reach. */
  shortGoal: string | null;
  /** How far beyond reach shortGoal's target is, metres (0 with none). */
  shortfall: number;
  /** Wall time of the solve call, microseconds. */
  micros: number;
}

/** A goal as window.kin shows it (a copy). */
export interface KinGoal {
  /** The goal's bone's name: the goal's name. */
  name: string;
  bone: number;
  /** Model space, metres. */
  target: Vec3;
  pinned: boolean;
  /** A root target: solves move the whole body (the solvers that can). */
  movesRoot: boolean;
  /** The orientation it holds (x y z w, model space), or null. */
  orientation: [number, number, number, number] | null;
  /** Its pole (model space), or null; the joint at `poleBone` bends toward it. */
  pole: Vec3 | null;
  poleBone: number;
}

/** A solve's summary as window.kin gives it; throws the solver's message if the solve failed. */
export function solveResult(solve: SolveSummary): KinSolveResult {
  if (solve.failure !== null) throw new Error(solve.failure);
  return { solver: solve.solver, status: solve.status, iterations: solve.iterations, error: solve.error, worstGoal: solve.worstBone, shortGoal: solve.shortBone, shortfall: solve.shortfall, micros: solve.micros };
}

export interface KinGoalsApi {
  /**
   * The goals: name (= the bone's name; the goal pulls its tip), rig bone
   * index, target in model space (metres), and whether it is a pin. Most
   * solvers pose with the editable goal set (hand_l, hand_r, foot_l, foot_r
   * at first; see addGoal); 'two-bone' with its own forearm_l, forearm_r,
   * shin_l, shin_r (wrists and ankles), 'look-at' with head. A loaded
   * model's (loadModel) are found from its bones: its hands and feet by
   * name, else its deepest leaves; the bones above them for 'two-bone'
   * (pulling the wrist); a head, neck or the highest bone for 'look-at'.
   */
  goals(): KinGoal[];
  /**
   * Adds a target on a bone's tip (by bone name), where the tip is now: the
   * pose does not move until the target does. One undo step. Throws,
   * changing nothing, for an unknown bone, a bone that has a target, more
   * than 32 targets, or a solver with its own goals (two-bone, look-at).
   */
  addGoal(bone: string): void;
  /** Removes a goal's target (index or name); one undo step; throws like addGoal. */
  removeGoal(goal: number | string): void;
  /**
   * Pins a goal (index or name): its target moves to its tip and holds it
   * there with 100 times the others' weight while they are dragged; its
   * handle becomes a cube, which still drags (moving where it holds). A new
   * pose (setPose, a preset, mirror) moves pins with it. One undo step;
   * throws like addGoal.
   */
  pin(goal: number | string): void;
  /** Unpins a goal (its target stays); one undo step. */
  unpin(goal: number | string): void;
  /**
   * Sets a goal's options, as its toggles in the inspector do (one undo
   * step): pinned; movesRoot (a target on the root bone moves the whole
   * body, its pins holding); orient (it holds its bone's orientation, as it
   * is now to start with); pole (the joint above its bone — an elbow for a
   * hand — bends toward a pole, placed on the side it bends to now). Throws,
   * changing nothing, naming the problem.
   */
  setGoalOptions(goal: number | string, options: { pinned?: boolean; movesRoot?: boolean; orient?: boolean; pole?: boolean }): void;
  /** Moves a goal's pole (model space) exactly as dragging its handle there does, and solves; one undo step. */
  setGoalPole(goal: number | string, pole: Vec3): KinSolveResult;
  /** Turns a goal's held orientation (x y z w, model space) and solves; one undo step. */
  setGoalOrientation(goal: number | string, orientation: [number, number, number, number]): KinSolveResult;
  /**
   * Moves a goal's target (index or name, e.g. 'hand_r') to a model-space
   * point in metres: places its handle there and runs the handle's drag
   * handler, which sets the rig's target and solves from the current pose.
   * Throws with the solver's message if the solve failed (the pose is kept).
   */
  setGoalTarget(goal: number | string, target: Vec3): KinSolveResult;
}

/** The goals' members, acting on the editor `editing` gives (the active character's). */
export function createGoalsApi(editing: () => PoseEditor): KinGoalsApi {
  return {
    goals: () => {
      const { session } = editing();
      return session.goalNames.map((name, g) => ({
        name,
        bone: session.goalBones[g],
        target: session.target_ms(g),
        pinned: session.pinned(g),
        movesRoot: session.layout.goals[g].movesRoot === true,
        orientation: session.orientation_ms(g),
        pole: session.pole_ms(g),
        poleBone: session.poleBone(g),
      }));
    },
    addGoal: (bone) => {
      if (typeof bone !== 'string') throw new Error('kin: addGoal takes a bone name');
      addTarget(editing(), bone);
    },
    removeGoal: (goal) => removeTarget(editing(), goal),
    pin: (goal) => pinTarget(editing(), goal, true),
    unpin: (goal) => pinTarget(editing(), goal, false),
    setGoalOptions: (goal, options) => {
      const editor = editing();
      if (typeof options !== 'object' || options === null) throw new Error('kin: goal options must be an object');
      const flags = Object.entries(options);
      for (const [flag, on] of flags) {
        if (!(GOAL_FLAGS as readonly string[]).includes(flag)) throw new Error(`kin: no goal option ${JSON.stringify(flag)}; the options are ${GOAL_FLAGS.join(', ')}`);
        if (typeof on !== 'boolean') throw new Error(`kin: goal option ${flag} must be true or false`);
      }
      const index = editor.session.goalIndex(goal);
      editor.undo.step(() => {
        for (const [flag, on] of flags) setGoalFlag(editor, index, flag as GoalFlag, on as boolean);
      });
    },
    setGoalPole: (goal, pole) => {
      const editor = editing();
      const index = editor.session.goalIndex(goal);
      if (!isFiniteVec3(pole)) throw new Error('kin: a pole must be 3 finite numbers');
      return solveResult(editor.movePole(index, pole[0], pole[1], pole[2]));
    },
    setGoalOrientation: (goal, orientation) => {
      const editor = editing();
      const index = editor.session.goalIndex(goal);
      if (!Array.isArray(orientation) || orientation.length !== 4 || !orientation.every(Number.isFinite)) throw new Error('kin: an orientation must be 4 finite numbers (x, y, z, w)');
      return solveResult(editor.turnGoal(index, orientation));
    },
    setGoalTarget: (goal, target) => {
      const editor = editing();
      const index = editor.session.goalIndex(goal);
      if (!isFiniteVec3(target)) throw new Error('kin: target must be 3 finite numbers');
      return solveResult(editor.moveGoal(index, target[0], target[1], target[2]));
    },
  };
}
