// The hand panel's and window.kin's hand edits, each one undo step through
// the pose editor (the pose travels in links as every angle does, and the
// fingertip targets as every goal does).
import { withFlag, withGoal, withoutGoal } from './goal-set.js';
import { FINGERS, type Finger, type HandChoice, type HandSide, handPreset, handSides, withFingerCurl, withHandPreset, withSpread } from './hand-poses.js';
import type { PoseEditor } from './pose-editor.js';
import type { PosingGoal } from './solver-goals.js';

/** Puts hand preset `id` on the chosen hands (the right mirrors the left exactly). */
export function applyHandPreset(editor: PoseEditor, id: string, hands: HandChoice): void {
  const { rig } = editor.session;
  editor.setPose(withHandPreset(rig, rig.pose(), handPreset(id), hands), rig.rootOffset);
}

/** Curls `fingers` of the chosen hands to `curl` (0 straight … 1 fully). */
export function setFingerCurl(editor: PoseEditor, hands: HandChoice, fingers: readonly Finger[], curl: number): void {
  const { rig } = editor.session;
  editor.setPose(withFingerCurl(rig, rig.pose(), hands, fingers, curl), rig.rootOffset);
}

/** Spreads the knuckles of the chosen hands (−1 closed in … 0 as at rest … 1 spread wide). */
export function setHandSpread(editor: PoseEditor, hands: HandChoice, spread: number): void {
  const { rig } = editor.session;
  editor.setPose(withSpread(rig, rig.pose(), hands, spread), rig.rootOffset);
}

/** The fingertip bones of one hand, thumb first. */
function fingertips(side: HandSide): string[] {
  return FINGERS.map((finger) => `${finger}_3_${side === 'left' ? 'l' : 'r'}`);
}

/** Whether the chosen hands have a target on every fingertip. */
export function hasFingertipTargets(editor: PoseEditor, hands: HandChoice): boolean {
  const names = editor.session.goalNames;
  return handSides(hands).every((side) => fingertips(side).every((bone) => names.includes(bone)));
}

/**
 * Puts a target on each fingertip of the chosen hands, or takes them away (one
 * undo step). With `holdArm` the hand's own target is pinned with its
 * orientation (added if it has none), so that dragging a fingertip bends the
 * fingers and leaves the arm where it is; without it the whole body follows.
 */
export function setFingertipTargets(editor: PoseEditor, hands: HandChoice, on: boolean, holdArm: boolean): void {
  const { session } = editor;
  let goals: readonly PosingGoal[] = session.editableGoals;
  const indexOf = (bone: string) => goals.findIndex((goal) => goal.bone === bone);
  for (const side of handSides(hands)) {
    const hand = `hand_${side === 'left' ? 'l' : 'r'}`;
    for (const bone of fingertips(side)) {
      if (on && indexOf(bone) < 0) goals = withGoal(session.rig, goals, bone);
      if (!on && indexOf(bone) >= 0) goals = withoutGoal(goals, indexOf(bone));
    }
    if (on && holdArm) {
      if (indexOf(hand) < 0) goals = withGoal(session.rig, goals, hand);
      goals = withFlag(withFlag(goals, indexOf(hand), 'pinned', true), indexOf(hand), 'orient', true);
    }
  }
  editor.setEditableGoals(goals);
}
