// The inspector's hand panel, for characters with the default character's
// fingers (hidden for the others): which hand (left, right or both; a bone
// of one hand picked in the view chooses that hand), the hand presets, a curl
// slider per finger and one for the whole hand, a spread slider, and targets
// on the fingertips (the hand held, so that the arm stays put, unless asked).
// A preset is one undo step; a slider held and moved is one gesture, one step.
import type { PoseEditor } from '../posing/pose-editor.js';
import type { Rig } from '../rig/rig.js';
import { applyHandPreset, hasFingertipTargets, setFingerCurl, setFingertipTargets, setHandSpread } from '../posing/hand-editing.js';
import { FINGERS, type Finger, HAND_CHOICES, HAND_PRESETS, type HandChoice, type HandSide, fingerCurl, handSpread, hasFingers } from '../posing/hand-poses.js';
import { NOTHING, type Selection } from '../posing/selection.js';
import { ChangeFlag } from '../scene/change-flag.js';
import { Change } from '../scene/scene-change.js';
import { ProblemLine } from './problem-line.js';
import { controlGroup, panelButton, sectionHeading } from './tool-controls.js';
import { GestureSlider, anyHeld } from './gesture-slider.js';

const HAND_LABELS: Readonly<Record<HandChoice, string>> = { left: 'Left', right: 'Right', both: 'Both' };
const FINGER_LABELS: Readonly<Record<Finger, string>> = { thumb: 'Thumb', index: 'Index', middle: 'Middle', ring: 'Ring', little: 'Little' };

/** The hand a bone belongs to, by the default character's names: the hand, its fingers, its forearm. */
function handOfBone(name: string | undefined): HandSide | null {
  const match = name === undefined ? null : /^(?:hand|forearm|thumb|index|middle|ring|little)(?:_\d)?_([lr])$/.exec(name);
  return match === null ? null : match[1] === 'l' ? 'left' : 'right';
}

export class HandPanel {
  readonly element = document.createElement('details');
  private readonly summaryState = document.createElement('span');
  private readonly handButtons = new Map<HandChoice, HTMLButtonElement>();
  private readonly curls = new Map<Finger | 'all', GestureSlider>();
  private readonly spread: GestureSlider;
  /** Every slider of the panel, for anyHeld(). */
  private readonly gestureSliders: GestureSlider[];
  private readonly problem = new ProblemLine('panel-problem hand-problem');
  private readonly poseChanged: ChangeFlag;
  private readonly goalsChanged: ChangeFlag;
  private readonly fingertipButton: HTMLButtonElement;
  private readonly holdArm = document.createElement('input');
  private hands: HandChoice = 'both';
  private shownBone = NOTHING;
  private shownRig: Rig | null = null;

