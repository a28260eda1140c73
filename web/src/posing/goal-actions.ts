// The page's goal edits, each one undo step: add a target on a bone's tip,
// remove a target, pin or unpin one (goal-set.ts). The target list and window.kin
// both come here. They edit the goals the solver poses with,
// so a solver with its own goals (two-bone, look-at) refuses them, saying so.
import { type GoalFlag, takesAnyGoals, withFlag, withGoal, withoutGoal } from './goal-set.js';
import type { PosingSession } from './posing-session.js';
import type { PosingGoal } from './solver-goals.js';

/** What a goal edit goes through: the pose editor. */
export interface GoalEditor {
  readonly session: PosingSession;
  setEditableGoals(goals: readonly PosingGoal[]): void;
}

/** The goal set being posed with; throws if the solver has its own goals. */
function editedGoals(app: GoalEditor): readonly PosingGoal[] {
  const { session } = app;
  if (!takesAnyGoals(session.solverName)) {
    throw new Error(`kin: the ${session.solverName} solver poses with its own targets (${session.goalNames.join(', ')}); choose another solver to add, remove or pin targets`);
  }
  return session.editableGoals;
}

/** Adds a target on `bone`'s tip, where the tip is now (the pose does not move). */
export function addTarget(app: GoalEditor, bone: string): void {
  app.setEditableGoals(withGoal(app.session.rig, editedGoals(app), bone));
}

/** Removes a goal's target (by index or name). */
export function removeTarget(app: GoalEditor, goal: number | string): void {
  const goals = editedGoals(app);
  app.setEditableGoals(withoutGoal(goals, app.session.goalIndex(goal)));
}

/** Pins a goal (its target moves to its tip and holds it there) or unpins it (its target stays). */
export function pinTarget(app: GoalEditor, goal: number | string, pinned: boolean): void {
  setGoalFlag(app, goal, 'pinned', pinned);
}

/**
 * Turns one of a goal's flags on or off (one undo step): pinned; movesRoot
 * (a root target, which pulls its bone's joint and moves the body: for a
 * goal on the rig's root bone); orient (it holds its bone's orientation,
 * as it is now to start with); pole (the joint above its bone bends toward
 * a pole handle, placed on the side it bends to now). Throws naming the
 * problem, changing nothing.
 */
export function setGoalFlag(app: GoalEditor, goal: number | string, flag: GoalFlag, on: boolean): void {
  const goals = editedGoals(app);
  const index = app.session.goalIndex(goal);
  const { rig } = app.session;
  const bone = rig.boneIndex(goals[index].bone);
  if (on && flag === 'movesRoot' && rig.parents[bone] >= 0) throw new Error(`kin: only a target on the root bone (${rig.boneNames[0]}) can move the body, not one on '${goals[index].bone}'`);
  if (on && flag === 'pole' && (rig.parents[bone] < 0 || rig.parents[rig.parents[bone]] < 0)) {
    throw new Error(`kin: '${goals[index].bone}' has no joint two bones up to bend toward a pole`);
  }
  app.setEditableGoals(withFlag(goals, index, flag, on));
}
