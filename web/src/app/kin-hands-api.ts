// The hands' members of window.kin (see kin-api.ts): the hand presets and the
// same edits the hand panel makes, on characters with the default
// character's fingers. Each edit is one undo step.
import { applyHandPreset, setFingerCurl, setFingertipTargets, setHandSpread } from '../posing/hand-editing.js';
import { FINGERS, type Finger, HAND_PRESETS, type HandChoice, fingerCurl, handSpread, hasFingers } from '../posing/hand-poses.js';
import type { KinPage } from './kin-tools-api.js';

export interface KinHandsApi {
  /** The hand presets: id and label. */
  handPresets(): { id: string; label: string }[];
  /** Puts a hand preset on the left, right or both hands (the right the exact mirror of the left); throws naming a bad id or hand. */
  applyHandPreset(id: string, hands: HandChoice): void;
  /** Curls one finger, or 'all' five, of the chosen hands to `curl` (0 straight … 1 fully). */
  setFingerCurl(hands: HandChoice, finger: Finger | 'all', curl: number): void;
  /** Spreads the chosen hands' knuckles (−1 … 1; 0 as at rest). */
  setHandSpread(hands: HandChoice, spread: number): void;
  /**
   * Puts a target on each fingertip of the chosen hands (on) or takes them away (off), as the
   * hand panel's Fingertip targets does; holdArm (default true) pins the hand's own target with
   * its orientation so that the arm stays put while a fingertip is dragged.
   */
  setFingertipTargets(hands: HandChoice, on: boolean, options?: { holdArm?: boolean }): void;
  /** A hand's curl per finger and its spread, as the hand panel's sliders show them. */
  handState(hand: 'left' | 'right'): { curl: Record<Finger, number>; spread: number };
}

function fingersOf(finger: unknown): readonly Finger[] {
  if (finger === 'all') return FINGERS;
  if (!(FINGERS as readonly unknown[]).includes(finger)) throw new Error(`kin: no finger ${JSON.stringify(finger)}; the fingers are ${FINGERS.join(', ')}, or 'all'`);
  return [finger as Finger];
}

export function createHandsApi(page: () => KinPage): KinHandsApi {
  const editor = () => {
    const { editor } = page();
    if (!hasFingers(editor.session.rig)) throw new Error("kin: this character has no fingers by the default character's names (thumb_1_l … little_3_r)");
    return editor;
  };
  return {
    handPresets: () => HAND_PRESETS.map(({ id, label }) => ({ id, label })),
    applyHandPreset: (id, hands) => applyHandPreset(editor(), id, hands),
    setFingerCurl: (hands, finger, curl) => setFingerCurl(editor(), hands, fingersOf(finger), curl),
    setHandSpread: (hands, spread) => setHandSpread(editor(), hands, spread),
    setFingertipTargets: (hands, on, options = {}) => {
      if (typeof on !== 'boolean') throw new Error('kin: setFingertipTargets takes true or false');
      setFingertipTargets(editor(), hands, on, options.holdArm ?? true);
    },
    handState: (hand) => {
      const { rig } = editor().session;
      if (hand !== 'left' && hand !== 'right') throw new Error(`kin: a hand is 'left' or 'right', not ${JSON.stringify(hand)}`);
      const pose = rig.pose();
      return {
        curl: Object.fromEntries(FINGERS.map((finger) => [finger, fingerCurl(rig, pose, hand, finger)])) as Record<Finger, number>,
        spread: handSpread(rig, pose, hand),
      };
    },
  };
}
