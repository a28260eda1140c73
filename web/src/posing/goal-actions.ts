// The page's goal edits, each one undo step: add a target on a bone's tip,
// remove a target, pin or unpin one (goal-set.ts). The target list and window.kin
// both come here. They edit the goals the solver poses with,
// so a solver with its own goals (two-bone, look-at) refuses them, saying so.
import { withGoal, withPin, withoutGoal, takesAnyGoals } from './goal-set.js';
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
  const goals = editedGoals(app);
  app.setEditableGoals(withPin(goals, app.session.goalIndex(goal), pinned));
}
