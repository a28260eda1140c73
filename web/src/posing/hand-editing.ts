// The hand panel's and window.kin's hand edits, each one undo step through
// the pose editor (the pose travels in links as every angle does).
import { type Finger, type HandChoice, handPreset, withFingerCurl, withHandPreset, withSpread } from './hand-poses.js';
import type { PoseEditor } from './pose-editor.js';

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
