// The target list of the tools: one row per goal the solver poses with (its
// handle's colour and shape, its bone — a click selects it —, a Pin toggle
// and × to remove it) and an "Add target…" picker of the bones without one.
// The tools call show() when the goals or the selection changed. For a
// solver with its own goals (two-bone, look-at) the rows show those, and the
// edit controls are disabled with the reason as their tooltip. Bone names
// are written with textContent only (a user's model names its bones).
import { Color } from 'three';
import { addTarget, pinTarget, removeTarget } from '../posing/goal-actions.js';
import { takesAnyGoals } from '../posing/goal-set.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { PosingSession } from '../posing/posing-session.js';
import type { Selection } from '../posing/selection.js';
import { toolButton, toolOption, toolSelect } from './tool-controls.js';

/** Runs an edit, showing its failure instead of throwing (the toolbar's). */
export type RunAction = (action: () => void) => void;

export class GoalList {
  readonly element = document.createElement('details');
  private readonly rows = document.createElement('ul');
  private readonly picker = toolSelect('add-goal', 'Add an IK target on a bone’s tip', 'Add target…');

  constructor(private readonly editor: PoseEditor, private readonly selection: Selection, private readonly run: RunAction, open: boolean) {
    this.element.className = 'goal-list';
    this.element.open = open;
    const heading = document.createElement('summary');
    heading.textContent = 'Targets';
    this.rows.className = 'goal-rows';
    this.element.append(heading, this.rows, this.picker);
    this.picker.addEventListener('change', this.onBonePicked);
  }

  /** Rebuilds the rows and the picker for the session's goals. */
  show(session: PosingSession): void {
    const editable = takesAnyGoals(session.solverName);
    const fixed = editable ? null : `The ${session.solverName} solver poses with its own targets; choose another solver to edit them`;
    this.rows.replaceChildren(...session.layout.goals.map((goal, g) => this.row(g, goal.bone, new Color(goal.color), session.pinned(g), fixed)));

    this.picker.replaceChildren(this.picker.options[0]);
    for (const bone of session.rig.boneNames) {
      if (!session.goalNames.includes(bone)) this.picker.append(toolOption(bone, bone));
    }
    this.picker.disabled = !editable;
    this.picker.title = fixed ?? 'Add an IK target on a bone’s tip';
  }

  /** One goal's row; `fixed`: why it cannot be edited, or null. */
  private row(goal: number, bone: string, color: Color, pinned: boolean, fixed: string | null): HTMLLIElement {
    const row = document.createElement('li');
    row.className = 'goal-row';
    row.dataset.goal = bone;
    if (this.selection.goal === goal) row.classList.add('goal-row-selected');
    const swatch = document.createElement('span');
    swatch.className = pinned ? 'goal-swatch goal-swatch-pin' : 'goal-swatch';
    swatch.style.backgroundColor = `#${color.getHexString()}`;
    const name = document.createElement('button');
    name.type = 'button';
    name.className = 'goal-name';
    name.dataset.action = 'select-goal';
    name.textContent = bone;
    name.title = `Select the target on ${bone}`;
    name.addEventListener('click', () => this.selection.selectGoal(goal));
    const pin = toolButton('pin', pinned ? `Unpin ${bone}` : `Pin ${bone}: hold its tip where it is while other targets move`, 'Pin');
    pin.setAttribute('aria-pressed', String(pinned));
    pin.addEventListener('click', () => this.run(() => pinTarget(this.editor, bone, !pinned)));
    const remove = toolButton('remove-goal', `Remove the target on ${bone}`, '×');
    remove.addEventListener('click', () => this.run(() => removeTarget(this.editor, bone)));
    for (const button of [pin, remove]) {
      button.disabled = fixed !== null;
      if (fixed !== null) button.title = fixed;
    }
    row.append(swatch, name, pin, remove);
    return row;
  }

  private readonly onBonePicked = (): void => {
    const bone = this.picker.value;
    this.picker.value = '';
    if (bone !== '') this.run(() => addTarget(this.editor, bone));
  };
}