  /** Goes into `parent` before `before` (the inspector puts it above the solver's settings). */
  constructor(parent: HTMLElement, before: Element | null, private readonly editor: PoseEditor, private readonly selection: Selection) {
    this.element.className = 'hand-panel inspector-details';
    this.element.open = true;
    const heading = sectionHeading('Hands', this.summaryState, 'hand-panel-state inspector-details-state');
    const choice = controlGroup('tool-group hand-choice', 'which hand');
    for (const hands of HAND_CHOICES) {
      const button = panelButton(`hand-${hands}`, HAND_LABELS[hands], hands === 'both' ? 'Pose both hands, the right the mirror image of the left' : `Pose the ${hands} hand`);
      button.addEventListener('click', () => this.choose(hands));
      this.handButtons.set(hands, button);
      choice.append(button);
    }

    const presets = document.createElement('div');
    presets.className = 'hand-presets';
    for (const preset of HAND_PRESETS) {
      const button = panelButton(`hand-preset-${preset.id}`, preset.label, `${preset.label}: put this hand pose on the chosen hands (one undo step)`);
      button.dataset.preset = preset.id;
      button.addEventListener('click', () => this.problem.run(() => applyHandPreset(this.editor, preset.id, this.hands)));
      presets.append(button);
    }

    const sliders = document.createElement('div');
    sliders.className = 'hand-sliders';
    const curl = (key: Finger | 'all', label: string, fingers: readonly Finger[]) => {
      const slider = this.slider(`curl-${key}`, label, 0, 1, (value) => setFingerCurl(this.editor, this.hands, fingers, value));
      this.curls.set(key, slider);
      return slider;
    };
    sliders.append(curl('all', 'Whole hand', FINGERS).row);
    for (const finger of FINGERS) sliders.append(curl(finger, FINGER_LABELS[finger], [finger]).row);
    this.spread = this.slider('spread', 'Spread', -1, 1, (value) => setHandSpread(this.editor, this.hands, value));
    sliders.append(this.spread.row);
    this.gestureSliders = [...this.curls.values(), this.spread];

    const targets = document.createElement('div');
    targets.className = 'tool-group hand-targets';
    this.fingertipButton = panelButton('fingertip-targets', 'Fingertip targets', 'A target on each fingertip of the chosen hands, to drag with IK (again: take them away)');
    this.fingertipButton.addEventListener('click', () => {
      const on = this.fingertipButton.getAttribute('aria-pressed') !== 'true';
      this.problem.run(() => setFingertipTargets(this.editor, this.hands, on, this.holdArm.checked));
    });
    const hold = document.createElement('label');
    hold.className = 'hand-hold-arm';
    hold.title = 'Pin the hand, turn included, while its fingertips are dragged: the fingers bend, the arm stays put';
    this.holdArm.type = 'checkbox';
    this.holdArm.name = 'hold-arm';
    this.holdArm.checked = true;
    hold.append(this.holdArm, document.createTextNode('hold the arm'));
    targets.append(this.fingertipButton, hold);

    const body = document.createElement('div');
    body.className = 'hand-panel-body';
    body.append(choice, presets, sliders, targets, this.problem.element);
    this.element.append(heading, body);
    parent.insertBefore(this.element, before);
    this.poseChanged = new ChangeFlag(editor, Change.POSE | Change.CHARACTER);
    this.goalsChanged = new ChangeFlag(editor, Change.GOALS | Change.CHARACTER);
    this.element.hidden = true;
    this.showChoice();
  }

  dispose(): void {
    this.poseChanged.dispose();
    this.goalsChanged.dispose();
  }

  /** Called with every frame: follows the picked bone's hand and shows the pose's curls when it changed. */
  refresh(): void {
    const { rig } = this.editor.session;
    // Another character (or the page reset): both hands again, as on opening.
    if (rig !== this.shownRig) {
      this.shownRig = rig;
      this.problem.show(null);
      if (this.hands !== 'both') this.choose('both');
    }
    const fingered = hasFingers(rig);
    if (this.element.hidden === fingered) this.element.hidden = !fingered;
    if (!fingered) return;
    if (this.selection.bone !== this.shownBone) {
      this.shownBone = this.selection.bone;
      const hand = handOfBone(rig.boneNames[this.selection.bone]);
      if (hand !== null && hand !== this.hands) this.choose(hand);
    }
    if (this.goalsChanged.take()) this.fingertipButton.setAttribute('aria-pressed', String(hasFingertipTargets(this.editor, this.hands)));
    if (!this.poseChanged.take() || anyHeld(this.gestureSliders)) return;
    const side: HandSide = this.hands === 'right' ? 'right' : 'left';
    const pose = rig.pose();
    let total = 0;
    for (const finger of FINGERS) {
      const value = fingerCurl(rig, pose, side, finger);
      total += value;
      this.show(this.curls.get(finger)!, value);
    }
    this.show(this.curls.get('all')!, total / FINGERS.length);
    this.show(this.spread, handSpread(rig, pose, side));
  }

  private choose(hands: HandChoice): void {
    this.hands = hands;
    this.showChoice();
    this.poseChanged.raise();
    this.goalsChanged.raise();
  }

  private showChoice(): void {
    for (const [hands, button] of this.handButtons) button.setAttribute('aria-pressed', String(hands === this.hands));
    this.summaryState.textContent = this.hands === 'both' ? 'both, mirrored' : `${this.hands} hand`;
  }

  private show(slider: GestureSlider, value: number): void {
    if (Math.abs(slider.input.valueAsNumber - value) >= 1e-4) slider.show(value);
  }

  private slider(name: string, label: string, min: number, max: number, apply: (value: number) => void): GestureSlider {
    return new GestureSlider(this.editor, {
      name,
      label,
      ariaLabel: `${label} ${name.startsWith('curl') ? 'curl' : ''}`.trim(),
      min,
      max,
      value: 0,
      format: (value) => `${Math.round(value * 100)}%`,
      apply: (value) => this.problem.run(() => apply(value)),
      released: () => this.poseChanged.raise(),
    });
  }
}
